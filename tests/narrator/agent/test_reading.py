"""The player's words as the router's classifier reads them (:mod:`narrator.agent.reading`), with the real router
on tables named as play names them."""

from __future__ import annotations

from narrator.agent.evaluate import table_for
from narrator.agent.reading import as_read
from narrator.agent.router import RouterProposer


def test_a_long_npc_name_is_read_as_its_head_noun():
    """Played in Mini Six: "I kick Corrupt Corporate Security in the knee" was read as intimidation first (the
    name's adjectives); the classifier reads the name's head noun, as its training lines say "the guard"."""
    state = table_for("minisix", [{"name": "Dex"}, {"name": "Corrupt Corporate Security", "npc": True}], None)
    assert as_read("I kick Corrupt Corporate Security in the knee", state, "Dex") == "I kick the security in the knee"
    assert as_read("I kick Dex", state, "Dex") == "I kick Dex"  # a one-word name, or the actor's, is left
    p = RouterProposer().propose("I kick Corrupt Corporate Security in the knee", state, "Dex")
    assert (p.tool, p.call_args["kind"], p.call_args["defender"]) == \
        ("minisix_attack_target", "brawling", "Corrupt Corporate Security")


def test_what_someone_else_could_do_is_not_the_players_act():
    """Played in Brew: "I grab the smuggler's arm before he can run" was a chase; what the smuggler could do is his.
    What an ally is helped to do stays ("so Brom can hit it" is a help)."""
    state = table_for("brew", [{"name": "Mags"}, {"name": "River Smuggler", "npc": True}], None)
    assert as_read("I grab the smuggler's arm before he can run", state, "Mags") == "I grab the smuggler's arm"
    assert as_read("I shoot the guard before he gets a chance to get away", state, "Mags") == "I shoot the guard"
    assert as_read("I draw the wolf's attention so Brom can hit it", state, "Mags").endswith("so Brom can hit it")
    p = RouterProposer().propose("I grab the smuggler's arm before he can run", state, "Mags")
    assert p.tool != "brew_chase_target"
