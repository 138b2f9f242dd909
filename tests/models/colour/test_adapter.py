"""The colour adapter as shipped (:mod:`models.colour`): made for the embedded SmolLM2 and the training lines as they
are, checked before llama.cpp loads it, and switched on only for the colour line — the same model without it
answers every other call exactly as before."""

from __future__ import annotations

import json
import shutil

import pytest

from narrator.models.base import BackendError, GenerationSettings
from narrator.models.colour.adapter import ADAPTER, _checked, adapter_for, record
from narrator.models.colour.data import ColourDataError, data_fingerprint, load_lines, training_files
from narrator.models.embedded import embedded_model_path
from narrator.models.llama import LlamaCppBackend
from narrator.models.colour.prompt import adapter_prompt


def test_the_shipped_adapter_was_trained_on_the_lines_as_they_are():
    meta = record()
    assert meta is not None and ADAPTER.is_file()
    assert meta["fingerprint"] == data_fingerprint(load_lines()), \
        "retrain: python -m narrator.models.colour.train (see its docstring)"
    assert meta["lines"] + meta["dev_lines"] == len(load_lines()) and len(training_files()) >= 6
    assert meta["best_dev_loss"] < meta["history"][0]["dev_loss"]  # it learnt something the base model did not know


def test_the_adapter_is_for_the_embedded_smollm2_only():
    smollm = embedded_model_path("smollm2")
    assert adapter_for(smollm) == ADAPTER
    assert adapter_for(ADAPTER) is None  # another file (here the adapter itself) gets none
    assert adapter_for(smollm.parent / "missing.gguf") is None


def test_a_damaged_adapter_is_an_install_problem_said_plainly(tmp_path):
    broken = tmp_path / "adapter.gguf"
    data = bytearray(ADAPTER.read_bytes())
    data[len(data) // 2] ^= 0xFF
    broken.write_bytes(bytes(data))
    shutil.copy(ADAPTER.with_suffix(".json"), tmp_path / "adapter.json")
    smollm = embedded_model_path("smollm2")
    with pytest.raises(BackendError, match="does not match its record"):
        _checked(smollm.resolve(), smollm.stat().st_size, broken)
    (tmp_path / "adapter.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BackendError, match="record cannot be read"):
        record(broken)


def test_a_bad_training_line_is_named(tmp_path):
    bad = tmp_path / "colour_training_x.jsonl"
    bad.write_text(json.dumps({"scene": "A cave.", "happened": "You wait."}) + "\n", encoding="utf-8")
    with pytest.raises(ColourDataError, match="colour_training_x.jsonl:1: needs scene, happened, next"):
        load_lines([bad])


@pytest.mark.slow
def test_llama_cpp_uses_the_adapter_only_when_asked():
    smollm = embedded_model_path("smollm2")
    prompt = adapter_prompt("A smoky tavern by the harbour.", "You ask the barkeep about the missing ship.")
    settings = GenerationSettings(max_tokens=24, temperature=0.0, seed=0, stop=("\n",))
    plain = LlamaCppBackend(smollm, n_ctx=512, n_threads=2)
    try:
        alone = "".join(plain.stream_text(prompt, settings))
    finally:
        plain.close()
    adapted = LlamaCppBackend(smollm, n_ctx=512, n_threads=2, lora_path=adapter_for(smollm))
    try:
        before = "".join(adapted.stream_text(prompt, settings))
        coloured = "".join(adapted.stream_text(prompt, settings, adapter=True))
        after = "".join(adapted.stream_text(prompt, settings))
    finally:
        adapted.close()
    assert before == after == alone  # off: the model as it was, the cached prefix dropped at each switch
    assert coloured.strip() and coloured != alone


def test_the_training_lines_pass_the_colour_lines_sense_check():
    """They were filtered by it before training; the rule against bringing in someone new ("a man breathes slow")
    came after, and 12 of the 2,086 lines (0.6%) break it: left in, not worth a retraining. The rule against a
    place the scene does not have came later still (stop 42): 58 lines (2.8%) break it, written by people and
    mostly fine ("the river far below" a rope bridge) — its false alarms, measured here (docs/narration.md)."""
    from narrator.agent.evidence import Evidence
    from narrator.narration.gate import GateContext, check_sense

    failed = []
    for row in load_lines():
        verdict = check_sense(row["next"], Evidence.none(actor="You"),
                              GateContext(kind="colour", scene=row["scene"], lead=row["happened"]))
        if not verdict.passed:
            failed.append(verdict.why)
    assert sum(why.startswith("brings in") for why in failed) == 12
    assert sum(why.startswith("is somewhere else") for why in failed) == 58 and len(failed) == 70, failed
