"""The engine-written floor: for every outcome of every tool kind Minim has, a coherent sentence that passes the
gate, says the engine's outcome and nothing else; phrase tables are files, per system over common."""

from __future__ import annotations

import json
import re

import pytest
from pydantic import ConfigDict

from narrator.agent.evidence import Evidence
from narrator.narration import floor
from narrator.narration.gate import GateContext, gate, polarity
from prompts import ROOT
from tools.contract import ToolResult
from tools.systems import get_system
from tools.systems.contract import Effect
from tools.systems.minim.rules import SKILLS_BY_TRAIT, TRAITS

VOCAB = get_system("minim").vocabulary()
SCENE = "The fog-bound docks at night. A cargo has gone missing. Old Mags, a ferrywoman, is here."
SKILL_ACTIONS = {
    "art": "I paint a copy of the seal", "cure": "I bandage the sailor's wound", "knowledge": "I recall the old legend",
    "security": "I pick the lock of the warehouse", "technology": "I fix the broken winch",
    "coordination": "I juggle the knives", "fight": "I wrestle the rope free", "fire": "I aim at the lantern",
    "sports": "I climb the mast", "stealth": "I sneak past the guard", "coercion": "I threaten the dockhand",
    "communication": "I talk the captain into waiting", "perception": "I search the crates",
    "steering": "I row the boat through the fog", "survival": "I follow the tracks in the mud",
    "brain": "I work out the smuggler's code", "brawl": "I force the door", "brass": "I stare the thug down",
}
LABELS = ("critical success", "success", "neutral", "failure", "critical failure")


class _Result(ToolResult):
    model_config = ConfigDict(extra="allow", frozen=True)


def evidence(tool: str, label: str | None, success: bool | None, effects=(), **fields) -> Evidence:
    result = _Result(summary="engine summary", outcome_label=label, success=success, **fields)
    return Evidence(((tool, result),), tuple(effects), VOCAB, "minim", "Kit", ("Kit", "Guard", "Dockhand"))


def kinds():
    """Every tool kind of Minim's proposals, with each outcome its results can have."""
    for skill in [s for group in SKILLS_BY_TRAIT.values() for s in group] + list(TRAITS):
        for label in LABELS:
            yield (f"minim_check:{skill}", SKILL_ACTIONS[skill],
                   evidence("minim_check", label, label.endswith("success"), skill=skill))
    for skill, action in (("fight", "I attack the guard with my sword"), ("fire", "I shoot at the guard"),
                          ("sports", "I throw a knife at the guard")):
        for label in LABELS:
            hurt = (Effect(kind="harmed", who="Guard", what="health"),) if label.endswith("success") else ()
            yield (f"minim_attack_target:{skill}", action,
                   evidence("minim_attack_target", label, label.endswith("success"), hurt, skill=skill,
                            attacker="Kit", defender="Guard"))
    for success in (True, False):
        yield ("minim_use_power", "I call on my healing power",
               evidence("minim_use_power", None, success, power="healing"))
        yield ("minim_recover_health", "I catch my breath",
               evidence("minim_recover_health", None, success,
                        (Effect(kind="healed", who="Kit", what="health"),) if success else ()))
    yield ("minim_start_combat", "We fight the guards", evidence("minim_start_combat", None, None))
    yield ("table_roll", "2d6", evidence("table_roll", None, None))
    for action in ("I walk along the pier", "Is anyone watching me?", '"Evening, Mags."', "The fog is thick"):
        yield ("no_roll", action, Evidence.none("minim", VOCAB, "Kit", ("Kit",)))


CASES = list(kinds())


@pytest.mark.parametrize("kind,action,ev", CASES, ids=[f"{k}-{e.outcome_label or polarity(e)}-{i}"
                                                       for i, (k, _, e) in enumerate(CASES)])
def test_the_floor_passes_the_gate_for_every_outcome_of_every_minim_kind(kind, action, ev):
    options = floor.compose(ev, action, SCENE, "Old Mags", seed=3)
    assert options and all(o.strip() for o in options)
    verdict = gate(options[0], ev, GateContext(action=action, scene=SCENE, names=("Old Mags",)))
    assert verdict.passed, (options[0], verdict.as_dict())


def test_the_floor_says_the_outcome_it_is_filed_under():
    action = "I sneak past the guard"
    win = floor.compose(evidence("minim_check", "success", True, skill="stealth"), action, SCENE)
    lose = floor.compose(evidence("minim_check", "failure", False, skill="stealth"), action, SCENE)
    assert not any(re.search(r"\b(but|not|cannot)\b", o) for o in win[:2])
    assert all(" but " in o for o in lose)
    assert "sneak past the guard" in win[0] and "sneak past the guard" in lose[0]


def test_effects_follow_the_sentence_in_the_second_person_for_the_actor():
    hurt = evidence("minim_attack_target", "success", True,
                    (Effect(kind="harmed", who="Guard", what="health"), Effect(kind="harmed", who="Kit")),
                    skill="fight", attacker="Kit", defender="Guard")
    text = floor.compose(hurt, "I attack the guard", SCENE)[0]
    assert text.endswith("Guard is hurt. You are hurt.") and "Guard" in text


def test_variants_depend_on_the_seed_and_recent_ones_are_skipped_by_the_gate():
    ev = evidence("minim_check", "failure", False, skill="perception")
    firsts = {floor.compose(ev, "I search the crates", SCENE, seed=s)[0] for s in range(12)}
    assert len(firsts) >= 2


def test_the_system_table_wins_over_the_common_one():
    ev = evidence("minim_check", "critical success", True, skill="stealth")
    minim = json.loads((ROOT / "minim" / "floor.json").read_text())
    assert floor.templates(ev, "action")[0] in minim["outcomes"]["critical success"]["minim_check:stealth"]
    common = json.loads((ROOT / "common" / "floor.json").read_text())
    plain = Evidence(ev.results, (), VOCAB, "no-such-system", "Kit")
    assert floor.templates(plain, "action")[0] in common["outcomes"]["success"]["action"]


def test_the_opening_scene_has_its_own_floor():
    framed = evidence("story_scene", None, None, place="the fog-bound docks at night",
                      situation="a cargo has gone missing", person="Old Mags, a ferrywoman",
                      hook="A stranger presses a key into your hand and vanishes.")
    text = floor.compose(framed, "look around", "On the fog-bound docks at night. " + SCENE.split(". ", 1)[1],
                         seed=0)[0]
    assert "on the fog-bound docks at night" in text and "Old Mags, a ferrywoman, is here." in text
    assert text.endswith("A stranger presses a key into your hand and vanishes.") and text.startswith("You")
    assert gate(text, framed, GateContext(action="look around", scene=SCENE)).passed
    bare = evidence("story_scene", None, None)  # a scene without its parts: the scene text itself
    text = floor.compose(bare, "look around", SCENE)[0]
    assert text.startswith("Around you: the fog-bound docks at night.") and "Old Mags" in text
