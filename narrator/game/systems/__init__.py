"""Game adapters, one module per rules system; importing a module registers its rules, scenes and encounters.

Discovered rather than listed, like :mod:`tools.systems`: supporting the next system in the game is adding a
module here (``register_rules``, ``register_scene``, ``register_encounters``), nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache


@lru_cache(maxsize=1)
def discover() -> tuple[str, ...]:
    names = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        importlib.import_module(f"{__name__}.{info.name}")
        names.append(info.name)
    return tuple(names)
