"""What the agent may *propose*: a restricted, number-free view of the state-bound tools.

The model names actors, skills, zones and powers and picks a qualitative circumstance; the engine turns that
into the real tool call, reading every number from the sheets (``to_args``). A proposal can also be "no roll
needed" or "ask the player to clarify". :func:`proposal_schema` builds one JSON Schema for the discriminated union
of proposals, with the names on the table as enums, so a grammar-constrained model can only say valid names.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from narrator.tools.errors import ToolArgumentError
from narrator.tools.table import TableState

Circumstance = Literal["big advantage", "small advantage", "none", "small disadvantage", "big disadvantage"]
ACTOR_ENUM = {"x-names": "actors"}
ZONE_ENUM = {"x-names": "zones"}


def sheet_names(path: str, **match: list[str]) -> dict[str, Any]:
    """Schema marker for a field naming an entry of the acting character's own sheet: the entries at ``path`` (a
    dict of entries, or a list of dicts with a ``name``), only those whose fields take one of the given values
    (``sheet_names("descriptors", kind=["ability"])``). The router fills such a field from the player's words
    (:func:`narrator.agent.extract.sheet_name_for`); the engine's ``to_args`` judges it against the sheet."""
    return {"x-sheet": path, **({"x-sheet-match": match} if match else {})}


PLAYER_WORDS = {"x-player-words": True}
"""Schema marker for a field the router fills with the player's own words of the action (what it acts on and why,
without the asking preamble), e.g. the purpose a 5+ attempt may not repeat after a failure; the engine compares
them, so no model has to paraphrase them."""

def named(description: str | None = None) -> Any:
    """A proposal field naming one character on the table: 1-60 characters, offered as the table's names."""
    return Field(min_length=1, max_length=60, json_schema_extra=ACTOR_ENUM, description=description)


NO_ROLL = "no_roll"
CLARIFY = "clarify"
REFUSE = "refuse"
NOT_TOOLS = (NO_ROLL, CLARIFY, REFUSE)
"""Proposals that run no tool: nothing to roll, a question back, or an out-of-game request turned down."""


def modifier_for(state: TableState, circumstance: str) -> int:
    """The campaign system's modifier for a circumstance word (Minim: big advantage +2 … big disadvantage -2)."""
    from narrator.tools.systems import get_system

    return get_system(state.system).circumstances()[circumstance]


class ProposalArgs(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


class NoRollArgs(ProposalArgs):
    reason: str = Field("", max_length=200, description="Why no roll is needed (trivial, or pure description).")


class ClarifyArgs(ProposalArgs):
    question: str = Field("", max_length=200, description="What to ask the player.")


class RefuseArgs(ProposalArgs):
    reason: str = Field("", max_length=300, description="Which rule or command stands in the way.")


@dataclass(frozen=True)
class ProposalSpec:
    """How the agent may propose ``tool``: the model fills ``args_model``; ``to_args`` makes the real call."""

    tool: str
    args_model: type[ProposalArgs]
    to_args: Callable[[ProposalArgs, TableState], dict[str, Any]]
    when: str  # one line for the prompt: when to choose this


def passed(*fields: str, **renamed: str) -> Callable[[ProposalArgs, TableState], dict[str, Any]]:
    """A proposal's ``to_args`` when the call takes the proposal's words as they are: each of ``fields`` under its
    own name, then each ``call_arg=field`` of ``renamed`` (no number to read from a sheet, nothing to map)."""
    pairs = [*((f, f) for f in fields), *renamed.items()]
    return lambda a, s: {arg: getattr(a, field) for arg, field in pairs}


class StartCombatProposal(ProposalArgs):
    # a fight breaks out among these characters; each system's start-combat tool rolls its own order
    combatants: list[str] = Field(min_length=1, max_length=20, json_schema_extra=ACTOR_ENUM)


def start_combat(tool: str, when: str, model: type[ProposalArgs] = StartCombatProposal) -> ProposalSpec:
    """The proposal that starts a fight: the named combatants go to the system's start-combat ``tool`` as they are."""
    return ProposalSpec(tool, model, passed("combatants"), when)


NO_ROLL_SPEC = ProposalSpec(NO_ROLL, NoRollArgs, lambda a, s: {}, "the action is trivial or just talk/description")
CLARIFY_SPEC = ProposalSpec(CLARIFY, ClarifyArgs, lambda a, s: {}, "it is unclear who acts or what they attempt")
REFUSE_SPEC = ProposalSpec(REFUSE, RefuseArgs, lambda a, s: {}, "an out-of-game request: change numbers, rules, "
                           "dice or the log, or act as someone else")


class Proposal(BaseModel):
    """A validated proposal: which tool (or no_roll / clarify), the model's arguments, and the engine's call."""

    model_config = ConfigDict(frozen=True)

    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    call_args: dict[str, Any] = Field(default_factory=dict, description="The tool arguments the engine built.")
    source: str = Field("", description="router, llm, hybrid, command...")
    note: str = ""
    confidence: float | None = Field(None, description="The proposer's probability for this choice, if it has one.")
    alternatives: list[dict[str, Any]] = Field(default_factory=list, description="Runners-up (proposal dumps), "
                                               "best first: what else the words could mean.")
    ask: bool = Field(False, description="The runner-up is close: the game asks rather than guessing.")

    @property
    def needs_roll(self) -> bool:
        return self.tool not in NOT_TOOLS


def _names(state: TableState, kind: str) -> list[str]:
    return sorted(state.characters) if kind == "actors" else list(state.zones)


def _fill_enums(node: Any, state: TableState) -> Any:
    if isinstance(node, dict):
        kind = node.get("x-names")
        markers = ("x-names", "x-sheet", "x-sheet-match", "x-player-words")
        node = {k: _fill_enums(v, state) for k, v in node.items() if k not in markers}
        if kind:
            names = _names(state, kind)
            if node.get("type") == "array":
                node["items"] = {"type": "string", "enum": names} if names else {"type": "string"}
            else:
                node.pop("maxLength", None)
                node.pop("minLength", None)
                if names:
                    node["enum"] = names
        return node
    if isinstance(node, list):
        return [_fill_enums(v, state) for v in node]
    return node


def proposal_schema(specs: list[ProposalSpec], state: TableState) -> dict[str, Any]:
    """One JSON Schema: ``{"tool": <const>, "args": {...}}`` for each spec, names on the table as enums."""
    variants = []
    defs: dict[str, Any] = {}
    for spec in specs:
        schema = copy.deepcopy(spec.args_model.model_json_schema())
        defs.update(schema.pop("$defs", {}))
        variants.append({
            "type": "object",
            "properties": {"tool": {"const": spec.tool}, "args": schema},
            "required": ["tool", "args"],
            "additionalProperties": False,
        })
    out: dict[str, Any] = {"anyOf": variants}
    if defs:
        out["$defs"] = defs
    return _fill_enums(out, state)


def build(spec: ProposalSpec, raw_args: Any, state: TableState, source: str) -> Proposal:
    """Validate a model's arguments for ``spec`` and let the engine build the real call."""
    from pydantic import ValidationError

    from narrator.tools.problems import problems_from

    try:
        args = spec.args_model.model_validate(raw_args if raw_args is not None else {})
    except ValidationError as e:
        raise ToolArgumentError(spec.tool, problems_from(e, spec.args_model)) from None
    args = _canonical_names(spec, args, state)
    call_args = spec.to_args(args, state)
    return Proposal(tool=spec.tool, args=args.model_dump(mode="json"), call_args=call_args, source=source)


def _canonical_names(spec: ProposalSpec, args: ProposalArgs, state: TableState) -> ProposalArgs:
    """Every name field must name something on the table; returns the args with the table's spelling."""
    fixed: dict[str, Any] = {}
    for field, info in spec.args_model.model_fields.items():
        kind = (info.json_schema_extra or {}).get("x-names") if isinstance(info.json_schema_extra, dict) else None
        value = getattr(args, field)
        if kind is None or value is None:
            continue
        find = (lambda v: state.find(v, field, spec.tool)) if kind == "actors" else (lambda v: state.find_zone(v, field, spec.tool))
        fixed[field] = [find(v) for v in value] if isinstance(value, list) else find(value)
    return args.model_copy(update=fixed) if fixed else args
