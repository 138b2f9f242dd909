"""State-bound 5+ tools that put people and descriptors on the table (``five-plus.md#Characters``, ``#NPCs``,
``#Descriptors``, ``#Items``): player-characters (chosen or rolled), NPCs from a concept, descriptors made on the fly,
and equipping items.

NPC generation (``fiveplus_add_npc``) follows :mod:`.npcs`: rank and successes-to-defeat from the power level and
the party on the table (its default challenge: each player-character's best combat, ranged or magic level), its
actions and ability from the concept's words, its goal and behaviour from a d6 each, and a trait for creatures the
book's successes rule fits (a ghost is immune to weapons, a zombie weak to fire). Names: the one given, else the
concept's first words (up to of/with/who…), numbered when taken ("City Guard 2").
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, ValidationError

from narrator.tools.concepts import concept_words
from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.systems.fiveplus.characters import fiveplus_character_create, fiveplus_character_random
from narrator.tools.systems.fiveplus.descriptors import Descriptor, make, parse_notation
from narrator.tools.systems.fiveplus.npcs import (
    BEHAVIOURS,
    GOAL_WORDS,
    GOALS,
    RANK_BY_LEVEL,
    defeat_successes,
    goal_word,
    npc_ability,
    npc_actions,
)
from narrator.tools.systems.fiveplus.rules import (
    DESCRIPTORS,
    EFFECTS,
    ITEMS,
    NPCS,
    OBJECTIVES,
    Group,
    Kind,
)
from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter, violations
from narrator.tools.systems.fiveplus.table_common import SheetEdits, fail, find, require_new_name
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, TableState
from narrator.tools.table_people import npc_args_model, npc_seat_name, put, random_seat_tool, seat_tool
from narrator.tools.tool import table_tool

COMBAT_GROUPS = ("combat", "ranged", "magic")
NPC_TRAITS: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "ghost": ("Incorporeal", "immunity", ("combat", "ranged"), "weapons pass through it"),
    "spirit": ("Incorporeal", "immunity", ("combat", "ranged"), "weapons pass through it"),
    "skeleton": ("Bones", "resistance", ("ranged",), "arrows rattle through its ribs"),
    "zombie": ("Rotting flesh", "weakness", ("fire",), "fire burns it like dry wood"),
    "troll": ("Regenerating", "weakness", ("fire", "magic"), "only fire stops it healing"),
    "golem": ("Stone body", "resistance", ("combat",), "blades barely scratch it"),
    "slime": ("Formless", "resistance", ("combat",), "blows sink into it"),
    "dragon": ("Scaled hide", "resistance", ("ranged",), "arrows glance off its scales"),
}


fiveplus_add_character = seat_tool(
    "fiveplus_add_character", "fiveplus", "Create a 5+ player-character from the scaffold and the player's "
    "descriptors (levels fixed, rolled or bought) and add it to the table.", fiveplus_character_create,
    sheet=FivePlusCharacter.sheet, check_name=require_new_name)
fiveplus_add_random_character = random_seat_tool(
    "fiveplus_add_random_character", "fiveplus", "Roll a random 5+ player-character (levels 2d6 keep the worse, "
    "skills from the concept) and add it to the table.", fiveplus_character_random, sheet=FivePlusCharacter.sheet,
    check_name=require_new_name)


# --- NPCs ---------------------------------------------------------------------------------------------------------


def party_default_challenge(state: TableState) -> tuple[int, list[str]]:
    """The sum of the player-characters' key (combat) descriptor levels; 4 for an empty table."""
    default, keys = party_key_levels(state)
    return default, [party_words(keys)] if not keys else [f"{w} {d} {lv}" for w, d, lv in keys]


def party_words(keys: list[list[Any]]) -> str:
    """The party's key descriptors as a line reads them ('Aria Sword 4; Bram Axe 3')."""
    return "; ".join(f"{w} {d} {lv}" for w, d, lv in keys) if keys else \
        "no player-character yet: the default challenge of one proficient (level 4) hero, 4"


def party_key_levels(state: TableState) -> tuple[int, list[list[Any]]]:
    """The sum of the player-characters' key (combat) descriptor levels (4 for an empty table), and each one's key
    descriptor: [who, descriptor, level]."""
    levels, lines = [], []
    for name, sheet in state.characters.items():
        if sheet.get("npc"):
            continue
        try:
            c = FivePlusCharacter.model_validate(sheet)
        except ValidationError:
            continue
        best = c.key_descriptor(COMBAT_GROUPS)
        if best is not None:
            levels.append(best.level or 0)
            lines.append([name, best.name, best.level])
    if not levels:
        return 4, []
    return max(1, sum(levels)), lines


class NpcArgs(npc_args_model("hungry giant spider", "wolf, guard, archer, wizard, ghost steer its actions and "
                             "traits", default=2, after=" (sets its rank and the successes that defeat it)")):
    rank: int | None = Field(None, ge=-5, le=10, description="Override the rank (+rank to the lower bound against it; "
                             "damage 1 + rank).")
    successes: int | None = Field(None, ge=1, le=200, description="Override the successes that defeat it.")
    goal: str | None = Field(None, min_length=1, max_length=200, description="Why it opposes the players.")
    behaviour: str | None = Field(None, min_length=1, max_length=200, description="How it reacts to successes and "
                                  "failures.")


class NpcResult(CheckResult, BoundResult):
    actor: str
    character: FivePlusCharacter
    rank: int
    damage: int = Field(description="Its constant damage, 1 + rank.")
    successes_to_defeat: int


@table_tool("fiveplus")
def fiveplus_add_npc(args: NpcArgs, roller: Roller, state: TableState) -> NpcResult:
    """Generate a 5+ NPC from a concept and a power level 1-5: goal, actions, signature ability, behaviour, rank and the
    successes that defeat it (NPCs never roll)."""
    name = npc_seat_name(state, args.name, args.concept, check_name=require_new_name)
    dice: list[Die] = []
    rank = RANK_BY_LEVEL[args.level] if args.rank is None else args.rank
    default, parts = party_key_levels(state)
    successes = args.successes or defeat_successes(args.level, default)
    steps = [step("fiveplus.npc_never_rolls"),
             step("fiveplus.npc_rank_of", rank=rank, given=args.rank is not None, level=args.level)]
    if args.successes is None:
        steps.append(step("fiveplus.party_challenge", keys=parts, default=default, level=args.level,
                          successes=successes))
    words = concept_words(args.concept)
    goal = args.goal
    said = goal_word(words) if goal is None else None
    if said is not None:  # a hungry wolf is out to eat: the concept says it, no die does
        goal = GOALS[GOAL_WORDS[said]]
        steps.append(step("fiveplus.npc_goal_said", word=said, goal=GOAL_WORDS[said]))
    if goal is None:
        die = roller.roll(6, "goal")
        dice.append(die)
        goal = GOALS[die.face - 1]
        steps.append(step("fiveplus.npc_goal", face=die.face))
    behaviour = args.behaviour
    if behaviour is None:
        die = roller.roll(6, "behaviour")
        dice.append(die)
        behaviour = BEHAVIOURS[die.face - 1]
        steps.append(step("fiveplus.npc_behaviour", face=die.face))
    actions = npc_actions(args.concept)
    ability = npc_ability(args.concept) if args.level >= 3 else None
    steps.append(step("fiveplus.npc_actions", actions=list(actions), ability=ability))
    descriptors: dict[str, Descriptor] = {}
    for kw, (tname, mode, against, effect) in NPC_TRAITS.items():
        if any(w in (kw, kw + "s") or (len(kw) >= 5 and w.startswith(kw)) for w in words):
            d = make({"name": tname, "kind": "trait", "takes": mode, "against": list(against), "effect": effect})
            descriptors[d.key] = d
            steps.append(step("fiveplus.npc_trait", keyword=kw))
            break
    c = FivePlusCharacter(name=name, concept=args.concept, npc=True, descriptors=descriptors, rank=rank, goal=goal,
                          actions=actions, ability=ability, behaviour=behaviour, successes_to_defeat=successes)
    broken = violations(c)
    if broken:
        fail("rank", "; ".join(broken), rank)
    return NpcResult(summary=step("fiveplus.npc_added", name=name, rank=rank, successes=successes,
                                  actions=list(actions)), steps=steps, rule_refs=[NPCS, OBJECTIVES], dice=dice,
                     outcome=None, success=None, odds=None, actor=name, character=c, rank=rank, damage=1 + rank,
                     successes_to_defeat=successes, changes=[put(c, FivePlusCharacter.sheet)])


# --- descriptors on the fly ----------------------------------------------------------------------------------------


class AddDescriptorArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    notation: str = Field(min_length=1, max_length=400, description="'Firearms (1:0) – can use firearms', "
                          "'Poisoned (3:2)', 'Strong – +1 to strength'.")
    kind: Kind | None = Field(None, description="trait, skill, resistance, condition, wound, ability or equipment "
                              "(default: read from the shape).")
    group: Group | None = Field(None, description="Approach group (default: read from the name).")
    details: dict[str, Any] = Field(default_factory=dict, max_length=20, description="Further characteristics, e.g. "
                                    "{'modifier': 1, 'applies_to': ['Sneak']}, {'penalty_from': 'tier', "
                                    "'applies_to': ['perception'], 'check_on_one': 'Physical'}, {'protects': "
                                    "'Physical', 'reduction': 1, 'equipped': true}.")
    replace: bool = Field(False, description="Replace a descriptor of the same name.")


class DescriptorChangeResult(BoundResult):
    actor: str
    descriptor: Descriptor | None
    removed: str | None = None


@table_tool("fiveplus")
def fiveplus_add_descriptor(args: AddDescriptorArgs, roller: Roller, state: TableState) -> DescriptorChangeResult:
    """Create a descriptor on the fly on a character, NPC or item holder: a new skill, trait, resistance, condition
    (with level and tier), wound, ability or piece of equipment."""
    name, c = find(state, args.actor, "actor")
    try:
        fields = parse_notation(args.notation, args.kind)
    except ValueError as e:
        fail("notation", str(e), args.notation)
    fields.update(args.details)
    if args.group is not None:
        fields["group"] = args.group
    for k in ("name", "kind"):
        if k in args.details:
            fail(f"details.{k}", f"give the {k} in the notation and kind fields")
    try:
        d = make(fields)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        fail("details" if err["loc"] and str(err["loc"][0]) in args.details else "notation",
             f"{'.'.join(map(str, err['loc']))}: {err['msg']}")
    if d.kind == "resistance" and d.counter is None:
        d = d.model_copy(update={"counter": 0})
    existing = c.get(d.name)
    if existing is not None and not args.replace:
        fail("notation", f"{name} already has {existing.notation()}; set replace to change it", d.name)
    edits = SheetEdits(state)
    edits.put(name, d)
    after = edits.sheet(name)
    broken = violations(after)
    if broken:
        fail("notation", "; ".join(broken), args.notation)
    steps = [step("fiveplus.descriptor_added", name=name, was=None if existing is None else existing.notation(),
                  notation=d.notation(), what=d.kind), step("fiveplus.on_the_fly")]
    refs = [DESCRIPTORS, EFFECTS] + ([ITEMS] if d.kind == "equipment" else [])
    return DescriptorChangeResult(summary=step("fiveplus.has_descriptor", name=name, notation=d.notation()),
                                  steps=steps, rule_refs=refs, actor=name, descriptor=d, changes=edits.ops())


class RemoveDescriptorArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    descriptor: str = Field(min_length=1, max_length=60, description="The descriptor to remove (a cured condition, a "
                            "lost item).")


@table_tool("fiveplus")
def fiveplus_remove_descriptor(args: RemoveDescriptorArgs, roller: Roller, state: TableState) -> DescriptorChangeResult:
    """Remove a descriptor from a sheet: a condition that ends, an item given away or lost, a trait that no longer
    holds."""
    name, c = find(state, args.actor, "actor")
    d = c.get(args.descriptor)
    if d is None:
        fail("descriptor", f"{name} has no '{args.descriptor}'; descriptors: "
                           f"{', '.join(x.name for x in c.descriptors.values()) or 'none'}", args.descriptor)
    edits = SheetEdits(state)
    edits.drop(name, d.key)
    broken = violations(edits.sheet(name))
    if broken:
        fail("descriptor", "; ".join(broken), d.name)
    return DescriptorChangeResult(summary=step("fiveplus.no_longer_has", name=name, descriptor=d.name),
                                  steps=[step("fiveplus.removed", notation=d.notation())],
                                  rule_refs=[DESCRIPTORS], actor=name, descriptor=None, removed=d.name,
                                  changes=edits.ops())


class EquipArgs(ToolArgs):
    actor: str = Field(min_length=1, max_length=60)
    item: str = Field(min_length=1, max_length=60, description="An equipment descriptor on the actor's sheet.")
    equipped: bool = Field(True, description="true to equip (wear, wield), false to put it away.")


class EquipResult(DescriptorChangeResult):
    enables: list[str] = Field(default_factory=list, description="Descriptors it unlocks while equipped.")


@table_tool("fiveplus")
def fiveplus_equip(args: EquipArgs, roller: Roller, state: TableState) -> EquipResult:
    """Equip or put away a piece of equipment: items restrict access to descriptors, give bonuses or penalties, protect,
    and grant powers only while equipped."""
    name, c = find(state, args.actor, "actor")
    d = c.get(args.item)
    if d is None or d.kind != "equipment":
        fail("item", f"{name} has no equipment '{args.item}'; equipment: "
                     f"{', '.join(x.name for x in c.of_kind('equipment')) or 'none'}", args.item)
    if d.equipped == args.equipped:
        return EquipResult(summary=step("fiveplus.already_equipped", item=d.name, equipped=d.equipped), actor=name,
                           descriptor=d, rule_refs=[ITEMS])
    edits = SheetEdits(state)
    now = d.model_copy(update={"equipped": args.equipped})
    edits.put(name, now)
    steps = [step("fiveplus.equips", name=name, item=d.name, equipped=args.equipped)]
    if d.required_for:
        steps.append(step("fiveplus.needed_for", descriptors=list(d.required_for)))
    if d.modifier and d.applies_to:
        steps.append(step("fiveplus.equipped_modifier", modifier=d.modifier, applies_to=list(d.applies_to)))
    if d.protects:
        steps.append(step("fiveplus.protects", protects=d.protects, reduction=d.reduction))
    if d.grants:
        steps.append(step("fiveplus.grants", grants=list(d.grants)))
    return EquipResult(summary=step("fiveplus.equipped", name=name, item=d.name, equipped=args.equipped), steps=steps,
                       rule_refs=[ITEMS], actor=name, descriptor=now,
                       enables=list(d.required_for) + list(d.grants) if args.equipped else [], changes=edits.ops())

