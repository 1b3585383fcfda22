"""`jarvis-tui doctor` checks the router's sentence embedding: the real pinned model loads, a switched-off
embedding is a warning, and weights that are not the pinned ones are one FAIL line that says how to fix it."""
from __future__ import annotations

from jarvis_tui.assistant import sentence_embedder
from jarvis_tui.config import load_config
from jarvis_tui.headless.doctor import embedding_check


def test_the_pinned_embedding_model_loads(tmp_path):
    check = embedding_check(load_config(config_dir=tmp_path))
    assert check.status == "OK" and "all-MiniLM-L6-v2" in check.detail and "matches" in check.detail


def test_a_switched_off_embedding_is_a_warning(tmp_path):
    config = load_config(config_dir=tmp_path)
    config.routing.embedding = False
    check = embedding_check(config)
    assert check.status == "WARN" and "n-grams alone" in check.detail and "routing.embedding" in check.fix


def test_weights_other_than_the_pinned_ones_fail(tmp_path, monkeypatch):
    monkeypatch.setattr(sentence_embedder, "WEIGHTS_SHA256", "0" * 64)
    check = embedding_check(load_config(config_dir=tmp_path))
    assert check.status == "FAIL" and "not the pinned model" in check.detail
    assert "requirements-embedder.txt" in check.fix
