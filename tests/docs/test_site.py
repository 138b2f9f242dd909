"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a missing page or an anchor that is
not there fails), and its generated pages hold what the code holds."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    return out


def page(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_every_command_is_in_the_cli_reference(site):
    from narrator.cli import build_parser

    html = page(site, "reference/cli")
    parser = build_parser()
    subs = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, sub in subs.choices.items():
        assert f"narrator {name}" in html, name
        for action in sub._actions:
            for flag in action.option_strings:
                if flag not in ("-h", "--help"):
                    assert flag in html, (name, flag)


def test_every_slash_command_is_on_the_playing_page(site):
    from narrator.game import command_set  # noqa: F401 - registers the commands
    from narrator.game.commands import COMMANDS

    html = page(site, "playing")
    for cmd in COMMANDS.values():
        assert f"/{cmd.name}" in html, cmd.name


@pytest.mark.parametrize("slug,code", [("minim", "minim"), ("mastery", "mastery"), ("mini-six", "minisix"),
                                       ("five-plus", "fiveplus"), ("brew", "brew")])
def test_each_system_page_lists_its_tools_and_options(site, slug, code):
    from narrator.tools.systems import get_system

    system = get_system(code)
    html = page(site, f"systems/{slug}")
    for tool in system.tools():
        assert tool.name in html, tool.name
    options = system.campaign_options()
    for field in (options.model_fields if options else {}):
        assert field in html, field
    assert "<!-- generated" not in html


def test_no_marker_is_left_unreplaced(site):
    for path in site.rglob("*.html"):
        assert "generated: " not in path.read_text(encoding="utf-8"), path


def test_readme_is_a_landing_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200
    assert (ROOT / "docs" / "assets" / "session.svg").is_file()
    assert "docs/assets/session.svg" in readme
    for target in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / target).exists(), target


def test_the_session_picture_is_drawn_from_a_real_session(tmp_path):
    """The script behind the README's picture plays the real game with the embedded model and draws what it shows."""
    out = tmp_path / "session.svg"
    run = subprocess.run([sys.executable, str(ROOT / "docs" / "session_picture.py"), "--out", str(out)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg")
    for word in ("Picture", "Aria", "minim_check", "sneak"):
        assert word in svg, word
