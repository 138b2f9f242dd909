"""State-bound Brew magic: casting from the sheet and refreshing mana (``brew.md#Magic Rolls``, ``#Mana``, the
seven fields).

Readings chosen:

* The pool is the sheet's ``magic_attribute`` (the attribute that suits the character's kind of magic) + the
  field. A field at 0 cannot be cast; every casting uses one mana slot.
* **Healing** on a ``target`` (oneself when none is named) heals by the campaign's table (realistic 6 → 2,
  8 → 4, 12 → 8; simplified 6 → 4, 8 → 6), never above the maximum. Healing cannot bring back the dead.
* **Destruction** on a ``target`` is a magical attack, a contested roll: a defender with magic defends with their
  magic attribute and best field, one without with a flat Power or Precision (the better). A hit deals damage
  equal to the caster's attribute — the book gives no number for spells, so a spell hits like a blunt weapon, its
  attribute; armor soaks it (a targeted spell ignores it).
* Every other spell (and these two without a target) is a roll against the difficulty; what it does is the
  gamemaster's, by the field's description.
* ``brew_refresh_mana`` follows the campaign's ``mana_refresh`` option (daily by default); the table has no clock,
  so a *timed* refresh takes the hours since the last casting for every spent slot.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from narrator.tools.arg_words import LOWER
from narrator.tools.binding import bind, run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.steps import step
from narrator.tools.tool import table_tool
from narrator.tools.systems.brew.healing import HEAL_TABLES, brew_heal_roll
from narrator.tools.systems.brew.magic import CastResult, ManaResult, brew_cast, brew_mana
from narrator.tools.systems.brew.rules import FIELDS_REF, MAGIC_ROLLS, MANA, DifficultyName, MagicField
from narrator.tools.systems.brew.table_actions import roll_spec
from narrator.tools.systems.brew.table_combat import range_between, spell_strike
from narrator.tools.systems.brew.table_common import (
    ACTOR, MODIFIER, Edits, difficulty_value, fail, find, health_ops, healing_rule, option, require_conscious,
)
from narrator.tools.table import BoundResult, SetField, TableState


class CastSpellArgs(ToolArgs):
    actor: str = ACTOR
    field: Annotated[MagicField, LOWER] = Field(description="transfiguration, healing, destruction, illusion, scrying, "
                                                "odds or movement.")
    target: str | None = Field(None, max_length=60, description="Healing: the patient (default: oneself); "
                               "destruction: whom it strikes.")
    difficulty: Annotated[int | DifficultyName, LOWER] = Field("easy", description="6 is the standard for healing; the "
                                                               "gamemaster sets others.")
    modifier: int = MODIFIER
    targeted: bool = Field(False, description="Destruction aimed past armor: -2, armor ignored.")


class SpellOnTable(CastResult, BoundResult):
    actor: str
    target: str | None
    healed: int = 0
    damage: int = 0
    effect: Literal["healing", "strike", "spell"]


@table_tool("brew", acts="actor")
def brew_cast_spell(args: CastSpellArgs, roller: Roller, state: TableState) -> SpellOnTable:
    """A character casts a spell from the sheet: magic attribute + field, one mana slot; healing heals a target,
    destruction strikes one (contested), other fields roll against a difficulty."""
    name, c = find(state, args.actor, "actor")
    require_conscious(name, c, "actor", "cast")
    points = c.magic.get(args.field, 0)
    if points < 1:
        have = ", ".join(f"{f} {v}" for f, v in c.magic.items()) or "none"
        fail("field", f"{name} has no points in {args.field} and cannot cast it (fields: {have})", args.field)
    if c.mana < 1:
        fail("actor", f"{name} has no mana slot left ({c.mana} of {c.max_mana}); mana refreshes by "
                      f"{option(state, 'mana_refresh', 'daily')} (brew_refresh_mana)")
    attribute = c.magic_attribute
    edits = Edits(state)
    if args.field == "destruction" and args.target is not None:
        dfn, d = find(state, args.target, "target")
        if dfn == name:
            fail("target", f"{name} cannot strike themselves")
        rng = range_between(state, name, dfn)
        if rng is None:
            fail("target", f"{dfn} is out of reach")
        r = spell_strike(state, roller, name, c, dfn, d, rng, args.modifier, args.targeted)
        cast = CastResult(summary=r.summary, steps=r.steps, rule_refs=r.rule_refs, dice=r.dice,
                          outcome="success" if r.outcome == "hit" else "failure", success=r.success, odds=None,
                          pool=r.attacker_roll.pool, breakdown=r.attacker_roll.breakdown, difficulty=0,
                          die_result=r.attacker_roll.die_result, total=r.attacker_roll.total, margin=r.margin,
                          automatic=None, thresholds={}, keep="none", field=args.field, mana_before=c.mana,
                          mana_after=c.mana - 1)
        return SpellOnTable(**{**dict(cast), "odds": r.odds}, actor=name, target=dfn, damage=r.damage,
                            effect="strike", changes=r.changes)
    changes: list[Any] = [SetField(name=name, field="mana", value=c.mana - 1, was=c.mana)]
    spec, lines, parts = roll_spec(state, name, c, attribute, None, args.modifier, False)
    spec["skill"] = points
    lines[0] = step("brew.rolls", name=name, attribute=attribute, score=c.score(attribute), skill=args.field,
                    profession=None, points=points)  # the field is the pool's second part ("wits 5 alone" was read)
    difficulty = difficulty_value(args.difficulty)
    if args.field == "healing" and (args.target is not None or c.health < c.max_health):
        patient, p = find(state, args.target, "target") if args.target else (name, c)
        if p.health <= -5:
            fail("target", f"{patient} is dead: healing cannot bring them back")
        rules = healing_rule(state)
        spec.pop("best_at_thing")
        heal = run_pure(brew_heal_roll, roller, **spec, method="magic", rules=rules, difficulty=difficulty,
                        patient_health=max(-4, p.health),
                        max_health=p.max_health, lasting_injury=bool(p.lasting_injuries))
        after = p.health + heal.healed
        changes += health_ops(patient, p, after, edits) + edits.ops()
        lines.append(step("brew.healing_spell", patient=patient, rules=rules,
                          table=[list(row) for row in HEAL_TABLES[(rules, "magic")]]))
        cast = CastResult(summary=heal.summary,
                          steps=[*lines, *heal.steps, step("brew.health_of", name=patient, health=p.health,
                                                           after=after),
                                 step("brew.mana_used", mana=c.mana, after=c.mana - 1)],
                          rule_refs=[MAGIC_ROLLS, FIELDS_REF, MANA, *heal.rule_refs], dice=heal.dice,
                          outcome=heal.outcome, success=heal.success, odds=heal.odds, pool=spec["attribute"] +
                          points + spec["bonus"], breakdown=_breakdown(spec), difficulty=difficulty,
                          die_result=None, total=heal.total, margin=None if heal.total is None else heal.total -
                          difficulty, automatic=None, thresholds={}, keep="none", field=args.field,
                          mana_before=c.mana, mana_after=c.mana - 1)
        return SpellOnTable(**dict(cast), actor=name, target=patient, healed=after - p.health, effect="healing",
                            changes=changes)
    r = run_pure(brew_cast, roller, **spec, difficulty=difficulty, field=args.field, mana=c.mana)
    return bind(SpellOnTable, r, changes, summary=step("brew.said", name=name, said=r.summary), before=lines,
                actor=name, target=args.target, effect="spell")


def _breakdown(spec: dict[str, Any]):
    from narrator.tools.systems.brew.checks import PoolSpec, pool_of

    return pool_of(PoolSpec(**{k: v for k, v in spec.items() if k != "best_at_thing"}))[0]


class RefreshManaArgs(ToolArgs):
    actor: str = ACTOR
    hours: float | None = Field(None, ge=0, le=1000, description="timed refresh: hours since the last casting.")
    method: Literal["daily", "timed", "ritual"] | None = Field(None, description="Default: the campaign's "
                                                               "mana_refresh option (daily).")


class RefreshManaOnTable(ManaResult, BoundResult):
    actor: str


@table_tool("brew")
def brew_refresh_mana(args: RefreshManaArgs, roller: Roller, state: TableState) -> RefreshManaOnTable:
    """Refresh a caster's mana slots as the campaign says: daily (all at dawn), timed (slots back hours after use) or a
    ritual roll."""
    name, c = find(state, args.actor, "actor")
    method = args.method or option(state, "mana_refresh", "daily")
    if method not in ("daily", "timed", "ritual"):
        method = "daily"
    call: dict[str, Any] = {"method": method, "mana": c.mana, "max_mana": c.max_mana}
    if method == "timed":
        call["hours_since_use"] = [args.hours or 0.0] * (c.max_mana - c.mana)
        interval = option(state, "mana_hours", 2)
        call["interval_hours"] = interval if isinstance(interval, int) and 1 <= interval <= 48 else 2
    if method == "ritual":
        attribute = max(("wits", "precision"), key=lambda a: c.score(a))
        spec, _, _ = roll_spec(state, name, c, attribute, "craft", 0, False)
        spec.pop("best_at_thing")
        call["ritual"] = spec
    r = run_pure(brew_mana, roller, **call)
    changes = [SetField(name=name, field="mana", value=r.mana_after, was=c.mana)] if r.mana_after != c.mana else []
    return bind(RefreshManaOnTable, r, changes, summary=step("brew.said", name=name, said=r.summary), actor=name)


class SoakArgs(ToolArgs):
    actor: str = ACTOR


@table_tool("brew", description="A Healing caster heals their own fresh damage at the instant they take "
            "it, before its penalties apply (no action of its own; one mana slot).")
def brew_soak_with_healing(args: SoakArgs, roller: Roller, state: TableState) -> SpellOnTable:
    """"Magic users can use Healing to instantly heal damage they themselves take before they suffer penalties from
    damage—essentially using Healing to instantly soak damage. Any other kind of magic roll (including healing
    others) would take an action to complete." Reading: the roll takes no health penalty and no action; it heals by
    the campaign's magical healing table, like any Healing roll."""
    name, c = find(state, args.actor, "actor")
    if c.health <= -5:
        fail("actor", f"{name} is dead")
    points = c.magic.get("healing", 0)
    if points < 1:
        fail("actor", f"{name} has no points in healing")
    if c.mana < 1:
        fail("actor", f"{name} has no mana slot left")
    if c.health >= c.max_health:
        fail("actor", f"{name} has no damage to soak")
    spec, lines, _ = roll_spec(state, name, c, c.magic_attribute, None, 0, False)
    spec.pop("best_at_thing")
    spec.update(skill=points, health=None)
    rules = healing_rule(state)
    heal = run_pure(brew_heal_roll, roller, **spec, method="magic", rules=rules, difficulty=6,
                    patient_health=max(-4, c.health), max_health=c.max_health,
                    lasting_injury=bool(c.lasting_injuries))
    edits = Edits(state)
    after = c.health + heal.healed
    changes: list[Any] = [SetField(name=name, field="mana", value=c.mana - 1, was=c.mana)]
    changes += health_ops(name, c, after, edits) + edits.ops()
    cast = CastResult(summary=step("brew.soaks", name=name, said=heal.summary),
                      steps=[step("brew.soak_instant"), *lines, *heal.steps,
                             step("brew.soaked", name=name, health=c.health, after=after, mana=c.mana,
                                  mana_after=c.mana - 1)],
                      rule_refs=["brew.md#Examples of weapon attacks", *heal.rule_refs], dice=heal.dice,
                      outcome=heal.outcome, success=heal.success, odds=heal.odds, pool=_breakdown(spec).pool,
                      breakdown=_breakdown(spec), difficulty=6, die_result=None, total=heal.total,
                      margin=None if heal.total is None else heal.total - 6, automatic=None, thresholds={},
                      keep="none", field="healing", mana_before=c.mana, mana_after=c.mana - 1)
    return SpellOnTable(**dict(cast), actor=name, target=name, healed=heal.healed, effect="healing",
                        changes=changes)
