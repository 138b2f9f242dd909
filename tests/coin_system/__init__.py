"""Coin: a rules system that lives only in the tests, to prove the system contract before the real systems.

One pure tool (``coin_flip``), a sheet (name, luck, health), characters, random characters and NPCs, one table
check, a prompt file and a rulebook — and nothing outside this folder. The conformance test runs it beside the
real systems; a game test plays a turn of it through the prompt_toolkit app. If adding it ever needs an edit in
shared code, the contract has a hole.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tools.systems.contract import Resource, SystemBase, Vocabulary

HERE = Path(__file__).parent


class Coin(SystemBase):
    name = "coin"
    title = "Coin"
    rulebook = "coin.md"
    rulebook_dir = HERE
    order = 900
    character_tool = "coin_add_character"
    random_character_tool = "coin_add_random_character"
    npc_tool = "coin_add_npc"
    game_adapter = "tests.coin_system.game:RULES"

    @property
    def prompts_dir(self) -> Path:
        return HERE / "prompts"

    def proposals(self) -> list:
        from tests.coin_system.tools import SPECS

        return list(SPECS)

    def router_examples(self) -> list[tuple[str, str]]:
        return [("I flip a coin to see if it works", "coin_check")]

    def sheet_problems(self, sheet: dict, creation: bool = False) -> list[str]:
        from tests.coin_system.tools import problems

        return problems(sheet)

    def sheet_text(self, sheet: dict) -> str:
        return f"{sheet.get('name')}: luck {sheet.get('luck')}, health {sheet.get('health')}/3"

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(resources=(Resource(field="health", word="health", kind="health", downed_at=0),
                                     Resource(field="luck", word="luck", kind="pool")),
                          mechanics=("edge", "luck point"), outcomes={"heads": 1, "tails": -1})

    def worked_examples(self) -> dict[str, dict[str, Any]]:
        return {"coin_flip": {"edge": True}}


SYSTEM = Coin()
