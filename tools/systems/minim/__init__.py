"""Minim (``minim.md``): a 2d6 partial-result system with three traits and fifteen skills.

Every module in this package that defines :class:`tools.registry.Tool` objects contributes them to the system;
nothing here lists them, so adding a mechanic is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from tools.registry import Tool


class _Minim:
    name = "minim"
    title = "Minim"
    rulebook = "minim.md"

    @lru_cache(maxsize=1)
    def tools(self) -> list[Tool]:
        found: dict[str, Tool] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            for value in vars(module).values():
                if isinstance(value, Tool) and value.system == self.name:
                    found[value.name] = value
        return [found[k] for k in sorted(found)]


SYSTEM = _Minim()
