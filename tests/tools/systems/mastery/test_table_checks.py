"""State-bound challenges: pools read from the sheet the way the GM and player would, wounds, unfit rulings that
cannot be swapped, required skills, standing hazards, contests; health, triumphs and the campaign's options."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of, summary_of


@pytest.fixture
def tess(table):
    table.put("Tess", traits={"agility": 2, "cunning": 1}, abilities={"stealth": 2, "swordsmanship": 3},
              skills={"hiding": 1, "parrying": 2, "lock-picking": 1}, npc=False, starting_triumphs=20, triumphs=1)
    return table


def test_the_activity_picks_the_trait_and_the_best_fitting_ability_and_skill(tess):
    r = tess.call("mastery_check", {"actor": "Tess", "activity": "stealth"}, faces=[4, 1, 1, 1, 1, 1])
    assert (r.trait_name, r.ability, r.skill) == ("agility", "stealth", "hiding")
    assert r.pool == 6 and r.tn == 4 and r.success is True  # 1 + 2 + 2 + 1
    assert summary_of(r).startswith("Tess (agility + stealth + hiding)")


def test_the_gm_names_the_trait_and_the_player_names_the_ability(tess):
    r = tess.call("mastery_check", {"actor": "Tess", "trait": "cunning", "ability": "swordsmanship", "skill": "none",
                                    "difficulty": "difficult", "needed": 2}, faces=[5, 5, 1, 1, 6])
    assert r.pool == 5 and r.tn == 5 and r.skill is None and r.successes == 3
    with pytest.raises(ToolArgumentError) as e:
        tess.call("mastery_check", {"actor": "Tess", "activity": "stealth", "ability": "juggling"})
    assert "Tess's abilitys" not in str(e.value) and "no ability 'juggling'" in str(e.value)


def test_wounds_are_a_circumstance(tess):
    tess.call("mastery_damage", {"target": "Tess", "amount": 6, "reason": "a fall"})
    r = tess.call("mastery_check", {"actor": "Tess", "activity": "stealth"}, faces=[1, 1, 1, 1, 1])
    assert r.pool == 5 and r.pool_breakdown.circumstance == -1
    assert any("wounds cost 1 die" in s for s in steps_of(r))


def test_an_unfit_pick_cannot_be_swapped_for_the_same_task(tess):
    """"Don't let your players re-pick different skills or abilities once you turn the first ones down!\""""
    first = tess.call("mastery_check", {"actor": "Tess", "activity": "survival", "ability": "stealth",
                                        "ability_unfit": True, "task": "classify the wild plants"},
                      faces=[1, 1])
    assert first.trait_name == "cunning" and first.pool == 2 and first.pool_breakdown.ability == 0  # stealth unfit
    with pytest.raises(ToolArgumentError) as e:
        tess.call("mastery_check", {"actor": "Tess", "activity": "survival", "ability": "swordsmanship",
                                    "task": "Classify the wild plants"})
    assert "may not pick another ability" in str(e.value)
    tess.call("mastery_check", {"actor": "Tess", "activity": "survival", "ability": "swordsmanship",
                                "task": "classify the wild plants", "allow_repick": True}, seed=1)


def test_some_actions_are_only_possible_with_points_in_a_skill(tess):
    with pytest.raises(ToolArgumentError) as e:
        tess.call("mastery_check", {"actor": "Tess", "activity": "magic", "requires": "sorcery"})
    assert "only characters with points in sorcery" in str(e.value)
    tess.call("mastery_check", {"actor": "Tess", "activity": "thievery", "requires": "lock-picking"}, seed=2)


def test_a_standing_hazard_is_met_by_a_check_of_its_activity(tess):
    tess.call("mastery_set_hazard", {"name": "spiked pit", "activity": "athletics", "difficulty": "Difficult",
                                     "needed": 2, "damage": 4})
    r = tess.call("mastery_check", {"actor": "Tess", "activity": "athletics"}, faces=[5, 1, 1])
    assert r.hazard == "spiked pit" and r.tn == 5 and r.needed == 2 and r.damage == 4
    assert tess.sheet("Tess")["health"] == 6
    plain = tess.call("mastery_check", {"actor": "Tess", "activity": "athletics", "hazard": False}, faces=[4, 1, 1])
    assert plain.hazard is None and plain.tn == 4 and plain.damage == 0
    tess.call("mastery_set_hazard", {"name": "Spiked Pit", "activity": "athletics", "remove": True})
    assert "hazards" not in tess.state.system_state


def test_face_hazard_marks_the_boxes(tess):
    r = tess.call("mastery_face_hazard", {"actor": "Tess", "hazard": "rockfall", "activity": "acrobatics",
                                          "damage": 12, "lethal": True}, faces=[1, 1, 1])
    assert r.damage == 12 and r.health_after == 0 and r.down
    assert "dead" in tess.conditions("Tess") and tess.sheet("Tess")["health"] == 0


def test_a_contest_opposes_sneaking_with_noticing(tess):
    tess.put("Guard", traits={"cunning": 1}, skills={"listening": 2})
    r = tess.call("mastery_contest", {"actor": "Tess", "opponent": "guard", "activity": "stealth"},
                  faces=[4, 4, 1, 1, 1, 1, 6, 1, 1, 1])
    assert r.opponent == "Guard" and r.opponent_activity == "perception"
    assert r.first.pool == 6 and r.second.pool == 4 and r.winner == "Tess" and r.degree == 1


def test_damage_marks_the_last_box_into_a_coma_and_healing_wakes(tess):
    r = tess.call("mastery_damage", {"target": "Tess", "amount": 15, "reason": "a fall"})
    assert r.health_after == 0 and "coma" in tess.conditions("Tess")
    with pytest.raises(ToolArgumentError):
        tess.call("mastery_check", {"actor": "Tess", "activity": "stealth"})
    tess.call("mastery_heal", {"target": "Tess", "amount": 20, "reason": "weeks of rest"})
    assert tess.sheet("Tess")["health"] == 10 and "coma" not in tess.conditions("Tess")


def test_a_deadly_campaign_kills_at_the_last_box(make_table):
    t = make_table(last_box="death")
    t.put("Rat", health=1, max_health=1)
    t.call("mastery_damage", {"target": "Rat", "amount": 1, "reason": "a boot"})
    assert t.conditions("Rat") == ["dead"]
    with pytest.raises(ToolArgumentError):
        t.call("mastery_heal", {"target": "Rat", "amount": 1})


def test_triumphs_are_granted_and_burned(tess):
    tess.call("mastery_grant_triumphs", {"actor": "Tess", "amount": 3, "reason": "held the bridge"})
    r = tess.call("mastery_improve", {"actor": "Tess", "kind": "skill", "name": "hiding", "steps": 2})
    assert r.cost == 4 and tess.sheet("Tess")["skills"]["hiding"] == 3 and tess.sheet("Tess")["triumphs"] == 0


def test_the_campaigns_own_traits_and_activity_rulings(make_table):
    t = make_table(die=20, traits=["brawn", "grace", "wits"], activity_traits={"stealth": "wits"})
    t.put("Ox", traits={"brawn": 2, "grace": 1}, abilities={"athletics": 1}, trait_list=("brawn", "grace", "wits"))
    climb = t.call("mastery_check", {"actor": "Ox", "activity": "athletics"}, seed=1)
    assert climb.trait_name == "brawn" and climb.die == 20 and climb.tn == 11
    sneak = t.call("mastery_check", {"actor": "Ox", "activity": "stealth"}, seed=1)
    assert sneak.trait_name == "wits"


def test_bad_campaign_options_are_reported(make_table):
    t = make_table(die=8, health_trait="luck")
    t.put("X")
    with pytest.raises(ToolArgumentError) as e:
        t.call("mastery_check", {"actor": "X", "activity": "stealth"})
    assert "(options)" in str(e.value)


def test_the_skill_the_words_name_is_the_players_pick_when_it_fits(tmp_path):
    """'pick the lock' uses lock-picking even when pickpocketing is rated higher; a named skill that does not fit the
    activity is left to the best fit (the proposal never hands the engine an unfit pick)."""
    from narrator.memory.campaign import Campaign
    from narrator.tools.systems.mastery.proposals import SPECS, CheckProposal
    from narrator.tools.table import PutCharacter, apply

    with Campaign.new("T", "mastery", seed=5, root=tmp_path) as c:
        c.call("mastery_add_random_character", {"name": "Vessa", "concept": "thief"})
        sheet = {**c.state.characters["Vessa"], "skills": {"pickpocketing": 2, "lock-picking": 1, "swimming": 1}}
        state = apply(c.state, PutCharacter(name="Vessa", sheet=sheet))
    spec = next(s for s in SPECS if s.tool == "mastery_check")
    args = spec.to_args(CheckProposal(actor="Vessa", activity="thievery", skill="lock-picking"), state)
    assert args["skill"] == "lock-picking"
    args = spec.to_args(CheckProposal(actor="Vessa", activity="thievery", skill="swimming"), state)
    assert "skill" not in args
    assert "skill" not in spec.to_args(CheckProposal(actor="Vessa", activity="thievery"), state)
