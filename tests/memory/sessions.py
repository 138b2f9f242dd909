"""A seeded, scripted 30-turn Minim session played through the real :class:`narrator.agent.turn.Agent` with the
campaign memory on — no LLM: a scripted proposer chooses the tools and a scripted backend speaks the narration.

Shared by the tests and their child processes (imported by module name, not collected by pytest).
"""

from __future__ import annotations

from typing import Any

from narrator.memory.campaign import Campaign
from narrator.models.scripted import ScriptedBackend
from narrator.agent.turn import Agent
from narrator.tools.proposals import NO_ROLL, Proposal

SEED = 2024
INNKEEPER = "Old Tom"
KEY_TURN_TEXT = "I hide the brass key under the loose floorboard by the cellar stairs"

SETUP: list[tuple[str, dict[str, Any]]] = [
    ("minim_add_random_character", {"name": "Aria"}),
    ("minim_add_random_character", {"name": "Brom"}),
    ("minim_add_npc", {"name": INNKEEPER, "concept": "innkeeper of the Drowned Rat", "tier": 3}),
    ("minim_add_npc", {"name": "Duke Varen", "concept": "duke of Highmoor", "tier": 4}),
    ("minim_add_npc", {"name": "Kessa", "concept": "smuggler of the Saltmere docks", "tier": 3}),
    ("minim_add_npc", {"name": "Grell", "concept": "goblin chief of the fen", "tier": 3}),
    ("table_set_zones", {"zones": ["bar", "cellar"]}),
    ("table_set_scene", {"text": "The Drowned Rat inn in Saltmere, a rainy evening."}),
]

# (actor, player text, tool or None, tool args, narration); a str item is a scene change between turns.
TURNS: list[tuple[str, str, str | None, dict[str, Any], str] | str] = [
    ("Aria", "I ask the innkeeper for a room and news of the road", None, {},
     "Old Tom wipes a mug and grumbles that no caravan has come since the goblins left the fen."),
    ("Brom", "I ask Tom if he has work for us", None, {},
     "Tom offers silver if you clear the rats from his cellar, and you shake on the deal."),
    ("Brom", "I go down to the cellar", "table_move", {"actor": "Brom", "zone": "cellar"},
     "The cellar stairs creak under your boots."),
    ("Aria", "I follow Brom into the cellar", "table_move", {"actor": "Aria", "zone": "cellar"},
     "Lantern light finds barrels and the glint of small eyes."),
    ("Aria", "I search behind the barrels", "minim_check", {"actor": "Aria", "skill": "perception", "trait": "brain"},
     "Behind the barrels you find a brass key wrapped in oilcloth, stamped with a lighthouse."),
    ("Aria", KEY_TURN_TEXT, None, {},
     "The key vanishes beneath the board where only the two of you know to look."),
    ("Brom", "I climb back up to the bar", "table_move", {"actor": "Brom", "zone": "bar"},
     "The common room smells of wet wool and stew."),
    ("Aria", "I ask the smuggler at the bar what a lighthouse key might open", None, {},
     "Kessa says the old keeper locked his logbook in an iron chest at the top of the lighthouse."),
    ("Brom", "I promise Kessa a share of the lighthouse treasure if she rows us there", None, {},
     "Kessa grins and agrees to row you out at the new moon for a third of the take."),
    ("Aria", "I ask Kessa where she keeps her boat", None, {},
     "She keeps it tied under the north pier of the Saltmere docks."),
    "The road to Highmoor on a grey morning.",
    ("Aria", "I keep watch for goblins on the road", "minim_check", {"actor": "Aria", "skill": "perception",
                                                                     "trait": "brass"},
     "Arrows hiss out of the reeds as goblins of the fen spring their ambush."),
    ("Brom", "I charge the goblin chief", "minim_attack_target", {"attacker": "Brom", "defender": "Grell"},
     "Grell drops his crooked spear and flees into the fen, swearing revenge."),
    ("Aria", "I pick up the map the goblin chief dropped", None, {},
     "The map shows a path through the fen to a sunken chapel marked with a skull."),
    ("Brom", "I sling the crooked spear over my shoulder", None, {},
     "It is ugly but well balanced."),
    "Highmoor castle, the great hall.",
    ("Aria", "I bow before Duke Varen", None, {},
     "The duke looks tired; his daughter Lisbet vanished near the fen weeks ago."),
    ("Brom", "I swear to the duke that we will bring Lisbet home before the autumn fair", None, {},
     "Duke Varen grips your hand and promises land and a title if you succeed."),
    ("Aria", "I ask the duke for a token to show his guards", None, {},
     "The duke gives you his signet ring, which opens every gate in Highmoor."),
    ("Brom", "I ask the guard captain why nobody searched the chapel", None, {},
     "The captain admits his men fear the priestess who lives in the sunken chapel."),
    ("Aria", "I study the goblin map by the fire", None, {},
     "The path on the map follows an old causeway hidden under the water."),
    "The Whispering Fen, fog at dusk.",
    ("Aria", "I follow the goblin map through the fen", "minim_check", {"actor": "Aria", "skill": "survival",
                                                                       "trait": "brain"},
     "You find the causeway beneath the black water, exactly where the map said."),
    ("Brom", "I light a lantern and lead the way", None, {},
     "Moths swarm the lantern, and something larger circles in the fog."),
    ("Aria", "I listen for the thing in the fog", "minim_check", {"actor": "Aria", "skill": "perception",
                                                                  "trait": "brass"},
     "It is only a heron, hunting frogs among the reeds."),
    "The Sunken Chapel, half drowned in the fen.",
    ("Aria", "I talk to the priestess", None, {},
     "Sister Anwe says Lisbet came to her willingly, fleeing a marriage the duke arranged."),
    ("Brom", "I promise Sister Anwe we will not drag Lisbet back by force", None, {},
     "Anwe agrees to let you speak with the girl at dawn."),
    ("Aria", "I search the chapel altar", None, {},
     "Under the altar cloth you discover a silver locket with a portrait of Lisbet's mother."),
    ("Brom", "I keep watch at the chapel door through the night", None, {},
     "The night passes with frogs and rain and nothing else."),
    ("Aria", "I show Lisbet the silver locket at dawn", None, {},
     "Lisbet weeps and says she will go home if her father cancels the wedding."),
    ("Brom", "I tell Lisbet the duke sent us with his ring", None, {},
     "Lisbet turns the signet ring in her fingers and agrees to hear her father out."),
    ("Aria", "I write a letter to the duke about the wedding", None, {},
     "The letter asks the duke to let his daughter choose, and Kessa will carry it."),
    ("Brom", "I pack our things for the journey back", None, {},
     "By mid-morning the party is ready to leave the chapel with Lisbet."),
]


class ScriptedProposer:
    """Proposes the scripted tool (or no roll) for each turn, in order."""

    def __init__(self, proposals: list[Proposal]):
        self.proposals = list(proposals)

    def propose(self, text: str, state: Any, actor: str | None) -> Proposal:
        return self.proposals.pop(0)


def play_session(root: str, name: str, memory_url: str | None = None) -> dict[str, int]:
    """Create the campaign, play every turn with memory on; returns {player text: its event seq}."""
    from narrator.memory.vector import CampaignMemory

    turns = [t for t in TURNS if not isinstance(t, str)]
    assert len(turns) == 30
    proposals = [Proposal(tool=tool or NO_ROLL, args=args, call_args=args, source="script")
                 for _, _, tool, args, _ in turns]
    current = {"narration": ""}  # the narration for the turn in play: a rejected candidate's retry gets it again
    backend = ScriptedBackend(lambda messages, settings: current["narration"])
    seqs: dict[str, int] = {}
    with Campaign.new(name, "minim", seed=SEED, root=root) as campaign:
        for tool, args in SETUP:
            campaign.call(tool, args)
        memory = CampaignMemory.for_campaign(campaign, memory_url)
        agent = Agent(campaign, backend, ScriptedProposer(proposals), memory=memory)
        for item in TURNS:
            if isinstance(item, str):
                campaign.call("table_set_scene", {"text": item})
                continue
            actor, text, *_, current["narration"] = item
            seqs[text] = campaign.store.last_seq() + 1
            outcome = agent.turn(text, actor=actor)
            assert outcome.error is None, outcome.error
        memory.close()
    return seqs
