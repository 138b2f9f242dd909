"""The narrator's chromadb embedding function: registered, reopened by a fresh process from chromadb's registry,
offline (chromadb's downloading default is never called), and replaceable by configuration."""

from __future__ import annotations

import math

import pytest
from chromadb.utils.embedding_functions import known_embedding_functions
from vector_support import run_child

from narrator.memory.campaign import Campaign
from narrator.memory.chroma import EF_NAME, EmbedderSpec, NarratorEmbedding, load_embedder, open_client, spec_from
from narrator.memory.embedder import minilm_files
from narrator.memory.errors import MemoryStoreError
from narrator.memory.vector import CampaignMemory


def test_registered_under_its_name_and_rebuilt_from_its_config():
    assert known_embedding_functions[EF_NAME] is NarratorEmbedding
    ef = NarratorEmbedding()
    again = NarratorEmbedding.build_from_config(ef.get_config())
    assert again.spec == ef.spec and ef.get_config() == {"kind": "minilm"}
    vectors = again(["the innkeeper", "a hidden key"])
    assert len(vectors) == 2 and len(vectors[0]) == 384
    assert math.isclose(float((vectors[0] ** 2).sum()), 1.0, rel_tol=1e-4)  # normalised: cosine == dot


def test_a_collection_reopens_with_its_embedding_function_in_a_new_process(tmp_path):
    assert run_child("raw-write", str(tmp_path / "db")) == {"count": 3}
    seen = run_child("raw-read", str(tmp_path / "db"))
    assert seen["ef"] == "NarratorEmbedding" and seen["config"] == {"kind": "minilm"}
    assert seen["ids"][0] == "key"


def test_spec_from_campaign_options_then_environment_then_the_recall_embedder(tmp_path):
    model, tokenizer, sha = minilm_files()
    assert spec_from({}, env={}) == EmbedderSpec("recall") == spec_from({"embedder": "recall"}, env={})
    assert spec_from({"embedder": "minilm"}, env={"NARRATOR_EMBED_GGUF": "/x.gguf"}) == EmbedderSpec()
    assert EmbedderSpec("recall").identity().startswith("recall:") and EmbedderSpec().identity().startswith("minilm:")
    onnx = {"embedder": {"onnx": str(model), "tokenizer": str(tokenizer)}}
    assert spec_from(onnx, env={"NARRATOR_EMBED_GGUF": "/x.gguf"}) == EmbedderSpec("onnx", str(model), str(tokenizer))
    assert spec_from({}, env={"NARRATOR_EMBED_GGUF": "/x.gguf"}) == EmbedderSpec("gguf", "/x.gguf")
    assert spec_from({}, env={"NARRATOR_EMBED_ONNX": str(model), "NARRATOR_EMBED_TOKENIZER": str(tokenizer),
                              "NARRATOR_EMBED_SHA256": sha}) == EmbedderSpec("onnx", str(model), str(tokenizer), sha)
    with pytest.raises(MemoryStoreError):
        spec_from({"embedder": {"onnx": str(model)}}, env={})  # an ONNX model needs its tokenizer
    with pytest.raises(MemoryStoreError):
        spec_from({"embedder": "word2vec"}, env={})


def test_a_campaign_configured_with_another_onnx_model_uses_it_and_a_change_rebuilds(tmp_path, unique_name):
    """The packaged model given as a plain ONNX path stands in for "another model": its identity is its sha256."""
    model, tokenizer, sha = minilm_files()
    options = {"embedder": {"onnx": str(model), "tokenizer": str(tokenizer)}}
    with Campaign.new(unique_name, "minim", options=options, seed=5, root=tmp_path) as c:
        c.call("minim_add_npc", {"name": "Mirela", "concept": "innkeeper of the Copper Kettle"})
        c.say("note", "Mirela keeps a spare key behind the bar.")
        m = CampaignMemory.for_campaign(c)
        assert m.events.metadata["embedder"] == f"onnx:{sha}"
        assert m.events.configuration_json["embedding_function"]["config"]["kind"] == "onnx"
        assert m.recall(c, "who runs the Copper Kettle")[0].id == "character:mirela"
        before = m.dump()
        m.close()
        # the same log opened with the memory's default (the recall embedder): the vectors would not be
        # comparable, so it is rebuilt — how every campaign moves to a newly tuned embedder
        other = CampaignMemory(open_client(c.store.directory / "chroma"), m.campaign_id)
        assert other.events.metadata["embedder"] == EmbedderSpec("recall").identity() and other.events.count() == 0
        other.catch_up(c)
        assert other.dump() == before


@pytest.mark.slow
def test_gguf_embedder_through_llama_cpp():
    """The optional llama-cpp path, with the small GGUF model the project already ships (quality is not the
    point: a dedicated GGUF embedding model is what one would configure)."""
    from narrator.models.embedded import embedded_model_path

    embedder = load_embedder(EmbedderSpec("gguf", str(embedded_model_path())))
    a, b = embedder.embed(["the innkeeper pours ale", "a goblin ambush"])
    assert len(a) == embedder.dimension > 0
    assert math.isclose(sum(x * x for x in a), 1.0, rel_tol=1e-3)
    assert a != b
