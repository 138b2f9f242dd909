"""The lexical index (BM25) beside the vector memory: rare shared words rank first, writes and deletes follow."""

from __future__ import annotations

import pytest

from narrator.memory.lexical import LexicalIndex, stem, terms


@pytest.mark.parametrize("word,stemmed", [("signals", "signal"), ("signalled", "signal"), ("painted", "paint"),
                                          ("stashed", "stash"), ("ferries", "ferry"), ("boxes", "box"),
                                          ("stones", "stone"), ("stopped", "stop"), ("moss", "moss"), ("key", "key")])
def test_light_stemming_joins_the_forms_a_question_uses(word, stemmed):
    assert stem(word) == stemmed


def test_stop_words_and_case_do_not_count():
    assert terms("Which SIGNAL did she leave for us?") == ["signal", "leave"]


def test_the_rare_word_a_question_shares_ranks_its_memory_first():
    """The issue's miss: 'which signal did she leave?' against 'We row back to the harbour before dawn.'"""
    index = LexicalIndex.build([
        ("turn-3", "Aria: I paint a heron on the harbour wall as a signal for Kessa"),
        ("turn-9", "Brom: We row back to the harbour before dawn."),
        ("turn-12", "Aria: I ask the harbour master about the tides at the harbour"),
    ])
    assert [rid for rid, _ in index.search("which signal did she leave?", 3)] == ["turn-3"]
    assert index.search("the harbour", 3)[0][0] == "turn-12"  # two mentions in a short line
    assert index.search("a cloudless sky", 3) == []  # no shared word: no lexical match at all


def test_a_replaced_or_forgotten_document_leaves_no_trace():
    index = LexicalIndex.build([("turn-1", "a heron in the reeds"), ("turn-2", "the ferry")])
    index.put("turn-1", "an otter in the reeds")
    assert index.search("heron", 5) == [] and index.search("otter", 5)[0][0] == "turn-1"
    index.forget("turn-1")
    index.forget("turn-404")  # unknown: nothing happens
    assert len(index) == 1 and "reed" not in index.postings and index.total == len(terms("the ferry"))
    assert index.live_ids() == {"turn-2"} and index.search("ferry", 5)[0][0] == "turn-2"


def test_many_replacements_compact_and_keep_the_ranking():
    index = LexicalIndex()
    for round_ in range(5):  # a turn's record is written again as its events arrive
        for i in range(100):
            index.put(f"turn-{i}", f"round {round_} a lantern" + (" and a heron" if i == 42 else ""))
    assert len(index) == 100 and len(index.ids) < 300  # the dead entries were dropped along the way
    assert index.search("heron", 3)[0][0] == "turn-42" and len(index.search("lantern", 200)) == 100
