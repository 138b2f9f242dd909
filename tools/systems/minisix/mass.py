"""Mass combat (``mini-six.md#Spending Character Points (CP)``, ``#Skill Mass Roll``, ``#Damage``).

"In mass combat (typically 6+ NPC attackers), each die other than the Wild Die is treated as a 3.5. Each Wild
Die is still rolled normally, and added to the total." A 4D attacker rolls 3 × 3.5 = 10½ + WD.

The book prints that base three ways that disagree: its Skill Mass Roll table rounds the half down (2D 3+WD,
4D 10+WD, 6D 17+WD, 8D 24+WD), its ten-soldier example rounds it up ("each with attack 4D ... rolls a 11+WD"),
and its elite-gunner example rounds it down again ("attack 6D ... Each rolls 17+WD") but then says "Rolls of 28+
actually hit" against Dodge 27. Reading chosen: the rule's own words — each plain die counts exactly 3.5 — and a
hit is a total that reaches the TN, as for every roll. Since the TN and the wild die are whole numbers,
``10½ + WD`` reaches a TN exactly when the table's ``10 + WD`` does, so the table's rounding never changes a hit
and is the base the shortcuts measure from; the examples' 11 and 28 are the half rounded up when written down
(the lowest elite total that hits is 17½ + 10 = 27½). Every result says all three numbers.

The shortcuts, read as what they save: "If the TN is 6+ over the base number" no wild die below 6 can hit (the
base + 5 falls short), so "assume 1 WD result of '6' per 6 rolls, and roll the remainder". "If the to-hit number
TN is 8+ higher than the base number, then reroll all '6's": a six followed by its reroll's at least 1 reaches
base + 7, so at 6 or 7 over every assumed six hits outright; from 8 over each must reroll — the explosion the
wild die makes anyway — to see whether it reaches. (The elite example: TN 27 is 10 over 17, so 10 of the 60 are
assumed sixes, rolling on from 23½; the other 5 roll from 17½.)

Casualties: "3+ wound results or 1 incapacitate+ result take out 1 target" — every three wound results and every
incapacitating-or-worse result take one out (24 wounds and 3 incapacitate+ results: 8 + 3 = 11). Stuns are not
wound results. Scaling: "squad of 10 +4D, company of 100 +8D, brigade of 1000 +12D": a unit fights as one entity,
and the larger side adds the difference of the two scales to its rolls against the smaller (a company attacking a
squad: +4D); a smaller side's rolls get nothing.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from math import ceil, comb, floor

from pydantic import Field, field_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.odds import Dist, Odds, shape_cache
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.minisix.checks import RollOutcome, RollSpec
from narrator.tools.systems.minisix.codes import DieCode, code, parse_field, rolled_code, rolled_dice
from narrator.tools.systems.minisix.rules import MARGIN_BANDS, MASS, MASS_DAMAGE, MASS_TABLE, MASS_TABLE_ROWS, SCALES
from narrator.tools.systems.minisix.wild import wild_at_least

MAX_ATTACKERS = 200
MASS_TYPICAL = 6


def half(x: Fraction) -> str:
    """17½, 10½, 3: a mass base as people write it."""
    whole = floor(x)
    return f"{whole}½" if x - whole == Fraction(1, 2) else str(whole) if x == whole else f"{float(x):g}"


def mass_base(c: DieCode) -> Fraction:
    """3.5 for every die but the wild die, plus pips."""
    return Fraction(7, 2) * (c.dice - 1) + c.pips


def table_base(c: DieCode) -> int:
    """The Skill Mass Roll table's number: the printed rows for 1D-9D, the same rounding (the half down) beyond."""
    if c.pips == 0 and c.dice in MASS_TABLE_ROWS:
        return MASS_TABLE_ROWS[c.dice]
    return floor(mass_base(c))


def _mass_code(v: str) -> str:
    v = parse_field(v)
    if rolled_dice(v) < 1:
        raise ValueError("a mass roll's code has at least 1D (the wild die)")
    return v


class MassTableArgs(ToolArgs):
    code: str = Field(max_length=20, description="Each attacker's code, e.g. '4D'.")

    _code = field_validator("code")(_mass_code)


class MassTableResult(ToolResult):
    code: str
    base: int = Field(description="The table's base (the half rounded down), to which the wild die is added.",
                      json_schema_extra={"fact": "total"})
    base_exact: str = Field(description="3.5 per die but the wild die, exactly.")
    reads: str = Field(description="How the roll reads, e.g. '10+WD'.")


@tool("minisix")
def minisix_mass_table(args: MassTableArgs, roller: Roller) -> MassTableResult:
    """The Skill Mass Roll table: a mass attacker's code read as a fixed base (3.5 per die but the wild die) plus the
    wild die, e.g. 4D → 10+WD."""
    c, shown = rolled_code(args.code)
    exact, base = mass_base(c), table_base(c)
    steps = [*shown, step("minisix.mass_each", code=c.text() if shown else args.code, plain=c.dice - 1, pips=c.pips,
                          exact=float(exact)),
             step("minisix.mass_table_reads", base=base, exact=float(exact))]
    return MassTableResult(summary=step("minisix.mass_table", code=args.code, base=base), steps=steps, rule_refs=[MASS, MASS_TABLE],
                           code=args.code, base=base, base_exact=str(exact), reads=f"{base}+WD")


# --- a mass attack -------------------------------------------------------------------------------------------------


class MassAttackArgs(ToolArgs):
    attackers: int = Field(ge=1, le=MAX_ATTACKERS, description="How many attackers (typically 6 or more).")
    code: str = Field(max_length=20, description="Each attacker's attack code, e.g. '4D'.")
    tn: int = Field(ge=1, le=500, description="The TN to hit (the target's defence with range and cover).")

    _code = field_validator("code")(_mass_code)


class MassAttackResult(CheckResult):
    attackers: int
    code: str
    base: int = Field(json_schema_extra={"fact": "total"})
    base_exact: str
    tn: int
    over: int = Field(description="TN minus the table base.", json_schema_extra={"fact": "modifier"})
    assumed_sixes: int = Field(description="Attackers assumed to roll a 6 (the 6+ over shortcut).")
    rerolled_sixes: bool = Field(description="The assumed sixes reroll (the 8+ over shortcut).")
    rolled: int = Field(description="Attackers whose wild die was rolled from the start.")
    hits: int
    lowest_hit: str = Field(description="The lowest total that hits, exactly.")
    p_hit_each: float = Field(description="One attacker's chance to hit, by the plain rule.",
                              json_schema_extra={"fact": None})
    p_hit_each_exact: str


def _binomial(n: int, p: Fraction) -> Dist:
    if n == 0:
        return Dist.certain(0)
    if p in (0, 1):
        return Dist.certain(n if p == 1 else 0)
    return Dist({k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)})


@shape_cache
def _mass_attack_odds(rolled: int, each: Fraction, sixes: int, p6: Fraction, attackers: int) -> Odds:
    """How many hit: the rolled attackers' hits (each at ``each``) plus the rerolled sixes' (each at ``p6``).
    Cached by that shape: the binomials are Fraction sums over every count."""
    dist = _binomial(rolled, each) + _binomial(sixes, p6)
    return dist.odds(p_success=dist.p(lambda k: k >= 1), order=range(attackers + 1))


def _fraction_text(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


@tool("minisix")
def minisix_mass_attack(args: MassAttackArgs, roller: Roller) -> MassAttackResult:
    """Mass combat: many attackers with the same code, each a fixed 3.5 per die plus a rolled wild die; with the 6+ and
    8+ over-base shortcuts; counts the hits."""
    c, shown = rolled_code(args.code)
    exact, base = mass_base(c), table_base(c)
    over = args.tn - base
    need = ceil(args.tn - exact)  # the wild value that reaches the TN
    each = wild_at_least(need)
    steps = [*shown, step("minisix.mass_attackers", attackers=args.attackers, code=c.text() if shown else args.code,
                          exact=float(exact), base=base),
             step("minisix.mass_need", tn=args.tn, need=need, lowest=float(exact + need))]
    if args.attackers < MASS_TYPICAL:
        steps.append(step("minisix.mass_few", typical=MASS_TYPICAL))
    dice: list[Die] = []
    hits = 0
    sixes = rolled = 0
    reroll = False
    p6 = Fraction(1)
    if over >= 6:
        sixes, rolled = divmod(args.attackers, 6)
        reroll = over >= 8
        steps.append(step("minisix.mass_six_over", over=over, base=base, sixes=sixes, rolled=rolled))
        if sixes and reroll:
            need6 = ceil(args.tn - exact - 6)
            p6 = wild_at_least(need6)
            steps.append(step("minisix.mass_eight_over", sixes=sixes, base=float(exact + 6), need=need6))
            values = []
            for i in range(sixes):
                chain = roller.roll_exploding(6, f"assumed six {i + 1} reroll", wild=True)
                dice += chain
                values.append(sum(d.face for d in chain))
            six_hits = sum(v >= need6 for v in values)
            hits += six_hits
            steps.append(step("minisix.mass_rerolls", values=values, hits=six_hits))
        elif sixes:
            hits += sixes
            steps.append(step("minisix.mass_six_seven_over", reach=float(exact + 7), sixes=sixes))
    else:
        rolled = args.attackers
        steps.append(step("minisix.mass_all_rolled", over=over))
    faces = []
    rolled_hits = 0
    for i in range(rolled):
        chain = roller.roll_exploding(6, f"attacker {i + 1} wild die", wild=True)
        dice += chain
        value = sum(d.face for d in chain)
        faces.append(value)
        rolled_hits += value >= need
    hits += rolled_hits
    if rolled:
        steps.append(step("minisix.mass_rolled", faces=faces, hits=rolled_hits))
    steps.append(step("minisix.mass_hits_of", hits=hits, attackers=args.attackers))
    odds = _mass_attack_odds(rolled, each, sixes, p6, args.attackers)
    return MassAttackResult(
        summary=step("minisix.mass_attack", attackers=args.attackers, code=args.code, exact=float(exact), tn=args.tn,
                     hits=hits), steps=steps,
        rule_refs=[MASS, MASS_TABLE], dice=dice, outcome=hits, success=hits > 0, odds=odds,
        attackers=args.attackers, code=args.code, base=base, base_exact=str(exact), tn=args.tn, over=over,
        assumed_sixes=sixes, rerolled_sixes=bool(sixes and reroll), rolled=rolled, hits=hits,
        lowest_hit=half(exact + need), p_hit_each=float(each), p_hit_each_exact=_fraction_text(each),
    )


# --- casualties ----------------------------------------------------------------------------------------------------


class CasualtyArgs(ToolArgs):
    wounds: int = Field(0, ge=0, le=10000, description="Wound results (damage 4-8 over Soak) on the unit.")
    incapacitating: int = Field(0, ge=0, le=10000, description="Incapacitated-or-worse results (9+ over Soak).")
    unit_size: int | None = Field(None, ge=1, le=100000, description="Men in the unit (caps the losses).")


class CasualtyResult(ToolResult):
    taken_out: int
    from_wounds: int = Field(json_schema_extra={"fact": "count"})
    from_incapacitating: int
    wounds_left_over: int = Field(description="Wound results short of another three.")
    remaining: int | None


def casualties(wounds: int, incapacitating: int, unit_size: int | None) -> tuple[int, int, int, list[Step]]:
    from_w, left = divmod(wounds, 3)
    total = from_w + incapacitating
    steps = [step("minisix.mass_wound_results", wounds=wounds, out=from_w, left=left),
             step("minisix.mass_incap_results", incapacitating=incapacitating),
             step("minisix.mass_taken_out", wounds=from_w, incapacitating=incapacitating, total=total)]
    if unit_size is not None and total > unit_size:
        steps.append(step("minisix.mass_unit_gone", size=unit_size))
        total = unit_size
    return total, from_w, left, steps


@tool("minisix")
def minisix_mass_casualties(args: CasualtyArgs, roller: Roller) -> CasualtyResult:
    """Mass combat damage: every 3 wound results or 1 incapacitate-or-worse result take out one man (24 wounds and 3
    incapacitate+ results: 11)."""
    total, from_w, left, steps = casualties(args.wounds, args.incapacitating, args.unit_size)
    return CasualtyResult(summary=step("minisix.mass_casualties", total=total), steps=steps, rule_refs=[MASS_DAMAGE], taken_out=total,
                          from_wounds=from_w, from_incapacitating=args.incapacitating, wounds_left_over=left,
                          remaining=None if args.unit_size is None else args.unit_size - total)


class MassDamageArgs(ToolArgs):
    hits: int = Field(ge=1, le=MAX_ATTACKERS, description="Hits on the unit.")
    damage: str = Field(max_length=20, description="Each hit's damage code, e.g. '5D'.")
    soak: int = Field(ge=0, le=200, description="The soak of the unit's men.")
    unit_size: int | None = Field(None, ge=1, le=100000)

    _code = field_validator("damage")(_mass_code)


class MassDamageResult(CheckResult):
    wounds: int = Field(json_schema_extra={"fact": "count"})  # wound results counted, not a wound level
    incapacitating: int
    stuns: int = Field(json_schema_extra={"fact": "count"})
    taken_out: int


def _per_hit(exact: Fraction, soak: int) -> dict[str, Fraction]:
    """Each hit's chance of a wound result and of an incapacitate-or-worse one (damage exact + WD vs soak)."""
    def reach(margin: int) -> Fraction:
        return wild_at_least(ceil(soak + margin - exact))

    wound = reach(4) - reach(9)
    incap = reach(9)
    stun = reach(0) - reach(4)
    return {"wound": wound, "incap": incap, "stun": stun, "none": 1 - wound - incap - stun}


@shape_cache
def _wild_bands(exact: Fraction, soak: int) -> tuple[tuple[int, int | None, str], ...]:
    """The result bands (damage minus Soak) as wild-die values: the margin ``exact + v - soak`` is in ``low..high``
    exactly when the whole number v is in ``ceil(low + soak - exact)..floor(high + soak - exact)``."""
    out = []
    for low, high, name in MARGIN_BANDS:
        key = "stunned" if name == "stunned" else "wounded" if name == "wounded" else "incapacitating"
        out.append((ceil(low + soak - exact), None if high is None else floor(high + soak - exact), key))
    return tuple(out)


@shape_cache
def _mass_damage_odds(exact: Fraction, soak: int, hits: int, cap: int) -> Odds:
    """The odds of how many are taken out: every hit's result walked as (wounds short of three, taken out), capped
    at the unit. Cached by that shape (damage base, soak, hits, cap): the walk is Fraction arithmetic per hit."""
    per = _per_hit(exact, soak)
    states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}  # (wounds mod 3, taken out) -> p
    for _ in range(hits):
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (w, out), p in states.items():
            nxt[(w, out)] += p * (per["none"] + per["stun"])
            nxt[((w + 1) % 3, out + (1 if w == 2 else 0))] += p * per["wound"]
            nxt[(w, out + 1)] += p * per["incap"]
        states = nxt
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for (_, out), p in states.items():
        dist[min(out, cap)] += p
    return Dist(dist).odds(order=range(min(cap, hits) + 1))


@tool("minisix")
def minisix_mass_damage(args: MassDamageArgs, roller: Roller) -> MassDamageResult:
    """Mass combat damage rolls: each hit's damage is 3.5 per die but the wild die plus the wild die, minus Soak; 3
    wound results or 1 incapacitate+ take out one man."""
    c, shown = rolled_code(args.damage)
    exact = mass_base(c)
    steps = [*shown, step("minisix.mass_hit_damage", exact=float(exact), soak=args.soak)]
    dice: list[Die] = []
    counts = {"stunned": 0, "wounded": 0, "incapacitating": 0}
    bands = _wild_bands(exact, args.soak)
    for i in range(args.hits):
        chain = roller.roll_exploding(6, f"hit {i + 1} damage wild die", wild=True)
        dice += chain
        value = sum(d.face for d in chain)
        for low, high, key in bands:
            if value >= low and (high is None or value <= high):
                counts[key] += 1
                break
    steps.append(step("minisix.mass_results", wounds=counts["wounded"], incapacitating=counts["incapacitating"],
                      stuns=counts["stunned"]))
    total, _, _, more = casualties(counts["wounded"], counts["incapacitating"], args.unit_size)
    steps += more
    cap = args.unit_size if args.unit_size is not None else args.hits
    odds = _mass_damage_odds(exact, args.soak, args.hits, cap)
    return MassDamageResult(summary=step("minisix.mass_damage", hits=args.hits, damage=args.damage, soak=args.soak,
                                         total=total),
                            steps=steps, rule_refs=[MASS, MASS_DAMAGE], dice=dice, outcome=total,
                            success=None, odds=odds,
                            wounds=counts["wounded"], incapacitating=counts["incapacitating"],
                            stuns=counts["stunned"], taken_out=total)


# --- scaling -------------------------------------------------------------------------------------------------------


def scale_of(size: int) -> tuple[int, str]:
    for at_least, dice, name in SCALES:
        if size >= at_least:
            return dice, name
    return 0, "individual"


class ScaleArgs(ToolArgs):
    attacker_size: int = Field(ge=1, le=100000, description="Men in the attacking unit (1: a single character).")
    defender_size: int = Field(ge=1, le=100000, description="Men in the defending unit.")
    code: str = Field(max_length=20, description="The attacking unit's code as one entity, e.g. '4D'.")
    tn: int | None = Field(None, ge=1, le=500, description="The TN, or null for an open roll.")

    _code = field_validator("code")(_mass_code)


class ScaleResult(CheckResult):
    attacker_scale: str
    defender_scale: str
    bonus_dice: int
    scaled_code: str
    total: int


@tool("minisix")
def minisix_unit_scale(args: ScaleArgs, roller: Roller) -> ScaleResult:
    """Units as single scaled entities: squad of 10 +4D, company of 100 +8D, brigade of 1000 +12D; the larger side adds
    the difference to its roll against the smaller."""
    a_dice, a_name = scale_of(args.attacker_size)
    d_dice, d_name = scale_of(args.defender_size)
    bonus = max(0, a_dice - d_dice)
    base = code(args.code)
    scaled = DieCode(dice=base.dice + bonus, pips=base.pips)
    steps = [step("minisix.scales", attackers=args.attacker_size, a_scale=a_name, a_dice=a_dice,
                  defenders=args.defender_size, d_scale=d_name, d_dice=d_dice),
             (step("minisix.scale_bonus", bonus=bonus, code=args.code, scaled=scaled.text()) if bonus else
              step("minisix.no_scale_bonus"))]
    o = RollOutcome(RollSpec(code=scaled.text(), tn=args.tn), roller, "scaled")
    steps += o.steps[1:]
    return ScaleResult(summary=step("minisix.unit_scale", scaled=scaled.text(), bonus=bonus, total=o.total,
                                    tn=args.tn, outcome=o.outcome),
                       steps=steps, rule_refs=[MASS_DAMAGE], dice=o.dice, outcome=o.outcome, success=o.success,
                       odds=o.odds, attacker_scale=a_name, defender_scale=d_name, bonus_dice=bonus,
                       scaled_code=scaled.text(), total=o.total)
