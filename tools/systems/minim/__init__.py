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
    character_tool = "minim_add_character"
    random_character_tool = "minim_add_random_character"
    npc_tool = "minim_add_npc"

    def proposals(self) -> list:
        from tools.systems.minim.proposals import SPECS

        return list(SPECS)

    def router_examples(self) -> list[tuple[str, str]]:
        from tools.systems.minim.proposals import router_examples

        return router_examples()

    def sheet_problems(self, sheet: dict, creation: bool = False) -> list[str]:
        from pydantic import ValidationError

        from tools.systems.minim.sheet import MinimCharacter, violations

        try:
            character = MinimCharacter.model_validate(sheet)
        except ValidationError as e:
            return [f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors(include_url=False)]
        return violations(character, creation=creation)

    def sheet_text(self, sheet: dict) -> str:
        from tools.systems.minim.sheet_view import sheet_text

        return sheet_text(sheet)

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
