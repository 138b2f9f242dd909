"""Shared code names no rules system: a system's name appears only in its own package, its game adapter, its
prompts and its tests — or in a docstring or comment as an example.

Why a test: a shared file that branches on ``state.system == "minim"`` makes every other system quietly wrong.
This walks every Python source outside the systems' own files and looks at names and string literals (not
docstrings, not comments) for any registered system's name.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from narrator.tools.systems import all_systems

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("tools", "narrator", "memory", "models", "prompts")


def _own(path: Path, names: list[str]) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    for n in names:
        if rel.startswith(f"tools/systems/{n}/") or rel.startswith(f"prompts/{n}/"):
            return True
        if re.match(rf"narrator/game/systems/{n}(_\w+)?\.py$", rel):
            return True
    return False


def _docstring_lines(source: str) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, body[0].end_lineno + 1))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            lines.update(range(node.lineno, node.end_lineno + 1))  # attribute docstrings ("""...""" after a name)
    return lines


def offenders() -> list[str]:
    # the test-only system's name ("coin") is an everyday word; only systems shipped in the package are checked
    names = [s.name for s in all_systems() if not type(s).__module__.startswith("tests.")]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")(?=\b|_)", re.IGNORECASE)
    found = []
    for top in SHARED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if _own(path, names):
                continue
            source = path.read_text(encoding="utf-8")
            docs = _docstring_lines(source)
            for tok in tokenize.generate_tokens(io.StringIO(source).readline):
                if tok.type in (tokenize.NAME, tokenize.STRING) and tok.start[0] not in docs \
                        and pattern.search(tok.string):
                    found.append(f"{path.relative_to(ROOT)}:{tok.start[0]}: {tok.string[:60]}")
    return found


def test_no_shared_source_names_a_system():
    assert offenders() == []


def test_the_check_finds_a_planted_name(tmp_path, monkeypatch):
    """The walker is not blind: a shared-looking file that compares with a system name is caught."""
    planted = ROOT / "narrator" / "_planted_for_test.py"
    planted.write_text('"""A docstring may say minim."""\nSYSTEM_CHECK = "minim"  # a comment may say minim too\n',
                       encoding="utf-8")
    try:
        assert any("_planted_for_test.py:2" in line for line in offenders())
        assert not any("_planted_for_test.py:1" in line for line in offenders())
    finally:
        planted.unlink()
