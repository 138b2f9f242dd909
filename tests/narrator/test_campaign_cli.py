"""Campaign commands end to end through the CLI, on a campaign directory under tmp_path."""

from __future__ import annotations

import json

from narrator.cli import main


def run(capsys, root, *argv):
    code = main(["--campaign-dir", str(root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_campaign_lifecycle(capsys, tmp_path):
    assert run(capsys, tmp_path, "campaign", "new", "Dusk", "--system", "minim", "--seed", "5",
               "--option", "npc_faith=pool")[0] == 0
    assert run(capsys, tmp_path, "campaign", "list")[1].split() == ["Dusk"]
    code, _, err = run(capsys, tmp_path, "campaign", "new", "Dusk")
    assert code == 2 and "already exists" in err

    code, out, _ = run(capsys, tmp_path, "character", "random", "Aria", "--campaign", "Dusk")
    assert code == 0 and "Aria (PC)" in out and "Health" in out
    code, out, _ = run(capsys, tmp_path, "npc", "new", "grumpy innkeeper", "--level", "2", "--name", "Olaf",
                       "--campaign", "Dusk")
    assert code == 0 and "Olaf (NPC)" in out
    code, out, _ = run(capsys, tmp_path, "character", "list", "--campaign", "Dusk")
    assert "Aria (PC)" in out and "Olaf (NPC)" in out

    code, out, _ = run(capsys, tmp_path, "sheet", "olaf", "--campaign", "Dusk", "--json")
    assert code == 0 and json.loads(out)["npc"] is True
    code, _, err = run(capsys, tmp_path, "sheet", "Nobody", "--campaign", "Dusk")
    assert code == 2 and "Aria" in err and "Olaf" in err  # unknown names list the known ones

    code, out, _ = run(capsys, tmp_path, "call", "minim_check", "--campaign", "Dusk",
                       "--args", '{"actor": "Aria", "skill": "stealth"}', "--explain")
    assert code == 0 and "Rules: minim.md#Tests" in out
    code, _, err = run(capsys, tmp_path, "call", "minim_check", "--campaign", "Dusk", "--args", '{"actor": "Aria"}')
    assert code == 2 and "trait" in err

    code, out, _ = run(capsys, tmp_path, "character", "edit", "Olaf", "--campaign", "Dusk", "--set", "concept=\"retired\"")
    assert code == 0 and "retired" in out
    code, _, err = run(capsys, tmp_path, "character", "edit", "Olaf", "--campaign", "Dusk", "--set", "health=99")
    assert code == 2 and "Health is 99" in err

    code, out, _ = run(capsys, tmp_path, "replay", "Dusk")
    assert code == 0 and out.startswith("OK:")
    code, out, _ = run(capsys, tmp_path, "undo", "--campaign", "Dusk")
    assert code == 0 and out.startswith("Undid: table_edit_character")  # made outside any action: the call
    code, out, _ = run(capsys, tmp_path, "campaign", "show", "Dusk", "--json")
    assert json.loads(out)["state"]["characters"]["Olaf"].get("concept") != "retired"

    export = tmp_path / "dusk.md"
    assert run(capsys, tmp_path, "campaign", "export", "Dusk", "--out", str(export))[0] == 0
    text = export.read_text()
    assert "`minim_check`" in text and "Dice:" in text and "rejected" in text

    code, _, err = run(capsys, tmp_path, "campaign", "delete", "Dusk")
    assert code == 2 and "--yes" in err
    assert run(capsys, tmp_path, "campaign", "delete", "Dusk", "--yes")[0] == 0
    assert run(capsys, tmp_path, "campaign", "list")[1] == ""


def test_bad_campaign_names_are_refused(capsys, tmp_path):
    for bad in ["../escape", "a/b", "", "x" * 100]:
        code, _, err = run(capsys, tmp_path, "campaign", "new", bad)
        assert code == 2 and "campaign name" in err
    assert not (tmp_path.parent / "escape").exists()
