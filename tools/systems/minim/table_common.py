"""Helpers shared by the state-bound Minim tools (:mod:`.table_characters`, :mod:`.table_actions`,
:mod:`.table_combat`, :mod:`.table_health`): reading sheets off the table, refusing what the rules forbid as
argument errors, composing condition changes, and drawing on faith.

No tool lives here. What each condition does and when it ends is Minim's catalogue
(:meth:`tools.systems.minim.Minim.conditions`); the table enforces acting and moving (:mod:`tools.turns`), and these
helpers apply the rest in every check, attack and recovery test:

* a condition's ``modifier`` (``fallen``: −1 to all actions) is added to the actor's target by
  :func:`condition_modifier` — powers take no modifiers (see :mod:`.powers`), so it does not touch them;
* ``unconscious`` is kept in step with health 0 by every tool that changes health. Health 0 on the sheet is what
  decides: an actor at 0 health cannot act whether or not the condition is listed;
* ``defending``, ``off-guard-1``, ``off-guard-2`` are read from the *defender* of an attack (+1 / −1 / −2 to its
  health-rolls), for as long as they last;
* every condition a Minim tool adds gets the catalogue's timer (:class:`ConditionEdits`), so "cannot act
  next-turn" ends when that turn has passed, with nobody remembering to remove it.

Narrator-characters' faith (``minim.md#Faith``: "Narrators can rather-have an infinite-pool of faith-points; a
finite-pool per-scene (usually the sum-total of all narrator-characters brain-scores); or by rolling brain-tests
rather than spending-points") is the campaign option ``npc_faith`` (``narrator campaign new --option
npc_faith=pool``):

* ``own`` (the default) — each NPC spends the faith on its sheet, as a player-character does;
* ``infinite`` — NPCs always have a point to spend and nothing is counted;
* ``pool`` — one pool per scene shared by every NPC, the sum of the brain scores of the NPCs on the table when
  the scene's first point is spent; a new scene (``table_set_scene``) starts a fresh pool. It lives in the
  system state under ``npc_faith_pool``;
* ``brain`` — instead of spending a point the NPC makes a brain test (trait only); a success grants what the point
  would (the +1, or the power roll), anything else does not, and nothing is spent.

Player-characters always spend their own points.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from pydantic import Field

from narrator.tools.problems import fail
from narrator.tools.dice import Die, Roller
from narrator.tools.steps import Step, step
from narrator.tools.table_sheets import Sheets, conditions_of, unknown  # noqa: F401  (re-exported)
from narrator.tools.table_people import require_new_name  # noqa: F401  (re-exported)
from narrator.tools.table import SetField, SetSystemState, TableState
from narrator.tools.turns import ConditionEdits
from narrator.tools.systems.minim.sheet import MinimCharacter

FALLEN = "fallen"
UNCONSCIOUS = "unconscious"
DEFENDING = "defending"
SURPRISED = "surprised"
OFF_GUARD = {"off-guard-1": -1, "off-guard-2": -2}
"""Surprised and failed perception: the penalty to health-rolls while it cannot act (the first round)."""

FUMBLE_CONDITIONS: dict[str, str | None] = {
    "Stunned": "stunned",
    "Falls": FALLEN,
    "Disarmed": "disarmed",
    "Shaken": "shaken",
    "Interacts with near-by enemy": None,
    "Interacts with environment": None,
    "Interacts with near-by ally": None,
    "Dodge": None,
    "Disabled": "disabled",
    "Pinned": "pinned",
    "Grapples": "grappled",
}
"""The fumble table's short effect name -> the condition it leaves (None: a one-off the narrator describes)."""

MODIFIER = Field(0, ge=-9, le=9, description="Situational bonuses and penalties: +1/+2 advantages, -1/-2 "
                 "disadvantages (conditions on the table are added by the tool).")
"""-9..+9, so that the tool's own +1/-1 (twice as long, fallen, a specialty) keep the total near a test's -10..+10."""
FAITH_ARG = Field(False, description="Spend one of the actor's faith points for +1 (once per action).")


def modifier_line(given: int, parts: list[tuple[int, str]]) -> list[Step]:
    """Explain a modifier made of the caller's part and the tool's situational parts."""
    if not parts:
        return []
    return [step("minim.modifier", given=given, parts=[[n, why] for n, why in parts])]


def condition_state(state: TableState, name: str, condition: str) -> dict[str, Any]:
    """A condition on ``name`` as a step states it: its name, what it means (Minim's catalogue) and when it ends
    (the table's timer), so the phrase can say 'fallen (-1 to all actions) until the end of Hero's next turn'."""
    from narrator.tools.systems import get_system

    rule = get_system(state.system).conditions().get(condition)
    timer = state.expiry.get(name, {}).get(condition)
    return {"condition": condition, "meaning": rule.meaning if rule is not None and rule.meaning else None,
            "ends": timer.ends if timer is not None else None, "of": timer.of if timer is not None else None}


SHEETS = Sheets(MinimCharacter, "Minim")
sheet_of, find, two = SHEETS.sheet_of, SHEETS.find, SHEETS.two


def require_conscious(name: str, sheet: MinimCharacter, field: str, doing: str = "act") -> None:
    if sheet.health <= 0:
        fail(field, f"{name} is unconscious (health 0) and cannot {doing}; heal them first (minim_heal, "
                    "minim_recover_health with full_rest or long_term)")


NPC_FAITH_MODES = ("own", "infinite", "pool", "brain")
POOL_KEY = "npc_faith_pool"


@dataclass
class Faith:
    """What drawing on a faith point gave: whether its benefit applies (the +1, or a power roll), the ops that
    spend it (added by the caller when the point is really spent), the lines saying so and any dice thrown."""

    granted: bool
    spend: list[Any] = dc_field(default_factory=list)
    steps: list[Step] = dc_field(default_factory=list)
    dice: list[Die] = dc_field(default_factory=list)
    points: int | None = None
    """Points there were to draw on (the sheet's or the scene pool's); None when nothing is counted."""


def npc_faith_mode(state: TableState) -> str:
    mode = str(state.options.get("npc_faith", "own")).strip().lower()
    if mode not in NPC_FAITH_MODES:
        fail("(options)", f"campaign option npc_faith={state.options.get('npc_faith')!r} is not one of "
                          f"{', '.join(NPC_FAITH_MODES)} (set when the campaign was created: --option npc_faith=...)")
    return mode


def pool_left(state: TableState) -> tuple[int, bool]:
    """The narrator's faith pool for the current scene and whether it is fresh (first drawn on in this scene)."""
    pool = state.system_state.get(POOL_KEY)
    if isinstance(pool, dict) and pool.get("scene") == state.scene:
        return int(pool.get("left", 0)), False
    return sum(s.get("traits", {}).get("brain", 0) for s in state.characters.values() if s.get("npc")), True


def draw_faith(state: TableState, name: str, sheet: MinimCharacter, roller: Roller | None,
               field: str = "faith") -> Faith:
    """Draw on a faith point for ``name``: their own points, or, for a narrator-character, what the campaign's
    ``npc_faith`` option says (see the module docstring). An argument error when there is nothing to draw on."""
    mode = npc_faith_mode(state) if sheet.npc else "own"
    if mode == "own":
        if sheet.faith <= 0:
            fail(field, f"{name} has 0 faith and cannot spend a faith point; faith is regained by acting on one's "
                        "virtue or vice (minim_grant_faith)", True)
        return Faith(True, [SetField(name=name, field="faith", value=sheet.faith - 1, was=sheet.faith)],
                     points=sheet.faith)
    if mode == "infinite":
        return Faith(True, steps=[step("minim.faith_infinite", name=name)])
    if mode == "pool":
        left, fresh = pool_left(state)
        lines = [step("minim.faith_pool_starts", pool=left)] if fresh else []
        if left <= 0:
            fail(field, "the narrator's faith pool for this scene is empty (npc_faith=pool); it refills when the "
                        "scene changes (table_set_scene)", True)
        lines.append(step("minim.faith_pool_draw", name=name, before=left, after=left - 1))
        return Faith(True, [SetSystemState(key=POOL_KEY, value={"scene": state.scene, "left": left - 1})], lines,
                     points=left)
    from narrator.tools.systems.minim.checks import TestSpec, resolve

    assert roller is not None
    _, rolled, _, lines = resolve(TestSpec(trait=sheet.traits.brain, trait_name="brain"), roller,
                                  purpose="faith brain test die")
    ok = rolled.outcome >= 1
    head = step("minim.faith_brain_test", name=name)
    tail = step("minim.faith_brain_passed") if ok else step("minim.faith_brain_failed")
    return Faith(ok, steps=[head, *lines, tail], dice=list(rolled.dice))


def spend_faith(state: TableState, name: str, sheet: MinimCharacter, roller: Roller,
                field: str = "faith") -> Faith:
    """A faith point spent for +1 on an action ("once per-action"): drawn and spent at once."""
    return draw_faith(state, name, sheet, roller, field)


def condition_modifier(state: TableState, name: str) -> tuple[list[tuple[int, str]], list[Step], list[str]]:
    """The catalogue modifiers of the actor's conditions (``fallen``: −1 to all actions): the parts for
    :func:`modifier_line`, the lines saying why and until when, and the rules cited."""
    from narrator.tools.systems import get_system

    rules = get_system(state.system).conditions()
    parts, steps, refs = [], [], []
    for cond in conditions_of(state, name):
        rule = rules.get(cond)
        if rule is None or not rule.modifier:
            continue
        parts.append((rule.modifier, cond))
        steps.append(step("minim.condition_modifier", name=name, condition=condition_state(state, name, cond),
                          modifier=rule.modifier))
        refs += [rule.rule_ref] if rule.rule_ref else []
    return parts, steps, refs


def specialty_for(name: str, sheet: MinimCharacter, wanted: str | None, skill: str | None,
                  field: str = "specialty") -> tuple[bool, list[Step]]:
    """Whether a named specialty applies (+1, see :mod:`.checks`): it must be on the sheet and refine the skill
    being tested."""
    if wanted is None:
        return False, []
    match = next((s for s in sheet.specialties if s.name.casefold() == wanted.strip().casefold()), None)
    if match is None:
        unknown("specialty", wanted, [s.name for s in sheet.specialties], field)
    if match.skill != skill:
        fail(field, f"{match.name} is a specialty of {match.skill}, and this action tests "
                    f"{skill or 'a trait alone'}: it does not apply", wanted)
    return True, [step("minim.specialty_applies", name=name, specialty=match.name, skill=match.skill)]


def health_change(name: str, sheet: MinimCharacter, after: int, edits: ConditionEdits) -> list[SetField]:
    """Set health (if it changes) and keep the unconscious condition in step with health 0."""
    if after == 0:
        edits.add(name, UNCONSCIOUS)
    else:
        edits.remove(name, UNCONSCIOUS)
    return [] if after == sheet.health else [SetField(name=name, field="health", value=after, was=sheet.health)]

