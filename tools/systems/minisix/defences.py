"""Static defences and the attacker's target number (``mini-six.md#Static Defenses``, ``#Defences``,
``#Attacking a Target``).

"Characters precalculate their Dodge, Block, and Parry ... multiply the number of dice a character has in the
relevant skill by 3 and add any pips": Sir Baelen's Sword/Blade 5D+1 gives Parry 16. Block uses Brawling, Dodge
the Dodge skill, Parry the weapon skill; Soak is Might × 3 + pips plus armor and any other armor value (the book's
Might 3D and leather cuirass: 3 × 3 + 3 = 12). The attacker's TN is the defence, plus range and cover.

Readings chosen:

* Shields add +4 to Block and Parry (never Soak); in the off hand a dagger, dirk or short sword adds +1 to Parry
  and a buckler +2. A character holds one thing in the off hand, so one of these applies (``offhand``).
* Missiles can be blocked or parried only with a shield ("or an appropriate Spell or Perk", which the caller
  grants with ``shield``): against a missile without one, Block and Parry are refused and the defence is Dodge.
* "Add the range modifier to the Dodge score in all cases": range (short +0, medium +5, long +10) applies to
  ranged attacks, whatever defence they meet; cover (50% +5, 75% +10, 90% +15) to every attack; 100% cover cannot
  be hit — the TN is then null and the attack impossible.
* Hero Points (Thule) add +6 each to the static defence, at most three (+18); the Daredevil perk halves Block,
  Dodge and Parry (rounded down) and doubles the Might part of Soak — its "Might rolls are doubled when resisting
  damage" read for a game whose damage resistance is the static Soak.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import ToolArgs, ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.codes import code, parse_field
from narrator.tools.systems.minisix.rules import (
    ATTACKING, COVER, DEFENCES, HERO_POINT_BONUS, HOUSE, OFFHAND_PARRY, PERKS_REF, RANGES, SHIELD_BLOCK, STATIC,
    Cover, OffHand, Range,
)

DefenceKind = Literal["block", "dodge", "parry", "soak"]
SKILL_OF = {"block": "Brawling", "dodge": "Dodge", "parry": "the weapon skill", "soak": "Might"}
OFFHAND_WORDS = {"shield": "a shield adds +4 to Block and Parry", "buckler": "an off-hand buckler adds +2 to Parry",
                 "weapon": "an off-hand dagger, dirk or short sword adds +1 to Parry"}


class DefenceArgs(ToolArgs):
    kind: DefenceKind = Field(description="block (Brawling), dodge (Dodge), parry (weapon skill) or soak (Might).")
    code: str = Field(max_length=20, description="The skill's (or Might's) die code, e.g. '5D+1'.")
    armor: int = Field(0, ge=0, le=30, description="Soak only: the armor value worn (leather cuirass +3).")
    other_av: int = Field(0, ge=0, le=30, description="Soak only: magical, super-tech or other armor value.")
    offhand: OffHand = Field("none", description="What is in the off hand: weapon (+1 parry), buckler (+2 parry) "
                             "or shield (+4 block and parry).")
    hero_points: int = Field(0, ge=0, le=3, description="Hero Points spent: +6 each (Thule house rule).")
    daredevil: bool = Field(False, description="The Daredevil perk is in effect this round.")

    @field_validator("code")
    @classmethod
    def _code(cls, v: str) -> str:
        v = parse_field(v)
        if code(v).total_pips < 0:
            raise ValueError("a skill or attribute code is not negative")
        return v

    @model_validator(mode="after")
    def _soak_only(self) -> "DefenceArgs":
        if self.kind != "soak" and (self.armor or self.other_av):
            raise ValueError("armor and other_av add to Soak only (shields add to block and parry, not to Soak)")
        return self


class DefenceResult(ToolResult):
    kind: str
    value: int = Field(json_schema_extra={"fact": "target"})  # a defence is the attacker's TN
    base: int = Field(description="dice × 3 + pips.", json_schema_extra={"fact": "target"})
    parts: dict[str, int] = Field(description="What was added, by source.", json_schema_extra={"fact": "modifier"})


def static_defence(args: DefenceArgs) -> tuple[int, int, dict[str, int], list[Step]]:
    """(value, base, parts, steps) of one static defence."""
    c = code(args.code)
    base = c.static
    steps = [step("minisix.defence_base", which=args.kind, skill=SKILL_OF[args.kind], code=args.code, dice=c.dice,
                  pips=c.pips, base=base)]
    parts: dict[str, int] = {}
    value = base
    if args.kind == "soak":
        if args.daredevil:
            parts["daredevil"] = base
            steps.append(step("minisix.daredevil_soak", base=base, doubled=2 * base))
        if args.armor:
            parts["armor"] = args.armor
            steps.append(step("minisix.plus_armor", armor=args.armor))
        if args.other_av:
            parts["other armor value"] = args.other_av
            steps.append(step("minisix.plus_other_av", av=args.other_av))
        if args.offhand == "shield":
            steps.append(step("minisix.shield_no_soak"))
    else:
        bonus = 0
        if args.kind == "block" and args.offhand == "shield":
            bonus = SHIELD_BLOCK
        elif args.kind == "parry":
            bonus = OFFHAND_PARRY[args.offhand]
        if bonus:
            parts[args.offhand] = bonus
            steps.append(step("minisix.offhand_bonus", bonus=bonus, offhand=args.offhand))
        elif args.offhand != "none":
            steps.append(step("minisix.offhand_nothing", offhand=args.offhand, which=args.kind))
        if args.daredevil:
            halved = (base + bonus) // 2
            parts["daredevil"] = halved - (base + bonus)
            steps.append(step("minisix.daredevil_halved", which=args.kind, before=base + bonus, halved=halved))
    value = base + sum(parts.values())
    if args.hero_points:
        parts["hero points"] = HERO_POINT_BONUS * args.hero_points
        value += parts["hero points"]
        steps.append(step("minisix.defence_hero_points", points=args.hero_points, bonus=parts["hero points"]))
    steps.append(step("minisix.defence_value", which=args.kind, value=value))
    return value, base, parts, steps


@tool("minisix")
def minisix_static_defence(args: DefenceArgs, roller: Roller) -> DefenceResult:
    """A static defence: Block (Brawling), Dodge, Parry (weapon skill) = dice × 3 + pips, with shields and off-hand
    weapons; or Soak = Might × 3 + pips + armor."""
    value, base, parts, steps = static_defence(args)
    refs = [STATIC] + ([DEFENCES] if args.offhand != "none" else []) + ([HOUSE] if args.hero_points else []) + (
        [PERKS_REF] if args.daredevil else [])
    return DefenceResult(summary=step("minisix.defence", which=args.kind, value=value), steps=steps, rule_refs=refs,
                         kind=args.kind,
                         value=value, base=base, parts=parts)


# --- the attacker's TN -------------------------------------------------------------------------------------------


class TnArgs(ToolArgs):
    defence: int = Field(ge=0, le=200, description="The defender's static defence (or its dodge roll's result).")
    defence_kind: Literal["block", "dodge", "parry"] = Field("dodge", description="Which defence meets the attack.")
    ranged: bool = Field(False, description="A missile or thrown attack (range applies; block/parry need a shield).")
    range: Range = Field("short", description="short +0, medium +5, long +10 (ranged attacks).")
    cover: Cover = Field("none", description="50% +5, 75% +10, 90% +15; 100% cannot be hit.")
    shield: bool = Field(False, description="The defender has a shield (or a spell or perk) to block or parry "
                         "missiles.")


class TnResult(ToolResult):
    tn: int | None = Field(description="The attack's target number; null when the target cannot be hit.")
    possible: bool
    range_modifier: int
    cover_modifier: int | None


def attack_tn(defence: int, kind: str, ranged: bool, rng: str, cover: str, shield: bool,
              field: str = "defence_kind") -> tuple[int | None, int, int | None, list[Step]]:
    """(tn or None, range modifier, cover modifier, steps). Block or parry against a missile without a shield
    is an argument error naming ``field``."""
    if ranged and kind in ("block", "parry") and not shield:
        raise ToolArgumentError("?", [FieldProblem(field, "missiles can only be blocked or parried with a shield "
                                                          "(or an appropriate spell or perk); use dodge", kind)])
    steps = [step("minisix.base_tn", which=kind, defence=defence)]
    r = RANGES[rng] if ranged else 0
    if ranged:
        steps.append(step("minisix.range", range=rng, mod=r))
    c = COVER[cover]
    if c is None:
        steps.append(step("minisix.full_cover"))
        return None, r, None, steps
    if c:
        steps.append(step("minisix.cover", cover=cover, mod=c))
    tn = defence + r + c
    steps.append(step("minisix.tn", tn=tn))
    return tn, r, c, steps


@tool("minisix")
def minisix_attack_tn(args: TnArgs, roller: Roller) -> TnResult:
    """The TN to hit: the defender's static defence plus range (short +0, medium +5, long +10) and cover (50% +5, 75%
    +10, 90% +15; 100% impossible)."""
    tn, r, c, steps = attack_tn(args.defence, args.defence_kind, args.ranged, args.range, args.cover, args.shield)
    refs = [ATTACKING, STATIC] + ([DEFENCES] if args.ranged and args.defence_kind != "dodge" else [])
    return TnResult(summary=step("minisix.attack_tn", tn=tn), steps=steps,
                    rule_refs=refs, tn=tn, possible=tn is not None, range_modifier=r, cover_modifier=c)
