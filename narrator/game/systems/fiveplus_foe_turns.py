"""Blind-reading files of 5+ foe turns: ``python -m narrator.game.systems.fiveplus_foe_turns OUT.md [--seed N]``.

5+ NPCs never roll (five-plus.md#NPCs): on their turn the character defends or resists, and the story tells the
NPC's act (:func:`narrator.narration.floor.foe_sentence`). Turns like these are not in the narration dumps (no
player line starts them), so this writes them as a player reads them: the engine's line, then the story line, for
every act the NPC generator gives twenty kinds of foe (the acts solo play never chooses left out), two throws each on
a real campaign per foe, shuffled and cut to 40 items. The seed picks the campaigns' master seeds and the shuffle;
a new round takes a new seed.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

CONCEPTS = ("wolf", "bandit", "witch", "cultist", "merchant", "archer", "wizard", "orc", "zombie", "noble", "guard",
            "demon", "bear", "spider", "knight", "thug", "assassin", "priest", "skeleton", "brute")
PASSIVE = frozenset({"take cover", "shield itself", "shout for help", "vanish", "flee", "pray", "rattle",
                     "set a snare"})
"""Acts that harm nobody: solo play's tactics never choose them against a character."""


def turns(seed: int) -> list[tuple[str, str]]:
    """(engine line, story line) for each foe act thrown."""
    from narrator.agent.evidence import Evidence
    from narrator.agent.turn import effects_of
    from narrator.memory.campaign import Campaign
    from narrator.narration.floor import foe_sentence
    from narrator.tools import render
    from narrator.tools.errors import ToolCallError
    from narrator.tools.systems.fiveplus.npcs import ACTION_WORDS
    from narrator.tools.systems.fiveplus.tactics import MENTAL_WORDS

    out = []
    root = tempfile.mkdtemp(prefix="foe-turns-")
    for n, concept in enumerate(CONCEPTS):
        with Campaign.new(f"foes{n}", "fiveplus", seed=seed + n, root=root) as c:
            c.call("fiveplus_add_random_character", {"name": "Kit"})
            npc = c.call("fiveplus_add_npc", {"concept": f"a {concept}", "level": 2}).actor
            for act in (a for a in ACTION_WORDS[concept] if a not in PASSIVE):
                for _ in range(2):
                    before = c.state
                    try:
                        result = c.call("fiveplus_npc_act", {"npc": npc, "target": "Kit", "action": act,
                                                             "mental": act in MENTAL_WORDS})
                    except ToolCallError:  # Kit is down: the next foe gets a fresh campaign
                        break
                    evidence = Evidence.on_table(c.state, (("fiveplus_npc_act", result),),
                                                 effects_of(before, "fiveplus_npc_act", result), "Kit")
                    story = foe_sentence(evidence, npc, len(out) + 1)
                    if story:
                        out.append((render.terminal(result, explain=False), story))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--seed", type=int, default=107)
    p.add_argument("--items", type=int, default=40)
    ns = p.parse_args(argv)
    rows = turns(ns.seed)
    random.Random(ns.seed).shuffle(rows)
    lines = ["# Foe turns: an NPC acts against the player's character (the player typed nothing this turn)\n"]
    lines += [f"## Item {i}\nMechanics: {mech}\n> {story}\n" for i, (mech, story) in enumerate(rows[:ns.items], 1)]
    ns.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"{min(len(rows), ns.items)} items written to {ns.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
