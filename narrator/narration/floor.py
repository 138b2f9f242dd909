"""The floor: when no model-written candidate passes the gate, the engine writes the narration itself.

Why a floor and not the engine's summary: "Aria: Target 5: rolled 4 and 2 → +2 critical success" is already on
screen as the mechanics line; the story needs a sentence. The floor composes one from phrase tables (files, per
system: ``prompts/<system>/narration/floor.json`` over ``prompts/common/narration/floor.json``), keyed by the
engine's outcome and the kind of action (``TOOL:SKILL``, ``TOOL``, then what the player's words are), filled with
the player's action re-voiced in the second person, the target and the scene's names, then the effects the results
establish. A condition whose name is no state one can "be now" ("counter-attack", "cover 50%") has its own words
under the system's ``conditions`` key.

It is honest by construction: a template only states the outcome it is filed under, and effects come from the
results (:class:`tools.systems.contract.Effect`). Variants are chosen by the turn's seed and checked against the
gate like any candidate (so two turns in a row do not read the same); the first that passes is used.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from typing import Any

from narrator.agent.evidence import Evidence
from narrator.agent.extract import ORDINALS
from narrator.narration.gate import polarity
from narrator.narration.voice import voice
from narrator.prompts import FLOOR, common_path, system_dir

POLARITY_KEYS = {1: "success", 0: "partial", -1: "failure", None: "none"}


@lru_cache(maxsize=16)
def tables(system: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the system's tables, the common tables); a system without its own file has an empty first one."""
    own = system_dir(system) / FLOOR
    common = json.loads(common_path(FLOOR).read_text(encoding="utf-8"))
    return (json.loads(own.read_text(encoding="utf-8")) if own.exists() else {}), common


UNARMED = frozenset({"brawling"})
"""Skills whose own lines tell a blow of the fists ("Your fist connects with the cultist")."""
HELD = re.compile(r"\bwith (?:a|an|the|my|his|her|their|some|this|that)\s+(?!fists?\b|hands?\b|bare\b)", re.I)


def action_kinds(evidence: Evidence, action: str = "") -> list[str]:
    """``TOOL:SKILL`` then ``TOOL`` for the turn's deciding result (the first one), else nothing. An unarmed skill's
    own lines are left out when the words swing something ("I hit the cultist with the iron candlestick" rolled
    brawling, the candlestick on no sheet, and read "Your fist connects with the cultist")."""
    if not evidence.results:
        return []
    tool, result = evidence.results[0]
    skill = getattr(result, "skill", None)
    own = isinstance(skill, str) and skill and not (skill in UNARMED and HELD.search(action or ""))
    return ([f"{tool}:{skill}"] if own else []) + [tool]


STRIKES = frozenset({"shooting", "throwing", "punching", "striking"})
"""Verb kinds told by whether the blow landed: an attack's in-between label (Minim's ±0 "neutral" is a miss) is
told by the result's own success, never as half a hit."""


def outcome_keys(evidence: Evidence, kind: str | None = None) -> list[str]:
    label = evidence.outcome_label
    keys = [label] if label and label in evidence.vocabulary.outcomes else []
    p = polarity(evidence)
    if kind in STRIKES and p == 0 and label != "tie" and evidence.success is not None:
        return [POLARITY_KEYS[1 if evidence.success else -1]]  # "±0 neutral; miss" was "the shot half finds its mark"
    keys.append(POLARITY_KEYS[p])
    if p == 0:
        keys.append("partial")
    return list(dict.fromkeys(keys))


PREPOSITION = re.compile(r"^(on|in|at|inside|under|beside|by|behind|outside|near|above|below|beneath|atop|within|"
                         r"before|among|along|across|beyond|upon|aboard|around)\s+", re.I)


def _first_clause(scene: str) -> str | None:
    first = re.split(r"[.;:!?]|,\s|\s[-–—]\s", scene.strip(), maxsplit=1)[0].strip() if scene.strip() else ""
    if not first or len(first.split()) > 9:
        return None
    head = first.split()[0]
    return first[0].lower() + first[1:] if not head.istitle() or head in ("The", "A", "An") \
        or PREPOSITION.match(first) else first


def place_of(scene: str) -> str:
    """A short name for where we are: the scene's first clause without a preposition ("the fog-bound docks at
    night"), else "the place"."""
    first = _first_clause(scene)
    return PREPOSITION.sub("", first) if first else "the place"


def where_of(scene: str) -> str | None:
    """The place with its preposition, as a framed scene gives it ("on the fog-bound docks"), else None."""
    first = _first_clause(scene)
    return first if first and PREPOSITION.match(first) else None


def scene_tail(scene: str) -> str | None:
    """The scene after its first sentence (the place): what is going on, who is here, the hook."""
    parts = scene.strip().split(". ", 1)
    return parts[1].strip() if len(parts) == 2 and parts[1].strip() else None


def _scene_fields(evidence: Evidence) -> dict[str, str | None]:
    """A framed scene's parts (``story_scene``): the situation, the person present (with the comma a "Name, who
    they are" needs before "is here") and the hook; None when the turn framed no scene."""
    result = evidence.results[0][1] if evidence.results else None
    situation, person, hook, where = (getattr(result, k, None) for k in ("situation", "person", "hook", "place"))
    if not (isinstance(situation, str) and isinstance(person, str) and isinstance(hook, str)):
        return {"situation": None, "person": None, "hook": None}
    fields = {"situation": situation, "person": person + ("," if "," in person else ""), "hook": hook}
    if isinstance(where, str) and PREPOSITION.match(where):  # the table's place, however long ("Around you: the
        fields |= {"where": where, "place": PREPOSITION.sub("", where)}  # place." was shown for a ten-word one)
    return fields


def story_name(name: str, roles: tuple[str, ...]) -> str:
    """How the story says a name: a person's as it is; one named by what they are (:func:`role_names`) with an
    article — "the smuggler", "the second guard" ("Guard 12": "guard 12")."""
    if name not in roles:
        return name
    numbered = re.fullmatch(r"(.*?)\s+(\d+)", name)
    if numbered:
        n = int(numbered[2])
        return f"the {ORDINALS[n - 1]} {numbered[1].lower()}" if 1 <= n <= len(ORDINALS) else name.lower()
    return f"the {name.lower()}"


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _target(evidence: Evidence) -> str | None:
    for _, r in evidence.results:
        for name in ("defender", "target"):
            value = getattr(r, name, None)
            if isinstance(value, str) and value:
                return story_name(value, evidence.roles)
    return None


VERB_KINDS = {
    "looking": frozenset({"look", "search", "scan", "watch", "study", "examine", "inspect", "check", "read",
                          "peer", "survey", "observe", "scout"}),
    "listening": frozenset({"listen", "eavesdrop", "overhear"}),  # "You listen at the door and see something" (Minim)
    "talking": frozenset({"ask", "tell", "greet", "call", "question", "beg", "plead", "thank", "warn", "shout",
                          "talk", "speak", "chat", "haggle", "bargain", "negotiate"}),  # attempts, never "persuade":
    # "You persuade the guard ..., but you get nowhere" says both
    "waiting": frozenset({"wait", "rest", "sit", "linger", "pause"}),
    "shooting": frozenset({"shoot", "fire", "loose"}),
    "throwing": frozenset({"throw", "hurl", "toss", "fling"}),
    "punching": frozenset({"punch", "kick", "headbutt", "elbow", "knee"}),
    "striking": frozenset({"strike", "hit", "stab", "slash", "swing", "smash", "whack", "attack", "bash", "club",
                           "tackle", "slam", "lunge", "charge"}),  # told by the attack's own tables when rolled
    "persuading": frozenset({"persuade", "convince", "bluff", "lie", "threaten", "intimidate", "haggle", "coax",
                             "bargain", "charm", "flatter", "sweet-talk"}),
}
"""Kinds of action told by what the verb does, before the tool's templates (blind readers marked these awkward
when told by the tool alone): a look as what was seen ("..., but nothing useful catches your eye", not "You try to
look around, but it does not work"), a question as waiting for the answer (not "Without any trouble, you ask..."),
a shot as a shot (not "Rustler turns the blow aside"), words that fail as words ("your words fall flat", not
"something gets in the way")."""


def verb_kind(verb: str | None, evidence: Evidence | None = None) -> str | None:
    """The verb's kind; a blow's kind (:data:`STRIKES`) only when the roll was an attack or nothing was rolled —
    "I shoot at the boarder" read as taking aim was told "the shot strikes home" (a contradiction)."""
    kind = next((kind for kind, verbs in VERB_KINDS.items() if verb in verbs), None)
    if kind in STRIKES and evidence is not None and polarity(evidence) is not None \
            and not any("attack" in tool for tool, _ in evidence.results):
        return None
    return kind


def deciding_verb(evidence: Evidence, base: str | None) -> str | None:
    """The verb the story tells the turn by: the action's first, unless the roll was an attack and a later verb is
    the blow ("draw my handgun and shoot the nearest one" is a shot: it was told "You strike at ..., and your blow
    lands"), or the first verb is of no kind and the action goes on looking for something ("I sweep the lamp over
    the walls, looking for scratches" is a look: it was told "You try to ..., but it does not work", round 16)."""
    words = base.lower().split() if base else []
    first = words[0] if words else None
    if any("attack" in tool for tool, _ in evidence.results) and verb_kind(first, evidence) not in STRIKES:
        return next((w for w in words[1:] if verb_kind(w, evidence) in STRIKES), first)
    if verb_kind(first, evidence) is None and re.search(r"\b(looking|searching|hunting|feeling) for\b", base or ""):
        return "look"
    return first


def _of_kinds(evidence: Evidence, kinds: list[str], nearest: bool = False) -> list[str]:
    """The templates filed under ``kinds``, in that order; within a kind, the outcome label before the polarity;
    within those, the system before common. ``nearest``: only the first outcome key that has the kind (a verb's
    kind: a tie's shot is "nothing comes of it", never also the partial "the shot only half finds its mark")."""
    own, common = tables(evidence.system)
    found: list[str] = []
    for kind in kinds:
        for okey in outcome_keys(evidence, kind):
            before = len(found)
            for table in (own, common):
                for t in table.get("outcomes", {}).get(okey, {}).get(kind, []):
                    if t not in found:
                        found.append(t)
            if nearest and len(found) > before:
                break
    return found


def _by_tool(evidence: Evidence, words_kind: str, kinds: list[str] | None = None) -> list[str]:
    """The templates of the roll's own kinds (``kinds``: :func:`action_kinds` when not given), the words' kind, then
    default."""
    return _of_kinds(evidence, [*(action_kinds(evidence) if kinds is None else kinds), words_kind, "default"])


def _by_verb(evidence: Evidence, verb: str | None) -> list[str]:
    """The templates of the verb's kind (:func:`verb_kind`), from the nearest outcome that has them; none for a verb
    of no kind."""
    kind = verb_kind(verb, evidence)
    return _of_kinds(evidence, [kind], nearest=True) if kind else []


def templates(evidence: Evidence, words_kind: str, verb: str | None = None) -> list[str]:
    """Every template that fits, most specific first: the verb's kind (:data:`VERB_KINDS`), then TOOL:SKILL before
    TOOL before the words' kind before default."""
    return list(dict.fromkeys(_by_verb(evidence, verb) + _by_tool(evidence, words_kind)))


HURT = frozenset({"hurt", "wounded", "injured"})
"""Conditions that say what a harm already said."""


def _worse_hurt(condition: str | None) -> bool:
    """A condition that says a harm and more: "badly hurt", "mortally wounded" (a word before one of :data:`HURT`)."""
    words = (condition or "").split()
    return len(words) > 1 and words[-1] in HURT


def effect_sentences(evidence: Evidence, said: tuple[str, ...] = ()) -> list[str]:
    """The effects the results establish, one sentence each; one already said in the scene is said "again"
    ("Thug is hurt again.": a sentence is never repeated word for word)."""
    own, common = tables(evidence.system)
    phrases = {**common.get("effects", {}), **own.get("effects", {})}
    named = own.get("conditions", {})  # "Rusk may strike back", not "Rusk is now counter-attack"
    out = []
    harmed = {e.who for e in evidence.effects if e.kind == "harmed"}
    downed = {e.who: e for e in evidence.effects if e.kind == "downed"}  # the last, the worst: dying after unconscious
    worse = {e.who for e in evidence.effects if e.kind == "condition_added" and _worse_hurt(e.what)}
    from narrator.agent.router import is_attack

    attackers = {getattr(result, "attacker", None) for tool, result in evidence.results
                 if evidence.system and is_attack(evidence.system, tool)} - {None}  # an attack tool's attacker
    for e in evidence.effects:
        if e.kind == "harmed" and (e.who in downed or e.who in worse):
            continue  # "Thug goes down." says it, "Thug is now badly hurt." too; "…, Thug is hurt." read backwards
        if e.who in downed and (e.kind == "downed" and e is not downed[e.who]
                                or e.kind == "condition_added" and e.what == downed[e.who].what):
            continue  # "The burglar falls, unconscious. The burglar is now dying. The burglar falls, dying." told once
        if e.kind == "condition_added" and e.what in HURT and e.who in harmed:
            continue  # "The mummer is hurt. The mummer is now hurt."
        pair = phrases.get(f"{e.kind}:{e.what}") or phrases.get(e.kind)  # 5+'s "harmed:Mental damage": shaken
        if e.kind in ("condition_added", "condition_removed") and e.what in named:
            pair = named[e.what].get(e.kind.rpartition("_")[2])
            if e.kind == "condition_removed" and e.who in attackers and "used" in named[e.what]:
                pair = named[e.what]["used"]  # spent by the attack just told: "…'s chance has passed" read wrong
        if not pair:
            continue
        mine = evidence.actor is not None and e.who == evidence.actor
        who = story_name(e.who, evidence.roles) if e.who else "Someone"
        sentence = _capital((pair[0] if mine else pair[1]).format(who=who, what=e.what or "changed"))
        out.append(re.sub(r"([.!])$", r" again\1", sentence) if sentence in said else sentence)
    return list(dict.fromkeys(out))


def _fill(template: str, fields: dict[str, str | None]) -> str | None:
    needed = re.findall(r"{(\w+)}", template)
    if any(fields.get(n) is None for n in needed):
        return None
    text = template.format(**{n: fields[n] for n in needed})
    return text[0].upper() + text[1:]


def _told(template: str, said: tuple[str, ...]) -> bool:
    """Whether the template's own words (its longest stretch between fields, four words or more: ", but it goes as
    wrong as it could") were already said in the scene: such a variant is tried last."""
    stretch = max((part.strip(" ,.") for part in re.split(r"{\w+}", template)), key=len, default="")
    return len(stretch.split()) >= 4 and any(stretch.lower() in sentence.lower() for sentence in said)


ECHO_WORD = re.compile(r"[A-Za-z]{5,}")


def _echoes(template: str, action: str | None) -> bool:
    """The template's words before ``{action}`` say again what the action says: its verb ("You set about it and set
    up camp"), or a word of five letters or more ("Keeping low and silent, you slip along ..., keeping low in the
    reeds"); its words after the action share a stem of five letters with it ("You ... catch your breath, and take
    a moment to breathe"); or a "so" after an action that has its own — blind readers marked the echo."""
    if action and re.search(r"\bso\b", action) and re.search(r"}\s*,?\s*so\b", template):
        return True  # "You sneak past so the lookout won't spot you so quietly that nobody notices a thing"
    if not action:
        return False
    slot = next((s for s in ("{action}", "{You_action}") if s in template), None)
    if slot is None:
        return False
    head, _, tail = template.partition(slot)
    said = {SAME.get(w.lower(), w.lower()) for w in ECHO_WORD.findall(action)}
    after = {w.lower()[:5] for w in ECHO_WORD.findall(re.sub(r"{[^}]*}", " ", tail))}
    if after & {w[:5] for w in said}:  # "... catch your breath, and take a moment to breathe"
        return True
    if slot != "{action}":
        return False
    before = {SAME.get(w.lower(), w.lower()) for w in re.findall(r"[A-Za-z]+", head)}
    return action.split()[0].lower() in before or bool(said & {w for w in before if len(w) >= 5})


SAME = {w: "quiet" for w in ("quietly", "silent", "silently", "softly", "noiselessly", "stealthily", "soundlessly")}
"""Words an echo is heard in though they differ: "Keeping low and silent, you crawl quietly ..." (round 16)."""


def foe_sentence(evidence: Evidence, foe: str, seed: int = 0, said: tuple[str, ...] = ()) -> str | None:
    """A foe's attack in a fight the engine runs (solo, teach), told from the player's side ("The drunk brawler
    strikes at you, but misses."; a hit that changed nothing: "..., but the blow does no harm") with the effects it
    established, in words not among ``said`` where another variant serves; None when the result is no attack with a
    verdict (a move, a spell on no one). Why: a fight's NPC turns showed only the engine's line, so half of every
    fight had no story at all. The words are ``foes`` in the floor tables (a system's own before the common ones);
    an NPC that never rolls (5+: the character resists its act) is told by its act, from the system's ``acts``
    ("The bandit tries to stab, and it gets through to you.")."""
    if not evidence.results:
        return None
    _, result = evidence.results[0]
    act = getattr(result, "action", None) if getattr(result, "npc", None) == foe else None
    defender = getattr(result, "target", None) if act else getattr(result, "defender", None)
    if not isinstance(defender, str) or not act and (getattr(result, "attacker", None) != foe
                                                     or evidence.success is None):
        return None
    harmed = any(e.kind in ("harmed", "downed") and e.who == defender for e in evidence.effects)
    touched = any(e.who == defender for e in evidence.effects)  # hurt, tired, knocked down...
    own, common = tables(evidence.system)
    whom = "you" if defender == evidence.actor else story_name(defender, evidence.roles)
    act_whom = ""
    if act:  # an NPC that never rolls (5+): its act ("tries to stab you", "tries to haggle with Mags"), and whether
        key = "hit" if harmed else "glance"  # the response let harm through (a descriptor it marked is no harm)
        acts = own.get("acts", {})
        options = acts.get(key) or []
        act_whom = acts.get("objects", {}).get(act.lower(), "{act} {whom}").format(act=act, whom=whom)
    else:
        key = "glance" if evidence.success and not touched else "hit" if harmed or evidence.success else "miss"
        options = (own.get("foes", {}).get(key) or common.get("foes", {}).get(key)  # "glance": a hit that did no
                   or common.get("foes", {}).get("hit" if key == "glance" else key) or [])  # harm
    if not options:
        return None
    texts = [t.format(Foe=_capital(story_name(foe, evidence.roles)), whom=whom, act=act or "", act_whom=act_whom)
             for t in options]
    random.Random(seed).shuffle(texts)
    text = next((t for t in texts if t not in said), texts[0])  # the same words twice running read as a stutter
    return " ".join([text, *effect_sentences(evidence, said)])


def harmless_hit(evidence: Evidence) -> str | None:
    """The one an attack of the player's hit without changing anything (armour stopped it, the damage was soaked),
    or None: "hit, but the armor stops it" was told "the shot strikes home" (round 15's blind read)."""
    if not evidence.success:
        return None
    for tool, result in evidence.results:
        defender = getattr(result, "defender", None)
        if "attack" in tool and isinstance(defender, str) and getattr(result, "attacker", None) == evidence.actor \
                and isinstance(getattr(result, "damage", None), int) \
                and not any(e.who == defender for e in evidence.effects):  # a damage that changed nothing
            return defender
    return None


def compose(evidence: Evidence, action: str, scene: str = "", someone: str | None = None, seed: int = 0,
            said: tuple[str, ...] = ()) -> list[str]:
    """Every floor narration for this turn, in the order to try them (seeded shuffle of the best-fitting key);
    ``said``: the scene's sentences so far (an effect already told is told "again")."""
    v = voice(action, evidence.actor)
    if v.base and (unharmed := harmless_hit(evidence)):
        lines = [t.format(action=v.base, target=story_name(unharmed, evidence.roles))
                 for t in tables(evidence.system)[1].get("harmless", {}).get("hit", [])]
        random.Random(seed).shuffle(lines)
        if lines:
            return lines
    you = v.you[0].upper() + v.you[1:] if v.base else None
    fields = {"You_action": you, "action": v.base, "words": action.strip() if v.kind != "action" else None,
              "actor": evidence.actor, "target": _target(evidence), "place": place_of(scene),
              "where": where_of(scene),
              "scene_tail": scene_tail(scene), "someone": someone, **_scene_fields(evidence)}
    kinds = action_kinds(evidence, action)
    by_tool = _by_tool(evidence, v.kind, kinds)
    texts = {t: text for t in dict.fromkeys(_by_verb(evidence, deciding_verb(evidence, v.base)) + by_tool)
             if (text := _fill(t, fields))}
    texts = {t: text for t, text in texts.items() if not _echoes(t, v.base)} or texts
    if re.search(r"\bjust\b", fields.get("situation") or ""):  # not "just as a body has just been found"
        texts = {t: text for t, text in texts.items() if "just as {situation}" not in t} or texts
    if " and " in (v.base or ""):  # "You take a moment and unroll your blanket and eat ..." reads as a list
        texts = {t: text for t, text in texts.items() if "and {action}" not in t} or texts
    fallback = set(_of_kinds(evidence, ["default"]))  # "You act, and it goes the way you wanted in {place}."
    fits = [t for t in texts if t not in fallback] or list(texts)  # only when nothing else fits
    plain = set(by_tool)
    # the roll's own words, the most specific kind that has any: "the blow misses"
    tool_own = next((set(found) for kind in kinds if (found := _of_kinds(evidence, [kind]))), set())
    top = ([t for t in fits if t not in plain] or [t for t in fits if t in tool_own]
           or fits[:3])  # the verb's kind first, then the tool's own lines, then whatever else fits
    fresh = ([t for t in top if not _told(t, said)] or [t for t in fits if not _told(t, said)][:3]
             or top)  # a variant whose words were said in the scene waits; a plainer one before a repeat
    filled = list(texts.values()) or ["You wait to see what happens next."]
    best = [texts[t] for t in fresh] or filled[:3]
    random.Random(seed).shuffle(best)
    tail = " ".join([*fumbles(evidence), *effect_sentences(evidence, said)])
    return [f"{text} {tail}".strip() for text in dict.fromkeys(best + filled)]


def fumbles(evidence: Evidence) -> list[str]:
    """"The raider fumbles." for a result that names a fumble and whose it is (Minim's neutral attack: "apply a
    fumble to the target", minim.md#Combat): round 14's readers read "but the shot goes wide. The raider is now
    pinned." with no cause for the pin."""
    out = []
    for _, result in evidence.results:
        fumble = getattr(result, "fumble", None)
        victim = getattr(fumble, "victim", None)
        who = getattr(result, {"target": "defender", "attacker": "attacker"}[victim], None) \
            if victim in ("target", "attacker") else victim
        if isinstance(who, str) and getattr(fumble, "effect", None):
            out.append("You fumble." if who == evidence.actor else f"{_capital(story_name(who, evidence.roles))} "
                                                                  "fumbles.")
    return out
