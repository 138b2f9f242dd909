"""The provenance guard: every number, change of state and outcome in the prose must come from this turn's results.

Evidence comes from real engine runs with scripted dice (:func:`narrator.agent.guard_eval.context_evidence`), built
exactly as the agent builds it. These tests pin the keyword checks, so the learnt claims reader behind them reads
nothing here (:class:`SilentReader`); the reader is tested on its own (``test_claims_judge.py``,
``test_claims_reader.py``), and the tests below that need both say so with the ``real_reader`` fixture.
"""

from __future__ import annotations

import pytest
from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.agent.guard import MAX_SENTENCE, GuardReport, Judge, SentenceGuard, guard_text, judge
from narrator.agent.guard_eval import context_evidence
from narrator.tools.contract import ToolResult
from narrator.tools.odds import Dist
from narrator.tools.systems import get_system
from narrator.tools.systems.contract import Effect


class SilentReader:
    """A claims reader with no opinion: it reads no claim and vetoes none (P(no claim) = 0.75 in every family:
    above every claim threshold, below the fiction veto), so the guard's keyword checks decide alone."""

    def read(self, sentences):
        from narrator.agent.claims_reader import FAMILIES, NOTHING, Reading

        return [Reading(s, dict(NOTHING), {f"{f}:{NOTHING[f]}": 0.75 for f in FAMILIES}) for s in sentences]


@pytest.fixture(autouse=True)
def keyword_checks_only(request, monkeypatch):
    if "real_reader" not in request.fixturenames:
        import narrator.agent.claims_reader as reader

        monkeypatch.setattr(reader, "_READER", [SilentReader()])


def test_the_silent_reader_has_no_opinion():
    from narrator.agent.claims_judge import DECIDED
    from narrator.agent.guard import SURE_FICTION

    assert max(DECIDED.values()) <= 0.75 < SURE_FICTION


@pytest.fixture
def real_reader():
    """The shipped claims reader behind the keyword checks, as the game runs."""


def turn(*calls, setup=(), actor=None) -> Evidence:
    spec = {"calls": [{"tool": t, "args": a, "faces": list(f)} for t, a, f in calls],
            "setup": [{"tool": t, "args": a, "faces": list(f)} for t, a, f in setup]}
    if actor:
        spec["actor"] = actor
    return context_evidence(spec)


NEUTRAL = turn(("minim_check", {"actor": "Aria", "skill": "stealth"}, [2, 5]))  # target 3, dice 2 and 5: ±0
SUCCESS = turn(("minim_check", {"actor": "Brom", "trait": "brain"}, [3, 4]))  # target 4: +1
CRITICAL = turn(("minim_check", {"actor": "Aria", "trait": "brawl"}, [1, 2]))  # target 4: +2
HIT = turn(("minim_attack_target", {"attacker": "Aria", "defender": "Guard"}, [2, 3, 5]))  # 1 damage, Guard 2 -> 1
KNOCKOUT = turn(("minim_attack_target", {"attacker": "Aria", "defender": "Guard"}, [1, 1, 5, 6]))  # Guard 2 -> 0
TRAP = turn(("minim_damage", {"target": "Brom", "amount": 2, "reason": "a beam"}, []), actor="Brom")  # Brom 3 -> 1
HEAL = turn(("minim_heal", {"target": "Guard", "amount": 1}, []),
            setup=[("minim_damage", {"target": "Guard", "amount": 1, "reason": "a scuffle"}, [])], actor="Brom")
POWER = turn(("minim_use_power", {"actor": "Aria", "power": "lightning"}, [1]))  # faith 2 -> 1
BUY = turn(("minim_buy", {"actor": "Aria", "item": "rope", "quality": -2, "faith": True}, [1]))  # rope; wealth 1 -> 0, faith
KEY = turn(("minim_gain_item", {"actor": "Brom", "item": "silver key"}, []))
ROLL = turn(("table_roll", {"expression": "2d6+1"}, [4, 3]), actor="Aria")  # 8
TALK = Evidence.none("minim", get_system("minim").vocabulary(), "Aria", ("Aria", "Brom", "Guard"))


def kept(evidence: Evidence, *sentences: str) -> None:
    for s in sentences:
        assert judge(s, evidence) is None, s


def removed(evidence: Evidence, *sentences: str) -> None:
    for s in sentences:
        assert judge(s, evidence), s


# --- the measured case, verbatim: a neutral Minim result, dice 2 and 5, target 3 ---------------------------------


def test_the_measured_case():
    text, report = guard_text("Critical hit! +3 to your next attack. You have IV hit points. You roll double sixes.",
                              NEUTRAL)
    assert text == "" and report.removed == ["Critical hit!", "+3 to your next attack.", "You have IV hit points.",
                                             "You roll double sixes."]
    assert "neutral" in report.reasons[0] and "modifier" in report.reasons[1]


def test_every_kind_the_issue_names_is_removed_on_a_neutral_result():
    removed(NEUTRAL, "You find forty gold crowns.", "Your strength rises to eighteen.", "You take a dozen wounds.",
            "You earn a hundred experience.", "IV hit points remain.", "Double sixes!", "You need a seven.",
            "Your wounds heal completely.", "You are fully restored.", "The guard dies instantly.",
            "Your brawl goes up by one.", "Critical hit!", "A perfect success.", "+3 to your next attack.")


def test_harmless_fiction_passes():
    kept(NEUTRAL, "The two of you slip into the shadows.", "One of the guards yawns.",
         "A single candle gutters on the table.", "Half the torches have burned out.", "Three crows watch you.",
         "You take a deep breath.", "The clock tower strikes twelve.", "The torch gutters and dies.",
         "You count to ten before moving again.", "The night is dead quiet.")
    kept(TALK, "The innkeeper polishes the same mug for the third time.", "A bard tunes a lute with seven strings.",
         "The common room holds a dozen tired travellers.", "Nobody pays you any mind.", "You miss the last ferry.")


# --- numbers: allowed only in the role the results give them ------------------------------------------------------


def test_die_faces_and_totals():
    kept(NEUTRAL, "You rolled a 2 and a 5.", "You rolled a two and a five.")
    removed(NEUTRAL, "You rolled a 3 and a 4.", "You rolled a 7.", "A natural 1!")
    kept(ROLL, "You rolled 8.", "The dice show 4 and 3.", "Two d6 plus one make 8.")
    removed(ROLL, "You rolled 9.", "You roll a d20.")


def test_targets_and_modifiers_keep_their_roles():
    kept(NEUTRAL, "Your target was 3.", "You lack the skill: -1.")
    removed(NEUTRAL, "Your target was 5.", "+3 to your next attack.", "You beat the DC 15.",
            "A -2 penalty.")  # 3 is the target, never a modifier
    removed(SUCCESS, "You needed a 3 or better.")  # 3 is a die face, not the target
    kept(NEUTRAL, "A penalty of one for lacking the skill.", "Your brawl of 4 is not enough.")
    removed(NEUTRAL, "The guard's perception is 4.", "The guard rolls perception: 3.")  # Aria's score; no guard roll
    removed(NEUTRAL, "Your armor gives you a bonus of one.")  # the -1 is a penalty, not a bonus


def test_damage_and_health_belong_to_who_the_results_say():
    kept(HIT, "The guard takes 1 damage.", "The guard is down to 1 health.", "The guard loses one health.")
    removed(HIT, "The guard takes 3 damage.", "The guard has 2 health left.", "Aria is down to 1 health.",
            "The blow deals three points of damage.", "The guard's health falls to zero.")
    kept(TRAP, "Brom takes 2 damage.", "Brom has 1 health left.")
    removed(TRAP, "Brom is down to 2 health.", "The beam deals 4 damage.")
    kept(HEAL, "The guard regains 1 health.", "The guard is back to 2 health.")
    removed(HEAL, "The draught heals 2 points.", "The guard regains 3 health.")


def test_resources_and_prices():
    kept(POWER, "You spend one faith.", "Your faith drops to 1.")
    removed(POWER, "You spend 2 faith.", "Your faith drops to 0.")
    kept(BUY, "The rope costs 1 wealth.", "Your wealth drops to 0.")
    removed(BUY, "The rope costs 3 wealth.", "The rope costs you forty gold.")


def test_odds_fractions_never_allow_a_number():
    class Odd(ToolResult):
        model_config = ConfigDict(extra="allow", frozen=True)

    odds = Dist.from_weights({13: 13, 23: 23}).odds(p_success=None)  # the odds hold 13/36
    evidence = Evidence(results=(("x", Odd(summary="rolled 13", odds=odds.model_dump())),))
    removed(evidence, "You take 13 damage.", "Your roll of 13 wins.", "The odds were 13/36.", "You had a 36% chance.")


def test_digits_with_no_role_must_be_some_fact():
    kept(NEUTRAL, "The 2 is not enough.")
    removed(NEUTRAL, "The 12 looks promising.", "In 1203 the tower fell.")


def test_names_on_the_table_are_never_numbers():
    guard_two = turn(("minim_check", {"actor": "Guard 2", "trait": "brass"}, [2, 6]),
                     setup=[("minim_add_npc", {"concept": "city guard", "name": "Guard 2", "tier": 3},
                             [2, 1, 1, 6, 1, 2, 3, 4, 5])])
    kept(guard_two, "Guard 2 peers into the dark.", "Guard 2 and Aria trade a glance.", "Guard 2 rolled a 2 and a 6.")
    removed(guard_two, "Guard 2 rolled a 9.", "Guard 2 succeeds.")


def test_a_huge_number_is_handled_without_int():
    why = judge("You rolled " + "9" * 5000 + ".", NEUTRAL)
    assert why and "characters" in why


# --- changes of state ---------------------------------------------------------------------------------------------


def test_harm_needs_a_harm_and_the_right_victim():
    kept(HIT, "The guard is wounded but still standing.", "Your fist connects and the guard staggers, hurt.",
         "You deal one point of damage.", "You wound him.", "Aria wounds the guard.")
    removed(TRAP, "The falling beam wounds Aria.", "Aria is hurt by the beam.")
    removed(HIT, "You are wounded in the exchange.", "Brom takes damage as well.")
    removed(NEUTRAL, "A thrown bottle wounds you.", "You take damage from the brambles.")


def test_healing_and_coming_round():
    kept(HEAL, "The guard's wounds close.", "The guard is healed.")
    removed(HEAL, "Brom's wounds close.", "The guard regains consciousness.")
    removed(NEUTRAL, "Your wounds heal completely.")


def test_going_down():
    kept(KNOCKOUT, "The guard falls unconscious.", "The guard crumples, out cold.")
    removed(KNOCKOUT, "Brom falls unconscious beside him.", "The guard dies.")  # the results say unconscious
    removed(HIT, "The guard falls unconscious.", "The guard is knocked unconscious.", "The guard collapses, dead.")


def test_items_money_resources_stats_rolls_and_bonuses():
    kept(KEY, "Brom finds a silver key.", "Brom pockets the silver key.")
    removed(KEY, "Brom also finds a dagger in the drawer.", "Beside the key lie gold coins, which Brom pockets.")
    kept(BUY, "You buy the rope.", "You pay for the rope.", "You spend a faith point haggling.")
    removed(BUY, "You also buy a lantern.")
    removed(TALK, "The innkeeper hands you a rusty key.", "You pay the innkeeper for a room.", "Your faith is restored.",
            "You level up!", "Your charisma increases.", "You roll the dice and grin.",
            "You gain advantage on your next roll.")
    kept(POWER, "You spend a faith point and lightning answers.")


def test_conditions_need_the_condition_on_the_right_character():
    stunned = turn(("minim_attack_target", {"attacker": "Aria", "defender": "Wolf"}, [2, 5, 6, 6]))  # fumble 12
    kept(stunned, "The wolf is stunned.", "You stun it.", "The wolf looks shaken.")
    removed(stunned, "Aria is stunned.", "Brom is pinned.")
    removed(NEUTRAL, "The guard is stunned by the noise.", "You knock the guard prone.")


# --- outcomes -----------------------------------------------------------------------------------------------------


def test_outcomes_must_agree_with_the_engine():
    kept(NEUTRAL, "It's a neutral result.", "You almost make it.", "You manage to reach the wall.",
         "A partial success: you are past, but the guard heard something.")
    removed(SUCCESS, "Only a partial success.", "Your test comes up neutral.", "It's only a neutral result.")
    kept(NEUTRAL, "Your Stealth test comes up neutral: you are past, but the guard turns.")
    removed(TALK, "Your test comes up neutral.")  # no roll decided anything
    removed(NEUTRAL, "You succeed.", "Critical failure!", "You fail the stealth check.", "A solid success.")
    kept(SUCCESS, "You succeed.", "Brom passes the test.")
    removed(SUCCESS, "A critical success!", "You fail to recall anything.")
    kept(CRITICAL, "A critical success!", "You succeed spectacularly.")
    removed(CRITICAL, "A plain success and nothing more.", "You fail to keep your balance.")
    kept(HIT, "You hit the guard.", "Your punch lands.")
    removed(HIT, "You miss.", "A critical hit!")
    removed(TALK, "You succeed in convincing the innkeeper.", "Critical success!")
    kept(SUCCESS, "Name fails to notice you.".replace("Name", "The guard"))


def test_implicit_outcomes_in_plain_story_words_must_agree_with_the_engine():
    # success told by what happens, not by the word "success"
    kept(SUCCESS, "The lock clicks open under Brom's fingers.", "Brom pulls it off without a hitch.")
    failure = turn(("minim_check", {"actor": "Brom", "trait": "brawl"}, [6, 5]))  # a critical failure
    removed(failure, "The lock clicks open under your fingers.", "Everything goes exactly to plan.",
            "It works like a charm.")
    kept(NEUTRAL, "The door swings open, but a board creaks under your foot.")  # a middling result may do both
    # failure told by what happens
    kept(NEUTRAL, "Your mind goes blank and the answer slips away.", "It goes badly wrong.")
    removed(SUCCESS, "The riddle defeats you entirely.", "Try as you might, it doesn't work.",
            "The scheme falls apart in your hands.", "You come away with nothing.")
    removed(CRITICAL, "Your grip slips and you tumble into the mud.", "You fall flat on your face.")
    # a hit told as a miss, and the reverse
    removed(HIT, "Your blade finds only air.", "Your sword clangs harmlessly off the wall.")
    kept(HIT, "You draw blood.", "Your sword opens a gash along his arm.")


def test_harm_and_death_told_by_the_blow_itself():
    removed(TALK, "A stray arrow catches you in the shoulder.", "The thorns tear your arm open.")
    kept(TALK, "The arrow strikes the wall beside you.", "You tear the letter open.", "The river runs still.")
    kept(TRAP, "The beam slams into Brom's shoulder.")


# --- the streaming guard ------------------------------------------------------------------------------------------


def test_streaming_guard_emits_only_checked_sentences():
    g = SentenceGuard(HIT)
    out = []
    for chunk in ["You strike", " true. Your roll of 1", "7 is legendary! The guard", " staggers back."]:
        out += g.feed(chunk)
    out += g.finish()
    assert out == ["You strike true.", "The guard staggers back."]
    assert g.report.removed == ["Your roll of 17 is legendary!"]
    assert g.report.as_dict() == {"removed": ["Your roll of 17 is legendary!"], "reasons": g.report.reasons,
                                  "regenerated": False, "fallback": False}


def test_a_run_on_without_sentence_ends_is_judged_in_bounded_pieces():
    run_on = "you rolled 17 and the wind howls " * 6100  # 200k characters, no sentence end
    g = SentenceGuard(NEUTRAL)
    for i in range(0, len(run_on), 997):
        g.feed(run_on[i:i + 997])
        assert len(g._buffer) <= MAX_SENTENCE  # never more than one piece held
    g.finish()
    assert not g.kept and all(len(p) <= MAX_SENTENCE for p in g.report.removed)
    assert len(g.report.removed) >= len(run_on) // MAX_SENTENCE
    text, report = guard_text("the wind howls over the moor " * 7000, NEUTRAL)  # harmless: kept up to the limit
    assert 0 < len(text) <= 3 * MAX_SENTENCE + 2 and not report.removed
    assert judge(run_on, NEUTRAL)  # judge alone also reads a run-on piece by piece


def test_once_full_the_rest_of_the_stream_is_not_read():
    g = SentenceGuard(NEUTRAL, max_sentences=1)
    g.feed("You wait. ")
    assert g.full and g.feed("x" * 100_000) == [] and g._buffer == ""


def test_judge_and_the_report():
    assert Judge(NEUTRAL)("You rolled a 2.") is None
    report = GuardReport(removed=["a"], reasons=["b"], regenerated=True)
    assert report.acted and report.as_dict()["regenerated"]


@pytest.mark.parametrize("sentence", ["", "   ", "...", "?!"])
def test_empty_and_punctuation_only_input(sentence):
    assert judge(sentence, NEUTRAL) is None


def test_the_guard_reads_effects_not_health_assumptions():
    """Another book's resource (an injury track that worsens upward) is read from its vocabulary and effects."""
    from narrator.tools.systems.contract import Resource, Vocabulary

    vocab = Vocabulary(resources=(Resource(field="wounds", word="wound level", kind="injury", higher_is_better=False),),
                       outcomes={"hit": 1, "miss": -1})
    hurt = Evidence(effects=(Effect(kind="harmed", who="Zed", what="wound level", amount=1, before=0, after=1),),
                    vocabulary=vocab, names=("Zed",))
    kept(hurt, "Zed's wound level rises to 1.", "Zed is wounded.")
    removed(hurt, "Zed's wound level rises to 3.")
    removed(Evidence(vocabulary=vocab), "Zed is wounded.")


def test_the_reader_vetoes_keyword_readings_it_is_sure_are_fiction(real_reader):
    """Words of a claim that claim nothing: the keywords alone would remove these (issue 26)."""
    from narrator.agent.claims_reader import default_reader

    sentences = ("The wind off the glacier finds every gap in your cloak.",)
    assert all(Judge(NEUTRAL, SilentReader())(s) for s in sentences)  # the keywords' reading
    kept(NEUTRAL, *sentences)
    assert all(r.claims == {} for r in default_reader().read(list(sentences)))


def test_a_contradiction_told_as_a_story_is_removed_by_the_reader(real_reader):
    removed(HIT, "Your blade finds only air, and the Guard laughs at you.")
    removed(TALK, "The Guard falls and does not rise again.")
    kept(HIT, "Your blade bites into the Guard's arm.")


def test_a_miss_when_nothing_was_rolled_is_removed_when_the_reader_reads_an_attack(real_reader):
    """"You miss" is a hedged failure a middling check allows, so the keywords keep it on a quiet turn; the
    reader tells an attack nobody rolled from a missed ferry (issue 26)."""
    removed(TALK, "You miss the goblin.", "You swing at the Guard and miss.")
    kept(TALK, "You miss the last ferry.", "You miss the smell of your mother's kitchen.")
    assert Judge(TALK, SilentReader())("You miss the goblin.") is None  # the keywords alone keep it


def test_harm_given_to_a_story_person_the_engine_did_not_hurt_is_removed():
    """Played in Mastery solo: the engine hurt the cutpurse and the model wrote "...; Lord Aubrey is hit." — a
    recurring person of the story, not on the table, so the sentence was read as about the cutpurse it also names."""
    from dataclasses import replace

    from narrator.agent.evidence import known_names
    from narrator.tools.table import Story, TableState

    state = TableState(system="minim", characters={"Aria": {}, "Guard": {}},
                       story=Story(people=["Lord Aubrey", "Guard"]))
    assert known_names(state) == ("Aria", "Guard", "Lord Aubrey")
    told = replace(HIT, names=(*HIT.names, "Lord Aubrey"))
    removed(told, "You strike the guard with your fist; Lord Aubrey is hit.", "Lord Aubrey is wounded.")
    kept(told, "You strike the guard with your fist; the guard is hurt.", "Lord Aubrey watches the guard stagger.")


def test_a_cut_is_harm_to_whoever_owns_the_arm():
    """Played in Mini Six solo: Vash's arrow wounded the mercenary and the model wrote "You cut your own arm with your
    bow." A blow told on a body part hurts its owner: "your arm" is the actor's, "his arm" someone else's."""
    removed(HIT, "You cut your own arm with your bow.", "The blade cuts your arm.", "You slice your hand open.")
    kept(HIT, "You cut his arm.", "Your sword slashes his arm.", "You tear his sleeve and his arm.")
    removed(NEUTRAL, "You cut his arm.")  # nobody was hurt at all
