"""The admission check (``narrator/agent/admit.py``): the words a shot or a throw is said in count as violence."""

from __future__ import annotations

import pytest

from narrator.agent.admit import admit, hostile
from narrator.tools.proposals import Proposal


@pytest.mark.parametrize("line", ["I sling a stone at the first dog", "I whirl my sling at the wolf",
                                  "I fling a rock at the guard", "I pelt the bandit with stones from my sling",
                                  "a stone from my sling at the wolf"])
def test_a_sling_shot_is_violence(line):
    """Seen in Mini Six play: a healer with a sling said "I sling a stone at the first dog" in a fight and was asked
    whether she meant to attack; "I shoot the dog with my sling" was played."""
    assert hostile(line), line


@pytest.mark.parametrize("line", ["I hand the beggar a coin", "I ask the guard about the stones of the bridge",
                                  "I pick up a rock and look at it"])
def test_words_about_stones_and_slings_are_not_violence_by_themselves(line):
    assert not hostile(line), line


def test_an_unsure_sling_attack_in_a_fight_is_played_not_questioned():
    from narrator.agent.evaluate import table_for

    table = table_for("minisix", None, None)
    attack = Proposal(tool="minisix_attack_target", args={"attacker": "Aria", "defender": "Wolf", "skill": "missile"},
                      call_args={"attacker": "Aria", "defender": "Wolf", "skill": "missile"}, source="router",
                      confidence=0.4)
    assert admit(attack, "I sling a stone at the wolf", table, "Aria").tool == "minisix_attack_target"
    asked = admit(attack, "I tell the wolf a story about my sling", table, "Aria")
    assert asked.tool == "clarify" and asked.args["question"].startswith("Do you mean to attack Wolf?")


def test_the_foe_names_the_only_npc_standing_outside_a_fight():
    """Seen in 5+ teach play: /encounter put one Cultist on the table (a challenge, no turn order), and "I thrust my
    spear at the nearest foe" was asked "Whom do you attack? Name them" — with nobody else it could mean. The foe,
    the enemy, an opponent now name the only NPC standing; with two standing, or a word that is no foe, it asks."""
    from narrator.tools.table import TableState

    table = TableState(system="fiveplus", characters={"Brom": {"name": "Brom"},
                                                      "Cultist": {"name": "Cultist", "npc": True}})
    attack = Proposal(tool="fiveplus_attack", args={"actor": "Brom", "defender": "Cultist"},
                      call_args={"actor": "Brom", "defender": "Cultist"}, source="router", confidence=0.4)
    for line in ("I thrust my spear at the nearest foe", "I attack the enemy", "I strike at my opponent",
                 "I kick him in the knee and bolt for the stairs"):  # played in Mini Six: "him", one NPC there
        assert admit(attack, line, table, "Brom").tool == "fiveplus_attack", line
    asked = admit(attack, "I thrust my spear at the nearest one", table, "Brom")
    assert asked.tool == "clarify" and asked.args["question"].startswith("Whom do you attack?")
    two = table.model_copy(update={"characters": {**table.characters, "Thug": {"name": "Thug", "npc": True}}})
    for line in ("I thrust my spear at the nearest foe", "I kick him in the knee and bolt for the stairs"):
        asked = admit(attack, line, two, "Brom")
        assert asked.tool == "clarify" and asked.args["question"].startswith("Whom do you attack?")
