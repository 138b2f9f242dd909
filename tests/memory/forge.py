"""What a forger who knows the hash scheme does after editing a campaign file: recompute the whole chain.

Shared by the tests (imported by module name, not collected by pytest). Resealed files pass the hash checks by
construction, which is how the tests reach the checks behind them: the fold at open, the full fold and the replay.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from narrator.memory.integrity import GENESIS, event_hash, state_digest


def reseal(db: Path, checkpoint_from_snapshot: bool = False) -> None:
    """Recompute every event hash, then re-bind the snapshot and the checkpoint to the new chain.

    With ``checkpoint_from_snapshot`` the checkpoint also takes the snapshot's state, as a forger who edited the
    snapshot would do to get past the fold at open.
    """
    conn = sqlite3.connect(db)
    try:
        prev, hashes = GENESIS, {}
        rows = conn.execute("SELECT seq, kind, created_at, payload FROM events ORDER BY seq").fetchall()
        for seq, kind, created, payload in rows:
            h = event_hash(prev, seq, kind, created, payload)
            conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, h, seq))
            hashes[seq], prev = h, h
        seq, state = conn.execute("SELECT seq, state FROM snapshot").fetchone()
        conn.execute("UPDATE snapshot SET event_hash = ?, digest = ?",
                     (hashes[seq], state_digest("snapshot", seq, hashes[seq], state)))
        point = conn.execute("SELECT seq, state FROM checkpoint").fetchone()
        if point is not None:
            cp_seq, cp_state = (seq, state) if checkpoint_from_snapshot else point
            digest = state_digest("checkpoint", cp_seq, hashes[cp_seq], cp_state)
            conn.execute("UPDATE checkpoint SET seq = ?, state = ?, event_hash = ?, digest = ?",
                         (cp_seq, cp_state, hashes[cp_seq], digest))
        conn.commit()
    finally:
        conn.close()
