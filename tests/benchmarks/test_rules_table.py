"""The README's table of every rules tool is made from bench runs by ``benchmarks/rules_table.py``."""

import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "rules_table.py"


def load():
    spec = importlib.util.spec_from_file_location("rules_table", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*rows):
    return {"tools": [{"tool": t, "us_per_call": us, "ratio": r} for t, us, r in rows]}


def test_medians_over_runs_ordered_by_ratio_then_time(tmp_path):
    rt = load()
    runs = [run(("a", 10, 2.0), ("b", 30, 3.5), ("c", 50, None), ("d", 5, None)),
            run(("a", 12, 2.2), ("b", 34, 3.1), ("c", 40, None), ("d", 6, None)),
            run(("a", 11, 2.9), ("b", 20, 3.3), ("c", 45, None), ("d", 7, None))]
    path = tmp_path / "runs.json"
    path.write_text(json.dumps({"now": runs}))
    rows = rt.medians(rt.runs_of(f"{path}:now"))
    assert rows == [("b", 30, 3.3), ("a", 11, 2.2), ("c", 45, None), ("d", 6, None)]
    table = rt.table(rows).splitlines()
    assert table[2] == "| `b` | 30 | 3.30× | `a` | 11 | 2.20× | `c` | 45 | — |"
    assert table[3].startswith("| `d` | 6 | — |") and table[3].count("|") == table[2].count("|")


def test_a_row_with_an_error_is_left_out(tmp_path):
    rt = load()
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"rules": {"tools": [{"tool": "x", "error": "boom"},
                                                    {"tool": "y", "us_per_call": 3, "ratio": 1.5}]}}))
    assert rt.medians(rt.runs_of(str(path))) == [("y", 3, 1.5)]
