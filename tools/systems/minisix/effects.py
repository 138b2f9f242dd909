"""The story facts of Mini Six's results, in the book's words: what narration and the provenance guard may say.

The shared reading of ops (:func:`tools.effects.effects_from_changes`) knows one downed condition
(``incapacitated``); Mini Six has three worse ones (``Wound Level Effects``): mortally wounded ("near death and
incapacitated, knocked unconscious"), knocked out after a failed stamina roll, and dead. Each of those puts its
bearer down, so each is a ``downed`` effect naming the level — that is what lets a narration say "the guard is
dead" (the guard accepts a death only from a downed effect that says so). A wound that replaces a lighter one is
one fact, not two: "now severely wounded", without "no longer wounded"; a stun that became a wound ("2 Stuns =
1 Wound") is the wound, not a recovery from the stun (played in Mini Six solo: "You are hurt again. You feel
better."); and a bearer put down twice in one result (incapacitated, then mortally wounded) is put down once, at
the worse level.

Conditions whose table names are labels, not words ("cover 50%", "full dodge"), are said as a sentence can carry
them ("behind cover", "doing nothing but dodging").
"""

from __future__ import annotations

from narrator.tools.systems.contract import Effect

WOUND_ORDER: tuple[str, ...] = ("stunned", "wounded", "severely wounded", "incapacitated", "fighting on",
                                "unconscious", "mortally wounded", "dead")
"""Wound conditions from lightest to worst; a later one added supersedes an earlier one removed."""
DOWN: frozenset[str] = frozenset({"incapacitated", "unconscious", "mortally wounded", "dead"})
SAY: dict[str, str] = {
    "cover 50%": "behind cover", "cover 75%": "behind good cover", "cover 90%": "behind heavy cover",
    "cover 100%": "completely behind cover", "full dodge": "doing nothing but dodging",
    "fighting on": "fighting on through the pain", "lucky": "feeling lucky",
    "daredevil": "throwing caution to the wind", "unconscious": "knocked out",
}


def _rank(what: str) -> int:
    return WOUND_ORDER.index(what) if what in WOUND_ORDER else -1


def story_effects(raw: list[Effect]) -> list[Effect]:
    """The shared effects of one result, re-read as Mini Six's wound levels and conditions (see the module)."""
    worst_added: dict[str, int] = {}
    for e in raw:
        if e.kind in ("condition_added", "downed"):
            worst_added[e.who] = max(worst_added.get(e.who, -1), _rank(e.what))
    worst_down: dict[str, str] = {}
    for e in raw:
        if e.kind in ("condition_added", "downed") and e.what in DOWN:
            if _rank(e.what) >= _rank(worst_down.get(e.who, "")):
                worst_down[e.who] = e.what
    wounded = {e.who for e in raw if e.kind == "harmed" and e.what == "wound level"}
    out: list[Effect] = []
    downed_said: set[str] = set()
    for e in raw:
        if e.kind == "condition_removed" and 0 <= _rank(e.what) < worst_added.get(e.who, -1):
            continue  # superseded by a worse wound in the same result
        if e.kind == "healed" and e.what == "stun" and e.who in wounded:
            continue  # "2 Stuns = 1 Wound": the stun count went down because it became a wound, not a recovery
        if e.kind in ("condition_added", "downed") and e.what in DOWN:
            if e.who in downed_said:
                continue
            downed_said.add(e.who)
            e = Effect(kind="downed", who=e.who, what=SAY.get(worst_down[e.who], worst_down[e.who]))
        elif e.kind in ("condition_added", "condition_removed") and e.what in SAY:
            e = e.model_copy(update={"what": SAY[e.what]})
        if e.kind == "condition_removed" and e.what == "dodging" and any(
                x.kind == "condition_added" and x.who == e.who and x.what == "full dodge" for x in raw):
            continue  # a full dodge replaces the plain Dodge action: one fact
        if e not in out:
            out.append(e)
    return out
