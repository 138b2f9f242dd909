"""Memory records derived from the event log and the table — pure functions, no chroma, no model.

Why derived: the event log is the source of truth, so the vector memory must be a function of it. Every record id
comes from an event seq (``turn-12``, ``tool-7``, ``note-30``) or from a stable name on the table
(``character:old tom``, ``zone:cellar``), so indexing live, catching up after a crash, and rebuilding from nothing
all produce the same ids and documents; an entity is upserted under its id, never added twice.

A *turn* is a player line, the tool calls that follow it and the narration that closes it. Its document says what
happened in words — the player's line, the narration shown, and the results as story facts ("Aria succeeds. Grell is
down.", from :mod:`tools.effects` in the system's own vocabulary) — because that is what a question asks about;
the mechanics (the tools' summaries, with dice, targets and numbers) are kept in the ``outcome`` metadata, not
embedded, where they would dilute the meaning ("Outcome: Mara (brain + art): Target 2: rolled ..."). Tool calls
outside a turn (setting the scene from the CLI, adding a character) and notes are records of their own. Promises and
discoveries are flagged by simple cue words so a question about an oath or a hidden key can prefer them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from narrator.memory.store import StoredEvent
from narrator.tools.phrases import summary_of

MetaValue = str | int | float | bool | list[str]
CURRENT_SCENE = "place:scene"
"""The id of the record of the scene the table is in now (recall brings it in for a "where are we now")."""

PROMISE = re.compile(r"\b(promise[sd]?|promising|swear|swore|sworn|vow(?:ed|s)?|oath|pledge[sd]?|owe[sd]?|"
                     r"in return|agree[sd]? to|bargain|deal|we will|i will|we'll|i'll)\b", re.I)
DISCOVERY = re.compile(r"\b(finds?|found|discover(?:s|ed|y)?|hid(?:den|e|es)?|secret|reveal(?:s|ed)?|"
                       r"learn(?:s|ed|t)?|clue|notice[sd]?|spot(?:s|ted)?|uncover(?:s|ed)?|stash(?:ed)?|"
                       r"buried|map|key)\b", re.I)
NAME_STOP = {"the", "of", "old", "young", "big", "little", "sir", "lady", "lord", "dame", "von", "van", "de", "du",
             "la", "le", "and", "mr", "mrs", "ms", "dr", "saint", "st"}
ROLE_CUT = re.compile(r"\s(?:of|who|with|from|in|at|for|that|on)\s|,|;|\(")
SCENE_CHARS = 200
OUTCOME_CHARS = 600


@dataclass(frozen=True)
class MemoryRecord:
    """One document in a collection: a stable id, the text that is embedded, and flat metadata."""

    id: str
    document: str
    metadata: dict[str, MetaValue]


def cues(text: str) -> dict[str, bool]:
    return {"promise": bool(PROMISE.search(text)), "discovery": bool(DISCOVERY.search(text))}


def role_of(concept: str | None) -> str | None:
    """The head noun of a concept ('innkeeper of the Drowned Rat' -> 'innkeeper'), used as an alias."""
    if not concept:
        return None
    head = ROLE_CUT.split(" " + concept.strip().lower() + " ", maxsplit=1)[0].split()
    head = [w for w in head if w not in ("a", "an", "the")]
    word = re.sub(r"[^\w-]", "", head[-1]) if head else ""
    return word if len(word) >= 4 else None


def aliases_of(name: str, sheet: Mapping[str, Any] | None = None) -> list[str]:
    """Ways a story may refer to a character: the full name, its distinctive words, the concept's role."""
    found = [name]
    found += [w for w in re.findall(r"[\w'-]+", name) if len(w) >= 3 and w.lower() not in NAME_STOP]
    if sheet:
        role = role_of(sheet.get("concept"))
        if role:
            found.append(role)
        found += [str(a) for a in sheet.get("aliases") or [] if str(a).strip()]
    out: list[str] = []
    for a in found:
        if a.casefold() not in {x.casefold() for x in out}:
            out.append(a)
    return out


class AliasIndex:
    """Which known names a text mentions, by name or alias, case-insensitively and on word boundaries."""

    def __init__(self) -> None:
        self._aliases: dict[str, set[str]] = {}
        self._pattern: re.Pattern[str] | None = None
        self.common: set[str] = set()  # names in most events (the player characters): too broad to filter on

    def add(self, canonical: str, aliases: Iterable[str]) -> None:
        for alias in aliases:
            self._aliases.setdefault(alias.casefold(), set()).add(canonical)
        self._pattern = None

    def find(self, text: str) -> list[str]:
        if not self._aliases or not text:
            return []
        if self._pattern is None:
            words = sorted(self._aliases, key=len, reverse=True)
            self._pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, words)) + r")(?!\w)", re.I)
        hits: list[str] = []
        for m in self._pattern.finditer(text):
            for name in sorted(self._aliases[m.group(1).casefold()]):
                if name not in hits:
                    hits.append(name)
        return hits


@dataclass
class _Turn:
    seq: int
    actor: str | None
    text: str
    scene: str
    last_seq: int
    outcomes: list[tuple[str, str]] = field(default_factory=list)  # (tool, summary)
    facts: list[str] = field(default_factory=list)  # the results as story facts, in words
    narration: str | None = None


class EventDeriver:
    """Folds events, in order, into event records, keeping the context a record needs (scene, known names).

    Feed it effective events only (see :meth:`memory.campaign.Campaign.effective_events`): a rewind changes the
    past, so the caller re-derives from the start instead of feeding one.
    """

    def __init__(self, campaign_id: str):
        self.campaign_id = campaign_id
        self.scene = ""
        self.names = AliasIndex()
        self.sheets: dict[str, dict[str, Any]] = {}  # last known sheet of everyone ever on the table
        self.conditions: dict[str, list[str]] = {}  # as the table has them, so a result's conditions are diffed
        self.system: str | None = None  # from the log's first event: whose words the effects are told in
        self.turn: _Turn | None = None  # open until its narration: indexed, but re-derived when it grows

    def feed(self, event: StoredEvent) -> list[MemoryRecord]:
        """The records this event creates or changes (a turn's record changes with each of its events)."""
        if event.kind == "rewind":
            raise ValueError("EventDeriver takes effective events; re-derive from the start after a rewind")
        p = event.payload
        out: list[MemoryRecord] = []
        if event.kind == "campaign_created":
            self.system = p.get("system")
        elif event.kind == "player":
            self.turn = _Turn(event.seq, p.get("actor"), p.get("text", ""), self.scene, event.seq)
            out.append(self._turn_record(self.turn))
        elif event.kind == "tool_call":
            facts = self._facts(p.get("actor") or (self.turn.actor if self.turn else None), p["result"])
            self._learn(p["result"].get("changes") or [])
            summary = summary_of(p["result"])
            if self.turn is not None:
                self.turn.outcomes.append((p["tool"], summary))
                self.turn.facts += [f for f in facts if f not in self.turn.facts]
                self.turn.last_seq = event.seq
                out.append(self._turn_record(self.turn))
            else:
                out.append(self._record(f"tool-{event.seq}", "tool", summary, event.seq, event.seq,
                                        tools=[p["tool"]], names=self._tool_names(p)))
        elif event.kind == "narration":
            if self.turn is not None:
                self.turn.narration = p.get("text", "")
                self.turn.last_seq = event.seq
                out.append(self._turn_record(self.turn))
                self.turn = None
            elif p.get("text"):
                out.append(self._record(f"narration-{event.seq}", "narration", "Narration: " + p["text"],
                                        event.seq, event.seq))
        elif event.kind == "note" and p.get("text"):
            out.append(self._record(f"note-{event.seq}", "note", "Note: " + p["text"], event.seq, event.seq))
        return out

    # -- context -------------------------------------------------------------------------------------------
    def _facts(self, actor: str | None, result: dict[str, Any]) -> list[str]:
        """A result as story facts: whether the actor succeeded, and what changed (hurt, down, gained...)."""
        out = []
        success = result.get("success")
        if isinstance(success, bool):
            out.append(f"{result.get('actor') or actor or 'The players'} {'succeeds' if success else 'fails'}.")
        changes = result.get("changes") or []
        if changes and self.system:
            try:
                from narrator.tools.effects import effects_from_changes
                from narrator.tools.systems import get_system

                system = get_system(self.system)
                effects = effects_from_changes(changes, system.vocabulary(), system.downed_condition,
                                               self.conditions)
            except Exception:  # noqa: BLE001 - a system no longer installed or an op it cannot read: no facts
                effects = []
            for e in effects:
                if e.kind in ("created", "state") or (e.kind == "moved" and not e.who):
                    continue  # joining the story and system state are not events; a move says who moved
                words = e.words()
                out.append(words[:1].upper() + words[1:] + ".")
        return out

    def _learn(self, changes: list[dict[str, Any]]) -> None:
        for op in changes:
            kind = op.get("op")
            if kind == "set_conditions":
                self.conditions[op["name"]] = list(op.get("conditions") or [])
            elif kind == "set_scene":
                self.scene = op["text"]
            elif kind == "put_character":
                self.sheets[op["name"]] = op["sheet"]
                self.names.add(op["name"], aliases_of(op["name"], op["sheet"]))
            elif kind == "set_zones":
                for z in op["zones"]:
                    self.names.add(z, [z])

    def _tool_names(self, payload: dict[str, Any]) -> list[str]:
        args = payload.get("args") or {}
        named = [str(v) for k, v in args.items() if k in ("actor", "attacker", "defender", "name", "zone") and v]
        return self.names.find(" ".join(named) + " " + summary_of(payload["result"]))

    # -- records -------------------------------------------------------------------------------------------
    def _turn_record(self, t: _Turn) -> MemoryRecord:
        lines = [f"{t.actor or 'The players'}: {t.text}"]
        if t.narration:
            lines.append(t.narration)
        if t.facts:
            lines.append(" ".join(t.facts))
        text = "\n".join(lines)
        mechanics = "; ".join(s for _, s in t.outcomes if s)
        names = self.names.find(f"{text} {mechanics}")
        if t.actor and t.actor not in names:
            names.insert(0, t.actor)
        record = self._record(f"turn-{t.seq}", "turn", text, t.seq, t.last_seq, actor=t.actor, scene=t.scene,
                              names=names, tools=[tool for tool, _ in t.outcomes],
                              flags_from=f"{t.text} {t.narration or ''}")
        if mechanics:
            record.metadata["outcome"] = mechanics[:OUTCOME_CHARS]
        return record

    def _record(self, rid: str, kind: str, text: str, seq: int, last_seq: int, actor: str | None = None,
                scene: str | None = None, names: list[str] | None = None, tools: list[str] | None = None,
                flags_from: str | None = None) -> MemoryRecord:
        scene = self.scene if scene is None else scene
        meta: dict[str, MetaValue] = {"campaign": self.campaign_id, "kind": kind, "seq": seq, "last_seq": last_seq,
                                      **cues(text if flags_from is None else flags_from)}
        if actor:
            meta["actor"] = actor
        if scene:
            meta["scene"] = scene[:SCENE_CHARS]
        names = names if names is not None else self.names.find(text)
        if names:
            meta["names"] = names
        if tools:
            meta["tools"] = sorted(set(tools))
        return MemoryRecord(rid, text, meta)


def derive_events(campaign_id: str, effective: Iterable[StoredEvent]) -> tuple[EventDeriver, dict[str, MemoryRecord]]:
    """Every event record of a log (its effective events), and the deriver left ready for what comes next."""
    deriver = EventDeriver(campaign_id)
    records: dict[str, MemoryRecord] = {}
    for e in effective:
        for r in deriver.feed(e):
            records[r.id] = r
    return deriver, records


# -- entities --------------------------------------------------------------------------------------------
def _character_text(name: str, sheet: Mapping[str, Any], zone: str | None, conditions: list[str], present: bool) -> str:
    """Who someone is, briefly: a long list of skills and gear would drown the role in the embedding (items are
    records of their own; the full sheet is one lookup away through the ``record`` metadata)."""
    role = "NPC" if sheet.get("npc") else "player character"
    parts = [f"{name} — {role}" + (f", {sheet['concept']}" if sheet.get("concept") else "") + "."]
    if sheet.get("virtue") or sheet.get("vice"):
        parts.append(f"Virtue: {sheet.get('virtue') or '—'}; vice: {sheet.get('vice') or '—'}.")
    if zone:
        parts.append(f"In the {zone}.")
    if conditions:
        parts.append("Conditions: " + ", ".join(conditions) + ".")
    if not present:
        parts.append("No longer on the table.")
    return " ".join(parts)


def entity_records(campaign_id: str, state: Any, known_sheets: Mapping[str, Mapping[str, Any]]) -> list[MemoryRecord]:
    """Characters and NPCs (also those removed since: their last sheet), places (zones, the scene) and items.

    ``state`` is a :class:`tools.table.TableState`; ``known_sheets`` every sheet ever put on the table.
    """
    out: list[MemoryRecord] = []
    base = {"campaign": campaign_id}
    people = dict(known_sheets) | dict(state.characters)
    for name in sorted(people):
        sheet = people[name]
        present = name in state.characters
        text = _character_text(name, sheet, state.positions.get(name), state.conditions.get(name, []), present)
        meta: dict[str, MetaValue] = {**base, "kind": "character", "name": name, "aliases": aliases_of(name, sheet),
                                      "record": f"characters/{name}", "npc": bool(sheet.get("npc")),
                                      "present": present}
        out.append(MemoryRecord(f"character:{name.casefold()}", text, meta))
        seen: dict[str, int] = {}
        for i, item in enumerate((sheet.get("gear") or []) if present else []):
            if not isinstance(item, Mapping) or not item.get("name"):
                continue
            key = f"{name.casefold()}:{str(item['name']).casefold()}"
            seen[key] = seen.get(key, 0) + 1
            q = item.get("quality")
            text = f"{item['name']} — {item.get('kind', 'item')}" + (f", quality {q:+d}" if isinstance(q, int) else "")
            out.append(MemoryRecord(f"item:{key}" + (f":{seen[key]}" if seen[key] > 1 else ""),
                                    f"{text}, carried by {name}.",
                                    {**base, "kind": "item", "name": str(item["name"]), "aliases": [str(item["name"])],
                                     "owner": name, "names": [name], "record": f"characters/{name}/gear/{i}"}))
    for i, zone in enumerate(state.zones):
        here = sorted(n for n, z in state.positions.items() if z == zone)
        text = f"Place: {zone}, a zone of the current scene." + (f" Here: {', '.join(here)}." if here else "")
        meta = {**base, "kind": "place", "name": zone, "aliases": [zone], "record": f"zones/{i}"}
        if here:
            meta["names"] = here
        out.append(MemoryRecord(f"zone:{zone.casefold()}", text, meta))
    if state.scene:
        out.append(MemoryRecord(CURRENT_SCENE, f"Current scene: {state.scene}",
                                {**base, "kind": "place", "name": "scene", "aliases": ["scene"], "record": "scene"}))
    return out
