"""No import circles, and the floors hold: narrator → memory → models → tools, nothing below imports above.

Why a test: a circle makes two modules one (neither can change, load or be tested without the other), and a
floor crossed upwards lets the engine depend on the game. Both crept in before, through imports that looked
harmless — a function-level import to dodge the circle at load time, a ``TYPE_CHECKING`` import for an
annotation — so every import counts here, wherever it stands in the file: the graph is read from the source
(:mod:`ast`), nothing is imported.

A module imports another when it names it, or a name inside it, in an ``import`` or ``from ... import`` (relative
imports resolved); importing a package's submodule is an edge to that submodule only.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("narrator", "memory", "models", "tools")
"""Top floor first: a package may import its own floor and those after it."""
FOLDERS = {"narrator": "narrator", "memory": "narrator.memory", "models": "narrator.models", "tools": "narrator.tools"}
"""Each floor's folder in the repository and the name it is installed under (one namespace, ``narrator``)."""


def floor_of(module: str) -> int:
    """The floor a module stands on: the longest installed name it starts with (``narrator.tools.dice``: tools)."""
    for folder in sorted(FOLDERS, key=lambda f: -len(FOLDERS[f])):
        name = FOLDERS[folder]
        if module == name or module.startswith(name + "."):
            return FLOORS.index(folder)
    raise ValueError(module)

NOT_YET_CUT: dict[tuple[str, str], str] = {
}
"""Edges known to close a circle or cross a floor, each left out of the check until it is cut; an edge that is
gone needs no entry (the test passes either way), so this list only shrinks. Nothing else may be added."""


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for floor in FLOORS:
        for path in sorted((ROOT / floor).rglob("*.py")):
            parts = list(path.relative_to(ROOT / floor).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join([FOLDERS[floor], *parts])] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of the four floors → the modules of the four floors it imports (anywhere in the file)."""
    found = modules()

    def known(name: str) -> str | None:
        if name.split(".")[:2] == ["narrator", "prompts"]:
            return None  # prompt files and their names, a data package any floor may read
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets.update(known(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, *([base] if base else [])])
                targets.update(known(f"{base}.{alias.name}") for alias in node.names)
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def checked_graph() -> dict[str, set[str]]:
    graph = import_graph()
    for (importer, imported) in NOT_YET_CUT:
        graph.get(importer, set()).discard(imported)
    return graph


def test_no_import_circles():
    graph = checked_graph()
    found = circles(graph)
    described = ["; ".join(f"{m} -> {sorted(graph[m] & set(c))}" for m in c) for c in found]
    assert not found, "import circles:\n" + "\n".join(described)


def test_the_floors_hold():
    crossed = [f"{m} -> {t}" for m, targets in checked_graph().items() for t in sorted(targets)
               if floor_of(t) < floor_of(m)]
    assert not crossed, "imports from a floor above:\n" + "\n".join(crossed)


def test_the_check_sees_a_circle_and_a_crossed_floor():
    """The checks are not vacuous: the game's session and wizard (a circle until issue 30) would be caught."""
    graph = {"narrator.game.session": {"narrator.game.wizard"}, "narrator.game.wizard": {"narrator.game.session"},
             "narrator.tools.a": set()}
    assert circles(graph) == [["narrator.game.session", "narrator.game.wizard"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    real = import_graph()
    assert "narrator.game.wizard" in real["narrator.game.session"]  # the session imports its wizards ...
    assert "narrator.game.session" not in real["narrator.game.wizard"]  # ... which never import it back
    assert "narrator.tools.table" in real["narrator.tools.tool"] and "narrator.memory.campaign" in real["narrator.game.session"]
