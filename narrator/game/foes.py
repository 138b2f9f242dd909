"""The NPC turns of play with no narrator (solo, teach): the foes act on theirs, the system's ``npc_turn`` standing
in for the narrator.

Why apart from the session: it is the modes' business (:class:`narrator.game.modes.NoNarrator` calls it when the
turn passes), and it grew a story line for each foe's attack (:func:`narrator.narration.floor.foe_sentence`) —
the session is the turn path and the commands' view, not every mode's moments. It acts through the session's
narrow surface (:class:`narrator.game.context.Play`): the open campaign, what is shown, whom the player speaks
for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from narrator.game.blocks import Block
from narrator.tools.contract import ToolResult
from narrator.tools.errors import ToolCallError, player_message
from narrator.tools.phrases import steps_of
from narrator.tools.systems import get_system
from narrator.tools.turns import blocking, condition_text, foes_down, party_down

if TYPE_CHECKING:
    from narrator.game.context import Play
    from narrator.tools.systems.contract import RulesSystem
    from narrator.tools.table import TableState


def fallen(state: "TableState", system: "RulesSystem", name: str) -> bool:
    """A foe who is down: its turn passes without a word, neither announced nor lost."""
    return bool(state.characters.get(name, {}).get("npc")) and system.downed_condition in state.conditions.get(name, [])


class FoeTurns:
    """The NPCs' turns of one session, and the last sentences told of them (the next says it otherwise)."""

    def __init__(self, play: "Play") -> None:
        self.play = play
        self.told: list[str] = []

    def run(self) -> None:
        """When the player's combatant has acted, the turn passes and the NPCs act on theirs (the system's
        ``npc_turn`` stands in for the narrator, every call logged), until a player-character's turn comes round."""
        campaign = self.play.engine
        system = get_system(campaign.system)
        started = False
        for _ in range(4 * max(1, len(campaign.state.initiative.order))):
            ini = campaign.state.initiative
            if foes_down(campaign.state):  # solo has no narrator to call it: the last foe down ends the fight
                self.play.info("The last foe is down: the fight is over.")
                self.play.show_result("table_end_combat", campaign.call("table_end_combat", {}), own=False)
                return
            if not ini.active or ini.current is None or party_down(campaign.state):
                return
            name = ini.current
            sheet = campaign.state.characters.get(name, {})
            left = ini.used < system.actions_per_turn(campaign.state, name)
            if blocking(campaign.state, name):
                if not fallen(campaign.state, system, name):
                    self.loses_turn(name)  # a fallen foe's turn passes in silence: "Wild Dog cannot act —
                    # incapacitated (...a stamina roll at the start of the next turn...); dead" was shown each round
            elif not sheet.get("npc") and left:
                if name != self.play.actor:
                    self.play.actor = name
                    self.play.info(f"It is {name}'s turn: you now speak for {name}.")
                return
            elif not sheet.get("npc"):
                if started:  # a player-character's turn that began spent (Minim: a failed shaken test) says why
                    self.spent_turn(name)
            elif left:
                for tool, args in system.npc_turn(campaign.state, name):
                    before = campaign.state
                    try:
                        result = campaign.call(tool, args)
                    except ToolCallError as e:
                        self.play.info(f"{name} hesitates: {player_message(e, name)}")
                        break
                    self.play.show_result(tool, result, own=False)
                    self.tell(name, before, tool, result)
            else:
                self.spent_turn(name)
            passed = campaign.call("table_next_turn", {})
            now = campaign.state.initiative.current
            if not (now and fallen(campaign.state, system, now)):  # "Round 1: Outlaw's turn" for a fallen outlaw was followed by nothing
                self.play.show_result("table_next_turn", passed, own=False)
            started = True  # the turns from here on began in this run, not with the player's own action

    def tell(self, foe: str, before: Any, tool: str, result: ToolResult) -> None:
        """A foe's attack as the story tells it, after the engine's line
        (:func:`narrator.narration.floor.foe_sentence`): shown, not logged — the logged call is the record, and a
        replay or /undo has nothing more to mend."""
        from narrator.agent.evidence import Evidence
        from narrator.agent.turn import effects_of
        from narrator.narration.context import turn_seed
        from narrator.narration.floor import foe_sentence
        from narrator.narration.gate import split

        campaign = self.play.engine
        evidence = Evidence.on_table(campaign.state, ((tool, result),), effects_of(before, tool, result),
                                     self.play.actor)
        text = foe_sentence(evidence, foe, turn_seed(campaign), tuple(self.told))
        if text:
            self.told = [*self.told[-3:], *split(text)]
            self.play.emit(Block("narration", text))

    def spent_turn(self, name: str) -> None:
        """A turn that began with its action spent (Minim: a failed shaken test) passes, saying why in the last
        line of the turn's start — not "hesitates: has already taken 1 action", as an NPC's once read, nor in
        silence, as a player-character's did."""
        campaign = self.play.engine
        opened = next((e for e in reversed(campaign.events()) if e.kind == "tool_call"
                       and e.payload["tool"] == "table_next_turn"), None)
        last = steps_of(campaign.result_of(opened))[-1:] if opened is not None else []
        self.play.info(f"{name} has no action left this turn" + (f": {last[0]}" if last else "."))

    def loses_turn(self, name: str) -> None:
        state = self.play.engine.state
        why = "; ".join(condition_text(state, name, c) for c in blocking(state, name))
        self.play.info(f"{name} cannot act — {why} — and loses this turn.")
