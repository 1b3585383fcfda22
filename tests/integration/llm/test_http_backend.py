"""The OpenAI-compatible backend against a real `python -m llama_cpp.server` on loopback."""
from __future__ import annotations

import pytest

from jarvis_tui.llm.backend import LlmError
from jarvis_tui.llm.openai_backend import OpenAICompatBackend
from jarvis_tui.runtime import Runtime

pytestmark = pytest.mark.model


def test_http_backend_routes_through_the_server(llama_server, tmp_path):
    rt = Runtime.create(config_dir=str(tmp_path / "c"), data_dir=str(tmp_path / "d"),
                        overrides={"llm.backend": "openai", "llm.base_url": llama_server,
                                   "llm.interface": "Qwen25SmallUntrainedCompact",
                                   # what is tested is the route through the server, not its speed: on a
                                   # loaded 2-core machine its first prefill took over the 60 s default
                                   "llm.timeout_s": 300})
    try:
        brain = rt.load_brain()
        assert brain is not None and brain.backend.name == "openai"
        decision = brain.route_only(rt.assistant, "remind me to call mom at 6 pm")
        names = rt.registry.names
        assert decision.tool_calls, decision
        assert decision.tool_calls[0]["name"] in names          # schema-constrained by the server
        assert decision.stats["prompt_tokens"] > 100
        answer = rt.services.llm.answer("Reply with the single word: yes", max_tokens=5)
        assert answer
    finally:
        rt.close()


def test_unreachable_server_is_a_clear_error():
    backend = OpenAICompatBackend("http://127.0.0.1:9", timeout_s=2)
    with pytest.raises(LlmError, match="127.0.0.1:9"):
        backend.probe()
