"""The real model writes each token with the thread count LlamaCppBackend.threads chooses (both
cores while that is faster, one while they are shared): switching between them mid-answer writes
the same text as one count throughout, and each token's time reaches the chooser."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.llm.generating_threads import GeneratingThreads
from jarvis_tui.sdk.grammar import single_call_schema

pytestmark = pytest.mark.model

TIMER = {"type": "object", "properties": {"duration_seconds": {"type": "integer"}, "label": {"type": "string"}},
         "required": ["duration_seconds"], "additionalProperties": False}
SYSTEM = 'Tools: set_timer. Answer with JSON: {"tool":"<name>","args":{...}}; {"tool":"none","args":{}} if none fits.'


class Alternating(GeneratingThreads):
    """1, 2, 1, 2 ... threads, token by token; records what it was told."""

    def __init__(self) -> None:
        super().__init__(1, 2)
        self.told: list[tuple[int, float]] = []
        self._next = 2

    def choose(self) -> int:
        self._next = 3 - self._next
        return self._next

    def observe(self, threads: int, ms: float) -> None:
        self.told.append((threads, ms))
        super().observe(threads, ms)


def test_switching_thread_counts_mid_answer_writes_the_same_call(llm_runtime):
    backend = llm_runtime.assistant.brain.backend
    schema = single_call_schema({"set_timer": TIMER}, "tool", "args", decline=True)
    messages = [{"role": "system", "content": SYSTEM},
                {"role": "user", "content": "set a timer for twelve minutes for the eggs"}]
    saved = backend.threads
    try:
        backend.threads = GeneratingThreads(1, 1)
        one = backend.complete(messages, json_schema=schema, max_tokens=48)
        backend.threads = alternating = Alternating()
        switched = backend.complete(messages, json_schema=schema, max_tokens=48)
    finally:
        backend.threads = saved
    assert switched.text == one.text and json.loads(one.text)["tool"] == "set_timer"
    counts = [n for n, _ in alternating.told]
    assert {1, 2} <= set(counts) and all(ms > 0 for _, ms in alternating.told)
    assert alternating.average_ms(1) and alternating.average_ms(2)


def test_the_runtime_adapts_on_this_machine_from_its_cores(llm_runtime):
    from jarvis_tui import cpu
    g = llm_runtime.assistant.brain.backend.threads
    assert (g.fewest, g.most) == (cpu.auto_threads("llm"), cpu.auto_threads("llm_most"))


class Shared(GeneratingThreads):
    """The cores are shared: the fewest threads are the faster."""

    def __init__(self) -> None:
        super().__init__(1, 2)

    def faster(self) -> int:
        return self.fewest

    def choose(self) -> int:
        return self.fewest


def test_a_request_is_read_with_the_fewest_while_shared_and_a_whole_prompt_with_all(llm_runtime, monkeypatch):
    """A request's few new tokens beside a busy process are read faster with one thread (README);
    a provider's whole prompt (thousands of tokens, read when it is prepared) with the configured count."""
    import llama_cpp
    backend = llm_runtime.assistant.brain.backend
    calls: list[tuple[int, int]] = []
    real = llama_cpp.llama_set_n_threads

    def spy(ctx, n, n_batch):
        calls.append((n, n_batch))
        return real(ctx, n, n_batch)

    monkeypatch.setattr(llama_cpp, "llama_set_n_threads", spy)
    saved = backend.threads, backend.n_threads_batch, backend._thread_counts
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "set a timer for five minutes"}]
    try:
        backend.threads, backend.n_threads_batch, backend._thread_counts = Shared(), 2, (2, 2)
        backend.complete(messages, json_schema=single_call_schema({"set_timer": TIMER}, "tool", "args"), max_tokens=24)
        assert calls and calls[0] == (1, 1) and backend._thread_counts == (1, 1)
        backend.warm([{"role": "system", "content": SYSTEM + " Be brief."}, {"role": "user", "content": "hi"}])
        assert calls[-1] == (1, 2)
    finally:
        real(backend.llm._ctx.ctx, saved[2][0], saved[2][1])
        backend.threads, backend.n_threads_batch, backend._thread_counts = saved
