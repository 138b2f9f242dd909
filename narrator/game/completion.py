"""Tab completion: slash commands, their arguments, character and NPC names, and the system's skills.

Why pure functions: what to offer depends only on the session's state, so :func:`candidates` is tested without a
terminal; :class:`GameCompleter` only adapts it to prompt_toolkit. Names may have spaces ("City Guard 2"), so the
text being completed is the longest tail of the line that starts some candidate, not just the last word.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

if TYPE_CHECKING:
    from narrator.game.session import GameSession

MIN_PROSE_PREFIX = 2


def _match(text: str, options: Iterable[str]) -> list[tuple[str, int]]:
    """(option, -length of the replaced tail) for the longest tail of ``text`` that starts an option."""
    options = list(dict.fromkeys(options))
    words = text.split(" ")
    for k in range(len(words)):
        tail = " ".join(words[k:])
        if not tail and k < len(words) - 1:
            continue
        found = [o for o in options if o.casefold().startswith(tail.casefold()) and o != tail]
        if found:
            return [(o, -len(tail)) for o in found]
    return []


def candidates(session: "GameSession", text: str) -> list[tuple[str, int]]:
    from narrator.game.command_set import COMMANDS, lookup

    if text.startswith("/"):
        name, space, rest = text[1:].partition(" ")
        if not space:
            return [("/" + c, -len(text)) for c in COMMANDS if c.startswith(name.lower())]
        cmd = lookup(name)
        if cmd is None or cmd.complete is None:
            return []
        try:
            options: Sequence[str] = cmd.complete(session, rest.split(" "))
        except Exception:  # noqa: BLE001 - completion must never break typing
            return []
        return _match(rest, options)
    wizard = session.wizard
    if wizard is not None:
        words = text.replace(",", " ").split(" ")
        try:
            return _match(words[-1], wizard.choices())
        except Exception:  # noqa: BLE001 - the wizard may be changing on the session's thread
            return []
    if len(text.split(" ")[-1]) < MIN_PROSE_PREFIX:
        return []  # in prose, offer names and skills only once a word is under way
    from narrator.game.rules import rules_for

    campaign = session.campaign
    skills = rules_for(campaign.system).skills() if campaign is not None else []
    return _match(text, [*session.names(), *skills])


class GameCompleter(Completer):
    def __init__(self, session: "GameSession"):
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        for text, start in candidates(self.session, document.text_before_cursor):
            yield Completion(text, start_position=start)
