"""The idioms the phrase tables share (:mod:`tools.phrases`) and the phrases several systems say alike
(:mod:`tools.common_phrases`): each written once, so a table that calls them says exactly what it wrote before."""

from __future__ import annotations

import pytest
from narrator.tools import common_phrases as common
from narrator.tools.phrases import clause, counted, pairs, plural, signed


def test_pairs_lists_names_and_values_in_order():
    assert pairs([["Power", 3], ["Wits", 2]]) == "Power 3, Wits 2"
    assert pairs({"languages": 1, "wealth": 2}) == "languages 1, wealth 2"  # a mapping's items, in order
    assert pairs([]) == ""  # so a table can say `pairs(...) or 'none'`


@pytest.mark.parametrize(("each", "sep", "said"), [
    ("{} {:+d}", ", ", "Might +1, Wits +0, Grit -2"),  # a rating: +0, as Mastery's sheets write it
    ("{} {:signed}", ", ", "Might +1, Wits ±0, Grit -2"),  # a modifier as the books write it
    ("{} +{}D", "; ", "Might +1D; Wits +0D; Grit +-2D"),
])
def test_pairs_writes_each_pair_with_its_own_words(each, sep, said):
    assert pairs([["Might", 1], ["Wits", 0], ["Grit", -2]], each, sep) == said


def test_pairs_takes_triples_and_reprs():
    assert pairs([["Ann", "Fight", 3], ["Bo", "Sneak", 1]], "{} {} {}") == "Ann Fight 3, Bo Sneak 1"
    assert pairs([["hp", 3, 5]], "{} {!r} → {!r}") == "hp 3 → 5"


@pytest.mark.parametrize(("n", "said"), [(0, "0 hits"), (1, "1 hit"), (2, "2 hits"), (-1, "-1 hits")])
def test_counted_says_the_plural_for_everything_but_one(n, said):
    assert counted(n, "hit") == said


def test_plural_takes_an_irregular_plural():
    assert [plural(n, "box", "boxes") for n in (0, 1, 2)] == ["boxes", "box", "boxes"]
    assert counted(1, "box is", "boxes are") == "1 box is"


@pytest.mark.parametrize(("value", "said"), [("a potion", " (a potion)"), (None, ""), ("", ""), (0, ""), ([], "")])
def test_clause_is_said_only_with_a_value(value, said):
    assert clause(" ({})", value) == said


def test_clause_formats_its_value_and_may_be_constant():
    assert clause(", tuned {:+d}", 2) == ", tuned +2"
    assert clause(" {:signed}", -1) == " -1"
    assert clause(", activated", True) == ", activated" and clause(", activated", False) == ""


def test_signed_writes_zero_as_the_books_do():
    assert [signed(n) for n in (3, 0, -2, 100)] == ["+3", "±0", "-2", "+100"]


def test_sheet_verdict():
    assert [common.sheet_verdict("Ann", n) for n in (0, 1, 3)] == ["Ann: valid", "Ann: 1 rule violation",
                                                             "Ann: 3 rule violations"]


def test_rolled_among_names_the_die_by_the_list():
    assert common.rolled_among({"among": ["Fight", "Sneak", "Talk"], "face": 2, "group": "Sneak"}, "group") == \
        "Rolled d3=2 among Fight, Sneak, Talk → Sneak."


def test_modifier_words_sums_the_parts_and_names_them():
    v = {"given": 2, "parts": [[-1, "aim"], [0, "wounded"]]}
    assert common.modifier_words(v) == "Modifier +1 = +2 given, -1 aim, ±0 wounded."
    assert common.modifier_words(v, {"aim": "aimed last turn"}) == \
        "Modifier +1 = +2 given, -1 aimed last turn, ±0 wounded."
    assert common.modifier_words({"given": 0, "parts": [[1, "x"]]}) == "Modifier +1 = +1 x."


def test_condition_words_say_the_meaning_and_the_timer_when_there_are_some():
    assert common.condition_words({"condition": "fallen", "meaning": None, "ends": None, "of": None}) == "fallen"
    assert common.condition_words({"condition": "fallen", "meaning": "-1 to all actions", "ends": "end_of_turn",
                            "of": "Hero"}) == "fallen (-1 to all actions) until the end of Hero's next turn"
    assert common.condition_words({"condition": "dazed", "meaning": "", "ends": "end_of_round", "of": "Hero"}) == \
        "dazed until the end of the round"


def test_joins_fight_and_concept_words():
    assert common.joins_fight({"name": "Rat", "position": 2, "order": ["Ann", "Rat"]}) == \
        "Rat joins the fight at position 2: Ann, Rat"
    assert common.concept_words({"concept": "", "labels": []}) == ""
    assert common.concept_words({"concept": "hedge witch", "labels": ["Survival", "a sickle"]}) == \
        "For a hedge witch: Survival, a sickle."


def test_minim_says_a_condition_as_the_shared_turn_rules_do():
    """Minim's table and tools.turns.condition_text (a refused action) read the same words: they cannot drift."""
    from narrator.tools.phrases import say
    from narrator.tools.steps import step

    held = {"condition": "fallen", "meaning": "-1 to all actions", "ends": "start_of_turn", "of": "Bo"}
    shared = say(step("table.condition", **held))
    assert say(step("minim.has_condition", name="Ann", condition=held)) == f"Ann is {shared}."
    assert say(step("minim.now_has", name="Ann", condition=held)) == f"Ann is now {shared}."


def test_a_span_whose_ends_read_the_same_is_one_number():
    """Seen in Brew solo: a journey by horseback read "10 km by horseback: 1.4-1.4 h" and "about 1-1 hours"."""
    from narrator.tools.phrases import span, say
    from narrator.tools.steps import step

    assert span(1.4, 1.4, ".1f") == "1.4" and span(1.2, 1.44, ".1f") == "1.2-1.4" and span(1.4, 1.2, ".0f") == "1"
    assert say(step("brew.travel", km=10, mode="horseback", fast=1.43, slow=1.43)) == "10 km by horseback: 1.4 h"


def test_templates_write_lists_pairs_and_capitals_with_their_specs():
    """The specs that let a phrase be a format string (data) rather than a function: issue 30's words as data."""
    from narrator.tools.phrases import _FORMAT

    line = "{who:cap} has {items:join}; {traits:pairs}; {mod:signed}"
    said = _FORMAT.vformat(line, (), {"who": "mara", "items": ["rope", 3], "traits": [["Power", 3], ["Wits", 2]],
                                      "mod": 0})
    assert said == "Mara has rope, 3; Power 3, Wits 2; ±0"
    assert clause(" ({:join})", ["a", "b"]) == " (a, b)"


def test_a_systems_templates_are_joined_with_its_computed_phrases(tmp_path):
    from narrator.tools.phrases import PhraseError, with_templates

    module = tmp_path / "phrases.py"
    (tmp_path / "phrases.toml").write_text('# words\nrolled = "{name} rolls {face}"\n"kind:what" = "x"\n')
    table = with_templates(str(module), {"total": lambda v: str(v["n"])})
    assert set(table) == {"rolled", "kind:what", "total"}
    with pytest.raises(PhraseError, match="rolled also computed in phrases.py"):
        with_templates(str(module), {"rolled": lambda v: ""})


@pytest.mark.parametrize("text, problem", [('rolled = 3\n', "rolled are not"), ('rolled = "a\n', "cannot be read")])
def test_a_bad_templates_file_is_named_with_what_is_wrong(tmp_path, text, problem):
    from narrator.tools.phrases import PhraseError, templates

    (tmp_path / "phrases.toml").write_text(text)
    with pytest.raises(PhraseError, match=problem):
        templates(str(tmp_path / "phrases.py"))


def test_every_systems_templates_parse_and_use_only_known_specs():
    """A template with a stray brace or an unknown spec would fail only when its step is first rendered."""
    import string
    from pathlib import Path

    import narrator.tools.systems as systems
    from narrator.tools.phrases import _SPECS, templates

    files = sorted(Path(systems.__file__).parent.glob("*/phrases.toml"))
    assert len(files) >= 5
    for f in files:
        for key, line in templates(str(f)).items():
            fields = [(name, spec) for _, name, spec, _ in string.Formatter().parse(line) if name is not None]
            for name, spec in fields:
                assert name.isidentifier(), (f.parent.name, key, name)
                assert not spec or spec in _SPECS or spec[-1] in "dgfs%", (f.parent.name, key, spec)


def test_a_list_is_said_as_a_sentence_says_it():
    from narrator.tools.phrases import listed

    assert [listed(x) for x in (["a"], ["a", "b"], ("a", "b", "c"))] == ["a", "a and b", "a, b and c"]
