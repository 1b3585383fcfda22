"""The in-process backend on the real bundled model: loading, prefix reuse, constrained output,
the full loop, clear errors for bad model files."""
from __future__ import annotations

import pytest

from jarvis_tui.assistant import events as ev
from jarvis_tui.llm.backend import LlmBackend, PreparableBackend
from jarvis_tui.llm.openai_backend import OpenAICompatBackend
from jarvis_tui.runtime import Runtime

pytestmark = pytest.mark.model


def test_load_reports_progress_and_prefills_the_prompt(llm_runtime, llm_load_events):
    stages = [e.stage for e in llm_load_events if isinstance(e, ev.ModelLoadProgress)]
    assert stages[0] == "started" and stages[-1] == "ready"
    assert llm_runtime.services.llm is llm_runtime.assistant.brain.answerer
    assert llm_runtime.active_provider_name == "Qwen25SmallUntrainedCompact"   # matched on GGUF metadata
    assert llm_runtime.assistant.brain.last_selection_reason == "metadata"


def test_the_local_backend_is_preparable_and_a_server_is_not(llm_runtime):
    """The brain prepares prompts and measures their cost only through PreparableBackend (a typed
    capability, not attribute probing): the real local backend has it, a remote server has not."""
    backend = llm_runtime.assistant.brain.backend
    assert isinstance(backend, PreparableBackend)
    messages = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "hi"}]
    prefix = backend.prefix_tokens(messages)
    assert 0 < len(prefix) < backend.prompt_tokens(messages)
    server = OpenAICompatBackend("http://127.0.0.1:9")
    assert isinstance(server, LlmBackend) and not isinstance(server, PreparableBackend)


def test_routes_reuse_the_prefix_even_after_a_plain_answer(llm_runtime):
    brain = llm_runtime.assistant.brain
    backend = brain.backend
    d1 = brain.route_only(llm_runtime.assistant, "what's the weather like in Paris tomorrow")
    system_tokens = d1.stats["prompt_tokens"] - 40
    assert d1.stats["cached_tokens"] >= system_tokens          # warmed at load: only the tail is new
    answer = llm_runtime.services.llm.answer("Say hello in three words.", max_tokens=12)
    assert isinstance(answer, str) and answer
    d2 = brain.route_only(llm_runtime.assistant, "tell me a joke about cats")
    assert backend.last_prefix_restored is True                # the snapshot came back, no re-prefill
    assert d2.stats["cached_tokens"] >= system_tokens
    assert d2.tool_calls and d2.tool_calls[0]["name"] in llm_runtime.registry.names


def test_a_full_llm_turn_executes_a_real_command(llm_runtime):
    events = []
    unsubscribe = llm_runtime.bus.subscribe(events.append)
    try:
        turn = llm_runtime.assistant.handle_text("I'd like to hear something funny about computers",
                                                 conversation_id="it-joke")
    finally:
        unsubscribe()
    kinds = [e.kind for e in events]
    assert "PromptBuilt" in kinds and "LlmOutput" in kinds and "ToolCallsParsed" in kinds
    assert turn.route == "llm" and turn.spoken
    out = next(e for e in events if isinstance(e, ev.LlmOutput))
    assert out.prompt_tokens > 0 and out.cached_tokens > 0 and out.generate_ms > 0


def test_missing_and_corrupt_models_are_clear_errors(tmp_path):
    for model, needle in ((tmp_path / "nope.gguf", "not found"), (tmp_path / "bad.gguf", "not a GGUF")):
        if model.name == "bad.gguf":
            model.write_bytes(b"this is not a model")
        rt = Runtime.create(config_dir=str(tmp_path / "c"), data_dir=str(tmp_path / "d"),
                            overrides={"llm.model": str(model)})
        events = []
        rt.bus.subscribe(events.append)
        try:
            assert rt.load_brain() is None
            errors = [e for e in events if isinstance(e, ev.Error)]
            assert errors and str(model) in errors[0].message and needle in errors[0].message
            assert rt.assistant.handle_text("hello there").spoken     # still answers (fast paths / can't)
        finally:
            rt.close()
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(b"GGUF" + b"\0" * 64)
    rt = Runtime.create(config_dir=str(tmp_path / "c"), data_dir=str(tmp_path / "d"),
                        overrides={"llm.model": str(truncated)})
    events = []
    rt.bus.subscribe(events.append)
    try:
        assert rt.load_brain() is None
        assert any(isinstance(e, ev.Error) and str(truncated) in e.message for e in events)
    finally:
        rt.close()
