"""Rules systems as pip plugins: Coin, built and installed as its own package, is found through the
``narrator.systems`` entry point, passes ``narrator systems check``, plays a turn and replays — and a plugin that
fails to import is reported by name while the others still load.

The plugins are installed with ``pip install --target`` into a folder of the test's own, put on ``PYTHONPATH`` for
the ``narrator`` processes the test starts: entry points are found exactly as in a venv's site-packages, and the
test venv is left as it was (no uninstall to forget, no other test sees the plugin).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
COIN = ROOT / "tests" / "coin_system"
PLUGIN = ROOT / "tests" / "coin_plugin"
BROKEN = """
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "narrator-broken"
version = "0.0.1"

[project.entry-points."narrator.systems"]
broken = "narrator_broken:SYSTEM"

[project.entry-points."narrator.commands"]
clash = "narrator_clash:TABLE"

[tool.setuptools]
packages = ["narrator_broken", "narrator_clash"]
"""
CLASH = """from narrator.game.commands import CommandTable

TABLE = CommandTable()


@TABLE.command("help", "/help", "a second /help", "table")
def help_again(s, arg):
    pass
"""


def pip_install(source: Path, target: Path) -> None:
    # Built with this venv's setuptools (a test extra), so nothing is fetched.
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target",
                          str(target), str(source)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]


@pytest.fixture(scope="module")
def plugins(tmp_path_factory) -> Path:
    """Coin built from its own pyproject (the package: a copy of tests/coin_system), and a plugin that breaks."""
    work = tmp_path_factory.mktemp("plugins")
    coin = work / "coin"
    shutil.copytree(COIN, coin / "narrator_coin", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PLUGIN / "pyproject.toml", coin / "pyproject.toml")
    broken = work / "broken"
    (broken / "narrator_broken").mkdir(parents=True)
    (broken / "narrator_broken" / "__init__.py").write_text("raise ImportError('narrator_broken needs a module "
                                                            "that is not installed')\n")
    (broken / "narrator_clash").mkdir()
    (broken / "narrator_clash" / "__init__.py").write_text(CLASH)
    (broken / "pyproject.toml").write_text(BROKEN)
    site = work / "site"
    pip_install(coin, site)
    pip_install(broken, site)
    return site


def narrator(site: Path, home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "NARRATOR_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "narrator.cli", *args], capture_output=True, text=True, env=env,
                          cwd=home, timeout=600)


def test_the_installed_plugin_is_listed_with_its_version_and_a_broken_one_by_name(plugins, tmp_path):
    run = narrator(plugins, tmp_path, "systems", "--json")
    assert run.returncode == 1, run.stderr  # a plugin failed to load: said, and the exit status says so too
    report = json.loads(run.stdout)
    systems = {s["name"]: s for s in report["systems"]}
    assert {"minim", "mastery", "minisix", "fiveplus", "brew", "coin"} <= set(systems)
    assert systems["coin"]["distribution"] == "narrator-coin" and systems["coin"]["version"] == "0.1.0"
    assert systems["coin"]["found_by"] == "entry point" and systems["coin"]["target"] == "narrator_coin:SYSTEM"
    assert systems["coin"]["game_rules"] == "narrator_coin.game:RULES"  # through the narrator.game_rules hook
    assert systems["minim"]["found_by"] == "entry point" or systems["minim"]["found_by"] == "package scan"
    problem, clash = report["problems"]
    assert problem["name"] == "broken" and problem["distribution"] == "narrator-broken"
    assert problem["hook"] == "narrator.systems"
    assert clash["name"] == "clash" and clash["hook"] == "narrator.commands" and "/help is already" in clash["error"]
    assert "narrator_broken needs a module" in problem["error"]
    text = narrator(plugins, tmp_path, "systems").stdout
    assert "broken     NOT LOADED (narrator.systems; narrator-broken 0.0.1" in text and "coin" in text


def test_the_plugins_slash_command_joins_the_game(plugins, tmp_path):
    """Coin's command table comes through the narrator.commands hook beside the built-in ones; the clashing /help
    of the other plugin is refused and the game's own /help stays."""
    code = ("from narrator.game import command_set as c; "
            "print(c.COMMANDS['coinrules'].summary, '|', c.COMMANDS['help'].summary, '|', len(c.PROBLEMS))")
    env = {**os.environ, "PYTHONPATH": str(plugins)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    coin, helps, problems = (part.strip() for part in run.stdout.split("|"))
    assert coin == "Coin's rules in one line" and helps != "a second /help" and problems == "1"


def test_the_plugin_passes_the_contract_check(plugins, tmp_path):
    run = narrator(plugins, tmp_path, "systems", "check", "coin")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "coin: 9 of 9 checks pass" in run.stdout


def test_the_plugin_plays_a_turn_and_replays(plugins, tmp_path):
    assert narrator(plugins, tmp_path, "campaign", "new", "Flip", "--system", "coin", "--seed", "4").returncode == 0
    made = narrator(plugins, tmp_path, "character", "random", "-c", "Flip", "Tess")
    assert made.returncode == 0, made.stderr
    turn = narrator(plugins, tmp_path, "turn", "-c", "Flip", "--no-narration", "--no-memory", "--json",
                    "I try my luck")
    assert turn.returncode == 0, turn.stderr
    assert "coin_check" in turn.stdout
    replay = narrator(plugins, tmp_path, "replay", "Flip")
    assert replay.returncode == 0, replay.stdout + replay.stderr


def test_a_check_that_fails_is_named(plugins, tmp_path):
    """``systems check`` on a system whose contract is broken says which check failed (an unknown name is a user
    error listing the installed ones)."""
    run = narrator(plugins, tmp_path, "systems", "check", "broken")
    assert run.returncode == 2 and "Unknown system 'broken'" in run.stderr and "coin" in run.stderr
