"""Proposals for the system-agnostic table tools: moving between zones and running the initiative tracker."""

from __future__ import annotations

from pydantic import Field

from narrator.tools.proposals import ACTOR_ENUM, ZONE_ENUM, ProposalArgs, ProposalSpec


class MoveProposal(ProposalArgs):
    actor: str = Field(min_length=1, max_length=60, json_schema_extra=ACTOR_ENUM, description="Who moves.")
    zone: str = Field(min_length=1, max_length=60, json_schema_extra=ZONE_ENUM, description="Where to.")


class Nothing(ProposalArgs):
    pass


SPECS = [
    ProposalSpec("table_move", MoveProposal, lambda a, s: {"actor": a.actor, "zone": a.zone},
                 "someone moves to another zone of the battlefield"),
    ProposalSpec("table_next_turn", Nothing, lambda a, s: {}, "during a fight, the current combatant's turn is over"),
    ProposalSpec("table_end_combat", Nothing, lambda a, s: {}, "the fight is over"),
]
