"""Mini Six's story facts: the wound levels worse than incapacitated put their bearer down (so a narration may
say a foe is dead), a worse wound replaces a lighter one as one fact, condition labels read as words."""

from __future__ import annotations

from tests.tools.systems.minisix.conftest import CUIRASS, SWORD, skill
from narrator.tools.systems import get_system
from narrator.tools.systems.contract import Effect
from narrator.tools.systems.minisix.effects import story_effects

SIX = get_system("minisix")


def facts(table, tool, args, faces):
    before = table.state
    result = table.call(tool, args, faces=faces)
    return [(e.kind, e.who, e.what) for e in SIX.effects(tool, result, before)]


def test_a_wound_on_a_wound_is_one_fact_severely_wounded(table):
    table.put("Ann", might="3D", skills={"melee": skill("might", "5D")}, gear=[SWORD])
    table.put("Bob", might="3D", gear=[CUIRASS], wounds=1)  # soak 12; wounded already
    got = facts(table, "minisix_attack_target", {"attacker": "Ann", "defender": "Bob"},
                [3, 3, 3, 3, 4] + [4, 4, 4, 4, 1])  # hit; damage 17 vs 12: a wound on a wound
    assert ("condition_added", "Bob", "severely wounded") in got
    assert not any(k == "condition_removed" for k, _, _ in got)


def test_a_second_stun_becomes_a_wound_and_is_no_recovery(table):
    """"Stunned 0 – 3 (2 Stuns = 1 Wound)" (mini-six.md#Resisting Damage). Played in Mini Six solo: a stunned hero hit
    for a stun again was told "You are hurt again. You feel better.": the stun count went down as it became a
    wound."""
    table.put("Ann", might="3D", skills={"melee": skill("might", "5D")}, gear=[SWORD])
    table.put("Bob", might="3D", gear=[CUIRASS], stuns=1)  # soak 12; stunned once already
    got = facts(table, "minisix_attack_target", {"attacker": "Ann", "defender": "Bob"},
                [3, 3, 3, 3, 4] + [3, 3, 3, 3, 1])  # hit; damage 13 vs 12: a stun on a stun
    assert ("harmed", "Bob", "wound level") in got
    assert not any(k == "healed" for k, _, _ in got), got


def test_a_killing_blow_on_a_mortally_wounded_foe_puts_him_down_dead(table):
    table.put("Ann", might="3D", skills={"melee": skill("might", "5D")}, gear=[SWORD])
    table.put("Bob", might="3D", gear=[CUIRASS], wounds=4)
    table.state = table.state.model_copy(update={"conditions": {"Bob": ["mortally wounded"]}})
    got = facts(table, "minisix_attack_target", {"attacker": "Ann", "defender": "Bob"},
                [3, 3, 3, 3, 4] + [4, 4, 4, 4, 1])
    assert ("downed", "Bob", "dead") in got
    assert [k for k, who, _ in got if who == "Bob" and k in ("downed", "condition_removed")] == ["downed"]


def test_one_fall_per_result_at_the_worse_level_and_labels_in_words():
    raw = [Effect(kind="harmed", who="Bob", what="wound level"), Effect(kind="downed", who="Bob", what="incapacitated"),
           Effect(kind="condition_added", who="Bob", what="mortally wounded"),
           Effect(kind="condition_added", who="Ann", what="cover 75%"),
           Effect(kind="condition_added", who="Cy", what="full dodge"),
           Effect(kind="condition_removed", who="Cy", what="dodging")]
    assert [(e.kind, e.who, e.what) for e in story_effects(raw)] == [
        ("harmed", "Bob", "wound level"), ("downed", "Bob", "mortally wounded"),
        ("condition_added", "Ann", "behind good cover"), ("condition_added", "Cy", "doing nothing but dodging")]


def test_taking_cover_is_said_in_words(table):
    table.put("Bob")
    assert facts(table, "minisix_take_cover", {"actor": "Bob", "cover": "50%"}, []) == [
        ("condition_added", "Bob", "behind cover")]
