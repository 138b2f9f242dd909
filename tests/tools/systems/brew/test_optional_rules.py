"""Brew's optional rules as campaign options, off by default: permanent injuries and character regression."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.phrases import steps_of
from narrator.tools.systems.brew.options import BrewOptions


def test_both_optional_rules_are_off_by_default():
    options = BrewOptions()
    assert options.permanent_injuries == "off" and options.regression is False


# --- permanent injuries ---------------------------------------------------------------------------------------------


def test_a_permanent_injury_absorbs_more_and_never_heals(make_table):
    """"Optional rule: Permanent injuries. The gamemaster may also decide to allow taking a *permanent injury* in
    order to regain more health points": up to 10 here (a lasting injury's 5, doubled), never above maximum − 5."""
    t = make_table(permanent_injuries="allowed", healing="simplified")
    t.put("Jenny", npc=False)
    r = t.call("brew_take_damage", {"target": "Jenny", "amount": 12, "reason": "dragon fire",
                                    "permanent_injury": "burned left hand"})
    assert r.absorbed == 7 and r.health_after == 5 and r.permanent is True  # 10 - 12 = -2, back up to the cap 5
    assert t.sheet("Jenny")["permanent_injuries"] == ["burned left hand"]
    assert t.sheet("Jenny")["lasting_injuries"] == []
    t.call("brew_take_rest", {"actor": "Jenny", "hours": 8})
    assert t.sheet("Jenny")["health"] == 10 and t.sheet("Jenny")["permanent_injuries"] == ["burned left hand"]


def test_off_by_default_a_permanent_injury_is_refused(table):
    table.put("Jenny", npc=False)
    with pytest.raises(ToolArgumentError, match="optional rule this campaign does not use"):
        table.call("brew_take_damage", {"target": "Jenny", "amount": 8, "reason": "fall",
                                        "permanent_injury": "lost eye"})


def test_only_permanent_injuries_regain_health_when_the_campaign_says_so(make_table):
    """"... or only allow regaining health points if the injury is permanent": then no lasting injury absorbs
    anything, and a permanent one absorbs what a lasting one would (5)."""
    t = make_table(permanent_injuries="only")
    t.put("Jenny", npc=False, health=3)
    with pytest.raises(ToolArgumentError, match="only a permanent injury regains health"):
        t.call("brew_take_damage", {"target": "Jenny", "amount": 4, "reason": "car", "lasting_injury": "arm"})
    r = t.call("brew_take_damage", {"target": "Jenny", "amount": 4, "reason": "car", "permanent_injury": "lost eye"})
    assert r.absorbed == 5 and r.health_after == 4


def test_permanent_injuries_count_toward_the_cap_of_three(make_table):
    """"It is suggested that the number of lasting injuries is capped at 3 before it is no longer an option";
    permanent ones count too, and they have no healing for new damage to set back."""
    t = make_table(permanent_injuries="allowed")
    t.put("Jenny", npc=False, permanent_injuries=["lost eye", "lame leg", "deaf ear"])
    with pytest.raises(ToolArgumentError, match="the cap is 3"):
        t.call("brew_take_damage", {"target": "Jenny", "amount": 8, "reason": "fall", "lasting_injury": "arm"})
    r = t.call("brew_take_damage", {"target": "Jenny", "amount": 2, "reason": "fall"})
    assert not any("lasting injury's healing back" in s for s in steps_of(r))


def test_the_pure_damage_tool_keeps_a_lasting_injury_to_5(call):
    with pytest.raises(ToolArgumentError, match="only with a permanent injury"):
        call("brew_damage", {"health": 8, "amount": 12, "power": 2, "absorb": 10})
    r = call("brew_damage", {"health": 8, "amount": 12, "power": 2, "absorb": 10, "permanent": True})
    assert r.health_after == 5 and "never heals" in steps_of(r)[1]


# --- character regression -------------------------------------------------------------------------------------------


def regress_table(make_table, **options):
    t = make_table(regression=True, **options)
    t.put("Pete", npc=False, attributes={"power": 3}, skills={"melee": 3, "profession": 1},
          professions={"pig farmer": 1}, magic={"odds": 2}, max_mana=2, mana=2, tricks=["Lucky", "Tough Skin"], flaws=["Greedy"])
    return t


def test_regression_drops_the_agreed_points_where_the_player_picks(make_table):
    """"Perhaps the character lost Power and Melee getting out of practice of daily adventuring, but kept up her study
    of Odds magic ... Maybe she went back to her pig farm, and the player can even add points to her Profession
    skill": Power −1, Melee −2, Profession +1 is a reduction of 2."""
    t = regress_table(make_table)
    r = t.call("brew_regress_character", {"actor": "Pete", "agreed": 2, "lower": {"power": 1, "melee": 2},
                                          "add": {"profession": 1}, "profession": "pig farmer"})
    sheet = t.sheet("Pete")
    assert sheet["attributes"]["power"] == 2 and sheet["skills"]["melee"] == 1 and sheet["magic"] == {"odds": 2}
    assert sheet["skills"]["profession"] == 2 and sheet["professions"] == {"pig farmer": 2}
    assert r.points == 2 and steps_of(r)[-1] == "2 point(s) dropped, as agreed."


def test_a_dropped_trick_is_worth_its_price_and_magic_takes_mana_with_it(make_table):
    """"... the player can pick and choose which of their skills, attributes or tricks to drop"."""
    t = regress_table(make_table)
    t.call("brew_regress_character", {"actor": "Pete", "agreed": 7, "lower": {"odds": 2},
                                      "drop_tricks": ["tough skin"]})
    sheet = t.sheet("Pete")
    assert sheet["tricks"] == ["Lucky"] and sheet["magic"] == {} and sheet["max_mana"] == 0 and sheet["mana"] == 0


@pytest.mark.parametrize("args,says", [
    ({"agreed": 3, "lower": {"melee": 2}}, r"come to 2 point\(s\), not the 3 agreed"),
    ({"agreed": 3, "lower": {"power": 3}}, "attributes never fall below 1"),
    ({"agreed": 4, "lower": {"melee": 4}}, "has 3 in melee"),
    ({"agreed": 1, "add": {"profession": 1}, "lower": {"melee": 2}}, "named profession"),
])
def test_a_regression_that_does_not_add_up_is_refused(make_table, args, says):
    t = regress_table(make_table)
    before = t.sheet("Pete")
    with pytest.raises(ToolArgumentError, match=says):
        t.call("brew_regress_character", {"actor": "Pete", **args})
    assert t.sheet("Pete") == before


def test_regression_is_off_unless_the_campaign_uses_it(table):
    table.put("Pete", npc=False, attributes={"power": 3})
    with pytest.raises(ToolArgumentError, match="optional rule this campaign does not use"):
        table.call("brew_regress_character", {"actor": "Pete", "agreed": 1, "lower": {"power": 1}})


def test_losing_the_class_takes_what_the_class_gave(make_table):
    """"They can also lose their Character Class or gain a different one": its +2s, its specialty, its tricks and
    its flaw go, and none of it counts against the agreed points (a class is not bought with points)."""
    t = make_table(regression=True)
    t.put("Rosa", npc=False, attributes={"power": 4}, skills={"melee": 4, "survival": 1}, character_class="rogue warrior",
          class_bonuses={"melee": 2, "power": 2}, tricks=["Lucky", "Tough Skin"], flaws=["Old Enemies", "Greedy"],
          specialties=[{"name": "criminal underworld", "skill": "survival", "source": "class"}])
    r = t.call("brew_regress_character", {"actor": "Rosa", "agreed": 1, "lower": {"survival": 1}, "drop_class": True})
    sheet = t.sheet("Rosa")
    assert sheet["character_class"] is None and sheet["class_bonuses"] == {}
    assert sheet["attributes"]["power"] == 2 and sheet["skills"] == {"melee": 2}
    assert sheet["tricks"] == ["Tough Skin"] and sheet["flaws"] == ["Greedy"] and sheet["specialties"] == []
    assert any("its tricks: Lucky" in s for s in steps_of(r))
