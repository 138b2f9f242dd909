"""Coin: a rules system that lives only in the tests, to prove the system contract before the real systems.

The flip, a sheet (name, luck, health), how a character is made, one table check, a prompt file and a rulebook —
and nothing outside this folder; the glue every system shares (seating characters, reading sheets, finding its
proposals and examples) comes from the shared seams, so this is what a sixth system has to write. The conformance
test runs it beside the real systems; a game test plays a turn of it through the prompt_toolkit app. If adding it
ever needs an edit in shared code, the contract has a hole.
"""

from __future__ import annotations

from pathlib import Path
from narrator.tools.systems.contract import Resource, SystemBase, Vocabulary

HERE = Path(__file__).parent


class Coin(SystemBase):
    name = "coin"
    title = "Coin"
    rulebook = "coin.md"
    rulebook_dir = HERE
    order = 900
    start_combat_tool = None  # no fights

    proposals_from = examples_from = "tools"
    sheet_model = "tools:Sheet"

    def sheet_text(self, sheet: dict) -> str:
        return f"{sheet.get('name')}: luck {sheet.get('luck')}, health {sheet.get('health')}/3"

    def vocabulary(self) -> Vocabulary:
        return Vocabulary(resources=(Resource(field="health", word="health", kind="health", downed_at=0),
                                     Resource(field="luck", word="luck", kind="pool")),
                          mechanics=("edge", "luck point"), outcomes={"heads": 1, "tails": -1})


SYSTEM = Coin()
