"""How the game helps the player: solo, assist and teach, each an object the session asks at fixed moments.

Why objects, not a string: the three modes differ only at a few moments of play — what a proposal passes through
before its roll is thrown, what is shown of a result, what follows a turn, and who moves the NPCs when the turn
passes to them. The session used to compare its mode's name with a string at each of those moments, so a fourth
mode (or a change to one) meant finding every comparison. Now the session has one turn path and calls its
:class:`PlayMode` at each moment; a mode says only where it differs from :class:`PlayMode`'s defaults (assist:
nowhere — the human narrator runs the table). A mode is chosen once, by name, from :data:`MODES`.

The protocol is :class:`narrator.game.context.Mode`, beside the :class:`~narrator.game.context.Play` view its hooks
are given (the same narrow view commands get), so a mode never reaches into the session.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from narrator.tools.errors import NarratorError
from narrator.tools.phrases import listed
from narrator.tools.story_meaning import QUESTION_WORDS, open_question

if TYPE_CHECKING:
    from narrator.agent.turn import TurnOutcome
    from narrator.game.context import Play


class PlayMode:
    """What every mode does unless it says otherwise: nothing beyond the turn itself."""

    name: ClassVar[str]
    hint: ClassVar[str]
    """What the mode offers, said when play begins in it and when ``/mode`` chooses it."""
    explains: ClassVar[bool] = False
    """Show every result step by step with its rules (else its one-line summary); NPCs made for an encounter too."""

    def enter(self, play: Play) -> None:
        """Play begins (a campaign opened or created, its characters ready): a resumed game says where the story
        stands, as solo's does (a teach game resumed in a fight said nothing of it); a new one has no scene yet."""
        if play.state.scene or play.state.initiative.active:
            play.recap()

    def before_roll(self, play: Play, tool: str, args: dict[str, Any], circumstance: str | None = None) -> None:
        """A roll is about to be thrown: a proposal the player's words made, a picked choice, a command's call.
        ``circumstance``: the word the proposal read in the player's line ("small advantage"), if any."""

    def speaker(self, play: Play, text: str) -> str | None:
        """Whom a free-text line speaks for: the character the player plays (``play.actor``)."""
        return play.actor

    def read_as(self, play: Play, outcome: TurnOutcome) -> None:
        """The turn has been played, before its story is shown: what the engine made of the player's words."""

    def after_turn(self, play: Play, outcome: TurnOutcome, text: str) -> None:
        """The turn's story has been shown."""

    def turn_passed(self, play: Play) -> None:
        """The initiative moved on (a fight began, /initiative next): someone else may act now."""

    def foes_arrived(self, play: Play, foes: list[str]) -> None:
        """An encounter put ``foes`` on the table. With a narrator at the table, whether they fight is the narrator's
        call: while a fight runs, say how to put them in it (they stood on the table, outside the order, unsaid)."""
        from narrator.tools.systems import get_system

        if foes and play.state.initiative.active and get_system(play.system).join_combat_tool:
            who = listed(foes)
            play.info(f"{who} {'is' if len(foes) == 1 else 'are'} not in the running fight: /initiative join NAME "
                      f"puts {'them' if len(foes) == 1 else 'one'} in.")

    def skip_blocked(self, play: Play) -> None:
        """The turn is a combatant's who may not be able to act. A player-character who cannot act (stunned,
        disabled...) loses the turn with a line saying why, and play moves on: the turn never waits on a
        player-character every action of whom the engine would refuse. NPC turns are the narrator's to move on
        (/initiative next)."""
        from narrator.tools.turns import blocking, party_down

        for _ in range(len(play.state.initiative.order) + 1):
            state = play.state
            ini = state.initiative
            if not ini.active or ini.current is None or party_down(state):
                return
            if state.characters.get(ini.current, {}).get("npc") or not blocking(state, ini.current):
                return
            play.loses_turn(ini.current)
            play.show_result("table_next_turn", play.engine.call("table_next_turn", {}), own=False)


class Assist(PlayMode):
    """The player runs the table (a human narrator): the engine rolls and keeps the books, nothing more."""

    name = "assist"
    hint = "Assist: you run the table; /rule, /npc, /encounter, /roll, /check, /initiative and /party help."

    def speaker(self, play: Play, text: str) -> str | None:
        """The narrator runs the NPCs: on an NPC's turn in a fight, a line whose subject is that NPC ("The bandit
        stabs at Ilsa") is its action, without /actor; any other line speaks for the player's character."""
        from narrator.agent.extract import other_subject

        ini = play.state.initiative
        current = ini.current if ini.active else None
        if current and play.state.characters.get(current, {}).get("npc"):
            if other_subject(text, play.state, play.actor) == current:
                return current
        return play.actor


class NoNarrator(PlayMode):
    """Play with nobody at the table to run the NPCs (solo, and teach, where a newcomer learns alone): the engine
    calls the fights and plays the NPCs' turns. Teach used to leave them to a narrator who was not there: a fight
    stood still after the player's action, with "the turn passes to the next combatant" said and nothing passing."""

    def after_turn(self, play: Play, outcome: TurnOutcome, text: str) -> None:
        self._fight_back(play, outcome)
        play.run_foes()

    def turn_passed(self, play: Play) -> None:
        play.run_foes()

    def foes_arrived(self, play: Play, foes: list[str]) -> None:
        """Solo has no narrator to call the fight: the engine does, with the party and these foes (a bystander
        already on the table, a friendly keeper, is not drawn in)."""
        from narrator.tools.systems import get_system

        tool = play.rules.start_combat_tool
        if tool is None:
            return
        if play.state.initiative.active:
            self._join(play, foes)
            return
        play.info("The foes are upon you: the fight begins.")
        pcs = [n for n, sheet in play.state.characters.items() if not sheet.get("npc")]
        play.call(tool, get_system(play.system).start_combat_args([*pcs, *foes]) if foes else {})
        play.run_foes()

    @staticmethod
    def _join(play: Play, foes: list[str]) -> None:
        """Foes who arrive while a fight runs join it (a second encounter's foes stood on the table outside the turn
        order, unsaid), each placed by the system's join tool, whose line says where; a system without one leaves
        them out, and says so."""
        from narrator.tools.errors import ToolCallError, player_message
        from narrator.tools.systems import get_system

        join = get_system(play.system).join_combat_tool
        if not foes:
            return
        if join is None:
            play.info(f"{', '.join(foes)} cannot join the running fight: this system has no rule for latecomers.")
            return
        for foe in foes:  # the join tool's own line says where each one stands
            try:
                play.call(join, {"actor": foe}, preview=False, own=False)
            except ToolCallError as e:
                play.info(f"{foe} stays out of the fight: {player_message(e, foe)}")
        play.run_foes()

    def skip_blocked(self, play: Play) -> None:
        """An NPC's turn, or a player-character's who cannot act: :meth:`run_foes` passes it (and plays the NPCs)."""
        from narrator.tools.turns import blocking, party_down

        state = play.state
        ini = state.initiative
        if not ini.active or ini.current is None or party_down(state):
            return
        if state.characters.get(ini.current, {}).get("npc") or blocking(state, ini.current):
            play.run_foes()

    @staticmethod
    def _fight_back(play: Play, outcome: TurnOutcome) -> None:
        """An attack on an NPC outside a fight starts one (the attack was the opening blow), because no narrator is
        there to decide that the NPC strikes back. Assist mode leaves that to the human narrator."""
        from narrator.tools.errors import ToolCallError, player_message
        from narrator.tools.systems import get_system

        state, system = play.state, get_system(play.system)
        proposal = outcome.proposal
        if proposal is None or not outcome.results or state.initiative.active or not system.start_combat_tool:
            return
        foe = proposal.call_args.get("defender")
        if not isinstance(foe, str) or not state.characters.get(foe, {}).get("npc") \
                or system.downed_condition in state.conditions.get(foe, []):
            return
        play.info(f"{foe} fights back: the fight begins.")
        try:
            play.call(system.start_combat_tool, system.start_combat_args([*play.pcs(), foe]), preview=False,
                      own=False)
        except ToolCallError as e:
            play.info(f"No fight starts: {player_message(e, foe)}")


class Solo(NoNarrator):
    """No narrator at the table: the engine frames scenes, calls fights and plays the NPCs' turns."""

    name = "solo"
    hint = ("Solo: describe what you do and the narrator answers; /oracle asks fate a question (yes/no, or two "
            "words for a what or who), "
            "/scene frames a new scene, /threads and /people show the story so far, /encounter adds foes.")

    def enter(self, play: Play) -> None:
        """A new game opens with a framed scene; a resumed one says where the story stands. A fight on the table
        is where it stands, scene or not (a game begun in teach mode, which frames none, was framed a new place in
        the middle of its fight when resumed in solo)."""
        if not play.state.scene and not play.state.initiative.active:
            play.frame_scene("opening")
        else:
            super().enter(play)

    def after_turn(self, play: Play, outcome: TurnOutcome, text: str) -> None:
        super().after_turn(play, outcome, text)
        if outcome.results:
            if not any(getattr(r, "success", None) for _, r in outcome.results):
                return
            learned = learned_question(text)
            if learned:  # "I demand to know who sent him" and the check succeeds: the answer is fate's, in two words
                play.info(f"What you learn is fate's to tell: try /oracle {learned}")
            elif found := fated_find(text):  # "I examine the body for the cause of death" and the check succeeds
                play.info(found)
            return
        if outcome.question or outcome.error or outcome.refusal or outcome.choices:
            return  # nothing was played: the line is asked again, refused or chosen among, not told
        line = text.rstrip()
        if line.endswith("?"):  # what happened is the story's to recall; what is still to be is fate's
            play.info(f"To look back at the story so far: /recall {line}" if PAST.search(line)
                      else f"Asking fate? Try /oracle {line}" if open_question(line)  # two words, no likelihood
                      else f"Asking fate? Try /oracle {line} likely")
        elif asked := asked_of(text, [*play.state.characters, *play.state.story.people], play.actor):
            whom, question = asked
            clause = asked_clause(text)  # an open one ("who is meeting here"): what they say is two more words
            then = f", then /oracle {clause}?" if clause and open_question(clause) else ""
            play.info(f"{whom} answer is fate's to give: try /oracle {question} likely{then}")
        elif found := fated_find(line):  # "I break the seal and read the letter", no roll: what it says is fate's
            play.info(found)
        elif LEAVES.search(line):  # "I follow the map's trail out of the inn": the scene stayed the inn
            play.info("Somewhere new? /scene frames the next scene.")


LOOKS = re.compile(r"\b(read|reads|reading|open|opens|opening|unfold|unfolds|unroll|unrolls|examine|examines|"
                   r"inspect|inspects|study|studies|search|searches|look inside|peek inside|rummage|rummages)\b",
                   re.I)
"""A line that looks into something (a letter read, a box opened) whose contents no roll decided: the solo
player is pointed at the oracle's two words."""
HEARS = re.compile(r"\b(overhear|overhears|overhearing|eavesdrop|eavesdrops|eavesdropping|listen (?:in|at|for)|"
                   r"listens (?:in|at|for)|listening (?:in|at|for)|spy on|spies on|spying on)\b", re.I)
"""A line that listens in on others (a deal overheard, a door listened at) with no roll: what is said is fate's
to tell. Listening *to* the rain is not it."""


def fated_find(text: str) -> str | None:
    """The oracle's question for a line that looks into something or listens in ("I slip between the shelves to
    overhear the deal": what is said; "I read the letter": what it says), else None."""
    if HEARS.search(text):
        return "What you hear is fate's to tell: try /oracle what do I hear?"
    if LOOKS.search(text):
        return "What you find is fate's to tell: try /oracle what do I find?"
    return None


LEAVES = re.compile(r"\b(leave|leaves|leaving|head (?:out|off|for|back|home)|heads (?:out|off|for|back|home)|"
                    r"set (?:out|off)|sets (?:out|off)|travel|travels|ride (?:out|off|on|to)|sail (?:out|off|for|to)|"
                    r"out of (?:the|this|town)|make (?:my|our) way (?:to|out|back)|move on|moving on)\b", re.I)
"""A line that leaves the scene's place ("I follow the map's trail out of the inn"): in solo the scene stays where
it was framed until the player frames the next, so the line points at /scene."""
LEARNS = re.compile(r"\b(?:ask|asks|asking|demand|demands|demanding|learn|learns|find out|finds out|discover|"
                    r"discovers|figure out|figures out|work out|works out|to know|to hear)\b"
                    r"[^.!?]*?\b(?P<what>" + QUESTION_WORDS + r"\b[^.!?]*)", re.I)
"""An action that seeks to learn something: "I demand to know *who sent him*", "I try to find out *where the
ledger went*"."""


def learned_question(text: str) -> str | None:
    """'who sent him?' for "I demand to know who sent him": the open question a successful action has earned an
    answer to, else None."""
    found = LEARNS.search(text)
    if found is None:
        return None
    clause = " ".join(found.group("what").split()).rstrip(" .!?,;")
    return f"{clause}?" if clause else None


PAST = re.compile(r"\b(did|was|were|had|said|told|saw|happened)\b", re.I)
"""A question about what already happened ("what did Nell say?"): the memory's to answer, not the oracle's."""
ASKS = re.compile(r"\bask(?:s|ed|ing)?\b(?P<rest>.*)", re.I | re.S)
ASKED_WHAT = re.compile(r"\b(?P<what>(?:who|whose|whom|what|where|why|how|when|which|whether|if|about)\b.*)",
                        re.I | re.S)


def asked_clause(text: str) -> str | None:
    """'who is meeting here tonight' for "I ask Nell who is meeting here tonight": what a question put to someone
    asks, or None for a line that asks nobody anything."""
    asks = ASKS.search(text)
    what = ASKED_WHAT.search(asks.group("rest")) if asks else None
    return None if what is None else " ".join(what.group("what").split()).rstrip(" .!?")


def asked_of(text: str, names: list[str], actor: str | None) -> tuple[str, str] | None:
    """("Nell's", "Does Nell tell me who is meeting here tonight?") for "I ask Nell who is meeting here tonight":
    whose answer a question put to someone waits for, and the yes/no question that asks fate for it; None for a
    line that asks nobody anything. Why: in solo play nobody answers for the people at the table, and a question
    to one of them came back as the player's own words ("You ask Nell who is meeting here tonight.")."""
    from narrator.agent.admit import names as calls
    from narrator.agent.extract import mentioned

    clause = asked_clause(text)
    if clause is None:
        return None
    named = [n for n in mentioned(text, names) if n != actor]
    if not named:  # "I ask Corin who rings the bell" for Corin Ash (played in Minim solo): one name a word of it calls
        called = {n for n in names if n != actor and calls(text, n)}
        named = sorted(called) if len(called) == 1 else []
    if named:
        return f"{named[0]}'s", f"Does {named[0]} tell me {clause}?"
    return "Their", f"Do they tell me {clause}?"


class Teach(NoNarrator):
    """The odds before every roll, every step with its rule after it, and how the words were read."""

    name = "teach"
    hint = ("Teach: before each roll you see the odds and what changes them; after it, every step with its rule. "
            "/why repeats the last explanation, /learn TOPIC walks through a rule; in a fight the foes act on their "
            "own turns.")
    explains = True

    def before_roll(self, play: Play, tool: str, args: dict[str, Any], circumstance: str | None = None) -> None:
        if circumstance and circumstance != "none":  # the call carries it only as a number: say where it came from
            from narrator.tools.systems import get_system

            steps = get_system(play.system).circumstances()
            if circumstance in steps:
                play.info(f"Your words read as a {circumstance}: {steps[circumstance]:+d} in the steps below "
                          f"({', '.join(f'{k} {v:+d}' for k, v in steps.items() if v)}).")
        play.preview(tool, args)

    def read_as(self, play: Play, outcome: TurnOutcome) -> None:
        """When the engine weighed other readings of the words, say which it took and which it passed over — not
        when the player chose among them (it was asked "perception or survival?": the choice was theirs)."""
        if outcome.proposal is None or not outcome.proposal.alternatives or outcome.picked:
            return
        from narrator.agent.turn import distinct_words
        from narrator.tools.proposals import Proposal

        pairs = [distinct_words(outcome.proposal, Proposal.model_validate(a)) for a in outcome.proposal.alternatives]
        pairs = [(m, o) for m, o in pairs if m != o]  # the same reading, an argument left out: nothing to tell
        if not pairs:
            return
        mine = next((m for m, o in pairs if "(" in m), pairs[0][0])
        others = ", ".join(dict.fromkeys(o for _, o in pairs))
        play.info(f"The engine read your words as {mine}; it also considered {others}. "
                  "/check names a skill yourself.")


MODES: dict[str, PlayMode] = {mode.name: mode for mode in (Solo(), Assist(), Teach())}
"""Every mode by name, in the order ``/mode`` and ``/help`` offer them."""


def mode_named(name: str) -> PlayMode:
    """The mode called ``name``; a message naming the choices otherwise."""
    mode = MODES.get(name)
    if mode is None:
        raise NarratorError(f"Unknown mode {name!r}: choose {', '.join(MODES)}")
    return mode
