"""Rulings from the five rulebooks: sections split by heading and cited as tools cite (``minim.md#Tests``), a
question per book answered from that book, a worked tool case where a tool matches, and an index that re-indexes
only the books whose content changed."""

from __future__ import annotations

import re
import shutil

import pytest

from narrator.memory.chroma import open_client
from narrator.memory.rulebooks import RulebookIndex, is_plain_heading, rulebooks_dir, split_book
from narrator.memory.rulings import MIN_TOOL_SIMILARITY, examples, rulings_in, worked_case
from narrator.memory.vector import rulings
from narrator.tools.contract import RULE_REF
from narrator.tools.registry import default_registry

BOOKS = ("minim.md", "mastery.md", "mini-six.md", "five-plus.md", "brew.md")

QUESTIONS = [  # (question, system, the section that answers it)
    ("what happens when an attacker fumbles", "minim", "minim.md#Fumbles"),
    ("how are triumphs spent to raise skills", "mastery", "mastery.md#Character Creation and Advancement"),
    ("how does the wild die work", "mini-six", "mini-six.md#Dice Basics"),
    ("what do descriptors do", "five-plus", "five-plus.md#Descriptors"),
    ("how long can a character go without sleep", "brew", "brew.md#Sleep"),
]


def _headings(book: str) -> set[str]:
    """Every heading as written in the book: markdown '#' lines, else the title lines of a converted PDF."""
    lines = (rulebooks_dir() / book).read_text(encoding="utf-8").splitlines()
    marked = {re.sub(r"^#+\s*", "", line).strip() for line in lines if re.match(r"^#{1,6}\s", line)}
    return marked or {line.strip() for line in lines if is_plain_heading(line)}


def test_every_book_splits_into_sections_cited_by_their_exact_headings():
    for book in BOOKS:
        sections = split_book(book, (rulebooks_dir() / book).read_text(encoding="utf-8"))
        assert len(sections) >= 8, book
        headings = _headings(book)
        for s in sections:
            assert RULE_REF.match(s.citation), s.citation
            assert s.heading in headings or s.heading == "(start)", (book, s.heading)


@pytest.mark.slow
def test_the_citations_tools_make_are_sections_of_the_index(rules_home):
    """A passage cited by the rules index and a step cited by a tool point at the same section names."""
    import narrator.memory.vector
    from narrator import memory

    got = memory.vector._RULES.collection.get(where={"book": "minim.md"}, include=["metadatas"])
    cited = {m["citation"] for m in got["metadatas"]}
    registry = default_registry()
    for tool, args in examples().items():
        refs = worked_case(tool, 1.0, registry).rule_refs
        assert set(r for r in refs if r.startswith("minim.md#")) <= cited, (tool, refs)


@pytest.mark.slow
@pytest.mark.parametrize("question,system,section", QUESTIONS)
def test_a_question_per_book_is_answered_from_that_book(rules_home, question, system, section):
    answer = rulings(question, system, k=3)
    assert answer.passages[0].citation == section
    assert all(p.book == f"{system}.md" for p in answer.passages)
    assert answer.citations[0] == section


@pytest.mark.slow
def test_a_section_the_question_names_comes_first(rules_home):
    """Played in Brew teach: "what does Lucky do?" quoted *Unlucky* first and *Lucky* second. A heading the question
    names in whole words leads; one it only contains part of (Unlucky) does not."""
    answer = rulings("what does Lucky do?", "brew", k=3)
    assert answer.passages[0].citation == "brew.md#Lucky"
    assert rulings("what does Unlucky do?", "brew", k=3).passages[0].citation == "brew.md#Unlucky"


@pytest.mark.slow
@pytest.mark.parametrize("question,system,section", [
    ("what does contacts do?", "minim", "minim.md#Powers"),  # one clause: "social-based powers like contacts"
    ("what is a virtue?", "minim", "minim.md#Faith"),  # "acts according to their **virtue** or **vice**"
    ("what does Superstitious do?", "brew", "brew.md#Choose Tricks and Flaws"),  # the flaw's only example
    ("what are CP for?", "mini-six", "mini-six.md#Spending Character Points (CP)"),  # the heading holds the term
    ("what is a descriptor?", "five-plus", "five-plus.md#Descriptors"),  # its plural before "Descriptor Effects"
])
def test_a_term_asked_about_is_found_where_the_book_mentions_it(rules_home, question, system, section):
    """Played in Minim teach: "what does contacts do?" quoted Zones, Skills and the book's introduction; the one
    sentence about contacts is in Powers, far from the question's meaning. "What is X?" / "what does X do?" also
    searches the sections that mention X, and puts them first."""
    from narrator.memory.questions import asked_term

    assert asked_term(question) is not None and asked_term("how do I hide?") is None
    assert rulings(question, system, k=3).passages[0].citation == section


@pytest.mark.slow
def test_rulings_search_all_books_when_no_system_is_given(rules_home):
    answer = rulings("what happens on a fumble", None, k=3)
    assert answer.passages[0].citation == "minim.md#Fumbles"
    assert answer.worked is not None and answer.worked.tool == "minim_fumble"


@pytest.mark.slow
def test_a_matching_tool_explains_a_worked_case_with_a_fixed_seed(rules_home):
    answer = rulings("how do I roll a test with a trait and a skill", "minim")
    assert answer.worked is not None and answer.worked.tool == "minim_test"
    assert answer.worked.args == {"trait": 3, "skill": "fight", "has_skill": True, "trait_name": "brawl"}
    assert answer.worked.steps and "minim.md#Tests" in answer.worked.rule_refs
    assert answer.worked.explanation.startswith("minim_test: ") and "Rules: minim.md#Tests" in answer.worked.explanation
    assert rulings("how do I roll a test with a trait and a skill", "minim").worked == answer.worked  # same seed
    assert answer.worked.similarity >= MIN_TOOL_SIMILARITY
    assert "Worked example (minim_test" in answer.render()


@pytest.mark.slow
def test_no_worked_case_when_no_tool_fits(rules_home):
    assert rulings("what should my setting's genre be", "brew").worked is None  # a question of taste, no mechanic


def test_every_canned_example_is_valid_and_runs():
    registry = default_registry()
    for tool in examples():
        case = worked_case(tool, 1.0, registry)
        assert case.steps and case.explanation.startswith(f"{tool}: ")


def test_the_index_reindexes_only_books_whose_content_changed(tmp_path):
    books = tmp_path / "books"
    books.mkdir()
    shutil.copy(rulebooks_dir() / "mastery.md", books / "mastery.md")  # the smallest book keeps this quick
    index = RulebookIndex(open_client(tmp_path / "index"), books)
    assert index.ensure() == ["mastery.md"]
    count = index.collection.count()
    assert index.ensure() == []  # unchanged: nothing re-embedded
    reopened = RulebookIndex(open_client(tmp_path / "index"), books)
    assert reopened.ensure() == [] and reopened.collection.count() == count
    (books / "mastery.md").write_text((books / "mastery.md").read_text() + "\nSecret Rule\nDragons always win.\n")
    assert reopened.ensure() == ["mastery.md"]
    assert reopened.search("do dragons win", "mastery", 1)[0].citation == "mastery.md#Secret Rule"
    (books / "tiny.md").write_text("# Luck\nRoll a d6; on a 6 you are lucky.\n")
    assert reopened.ensure() == ["tiny.md"]
    (books / "tiny.md").unlink()
    assert reopened.ensure() == []
    assert reopened.collection.get(where={"book": "tiny.md"})["ids"] == []
    assert rulings_in(reopened, "lucky", None, 1).passages[0].book == "mastery.md"
