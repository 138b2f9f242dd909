"""Hooks into the agent's turn so the screen follows the order things happen in.

Why: :meth:`Agent.turn` proposes, executes and narrates in one call. At the table the player should see the odds
of a proposed roll *before* it is thrown (teach mode) and the engine's result *before* the narration streams in.
:class:`PreviewProposer` reports the proposal as soon as it is made (every mode's proposals pass through it; the
mode decides what a report shows); :class:`GameAgent` reports each result the moment the campaign has logged it.
Neither changes what the agent decides or logs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from narrator.agent.turn import Agent, TurnOutcome
from narrator.tools.contract import ToolResult
from narrator.tools.proposals import Proposal
from narrator.tools.table import TableState


class PreviewProposer:
    """``on_proposal(tool, call_args, circumstance)``: the circumstance word the proposal read in the player's line
    ("big advantage"), which the call carries only as a number, so a mode can say where that number came from."""

    def __init__(self, inner: Any, on_proposal: Callable[[str, dict[str, Any], str | None], None]):
        self.inner = inner
        self.on_proposal = on_proposal
        self.name = getattr(inner, "name", "proposer")

    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        proposal = self.inner.propose(text, state, actor)
        if not proposal.ask:  # when the game will ask, the odds come with the question
            self.replayed(proposal)
        return proposal

    def replayed(self, proposal: Proposal) -> None:
        """A proposal about to be rolled, reported: a fresh one, or one the agent plays again without proposing
        ("I try again")."""
        if proposal.needs_roll:
            self.on_proposal(proposal.tool, dict(proposal.call_args), proposal.args.get("circumstance"))

    def __getattr__(self, item: str) -> Any:  # the wrapped proposer's other attributes, as if unwrapped
        return getattr(self.inner, item)


class GameAgent(Agent):
    def __init__(self, *args: Any, on_result: Callable[[str, ToolResult], None] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.on_result = on_result

    def _execute(self, outcome: TurnOutcome, tool: str, args: dict[str, Any]) -> None:
        before = len(outcome.results)
        super()._execute(outcome, tool, args)
        if self.on_result is not None and len(outcome.results) > before:
            self.on_result(*outcome.results[-1])
