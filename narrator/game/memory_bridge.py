"""The campaign memory and rulings, used when the memory module is installed and skipped with a message when not.

Why lazy and forgiving: the vector memory (``memory.vector.CampaignMemory``, ``memory.rulings``) is
optional at the table — a game without it still plays, narrates and logs everything — and it may be missing or
half-installed on a given machine. Nothing here lets a memory failure end a session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

def open_memory(campaign: Any, url: str | None) -> tuple[Any | None, str | None]:
    """(the campaign's memory, None) or (None, a sentence saying why there is none)."""
    try:
        from narrator.memory.vector import CampaignMemory  # type: ignore[import-not-found]
    except Exception as e:  # noqa: BLE001 - any import failure only disables memory
        return None, f"Campaign memory is not available ({type(e).__name__}: {e}); playing without it."
    try:
        return CampaignMemory.for_campaign(campaign, url), None
    except Exception as e:  # noqa: BLE001
        return None, f"Campaign memory could not be opened ({e}); playing without it."


def find_rulings(memory: Any | None) -> tuple[Callable[[str, str], Any] | None, str | None]:
    """A ``(question, system) -> rulings`` function, or (None, why not).

    The campaign's memory answers when it is open (``CampaignMemory.rulings``); without it (``--no-memory``, or
    it failed to open) the shared rulebook index is opened directly, since rulings need the rulebooks, not the
    story.
    """
    if memory is not None and callable(getattr(memory, "rulings", None)):
        return memory.rulings, None
    try:
        import narrator.memory.rulings  # noqa: F401  (type: ignore[import-not-found]) - the rulings module must be there
        from narrator import memory
        from narrator.memory.vector import rulings  # type: ignore[import-not-found]
    except Exception as e:  # noqa: BLE001 - any import failure only disables rulings
        return None, f"Rulings need the memory module, which is not available here ({type(e).__name__}: {e})."

    def ask(question: str, system: str) -> Any:
        return rulings(question, system)  # the shared rules index, opened once per process

    return ask, None


def indexing_notice() -> str | None:
    """What to say before the first ruling on a machine whose rulebook index is not built yet (the five books are
    embedded then: a minute or two on 2 cores, with nothing on the screen but a spinner), else None."""
    try:
        from narrator.memory.rulebooks import rules_index_dir
    except Exception:  # noqa: BLE001 - no memory module: find_rulings says why
        return None
    folder = rules_index_dir()
    if folder.is_dir() and any(folder.iterdir()):
        return None
    return ("Indexing the rulebooks for the first time on this machine: a minute or two on 2 cores. Later rulings "
            "take a moment.")


def _first(obj: Any, names: Iterable[str]) -> Any:
    for n in names:
        value = obj.get(n) if isinstance(obj, dict) else getattr(obj, n, None)
        if value:
            return value
    return None


def ruling_lines(answer: Any) -> tuple[list[str], list[str]]:
    """(lines of text, citations) from whatever ``rulings`` returns: text, an object with an answer and
    citations, or a list of passages each with its text and its rulebook reference."""
    if answer is None:
        return [], []
    if isinstance(answer, str):
        return [answer], []
    if callable(getattr(answer, "text", None)):  # memory.rulings.Rulings: passages, worked case, citations
        text = str(answer.text()).strip()
        return ([text] if text else []), [str(c) for c in getattr(answer, "citations", [])]
    text = _first(answer, ("answer", "text", "summary"))
    cites = _first(answer, ("citations", "refs", "rule_refs", "sources"))
    passages = _first(answer, ("passages", "results", "hits", "rulings"))
    lines: list[str] = [str(text)] if text and not isinstance(text, (list, tuple)) else []
    refs: list[str] = [str(_first(c, ("ref", "citation", "source", "id")) or c) for c in (cites or [])]
    items = passages if passages is not None else (answer if isinstance(answer, (list, tuple)) else [])
    for p in items:
        body = p if isinstance(p, str) else _first(p, ("text", "document", "snippet", "passage", "answer"))
        ref = None if isinstance(p, str) else _first(p, ("ref", "citation", "source", "section", "id"))
        if body:
            lines.append(str(body).strip())
        if ref:
            refs.append(str(ref))
    return lines, list(dict.fromkeys(refs))
