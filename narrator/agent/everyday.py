"""Everyday actions that need no dice: "I tie up my mule and drink from my canteen" is told, not rolled.

Why: the blind writers' narration sessions open with two actions that need no dice and close with an everyday one,
and the router rolled 48 of those 180 lines (a quarter: "I switch my phone to silent" a stealth roll, "I sit on a
crate and watch the fog" a spell) — the words of a skill ("tie", "silent", "watch") pulled them to it, and the roll
then told a failure nobody asked for ("You try to tie up your mule ..., but it does not work"). Training lines for
them cost the development sets more than they gained (stop 46). This reads the words instead: a line whose every act
is an everyday one (sit, eat, drink, pay, hang up a coat, tie up a horse...), with nothing that makes it hard or
hidden (quietly, without, try to, before anyone...), no words spoken (a quoted line may threaten) and nobody on the
table it acts on, needs no roll — when the reading was a plain check (:func:`a_check`): a move, an item, a rest or a
spell the router chose stays. Verbs that open harder acts as often as everyday ones (set a broken leg, put a
crossbow together, take command, enter a bout) are not on the list, nor are resting and singing (mechanics of their
own in some books).
"""

from __future__ import annotations

import re

EVERYDAY = frozenset("""
sit sits sat stand stands stood stretch stretches yawn yawns drink drinks drank sip sips eat eats ate pour pours
order orders buy buys bought pay pays paid hang hangs hung warm warms wash washes greet greets nod nods wave waves
smile smiles thank thanks lie lies lean leans settle settles pocket pockets tuck tucks switch switches plug plugs
unplug unbuckle unbuckles clip clips hitch hitches tie ties unroll unrolls unpack unpacks pack packs sweep sweeps
share shares kneel kneels wrap wraps fill fills refill refills light lights remove removes shake shakes chew chews
munch munches step steps walk walks wander wanders stroll strolls catch catches board boards arrive arrives leave
leaves file files count counts spread spreads brush brushes wipe wipes dry dries change changes
""".split())
"""Verbs of everyday acts (a step, a sip, a coat hung up)."""

HARD = re.compile(
    r"\b(quiet(ly)?|silently|secret(ly)?|unnoticed|unseen|without|disguise\w*|so (that|the|he|she|"
    r"they|nobody|no one)|before (anyone|he|she|they|the)|while (he|she|they|the|nobody)|try|tries|trying|attempt|"
    r"carefully|quickly|fast|hurry|hurried|hide|hidden|sneak|steal|stolen|pick|force|break|climb|search|examine|"
    r"study|check|inspect|listen|watch for|lock|locked|trap|poison|laced|drug|drugged|slip \w+ (into|in)|fight|"
    r"attack|threat|lie to|lying|bluff|convince|persuade|haggle|bargain|cheat|spell|magic|pray|heal|bandage|treat|"
    r"swim|jump|leap|run|sprint|chase|follow|track|secure|fix|repair|hack|pilot|steer|drive|against|guard|"
    r"storm|wound|wounded|bleeding|blood|hoping|tricky|hard|reach|confuse|distract|attention|exhaust\w*|fleeing|"
    r"take turns|escape|enemy|foe|rest|sleep|careful|look|looks|softly|gently|tiptoe\w*|creak\w*|go(es|ing)? through|"
    r"frame by frame|(into|in|under|inside) my (socks?|boots?|sleeves?|shirt|hat|belt|collar|hair|lining))\b",
    re.I)
"""Words that make an act hard, hidden or contested: it may need a roll, so the router's reading stands."""

VERB = re.compile(r"(?:^|\band\s+|,\s*(?:and\s+|then\s+)?|\bthen\s+)(?:I\s+|we\s+)?(?P<verb>[a-z][a-z-]*)", re.I)
"""The verb that opens each act of a line: the first word, and the first after "and", a comma or "then"."""


def everyday(text: str) -> bool:
    """Every act of ``text`` is an everyday one and nothing makes it hard ("I tie up my mule and drink from my
    canteen"); a line in the first person."""
    line = " ".join(text.strip().split())
    if not re.match(r"^(I|we)\s", line, re.I) or HARD.search(line) or re.search(r"[?\"“”:]|'\s|\s'", line):
        return False
    verbs = [m.group("verb").lower() for m in VERB.finditer(line)]
    return bool(verbs) and all(v in EVERYDAY for v in verbs)


CHECK_ARGS = frozenset({"skill", "attribute", "activity", "trait", "descriptor", "task", "code"})
NOT_A_CHECK = frozenset({"zone", "item", "mode", "condition", "ability", "target", "defender", "rest", "power",
                         "player", "card", "spell", "field"})


def a_check(call_args: dict) -> bool:
    """Whether a proposal's call is a plain check (a skill, an attribute, an activity tested), not a move, an item,
    a rest, a spell or an act on someone: only a check is set aside for an everyday line."""
    keys = set(call_args)
    return bool(keys & CHECK_ARGS) and not keys & NOT_A_CHECK

