"""A scripted LLM backend that reads its prompt and writes its output in steps a test lets through
one at a time (fakes for unit tests only; tests/integration/llm/test_cancel_and_prepare.py runs the
same paths on the real model)."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvis_tui.llm.backend import Completion


@dataclass(frozen=True)
class FakeWarm:
    ms: float
    tokens: int
    source: str


class GatedBackend:
    """complete(): `prefill_steps` calls of on_prefill, then the scripted text word by word through
    on_text; each step waits until the test opens the gate (`step()` lets one through, `open()` all).
    warm_prefix(): the same for a prompt prefix of `prefix_len` chunks; the prefixes it finished are
    remembered (`prepared`), as a real backend keeps the state."""

    name = "gated"
    model_label = "gated"
    model_path = Path("gated.gguf")
    load_ms = 0.0

    def __init__(self, outputs: list[str], prefill_steps: int = 4) -> None:
        self.outputs = list(outputs)
        self.prefill_steps = prefill_steps
        self.metadata: dict[str, Any] = {}
        self.requests: list[list[dict[str, Any]]] = []
        self.stopped: list[str] = []              # "prefill" / "generate" / "warm": where a callback said stop
        self.prepared: set[str] = set()           # system prompts whose prefix was prefilled
        self.warm_calls: list[str] = []
        self.last_warm_source = ""
        self._gate = threading.Semaphore(0)
        self._opened = threading.Event()
        self.waiting = threading.Event()          # set while a step waits at the gate
        self._lock = threading.Lock()             # one request at a time, as the real backend

    # ---- the gate ---------------------------------------------------------------------------------
    def open(self) -> None:
        self._opened.set()
        self._gate.release()

    def step(self) -> None:
        self._gate.release()

    def _wait(self) -> None:
        if self._opened.is_set():
            return
        self.waiting.set()
        self._gate.acquire(timeout=30)
        self.waiting.clear()
        if self._opened.is_set():
            self._gate.release()                   # the next waiter passes too

    # ---- the backend ------------------------------------------------------------------------------
    def complete(self, messages, *, json_schema=None, grammar=None, tools=None, max_tokens=192,
                 temperature=0.0, stop=None, on_text=None, on_prefill=None):
        with self._lock:
            self.requests.append([dict(m) for m in messages])
            if not self.outputs:
                raise AssertionError("the LLM was called more often than scripted")
            text = self.outputs.pop(0)                 # a stopped request uses its output up too
            for i in range(self.prefill_steps):
                if on_prefill is not None and on_prefill(i, self.prefill_steps) is False:
                    self.stopped.append("prefill")
                    return Completion(text="", finish_reason="stopped")
                self._wait()
            written = []
            for piece in text.split(" "):
                if on_text is not None and on_text(piece + " ") is False:
                    self.stopped.append("generate")
                    return Completion(text=" ".join(written), finish_reason="stopped")
                written.append(piece)
                self._wait()
            return Completion(text=text, prompt_tokens=100, completion_tokens=10, finish_reason="stop")

    def warm_prefix(self, messages, tools=None, on_prefill=None):
        system = messages[0]["content"]
        with self._lock:
            self.warm_calls.append(system)
            if system in self.prepared:
                return FakeWarm(1.0, 10 * self.prefill_steps, "memory")
            for i in range(self.prefill_steps):
                if on_prefill is not None and on_prefill(i, self.prefill_steps) is False:
                    self.stopped.append("warm")
                    return FakeWarm(1.0, 10 * self.prefill_steps, "stopped")
                self._wait()
            self.prepared.add(system)
            if on_prefill is not None:
                on_prefill(self.prefill_steps, self.prefill_steps)
            return FakeWarm(1.0, 10 * self.prefill_steps, "prefill")

    def warm(self, messages, tools=None):
        return self.warm_prefix(messages, tools).ms

    def prefix_tokens(self, messages, tools=None):
        return [len(messages[0]["content"])] * 10

    def prompt_tokens(self, messages, tools=None):
        return len(self.prefix_tokens(messages, tools))

    def prefix_state(self, tokens):
        return "memory" if any(len(p) == tokens[0] for p in self.prepared) else ""

    def count_tokens(self, text):
        return len(text) // 4

    def close(self):
        pass
