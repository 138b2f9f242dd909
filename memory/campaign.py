"""A campaign: the event log, the folded table state, and the one way to change it — a logged tool call.

Every tool call (its validated arguments, the seed derived for it, its full result) is one event written in one
transaction with the state it leads to; so are rejected calls, narration and player lines, and rewinds. The
state is a fold of the log (:meth:`Campaign.fold`), the snapshot is only a cache, and :meth:`Campaign.replay`
re-runs every call from its logged seed on the state it saw and reports the first result that differs as data
(every typed field exactly, the explanation's words by the numbers they state: :mod:`memory.replay_data`).

Verification in layers, cheapest first (see docs/reliability.md for what each costs):

* every open: the store re-hashes the chain and checks the bindings (:mod:`memory.store`); here the campaign's
  settings are checked against its first event and the snapshot against the fold of the events *since the last
  verified checkpoint*, starting from the checkpoint's state — so an open folds only what was added since the
  previous open, then moves the checkpoint to the end;
* :meth:`Campaign.check_fold` (``export``, ``undo``, ``restore``): the whole log folded from the start;
* :meth:`Campaign.verify` (``narrator campaign verify``, and ``replay``): the fold plus every tool call re-run.

A call that leaves every player-character down (:func:`tools.turns.party_down`, a total-party
kill) is followed by a ``party_down`` event: a record for the log, the export and the game, never folded.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from narrator.memory.errors import CampaignAccessError, CampaignCorrupt, CampaignError, CampaignNotFound
from narrator.memory.paths import campaign_dir, campaigns_root, safe_name
from narrator.memory.replay_data import as_data, at, in_words_as, under_new_names, words_path
from narrator.memory.store import (
    BACKUP_DIR,
    DB_FILE,
    CampaignStore,
    StoredEvent,
    TailEvent,
    canonical,
    hashes_in,
    list_backups,
    read_lost,
    restore,
)
from narrator.tools.contract import ToolResult
from narrator.tools.dice import Roller
from narrator.tools.errors import NarratorError, ToolCallError
from narrator.tools.options import validate_options
from narrator.tools.story import SCENE_TABLES_VERSION
from narrator.tools.registry import Registry, default_registry
from narrator.tools.systems import get_system
from narrator.tools.table import TableState, apply_all, parse_ops
from narrator.tools.turns import party_down

TEXT_KINDS = ("narration", "player", "note", "action")  # action: memory.actions' undo marker
SETTINGS = ("name", "system", "options", "master_seed")
"""The campaign settings kept both in the meta table and in the first event; they must agree."""


def _check_embedder(value: Any) -> None:
    """The shape :func:`memory.chroma.spec_from` reads (checked here without importing chromadb, which takes
    seconds): ``recall`` (the default), ``minilm``, or a mapping naming an ``onnx`` model with its ``tokenizer``, or a
    ``gguf`` model."""
    if value in ("recall", "minilm"):
        return
    if isinstance(value, dict):
        if isinstance(value.get("gguf"), str) and value["gguf"]:
            return
        if isinstance(value.get("onnx"), str) and value["onnx"] and isinstance(value.get("tokenizer"), str) \
                and value["tokenizer"]:
            return
    raise CampaignError('use "recall", "minilm", {"onnx": MODEL, "tokenizer": TOKENIZER_JSON} or {"gguf": MODEL}')


def _check_scene_tables(value: Any) -> None:
    if value not in (1, 2) or isinstance(value, bool):
        raise CampaignError("use 1 (every scene table entry anywhere) or 2 (entries that fit the place)")


SHARED_OPTIONS = {"embedder": ('recall | minilm | {"onnx": MODEL, "tokenizer": JSON} | {"gguf": MODEL}',
                               _check_embedder),
                  "scene_tables": ("1 | 2 (default: 2, scenes fit their place)", _check_scene_tables)}
"""Campaign options that are narrator's own, not a rules system's: every system's campaign takes them."""


def _as_logged(replayed: Any, logged: Any) -> Any:
    """A result field added to the code after the event was logged, holding its empty value (``[]``, ``None``, ``""``,
    ``{}``, ``False``), is no divergence: the call did the same thing. Any other difference still is. Nested models
    count too (a field added to a character sheet that a result holds)."""
    if isinstance(replayed, dict) and isinstance(logged, dict):
        return {k: _as_logged(v, logged[k]) if k in logged else v for k, v in replayed.items()
                if k in logged or v not in ([], None, "", {}, False)}
    if isinstance(replayed, list) and isinstance(logged, list) and len(replayed) == len(logged):
        return [_as_logged(r, g) for r, g in zip(replayed, logged)]
    return replayed


def derive_seed(master_seed: int, seq: int) -> int:
    """The seed of event ``seq``: independent of everything but the master seed and the position in the log."""
    digest = hashlib.sha256(f"narrator:{master_seed}:{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Divergence:
    seq: int
    tool: str
    field: str
    logged: Any
    replayed: Any

    def text(self) -> str:
        return f"event {self.seq} ({self.tool}): {self.field} was {self.logged!r}, replay gives {self.replayed!r}"


@dataclass(frozen=True)
class VerifyReport:
    """What :meth:`Campaign.verify` found: every check before the replay passed (or it would have raised)."""

    events: int
    replay: "ReplayReport | None"

    @property
    def ok(self) -> bool:
        return self.replay is None or self.replay.ok


@dataclass(frozen=True)
class ReplayReport:
    events: int
    tool_calls: int
    divergence: Divergence | None
    state_matches_snapshot: bool
    reworded: int = 0
    """Results that replayed the same data with other words in their explanation (:mod:`memory.replay_data`)."""
    first_reworded: Divergence | None = None
    """The first of them, with the words logged and the words written now: a newer version's wording, or words
    edited in the file behind a resealed chain — shown, never silently passed."""

    @property
    def ok(self) -> bool:
        return self.divergence is None and self.state_matches_snapshot


def _first_difference(a: Any, b: Any, path: str = "result") -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            d = _first_difference(a.get(k), b.get(k), f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            d = _first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if canonical(a) == canonical(b) else (path, a, b)


class Campaign:
    def __init__(self, store: CampaignStore, registry: Registry | None = None,
                 verify: Literal["incremental", "full"] = "incremental"):
        """Load (and check) an open store. ``verify`` is ``incremental`` (fold the events since the checkpoint,
        what every open does) or ``full`` (fold the whole log, for restore candidates and backups)."""
        self.store = store
        self.registry = registry or default_registry()
        first = store.events(upto=1)
        if not first or first[0].kind != "campaign_created":
            raise CampaignNotFound("The event log has no campaign_created event")
        created, meta = first[0].payload, store.meta()
        for key in SETTINGS:
            if meta.get(key) != created.get(key):
                raise store.corrupt(f"the campaign setting {key!r} differs from the one its first event recorded")
        self.name: str = created["name"]
        self.system: str = created["system"]
        self.master_seed: int = created["master_seed"]
        self.options: dict[str, Any] = created.get("options", {})
        self._state_text: tuple[TableState, str] | None = None
        self.no_backup: str | None = None
        """Why an open for reading took no backup (the backup folder cannot be written), or None."""
        self.state = self._verified_state(full=verify == "full")

    def _verified_state(self, full: bool) -> TableState:
        """The snapshot, once it is shown to equal the fold of the log; then the checkpoint moves to it."""
        snap = self.store.snapshot()
        if snap is None:
            raise self.store.corrupt("the cached state (snapshot) is missing")
        seq, cached = snap
        point = None if full else self.store.checkpoint()
        try:
            if point is None:
                folded = self.fold(self.store.events())
            else:
                tail = self.store.events(after=point[0])
                if any(e.kind == "rewind" for e in tail):  # a rewind reaches back before the checkpoint
                    folded = self.fold(self.store.events())
                else:
                    folded = self._fold_from(TableState.model_validate(point[1]), tail)
            state = TableState.model_validate(cached)
        except CampaignError:
            raise
        except (KeyError, TypeError, ValueError, ValidationError) as e:
            raise self.store.corrupt(f"the log cannot be folded into a table ({type(e).__name__})") from None
        text = canonical(cached)
        if canonical(folded.model_dump(mode="json")) != text:
            raise self.store.corrupt(
                f"the cached state (snapshot) of event {seq} differs from the fold of the log — it was edited, or "
                f"written by two processes at once")
        self.store.mark_verified(text)
        return state

    def check_fold(self) -> None:
        """Fold the whole log and compare it with the current state; raise :class:`CampaignCorrupt` if they differ."""
        try:
            folded = self.fold(self.store.events())
        except CampaignError:
            raise
        except (KeyError, TypeError, ValueError, ValidationError) as e:
            raise self.store.corrupt(f"the log cannot be folded into a table ({type(e).__name__})") from None
        if canonical(folded.model_dump(mode="json")) != canonical(self.state.model_dump(mode="json")):
            raise self.store.corrupt("the current state differs from the fold of the whole log")

    def verify(self, replay: bool = True) -> "VerifyReport":
        """The full verification: the chain (already re-hashed at open), the fold of the whole log, and (unless
        ``replay`` is False) every tool call re-run to the same data (:meth:`replay`)."""
        self.check_fold()
        report = self.replay() if replay else None
        return VerifyReport(self.store.last_seq(), report)

    # -- lifecycle -----------------------------------------------------------------------------------------
    @classmethod
    def new(cls, name: str, system: str, options: dict[str, Any] | None = None, seed: int | None = None,
            root: str | Path | None = None) -> "Campaign":
        """Create a campaign; its options are checked against the system's declared options first
        (:func:`tools.options.validate_options`) and stored as read, so nothing unknown or unusable is kept."""
        rules = get_system(system)
        name = safe_name(name)
        seed = secrets.randbelow(2**63) if seed is None else seed
        options = {"scene_tables": SCENE_TABLES_VERSION, **validate_options(rules, options, SHARED_OPTIONS)}
        store = CampaignStore.create(campaign_dir(name, root), {
            "name": name, "system": system, "options": options, "master_seed": seed,
        })
        initial = TableState(system=system, options=options)
        store.append("campaign_created", {"name": name, "system": system, "options": options, "master_seed": seed},
                     initial.model_dump(mode="json"))
        return cls(store)

    @classmethod
    def open(cls, name: str, root: str | Path | None = None, backup: bool = True,
             for_reading: bool = False) -> "Campaign":
        """Open, verify (chain, bindings, fold since the checkpoint) and only then back up the campaign.

        ``for_reading`` (show, export, sheet, verify): a campaign this process cannot write is opened read-only
        rather than refused — checked the same way, nothing written, no backup; ``store.read_only`` says why."""
        store = CampaignStore.open(campaign_dir(name, root), for_reading=for_reading)
        try:
            campaign = cls(store)
            # an open with a warning (a log shorter than its newest backup) takes no backup: the newer one stays
            # the newest, so the warning is repeated at each open and a restore still finds it
            if backup and store.writable and not store.warnings:
                try:
                    store.backup(verified=True)
                except CampaignAccessError as e:
                    if not for_reading:
                        raise
                    campaign.no_backup = str(e)  # a reader goes on; the caller says why no backup was taken
        except BaseException:
            store.close()
            raise
        return campaign

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Campaign":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- acting --------------------------------------------------------------------------------------------
    def call(self, tool: str, args: Any) -> ToolResult:
        """Run one tool through the registry on the current table, log it, apply its changes. One transaction."""
        seq = self.store.last_seq() + 1
        seed = derive_seed(self.master_seed, seq)
        try:
            validated = self.registry.validate(tool, args)
            # The tool runs on its arguments exactly as the log will hold them (keys sorted, as stored), so a
            # result that follows their order ("healing +2, contacts +2") is the one a replay writes again.
            validated = self.registry.validate(tool, json.loads(canonical(validated.model_dump(mode="json"))))
            result = self.registry.call(tool, validated, Roller(seed), self.state)
        except ToolCallError as e:
            raw = json.loads(json.dumps(args, default=repr)) if not isinstance(args, BaseModel) else args.model_dump(mode="json")
            self._append("tool_rejected", {"tool": tool, "args": raw, "error": str(e)}, self.state)
            raise
        changes = getattr(result, "changes", [])
        new_state = apply_all(self.state, changes) if changes else self.state
        self._append("tool_call", {
            "tool": tool,
            "args": validated.model_dump(mode="json"),
            "seed": seed,
            "result": result.model_dump(mode="json"),
        }, new_state)
        if party_down(new_state) and not party_down(self.state):  # recorded, never folded: the state says it all
            system = get_system(self.system)
            refs = system.table_citations.get("party_down", [])
            pcs = [n for n, sheet in new_state.characters.items() if not sheet.get("npc")]
            self._append("party_down", {"text": f"Total-party kill: every player-character is down "
                                             f"({', '.join(pcs)}: {system.downed_condition}) and nobody is left to "
                                             "act. The game ends." + (f" ({', '.join(refs)})" if refs else ""),
                                             "after": seq}, new_state)
        self.state = new_state
        return result

    def say(self, kind: str, text: str, **extra: Any) -> int:
        """Record a narration, player or note line (text only: it can never change the state)."""
        if kind not in TEXT_KINDS:
            raise ValueError(f"kind must be one of {TEXT_KINDS}")
        return self._append(kind, {"text": text, **extra}, self.state)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Events written inside are committed together when the block ends (:meth:`CampaignStore.batch`): what
        the agent's turn uses. Call :meth:`flush` before anything outside this process sees them."""
        try:
            with self.store.batch():
                yield
        except BaseException:
            self._after_roll_back()
            raise

    def flush(self) -> None:
        """Commit what the current batch wrote so far (nothing outside a batch: each event is already committed)."""
        try:
            self.store.flush()
        except BaseException:
            self._after_roll_back()
            raise

    def _append(self, kind: str, payload: dict[str, Any], state: TableState) -> int:
        try:
            return self.store.append(kind, payload, state_text=self._canonical(state))
        except BaseException:
            self._after_roll_back()
            raise

    def _canonical(self, state: TableState) -> str:
        """The state's canonical text, made once per state (frozen): a turn logs its line and its narration on the
        same state."""
        if self._state_text is None or self._state_text[0] is not state:
            self._state_text = (state, canonical(state.model_dump(mode="json")))
        return self._state_text[1]

    def _after_roll_back(self) -> None:
        """Events the table had moved through were rolled back: it returns to the last committed event's state."""
        if self.store.rolled_back:
            snap = self.store.snapshot()
            if snap is not None:
                self.state = TableState.model_validate(snap[1])

    def rewind(self, to_seq: int) -> TableState:
        """Return the table to how it was after event ``to_seq``; the log keeps everything (a ``rewind`` event)."""
        last = self.store.last_seq()
        if not 1 <= to_seq <= last:
            raise ToolCallError(f"Cannot rewind to event {to_seq}: events run from 1 to {last}")
        events = self.store.events()
        target = self.fold(events + [StoredEvent(last + 1, "rewind", {"to": to_seq}, "")])
        self._append("rewind", {"to": to_seq}, target)
        self.state = target
        return target

    def undo(self) -> int | None:
        """Undo the last effective state-changing tool call; returns the event undone, or None if nothing to undo."""
        effective = self.effective_events(self.store.events())
        for e in reversed(effective):
            if e.kind == "tool_call" and e.payload["result"].get("changes"):
                self.rewind(e.seq - 1)
                return e.seq
        return None

    def result_of(self, event: StoredEvent, before: TableState | None = None) -> ToolResult:
        """A logged call's result as the tool made it, for showing again (/why after an undo or a restart): re-run
        from its seed on the table it saw, so its mappings keep the tool's order — the log stores keys sorted, and
        odds read back as "astounding, failure, perfect, success". The logged data as it is where the re-run is not
        the same call (the code changed since) or cannot run. ``before``: the table before the event, when the caller
        walks the log and has it (else it is folded from the log)."""
        p = event.payload
        try:
            state = before if before is not None else self.fold(self.store.events(upto=event.seq - 1))
            made = self.registry.call(p["tool"], p["args"], Roller(p["seed"]), state)
            if canonical(made.model_dump(mode="json")) == canonical(p["result"]):
                return made
        except (NarratorError, ValueError, KeyError):
            pass
        return self.registry.get(p["tool"]).result_model.model_validate(p["result"])

    def walk(self) -> Iterator[tuple[StoredEvent, ToolResult | None]]:
        """Every event in the log, each tool call with its result as :meth:`result_of` shows it (the table before
        each call kept along the way, so the log is read once)."""
        seen: list[StoredEvent] = []
        table: TableState | None = None
        for e in self.store.events():
            yield e, (self.result_of(e, table) if e.kind == "tool_call" else None)
            seen.append(e)
            table = self.fold(seen) if e.kind == "rewind" else self._apply(table, e)

    # -- folding and replay --------------------------------------------------------------------------------
    @staticmethod
    def effective_events(events: list[StoredEvent]) -> list[StoredEvent]:
        """The events that count after rewinds, oldest first.

        Each event hangs off the one that was the head of the table when it was written; a rewind to N moves the
        head back to whatever was the head right after event N (so rewinding to an event that was itself undone
        brings it back). Walking the parent links from the final head gives the effective history.
        """
        return _effective(events, window=False)

    @staticmethod
    def effective_tail(events: list[StoredEvent]) -> list[StoredEvent]:
        """:meth:`effective_events` of a window read from the end of the log (the recent story, without reading
        it all): a rewind to an event before the window moves the head to that event (the head right after it,
        unless it was itself undone before the window: a redo that far back is not seen), and the chain stops
        where the window begins."""
        return _effective(events, window=True)

    def fold(self, events: list[StoredEvent]) -> TableState:
        state: TableState | None = None
        for e in self.effective_events(events):
            state = self._apply(state, e)
        if state is None:
            raise CampaignNotFound("The event log has no campaign_created event")
        return state

    @staticmethod
    def _apply(state: TableState | None, e: StoredEvent) -> TableState | None:
        if e.kind == "campaign_created":
            return TableState(system=e.payload["system"], options=e.payload["options"])
        if e.kind == "tool_call" and state is not None:
            return apply_all(state, parse_ops(e.payload["result"].get("changes", [])))
        return state

    def _fold_from(self, state: TableState, tail: list[StoredEvent]) -> TableState:
        """Continue a fold from a verified state over later events (none of them a rewind)."""
        for e in tail:
            state = self._apply(state, e) or state
        return state

    def replay(self, after: int = 0, state: TableState | None = None) -> ReplayReport:
        """Re-run every tool call after event ``after`` (all of them by default) from its logged seed on the state it
        saw; ``state`` is the table after event ``after``, already verified by the caller (an incremental check).
        The report's ``events`` counts the events replayed. Results are compared as data: every typed field
        exactly, the summary and steps by the numbers they state (:mod:`memory.replay_data`), so a reworded
        explanation is counted in ``reworded``, not reported as a divergence."""
        if after and state is None:
            raise ValueError("replay(after=N) needs the verified state after event N")
        events = self.store.events(after=after)
        before: list[StoredEvent] | None = None  # the events up to ``after``, read only if a rewind needs them
        seen: list[StoredEvent] = []
        calls = reworded = 0
        first_reworded: Divergence | None = None
        for e in events:
            seen.append(e)
            if e.kind == "campaign_created":
                state = TableState(system=e.payload["system"], options=e.payload["options"])
            elif e.kind == "rewind":
                if before is None:
                    before = self.store.events(upto=after) if after else []
                state = self.fold(before + seen)
            elif e.kind == "tool_call":
                calls += 1
                p = e.payload
                if p["seed"] != derive_seed(self.master_seed, e.seq):
                    return ReplayReport(len(events), calls, Divergence(e.seq, p["tool"], "seed", p["seed"],
                                                                       derive_seed(self.master_seed, e.seq)), False,
                                        reworded, first_reworded)
                result = self.registry.call(p["tool"], p["args"], Roller(p["seed"]), state)
                made = result.model_dump(mode="json")
                logged = under_new_names(p["result"], made)
                replayed = in_words_as(_as_logged(made, logged), logged)
                if canonical(replayed) != canonical(logged):
                    logged_data, replayed_data = as_data(logged, replayed), as_data(replayed, logged)
                    if canonical(logged_data) != canonical(replayed_data):
                        where = _first_difference(logged_data, replayed_data) or ("result", logged, replayed)
                        words = words_path(where[0])
                        if words:  # show the words whose numbers differ
                            where = (words, at(logged, words), at(replayed, words))
                        return ReplayReport(len(events), calls, Divergence(e.seq, p["tool"], *where), False,
                                            reworded, first_reworded)
                    reworded += 1
                    if first_reworded is None:
                        where = _first_difference(logged, replayed) or ("result", logged, replayed)
                        first_reworded = Divergence(e.seq, p["tool"], *where)
                state = apply_all(state, getattr(result, "changes", []))
        snap = self.store.snapshot()
        matches = snap is not None and state is not None and canonical(snap[1]) == canonical(state.model_dump(mode="json"))
        return ReplayReport(len(events), calls, None, matches, reworded, first_reworded)

    def events(self) -> list[StoredEvent]:
        return self.store.events()


def _effective(events: list[StoredEvent], window: bool) -> list[StoredEvent]:
    """:meth:`Campaign.effective_events` (``window`` False) or :meth:`Campaign.effective_tail` (True)."""
    parent: dict[int, int | None] = {}
    head_after: dict[int, int | None] = {}
    by_seq = {e.seq: e for e in events}
    head: int | None = None
    for e in events:
        if e.kind == "rewind":
            to = e.payload["to"]
            head = head_after.get(to, to if window and to not in by_seq else head)
        else:
            parent[e.seq] = head
            head = e.seq
        head_after[e.seq] = head
    chain: list[StoredEvent] = []
    while head is not None and head in by_seq:
        chain.append(by_seq[head])
        head = parent.get(head)
    return chain[::-1]


def list_campaigns(root: str | Path | None = None) -> list[str]:
    base = campaigns_root(root)
    if not base.exists():
        return []
    return sorted(p.name for p in base.iterdir() if (p / DB_FILE).exists())


def delete_campaign(name: str, root: str | Path | None = None) -> Path:
    directory = campaign_dir(name, root)
    if not (directory / DB_FILE).exists():
        raise CampaignNotFound(f"No campaign named '{name}' in {campaigns_root(root)}")
    with CampaignStore.exclusive(directory):  # refuses if another process has it open, even a damaged one
        shutil.rmtree(directory)
    return directory


@dataclass(frozen=True)
class RestoreReport:
    """What a restore put back and what it could not: the events of the replaced file the backup does not hold.

    Why this exists: a backup is taken at each open, so the newest good one usually ends where the last session
    began, and a restore drops that whole session — even when the damage was one early event. Nothing may be
    lost silently: every such event is named (:meth:`lines`) and written out in full (``export``)."""

    backup: Path
    backup_seq: int
    kept: Path | None
    lost: list[TailEvent]
    unreadable: str | None
    export: Path | None
    export_error: str | None = None

    def lines(self) -> list[str]:
        """The report for a person: the backup, the kept file, and each lost event by seq, kind and words."""
        out = [f"Restored from {self.backup.name} (events 1 to {self.backup_seq}; it passed the full verification)."]
        if self.kept is not None:
            out.append(f"The replaced file is kept as {self.kept}.")
        else:
            out.append("There was no campaign file to replace, so no newer event could be looked for.")
        if self.lost:
            out.append(f"LOST: {len(self.lost)} event(s) of the replaced file are not in the restored campaign "
                       f"(newer than the backup, or different from it):")
            out += [f"  {describe(e)}" for e in self.lost]
        elif self.kept is not None and self.unreadable is None:
            out.append("Nothing was lost: the backup holds every event the replaced file held.")
        if self.unreadable:
            out.append(f"The replaced file could not be read to its end ({self.unreadable}); any event after "
                       f"event {self.lost[-1].seq if self.lost else self.backup_seq} it held is lost.")
        if self.export is not None:
            out.append(f"The lost events are written out in full, with how to play each tool call again: "
                       f"{self.export}")
        if self.export_error is not None:
            out.append(f"The lost events could not be written out ({self.export_error}); the list above names "
                       f"them, and the replaced file still holds them.")
        return out


def _one_line(text: object, limit: int = 100) -> str:
    """Text for a one-line listing: control characters (newlines, overrides) escaped, long text cut."""
    raw = text if isinstance(text, str) else json.dumps(text, ensure_ascii=False)
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode() for ch in raw)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def _said(summary: object) -> object:
    """A logged summary in words where it can be read (a step whose phrase is known), else as it was stored: a damage
    report must show whatever the file holds, never fail on it."""
    from narrator.tools.phrases import PhraseError, say

    try:
        return say(summary) if isinstance(summary, (str, dict)) else summary
    except (PhraseError, KeyError, TypeError, ValueError):
        return summary


def describe(e: TailEvent) -> str:
    """One line naming an event read back from a damaged file: its seq, kind and words (the text of a player,
    narration or note line; the tool and its summary for a tool call)."""
    p = e.payload if isinstance(e.payload, dict) else {}
    if e.payload is None:
        what = f"? — {e.problem}"
    elif not p:
        what = f"{e.kind} (unreadable payload: {_one_line(e.payload, 60)})"
    elif e.kind == "tool_call":
        result = p.get("result") if isinstance(p.get("result"), dict) else {}
        what = f"tool_call {p.get('tool', '?')}: {_one_line(_said(result.get('summary', '')))}"
    elif e.kind == "tool_rejected":
        what = f"tool_rejected {p.get('tool', '?')}: {_one_line(str(p.get('error', '')).splitlines()[0:1])}"
    elif e.kind == "rewind":
        what = f"rewind to event {p.get('to')}"
    elif "text" in p:
        what = f"{e.kind}: \"{_one_line(p['text'])}\""
    else:
        what = e.kind
    flag = "" if e.intact or e.payload is None else f" [{e.problem}]"
    return f"event {e.seq} {what}{flag}"


def _export_lost(name: str, directory: Path, report: RestoreReport) -> Path:
    """Write the lost events in full beside the campaign (``lost-events-N.md``, N as in the kept file's
    ``damaged-N``) and return the file."""
    n = report.kept.name.rsplit("-", 1)[1] if report.kept is not None else "1"
    path = directory / f"lost-events-{n}.md"
    k = 1
    while path.exists():
        k += 1
        path = directory / f"lost-events-{n}.{k}.md"
    out = [f"# {name}: events lost by a restore", "",
           f"`narrator campaign restore` put back {report.backup.name} (events 1 to {report.backup_seq}). The file "
           f"it replaced, kept as `{report.kept.name if report.kept else '?'}`, held the events below, which that "
           f"backup does not (newer than it, or different); they are not in the campaign any more. Each is given as read from that file, marked intact "
           f"when its hash checks out (exactly what was written) or with what is wrong with it.", "",
           "To bring one back, play it again: a tool call with the command shown (it rolls new dice: the seed of "
           "an event is its place in the log), a line of play by saying it again in the game.", ""]
    for e in report.lost:
        out.append(f"## {describe(e)}")
        out.append("")
        out.append(f"Written {e.created_at or '?'}; " + ("intact." if e.intact else f"{e.problem}."))
        p = e.payload if isinstance(e.payload, dict) else None
        if p and "text" in p:
            out += ["", *[f"> {line}" for line in str(p["text"]).splitlines() or [""]]]
        if p and e.kind == "tool_call" and isinstance(p.get("args"), dict):
            args = json.dumps(p["args"], ensure_ascii=False).replace("'", "'\\''")
            out += ["", f"Again: `narrator call {p.get('tool')} -c '{name}' --args '{args}'`"]
        if e.payload is not None:
            body = json.dumps(e.payload, indent=2, ensure_ascii=False) if p is not None else str(e.payload)
            out += ["", "```json", body, "```"]
        out.append("")
    path.write_text("\n".join(out), encoding="utf-8")
    return path


def restore_campaign(name: str, root: str | Path | None = None, force: bool = False) -> RestoreReport:
    """Replace a damaged campaign database with its newest backup that passes the full verification (chain,
    bindings, the fold of the whole log). A campaign that opens cleanly is left alone unless ``force``:
    restoring it would set aside events the backup does not have.

    Returns what was done and what was lost: the replaced file is read back (a private copy of it and its WAL)
    for the events the backup does not hold (:func:`memory.store.read_lost`); each is named in the report and
    all are written to ``lost-events-N.md`` beside the campaign."""
    directory = campaign_dir(name, root)
    if not force and (directory / DB_FILE).exists():
        try:
            Campaign.open(name, root, backup=False).close()
        except CampaignCorrupt:
            pass
        else:
            raise CampaignError(
                f"Campaign '{name}' is not damaged: it passed every check, so there is nothing to restore. "
                f"`narrator campaign restore {name} --force` would still replace it with the newest backup "
                f"(keeping the current file beside it).")
    if not (directory / DB_FILE).exists() and not list_backups(directory / BACKUP_DIR):
        raise CampaignNotFound(f"No campaign named '{name}' in {campaigns_root(root)}")

    def check(store: CampaignStore) -> None:
        try:
            Campaign(store, verify="full")
        except CampaignNotFound as e:
            raise store.corrupt(str(e)) from None

    done = restore(directory, check)
    lost: list[TailEvent] = []
    unreadable = None
    if done.kept is not None:
        lost, unreadable = read_lost(done.kept, done.kept_wal, hashes_in(done.backup.path))
    report = RestoreReport(done.backup.path, done.backup.seq, done.kept, lost, unreadable, None)
    if lost:
        try:
            report = replace(report, export=_export_lost(name, directory, report))
        except OSError as e:  # the restore itself is done: the report still names every lost event
            report = replace(report, export_error=f"{e.strerror or e}: {e.filename or directory}")
    return report
