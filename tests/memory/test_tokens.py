"""Word against word (``memory/tokens.py``): token vectors of the packaged MiniLM's embedding layer, MaxSim, and
the reordering of recall's best memories by it."""

from __future__ import annotations

import numpy as np
import pytest

from narrator.memory.chroma import EmbedderSpec
from narrator.memory.recall import Memory, by_words
from narrator.memory.tokens import RERANK, W_TOKENS, maxsim, token_vectors


@pytest.fixture(scope="module")
def tokens():
    return token_vectors(EmbedderSpec("recall"))


def test_only_minilm_and_its_tuned_recall_version_have_token_vectors():
    assert token_vectors(EmbedderSpec("minilm")) is not None
    assert token_vectors(EmbedderSpec("recall")) is token_vectors(EmbedderSpec("recall"))  # loaded once
    assert token_vectors(EmbedderSpec("gguf", "/some/model.gguf")) is None


def test_a_text_has_a_unit_vector_per_wordpiece_without_cls_and_sep(tokens):
    [v] = tokens.vectors(["chalk dust"])
    words = tokens.session.tokenizer.encode("chalk dust").tokens
    assert v.shape == (len(words) - 2, 384) and np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


def test_maxsim_of_a_text_with_itself_is_one_and_a_shared_detail_counts(tokens):
    q, same, detail, other = tokens.vectors(["what was on the lawman's boots",
                                             "what was on the lawman's boots",
                                             "The sheriff steps in, chalk dust on his boots, and asks for the driver.",
                                             "The sheriff steps in and asks for the driver."])
    assert maxsim(q, same) == pytest.approx(1.0, abs=1e-5)
    assert maxsim(q, detail) > maxsim(q, other)


def _memory(i: int, text: str, score: float) -> Memory:
    return Memory(f"turn-{i}", "turn", text, score, score)


def test_the_best_are_ordered_again_by_words_and_the_rest_keep_their_places(tokens):
    """A memory the vectors put second, whose words answer the question ("boots"), comes first; its score is the
    old one plus W_TOKENS times its MaxSim; memories past RERANK are not read."""
    question = "what was on the lawman's boots when he came in?"
    head = [_memory(1, "The sheriff asks for the driver and leaves.", 0.50),
            _memory(2, "The sheriff comes in, chalk dust on his boots.", 0.48)]
    filler = [_memory(10 + i, f"We row across the harbour, stroke {i}.", 0.3 - i / 100) for i in range(RERANK)]
    ranked = by_words(head + filler, question, tokens)
    assert [m.id for m in ranked[:2]] == ["turn-2", "turn-1"]
    q, d = tokens.vectors([question, head[1].text])
    assert ranked[0].score == pytest.approx(0.48 + W_TOKENS * maxsim(q, d), abs=1e-5)
    assert ranked[RERANK:] == (head + filler)[RERANK:]
    assert by_words(head[:1], question, tokens) == head[:1]
