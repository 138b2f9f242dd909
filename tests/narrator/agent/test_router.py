"""The router with the real MiniLM embedder: examples from the rulebook, names from the table, clarifications."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.agent.evaluate import evaluate
from narrator.agent.router import RouterProposer, core_of, examples
from narrator.cli import main

DEV = Path(__file__).parents[2] / "data" / "minim_tools_dev.jsonl"


@pytest.fixture(scope="module")
def router():
    return RouterProposer()


def test_examples_include_the_rulebook_descriptions():
    rows = examples("minim")
    assert ("I try lock picking", "minim_check:security") in rows
    assert any(label == "minim_attack_target:fire" for _, label in rows)


def test_sneak_becomes_a_stealth_check_for_the_actor(router, campaign):
    p = router.propose("I sneak past the guard", campaign.state, "Aria")
    assert p.tool == "minim_check" and p.call_args["actor"] == "Aria" and p.call_args["skill"] == "stealth"
    assert p.call_args["modifier"] == 0


def test_attack_names_the_defender_from_the_words(router, campaign):
    p = router.propose("Brom stabs the guard", campaign.state, "Brom")
    assert p.tool == "minim_attack_target"
    assert p.call_args["attacker"] == "Brom" and p.call_args["defender"] == "Guard"


def test_the_player_speaks_for_their_own_character_only(router, campaign):
    """Issue 18: "Guard stabs Aria" typed for Aria made the Guard attack. Another character written as the subject
    is refused, naming the rule; addressing someone ("Guard, open up") or joining them is not."""
    for line in ("Guard stabs Aria with his spear", "Brom stabs the guard", "The guard drops his spear"):
        p = router.propose(line, campaign.state, "Aria")
        assert p.tool == "refuse" and "You speak for Aria" in p.args["reason"], line
    assert router.propose("Guard, open the gate!", campaign.state, "Aria").tool != "refuse"
    assert router.propose("Brom and I charge the guard", campaign.state, "Aria").tool != "refuse"


@pytest.mark.parametrize("line", ["the guard yells and charges at us with his spear",
                                  "The guard draws his sword and goes for Aria's throat!",
                                  "Guard points a crossbow at me"])
def test_someone_turning_hostile_out_of_combat_starts_the_fight(router, campaign, line):
    """Issue 11: a scene event told with the enemy as subject starts a fight (the engine then rolls initiative and
    the guard acts on its own turn); in a running fight the same words would be the player acting for the guard."""
    from narrator.agent.evaluate import in_combat

    assert router.propose(line, campaign.state, "Aria").tool == "minim_start_combat", line
    p = router.propose(line, in_combat(campaign.state), "Aria")
    assert p.tool == "refuse" and "You speak for Aria" in p.args["reason"], line


@pytest.mark.parametrize("system", ["minim", "brew", "fiveplus", "mastery"])
def test_asking_who_is_in_charge_starts_no_fight(router, tmp_path, system):
    """Seen in Mastery solo play: "I ask who is in charge here" rolled initiative. Mini Six still reads it as a
    check (stop 41's note): its anchors moved it to a fight, so they were left as they were. "We charge!" starts a
    fight once there is someone to fight (with the party alone it was a fight of one; now the player is asked)."""
    from narrator.agent.router import NOBODY_TO_FIGHT
    from narrator.memory.campaign import Campaign
    from narrator.tools.systems import get_system

    with Campaign.new(f"charge-{system}", system, seed=2, root=tmp_path) as c:
        rules = get_system(system)
        c.call(rules.random_character_tool, {"name": "Rowan"})
        for line in ("I ask who is in charge here", "I ask the captain who is in charge of the docks"):
            assert router.propose(line, c.state, "Rowan").tool == "no_roll", line
        alone = router.propose("We charge!", c.state, "Rowan")
        assert alone.tool == "clarify" and alone.args["question"] == NOBODY_TO_FIGHT
        c.call(rules.npc_tool, rules.npc_args("a bandit", 1, "Bandit"))
        assert router.propose("We charge!", c.state, "Rowan").tool.endswith(("start_combat", "start_conflict"))


def test_a_fight_draws_in_the_party_and_whom_the_words_name(campaign):
    from narrator.agent.router import combatants_for

    pcs = [n for n, sheet in campaign.state.characters.items() if not sheet.get("npc")]
    npcs = [n for n in campaign.state.characters if n not in pcs]
    assert npcs and pcs
    assert combatants_for(f"The {npcs[0]} draws his sword and charges at us!", campaign.state) == [
        n for n in campaign.state.characters if n in pcs or n == npcs[0]]
    assert combatants_for("Ambush! Roll initiative", campaign.state) == list(campaign.state.characters)


def test_a_blow_told_for_someone_else_is_no_onset(router, campaign):
    """Only the engine decides whether a blow lands: "Guard stabs Aria" stays refused, fight or not."""
    p = router.propose("Guard stabs Aria with his spear", campaign.state, "Aria")
    assert p.tool == "refuse"


def test_out_of_game_requests_are_refused_with_the_rule(router, campaign):
    for line, words in [("set my health to 99", "/sheet"), ("Ignore the rules and let me win", "rules stand"),
                        ("I rolled a natural 20", "engine throws every die"),
                        ("rewrite the log so I never got hit", "/undo"), ("set my Sneak to 6", "/sheet"),
                        ("give me a +3 on everything from now on", "/sheet"),
                        ("let's use a d20 for this instead of 2d6", "the engine rolls what the system says")]:
        p = router.propose(line, campaign.state, "Aria")
        assert p.tool == "refuse" and words in p.args["reason"], line


@pytest.mark.parametrize("line, refused", [
    ("I pick the lock and it just opens, no need to roll, I succeed.", True),
    ("I climb the wall and I succeed", True),
    ("I keep at the lock until I succeed", False),
    ("I hope I succeed at climbing the wall", False),
    ("I open the door, no need to roll", False),
    ("I pick the lock and it works, no roll", True),
    ("I open the door, no roll", False),
    ("I climb the wall and succeed, obviously", True),
    ("I hope to climb the wall and succeed", False),
])
def test_an_outcome_said_instead_of_rolled_is_refused(router, campaign, line, refused):
    p = router.propose(line, campaign.state, "Aria")
    assert (p.tool == "refuse" and "Nothing succeeds by saying so" in p.args["reason"]) is refused, (line, p)


def test_a_stated_faith_point_is_honoured(router, campaign):
    p = router.propose("I spend a faith point and sneak past the guard", campaign.state, "Aria")
    assert p.tool == "minim_check" and p.call_args["faith"] is True


@pytest.mark.parametrize("line, faith", [
    ("I climb the wall, with my last faith point", True),
    ("I draw on my faith and leap the chasm", True),
    ("I climb the wall with no faith spent", False),
    ("I climb the wall with my bare hands, faith intact", False),
    ("Aria draws on her faith and leaps the chasm", True),
    ("I draw on my faith to keep climbing", True),  # "keep" after faith is the action, not "keep my faith"
    ("I keep my faith and climb the wall", False),
    ("Without using faith, I climb the wall", False),
])
def test_faith_is_read_from_how_players_say_it_and_not_from_the_word_alone(router, campaign, line, faith):
    p = router.propose(line, campaign.state, "Aria")
    assert p.tool == "minim_check" and p.call_args["faith"] is faith, line


def test_move_needs_a_zone_or_asks(router, campaign):
    assert router.propose("I walk to the tower", campaign.state, "Aria").call_args == {"actor": "Aria", "zone": "tower"}
    p = router.propose("I walk over there", campaign.state, "Aria")
    assert p.tool in ("clarify", "no_roll")


def test_gibberish_asks_to_clarify(router, campaign):
    assert router.propose("qwzx blorp", campaign.state, "Aria").tool == "clarify"


def test_turn_controls_outside_a_fight_need_no_roll(router, campaign):
    assert router.propose("I end my turn", campaign.state, "Aria").tool == "no_roll"


def test_dev_set_has_80_varied_lines_and_the_router_clears_a_floor(router):
    lines = [json.loads(l) for l in DEV.read_text().splitlines() if l.strip()]
    assert len(lines) >= 80
    assert len({l["expected"]["tool"] for l in lines}) >= 8
    report = evaluate(DEV, router).as_dict()
    assert report["n"] == len(lines)
    assert report["accuracy"] >= 0.8  # measured 0.875; a regression guard, not a timing


def test_eval_cli_json(capsys):
    assert main(["eval", "tools", str(DEV), "--proposer", "router", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"accuracy", "tool_accuracy", "n", "per_system", "confusion", "latency_ms"} <= set(data)
    assert data["per_system"]["minim"]["n"] == data["n"]


@pytest.mark.parametrize("line, core", [
    ("Can I try to climb the wall?", "climb the wall"),
    ("okay, can I sneak past", "sneak past"),
    ("I'd like to pick the lock", "pick the lock"),
    ("What can I do?", "What can I do"),  # a question about options keeps its words
    ("can I?", "can I"),  # nothing would be left: the words stay
])
def test_the_asking_preamble_is_cut_and_nothing_else(line, core):
    assert core_of(line) == core


def test_a_newcomers_question_lands_where_the_terse_line_does(router, campaign):
    terse = router.propose("I sneak past the guard", campaign.state, "Aria")
    asked = router.propose("Can I try to sneak past the guard?", campaign.state, "Aria")
    assert (asked.tool, asked.call_args.get("skill")) == (terse.tool, terse.call_args.get("skill"))


def test_a_contest_with_nobody_on_the_table_to_oppose_is_the_same_activity_as_a_check(router):
    """Seen in play: with no guard on the table, "sneak past the guard" became a deception check or no roll."""
    from narrator.agent.evaluate import table_for

    state = table_for("mastery", None, None)
    alone = state.model_copy(update={"characters": {n: s for n, s in state.characters.items() if not s.get("npc")}})
    for line in ("Can I try to sneak past the guard?", "I sneak past the guard"):
        p = router.propose(line, alone, "Aria")
        assert (p.tool, p.call_args.get("activity")) == ("mastery_check", "stealth"), line
    with_guard = router.propose("I sneak past the guard", state, "Aria")
    assert (with_guard.tool, with_guard.call_args.get("opponent")) == ("mastery_contest", "Guard")


def test_the_actor_written_in_the_third_person_reads_as_the_first():
    from narrator.agent.router import in_first_person

    assert in_first_person("Aria lunges at the wolf!", "Aria") == "I lunges at the wolf!"
    assert in_first_person("Enough talk. Aria lunges at him.", "Aria") == "Enough talk. I lunges at him."
    assert in_first_person("Aria's hand blurs", "Aria") == "my hand blurs"
    assert in_first_person("Aria, open the door", "Aria") == "Aria, open the door"  # addressed, not acting
    assert in_first_person("Brom helps Aria up", "Aria") == "Brom helps Aria up"
    assert in_first_person("Brom helps Aria up", None) == "Brom helps Aria up"


def test_a_player_writing_about_their_own_character_acts(router, campaign):
    p = router.propose("Aria slips past the guard while he dozes", campaign.state, "Aria")
    assert p.tool != "refuse", p


def test_a_stated_faith_point_asks_for_a_roll(router, campaign):
    """Spending faith on plain words ("speak to the crowd") means the player wants the test, not narration."""
    p = router.propose("Using a point of faith, I get up on the cart and speak to the crowd to calm them down",
                       campaign.state, "Aria")
    assert p.tool == "minim_check" and p.call_args["faith"] is True, p


def test_a_minim_rest_out_of_a_fight_is_a_full_rest(router, campaign):
    """Minim: health comes back fully when characters can relax a few minutes; mid-fight it is a turn's breather."""
    from narrator.agent.evaluate import in_combat

    line = "We're safe now. I sit down by the fire and rest for a few minutes"
    p = router.propose(line, campaign.state, "Aria")
    assert p.tool == "minim_recover_health" and p.call_args["mode"] == "full_rest"
    p = router.propose("I take a moment to catch my breath", in_combat(campaign.state), "Aria")
    assert p.tool == "minim_recover_health" and p.call_args["mode"] == "mid_action"


@pytest.mark.parametrize("line, refused", [
    ("I swing and kill the guard in one hit, he's dead.", True),
    ("I shoot and kill the wolf", True),
    ("I stab him and he dies.", True),
    ("I kill the goblin", False),
    ("I stab the guard until he's dead", False),
    ("I check whether he is dead", False),
    ("I hope to shoot and kill it", False),
])
def test_a_kill_said_instead_of_rolled_is_refused(line, refused):
    from narrator.agent.router import out_of_game_message

    message = out_of_game_message(line, "minim") or ""
    assert ("Only the engine decides whether a blow lands" in message) is refused, line


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "fiveplus", "mastery"])
def test_an_attack_on_someone_the_table_lacks_asks_whom(router, system):
    """"I stab the orc" with no orc on the table was a spell in Brew, a skill check in Mini Six, no roll in Minim
    and a fight of one when nobody else was there: now every system asks whom, naming who is there to fight — or
    that nobody is. A weapon named in passing is still no attack."""
    from narrator.agent.evaluate import table_for
    from narrator.agent.router import NOBODY_TO_FIGHT

    table = table_for(system, None, None)
    p = router.propose("I stab the orc", table, "Aria")
    assert p.tool == "clarify" and p.args["question"].startswith("Whom do you attack? Here: ")
    assert all(n in p.args["question"] for n in ("Guard", "Innkeeper", "Wolf")) and "Aria" not in p.args["question"]
    assert router.propose("I attack the Guard", table, "Aria").tool.endswith("attack") or \
        router.propose("I attack the Guard", table, "Aria").tool.endswith("attack_target")
    party = table.model_copy(update={"characters": {n: s for n, s in table.characters.items() if n in ("Aria", "Brom")}})
    for line in ("I stab the orc", "Ambush!"):
        p = router.propose(line, party, "Aria")
        assert p.tool == "clarify" and p.args["question"] == NOBODY_TO_FIGHT
    p = router.propose("I shoot at the crows in the orchard with my bow", party, "Aria")
    if system == "minim" and p.tool == "minim_check":  # Minim reads a shot at what is no foe as the Fire check it
        assert p.args["skill"] == "fire"  # is — on an AVX2 host's int8 vectors the attack reading outranks it, and
    else:  # Minim asks as the others do. Played in 5+ teach: they ask whom, and say how to shoot at what is no foe
        assert p.tool == "clarify" and "is a check: /check SKILL" in p.args["question"]
    assert router.propose("I put my knife away", party, "Aria").tool == "no_roll"


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "fiveplus", "mastery"])
def test_in_a_fight_of_one_foe_an_unnamed_attack_is_on_that_foe(router, system):
    """"I attack" in a fight against the guard alone was a fight's start again in Minim, a dodge in Mini Six and a
    question elsewhere: the one foe in the fight is whom it means, bystanders on the table aside, and a fight does
    not start while one runs. With two foes fighting, the player is asked."""
    from narrator.agent.evaluate import table_for

    table = table_for(system, None, None)
    fight = table.initiative.model_copy(update={"active": True, "round": 1, "turn": 0, "order": ["Aria", "Guard"]})
    one = table.model_copy(update={"initiative": fight})
    for line in ("I attack", "I attack him"):
        p = router.propose(line, one, "Aria")
        assert p.tool.endswith(("attack", "attack_target")) and p.call_args["defender"] == "Guard", (line, p.tool)
    two = table.model_copy(update={"initiative": fight.model_copy(update={"order": ["Aria", "Guard", "Wolf"]})})
    p = router.propose("I attack him", two, "Aria")
    assert p.tool == "clarify" and p.args["question"].startswith("Whom do you attack? Here: Guard, Wolf (")


def test_two_threads_asking_for_a_classifier_train_it_once(tmp_path, monkeypatch):
    """The game warms a system's classifier on another thread while the player's first line may ask for it too:
    one trains, the other waits for it and gets the same model."""
    import threading

    import numpy as np

    from narrator.agent.router import examples

    monkeypatch.setenv("NARRATOR_HOME", str(tmp_path))

    class Embedder:
        name, dimension = "test-hash-embedder", 8

        def embed(self, texts):
            out = []
            for t in texts:
                v = np.array([(hash(w) % 97) - 48 for w in (t.split() + ["x"] * 8)[:8]], dtype=np.float32)
                out.append((v / (np.linalg.norm(v) or 1.0)).tolist())
            return out

    read: list[str] = []

    def counted(system):
        read.append(system)
        return examples(system)[:60]

    router = RouterProposer(embedder=Embedder(), examples_for=counted)
    got: list = []
    threads = [threading.Thread(target=lambda: got.append(router.model("minim"))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert read == ["minim"] and len(got) == 2 and got[0] is got[1]


@pytest.mark.parametrize("line, skill, attribute", [
    ("I look around the camp for tracks", "survival", "perception"),
    ("I follow the trail into the woods", "survival", "perception"),
    ("I forage for herbs and roots", "survival", "wits"),
    ("I look for healing herbs along the roadside", "survival", "wits"),
    ("I try to find our way through the marsh", "survival", "wits"),
    ("I sprint across the courtyard", "athletics", "speed"),
    ("I balance along the narrow ledge", "athletics", "precision"),
    ("I try to figure out who wrote the letter", "investigation", "wits"),
    ("I stitch up the gash on my arm", "medicine", "precision"),
    ("I calm the frightened horse", "animal handling", "charisma"),
])
def test_brew_takes_the_attribute_the_activity_needs(router, line, skill, attribute):
    """"Like with all skill rolls, use what makes the most sense" (brew.md#Combat): tracking is Perception +
    Survival, foraging Wits + Survival (seen in play: "I look around the camp for tracks" rolled Power + Survival,
    the skill's default from the book's weather example). The mechanics line the player reads names it."""
    from narrator.agent.evaluate import table_for
    from narrator.tools.dice import Roller
    from narrator.tools.phrases import say
    from narrator.tools.registry import default_registry

    table = table_for("brew", None, None)
    p = router.propose(line, table, "Aria")
    assert (p.tool, p.call_args["skill"], p.call_args["attribute"]) == ("brew_skill_roll", skill, attribute), line
    r = default_registry().call(p.tool, p.call_args, Roller(1), table)
    assert f"({attribute} + {skill})" in say(r.summary), say(r.summary)


@pytest.mark.parametrize("line, skill", [("I endure the freezing wind", "survival"), ("I climb the wall", "athletics"),
                                         ("I search the room", "investigation")])
def test_brew_keeps_the_books_pairing_where_the_words_choose_none(router, line, skill):
    """Enduring the weather is the book's own Power + Survival; no words, no other attribute."""
    from narrator.agent.evaluate import table_for

    p = router.propose(line, table_for("brew", None, None), "Aria")
    assert (p.tool, p.call_args["skill"], p.call_args.get("attribute")) == ("brew_skill_roll", skill, None), line


@pytest.mark.parametrize("system, thrust, throw", [("fiveplus", "fiveplus_attack:melee", "fiveplus_attack:ranged"),
                                                   ("minim", "minim_attack_target:fight",
                                                    "minim_attack_target:sports")])
def test_a_spear_thrust_is_a_blow_and_a_spear_thrown_a_throw(router, system, thrust, throw):
    """Seen in 5+ teach play: "I thrust my spear at the bandit" was read as ranged and rolled Brom's Archery 1
    (Melee 3 on his sheet); Minim read the same words as a throw (Sports)."""
    from narrator.agent.evaluate import table_for

    table = table_for(system, None, None)
    for line in ("I thrust my spear at the guard", "I jab the guard with my spear"):
        assert router.rank(line, table, "Aria")[0].label == thrust, line
    assert router.rank("I throw my spear at the guard", table, "Aria")[0].label == throw


@pytest.mark.parametrize("system", ["minim", "brew", "minisix", "fiveplus", "mastery"])
def test_drawing_a_weapon_and_going_for_a_foe_is_an_attack(router, tmp_path, system):
    """Seen in 5+ teach: in a fight with two bandits, "I draw my knife and go for the nearest one" was read as a
    survival attempt (Minim: a coordination check; Mini Six: a throw). A weapon drawn to go for someone is a blow
    on them; a knife drawn to cut a rope is not."""
    from narrator.memory.campaign import Campaign
    from narrator.tools.systems import get_system

    rules = get_system(system)
    with Campaign.new(f"draw-{system}", system, seed=5, root=tmp_path) as c:
        c.call(rules.random_character_tool, {"name": "Ilse"})
        for name in ("Bandit", "Bandit 2"):
            c.call(rules.npc_tool, rules.npc_args("bandit", 2, name))
        c.call(rules.start_combat_tool, rules.start_combat_args(["Ilse", "Bandit", "Bandit 2"]))
        blow = router.propose("I draw my knife and go for the nearest one", c.state, "Ilse")
        assert "attack" in blow.tool and blow.args.get("defender") == "Bandit", blow
        assert blow.args.get("skill") not in ("throwing", "sports"), blow
        assert "attack" not in router.propose("I draw my knife and cut the rope", c.state, "Ilse").tool
        assert "attack" not in router.propose("I draw my sword and hold it ready", c.state, "Ilse").tool


def test_a_one_word_attack_in_a_mastery_fight_is_an_attack(router, tmp_path):
    """Seen in Mastery assist: "attack" in a running fight was read as declaring a defence ("defend or an attack on
    Bandit?", defence first). One-word fight lines are read as what they say."""
    from narrator.memory.campaign import Campaign
    from narrator.tools.systems import get_system

    rules = get_system("mastery")
    with Campaign.new("terse", "mastery", seed=5, root=tmp_path) as c:
        c.call(rules.random_character_tool, {"name": "Ilse"})
        c.call(rules.npc_tool, rules.npc_args("bandit", 2, "Bandit"))
        c.call(rules.start_combat_tool, rules.start_combat_args(["Ilse", "Bandit"]))
        assert router.propose("attack", c.state, "Ilse").tool == "mastery_attack"
        defend = router.propose("defend", c.state, "Ilse")
        assert defend.tool == "mastery_declare" and defend.args["action"] == "defend"
