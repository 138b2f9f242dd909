"""Old campaigns still verify and replay after 5+'s improvement and damage lines and a Bloodbath exchange's text
became steps (issue 30): a result logged before holds those fields in words under their old names (``lines``,
``text``); the replay writes steps under the new ones (``steps``, ``line``). The same words are the same result,
other words with the same numbers are reworded, another number is a divergence — and the old result still loads.

``logged_before_steps.jsonl`` holds results as the tree before the change wrote them (``result_fingerprint.py dump
--words``: summary, steps and those fields in words), with the tool, arguments and seed that made them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.memory.campaign import Campaign
from narrator.memory.export import export_markdown
from narrator.memory.replay_data import as_data, in_words_as, under_new_names
from narrator.memory.store import DB_FILE, canonical
from narrator.tools.dice import Roller
from narrator.tools.phrases import said, say
from narrator.tools.registry import default_registry
from tests.memory.test_campaign import _tamper

REGISTRY = default_registry()
LOGGED = {row["tool"]: row for row in map(json.loads, (Path(__file__).parent / "logged_before_steps.jsonl")
                                          .read_text("utf-8").splitlines())}


@pytest.mark.parametrize("tool", sorted(LOGGED))
def test_a_result_logged_before_is_the_same_result_as_its_replay(tool):
    row = LOGGED[tool]
    made = REGISTRY.call(tool, row["args"], Roller(row["seed"])).model_dump(mode="json")
    logged = under_new_names(row["result"], made)
    assert "lines" not in json.dumps(logged) and '"text"' not in json.dumps(logged)  # read under the new names
    assert canonical(in_words_as(made, logged)) == canonical(logged)  # the same words: the same result
    reworded = json.loads(json.dumps(logged).replace(" wound", " injury").replace("attacks", "strikes at")
                          .replace("the descriptor", "it"))
    assert reworded != logged and as_data(reworded, made) == as_data(made, reworded)
    renumbered = json.loads(json.dumps(logged).replace("level 6", "level 9").replace("raw successes, 4", "raw "
                            "successes, 5").replace("level 4 + tier 1 = 5", "level 4 + tier 1 = 6"))
    assert as_data(renumbered, made) != as_data(made, renumbered)


def test_a_field_named_text_that_is_data_keeps_its_name():
    """``text`` is renamed only where the replay writes ``line`` instead: a scene's text stays a scene's text."""
    scene = {"op": "set_scene", "text": "The gate: shut."}
    assert under_new_names(scene, scene) == scene
    assert under_new_names({"lines": ["a b"]}, {"lines": ["a b"]}) == {"lines": ["a b"]}


def test_an_old_result_loads_into_the_result_it_now_is():
    """An export or the game reads a logged result back into its model: the old words load under the new names."""
    def load(tool):
        return REGISTRY.get(tool).result_model.model_validate(LOGGED[tool]["result"])

    logged = {tool: LOGGED[tool]["result"] for tool in LOGGED}
    assert load("fiveplus_check").improvement.steps == logged["fiveplus_check"]["improvement"]["lines"]
    assert load("fiveplus_resistance_damage").outcome.steps == logged["fiveplus_resistance_damage"]["outcome"]["lines"]
    assert [e.line for e in load("mastery_bloodbath").exchanges] == [
        e["text"] for e in logged["mastery_bloodbath"]["exchanges"]]


def _as_logged_before(result: dict) -> dict:
    """A result in the form a narrator logged before results were data: summary, steps and the renamed fields in
    words under their old names (the form ``logged_before_steps.jsonl`` shows)."""
    def old(value, key=None):
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if k in ("summary", "steps") and key is None:
                    out[k] = say(v) if k == "summary" else said(v)
                elif k == "steps":
                    out["lines"] = said(v)
                elif k == "line" and key == "exchanges":
                    out["text"] = say(v)
                else:
                    out[k] = old(v, k)
            return out
        if isinstance(value, list):
            return [old(v, key) for v in value]
        return value
    return old(result)


def test_a_campaign_logged_before_still_verifies_and_replays(tmp_path):
    root = tmp_path / "campaigns"
    seqs = {}
    with Campaign.new("before", "fiveplus", seed=7, root=root) as c:
        c.call("fiveplus_resistance_damage", LOGGED["fiveplus_resistance_damage"]["args"])
        seqs["damage"] = c.store.last_seq()
    with Campaign.new("fight", "mastery", seed=7, root=root) as c:
        c.call("mastery_bloodbath", LOGGED["mastery_bloodbath"]["args"])
        seqs["fight"] = c.store.last_seq()
    for name, seq in (("before", seqs["damage"]), ("fight", seqs["fight"])):
        db = root / name / DB_FILE
        _tamper(db, seq, lambda p: p.update(result=_as_logged_before(p["result"])))
        with Campaign.open(name, root=root) as c:
            logged = next(e.payload["result"] for e in c.events() if e.seq == seq)
            assert "lines" in json.dumps(logged) or '"text"' in json.dumps(logged)
            report = c.verify()
            assert report.ok and report.replay.reworded == 0  # the same words: the same result
            assert export_markdown(c)  # the old result loads and renders
    db = root / "before" / DB_FILE
    _tamper(db, seqs["damage"], lambda p: p["result"]["outcome"].update(
        lines=[line.replace("a minor wound", "a light wound") for line in p["result"]["outcome"]["lines"]]))
    with Campaign.open("before", root=root) as c:
        report = c.replay()
    assert report.ok and report.reworded == 1 and report.first_reworded.field.startswith("result.outcome.steps")
    _tamper(db, seqs["damage"], lambda p: p["result"]["outcome"].update(
        lines=[line.replace("by 1", "by 2") for line in p["result"]["outcome"]["lines"]]))
    with Campaign.open("before", root=root) as c:
        report = c.replay()
    assert not report.ok and report.divergence.field == "result.outcome.steps"
    assert "by 2" in " ".join(report.divergence.logged)
