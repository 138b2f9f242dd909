"""Solo story commands: the open threads, the recurring people and the chaos factor (``story_update`` calls).

The lists are table state (:class:`tools.table.Story`), so every change here is a logged tool call that undo,
replay and export cover. The narration prompt reads them (:mod:`narrator.narration.context`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from narrator.game.commands import CommandTable, usage_error

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession


TABLE = CommandTable()
"""The story commands (registered in pyproject.toml under the hook ``narrator.commands``)."""
command = TABLE.command


def _listing(title: str, items: list[str], empty: str) -> str:
    if not items:
        return f"{title}: {empty}"
    return f"{title}:\n" + "\n".join(f"  {i}. {item}" for i, item in enumerate(items, 1))


@command("threads", "/threads [add TEXT | close N]", "the story's open threads; open or close one", "solo",
         complete=lambda s, a: ("add", "close"))
def threads(s: "GameSession", arg: str) -> None:
    word, _, rest = arg.partition(" ")
    if word.lower() == "add" and rest:
        s.call("story_update", {"add_thread": rest}, preview=False)
    elif word.lower() == "close" and rest:
        s.call("story_update", {"close_thread": rest}, preview=False)
    elif arg:
        raise usage_error("threads")
    story = s.state.story
    s.info(_listing("Open threads", story.threads, "none yet (a new scene opens one; /threads add TEXT)") +
           f"\nChaos: {story.chaos} of 9.")


@command("people", "/people [add NAME | remove N]", "the story's recurring people; add or remove one", "solo",
         complete=lambda s, a: ("add", "remove"))
def people(s: "GameSession", arg: str) -> None:
    word, _, rest = arg.partition(" ")
    if word.lower() == "add" and rest:
        s.call("story_update", {"add_person": rest}, preview=False)
    elif word.lower() == "remove" and rest:
        s.call("story_update", {"remove_person": rest}, preview=False)
    elif arg:
        raise usage_error("people")
    s.info(_listing("Recurring people", s.state.story.people, "none yet (/people add NAME)"))


@command("chaos", "/chaos [up|down]", "the chaos factor (1 calm … 9 wild): the oracle and random events read it",
         "solo", complete=lambda s, a: ("up", "down"))
def chaos(s: "GameSession", arg: str) -> None:
    word = arg.strip().lower()
    if word in ("up", "down"):
        s.call("story_update", {"chaos": word}, preview=False)
    elif word:
        raise usage_error("chaos")
    s.info(f"Chaos: {s.state.story.chaos} of 9. Higher chaos: the oracle says yes more often and random events "
           "come more often. At the end of a scene: /chaos up if it ran out of control, /chaos down if not.")


@command("recall", "/recall QUESTION", "what the campaign memory holds about it, e.g. /recall what did Nell say "
         "about the mine", "solo")
def recall(s: "GameSession", arg: str) -> None:
    """The story so far, asked in a player's words: nobody at a solo table remembers it for the player, and "what
    did Nell say?" typed as an action was offered to the oracle."""
    if not arg.strip():
        raise usage_error("recall")
    lines, why = s.remembered(arg)
    if why:
        s.info(why)
    elif not lines:
        s.info("Nothing in the story so far matches that.")
    else:
        s.info("From the story so far:\n" + "\n".join(f"  {line}" for line in lines))
