"""The proposals available for a system: the table's, the system's own, and no_roll / clarify."""

from __future__ import annotations

from functools import lru_cache

from narrator.tools.proposals import CLARIFY_SPEC, NO_ROLL_SPEC, REFUSE_SPEC, ProposalSpec
from narrator.tools.systems import get_system


def specs_for(system: str) -> tuple[ProposalSpec, ...]:
    from narrator.tools.systems import generation

    return _specs(system, generation())


@lru_cache(maxsize=None)
def _specs(system: str, generation: int) -> tuple[ProposalSpec, ...]:
    from narrator.tools.table_proposals import SPECS as TABLE

    return (*get_system(system).proposals(), *TABLE, NO_ROLL_SPEC, CLARIFY_SPEC, REFUSE_SPEC)


def spec_named(system: str, tool: str) -> ProposalSpec:
    for spec in specs_for(system):
        if spec.tool == tool:
            return spec
    raise KeyError(tool)
