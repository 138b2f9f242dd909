"""Everyday actions need no dice (:mod:`narrator.agent.everyday`), with the real router and admission check."""

from __future__ import annotations

import pytest

from narrator.agent.admit import Admitted
from narrator.agent.everyday import everyday
from narrator.agent.router import RouterProposer
from narrator.memory.campaign import Campaign


@pytest.mark.parametrize("line", [
    "I tie up my mule and drink from my canteen.", "I switch my phone to silent and tuck it away.",
    "I step off the shuttle and stretch my legs.", "I hang up my coat and pour a mug of tea.",
    "I light my lantern", "We pay for the rooms and walk upstairs.",
])
def test_everyday_lines(line):
    assert everyday(line)


@pytest.mark.parametrize("line", [
    "I tuck the film canister into my sock.", "I step softly across the creaking floorboards",
    "I take a careful look at the strange bronze sword", "I walk along the narrow top of the wall without falling",
    "I put on a disguise as a washerwoman", "I lean in close: 'Nice little office. Shame if it caught fire.'",
    "We take a long rest at camp", "I sing for our supper at the tavern", "I stretch for the rope just out of reach",
    "I try to open the door", "I sit down and pick the lock", "I pour poison into his cup",
    "The guard sits down", "I go through the footage frame by frame.", "Can I sit down?",
])
def test_lines_that_may_need_a_roll(line):
    assert not everyday(line)


def test_an_everyday_line_the_router_rolled_is_told_without_dice(tmp_path):
    """Seen in the blind writers' sessions (a quarter of their no-dice lines rolled): "I switch my phone to silent
    and tuck it away" a Brew stealth roll, "I tie up my mule and drink from my canteen" a skill roll. A line naming a
    foe on the table is left to the router: it may act on them."""
    with Campaign.new("t", "brew", seed=3, root=tmp_path) as c:
        c.call("brew_add_random_character", {"name": "Ines"})
        c.call("brew_add_npc", {"concept": "wolf", "name": "Wolf"})
        admitted = Admitted(RouterProposer())
        for line in ("I switch my phone to silent and tuck it away.", "I tie up my mule and drink from my canteen."):
            p = admitted.propose(line, c.state, "Ines")
            assert p.tool == "no_roll", (line, p.tool)
        assert not everyday("I wave my cloak in the wolf's face") or \
            admitted.propose("I wave my cloak in the wolf's face", c.state, "Ines").tool != "no_roll"
