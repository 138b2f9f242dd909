"""Brew's words reach the narration and the guard: hurt, badly hurt, a lasting injury, dying, spent Resolve and mana,
and the book's outcome labels — judged by the shared provenance guard on real engine runs."""

from __future__ import annotations

from narrator.agent.guard import judge
from narrator.agent.guard_eval import context_evidence
from narrator.tools.systems import get_system

BREW = get_system("brew")
SETUP_AIM = [("table_edit_character", {"actor": "Aria", "set": {"attributes.precision": 3,
                                                                "skills.animal handling": 3}}, [])]


def turn(*calls, setup=(), actor=None):
    spec = {"system": "brew", "calls": [{"tool": t, "args": a, "faces": list(f)} for t, a, f in calls],
            "setup": [{"tool": t, "args": a, "faces": list(f)} for t, a, f in setup]}
    if actor:
        spec["actor"] = actor
    return context_evidence(spec, "brew")


def test_a_lasting_injury_is_told_as_hurt_and_injured():
    e = turn(("brew_take_damage", {"target": "Brom", "amount": 7, "reason": "a car", "lasting_injury": "broken arm"},
              []), actor="Brom")
    words = [x.words() for x in e.effects]
    assert "Brom is hurt (a lasting injury: broken arm)" in words
    assert any(w == "Brom is now hurt" for w in words)
    assert judge("Brom is hurt, his arm broken and useless.", e) is None
    assert judge("Brom takes 7 damage.", e) is None
    assert judge("Brom takes 9 damage.", e)


def test_dying_is_said_and_only_when_it_happens():
    dying = turn(("brew_take_damage", {"target": "Guard", "amount": 12, "reason": "a fall"}, []), actor="Aria")
    assert {("downed", "unconscious"), ("downed", "dying")} <= {(x.kind, x.what) for x in dying.effects}
    assert judge("The guard lies broken at the bottom, dying.", dying) is None
    graze = turn(("brew_take_damage", {"target": "Guard", "amount": 1, "reason": "a graze"}, []), actor="Aria")
    assert judge("The guard falls unconscious.", graze)


def test_outcome_words_follow_the_engine():
    lasso = turn(("brew_skill_roll", {"actor": "Aria", "skill": "animal handling"}, [5]), setup=SETUP_AIM)
    assert lasso.outcome_label == "perfect success"
    assert judge("The lasso drops neatly over the stallion's head, a perfect throw.", lasso) is None
    assert judge("Aria fails to catch the horse.", lasso)


def test_resources_are_pools_and_health():
    vocab = BREW.vocabulary()
    kinds = {r.field: (r.kind, r.higher_is_better, r.downed_at) for r in vocab.resources}
    assert kinds["health"] == ("health", True, 0) and kinds["resolve"][0] == "pool" and kinds["mana"][0] == "pool"
    assert {"power", "melee", "illusion"} <= set(vocab.stats)
    assert vocab.outcomes["astounding success"] == 1 and vocab.outcomes["failure"] == -1
    assert {"unconscious", "dying", "dead"} <= set(vocab.downed_words)
