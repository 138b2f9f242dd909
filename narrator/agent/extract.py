"""Reading names out of the player's words: who acts, whom they target, which zone or power they mean, which entry
of their own sheet (a skill, an ability, an item) they name.

Only names already on the table can come out of here, matched on word boundaries, case-insensitively.
"""

from __future__ import annotations

import re

from narrator.tools.table import TableState, get_path

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
"""How the story tells foes of one kind apart ("Guard 2" is "the second guard"), and how a player names them back."""
ORDINAL = re.compile(r"\b(?P<n>" + "|".join(ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th))\s+(?P<rest>[a-z][a-z' -]*)")


def mentioned(text: str, names: list[str]) -> list[str]:
    """Names that appear in ``text`` as whole words, in order of appearance (longest first on ties)."""
    found: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []  # a name inside a longer one found there is not named ("Bandit 2")
    lowered = text.casefold()
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w]){re.escape(name.casefold())}(?![\w])", lowered):
            if not any(a <= m.start() and m.end() <= b for a, b in taken):
                taken.append((m.start(), m.end()))
                found.append((m.start(), -len(name), name))
                break
    return [n for _, _, n in sorted(found)]


def is_npc(state: TableState, name: str) -> bool:
    return bool(state.characters.get(name, {}).get("npc"))


def actor_for(text: str, state: TableState, default: str | None) -> str | None:
    """The actor: the character the player speaks for (the turn's default), else the only player-character.

    Never a character the sentence merely names: "Guard stabs Aria" typed for Aria does not make the Guard act
    (:func:`other_subject` finds such a sentence so it can be refused)."""
    if default and default in state.characters:
        return default
    pcs = [n for n in state.characters if not is_npc(state, n)]
    return pcs[0] if len(pcs) == 1 else None


FIRST_PERSON = re.compile(r"\b(I|we|I'm|we're|I'll|we'll|let's)\b", re.IGNORECASE)
LEADING = re.compile(r"^\s*(?:the|a|an|my|our)\s+", re.IGNORECASE)


def other_subject(text: str, state: TableState, actor: str | None) -> str | None:
    """Another character written as the subject of the sentence ("Guard stabs Aria", "The innkeeper gives me the
    keys"), or None. A name followed by a comma or "and" is someone addressed or joined ("Guard, open up!",
    "Brom and I charge"), not a subject; a sentence where the player also acts in the first person ("the guard
    draws his blade, we fight!") is the player framing the scene, not acting for someone else."""
    if FIRST_PERSON.search(text):
        return None  # "the guard draws his blade, we fight!": the player frames the scene and acts in it
    body = LEADING.sub("", text.strip().strip("\"'“”*"))
    for name in sorted(state.characters, key=len, reverse=True):
        if name == actor:
            continue
        folded = name.casefold()
        if body.casefold().startswith(folded):
            rest = body[len(name):]
            if not rest or not rest[0].isspace():
                continue
            nxt = rest.strip().split(" ", 1)[0].casefold().strip(",.!?")
            if rest.lstrip().startswith((",", ":")) or nxt in ("and", "&", "or", "with", "is", "was", "looks",
                                                                  "seems"):
                return None
            return name
    return None


NOT_NAMES = frozenset({"the", "and", "old", "young", "big", "little", "one", "two"})
TITLES = frozenset({"the", "a", "an", "of", "old", "young", "sir", "lady", "lord", "master", "mistress"})


def name_words(name: str) -> list[str]:
    """The words a name can be called by alone ("the keeper" for "Keeper Wenna"): three letters or more, no article
    or title."""
    return [w for w in re.findall(r"[\w']+", name.casefold()) if len(w) > 2 and w not in TITLES]


def numbered(text: str, names: list[str]) -> str | None:
    """The name an ordinal and a kind stand for, as the story says them back: "the second bandit" is Bandit 2, "the
    first bandit" Bandit (or Bandit 1); None when the words use no ordinal for a name on the table. Why: the foe
    lines call Bandit 2 "the second bandit", and a player who struck "the second bandit" struck Bandit, whose
    name the words also hold."""
    lowered = text.casefold()
    for m in ORDINAL.finditer(lowered):
        word = m["n"]
        n = ORDINALS.index(word) + 1 if word in ORDINALS else int(word[:-2])
        for name in sorted(names, key=len, reverse=True):
            kind, number = _kind(name), re.fullmatch(r".*?\s+(\d+)", name)
            if (int(number[1]) if number else 1) == n and re.match(re.escape(kind) + r"\b", m["rest"]):
                return name
    return None


def target_for(text: str, state: TableState, actor: str | None, blow: bool = False) -> str | None:
    """Whom the action targets: a named character other than the actor, else the only conscious NPC present (in a
    fight, the only one in it). For a ``blow``, a foe named by its kind alone ("the other thug" names Thug) who is
    down gives way to the first of its kind still standing (Thug 2): a blow on the fallen is no reading of it."""
    named = numbered(text, [n for n in state.characters if n != actor])
    if named is not None:
        return named
    names = [n for n in mentioned(text, list(state.characters)) if n != actor]
    if names:
        first = names[0]
        if blow and _kind(first) == first.casefold() and _downed(state) in state.conditions.get(first, []):
            kin = [n for n in standing_npcs(state, actor) if _kind(n) == _kind(first)]
            if kin:
                return kin[0]
        return first
    candidates = standing_npcs(state, actor)
    words = set(re.findall(r"[a-z]+", text.casefold()))
    called = [n for n in candidates if words & {w for w in re.findall(r"[a-z]+", n.casefold())
                                                if len(w) >= 3 and w not in NOT_NAMES}]
    # "the nearest thug" names Town Thug when every NPC so called is one kind ("Town Thug", "Town Thug 2")
    for group in (called, candidates):
        if group and len({_kind(n) for n in group}) == 1:
            return group[0]
        if group:
            return None
    return None


def _downed(state: TableState) -> str:
    """The condition of a character who is down in the table's system."""
    from narrator.tools.systems import get_system

    return get_system(state.system).downed_condition


def standing_npcs(state: TableState, actor: str | None) -> list[str]:
    """The NPCs the actor could mean by "him" or "it": those not down — in a fight, those in it ("I attack him"
    means someone fighting, not a bystander on the table), when any is."""
    downed = _downed(state)
    npcs = [n for n in state.characters
            if n != actor and is_npc(state, n) and downed not in state.conditions.get(n, [])]
    if state.initiative.active:
        return [n for n in npcs if n in state.initiative.order] or npcs
    return npcs


def _kind(name: str) -> str:
    """A generated NPC's kind: its name without the running number ("Town Thug 2" → "town thug")."""
    return re.sub(r"\s+\d+$", "", name).casefold()


def zone_for(text: str, state: TableState) -> str | None:
    zones = mentioned(text, state.zones)
    return zones[-1] if zones else None


def usable_powers(state: TableState, actor: str) -> list[str]:
    """The powers (and items that work like powers) the actor uses by name, as the system's vocabulary says."""
    from narrator.tools.systems import get_system

    vocab = get_system(state.system).vocabulary()
    sheet = state.characters.get(actor, {})
    powers = []
    if vocab.powers_field:
        held = sheet.get(vocab.powers_field) or {}
        powers += [p for p in held if p not in vocab.passive_powers]
    if vocab.items_field:
        powers += [str(i["name"]) for i in sheet.get(vocab.items_field) or []
                   if isinstance(i, dict) and i.get("power") and i.get("name")]
    return powers


def _stem(word: str) -> str:
    return word[: max(4, len(word) - 3)]


def sheet_entries(state: TableState, actor: str | None, path: str, match: dict | None = None) -> list[str]:
    """The names of the entries at ``path`` on the actor's sheet (dict keys, or each entry's ``name``), keeping those
    whose fields take one of the values in ``match`` (``{"kind": ["ability"]}``)."""
    if actor is None or actor not in state.characters:
        return []
    node = get_path(state.characters[actor], path)
    items = list(node.items()) if isinstance(node, dict) else [(None, v) for v in node] if isinstance(node, list) \
        else []
    names = []
    for key, entry in items:
        name = entry.get("name") if isinstance(entry, dict) else None
        name = name if isinstance(name, str) else key if isinstance(key, str) else None
        if name is None:
            continue
        if match and not all(isinstance(entry, dict) and entry.get(f) in allowed for f, allowed in match.items()):
            continue
        names.append(name)
    return names


def sheet_name_for(text: str, state: TableState, actor: str | None, path: str, match: dict | None = None,
                   only_one: bool = False) -> str | None:
    """The entry of the actor's sheet the words name — whole, or by a word of it when only one fits ("sneaking"
    names Sneak, "the lock" Lockpicking) — else, with ``only_one``, the single entry there is."""
    names = sheet_entries(state, actor, path, match)
    named = mentioned(text, names)
    if named:
        return named[0]
    words = re.findall(r"[a-z]+", text.casefold())
    partial = [n for n in names
               if any(w == nw or (len(nw) >= 4 and len(w) >= 4 and (w.startswith(_stem(nw)) or nw.startswith(w)))
                      for nw in re.findall(r"[a-z]+", n.casefold()) if len(nw) >= 3 for w in words)]
    # "my bow" names Hunting bow, "sneaking" names Sneak, "the lock" names Lockpicking
    if len(partial) == 1:
        return partial[0]
    exact = [n for n in partial if set(re.findall(r"[a-z]+", n.casefold())) & set(words)]
    if len(exact) == 1:  # "pick the lock": Lock-picking has the word itself, Pickpocketing only its start
        return exact[0]
    return names[0] if only_one and len(names) == 1 else None


def mentioned_other(text: str, state: TableState, actor: str | None) -> str | None:
    """The first character the words name other than the actor (no fallback: None when nobody is named)."""
    names = [n for n in mentioned(text, list(state.characters)) if n != actor]
    return numbered(text, [n for n in state.characters if n != actor]) or (names[0] if names else None)


def power_for(text: str, state: TableState, actor: str | None) -> str | None:
    """The power the words name — whole ("healing touch") or by a word of it ("I heal him", "lightning") — else
    the only one the actor has."""
    if actor is None:
        return None
    powers = usable_powers(state, actor)
    named = mentioned(text, powers)
    if named:
        return named[0]
    words = re.findall(r"[a-z]+", text.casefold())
    partial = [p for p in powers
               if any(w.startswith(_stem(pw)) for pw in re.findall(r"[a-z]+", p.casefold()) if len(pw) >= 4
                      for w in words)]
    if len(partial) == 1:
        return partial[0]
    return powers[0] if len(powers) == 1 else None
