"""What a sentence of narration claims about the rules: numbers in a role, changes of state, outcomes.

The provenance guard (:mod:`narrator.agent.guard`) allows a claim only when the turn's results back it; the
narration gate reuses :func:`outcome_claim` to ask whether the story agrees with the engine. Nothing here knows a
rules system: the words of a book (its resources, mechanics words, outcome labels, stats, downed words) come from
its :class:`tools.systems.contract.Vocabulary`; the rest is ordinary English.

Three kinds of claim:

* **numbers in a role** (:func:`number_claims`): each number :mod:`narrator.agent.numbers` finds is given the roles
  of :mod:`tools.facts` it could fill, from the words around it — "3 damage", "rolled a 5", "DC 15", "+3 to your
  next attack", "forty gold crowns", "strength rises to eighteen". The noun a number counts decides first ("two
  hands" is fiction, "two wounds" damage); then the words before it ("rolled a", "health drops to", "brawl goes up
  by"); a number joined to another by "and" / "or" / a comma shares its role. A number with no role is fiction
  ("the two of you", "one of the guards") unless it is written in digits, or its sentence talks mechanics.
* **changes of state** (:func:`state_claims`): harm, healing, going down or dying, coming round, items gained or
  lost, money, resources spent or regained, stats and levels, and rolls. Negated, hypothetical and questioned
  sentences ("does not bleed", "will die", "could heal", "Is he dead?") claim nothing.
* **outcomes** (:func:`outcome_claims`, :func:`outcome_claim`): success or failure, plain or critical.

Every pattern is bounded (no unbounded ``.*`` between two words), so a claim is found in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from narrator.agent.numbers import Number, find_numbers
from narrator.tools.systems.contract import Vocabulary

# --- words --------------------------------------------------------------------------------------------------------

GENERIC_STATS = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma", "agility", "stamina",
                 "willpower", "reflexes", "attribute", "attributes", "stat", "stats", "skill", "skills", "trait",
                 "traits")
HEALTH_WORDS = ("health", "hp", "hit points", "hit point", "hitpoints", "vitality", "life force")
DAMAGE_WORDS = ("damage", "fatigue", "wound", "wounds", "harm", "injury", "injuries")
MONEY_WORDS = ("gold", "silver", "copper", "coin", "coins", "crown", "crowns", "gold pieces", "silver pieces",
               "pieces", "gp", "sp", "cp", "ducat", "ducats", "florin", "florins", "shilling", "shillings", "penny",
               "pennies", "sovereign", "sovereigns", "dollar", "dollars", "credit", "credits", "money", "wealth")
ITEM_WORDS = ("sword", "swords", "blade", "dagger", "daggers", "knife", "axe", "mace", "hammer", "spear", "bow",
              "longbow", "crossbow", "arrow", "arrows", "bolts", "shield", "armor", "armour", "helm", "helmet",
              "potion", "potions", "elixir", "scroll", "scrolls", "ring", "amulet", "necklace", "key", "keys", "gem",
              "gems", "jewel", "jewels", "ruby", "emerald", "diamond", "pearl", "wand", "staff", "rope", "lantern",
              "torch", "map", "tome", "cloak", "boots", "gloves", "gauntlets", "idol", "relic", "artifact",
              "artefact", "talisman", "trinket", "vial", "flask", "lockpicks", "weapon", "weapons", "item", "items",
              "gear", "loot", "treasure", "grenade", "pistol", "rifle", "gun")
ITEM_NOUN = re.compile(r"\b(?:" + "|".join(sorted(ITEM_WORDS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
GENERIC_ITEMS = frozenset({"item", "items", "gear", "loot", "treasure", "weapon", "weapons"})
CONDITIONS = ("stunned|pinned|grappled|prone|paralyzed|paralysed|restrained|blinded|deafened|poisoned|petrified|"
              "incapacitated|dazed|immobilized|immobilised|entangled")
"""Conditions in words no story uses for anything else (not "shaken", "surprised", "fallen")."""
INANIMATE = frozenset("fire flame flames torch candle light lights wind breeze sound noise laughter music conversation "
                      "voice hope engine storm rain song smile echo day night fog mist embers hearth lamp lantern "
                      "glow spark sparks".split())
"""Things that "die" in ordinary English ("the fire dies") — not a character going down."""
PRONOUNS = re.compile(r"\b(he|she|they|him|her|them|his|hers|their|its|it)\b", re.IGNORECASE)

FILLERS = frozenset("a an the of your his her their its my our him them it me this that another mere whopping full name "
                    "whole extra more additional fresh precious remaining left only just exactly about around nearly "
                    "almost roughly some still already all back over than as very single".split())
LINKS = frozenset("is was are were be been becomes become became at to by now of from "
                  "drops drop dropped falls fall fell rises rise rose goes go went gone increases increase increased "
                  "decreases decrease decreased climbs climbed sinks sank sunk reduced reduces reduce restored raised "
                  "lowered reaches reached stands stood sits sat remains remain improves improved grows grew jumps "
                  "jumped plummets plummeted shrinks shrank set sets boosted bumped down up".split())
DETERMINERS = frozenset("the a an this that these those his her their your its my our".split())
CONNECTORS = frozenset({"and", "or", "then", ",", "plus", "&", "to", "-"})
FUNCTION_WORDS = frozenset("to on in at for with from against as than into onto over under by and or but then "
                           "that which who while when if so because times is was are were be been isn't wasn't "
                           "aren't beats means makes gives wins seems looks carries should will would can could might "
                           "must shall may".split())

ROLLS = frozenset("roll rolls rolled rolling reroll rerolls rerolled throw throws threw thrown toss tosses tossed "
                  "dice".split())
DIE_VERBS = frozenset("shows showing show lands landed reads read comes came turns turned".split())
LEFT_CUES: dict[str, frozenset[str]] = {}
RIGHT_CUES: dict[str, frozenset[str]] = {}


def _cues(table: dict[str, frozenset[str]], words: str, roles: str) -> None:
    for w in words.split():
        table[w.replace("_", " ")] = frozenset(roles.split())


_cues(LEFT_CUES, " ".join(ROLLS), "die total")
_cues(LEFT_CUES, "natural nat", "die")
_cues(LEFT_CUES, "total totals totaling totalling totalled totaled sum", "total")
_cues(LEFT_CUES, "target tn dc difficulty threshold need needs needed needing beat beats beating target_number ac "
      "armor_class armour_class defense defence", "target")
_cues(LEFT_CUES, "odds chance chances probability", "percent")
_cues(LEFT_CUES, "bonus penalty modifier modifiers", "modifier")
_cues(LEFT_CUES, "health hp vitality hit_points hit_point hitpoints", "health damage")
_cues(LEFT_CUES, "damage fatigue wound wounds harm", "damage")
_cues(LEFT_CUES, "deals dealt deal dealing inflicts inflicted inflict takes took take taking suffers suffered suffer "
      "loses lost lose losing drains drained", "damage health resource price")
HIT_VERBS = frozenset("hits hit strikes struck bites slashes cuts".split())
_cues(LEFT_CUES, " ".join(HIT_VERBS), "damage")  # only as "hits him for 3" (see _left)
_cues(LEFT_CUES, "gains gain gained regains regained regain recovers recovered recover heals healed heal restores "
      "earns earned receives received wins won grants granted awarded awards", "health resource level price score count")
_cues(LEFT_CUES, "level levels lvl tier rank", "level")
_cues(LEFT_CUES, "costs cost price pay pays paid paying worth priced charges charge", "price")
_cues(LEFT_CUES, "successes", "successes")
_cues(LEFT_CUES, "margin degree succeeds succeed succeeded fails failed fail misses missed", "degree")
_cues(RIGHT_CUES, "damage fatigue wound wounds harm injury injuries", "damage")
_cues(RIGHT_CUES, "health hp vitality hit_points hit_point hitpoints", "health damage")
_cues(RIGHT_CUES, " ".join(w.replace(" ", "_") for w in MONEY_WORDS), "price resource")
_cues(RIGHT_CUES, "level levels xp experience exp experience_points", "level")
_cues(RIGHT_CUES, "success successes", "successes")
_cues(RIGHT_CUES, "bonus penalty modifier", "modifier")
_cues(RIGHT_CUES, "dice die", "count")
_cues(RIGHT_CUES, "pips", "die")
_cues(RIGHT_CUES, " ".join(GENERIC_STATS[:10]), "score")

WEAK_LEFT = frozenset(ROLLS | set("need needs needed needing beat beats beating deals dealt deal dealing inflicts "
                                   "inflicted inflict takes took take taking suffers suffered suffer loses lost lose "
                                   "losing drains drained hits hit strikes struck bites slashes cuts gains gain gained "
                                   "regains regained regain recovers recovered recover heals healed heal restores earns "
                                   "earned receives received wins won grants granted awarded awards costs cost pay pays "
                                   "paid paying charges charge".split()))
"""Verbs: "takes two steps", "rolled two barrels" — the noun a number counts outweighs them (nouns of the rules,
like "brawl of 3" or "health 2", do not give way)."""
POINTS = frozenset({"point", "points", "pts"})
ANY = frozenset({"any"})
RIGHT_PHRASES = (
    (re.compile(r"(?:points?\s+)?(?:on|in)\s+(?:the|your|his|her|their|a|its|each)\s+(?:die|dice|roll|throw)\b"),
     frozenset({"die", "total"})),
    (re.compile(r"(?:in\s+total|total\b|all\s+told)"), frozenset({"total"})),
    (re.compile(r"or\s+(?:better|higher|more|above|over|less|lower|under|below)\b"), frozenset({"target"})),
    (re.compile(r"to\s+(?:hit\b|(?:your|his|her|their|the|its|all|every|any|each|my|our)\s+(?:next\s+|following\s+)?"
                r"(?:[a-z]+[\s-])?(?:attacks?|rolls?|checks?|tests?|actions?|defen[cs]es?|strikes?|attempts?|shots?"
                r"|saves?|throws?)\b)"), frozenset({"modifier"})),
)
MECHANICAL = re.compile(r"\b(dice|the die|a die|rolled|roll of|damage|health|hp|hit points?|fatigue|modifier|bonus|"
                        r"penalty|target number|difficulty|successes|critical|crit|d\d+)\b", re.IGNORECASE)
CHANCE = re.compile(r"\b(chance|chances|odds|probability|likel\w*|success\w*|succeed\w*|hit|hits|roll\w*|dice|"
                    r"crit\w*|fail\w*|miss\w*)\b", re.IGNORECASE)


# --- the lexicon of one rules system -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Lexicon:
    """The generic words plus one vocabulary's, compiled once per vocabulary."""

    vocabulary: Vocabulary
    left: dict[str, tuple[frozenset[str], str | None]]
    right: dict[str, tuple[frozenset[str], str | None]]
    stats: frozenset[str]
    health: tuple[str, ...]
    money: tuple[str, ...]
    pools: tuple[str, ...]
    patterns: dict[str, re.Pattern] = field(default_factory=dict)


def _alt(words) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"[\s-]+") for w in sorted(set(words), key=len, reverse=True) if w)


_LEXICONS: dict[int, Lexicon] = {}


def lexicon(vocabulary: Vocabulary | None) -> Lexicon:
    vocabulary = vocabulary or Vocabulary()
    cached = _LEXICONS.get(id(vocabulary))
    if cached is not None and cached.vocabulary is vocabulary:
        return cached
    left: dict[str, tuple[frozenset[str], str | None]] = {w: (r, None) for w, r in LEFT_CUES.items()}
    right: dict[str, tuple[frozenset[str], str | None]] = {w: (r, None) for w, r in RIGHT_CUES.items()}
    for w in MONEY_WORDS:
        right[w] = (frozenset({"price", "resource"}), "money")
    health, money, pools = list(HEALTH_WORDS), list(MONEY_WORDS), []
    for res in vocabulary.resources:
        word = res.word.lower()
        roles = {"health": "health damage", "injury": "damage health", "pool": "resource", "money": "price resource",
                 "stat": "score resource", "level": "level"}[res.kind]
        what = res.field.rsplit(".", 1)[-1].lower()
        for w in {word, what, word + " point", word + " points", what + " point", what + " points"}:
            left[w] = right[w] = (frozenset(roles.split()), what)
        if res.kind in ("health", "injury"):
            health += [word, what]
        elif res.kind == "money":
            money += [word, what]
        elif res.kind == "pool":
            pools += [word, what]
    stats = {s.lower() for s in vocabulary.stats} | set(GENERIC_STATS)
    stats |= {r.word.lower() for r in vocabulary.resources if r.kind in ("stat", "level")}
    for s in stats:
        left.setdefault(s, (frozenset({"score"}), None))
    for phrase in vocabulary.mechanics:
        p = phrase.lower().replace("-", " ")
        if p in left or p in right:
            continue
        words = p.split()
        roles = (frozenset({"die", "total"}) if any(w in ROLLS for w in words)
                 else next((LEFT_CUES[w] for w in words if w in LEFT_CUES), frozenset({"score"}) if "score" in words
                           else ANY))
        left[p] = right[p] = (roles, None)
    lex = Lexicon(vocabulary, left, right, frozenset(stats), tuple(dict.fromkeys(health)),
                  tuple(dict.fromkeys(money)), tuple(dict.fromkeys(pools)))
    lex.patterns.update(_patterns(lex))
    if len(_LEXICONS) > 64:
        _LEXICONS.clear()
    _LEXICONS[id(vocabulary)] = lex
    return lex


# --- numbers in a role --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NumberClaim:
    """A number and the fact roles it could fill; ``roles`` None means it is not a claim about the rules.

    Special roles: ``any`` (a mechanical number of no particular role: any fact's value will do), ``percent``,
    ``multiplier`` (never facts). ``what``: the resource a cue names (faith, wealth...). ``loose``: written in digits
    with no role — any fact's value will do."""

    number: Number
    roles: frozenset[str] | None
    what: str | None = None
    cue: str = ""
    loose: bool = False
    when: str | None = None  # "after" (down to 1, 2 left) or "change" (loses 2, heals 3), else None
    story: bool = False  # counts something in the story ("3 guards", "the 3 of you"): not a claim, even in digits


WORD = re.compile(r"[a-z#]+(?:['’][a-z]+)?|,|-|&")
STOP = re.compile(r"[.;!?()\[\]\"“”]")  # before a number ("HP: 2" keeps its label)
RIGHT_STOP = re.compile(r"[.;:!?()\[\]\"“”]")


def _skeleton(text: str, numbers: list[Number]) -> tuple[str, list[tuple[int, int]]]:
    """The lower-cased text with every number replaced by '#', and where each now sits."""
    out, spans, pos, length = [], [], 0, 0
    for n in numbers:
        piece = text[pos:n.start].lower()
        out += [piece, " # "]
        spans.append((length + len(piece) + 1, length + len(piece) + 2))
        length += len(piece) + 3
        pos = n.end
    out.append(text[pos:].lower())
    return "".join(out), spans


def _right_words(sk: str, end: int) -> tuple[str, list[str]]:
    tail = sk[end:end + 80]
    cut = RIGHT_STOP.search(tail)
    tail = tail[:cut.start()] if cut else tail
    return tail.strip(), WORD.findall(tail)[:8]


def _left_words(sk: str, start: int) -> list[str]:
    head = sk[max(0, start - 80):start]
    cuts = list(STOP.finditer(head))
    head = head[cuts[-1].end():] if cuts else head
    return WORD.findall(head)[-8:]


def _lookup(table, words: list[str], i: int) -> tuple[tuple[frozenset[str], str | None] | None, str]:
    """The cue at ``words[i]`` (trying the two- and three-word phrases that start or end there first)."""
    for span in (3, 2):
        for a in (i - span + 1, i):
            if a < 0 or a + span > len(words):
                continue
            phrase = " ".join(words[a:a + span])
            if phrase in table:
                return table[phrase], phrase
    return table.get(words[i]), words[i]


def _right(sk: str, end: int, lex: Lexicon) -> tuple[str, object]:
    """('cue', (roles, what, word)) | ('coord', k-th number to the right) | ('noun', word) | ('points', None) | ('', None)."""
    tail, words = _right_words(sk, end)
    for pattern, roles in RIGHT_PHRASES:
        if pattern.match(tail):
            return "cue", (roles, None, pattern.match(tail).group())
    if words[:1] == ["of"]:
        return "part", "of"  # "one of the guards", "level three of the mine": a part of something in the story
    content = 0
    points = False
    i = 0
    while i < len(words) and content < 2:
        w = words[i]
        if w == "#":
            return ("coord", 1) if i and words[i - 1] in CONNECTORS | {"a", "an"} else ("", None)
        if w in CONNECTORS:
            rest = [x for x in words[i + 1:i + 3] if x not in ("a", "an")]
            return ("coord", 1) if rest[:1] == ["#"] else ("points", None) if points else ("", None)
        if w in POINTS:
            points = True
            i += 1
            continue
        if w in DETERMINERS and not points:
            break  # "in 1203 the tower fell": a number before "the" counts nothing after it
        if w in FILLERS:
            i += 1
            continue
        cue, phrase = _lookup(lex.right, words, i)
        if cue is not None:
            return "cue", (cue[0], cue[1], phrase)
        if w in FUNCTION_WORDS:
            break
        content += 1
        if content == 1:
            first = w
        i += 1
    if points:
        return "points", None
    return ("noun", first) if content else ("", None)


def _left(sk: str, start: int, lex: Lexicon) -> tuple[str, object]:
    words = _left_words(sk, start)
    link = skipped_for = skipped_of = False
    i = len(words) - 1
    while i >= 0:
        w = words[i]
        if w == "#":
            return ("coord", -1) if i < len(words) - 1 else ("", None)
        if w in CONNECTORS and w not in ("to",):
            j = i - 1
            while j >= 0 and words[j] in ("a", "an"):
                j -= 1
            return ("coord", -1) if j >= 0 and words[j] == "#" else ("", None)
        if w in FILLERS or w in LINKS or w == "for":
            link = link or w in LINKS
            skipped_for = skipped_for or w == "for"
            skipped_of = skipped_of or w == "of"
            i -= 1
            continue
        cue, phrase = _lookup(lex.left, words, i)
        if cue is not None and phrase in HIT_VERBS and not skipped_for:
            return "", None  # "the clock strikes twelve"; "hits him for 3" is damage
        if cue is not None:
            roles, what = cue
            if roles == frozenset({"score"}) and not link:  # "you fight two guards": a stat word needs "of / is /
                i -= 1  # goes up by" before a score; without it, read on ("rolls perception: 3")
                continue
            if phrase in ROLLS and skipped_of:
                phrase = "roll of"  # "a roll of 9": the noun, which no counted noun outweighs
            return "cue", (roles, what, phrase)
        if w in DIE_VERBS:  # "the die shows a 5"
            back = [x for x in words[max(0, i - 3):i] if x not in FILLERS]
            if back and (back[-1] in ROLLS or back[-1] in ("die", "dice")):
                return "cue", (frozenset({"die", "total"}), None, back[-1])
        return "", None
    return "", None


AFTER_RIGHT = re.compile(r"\s*(?:[a-z]+\s+){0,3}?(?:left|remaining|now|to\s+spare)\b")
AFTER_LEFT = re.compile(r"\b(?:down|up|back|drops?|dropped|falls?|fell|rises?|rose|reduced|restored|goes|went|climbs?|"
                        r"climbed|sinks?|sank|brought|left\s+with|now|at)\s+(?:to\s+)?"
                        r"(?:just\s+|only\s+|a\s+mere\s+)?(?:a\s+|an\s+)?$")
CHANGE_LEFT = re.compile(r"\b(?:loses?|lost|losing|takes?|took|taking|suffers?|suffered|deals?|dealt|inflicts?|"
                         r"inflicted|heals?|healed|regains?|regained|recovers?|recovered|gains?|gained|spends?|spent|"
                         r"restores?|drains?|drained|earns?|earned|by|costs?)\s+(?:[a-z]+\s+){0,2}?$")


def _when(sk: str, span: tuple[int, int]) -> str | None:
    """Whether a number is a value after a change ("down to 1", "2 left") or the change itself ("loses 2")."""
    head = sk[max(0, span[0] - 40):span[0]]
    if AFTER_LEFT.search(head) or AFTER_RIGHT.match(sk, span[1], span[1] + 40):
        return "after"
    if CHANGE_LEFT.search(head):
        return "change"
    return None


OUTCOME_WORDS = re.compile(r"\s*(critical\s+)?(success|successes|failure|failures|neutral|fail|hit|miss)\b")


def number_claims(sentence: str, vocabulary: Vocabulary | None = None,
                  numbers: list[Number] | None = None) -> list[NumberClaim]:
    """Each number of ``sentence`` with the roles its words give it (names must already be masked)."""
    lex = lexicon(vocabulary)
    numbers = find_numbers(sentence) if numbers is None else numbers
    if not numbers:
        return []
    sk, spans = _skeleton(sentence, numbers)
    found: list[list] = []  # [number, kind, payload] per number
    for n, (s, e) in zip(numbers, spans):
        right, left = _right(sk, e, lex), _left(sk, s, lex)
        found.append([n, right, left])
    claims: list[NumberClaim | None] = [None] * len(numbers)

    def decide(k: int, seen: frozenset[int] = frozenset()) -> NumberClaim:
        if claims[k] is not None:
            return claims[k]
        n, right, left = found[k]
        claim = _decide(n, right, left, sentence, sk, spans[k], lex)
        if claim.roles is None and k not in seen:
            for kind, payload in (right, left):
                if kind == "coord":
                    other = k + payload
                    if 0 <= other < len(numbers) and other not in seen:
                        o = decide(other, seen | {k})
                        if o.roles is not None and not o.loose and numbers[other].kind not in ("dice",):
                            claim = NumberClaim(n, o.roles, o.what, o.cue)
                            break
        claims[k] = claim
        return claim

    out = [decide(k) for k in range(len(numbers))]
    mechanical = bool(MECHANICAL.search(sk) or _mechanics_word(sk, lex))
    return [_fallback(replace(c, when=_when(sk, span)), mechanical) for c, span in zip(out, spans)]


def _mechanics_word(sk: str, lex: Lexicon) -> bool:
    return bool(lex.patterns["mechanics"].search(sk)) if "mechanics" in lex.patterns else False


def _fallback(c: NumberClaim, mechanical: bool) -> NumberClaim:
    if c.roles is not None or c.story:
        return c
    n = c.number
    if n.kind in ("digits", "fraction") or (n.kind == "percent" and n.text[:1].isdigit()) or (n.kind == "roman" and mechanical):
        return replace(c, roles=ANY, cue="digits", loose=True)
    if mechanical and n.kind in ("word", "quantity"):
        return replace(c, roles=ANY, cue="a sentence about the rules")
    return c


def _decide(n: Number, right, left, sentence: str, sk: str, span: tuple[int, int], lex: Lexicon) -> NumberClaim:
    if n.kind == "dice":
        return NumberClaim(n, frozenset({"sides"}), cue="dice")
    if n.kind == "faces":
        return NumberClaim(n, frozenset({"faces"}), cue="dice")
    if n.kind == "fraction":  # odds ("13/36", "one in six") or a count of a whole ("health 1/2")
        if CHANCE.search(sentence) or re.search(r"\b(?:in|out\s+of)\b", n.text, re.IGNORECASE):
            return NumberClaim(n, frozenset({"percent"}), cue="odds")
        for kind, pay in (right, left):
            if kind == "cue":
                return NumberClaim(n, pay[0], pay[1], pay[2])
        return NumberClaim(n, None)
    if n.kind == "percent":
        return NumberClaim(n, frozenset({"percent"}), cue="odds") if CHANCE.search(sentence) else NumberClaim(n, None)
    rkind, rpay = right
    lkind, lpay = left
    if n.kind == "multiplier":  # "double damage", "half his health"
        words = _right_words(sk, span[1])[1][:4]
        for i in range(len(words)):
            cue, phrase = _lookup(lex.right, words, i)
            if cue and cue[0] & {"damage", "health", "modifier", "resource", "price", "level", "successes"}:
                return NumberClaim(n, frozenset({"multiplier"}), cue=phrase)
        return NumberClaim(n, None)
    if n.kind == "ordinal":
        if rkind == "cue" and "level" in rpay[0] or lkind == "cue" and "level" in lpay[0]:
            return NumberClaim(n, frozenset({"level"}), cue="level")
        return NumberClaim(n, None)
    if n.signed:
        if rkind == "cue" and rpay[0] & {"damage", "health", "resource", "price", "level"}:
            return NumberClaim(n, rpay[0], rpay[1], rpay[2])
        if OUTCOME_WORDS.match(sk, span[1] + 1) or OUTCOME_WORDS.match(sk, span[1]):
            return NumberClaim(n, frozenset({"degree"}), cue="outcome")
        return NumberClaim(n, frozenset({"modifier"}), cue="sign")
    if rkind == "cue":
        return NumberClaim(n, rpay[0], rpay[1], rpay[2])
    if rkind == "part":
        return NumberClaim(n, None, story=True)
    if rkind == "noun" and not (lkind == "cue" and lpay[2] not in WEAK_LEFT):
        return NumberClaim(n, None, story=True)  # "two hands", "3 guards": the number counts something in the story
    if lkind == "cue":
        return NumberClaim(n, lpay[0], lpay[1], lpay[2])
    if rkind == "points":
        return NumberClaim(n, ANY, cue="points")
    return NumberClaim(n, None)


# --- changes of state ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StateClaim:
    """A change the sentence says happened: harmed, healed, downed, revived, item_gained, item_lost, money, spent,
    gained (a resource, ``what``), stat, roll."""

    kind: str
    text: str
    what: str | None = None


HEDGE = re.compile(r"\b(if|unless|whether|perhaps|maybe|almost|nearly)\b", re.IGNORECASE)
NEGATION = re.compile(r"(?:\b(?:not|no|never|nor|without|barely|hardly|cannot|can't|won't|don't|doesn't|didn't|isn't|"
                      r"wasn't|aren't|weren't|fails?\s+to|failed\s+to|tries\s+to|try\s+to|tried\s+to|trying\s+to|"
                      r"attempts?\s+to|attempted\s+to|about\s+to|would|could|might|may|will|shall|should|must|can|"
                      r"or|to)|n't|['’]ll|['’]d)\W+(?:\w+\W+)?$", re.IGNORECASE)


WEAPON_VERBS = r"catch(?:es)?|strikes?|cracks?|tears?|tore|rakes?|slams?|pierces?|gores?"
"""What a weapon does to someone when harm is told by the blow itself ("a stray arrow catches you")."""
WOUND_VERBS = r"tears?|tore|bruises?|bruised|gashes|gashed|pierces?|pierced|cuts?|slices?|sliced|slashes|slashed"
"""What a blow does to a body part ("cuts your arm", "tears his shoulder")."""


def _patterns(lex: Lexicon) -> dict[str, re.Pattern]:
    health = _alt(lex.health)
    money = _alt(lex.money)
    items = _alt(ITEM_WORDS)
    stats = _alt(lex.stats)
    who = r"(?:you|he|she|they|it|name)"
    p: dict[str, str] = {
        "harmed": (
            r"\b(?:take|takes|took|taking|suffer|suffers|suffered|suffering|deal|deals|dealt|dealing|inflict|inflicts|"
            r"inflicted|sustain|sustains|sustained)\b[^.!?;]{0,30}?\b(?:damage|wounds?|injur(?:y|ies)|harm|fatigue|"
            r"a\s+(?:nasty\s+|heavy\s+|solid\s+)?hit|the\s+hit|a\s+blow|the\s+blow)\b"
            r"|\b(?:wounds?|injures?|hurts?|harms?)\s+(?:him|her|them|you|it|the|name|his|your)\b"
            r"|\b(?:wounded|injured|bloodied|bleeding|bleeds|bled|maimed|gashed)\b"
            # harm told by the blow itself: "a stray arrow catches you in the shoulder", "tears your arm open"
            rf"|\b(?:arrows?|bolts?|blades?|club|claws?|teeth|fangs?|thorns?|spear|knife|dagger)\s+(?:{WEAPON_VERBS})\s+"
            r"(?:into\s+|against\s+)?(?:you|your|him|his|her|them|their)\b"
            rf"|\b(?:{WOUND_VERBS})\s+(?:your|his|her|their)\s+(?:\w+\s+)?(?:arm|arms|leg|legs|"
            r"ribs|side|shoulder|flesh|skin|hand|hands|face|skull|chest|back)\b"
            r"|\b(?:is|are|was|were|gets|got|been|be)\s+(?:\w+\s+)?(?:hurt|harmed)\b"
            rf"|\b(?:lose|loses|lost|losing|drains?|drained|saps?|sapped)\b[^.!?;]{{0,20}}?\b(?:{health})\b"
            rf"|\b(?:{health})\b[^.!?;]{{0,15}}?\b(?:drops?|dropped|falls?|fell|plummets?|plummeted|sinks?|sank|"
            r"dwindles?|dwindled|decreases?|decreased|reduced|ebbs?|ebbed|wanes?|waned)\b"
        ),
        "healed": (
            r"\b(?:heal|heals|healed|mends?|mended|knits?|knitted|regenerat\w*|rejuvenat\w*|revitaliz\w*)\b"
            rf"|\b(?:restores?|restored|restoring|recovers?|recovered|regains?|regained|refills?|replenish\w*)\b"
            rf"[^.!?;]{{0,20}}?\b(?:{health}|wounds?|strength)\b"
            r"|\bfully\s+(?:restored|healed|recovered)\b|\bgood\s+as\s+new\b|\bback\s+to\s+full\b|\bfull\s+health\b"
            r"|\bwounds?\s+(?:close|closes|closed|vanish|vanishes|vanished|fade|fades|faded|disappear|disappears|"
            r"disappeared|seal|seals|sealed)\b"
        ),
        "died": (
            r"\b(?:dies|died)\b(?!\s+(?:down|away|out|off|hard))"
            r"|\b(?:slain|slays?|slew|killed|kills|perish|perishes|perished|breathes?\s+(?:his|her|its|their)\s+last)"
            r"\b|,\s*(?:dead|lifeless)\s*[.!]"
            r"|\b(?:is|are|was|were|falls?|fell|drops?|dropped|lies|lay|lying|be|been|now|left|goes|went|slumps?|"
            r"slumped|collapses?|collapsed|topples?|toppled|over)\s*,?\s+(?:\w+\s+)?(?:dead|lifeless)\b(?!\s+(?:quiet|silent|still|calm|tired|cent(?:er|re)|ahead|"
            r"serious|set|wrong|right|end|of|weight|eyes|asleep|on|last|drunk|certain|sure|straight|broke|heat))"
            rf"|\b{who}\s+(?:\w+\s+)?(?:die|kill)\b"
        ),
        "downed": (
            r"\b(?:unconscious|senseless|passes\s+out|passed\s+out|keels?\s+over|keeled\s+over|blacks\s+out|"
            r"blacked\s+out|out\s+cold|falls?\s+limp|fell\s+limp|knock(?:s|ed)?\s+(?:\w+\s+)?(?:out|cold)(?!\s+of)|"
            + _alt(lex.vocabulary.downed_words) + r")\b"
            r"|\b(?:crumples?|crumpled)\s*(?:[.!,]|$|to\s+the\s+(?:ground|floor|cobbles|stones|dirt))"
        ),
        "revived": r"\b(?:regains?\s+consciousness|regained\s+consciousness|back\s+to\s+consciousness|revives?|revived)\b",
        "item_gained": (
            r"\b(?:find|finds|found|discover|discovers|discovered|obtain|obtains|obtained|acquire|acquires|acquired|"
            r"receive|receives|received|gain|gains|gained|loot|loots|looted|pocket|pockets|pocketed|picks?\s+up|"
            r"buy|buys|bought|purchase|purchases|purchased|"
            r"(?:take|takes|took|taking|grab|grabs|grabbed|snatch|snatches|snatched|seize|seizes|seized|wrests?|"
            r"wrested)\s+(?:the\s+)?(?:name's|\w+'s|his|her|their)|throws?\s+in|"
            r"picked\s+up|claim|claims|claimed|collect|collects|collected|hands?\s+you|handed\s+you|gives?\s+you|"
            r"gave\s+you|tosses\s+you|now\s+(?:have|has|carry|carries|hold|holds|own|owns|wield|wields))\b"
            rf"[^.!?;]{{0,40}}?\b(?:{items})\b"
            r"|\b(?:adds?|added|stows?|stowed|tucks?|tucked|slips?|slipped)\b[^.!?;]{0,40}?\b(?:into|to|in)\s+"
            r"(?:your|his|her|their)\s+(?:gear|inventory|pack|pouch|bag|belt|satchel|backpack)\b"
        ),
        "item_lost": (
            r"\b(?:lose|loses|lost|drop|drops|dropped|break|breaks|broke|shatter|shatters|shattered|snap|snaps|"
            r"snapped|destroy|destroys|destroyed|gives?\s+away|gave\s+away|hands?\s+over|handed\s+over|uses?\s+up|"
            r"used\s+up|steals?|stole|stolen)\b[^.!?;]{0,25}?\b(?:your|his|her|their|name's|the)\s+(?:\w+\s+)?"
            rf"(?:{items})\b"
            rf"|\b(?:your|his|her|their|name's)\s+(?:\w+\s+)?(?:{items})\s+(?:shatters|breaks|snaps|splinters|is\s+"
            r"(?:gone|lost|destroyed|torn|ripped|knocked|wrenched)|slips\s+from|flies\s+from|falls\s+from|"
            r"clatters)\b"
            r"|\bdisarm(?:s|ed)?\b"
        ),
        "money": (
            r"\b(?:gain|gains|gained|earn|earns|earned|receive|receives|received|get|gets|got|find|finds|found|"
            r"pocket|pockets|pocketed|collect|collects|collected|win|wins|won|pay|pays|paid|spend|spends|spent|"
            r"lose|loses|lost|cost|costs|owe|owes|owed|hand\s+over|hands\s+over|handed\s+over|rewarded\s+with)\b"
            rf"[^.!?;]{{0,30}}?\b(?:{money})\b(?![\s-]+(?:{items}))"
            rf"|\b(?:{money})\b(?![\s-]+(?:{items}))[^.!?;]{{0,40}}?\b(?:pockets?|pocketed|collects?|collected|"
            r"takes?|took|grabs?|grabbed|earns?|earned|receives?|received|keeps?|kept|wins?|won)\b"
            rf"|\b(?:your|his|her|their|name's)\s+(?:{money}|purse)\s+(?:grows|grew|swells|increases|shrinks|"
            r"dwindles|decreases|is\s+heavier|is\s+lighter|feels\s+heavier|feels\s+lighter)\b"
            r"|\b(?:pay|pays|paid|paying)\b"
            r"(?!\s+(?:(?:\w+\s+){0,2}(?:attention|heed|mind)|respects?|a\s+visit|the\s+price|tribute|dearly))"
            rf"|\b{who}\s+(?:\w+\s+)?(?:buy|buys|bought|purchase|purchases|purchased|sell|sells|sold)\b"
            r"(?!\s+(?:\w+\s+)?(?:time|a\s+moment|a\s+few\s+moments|the\s+story|it))"
        ),
        "modifier": (
            r"\b(?:advantage|disadvantage|(?:a|an|the)\s+(?:\w+\s+)?(?:bonus|penalty|edge|boost))\s+(?:on|to|for|in)\s+"
            r"(?:your|his|her|their|the|its|name's|every|all|any)\s+(?:next\s+|following\s+)?(?:\w+\s+)?(?:rolls?|"
            r"attacks?|checks?|tests?|saves?|throws?|actions?|defen[cs]es?|strikes?|attempts?)\b"
        ),
        "condition": (
            r"\b(?:is|are|was|were|becomes?|became|falls?|fell|left|now|knocked|lies|lay)\s+"
            rf"(?:\w+\s+)?(?:{CONDITIONS})\b"
            rf"|\bknock(?:s|ed)?\s+(?:\w+\s+){{1,2}}(?:{CONDITIONS})\b"
            r"|\b(?:stuns?|stunned|pins?|pinned|grapples?|grappled|paralyzes|paralyses|restrains?|blinds?|poisons?)\s+"
            r"(?:him|her|them|it|you|name|the)\b"
        ),
        "stat": (
            r"\b(?:level(?:s|ed)?\s+up|gains?\s+a\s+level|gained\s+a\s+level|reach(?:es|ed)?\s+level|next\s+level|"
            r"new\s+level|experience\s+points?|xp|learns?\s+(?:a\s+)?new\s+skill|learned\s+(?:a\s+)?new\s+skill|"
            r"new\s+skill|(?:learns?|learned|learnt)\s+(?:the\s+|a\s+)?(?:new\s+)?(?:\w+\s+)?skill)\b"
            rf"|\b(?:your|his|her|their|name's)\s+(?:{stats})(?:\s+(?:score|skill|trait|rating))?\s+(?:improves|"
            r"improved|increases|increased|rises|rose|goes\s+up|went\s+up|grows|grew|drops|dropped|decreases|"
            r"decreased|falls|fell|goes\s+down|went\s+down|is\s+raised|is\s+lowered|is\s+now)\b"
            r"|\b(?:increase|increases|increased|raise|raises|raised|improve|improves|improved|boost|boosts|boosted|"
            rf"lower|lowers|lowered)\s+(?:your|his|her|their|name's)\s+(?:{stats})\b"
        ),
        "roll": (
            r"\b(?:dice(?!\s+(?:of\s+fate|are\s+cast))|the\s+die(?!\s+is\s+cast)|a\s+die|your\s+roll|the\s+roll|his\s+roll|her\s+roll|a\s+roll|die\s+roll|"
            r"roll(?:s|ed)?\s+(?:the\s+dice|a\s+die|high|low|well|badly|poorly|twice|again)|rolled\s+(?:a|an)\b)"
        ),
    }
    if lex.pools:
        pools = _alt(lex.pools)
        p["spent"] = (
            r"\b(?:spend|spends|spent|use|uses|used|burn|burns|burned|burnt|expend|expends|expended|lose|loses|lost|"
            rf"drain|drains|drained)\b[^.!?;]{{0,25}}?\b(?:{pools})\b(?!\s+in\b)"
            rf"|\b(?:{pools})(?:\s+points?)?\s+(?:is\s+|was\s+|are\s+|were\s+)?(?:spent|drained|exhausted|used\s+up)\b"
        )
        p["gained"] = (
            r"\b(?:gain|gains|gained|regain|regains|regained|restore|restores|restored|refill|refills|refilled|earn|"
            rf"earns|earned|recover|recovers|recovered|grant|grants|granted|award|awards|awarded)\b[^.!?;]{{0,25}}?"
            rf"\b(?:{pools})\b"
            rf"|\b(?:{pools})(?:\s+points?)?\s+(?:is\s+|was\s+|are\s+|were\s+)?(?:restored|refilled|renewed|"
            r"replenished|returns?|swells?)\b"
        )
    mech = [m for m in lex.vocabulary.mechanics if m]
    if mech:
        p["mechanics"] = rf"\b(?:{_alt(mech)})\b"
    return {k: re.compile(v, re.IGNORECASE) for k, v in p.items()}


INNER_NEGATION = re.compile(r"\b(?:no|not|never|without|n't)\b|n't", re.IGNORECASE)


def _asserted(text: str, m: re.Match) -> bool:
    """Not negated or hypothetical: nothing like "not", "will", "could", "tries to" just before the claim, and no
    "no" inside it ("takes no damage"); and not a fire or a voice that "dies"."""
    if NEGATION.search(text, max(0, m.start() - 30), m.start()) or INNER_NEGATION.search(m.group()):
        return False
    if m.group().lower() in ("dies", "died", "killed", "kills"):  # "the torch gutters and dies"
        subject = re.findall(r"[a-z]+", text[max(0, m.start() - 40):m.start()].lower())[-5:]
        return not INANIMATE.intersection(subject)
    return True


def state_claims(sentence: str, vocabulary: Vocabulary | None = None) -> list[StateClaim]:
    """The changes of state ``sentence`` asserts (names must already be masked as 'name')."""
    if HEDGE.search(sentence) or sentence.rstrip().endswith("?"):
        return []
    lex = lexicon(vocabulary)
    out: list[StateClaim] = []
    for kind, pattern in lex.patterns.items():
        if kind == "mechanics":
            continue
        for m in pattern.finditer(sentence):
            if _asserted(sentence, m):
                what = None
                if kind in ("spent", "gained"):
                    what = next((w for w in lex.pools if re.search(rf"\b{re.escape(w)}\b", m.group(), re.IGNORECASE)), None)
                elif kind in ("item_gained", "item_lost"):
                    noun = ITEM_NOUN.search(m.group())
                    what = noun.group().lower() if noun else None
                out.append(StateClaim(kind, m.group(), what))
                break
    return out


# --- outcomes -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutcomeClaim:
    """``polarity`` +1 a success of some kind, -1 a failure, 0 a partial one; ``critical`` the extreme one;
    ``strong`` False for hedged wording ("manages to", "misses") that a middling result also allows."""

    polarity: int
    critical: bool
    strong: bool
    text: str
    plain: bool = False  # "a plain / mere / simple success": not the critical one
    other: bool = False  # said of another character ("the guard fails to notice you"): polarity already turned


SURFACES = (r"(?:ground|floor|wall|walls|deck|water|road|dirt|mud|stairs|steps|bottom|sack|bed|brakes|door|tree|"
            r"stone|stones|cobbles|ceiling|roof|dust|shield|armou?r|post|table|bar|jackpot)\b")
"""What a blow can hit without hitting anyone: "you hit the ground rolling", "the arrow hits the wall"."""
SUCCESS = re.compile(
    r"\b(?P<crit>critical(?:ly)?\s+(?:hit|success|strike|blow|shot)|crits?|critted|perfect\s+(?:success|roll|hit|"
    r"strike|shot|throw|score|result)|flawless(?:ly)?|natural\s+(?:twenty|20))\b"
    r"|\b(?P<strong>succeed|succeeds|succeeded|success|successful|successfully|triumphs?|triumphed|triumphant|"
    r"nails?\s+it|nailed\s+it|direct\s+hit|clean\s+hit|solid\s+hit|(?:finds?|found|hits?)\s+(?:its|the|their|his|"
    r"her)\s+mark|strikes?\s+true|struck\s+true|lands?\s+(?:a|the|your|his|her|its)\s+(?:blow|hit|strike|punch|shot)|"
    r"(?:you|he|she|they|name)\s+(?:hit|hits|strike|strikes|struck)\s+(?:him|her|them|it|you|name|home|"
    r"the\s+(?!" + SURFACES + r"))|"
    r"(?:blade|sword|axe|arrow|bolt|blow|strike|shot|punch|fist|spear|dagger|mace|hammer|attack|swing|kick)s?\s+"
    r"(?:connects?|lands?|hits?|bites?|strikes?|finds?|sinks?)\b(?!\s+(?:only\s+|nothing\s+but\s+)?(?:air|nothing)\b)"
    r"(?!\s+(?:on\s+|against\s+|into\s+)?(?:the\s+)?" + SURFACES + r"))"
    r"|\b(?P<pass>pass|passes|passed|passing)\s+(?:the|your|his|her|their|its|this|that)\s+(?:\w+\s+)?(?:check|test|"
    r"roll|save|saving\s+throw)s?\b"
    r"|\b(?P<weak>manages?\s+to|managed\s+to|pulls?\s+it\s+off|pulled\s+it\s+off)\b"
    # implicit success in plain story words: what happens, not what the dice say; an event, never turned around
    r"|\b(?P<event>(?:clicks?|clicked|swings?|swung)\s+open|without\s+a\s+hitch|(?:goes|went)\s+(?:exactly\s+)?(?:to|according\s+to)\s+"
    r"plan|with\s+ease|like\s+a\s+charm|(?:draws?|drew)\s+(?:first\s+)?blood|steel\s+finds\s+flesh|"
    r"(?:makes?|made)\s+it\s+across|none\s+the\s+wiser|(?:have|has|had)\s+done\s+it|handily|"
    r"(?:blade|sword|axe|arrow|bolt|blow|strike|spear|dagger)s?\s+(?:cuts?|opens?|catch(?:es)?)\s+(?:it|him|her|them|a\s+"
    r"gash))\b",
    re.IGNORECASE,
)
FAILURE = re.compile(
    r"\b(?P<crit>critical(?:ly)?\s+(?:fail(?:ure|s|ed)?|miss(?:es)?|fumble)|catastrophic(?:ally)?\s+fail\w*|"
    r"botch(?:es|ed)?)\b"
    r"|\b(?P<strong>(?<!without\s)fail|fails|failed|failure|failing|unsuccessful(?:ly)?)\b"
    r"|\b(?P<weak>miss|misses|missed|goes\s+wide|went\s+wide|whiffs?|whiffed|glances?\s+(?:off|harmlessly)|"
    r"glanced\s+off|falls?\s+short|fell\s+short|in\s+vain|to\s+no\s+avail)\b"
    # implicit failure in plain story words; an event, never turned around
    r"|\b(?P<event>finds?\s+only\s+air|found\s+only\s+air|(?:clangs?|bounces?)\s+harmlessly|you\s+never\s+touch|defeats?\s+you|"
    r"goes\s+blank|slips?\s+away|cannot\s+make\s+sense|hopeless|will\s+not\s+yield|(?:come|comes|came)\s+(?:away\s+with|to)\s+"
    r"nothing|(?:does|did)\s*n[o']t\s+work|falls?\s+apart|fell\s+apart|grip\s+slips|(?:fall|falls|fell)\s+flat|"
    r"(?:goes|went)\s+(?:badly\s+)?wrong|barely\s+scrape)\b",
    re.IGNORECASE,
)
NOT_BEFORE = re.compile(r"(?:\b(?:not|never|no|nor|neither)|n't)\W+(?:\w+\W+)?$", re.IGNORECASE)


def outcome_claims(sentence: str, vocabulary: Vocabulary | None = None,
                   others: tuple[str, ...] = ()) -> list[OutcomeClaim]:
    """Every success or failure ``sentence`` claims for the acting character, in its own words and the book's
    outcome labels. ``others`` names the other characters (as they appear in ``sentence``): a claim whose subject
    is one of them ("the guard fails to notice you"), or a third person acting on "you", is turned around."""
    if sentence.rstrip().endswith("?"):
        return []
    out: list[OutcomeClaim] = []
    taken: list[tuple[int, int]] = [m.span() for m in HYPOTHETICAL.finditer(sentence)]  # "if it fails, ...": no claim
    labels = sorted(((k.lower(), v) for k, v in (vocabulary or Vocabulary()).outcomes.items() if v),
                    key=lambda kv: len(kv[0]), reverse=True)
    for label, polarity in labels:
        for m in re.finditer(rf"\b{_alt([label])}\b", sentence, re.IGNORECASE):
            if not _overlaps(m, taken):
                taken.append(m.span())
                out.append(_claim(sentence, m, polarity, "critical" in label, True, others))
    middling = [label for label, polarity in (vocabulary or Vocabulary()).outcomes.items() if polarity == 0]
    if middling:
        for m in middling_result(tuple(middling)).finditer(sentence):
            if not _overlaps(m, taken):
                taken.append(m.span())
                out.append(OutcomeClaim(0, False, True, m.group()))
    for pattern, polarity in ((SUCCESS, 1), (FAILURE, -1)):
        for m in pattern.finditer(sentence):
            if _overlaps(m, taken):
                continue
            taken.append(m.span())
            out.append(_claim(sentence, m, polarity, bool(m.group("crit")),
                              not (m.group("weak") or m.group("event")), others, bool(m.group("event"))))
    return out


def _overlaps(m: re.Match, taken: list[tuple[int, int]]) -> bool:
    """Whether ``m`` shares a character with a span already read as a claim (or as a hypothetical)."""
    return any(m.start() < e and s < m.end() for s, e in taken)


@lru_cache(maxsize=32)
def middling_result(labels: tuple[str, ...]) -> re.Pattern:
    """A book's middling outcome label stated as a result — "your test comes up neutral", "only a neutral result",
    "the contest ends in a tie" — and not the word in the story ("friend, foe or neutral", "a neutral party"): the
    label alone claims nothing, beside a result word it claims the middling outcome."""
    label = f"(?:{_alt(x.lower() for x in labels)})"
    return re.compile(
        rf"\b(?:comes?|came|coming)\s+(?:up|out)\s+(?:as\s+)?(?:a\s+)?{label}\b"
        rf"|\b{label}\s+(?:result|outcome|roll)s?\b"
        rf"|\b(?:result|outcome|roll|test|check|contest)\s+(?:is|was|comes?\s+up|came\s+up)\s+(?:a\s+)?{label}\b"
        rf"|\b(?:ends?|ended|ending)\s+in\s+an?\s+{label}\b"
        rf"|\b(?:it\s+is|it's|it\s+was|that's)\s+an?\s+{label}\b",
        re.IGNORECASE)


HYPOTHETICAL = re.compile(r"\b(?:if|unless|should|in case|lest)\b[^,;:.!?]*", re.IGNORECASE)
"""A clause that supposes ("if your nerve fails you here, ...", "unless the rope holds"): it claims nothing."""
CLAUSE_START = re.compile(r"(?:[,;:.!?\u2014]|\s-\s|\b(?:and|but|while|as|so|then)\b)(?!.*(?:[,;:.!?\u2014]|\s-\s|"
                          r"\b(?:and|but|while|as|so|then)\b))", re.IGNORECASE | re.DOTALL)
THIRD_PERSON = re.compile(r"\b(?:he|she|they|it)\b", re.IGNORECASE)
ANIMATE = re.compile(r"\b(?:the|a|an|that|this)\s+(?:\w+\s+)?(?:guards?|sentry|sentries|sentinel|watchman|watchmen|"
                     r"soldiers?|man|woman|men|women|innkeeper|merchant|bandits?|thie(?:f|ves)|orcs?|goblins?|creatures?|"
                     r"beasts?|wolf|wolves|dog|dogs|enemy|enemies|foes?|opponents?|stranger|figure|captain|knights?|"
                     r"priest|clerk|crowd|mob|brute|ruffian|thug|villain|monster|troll|ogre|rats?|spider|spiders|"
                     r"archer|archers|mercenary|mercenaries|cultists?|keeper|warden|jailer|owner|shopkeeper|"
                     r"bartender|barkeep|patrons?|drunk|child|boy|girl|old\s+man|old\s+woman)\b", re.IGNORECASE)
"""Someone else as the subject: their failure is the actor's success ("the sentry fails to notice anything")."""
SOMEONE = re.compile(r"\b(?:the|a|an)\s+[a-z]+", re.IGNORECASE)
YOU = re.compile(r"\b(?:you|your|yours)\b", re.IGNORECASE)


def _subject_is_other(sentence: str, start: int, end: int, others: tuple[str, ...]) -> bool:
    """Whether the words before a claim (in its clause) name another character than the one acting: "the guard
    fails to notice you" says the actor succeeded. ``others``: how those characters appear (masked names)."""
    head = sentence[max(0, start - 60):start]
    cut = CLAUSE_START.search(head)
    subject = head[cut.end():] if cut else head
    if YOU.search(subject):
        return False
    if any(re.search(rf"\b{re.escape(o)}\b", subject, re.IGNORECASE) for o in others):
        return True
    if ANIMATE.search(subject):  # "the sentry fails to notice anything"
        return True
    return bool((THIRD_PERSON.search(subject) or SOMEONE.search(subject)) and YOU.search(sentence, end))


PLAIN_BEFORE = re.compile(r"\b(?:plain|mere|simple|ordinary|modest|only\s+a|just\s+a|bare)\s+$", re.IGNORECASE)


PARTIAL_BEFORE = re.compile(r"\b(?:partial|partially|partly|half|mixed|qualified|middling)\W+(?:\w+\W+)?$",
                            re.IGNORECASE)


def _claim(sentence: str, m: re.Match, polarity: int, critical: bool, strong: bool,
           others: tuple[str, ...] = (), event: bool = False) -> OutcomeClaim:
    """``event``: an outcome told by what happens ("the lock clicks open"), whoever the sentence's subject is."""
    if PARTIAL_BEFORE.search(sentence, max(0, m.start() - 20), m.start()):
        return OutcomeClaim(0, False, True, m.group())  # "a partial success": what a middling result is
    other = not event and _subject_is_other(sentence, m.start(), m.end(), others)
    sign = -1 if other else 1
    if NOT_BEFORE.search(sentence, max(0, m.start() - 20), m.start()):
        return OutcomeClaim(-polarity * sign, False, False, m.group(), other=other)  # "not succeed", "never misses"
    plain = not critical and bool(PLAIN_BEFORE.search(sentence, max(0, m.start() - 20), m.start()))
    if other:  # the guard's failure is the actor's success, but not a critical one, and only as sure as the word
        return OutcomeClaim(-polarity, False, False, m.group(), other=True)
    return OutcomeClaim(polarity, critical, strong, m.group(), plain)


def outcome_claim(sentence: str, vocabulary: Vocabulary | None = None, others: tuple[str, ...] = ()) -> int | None:
    """+1 when ``sentence`` claims a success for the acting character, -1 a failure, None when it claims neither
    (or both). ``others``: the names of the other characters, so "Brom fails to notice you" counts as +1."""
    polarities = {c.polarity for c in outcome_claims(sentence, vocabulary, others) if c.polarity}
    return polarities.pop() if len(polarities) == 1 else None
