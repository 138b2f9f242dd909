"""What a turn's evidence knows about names (:mod:`narrator.agent.evidence`): the table's NPCs named by what they
are, whom the engine's sentence calls "the smuggler", apart from people with names."""

from __future__ import annotations

from narrator.agent.evidence import role_names
from narrator.memory.campaign import Campaign
from narrator.tools.systems import get_system


def test_role_names_are_the_npcs_named_by_their_concept_in_every_system(tmp_path):
    for system in map(get_system, ("minim", "mastery", "minisix", "fiveplus", "brew")):
        with Campaign.new(f"roles-{system.name}", system.name, seed=5, root=tmp_path) as c:
            c.call(system.npc_tool, system.npc_args("smuggler", 2, "Smuggler"))
            c.call(system.npc_tool, system.npc_args("guard", 1, "Guard 2"))
            c.call(system.npc_tool, system.npc_args("dockhand with a scar", 1, "Rusk"))
            c.call(system.npc_tool, system.npc_args("Dace Morrow", 1, "Dace Morrow"))  # cast with no concept known
            c.call(system.npc_tool, system.npc_args("a corrupt corp enforcer", 2, "Corrupt Corp Enforcer"))  # /npc
            c.call(system.random_character_tool, {"name": "Kit"})
            assert set(role_names(c.state)) == {"Smuggler", "Guard 2", "Corrupt Corp Enforcer"}, system.name
