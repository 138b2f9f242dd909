"""The LLM proposer through the scripted backend: schema, validation, repairs with the error text, fallbacks."""

from __future__ import annotations

import json

from narrator.models.scripted import ScriptedBackend
from narrator.agent.llm_proposer import LLMProposer
from narrator.agent.specs import specs_for
from narrator.tools.proposals import proposal_schema

GOOD = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth"}})


class FixedFallback:
    name = "fixed"

    def propose(self, text, state, actor=None):
        from narrator.tools.proposals import Proposal

        return Proposal(tool="no_roll", args={"reason": "fallback"}, source="fixed")


def test_schema_lists_table_names_as_enums(campaign):
    schema = proposal_schema(list(specs_for("minim")), campaign.state)
    check = next(v for v in schema["anyOf"] if v["properties"]["tool"]["const"] == "minim_check")
    assert check["properties"]["args"]["properties"]["actor"]["enum"] == ["Aria", "Brom", "Guard"]
    move = next(v for v in schema["anyOf"] if v["properties"]["tool"]["const"] == "table_move")
    assert move["properties"]["args"]["properties"]["zone"]["enum"] == ["gate", "courtyard", "tower"]
    assert "modifier" not in json.dumps(schema)  # the model never picks a number


def test_valid_answer_becomes_an_engine_call(campaign):
    backend = ScriptedBackend([GOOD])
    p = LLMProposer(backend).propose("I sneak past the guard", campaign.state, "Aria")
    assert p.tool == "minim_check" and p.call_args["skill"] == "stealth" and p.call_args["modifier"] == 0
    messages, settings = backend.calls[0]
    assert settings.json_schema is not None and "I sneak past the guard" in messages[-1].content


def test_repairs_send_the_error_text_back(campaign):
    bad_name = json.dumps({"tool": "minim_check", "args": {"actor": "Zed", "skill": "stealth"}})
    backend = ScriptedBackend(["not json at all", bad_name, GOOD])
    p = LLMProposer(backend).propose("I sneak", campaign.state, "Aria")
    assert p.tool == "minim_check" and p.source == "llm+repair"
    second_prompt = backend.calls[1][0][-1].content
    assert "not valid JSON" in second_prompt
    third_prompt = backend.calls[2][0][-1].content
    assert "Zed" in third_prompt  # the schema error names the bad value


def test_after_two_repairs_the_fallback_decides(campaign):
    backend = ScriptedBackend(["{}", "[]", '{"tool": "fly"}'])
    p = LLMProposer(backend, fallback=FixedFallback()).propose("I fly", campaign.state, "Aria")
    assert len(backend.calls) == 3
    assert p.tool == "no_roll" and p.source.startswith("llm->fallback")


def test_without_fallback_it_asks_to_clarify(campaign):
    p = LLMProposer(ScriptedBackend(["nope"] * 3)).propose("???", campaign.state, "Aria")
    assert p.tool == "clarify"


def test_numbers_in_the_answer_are_rejected(campaign):
    sneaky = json.dumps({"tool": "minim_check", "args": {"actor": "Aria", "skill": "stealth", "modifier": 5}})
    backend = ScriptedBackend([sneaky, GOOD])
    p = LLMProposer(backend).propose("I sneak, +5 because I'm great", campaign.state, "Aria")
    assert p.call_args["modifier"] == 0
    assert "modifier" in backend.calls[1][0][-1].content


def test_hostile_answers_are_repaired_not_crashes(campaign):
    """A 1,000-deep answer (json.loads recursion) and a 5,000-digit number (int() limit) used to escape as
    RecursionError / ValueError; now each is a repairable message sent back to the model."""
    bombs = ["[" * 100_000, '{"tool": "minim_check", "args": {"actor": "Aria", "n": ' + "1" * 5000 + "}}"]
    backend = ScriptedBackend([*bombs, GOOD])
    p = LLMProposer(backend).propose("I sneak", campaign.state, "Aria")
    assert p.tool == "minim_check" and p.source == "llm+repair"
    assert "nested deeper than 64 levels" in backend.calls[1][0][-1].content
    assert "longer than 100 digits" in backend.calls[2][0][-1].content


def test_hybrid_survives_a_nesting_bomb(campaign):
    from narrator.agent.hybrid import HybridProposer
    from narrator.agent.router import Candidate

    class TwoCandidates:
        def rank(self, text, state, actor=None):
            return [Candidate("no_roll", 0.9), Candidate("clarify", 0.8)]

    backend = ScriptedBackend(['{"choice": ' + "[" * 100_000])
    p = HybridProposer(TwoCandidates(), backend).propose("I wait", campaign.state, "Aria")
    assert p.tool == "no_roll" and "did not parse" in p.note
