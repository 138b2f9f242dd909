"""Coin at the table: one creation question besides the name, and the status line."""

from __future__ import annotations

from typing import Any

from narrator.game.answers import text_answer
from narrator.game.rules import BaseRules, Step, StepError


def _luck(text: str) -> int:
    if text.strip() not in ("1", "2", "3"):
        raise StepError("Luck is 1, 2 or 3.")
    return int(text)


class CoinRules(BaseRules):
    system = "coin"

    def creation_steps(self, options: dict[str, Any]) -> list[Step]:
        return [Step("name", "Name?", text_answer("name")), Step("luck", "Luck 1-3?", _luck, default="2")]

    def example_answers(self, options: dict[str, Any]) -> dict[str, str]:
        return {"name": "Flip", "luck": "3"}

    def resources(self, sheet: dict[str, Any]) -> str:
        return f"♥ {sheet.get('health')}/3 luck {sheet.get('luck')}"


RULES = CoinRules()
