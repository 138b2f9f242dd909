"""What a turn's results establish — the evidence every model-written text is judged against.

Why one object: the provenance guard (may this sentence state that number, that wound, that success?), the
narration gate (does the story agree with the engine's outcome?), the engine-written floor and the narration
prompt all read the same facts. They come from the results the campaign logged, the effects the system reads in
them (:meth:`tools.systems.contract.RulesSystem.effects`) and the system's vocabulary — never from the model.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Any

from narrator.tools.contract import ToolResult
from narrator.tools.systems.contract import Effect, Vocabulary


@dataclass(frozen=True)
class Evidence:
    results: tuple[tuple[str, ToolResult], ...] = ()
    effects: tuple[Effect, ...] = ()
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    system: str = ""
    actor: str | None = None
    names: tuple[str, ...] = ()  # everyone on the table and in the story (:func:`known_names`): never numbers or claims
    roles: tuple[str, ...] = ()  # those of them named by what they are (:func:`role_names`): "the smuggler" in a story

    @classmethod
    def none(cls, system: str = "", vocabulary: Vocabulary | None = None, actor: str | None = None,
             names: tuple[str, ...] = ()) -> "Evidence":
        """A turn where the engine decided nothing (talk, description, a question back)."""
        return cls((), (), vocabulary or Vocabulary(), system, actor, names)

    @classmethod
    def on_table(cls, state: Any, results: Any, effects: Any, actor: str | None) -> "Evidence":
        """What ``results`` establish on ``state``'s table: in its system's words, with everyone the table and the
        story name (:func:`known_names`, :func:`role_names`) — a turn's evidence and a foe's attack's alike."""
        from narrator.tools.systems import get_system

        return cls(tuple(results), tuple(effects), get_system(state.system).vocabulary(), state.system, actor,
                   known_names(state), role_names(state))

    @property
    def rolled(self) -> bool:
        return any(getattr(r, "dice", None) for _, r in self.results)

    @property
    def health_changed(self) -> bool:
        return any(e.kind in ("harmed", "healed", "downed", "revived") for e in self.effects)

    def kinds(self) -> set[str]:
        return {e.kind for e in self.effects}

    @property
    def success(self) -> bool | None:
        """The engine's verdict on the turn's deciding roll: the first result with a pass/fail, else None."""
        for _, r in self.results:
            value = getattr(r, "success", None)
            if value is not None:
                return bool(value)
        return None

    @property
    def outcome_label(self) -> str | None:
        for _, r in self.results:
            label = getattr(r, "outcome_label", None) or (r.outcome if isinstance(getattr(r, "outcome", None), str)
                                                          else None)
            if label:
                return str(label)
        return None


def outcome_of(node: Any, vocabulary: Any, verdicts: tuple[str, ...] = ("success",)) -> tuple[Any, int | None]:
    """A result's outcome label and its polarity: from the book's outcome labels, else from the first of the
    ``verdicts`` fields (booleans) the result has; None when it decided nothing."""
    label = getattr(node, "outcome_label", None) or (node.outcome if isinstance(getattr(node, "outcome", None), str)
                                                     else None)
    polarity = vocabulary.outcomes.get(str(label).lower()) if label else None
    if polarity is None:
        verdict = next((v for v in (getattr(node, name, None) for name in verdicts) if v is not None), None)
        polarity = None if verdict is None else (1 if verdict else -1)
    return label, polarity


def role_names(state: Any) -> tuple[str, ...]:
    """The table's NPCs named by what they are — the name is the concept, perhaps with a number ("Smuggler",
    "Guard 2") — whom a story calls "the smuggler", "the second guard" (blind readers marked "Your attack on
    Smuggler misses" awkward, sixteen times in 109 turns)."""
    out = []
    for name, sheet in state.characters.items():
        concept = sheet.get("concept") if isinstance(sheet, dict) and sheet.get("npc") else None
        if isinstance(concept, str) and concept.strip()[:1].islower() and re.sub(r"\s+\d+$", "", name).lower() \
                == re.sub(r"^(a|an|the)\s+", "", concept.strip().lower()):  # "Dace Morrow" is nobody's role; "a
            out.append(name)  # corrupt corp enforcer" is Corrupt Corp Enforcer's (/npc names it so)
    return tuple(out)


def known_names(state: Any) -> tuple[str, ...]:
    """Everyone a sentence can be about: the table's characters, then the story's recurring people who are not on it
    (solo play's "Lord Aubrey, a noble far from home"). A wound the model gives Lord Aubrey while the engine hurt the
    cutpurse is then a claim about the wrong person, not an unnamed one ("...; Lord Aubrey is hit." was shown)."""
    people = tuple(p for p in getattr(getattr(state, "story", None), "people", ()) or () if p not in state.characters)
    return tuple(state.characters) + people
