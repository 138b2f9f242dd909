"""The claims reader as the guard's judge (issue 26): in every system, a sentence that contradicts the turn in any
label family is removed, the same sentence stays on a turn that agrees with it, and fiction stays everywhere.
The turns are real: :func:`narrator.agent.claims_guard_eval.turns_for` plays them through the registry."""

from __future__ import annotations

import pytest

from narrator.agent.claims_guard_eval import turns_for
from narrator.agent.guard import Judge, engine_outcomes

SYSTEMS = ("minim", "mastery", "minisix", "fiveplus", "brew")

# family: (sentence by system, the turn it contradicts, a turn it agrees with or None)
CASES = {
    "outcome success": ({"minim": "You haul yourself over the wall and drop down on the far side.",
                         "mastery": "The wall is no match for you: you are over it in a heartbeat.",
                         "minisix": "You scramble up the bricks and over the top like it was nothing.",
                         "fiveplus": "Hand over hand you climb, and soon you stand on top of the wall.",
                         "brew": "You make the climb look easy and swing your leg over the top."}, "failure", "success"),
    "outcome failure": ({"minim": "Your fingers slip on the wet stones and you drop back to the ground.",
                         "mastery": "Halfway up the stones crumble and you fall back into the mud.",
                         "minisix": "You can't get a grip on the bricks and slide back down.",
                         "fiveplus": "The wall defeats you; you never get more than a few feet up.",
                         "brew": "You try and try, but the wall is too sheer and you give up."}, "success", "failure"),
    "attack hit": ({"minim": "Your blade bites deep into the Guard's shoulder.",
                    "mastery": "Your axe crashes into the Guard's side.",
                    "minisix": "Your bullet punches into the Guard's leg.",
                    "fiveplus": "Your sword strike lands squarely on the Guard.",
                    "brew": "Your punch connects with the Guard's jaw."}, "miss", "hit"),
    "attack miss": ({"minim": "Your blade finds only air as the Guard twists aside.",
                     "mastery": "Your axe whistles past the Guard's head.",
                     "minisix": "Your shot goes wide and smacks into the wall behind the Guard.",
                     "fiveplus": "The Guard steps back and your sword cuts nothing but air.",
                     "brew": "You swing and miss the Guard completely."}, "hit", "miss"),
    "harm hurt": ({"minim": "Blood runs down the Guard's arm from a deep cut.",
                   "mastery": "The Guard staggers, bleeding from a fresh wound.",
                   "minisix": "The Guard clutches a bloody wound in his side.",
                   "fiveplus": "The Guard reels, hurt and bleeding.",
                   "brew": "The Guard groans, badly hurt."}, "success", "hit"),
    "harm down": ({"minim": "The Guard crumples to the floor and does not get up.",
                   "mastery": "The Guard collapses in a heap, senseless.",
                   "minisix": "The Guard goes down, out cold.",
                   "fiveplus": "The Guard falls unconscious at your feet.",
                   "brew": "The Guard drops like a sack of flour, knocked out."}, "hit", None),
    "harm fled": ({"minim": "The Guard throws down his spear and runs for his life.",
                   "mastery": "The Guard turns tail and flees into the night.",
                   "minisix": "The Guard drops his gun and bolts out the door.",
                   "fiveplus": "The Guard begs for mercy and surrenders.",
                   "brew": "The Guard yields, hands raised, and backs away."}, "hit", None),
    "heal": ({"minim": "Warmth spreads through you as your wounds close and you recover your health.",
              "mastery": "The salve does its work and your wounds heal.",
              "minisix": "The medkit patches you up and your wounds heal.",
              "fiveplus": "Your injuries mend and the pain fades away.",
              "brew": "The healing draught closes your cuts and you feel whole again."}, "success", None),
    "condition": ({"minim": "The blow leaves you stunned and reeling.",
                   "mastery": "The poison takes hold, and you are poisoned.",
                   "minisix": "You are knocked prone in the dirt.",
                   "fiveplus": "Fear grips you and you are frightened.",
                   "brew": "The flash of light leaves you blinded."}, "success", None),
    "item": ({"minim": "You find a small brass key under the mat and pocket it.",
              "mastery": "You take the silver ring from the table and slip it onto your finger.",
              "minisix": "You grab the revolver off the table and tuck it into your belt.",
              "fiveplus": "The merchant hands you the map, and now it is yours.",
              "brew": "You pocket the stack of dollars from the drawer."}, "success", None),
    "resource": ({"minim": "You spend a point of faith to steady your hand.",
                  "mastery": "You spend a triumph to turn the moment.",
                  "minisix": "You spend a Hero Point on this.",
                  "fiveplus": "You pay a point of fatigue to push on.",
                  "brew": "You spend a point of Resolve to try again."}, "success", None),
}
FICTION = {"minim": "Rain drums on the roof of the old mill.",
           "mastery": "The innkeeper hums a tune as he wipes the bar.",
           "minisix": "Neon light flickers over the wet street.",
           "fiveplus": "A cold wind blows in from the sea.",
           "brew": "Somewhere down the hall a radio is playing."}


@pytest.fixture(scope="module")
def judges():
    return {system: {name: Judge(evidence) for name, evidence in turns_for(system).items()} for system in SYSTEMS}


def test_each_family_is_judged_in_every_system(judges):
    wrong = []
    for family, (sentences, against, agrees) in CASES.items():
        for system in SYSTEMS:
            sentence = sentences[system]
            if judges[system][against](sentence) is None:
                wrong.append((system, family, against, "kept", sentence))
            if agrees and (why := judges[system][agrees](sentence)) is not None:
                wrong.append((system, family, agrees, f"removed: {why}", sentence))
    total = sum(5 * (2 if agrees else 1) for _, _, agrees in CASES.values())
    # A learnt reader slips (docs/honesty.md: held-out figures); what must hold is that every family works in most systems
    # and the slips stay few. Measured when written: 10 of 80.
    assert len(wrong) <= total * 15 // 100, wrong
    per_family = {f: sum(1 for w in wrong if w[1] == f) for f in CASES}
    assert all(n <= 4 for n in per_family.values()), per_family


def test_fiction_stays_on_every_turn(judges):
    removed = [(system, name, why) for system in SYSTEMS for name, judge in judges[system].items()
               if (why := judge(FICTION[system])) is not None]
    assert removed == []


def test_a_reason_names_the_reading_and_the_engine(judges):
    why = judges["minim"]["failure"]("You haul yourself over the wall and drop down on the far side.")
    assert why is not None and "failure" in why


def test_a_middling_attack_is_a_hit_only_when_someone_was_hurt():
    """Minim's neutral attack misses and the target fumbles: for the attack family it is a miss, so a blow told as
    landing contradicts it (found in play: "You manage to punch Lord Aubrey" after such a miss)."""
    from narrator.agent.claims_guard_eval import _run
    from narrator.agent.claims_judge import attack_polarities

    neutral = _run("minim", "minim_attack_target", {"attacker": "Aria", "defender": "Guard"}, [2, 5] + [1] * 6)
    assert [o.polarity for o in engine_outcomes(neutral)] == [0]
    assert attack_polarities(neutral) == [-1]
    hit = turns_for("minim")["hit"]
    assert attack_polarities(hit) == [1]
