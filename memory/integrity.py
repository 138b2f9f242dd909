"""The hash chain that makes damage to a campaign file detectable: events, the snapshot and the checkpoint.

Why: SQLite's own checks (``quick_check``) see a broken b-tree, not a changed byte inside a row, and a bit flip in
an event's payload or a hand edit of the snapshot used to pass every check and be served as the truth. So:

* every event row stores ``prev_hash`` (the hash of the event before it, :data:`GENESIS` for the first) and
  ``hash = sha256(prev_hash, seq, kind, created_at, payload)``; changing, removing or reordering any event breaks
  the chain from that event on;
* the snapshot row stores ``event_hash``, the hash of the event whose state it caches, and ``digest``, a hash of
  its seq, that event hash and the state's bytes, so the cached state cannot change or move without notice;
* the checkpoint row (the state last verified against the fold of the log, see :mod:`memory.campaign`) is
  bound the same way.

Hashes are computed over the bytes exactly as stored (``CAST(... AS BLOB)``), so a flip that makes text invalid
UTF-8 is a mismatch, never a decoding error. Each hash input frames its fields with NUL separators and a
newline before the payload: kinds and timestamps contain neither, and the payload is last, so no two different
rows hash the same input.

This is tamper-*evidence* against accidental damage and casual edits, not a signature: someone who recomputes
every hash can forge a consistent file. The fold check and ``narrator replay`` still compare such a file with
what the rules engine computes.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass

GENESIS = "0" * 64
KIND = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_HEX = re.compile(rb"^[0-9a-f]{64}$")
_EVENT = b"event\x00%s\x00%d\x00%s\x00%s\n%s"  # prev_hash, seq, kind, created_at, payload


class Damage(Exception):
    """What is wrong with a campaign file, in words for a person (the store adds the file and the recovery)."""

    def __init__(self, why: str, seq: int | None = None):
        super().__init__(why)
        self.why = why
        self.seq = seq


def _b(value: str | bytes) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else value


def event_hash(prev_hash: str | bytes, seq: int, kind: str | bytes, created_at: str | bytes,
               payload: str | bytes) -> str:
    return hashlib.sha256(_EVENT % (_b(prev_hash), seq, _b(kind), _b(created_at), _b(payload))).hexdigest()


def state_digest(tag: str, seq: int, bound_hash: str | bytes, state: str | bytes) -> str:
    """The digest of a cached state (``tag`` is ``snapshot`` or ``checkpoint``) bound to the event it folds."""
    h = hashlib.sha256(_b(tag) + b"\x00" + str(seq).encode() + b"\x00" + _b(bound_hash) + b"\n")
    h.update(_b(state))
    return h.hexdigest()


@dataclass(frozen=True)
class Chain:
    """What a verified chain tells the rest of the open: its length, its head, and the hashes asked for."""

    last_seq: int
    last_hash: str
    hashes: dict[int, str]


def verify_chain(conn: sqlite3.Connection, want: set[int] = frozenset()) -> Chain:  # type: ignore[assignment]
    """Re-hash every event in order; raise :class:`Damage` at the first one that does not check out.

    Reads each row once as raw bytes and never parses JSON: this is the check every open pays for (about 20 ms
    for 10,000 events, ``benchmarks/campaign_open.py``), so damage anywhere in the log is found at open.
    """
    prev = GENESIS.encode()
    expected = 1
    hashes: dict[int, str] = {}
    sha256 = hashlib.sha256  # the loop below is event_hash() inlined: it runs once per event at every open
    rows = conn.execute(
        "SELECT seq, CAST(kind AS BLOB), CAST(created_at AS BLOB), CAST(payload AS BLOB), "
        "CAST(prev_hash AS BLOB), CAST(hash AS BLOB), "
        "typeof(kind) || typeof(created_at) || typeof(payload) || typeof(prev_hash) || typeof(hash) "
        "FROM events ORDER BY seq"
    )
    for seq, kind, created, payload, stored_prev, stored, types in rows:
        if not isinstance(seq, int) or seq != expected:
            jump = isinstance(seq, int) and seq > expected
            raise Damage(f"event {expected} is missing (the log jumps to {seq})" if jump
                         else f"the log's numbering is broken after event {expected - 1}", expected)
        if None in (kind, created, payload, stored_prev, stored):
            raise Damage(f"event {seq} has an empty field", seq)
        if types != "texttexttexttexttext":  # a flipped serial-type byte turns text into a blob of the same bytes
            raise Damage(f"event {seq} has a field of the wrong type ({types})", seq)
        if stored_prev != prev:
            raise Damage(f"event {seq} does not follow event {seq - 1} (its link to the previous event is wrong: "
                         f"an event was changed, removed or inserted)", seq)
        computed = sha256(_EVENT % (prev, seq, kind, created, payload)).hexdigest().encode()
        if stored != computed:
            raise Damage(f"event {seq} was changed after it was written (its hash does not match its content)", seq)
        if seq in want:
            hashes[seq] = computed.decode()
        prev = computed
        expected += 1
    return Chain(expected - 1, prev.decode(), hashes)


def check_bound_state(tag: str, seq: object, state: object, bound: object, digest: object, chain: Chain) -> bytes:
    """Check one cached state row (snapshot or checkpoint) against the verified chain; returns its state bytes."""
    label = "the cached state (snapshot)" if tag == "snapshot" else "the verification checkpoint"
    if not isinstance(seq, int) or not all(isinstance(x, bytes) for x in (state, bound, digest)):
        raise Damage(f"{label} is malformed")
    if not 1 <= seq <= chain.last_seq:
        raise Damage(f"{label} refers to event {seq}, which is not in the log (last event: {chain.last_seq})", seq)
    if not _HEX.match(bound) or bound.decode() != chain.hashes.get(seq):
        raise Damage(f"{label} is not bound to event {seq} of this log (its event hash differs)", seq)
    if digest != state_digest(tag, seq, bound, state).encode():
        raise Damage(f"{label} was changed after it was written (its digest does not match its content)", seq)
    return state
