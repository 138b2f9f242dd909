"""Story people step onto the table when the player acts on them: "I attack Rusk" with Rusk only in the story.

Why: solo play's scenes bring recurring people (``story.people``: names, no sheets). A player who turns on one
of them meant a fight with that person, but the rules can only test against a sheet — without one, "I punch
Rusk" became an unopposed check and "I attack Rusk" a fight of one. :class:`CastingProposer` asks the proposer
what the line would be *if* those people were on the table (a pure, unlogged trial with the system's NPC tool);
when that reading names one of them (a defender, an opponent, a fight's combatants), the person is added for
real through the system's NPC tool — a logged, replayable call like any other — and the line is proposed again
on the real table. Talking about someone ("I ask Rusk about the shipment") names nobody in the proposal's
arguments, so nobody is cast.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from narrator.agent.extract import mentioned
from narrator.tools.proposals import Proposal
from narrator.tools.registry import default_registry
from narrator.tools.dice import Roller
from narrator.tools.story import person_name, scene_tables
from narrator.tools.systems import get_system
from narrator.tools.table import TableState, apply_all

CAST_LEVEL = 2
"""A story person drawn into play is an ordinary one (:data:`tools.systems.contract.POWER_LEVELS`)."""


def uncast(text: str, state: TableState) -> list[str]:
    """The story's recurring people the words name who have no sheet on the table."""
    return [n for n in mentioned(text, list(state.story.people)) if n not in state.characters]


SCENE_PERSON = re.compile(
    r"(?:^|(?<=[.!?;]\s))(?P<name>(?!(?:The|A|An|You|Your|It|This|There|Here|Someone|Nobody|Everyone)\b)"
    r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})"
    r"(?:,\s*(?:a|an|the|who|whose)\b[^.;!?]*?,)?"
    r"\s+(?:is\s+(?:here|there|present|waiting|watching|sitting|standing|hiding|in|at|on|by|near|behind|inside|"
    r"beside|among)|waits|stands|sits|watches|lingers|leans|works|hides|sleeps|drinks)\b")
"""A sentence that starts with a name and says they are there: "Brother Anselm, the old gatekeeper, is here.",
"Sheriff Hale waits by the door." Conservative on purpose: a place ("Kettle Creek is a mining town") or an
unnamed someone ("The sheriff is here") is not a person the table can name."""


def scene_people(text: str, state: TableState) -> list[str]:
    """The people a scene set by hand names (:data:`SCENE_PERSON`) who are neither on the table nor already the
    story's: each joins the story's recurring people through a logged ``story_update``, so "I attack Brother
    Anselm" casts him (:class:`CastingProposer`) instead of starting a fight of one."""
    known = set(state.story.people) | set(state.characters)
    out: list[str] = []
    for m in SCENE_PERSON.finditer(" ".join(text.split())):
        name = m.group("name")
        if name not in known and name not in out:
            out.append(name)
    return out


def concept_of(name: str, system: str) -> str:
    """What the scene tables say the person is ("a dockhand with a scarred face"), else the name itself."""
    for entry in scene_tables(system).get("person", []):
        if isinstance(entry, str) and person_name(entry) == name and "," in entry:
            words = entry.split(",", 1)[1].strip()
            for article in ("a ", "an ", "the "):
                if words.lower().startswith(article):
                    words = words[len(article):]
                    break
            return words or name
    return name


def npc_call(name: str, system: str) -> tuple[str, dict[str, Any]]:
    rules = get_system(system)
    return rules.npc_tool, rules.npc_args(concept_of(name, system), CAST_LEVEL, name)


def with_people(state: TableState, names: list[str]) -> TableState:
    """``state`` as it would be with ``names`` on the table (a trial: nothing is logged, the dice are thrown away)."""
    registry = default_registry()
    for i, name in enumerate(names):
        tool, args = npc_call(name, state.system)
        result = registry.call(tool, registry.validate(tool, args), Roller(i), state)
        state = apply_all(state, list(getattr(result, "changes", [])))
    return state


def named_in(proposal: Proposal, names: list[str]) -> list[str]:
    """Which of ``names`` the proposal's arguments refer to (any field, lists included)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str) and value in names and value not in found:
            found.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk(dict(proposal.call_args))
    return found


class CastingProposer:
    """Wraps a proposer; ``cast(name, tool, args)`` adds a person for real (the session logs and shows it)."""

    def __init__(self, inner: Any, state_now: Callable[[], TableState],
                 cast: Callable[[str, str, dict[str, Any]], None]):
        self.inner = inner
        self.state_now = state_now
        self.cast = cast
        self.name = getattr(inner, "name", "proposer")

    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        names = uncast(text, state)
        if not names or not get_system(state.system).npc_tool:
            return self.inner.propose(text, state, actor)
        trial = self.inner.propose(text, with_people(state, names), actor)
        wanted = named_in(trial, names)
        if not wanted and trial.tool == get_system(state.system).start_combat_tool:
            wanted = names
        if not wanted:
            return self.inner.propose(text, state, actor)
        for name in wanted:
            tool, args = npc_call(name, state.system)
            self.cast(name, tool, args)
        return self.inner.propose(text, self.state_now(), actor)

    def __getattr__(self, item: str) -> Any:  # rank(), model() … stay the inner proposer's
        return getattr(self.inner, item)
