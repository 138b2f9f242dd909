"""``narrator play`` from the command line: options checked before the screen opens, and a whole run on a pipe."""

from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from narrator.memory.campaign import Campaign
from narrator.cli import build_parser, main
from narrator.commands.play import cmd_play


def test_play_is_a_subcommand_with_its_options():
    ns = build_parser().parse_args(["play", "--campaign", "Saga", "--mode", "teach", "--seed", "3", "--no-model",
                                    "--proposer", "router"])
    assert ns.func is cmd_play and ns.mode == "teach" and ns.seed == 3 and ns.no_model and ns.campaign == "Saga"


def test_bad_options_exit_2_before_the_screen(capsys, tmp_path):
    assert main(["--campaign-dir", str(tmp_path), "play", "--system", "gurps"]) == 2
    assert "Unknown system 'gurps'" in capsys.readouterr().err
    assert main(["--campaign-dir", str(tmp_path), "play", "--model", "a.gguf", "--server", "http://x"]) == 2
    assert "Choose --model or --server" in capsys.readouterr().err


def test_a_whole_run_from_the_command_line(capsys, tmp_path):
    keys = "".join(k + "\r" for k in ["", "", "r", "Aria", "", "d", "/oracle Is it night? likely", "/quit"])
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(keys)
        code = main(["--campaign-dir", str(tmp_path), "play", "--campaign", "Cli", "--no-model", "--no-memory",
                     "--seed", "9"])
    assert code == 0 and "Goodbye. 'Cli' is saved" in capsys.readouterr().out
    with Campaign.open("Cli", tmp_path) as c:
        assert c.master_seed == 9 and "Aria" in c.state.characters
        assert [e.payload["tool"] for e in c.events() if e.kind == "tool_call"] == [
            "minim_add_random_character", "story_scene", "story_oracle"]  # solo play opens with a scene
