"""``narrator eval guard`` without a file: the claims sets judged on real turns, per label family (issue 26)."""

from __future__ import annotations

import json

from narrator.agent.claims_guard_eval import TURNS, evaluate_claims_guard, turns_for
from narrator.agent.claims_reader import NOTHING
from narrator.agent.guard import engine_outcomes
from narrator.cli import main


def test_the_five_turns_are_what_they_say():
    turns = turns_for("minisix")
    assert tuple(turns) == TURNS
    polarity = {name: [o.polarity for o in engine_outcomes(e)] for name, e in turns.items()}
    assert polarity == {"quiet": [], "failure": [-1], "success": [1], "miss": [-1], "hit": [1]}
    assert "harmed" in turns["hit"].kinds() and not turns["miss"].kinds() & {"harmed", "downed"}


def rows_file(tmp_path):
    rows = [{"system": "minim", "sentence": "Rain drums on the roof of the mill.", **NOTHING, "implicit": False},
            {"system": "minim", "sentence": "You haul yourself over the wall and drop down on the far side.",
             **NOTHING, "outcome": "success", "implicit": True}]
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_each_sentence_is_judged_on_each_turn_and_counted_once_per_family(tmp_path):
    report = evaluate_claims_guard([rows_file(tmp_path)]).as_dict()
    assert report["judged"] == 10  # two sentences, five turns
    # the success contradicts the failed check and the missed attack, nothing else
    assert report["contradictions"] == 2 and report["families"]["outcome"]["n"] == 2
    assert report["fiction"] == 5 and report["honest"] == 8
    assert set(report["systems"]) == {"minim"}


def test_the_command_reports_per_family(tmp_path, monkeypatch, capsys):
    import narrator.agent.claims_eval as claims_eval

    path = rows_file(tmp_path)
    monkeypatch.setattr(claims_eval, "claim_sets", lambda dev=False, data_dir=None: [path])
    assert main(["eval", "guard", "--dev", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["set"] == "development set" and "outcome" in report["families"]
    assert main(["eval", "guard", "--mistakes", "3"]) == 0
    out = capsys.readouterr().out
    assert "contradicting claims kept" in out and "outcome" in out and "minim" in out


def test_a_partial_result_in_outcome_words_contradicts_a_plain_outcome_but_not_as_story():
    from narrator.agent.claims_guard_eval import contradicting_families
    from narrator.agent.guard import Judge

    turns = turns_for("minim")
    said = {**NOTHING, "system": "minim", "sentence": "Partial success: you find the trapdoor, but it is barred.",
            "outcome": "partial", "implicit": False}
    told = {**said, "sentence": "The lock gives, but your pick snaps off inside it.", "implicit": True}
    judged = {name: (contradicting_families(said, Judge(e).claims), contradicting_families(told, Judge(e).claims))
              for name, e in turns.items()}
    # in outcome words: wrong on every turn whose outcome was plain, and on the turn where nothing was rolled
    assert all(words == ["outcome"] for words, _ in judged.values())
    # told as story, a success with a cost or a failure with a silver lining: it contradicts no turn
    assert all(story == [] for _, story in judged.values())
