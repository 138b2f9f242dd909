"""The router's measure (:mod:`narrator.agent.evaluate`): the sets rewritten with NPC names as play gives them."""

from __future__ import annotations

import json

from narrator.agent.evaluate import LONG_NAMES, evaluate, with_long_names
from narrator.agent.router import RouterProposer


def test_a_set_is_rewritten_with_the_npcs_named_as_play_names_them(tmp_path):
    source = tmp_path / "src" / "brew_x_tools_eval.jsonl"
    source.parent.mkdir()
    source.write_text(json.dumps({"system": "brew", "input": "I punch the guard in the jaw", "combat": True,
                                  "expected": {"tool": "brew_attack_target", "defender": "Guard"}}) + "\n")
    out = tmp_path / "out"
    out.mkdir()
    [written] = with_long_names([source], out)
    row = json.loads(written.read_text())
    assert row["input"] == "I punch Bored City Guard in the jaw" and row["expected"]["defender"] == "Bored City Guard"
    assert {m["name"] for m in row["party"]} >= set(LONG_NAMES.values())
    assert evaluate([written], RouterProposer()).correct == 1
