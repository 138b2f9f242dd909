"""The narrator CLI: tools listing, one tool call, rolls, and exit status 2 with field-level messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from narrator.cli import main

DONE_WHEN = '{"trait":3,"skill":"fight","has_skill":true,"modifier":0}'


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_done_when_command_prints_exact_odds(capsys):
    code, out, _ = run(capsys, "tool", "minim_test", "--args", DONE_WHEN, "--seed", "1")
    assert code == 0
    result = json.loads(out)
    assert result["odds"]["exact"] == {"-2": "1/9", "-1": "1/9", "0": "13/36", "1": "1/6", "2": "1/4"}
    assert result["odds"]["p_success"] == pytest.approx(5 / 12)
    assert set(result) >= {"dice", "outcome", "success", "odds", "steps", "rule_refs"}


def test_same_seed_same_output(capsys):
    a = run(capsys, "tool", "minim_test", "--args", DONE_WHEN, "--seed", "5")[1]
    b = run(capsys, "tool", "minim_test", "--args", DONE_WHEN, "--seed", "5")[1]
    assert a == b


def test_explain_prints_steps_and_citations(capsys):
    code, out, _ = run(capsys, "tool", "minim_test", "--args", DONE_WHEN, "--seed", "1", "--explain")
    assert code == 0
    assert "Target = trait 3 +1 (has the fight skill) = 4" in out
    assert "Rules: minim.md#Tests" in out and "P(success) = 41.7%" in out


def test_bad_arguments_exit_2_with_every_field(capsys):
    code, out, err = run(capsys, "tool", "minim_test", "--args", '{"trait": 9, "skill": "dance", "x": 1}')
    assert code == 2 and out == ""
    assert "- trait:" in err and "- skill:" in err and "- x: unknown argument" in err


def test_unknown_tool_and_system_exit_2(capsys):
    assert run(capsys, "tool", "minim_tset")[0] == 2
    code, _, err = run(capsys, "tools", "--system", "gurps")
    assert code == 2 and "Known systems" in err


def test_tools_lists_and_exports_schemas(capsys):
    code, out, _ = run(capsys, "tools", "--system", "minim")
    assert code == 0 and "minim_test" in out and "has_skill" in out
    code, out, _ = run(capsys, "tools", "--json")
    schemas = json.loads(out)
    assert any(s["name"] == "minim_test" and "trait" in s["parameters"]["properties"] for s in schemas)


def test_args_from_file_and_stdin(capsys, tmp_path, monkeypatch):
    f = tmp_path / "args.json"
    f.write_text(DONE_WHEN)
    assert run(capsys, "tool", "minim_test", "--args", f"@{f}", "--seed", "1")[0] == 0
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(DONE_WHEN))
    assert run(capsys, "tool", "minim_test", "--args", "-", "--seed", "1")[0] == 0
    code, _, err = run(capsys, "tool", "minim_test", "--args", f"@{tmp_path / 'missing.json'}")
    assert code == 2 and "missing.json" in err


def test_roll(capsys):
    code, out, _ = run(capsys, "roll", "2d6+1", "--seed", "3", "--json")
    r = json.loads(out)
    assert code == 0 and r["total"] == sum(d["face"] for d in r["dice"]) + 1
    code, out, err = run(capsys, "roll", "2d")
    assert code == 2 and "position 3" in err


def test_seed_is_reported_when_not_given(capsys):
    code, _, err = run(capsys, "roll", "1d6")
    assert code == 0 and "seed:" in err


def test_console_script_is_installed():
    script = Path(sys.executable).parent / "narrator"
    proc = subprocess.run([str(script), "tool", "minim_test", "--args", DONE_WHEN, "--seed", "1"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["target"] == 4


# -- hostile input ends in a clear error, never a traceback ----------------------------------------------------------
@pytest.mark.parametrize("args, problem", [
    ("[" * 100_000, "nested deeper than 64 levels"),
    ('{"expression": ' + "1" * 5000 + "}", "longer than 100 digits"),
])
def test_bombs_in_args_exit_2_with_a_message(capsys, args, problem):
    code, out, err = run(capsys, "tool", "table_roll", "--args", args)
    assert code == 2 and out == "" and problem in err and "Traceback" not in err


def test_oversized_args_file_is_refused_without_reading_it_whole(capsys, tmp_path):
    f = tmp_path / "huge.json"
    f.write_text('{"expression": "' + "x" * 3_000_000 + '"}')
    code, _, err = run(capsys, "tool", "table_roll", "--args", f"@{f}")
    assert code == 2 and "longer than 100000 characters" in err


def test_a_closed_pipe_ends_quietly_with_141():
    """``narrator … | head`` exits 141 (128 + SIGPIPE, what a shell reports for any tool stopped by a closed
    pipe) with nothing on stderr, instead of "error: Broken pipe: None"."""
    script = Path(sys.executable).parent / "narrator"
    proc = subprocess.Popen([str(script), "tools", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.read(1) == b"["
    proc.stdout.close()  # the reader goes away, as `head -c1` would
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) == 141, err
    assert err == ""
