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
