"""Brew combat (``brew.md#Combat``, ``#Examples of weapon attacks``): contested attack and defence rolls, damage by
attack type or weapon, armor soak, targeted attacks, several opponents, ranges and disengaging, throws, chases
and the exhaustion of a drawn-out fight.

Readings chosen:

* **The exchange.** The attacker's pool + die against the defender's; the higher total lands, a tie lands
  nothing. The defender either dodges or parries (``contest``: winning deals no damage), fights back
  (``counter`` given, close range only, engaged with this attacker: winning deals the defender's own damage to
  the attacker — two-person combat needs no turns), takes the hit to do something else (``take_hit``: no
  defence roll, the attack lands, no margin bonus for want of a losing roll), defends against magic without
  magic (``flat``: Power or Precision alone), or disengages from mid to long range (``disengage``: a defence
  roll; winning moves away and deals nothing). Moving between close and mid range is taking the hit.
* **Damage.** Unarmed: half the attack's attribute, rounded down, at least 1; blunt and simple projectiles: the
  attribute; simple blades: half the attack roll's total, rounded down; complex weapons: their stats (one of
  those rules or a fixed number); the four example weapons as the book's table gives them. +1 when the winning
  total beats the losing one by 2 or more; then armor soaks its points unless the attack was targeted (−2 to the
  attack roll, armor ignored). Damage never goes below 0. Pulling a punch deals none; a grapple deals none and
  holds the target (keeping them down is Power against Power, the held one rolling 2d6 keep low).
  The book's own numbers: Pete's punch (Power 2: 1, +1 for beating Marlo by 2, −1 for the fur cap) deals 1; with
  the belt knife ((2 + 3 + 2) / 2 = 3, +1, −1) it deals 3.
* **Several opponents.** One attack a round; the defender engages one attacker and defends against every other
  one at −2 per additional attacker (three attackers: −4 against each of the two not engaged).
* **Ranges.** Close, mid and long; each attack type and weapon has the ranges it reaches (hand-to-hand: close;
  simple projectiles: close and mid; complex ranged: mid and long unless the weapon says otherwise).
* **Chases.** A series of contested Speed rolls (Speed alone, plus bonuses), at most ``max_rolls`` (the book
  recommends five): the side that first wins a majority of them decides it (caught, or gets away); when the rolls
  run out without a majority, more wins decide and an even count lets the quarry get away. From the second roll
  on, each side first rolls Power + 1d6 against 6; failing it, −2 on that Speed roll.
* **Exhaustion of a fight.** After Power rounds without damage, −2 to attacks and defences, growing by 2 every
  further round ("until the opponents are no longer able to fight").
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Literal, NamedTuple

from pydantic import Field, field_validator, model_validator

from narrator.tools.contract import CheckResult, ToolArgs, ToolResult
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.frozen import Frozen
from narrator.tools.odds import Dist, Odds, die, fraction_text, shape_cache
from narrator.tools.steps import Step, step
from narrator.tools.tool import tool
from narrator.tools.systems.brew.checks import keep_mode, lower
from narrator.tools.systems.brew.contests import Side, SideRoll, compare, keep_total_dist, roll_side, side_pool
from narrator.tools.systems.brew.rules import (
    ATTACK_TYPES, COMBAT, CONTESTED, RANGES, WEAPONS, WEAPONS_TABLE, AttackType, DamageRule, Range,
    WeaponName,
)

Defence = Literal["contest", "take_hit", "flat", "disengage"]
AttackOutcome = Literal["hit", "miss", "countered"]
ATTACK_ORDER = ("hit", "miss", "countered")


class WeaponSpec(ToolArgs):
    """How an attack deals damage: an attack type of the book's table, or one of its four weapons, plus the
    stats a complex weapon needs."""

    attack_type: AttackType | None = Field(None, description="unarmed, blunt, simple_bladed, simple_projectile, "
                                           "complex_handheld, complex_ranged.")
    weapon: WeaponName | None = Field(None, description="One of the example weapons: composite bow, handgun, "
                                      "broadsword, knife.")
    damage_rule: DamageRule | None = Field(None, description="A complex weapon's damage: half_attribute, attribute, "
                                           "half_total or total.")
    damage_fixed: int | None = Field(None, ge=0, le=30, description="A complex weapon dealing a fixed number.")
    ranges: list[Range] | None = Field(None, min_length=1, max_length=3, description="The ranges the weapon "
                                       "reaches; default: the attack type's.")

    @field_validator("attack_type", "weapon", "damage_rule", mode="before")
    @classmethod
    def _lower(cls, v):
        return lower(v)

    @model_validator(mode="after")
    def _one(self):
        if self.attack_type is None and self.weapon is None:
            raise ValueError("name an attack_type or a weapon")
        kind = self.kind()
        stats = self.weapon or self.damage_rule or self.damage_fixed is not None
        if kind.startswith("complex") and not stats:
            raise ValueError(f"a {kind.replace('_', ' ')} weapon deals damage by its stats: give damage_rule or "
                             "damage_fixed")
        return self

    def kind(self) -> str:
        return WEAPONS_TABLE[self.weapon]["type"] if self.weapon else str(self.attack_type)

    def rule(self) -> str | int:
        if self.damage_fixed is not None:
            return self.damage_fixed
        if self.damage_rule is not None:
            return self.damage_rule
        if self.weapon:
            return WEAPONS_TABLE[self.weapon]["damage"]
        return ATTACK_TYPES[str(self.attack_type)]["damage"]

    def reach(self) -> tuple[str, ...]:
        if self.ranges:
            return tuple(r for r in RANGES if r in self.ranges)
        if self.weapon:
            return WEAPONS_TABLE[self.weapon]["ranges"]
        return ATTACK_TYPES[str(self.attack_type)]["ranges"]

    def label(self) -> str:
        return self.weapon or str(self.attack_type).replace("_", " ")


def base_damage(rule: str | int, attribute: int, total: int) -> int:
    if isinstance(rule, int):
        return rule
    return {"half_attribute": max(1, attribute // 2), "attribute": attribute, "half_total": max(0, total // 2),
            "total": max(0, total)}[rule]


@lru_cache(maxsize=4096)
def damage_of(rule: str | int, attribute: int, total: int, loser_total: int | None, soak: int, targeted: bool,
              pull: bool) -> tuple[int, tuple[Step, ...]]:
    """Damage after the margin bonus and soak, with the lines that explain it: once per these few values (an
    exchange's odds walk every pair of totals through it, and a hit's three or four lines recur all fight long)."""
    base = base_damage(rule, attribute, total)
    lines = [step("brew.damage_base", rule=rule, base=base)]
    bonus = 1 if loser_total is not None and total - loser_total >= 2 else 0
    if bonus:
        lines.append(step("brew.margin_bonus", total=total, loser_total=loser_total))
    soaked = 0 if targeted else soak
    if soak and targeted:
        lines.append(step("brew.targeted_no_soak"))
    elif soak:
        lines.append(step("brew.armor_soaks", soak=soak))
    dealt = max(0, base + bonus - soaked)
    if pull:
        lines.append(step("brew.punch_pulled", dealt=dealt))
        dealt = 0
    else:
        lines.append(step("brew.damage_dealt", base=base, bonus=bonus, soaked=soaked, dealt=dealt))
    return dealt, tuple(lines)


class Counter(WeaponSpec):
    """The defender fights back: a won exchange deals this damage to the attacker."""

    attacker_soak: int = Field(0, ge=0, le=20, description="The attacker's armor soak.")


class AttackArgs(ToolArgs):
    attacker: Side = Field(description="The attacker's pool: Power or Precision + Melee, Precision + Athletics, "
                           "Precision + Craft...")
    weapon: WeaponSpec
    defender: Side | None = Field(None, description="The defender's pool (not needed when they take the hit).")
    defence: Defence = Field("contest", description="contest (dodge or parry), take_hit (no defence: acts "
                             "instead), flat (against magic without magic: Power or Precision alone), disengage "
                             "(from mid to long range).")
    counter: Counter | None = Field(None, description="The defender fights back at close range: their damage "
                                    "on winning.")
    attackers: int = Field(1, ge=1, le=20, description="How many attack the defender this round.")
    engaged: bool = Field(True, description="The defender engages this attacker; the others are defended at -2 "
                          "per additional attacker.")
    targeted: bool = Field(False, description="Aimed past the armor: -2 to the attack, armor ignored.")
    armor_soak: int = Field(0, ge=0, le=20, description="Damage the defender's armor soaks.")
    pull_punch: bool = Field(False, description="Hold back: a hit deals no damage.")
    grapple: bool = Field(False, description="Grapple the defender down instead of hurting them (a melee attack).")
    range: Range = Field("close", description="close, mid or long.")

    @field_validator("defence", "range", mode="before")
    @classmethod
    def _lower(cls, v):
        return lower(v)

    @model_validator(mode="after")
    def _coherent(self):
        problems = []
        if self.defence != "take_hit" and self.defender is None:
            problems.append("the defender's pool is needed unless they take the hit")
        if self.counter is not None and (self.defence != "contest" or self.range != "close" or not self.engaged):
            problems.append("fighting back is a contested defence at close range against the engaged attacker")
        if not self.engaged and self.attackers < 2:
            problems.append("an attacker the defender does not engage means at least 2 attackers")
        if self.defence == "disengage" and self.range != "mid":
            problems.append("disengaging is a defence roll from mid to long range; between close and mid range "
                            "it is taking the hit (defence take_hit)")
        if self.grapple and self.weapon.kind() not in ("unarmed",):
            problems.append("a grapple is an unarmed melee attack (attack_type unarmed)")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class AttackResult(CheckResult):
    outcome: AttackOutcome
    attacker_roll: SideRoll
    defender_roll: SideRoll | None
    margin: int | None
    damage: int = Field(description="Damage dealt to the defender.")
    counter_damage: int = Field(0, description="Damage the defender dealt back.")
    defence_penalty: int
    disengaged: bool
    grappled: bool
    damage_odds: dict[str, float]
    damage_exact: dict[str, str]


def _counter_damage(args: AttackArgs, total: int | None, loser: int | None) -> int:
    if args.counter is None or total is None or args.defender is None:
        return 0
    return damage_of(args.counter.rule(), args.defender.attribute, total, loser, args.counter.attacker_soak, False,
                     False)[0]


def exchange(a: int | None, d: int | None, defence: str, counter: bool) -> str:
    if defence == "take_hit":
        return "miss" if a is None else "hit"
    result = compare(a, d)
    if result == "win":
        return "hit"
    if result == "lose" and counter:
        return "countered"
    return "miss"


@tool("brew")
def brew_attack(args: AttackArgs, roller: Roller) -> AttackResult:
    """A Brew attack: contested attack and defence rolls; damage by attack type or weapon, +1 for winning by 2, armor
    soak, targeted attacks, several opponents, ranges, taking the hit, disengaging."""
    reach = args.weapon.reach()
    if args.range not in reach:
        raise ToolArgumentError("?", [FieldProblem("range", f"a {args.weapon.label()} reaches {' and '.join(reach)} "
                                                            f"range, not {args.range}")])
    steps = [attack_line(args.attacker.name, args.weapon.label(), args.range)]
    target_mod = -2 if args.targeted else 0
    ba, la = side_pool(args.attacker, target_mod, "targeted attack")
    steps += la
    penalty = 0 if args.engaged else -2 * (args.attackers - 1)
    defender = args.defender
    if args.defence == "flat" and defender is not None:
        defender = defender.model_copy(update={"skill": None})
        steps.append(step("brew.flat_defence"))
    rd = None
    if args.defence == "take_hit":
        steps.append(step("brew.takes_hit"))
        bd = None
    else:
        bd, ld = side_pool(defender, penalty, f"defending against {args.attackers - 1} additional attacker(s)")
        steps += ld
        if penalty:
            steps.append(step("brew.engaged_penalty", name=defender.name, penalty=penalty))
    ra, sa = roll_side(roller, args.attacker, ba, "attack die")
    steps += sa
    if bd is not None:
        rd, sd = roll_side(roller, defender, bd, "defence die")
        steps += sd
    a_total = ra.total
    d_total = rd.total if rd else None
    outcome = exchange(a_total, d_total, args.defence, args.counter is not None)
    damage = counter_damage = 0
    margin = None if a_total is None or d_total is None else a_total - d_total
    disengaged = grappled = False
    if outcome == "hit":
        steps.append(lands_line(a_total, d_total))
        if args.grapple:
            grappled = True
            steps.append(step("brew.grappled_down", name=defender.name if defender else None))
        else:
            damage, lines = damage_of(args.weapon.rule(), args.attacker.attribute, a_total, d_total,
                                      args.armor_soak, args.targeted, args.pull_punch)
            steps += lines
    elif outcome == "countered":
        steps.append(step("brew.strikes_back", name=defender.name, defence=d_total, attack=a_total))
        counter_damage, lines = damage_of(args.counter.rule(), defender.attribute, d_total, a_total,
                                          args.counter.attacker_soak, False, False)
        steps += lines
    else:
        if args.defence == "disengage" and d_total is not None:
            disengaged = True
            steps.append(step("brew.disengages", name=defender.name))
        else:
            steps.append(step("brew.misses", tie=a_total is not None and a_total == d_total))
    odds, damage_odds, damage_exact = attack_odds(attack_shape(args, ba.pool, bd.pool if bd else None, defender))
    refs = [COMBAT, CONTESTED] + ([WEAPONS] if args.weapon.weapon or not args.engaged or args.range != "close"
                                  or args.defence == "disengage" else [])
    # The result validated straight through its core validator: what AttackResult(...) does, without the detour
    # through BaseModel.__init__ (about 0.8 µs a call; the same fields, checks and result).
    return AttackResult.__pydantic_validator__.validate_python({
        "summary": attack_summary(args.attacker.name, defender.name if defender else None, outcome, damage,
                                  grappled, disengaged, counter_damage),
        "steps": steps, "rule_refs": refs, "dice": [*ra.dice, *(rd.dice if rd else [])], "outcome": outcome,
        "success": outcome == "hit", "odds": odds, "attacker_roll": ra, "defender_roll": rd, "margin": margin,
        "damage": damage, "counter_damage": counter_damage, "defence_penalty": penalty, "disengaged": disengaged,
        "grappled": grappled, "damage_odds": damage_odds, "damage_exact": damage_exact,
    })


@lru_cache(maxsize=4096)
def attack_line(name: str, weapon: str, range: str) -> Step:
    """The attack's first line, once per attacker, weapon and range (frozen: shared between results)."""
    return step("brew.makes_attack", name=name, weapon=weapon, range=range)


@lru_cache(maxsize=4096)
def lands_line(attack: int | None, defence: int | None) -> Step:
    """The line of a blow that lands, once per the two totals."""
    return step("brew.lands", attack=attack, defence=defence)


@lru_cache(maxsize=4096)
def attack_summary(attacker: str, defender: str | None, outcome: str, damage: int, grappled: bool, disengaged: bool,
                   counter_damage: int) -> Step:
    """The attack's summary and the verdict it quotes, once per names and what happened."""
    return step("brew.attack", attacker=attacker, defender=defender,
                verdict=step("brew.attack_verdict", outcome=outcome, damage=damage, grappled=grappled,
                             disengaged=disengaged, counter_damage=counter_damage))


class AttackShape(NamedTuple):
    """Everything an exchange's odds depend on: each side's die (keep mode, Lucky) and pool, the defence, and how a
    hit deals damage. A few small values, so the odds are cached by it cheaply (hashing and comparing the whole
    arguments model cost more than the lookup saved)."""

    attacker_keep: str
    attacker_lucky: bool
    attacker_pool: int
    defender_keep: str | None  # None: no defence roll (the defender takes the hit)
    defender_lucky: bool
    defender_pool: int | None
    defence: str
    counter: bool
    grapple: bool
    rule: str | int
    attribute: int
    soak: int
    targeted: bool
    pull_punch: bool


def attack_shape(args: AttackArgs, pa: int, pd: int | None, defender: Side | None) -> AttackShape:
    """The shape of one attack: its pools ``pa`` and ``pd`` (None: no defence roll) and what the arguments say."""
    rolls = pd is not None and defender is not None
    return AttackShape(keep_mode(args.attacker.specialty, args.attacker.advantage), args.attacker.lucky, pa,
                       keep_mode(defender.specialty, defender.advantage) if rolls else None,
                       defender.lucky if rolls else False, pd if rolls else None, args.defence,
                       args.counter is not None, args.grapple, args.weapon.rule(), args.attacker.attribute,
                       args.armor_soak, args.targeted, args.pull_punch)


@lru_cache(maxsize=4096)
def attack_odds(shape: AttackShape) -> tuple[Odds, dict[str, float], dict[str, str]]:
    """The exchange's odds block and the damage's distribution (floats, fractions), once per attack shape: the same
    blow against the same defence repeats all fight long, and its exact arithmetic was most of a call."""
    dist, dmg = shape_dists(shape)
    return (dist.odds(p_success=dist.p(lambda o: o == "hit"), order=ATTACK_ORDER if shape.counter else ATTACK_ORDER[:2]),
            {str(k): float(v) for k, v in sorted(dmg.items())},
            {str(k): fraction_text(v) for k, v in sorted(dmg.items())})


def attack_dists(args: AttackArgs, pa: int, pd: int | None, defender: Side | None) -> tuple[Dist, Dist]:
    """Exact distributions of the exchange's outcome and of the damage the defender takes."""
    return shape_dists(attack_shape(args, pa, pd, defender))


@lru_cache(maxsize=4096)
def shape_dists(s: AttackShape) -> tuple[Dist, Dist]:
    """The exchange's outcome and the damage dealt, exactly, for one attack shape (cached: both are immutable)."""
    ta = keep_total_dist(s.attacker_keep, s.attacker_lucky, s.attacker_pool)
    td = Dist.certain(None) if s.defender_keep is None else keep_total_dist(s.defender_keep, s.defender_lucky,
                                                                            s.defender_pool)
    outcomes: dict[str, Fraction] = defaultdict(Fraction)
    damage: dict[int, Fraction] = defaultdict(Fraction)
    for a, p in ta.items():
        for d, q in td.items():
            o = exchange(a, d, s.defence, s.counter)
            outcomes[o] += p * q
            hurt = 0 if o != "hit" or a is None or s.grapple else damage_of(s.rule, s.attribute, a, d, s.soak,
                                                                           s.targeted, s.pull_punch)[0]
            damage[hurt] += p * q
    return Dist(outcomes), Dist(damage)


# --- throws at an unmoving or unaware target -----------------------------------------------------------------------


class ThrowArgs(ToolArgs):
    attribute: int = Field(ge=1, le=15, description="Precision (Power for a heavy object).")
    athletics: int = Field(0, ge=0, le=15)
    bonus: int = Field(0, ge=-30, le=30)
    heavy: bool = Field(False, description="A heavy object: Power + Athletics, shorter ranges.")
    distance_m: float | None = Field(None, ge=0, le=10_000, description="How far the target is, in metres.")


class ThrowResult(CheckResult):
    outcome: Literal["hit", "miss"]
    total: int | None
    effective_range_m: int = Field(description="How far the throw is effective (0 below 8).")


def throw_range(total: int, attribute: int, heavy: bool) -> int:
    if total >= 10:
        return attribute * (5 if heavy else 10)
    if total >= 8:
        return attribute * (2 if heavy else 5)
    return 0


@tool("brew")
def brew_throw(args: ThrowArgs, roller: Roller) -> ThrowResult:
    """Throw at an unmoving or unaware target (not contested): Precision (Power if heavy) + Athletics + 1d6; a total of
    8 reaches Precision x 5 m, 10 reaches x 10 m (heavy: Power x 2 m / x 5 m)."""
    pool = args.attribute + args.athletics + args.bonus
    steps = [step("brew.throw_pool", heavy=args.heavy, attribute=args.attribute, athletics=args.athletics,
                  bonus=args.bonus, pool=pool)]
    if pool <= 0:
        steps.append(step("brew.throw_fails"))
        return ThrowResult(summary=step("brew.throw_auto_fail"), steps=steps, rule_refs=[COMBAT], dice=[], outcome="miss",
                           success=False, odds=Dist.certain("miss").odds(p_success=Fraction(0), order=("hit", "miss")),
                           total=None, effective_range_m=0)
    d = roller.roll(6, "throw die")
    total = pool + d.face
    reach = throw_range(total, args.attribute, args.heavy)
    steps.append(step("brew.throw_roll", face=d.face, total=total, reach=reach, heavy=args.heavy,
                      attribute=args.attribute))
    hit = reach > 0 and (args.distance_m is None or args.distance_m <= reach)
    if args.distance_m is not None:
        steps.append(step("brew.throw_distance", distance=args.distance_m, hit=hit))
    return ThrowResult(summary=step("brew.throw", total=total, hit=hit, reach=reach), steps=steps,
                       rule_refs=[COMBAT], dice=[d], outcome="hit" if hit else "miss", success=hit,
                       odds=throw_odds(pool, args.attribute, args.heavy, args.distance_m), total=total,
                       effective_range_m=reach)


@shape_cache
def throw_odds(pool: int, attribute: int, heavy: bool, distance_m: float | None) -> Odds:
    """The throw's odds block, once per throw shape."""
    dist = Dist.uniform(range(1, 7)).map(lambda f: "hit" if throw_range(pool + f, attribute, heavy) > 0 and (
        distance_m is None or distance_m <= throw_range(pool + f, attribute, heavy)) else "miss")
    return dist.odds(p_success=dist.p(lambda o: o == "hit"), order=("hit", "miss"))


# --- chases --------------------------------------------------------------------------------------------------------


class Runner(ToolArgs):
    name: str = Field(min_length=1, max_length=60)
    speed: int = Field(ge=1, le=15)
    power: int = Field(ge=1, le=15)
    bonus: int = Field(0, ge=-30, le=30, description="Bonuses and penalties to the Speed rolls (laden -2...).")


class ChaseArgs(ToolArgs):
    chaser: Runner
    quarry: Runner
    max_rolls: int = Field(5, ge=1, le=9, description="Rolls before the quarry is caught or gets away (the book "
                           "recommends a cap of five).")


class ChaseRound(Frozen):
    number: int
    chaser_total: int
    quarry_total: int
    chaser_tired: bool
    quarry_tired: bool
    winner: str | None


class ChaseResult(CheckResult):
    outcome: Literal["caught", "got away"]
    rounds: list[ChaseRound]
    chaser_wins: int
    quarry_wins: int


def _tired_p(power: int) -> Fraction:
    return Fraction(sum(1 for f in range(1, 7) if power + f < 6), 6)


def _round_dist(chaser: Runner, quarry: Runner, later: bool) -> Dist:
    def side(r: Runner) -> Dist:
        base = die(6) + (r.speed + r.bonus)
        if not later:
            return base
        p = _tired_p(r.power)
        tired = Dist({True: p, False: 1 - p}) if 0 < p < 1 else Dist.certain(p == 1)
        return tired.bind(lambda t: base + (-2 if t else 0))

    return side(chaser).combine(side(quarry), lambda c, q: "chaser" if c > q else "quarry" if q > c else "tie")


def chase_dist(args: ChaseArgs) -> Dist:
    need = args.max_rolls // 2 + 1
    states = {(0, 0): Fraction(1)}
    done: dict[str, Fraction] = defaultdict(Fraction)
    for n in range(args.max_rolls):
        rd = _round_dist(args.chaser, args.quarry, n > 0)
        nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (c, q), p in states.items():
            for w, pw in rd.items():
                c2, q2 = c + (w == "chaser"), q + (w == "quarry")
                if c2 >= need:
                    done["caught"] += p * pw
                elif q2 >= need:
                    done["got away"] += p * pw
                else:
                    nxt[(c2, q2)] += p * pw
        states = nxt
    for (c, q), p in states.items():
        done["caught" if c > q else "got away"] += p
    return Dist(done)


@tool("brew")
def brew_chase(args: ChaseArgs, roller: Roller) -> ChaseResult:
    """A Brew chase: contested Speed rolls up to a cap (five by default); from the second, Power vs 6 or -2 for tiring;
    the first to win a majority decides: caught or got away."""
    c, q = args.chaser, args.quarry
    need = args.max_rolls // 2 + 1
    steps = [step("brew.chase_start", chaser=c.name, chaser_speed=c.speed, quarry=q.name, quarry_speed=q.speed,
                  rolls=args.max_rolls, need=need)]
    dice: list[Die] = []
    rounds: list[ChaseRound] = []
    cw = qw = 0
    for n in range(1, args.max_rolls + 1):
        tired = {}
        if n > 1:
            for r in (c, q):
                d = roller.roll(6, f"{r.name} stamina")
                dice.append(d)
                tired[r.name] = r.power + d.face < 6
                steps.append(step("brew.stamina", n=n, name=r.name, power=r.power, face=d.face, tired=tired[r.name]))
        dc, dq = roller.roll(6, f"{c.name} speed"), roller.roll(6, f"{q.name} speed")
        dice += [dc, dq]
        tc = c.speed + c.bonus + dc.face - (2 if tired.get(c.name) else 0)
        tq = q.speed + q.bonus + dq.face - (2 if tired.get(q.name) else 0)
        winner = c.name if tc > tq else q.name if tq > tc else None
        cw += winner == c.name
        qw += winner == q.name
        rounds.append(ChaseRound(number=n, chaser_total=tc, quarry_total=tq, chaser_tired=bool(tired.get(c.name)),
                                 quarry_tired=bool(tired.get(q.name)), winner=winner))
        steps.append(step("brew.chase_roll", n=n, chaser=c.name, chaser_total=tc, quarry=q.name, quarry_total=tq,
                          winner=winner))
        if cw >= need or qw >= need:
            break
    outcome = "caught" if cw > qw and (cw >= need or len(rounds) == args.max_rolls) else "got away"
    steps.append(step("brew.chase_end", chaser=c.name, chaser_wins=cw, quarry=q.name, quarry_wins=qw,
                      outcome=outcome))
    return ChaseResult(summary=step("brew.chase", quarry=q.name, outcome=outcome, chaser_wins=cw, quarry_wins=qw),
                       steps=steps, rule_refs=[WEAPONS, CONTESTED],
                       dice=dice, outcome=outcome, success=outcome == "caught", odds=chase_odds(args), rounds=rounds,
                       chaser_wins=cw, quarry_wins=qw)


@shape_cache
def chase_odds(args: ChaseArgs) -> Odds:
    """The chase's odds block, once per chase (up to nine rounds of exact arithmetic: the slowest Brew call)."""
    dist = chase_dist(args)
    return dist.odds(p_success=dist["caught"], order=("caught", "got away"))


# --- the exhaustion of a drawn-out fight ---------------------------------------------------------------------------


class FightExhaustionArgs(ToolArgs):
    power: int = Field(ge=1, le=15)
    rounds: int = Field(ge=0, le=200, description="Rounds fought so far without damage dealt by either side.")


class FightExhaustionResult(ToolResult):
    penalty: int = Field(description="To every attack and defence this round (0 or negative).")
    rounds_left: int = Field(description="Rounds before the penalty starts (0 once it has).")


@tool("brew")
def brew_fight_exhaustion(args: FightExhaustionArgs, roller: Roller) -> FightExhaustionResult:
    """Exhaustion in a fight that drags on without damage: after Power rounds, -2 to attacks and defences, 2 more every
    further round."""
    over = max(0, args.rounds - args.power)
    penalty = -2 * over
    steps = [step("brew.fight_stamina", power=args.power, rounds=args.rounds)]
    steps.append(step("brew.fight_tiring", over=over, penalty=penalty) if over else
                 step("brew.fight_fresh", left=args.power - args.rounds))
    return FightExhaustionResult(summary=step("brew.fight_exhaustion", penalty=penalty), steps=steps, rule_refs=[WEAPONS],
                                 penalty=penalty, rounds_left=max(0, args.power - args.rounds))

