"""What ``pip install narrator`` puts in site-packages: one top-level package, ``narrator``, with the repository's
top-level folders (tools, models, memory, prompts) installed as its subpackages, and every data file they need.

Why: top-level packages named ``tools`` or ``models`` collide with other projects' packages in the same
environment. The repository keeps the design card's folders; ``pyproject.toml`` maps them under ``narrator.``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {"narrator": "narrator", "tools": "narrator.tools", "models": "narrator.models", "memory": "narrator.memory",
           "prompts": "narrator.prompts"}


def test_every_folder_is_a_listed_package():
    """A folder holding files that the package list forgets would be left out of the install."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    assert config["package-dir"] == {name: folder for folder, name in FOLDERS.items()}
    wanted = set()
    for folder, name in FOLDERS.items():
        for path in [ROOT / folder, *(ROOT / folder).rglob("*")]:
            if path.is_dir() and "__pycache__" not in path.parts and any(f.is_file() for f in path.iterdir()):
                wanted.add(".".join([name, *path.relative_to(ROOT / folder).parts]))
    assert wanted - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - wanted == set(), "these are listed but hold no files"


def test_the_wheel_installs_only_narrator(tmp_path):
    source = tmp_path / "source"  # a copy: setuptools writes build/ and *.egg-info beside the sources it builds
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir",
                          str(tmp_path), str(source)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    [wheel] = tmp_path.glob("narrator-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {n.split("/")[0] for n in names} == {"narrator", next(n.split("/")[0] for n in names if ".dist-info/" in n)}
    for needed in ("narrator/tools/systems/minim/__init__.py", "narrator/memory/campaign.py",
                   "narrator/models/claims/reader.npz", "narrator/prompts/minim/examples/router.jsonl",
                   "narrator/prompts/common/narration/floor.json", "narrator/cli.py"):
        assert needed in names, needed
    entry_points = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "minim = narrator.tools.systems.minim:SYSTEM" in entry_points


def test_each_package_says_what_a_plugin_may_import():
    """Every name in a package's ``__all__`` is there, and Coin — the worked example of a plugin — imports nothing
    from the engine that the engine's ``__all__`` does not offer."""
    import ast
    import importlib
    import importlib.util

    for package in ("narrator.tools", "narrator.models", "narrator.memory", "narrator.prompts"):
        module = importlib.import_module(package)
        assert module.__all__, package
        for name in module.__all__:
            assert hasattr(module, name) or importlib.util.find_spec(f"{package}.{name}"), f"{package}.{name}"
    from narrator import tools

    for path in (ROOT / "tests" / "coin_system").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("narrator.tools."):
                assert node.module.split(".")[2] in tools.__all__, f"{path.name} imports {node.module}"


def test_the_built_ins_fallbacks_match_the_entry_points():
    """What pyproject.toml registers under each hook is what the code loads when no entry point is found: the
    engine's system packages, the game's adapters of the same names, the game's command tables."""
    from narrator.game.command_set import BUILT_IN
    from narrator.game.rules import _built_in

    groups = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    systems = sorted(p.name for p in (ROOT / "tools" / "systems").iterdir() if (p / "__init__.py").is_file())
    assert sorted(groups["narrator.systems"]) == systems
    assert groups["narrator.systems"] == {n: f"narrator.tools.systems.{n}:SYSTEM" for n in systems}
    assert groups["narrator.game_rules"] == dict(_built_in())
    assert groups["narrator.commands"] == dict(BUILT_IN)
