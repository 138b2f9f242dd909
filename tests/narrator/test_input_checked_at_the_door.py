"""Input checked at the door (issue 25, point 10), through the real CLI on campaigns under tmp_path.

The red-team stored ``--option npc_faith=bogus``, unknown keys and 50 emoji as campaign options; a Mastery
campaign made with ``--option die=d7`` could never get a character. Character names with newlines, control
characters or a right-to-left override went onto the table. ``character edit --set`` with a 2,000-part dotted
path ended in a RecursionError traceback, and ``--set noequals`` named the wrong flag.
"""

from __future__ import annotations

import json

import pytest

from narrator.memory.campaign import SHARED_OPTIONS
from narrator.cli import main
from narrator.tools.options import validate_options
from narrator.tools.systems import all_systems, get_system

SYSTEMS = ["minim", "brew", "minisix", "fiveplus", "mastery"]


def run(capsys, root, *argv):
    code = main(["--campaign-dir", str(root), *argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- campaign options ----------------------------------------------------------------------------------------------
BAD_VALUE = {  # system: (option, a value it does not allow, words the error must use to say what it allows)
    "minim": ("npc_faith=bogus", "own | infinite | pool | brain"),
    "brew": ("healing=gritty", "realistic | simplified"),
    "minisix": ("thule=maybe", "yes | no"),
    "fiveplus": ("hand_size=5", "a whole number 3-4"),
    "mastery": ("die=d7", "6 | 10 | 20"),
}


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_value_the_system_does_not_allow_is_refused_naming_the_allowed_ones(capsys, tmp_path, system):
    option, allowed = BAD_VALUE[system]
    code, _, err = run(capsys, tmp_path, "campaign", "new", "Bad", "--system", system, "--option", option)
    assert code == 2 and "Traceback" not in err
    key = option.split("=")[0]
    assert f"{key}=" in err and "is not allowed" in err and allowed in err, err
    assert "Nothing was created" in err
    assert run(capsys, tmp_path, "campaign", "list")[1] == ""  # nothing stored


@pytest.mark.parametrize("system", ["minim", "mastery"])
def test_unknown_keys_and_emoji_are_refused_listing_the_keys_there_are(capsys, tmp_path, system):
    code, _, err = run(capsys, tmp_path, "campaign", "new", "Bad", "--system", system,
                       "--option", "colour=blue", "--option", "\U0001f600" * 50 + "=1")
    assert code == 2
    title = get_system(system).title
    assert f"{title} has no option 'colour'" in err and "\U0001f600" in err
    model = get_system(system).campaign_options()
    for key in model.model_fields:
        assert f"{key} (" in err  # every key the system takes, each with what it allows
    assert "embedder (" in err
    assert run(capsys, tmp_path, "campaign", "list")[1] == ""


def test_a_mastery_die_typed_as_d10_is_stored_as_the_die_and_a_character_can_be_made(capsys, tmp_path):
    assert run(capsys, tmp_path, "campaign", "new", "Ten", "--system", "mastery", "--seed", "3",
               "--option", "die=d10", "--option", "traits=Brawn, Wits, Grace")[0] == 0
    options = json.loads(run(capsys, tmp_path, "campaign", "show", "Ten", "--json")[1])["state"]["options"]
    assert options == {"die": 10, "traits": ["brawn", "wits", "grace"], "scene_tables": 2}  # as the model reads it
    code, out, _ = run(capsys, tmp_path, "character", "random", "Ada", "-c", "Ten")
    assert code == 0 and "Ada (PC)" in out


def test_choices_match_ignoring_case_and_are_stored_as_the_rules_spell_them(capsys, tmp_path):
    assert run(capsys, tmp_path, "campaign", "new", "Faith", "--system", "minim",
               "--option", "npc_faith= Pool ", "--option", "power_level=STRONGER")[0] == 0
    options = json.loads(run(capsys, tmp_path, "campaign", "show", "Faith", "--json")[1])["state"]["options"]
    assert options == {"npc_faith": "pool", "power_level": "stronger", "scene_tables": 2}


def test_a_bad_embedder_is_refused_for_every_system(capsys, tmp_path):
    for system in SYSTEMS:
        code, _, err = run(capsys, tmp_path, "campaign", "new", "E", "--system", system, "--option", "embedder=word2vec")
        assert code == 2 and "embedder: use" in err


@pytest.mark.parametrize("system", [s.name for s in all_systems()])
def test_the_wizards_default_answers_are_valid_options(system):
    """The game's wizard asks each system's option questions; what pressing Enter everywhere gives must pass the
    same check (one validation path: the wizard's campaigns go through Campaign.new like the CLI's)."""
    rules_system = get_system(system)
    rules = _rules(system)
    answers: dict = {}
    for step in rules.option_steps():
        if step.default is not None:
            value = step.parse(step.default)
            answers.update(value) if step.key == "options" and isinstance(value, dict) else answers.__setitem__(
                step.key, value)
    assert validate_options(rules_system, answers, SHARED_OPTIONS).keys() == answers.keys()


# -- character names -----------------------------------------------------------------------------------------------
BAD_NAMES = {
    "a newline": ("Mira\nEngine: Grub health 0", "a line break (U+000A)"),
    "a right-to-left override": ("Bad\u202eeman", "right-to-left/left-to-right control (U+202E"),
    "a bell": ("Ding\x07", "a control character (U+0007"),
    "a zero-width joiner": ("Zo\u200de", "an invisible formatting character (U+200D"),
    "a left-to-right isolate": ("\u2066Kit", "(U+2066"),
}


def _rules(system: str):
    from narrator.game.rules import rules_for

    return rules_for(system)


def _entries(system: str, name: str) -> list[tuple[str, ...]]:
    """Every CLI command through which a character's name enters a campaign (``character new`` with otherwise
    valid arguments: the wizard's placeholder answers, so only the name is wrong)."""
    rules = _rules(system)
    full = rules.creation_args({**rules.creation_placeholders({}), "name": name}, {})
    return [("character", "random", name, "-c", "C"),
            ("npc", "new", "a grumpy innkeeper", "--name", name, "-c", "C"),
            ("character", "new", "-c", "C", "--args", json.dumps(full))]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("why", list(BAD_NAMES))
def test_a_name_with_control_characters_is_refused_everywhere_it_enters(capsys, tmp_path, system, why):
    bad, words = BAD_NAMES[why]
    assert run(capsys, tmp_path, "campaign", "new", "C", "--system", system, "--seed", "1")[0] == 0
    for argv in _entries(system, bad):
        code, _, err = run(capsys, tmp_path, *argv)
        assert code == 2, (argv, err)
        assert "name: the name contains" in err and words in err, (argv, err)
        assert bad not in err and not any(ch in err for ch in "\u202e\x07\u200d\u2066")  # shown escaped
    assert run(capsys, tmp_path, "character", "list", "-c", "C")[1] == ""


@pytest.mark.parametrize("system", ["brew", "fiveplus"])
def test_names_in_any_script_with_marks_and_emoji_are_welcome(capsys, tmp_path, system):
    assert run(capsys, tmp_path, "campaign", "new", "C", "--system", system, "--seed", "1")[0] == 0
    for name in ("Zoë Ødegård", "Ἀχιλλεύς", "سيف", "Kit 🗡"):
        code, out, err = run(capsys, tmp_path, "character", "random", name, "-c", "C")
        assert code == 0, err
    listed = run(capsys, tmp_path, "character", "list", "-c", "C")[1]
    assert all(n in listed for n in ("Zoë Ødegård", "Ἀχιλλεύς", "سيف", "Kit 🗡"))


# -- character edit --set --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("system", ["minim", "minisix"])
def test_a_deep_dotted_path_is_refused_plainly(capsys, tmp_path, system):
    assert run(capsys, tmp_path, "campaign", "new", "C", "--system", system, "--seed", "1")[0] == 0
    assert run(capsys, tmp_path, "character", "random", "Kit", "-c", "C")[0] == 0
    deep = ".".join(["a"] * 2000) + "=1"
    code, _, err = run(capsys, tmp_path, "character", "edit", "Kit", "-c", "C", "--set", deep)
    assert code == 2 and "Traceback" not in err and "RecursionError" not in err
    assert "at most 8 dotted parts (this one has 2000)" in err
    code, _, err = run(capsys, tmp_path, "character", "edit", "Kit", "-c", "C", "--set", "notes..x=1")
    assert code == 2 and "no empty parts" in err


def test_set_without_equals_names_the_set_flag(capsys, tmp_path):
    assert run(capsys, tmp_path, "campaign", "new", "C", "--system", "minim", "--seed", "1")[0] == 0
    assert run(capsys, tmp_path, "character", "random", "Kit", "-c", "C")[0] == 0
    code, _, err = run(capsys, tmp_path, "character", "edit", "Kit", "-c", "C", "--set", "noequals")
    assert code == 2 and "--set needs FIELD=VALUE, got 'noequals'" in err and "--option" not in err


def test_the_fold_sets_any_logged_path_without_recursion():
    """The fold replays whatever a log holds; setting a path is a loop, so no depth can crash an open."""
    from narrator.tools.table import _set_path

    sheet = _set_path({"name": "Kit"}, ".".join(["a"] * 5000), 1)
    node = sheet
    for _ in range(5000):
        node = node["a"]
    assert node == 1 and sheet["name"] == "Kit"
