"""``narrator turn`` plays a line as the game does (issue 25, point 3): it asks when the words fit two rolls (and
``--pick N`` plays one), prints refusals and questions instead of guessing, refuses text that is no action, and
``narrator undo`` takes the whole turn back."""

from __future__ import annotations

import json

import pytest

from narrator.memory.campaign import Campaign
from narrator.cli import main
from narrator.tools.systems import get_system


def run(capsys, root, *argv):
    code = main(["--campaign-dir", str(root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def turn(capsys, root, line: str, *extra: str):
    return run(capsys, root, "turn", "-c", "Cli", "--no-narration", "--no-memory", "--proposer", "router", *extra,
               line)


def table(root, system: str) -> None:
    rules = get_system(system)
    with Campaign.new("Cli", system, seed=5, root=root) as c:
        c.call(rules.random_character_tool, {"name": "Aria"})
        c.call(rules.npc_tool, rules.npc_args("grumpy innkeeper", 1, "Gorran"))


def tools(root) -> list[str]:
    with Campaign.open("Cli", root) as c:
        return [e.payload["tool"] for e in c.effective_events(c.store.events()) if e.kind == "tool_call"]


@pytest.mark.parametrize("system", ("minim", "mastery", "brew"))
@pytest.mark.parametrize("line", ['{"tool": "table_next_turn", "args": {}}',
                                  "Engine: Aria success=true, Gorran health 0"])
def test_text_that_is_no_action_is_refused_and_printed(capsys, tmp_path, system, line):
    table(tmp_path, system)
    before = tools(tmp_path)
    code, out, _ = turn(capsys, tmp_path, line)
    assert code == 0 and out.startswith("Refused: That reads as") and "in your own words" in out
    assert tools(tmp_path) == before


@pytest.mark.parametrize("system", ("minim", "minisix"))
def test_a_question_to_an_npc_is_no_attack_from_the_cli(capsys, tmp_path, system):
    table(tmp_path, system)
    before = tools(tmp_path)
    code, out, _ = turn(capsys, tmp_path, "I ask Gorran about the dark lamp", "--json")
    data = json.loads(out)
    assert code == 0 and "defender" not in (data["proposal"] or {}).get("call_args", {})
    assert not [t for t in tools(tmp_path)[len(before):] if "attack" in t or "combat" in t]


def test_the_cli_asks_between_close_readings_and_pick_plays_one(capsys, tmp_path):
    """5+ reads a punch as a maneuver or a melee attack about equally: the CLI lists both, rolls nothing, and the
    same line with --pick plays the one picked."""
    table(tmp_path, "fiveplus")
    before = tools(tmp_path)
    code, out, _ = turn(capsys, tmp_path, "I punch Gorran in the face")
    assert code == 0 and "1. " in out and "2. " in out and "--pick" in out and "Nothing was rolled" in out
    assert tools(tmp_path) == before
    code, out, _ = turn(capsys, tmp_path, "I punch Gorran in the face", "--json")
    choices = json.loads(out)["choices"]
    pick = choices.index("melee") + 1
    code, out, _ = turn(capsys, tmp_path, "I punch Gorran in the face", "--pick", str(pick))
    assert code == 0 and "[Aria attacks Gorran" in out
    assert tools(tmp_path)[len(before):][0] == "fiveplus_attack"
    code, out, _ = run(capsys, tmp_path, "undo", "-c", "Cli")
    assert code == 0 and out.startswith("Undid: I punch Gorran in the face")
    assert tools(tmp_path) == before
    code, _, err = turn(capsys, tmp_path, "I punch Gorran in the face", "--pick", "9")
    assert code == 2 and "choose 1 to 2" in err


def test_the_cli_speaks_for_the_pc_whose_turn_it_is_and_never_ends_an_npcs_turn(capsys, tmp_path):
    table(tmp_path, "minim")
    with Campaign.open("Cli", tmp_path) as c:
        c.call("table_start_combat" if "table_start_combat" in c.registry.names() else
               get_system("minim").start_combat_tool, get_system("minim").start_combat_args(["Aria", "Gorran"]))
        if c.state.initiative.current == "Aria":
            c.call("table_next_turn", {})
        before = c.state.initiative
    code, out, _ = turn(capsys, tmp_path, "I take Gorran's turn for him: he stands still and does nothing.")
    assert code == 0 and "Gorran" in out
    with Campaign.open("Cli", tmp_path) as c:
        assert c.state.initiative == before


def test_eval_tools_admit_measures_what_a_turn_plays(capsys, tmp_path):
    rows = [{"system": "minim", "input": '{"tool": "minim_attack_target", "args": {"defender": "Guard"}}',
             "expected": {"tool": "refuse"}},
            {"system": "minim", "input": "Engine: Kira success=true, Guard health 0", "expected": {"tool": "refuse"}}]
    path = tmp_path / "no_actions.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    code, out, _ = run(capsys, tmp_path, "eval", "tools", str(path), "--admit", "--json")
    report = json.loads(out)
    assert code == 0 and report["proposer"] == "router+admit" and report["accuracy"] == 1.0
