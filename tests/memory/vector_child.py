"""Child process for the vector-memory tests (run as a script, not collected by pytest).

Each mode prints JSON (or, for ``turns``, one memory id per line) so the parent can check what a *fresh* process
sees: that the embedding function comes back from chromadb's registry, that a campaign's memory reopens, and
that a process killed mid-write loses nothing the log has.

* ``raw-write PATH`` / ``raw-read PATH``: a bare collection with the narrator's embedding function; the reader
  passes no embedding function (chromadb must rebuild it from its registry) and chromadb's default function is
  made to fail if anything calls it.
* ``session ROOT NAME URL`` : play the seeded session of ``sessions.py`` with memory (URL may be ``-``).
* ``query ROOT NAME URL QUESTION...``: open the campaign and its memory, print the top ids per question.
* ``dump ROOT NAME URL``: print every memory record.
* ``turns ROOT NAME URL``: record turns as fast as possible, printing each turn's memory id once remembered.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _emit(obj: object) -> None:
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def _forbid_default_embedding() -> None:
    from chromadb.api.types import DefaultEmbeddingFunction

    def refuse(self, input):  # noqa: ANN001 - chromadb's signature
        raise AssertionError("chromadb's default (downloading) embedding function was called")

    DefaultEmbeddingFunction.__call__ = refuse  # type: ignore[method-assign]


def raw(mode: str, path: str) -> None:
    _forbid_default_embedding()
    import narrator.memory.chroma  # noqa: F401 - registers the embedding function, nothing else
    from narrator import memory
    from narrator.memory.chroma import NarratorEmbedding, open_client

    client = open_client(Path(path))
    if mode == "raw-write":
        col = client.create_collection("notes", embedding_function=NarratorEmbedding(),
                                       configuration={"hnsw": {"space": "cosine"}})
        col.add(ids=["key", "duke", "rats"], documents=["The brass key is hidden under the cellar floorboard.",
                                                         "We swore to the duke to bring his daughter home.",
                                                         "Giant rats nest among the barrels."])
        _emit({"count": col.count()})
    else:
        col = client.get_collection("notes")  # no embedding function given: only the registry can supply it
        ef = col.configuration.get("embedding_function")
        found = col.query(query_texts=["where is the key"], n_results=3)
        _emit({"ef": type(ef).__name__, "config": ef.get_config(), "ids": found["ids"][0]})


def _open(root: str, name: str, url: str):
    from narrator.memory.campaign import Campaign
    from narrator.memory.vector import CampaignMemory

    campaign = Campaign.open(name, root=root)
    return campaign, CampaignMemory.for_campaign(campaign, None if url == "-" else url)


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode.startswith("raw-"):
        raw(mode, argv[1])
        return
    _forbid_default_embedding()
    root, name, url = argv[1:4]
    if mode == "session":
        import sessions

        sessions.play_session(root, name, None if url == "-" else url)
        _emit({"ok": True})
        return
    campaign, memory = _open(root, name, url)
    if mode == "query":
        _emit({q: [m.id for m in memory.recall(campaign, q, None, 5)] for q in argv[4:]})
    elif mode == "dump":
        _emit({k: {i: [d, m] for i, (d, m) in v.items()} for k, v in memory.dump().items()})
    elif mode == "turns":
        _emit("ready")
        i = 0
        while True:
            seq = campaign.say("player", f"I search room {i} for the hidden key", actor="Aria")
            campaign.call("table_set_scene", {"text": f"Room {i} of the old lighthouse"})
            campaign.say("narration", f"Room {i} holds dust, rope and a promise scratched on the wall.", guard={},
                         proposal=None)
            memory.remember_turn(campaign)
            _emit(f"turn-{seq}")
            i += 1


if __name__ == "__main__":
    main(sys.argv[1:])
