"""Challenges: winning by accumulated successes, losing by turns, failures or the arm-wrestling track."""

from __future__ import annotations

from narrator.tools.systems.fiveplus.challenges import Challenge, advance


def test_the_default_challenge_is_the_sum_of_the_key_levels(call):
    """"The default challenge could be as simple as the sum of the key descriptors levels of all players.\""""
    assert call("fiveplus_default_challenge", {"key_levels": [4, 3, 3]}).target == 10
    one = call("fiveplus_default_challenge", {"key_levels": [2], "adjust": -5})
    assert one.target == 1


def test_a_default_challenge_of_one_reads_in_the_singular(call):
    """Played in 5+ solo: "1 successes to defeat" stood in an encounter; the default challenge's line says it too."""
    from narrator.tools.phrases import say

    assert say(call("fiveplus_default_challenge", {"key_levels": [2], "adjust": -5}).summary) == \
        "Default challenge: 1 success"
    assert say(call("fiveplus_default_challenge", {"key_levels": [4, 3, 3]}).summary) == \
        "Default challenge: 10 successes"


def test_successes_accumulate_to_win():
    c = Challenge(name="Investigate", target=5)
    c, _ = advance(c, True, 3)
    assert c.status == "open" and c.successes == 3
    c, _ = advance(c, True, 2)
    assert c.status == "won"


def test_a_time_sensitive_challenge_is_lost_when_its_turns_pass():
    """"The characters need to convince the commander of a enemy force to join your cause before the main force
    arrives.\""""
    c = Challenge(name="Convince the commander", target=8, turn_limit=2)
    c, _ = advance(c, True, 3, new_turn=True)
    c, _ = advance(c, False, 0, new_turn=True)
    assert c.status == "lost" and "turn" in c.why


def test_failure_tolerance():
    """"A character is trying to disable a complex explosive trap and with each failure there is a change of it
    exploding.\""""
    c = Challenge(name="Disarm the trap", target=6, failure_tolerance=1)
    c, _ = advance(c, False)
    assert c.status == "open"
    c, _ = advance(c, False)
    assert c.status == "lost"


def test_arm_wrestling_pushes_back_and_forth():
    """"The characters are opposed by someone in a back and forth challenge and need to avoid hitting the point of no
    return.\""""
    c = Challenge(name="Rumours", target=5, point_of_no_return=3, rank=1)
    c, _ = advance(c, True, 2)
    c, _ = advance(c, False)
    assert c.position == 0  # +2, then pushed back 1 + rank
    c, _ = advance(c, False)
    assert c.position == -2 and c.status == "open"
    c, _ = advance(c, False)
    assert c.status == "lost"


def test_opposition_is_won_by_defeating_every_npc(call):
    r = call("fiveplus_challenge", {"challenge": {"name": "Ambush", "target": 99, "opposition": ["Orc"]},
                                    "success": True, "successes": 2, "opposition_defeated": True})
    assert r.won and "five-plus.md#NPCs" in r.rule_refs


def test_failures_stop_at_the_bound_instead_of_breaking_the_challenge(call):
    r = call("fiveplus_challenge", {"challenge": {"name": "Siege", "target": 1, "failures": 100}, "success": False})
    assert r.challenge.failures == 100


def test_a_player_with_no_weapon_skill_is_key_for_a_fight_at_their_improvise():
    """Played in 5+ solo: a courtier with Persuade 4 and no combat descriptor sized a "moderate" fight as a
    Persuade 4 fighter; her attack rolled Improvise 1 and one punch took her down. The key descriptor for a fight is
    the best in its groups, else Improvise, what any action falls back to; a general challenge takes any skill."""
    from narrator.tools.systems.fiveplus.sheet import FivePlusCharacter
    from narrator.tools.systems.fiveplus.table_challenges import key_levels
    from narrator.tools.systems.fiveplus.table_characters import party_key_levels
    from narrator.tools.table import TableState

    ilse = FivePlusCharacter.model_validate({"name": "Ilse", "descriptors": {
        "improvise": {"name": "Improvise", "kind": "skill", "level": 1},
        "persuade": {"name": "Persuade", "kind": "skill", "level": 4, "group": "social"},
        "physical": {"name": "Physical", "kind": "resistance", "level": 1}}})
    state = TableState(system="fiveplus", characters={"Ilse": ilse.sheet()})
    assert party_key_levels(state) == (1, [["Ilse", "Improvise", 1]])
    assert key_levels(state, "combat") == [("Ilse", "Improvise", 1)]
    assert key_levels(state, "social") == [("Ilse", "Persuade", 4)]
    assert key_levels(state, "general") == [("Ilse", "Persuade", 4)]
