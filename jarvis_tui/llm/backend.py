"""What every LLM backend offers the brain: one chat completion, constrained or free, with timings."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol


class LlmError(Exception):
    """A backend that cannot answer (model missing or corrupt, server unreachable, bad reply)."""


@dataclass
class Completion:
    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0            # prompt tokens reused from the KV cache (not prefilled again)
    prefill_ms: float = 0.0           # request -> first token
    generate_ms: float = 0.0          # first token -> last token
    total_ms: float = 0.0
    tool_calls: list[dict[str, Any]] = field(default_factory=list)   # native tool calls, if any
    finish_reason: str | None = None

    @property
    def tokens_per_s(self) -> float:
        return self.completion_tokens / (self.generate_ms / 1000) if self.generate_ms > 0 else 0.0

    def timings(self) -> dict[str, float]:
        return {"prefill_ms": round(self.prefill_ms, 1), "generate_ms": round(self.generate_ms, 1),
                "total_ms": round(self.total_ms, 1), "prompt_tokens": self.prompt_tokens,
                "cached_tokens": self.cached_tokens, "completion_tokens": self.completion_tokens,
                "tokens_per_s": round(self.tokens_per_s, 1)}


ProgressFn = Callable[[str, float, str], None]    # (stage, fraction, message)


class LlmBackend(Protocol):
    name: str                         # "llama" | "openai"
    model_label: str
    metadata: dict[str, Any]

    def complete(self, messages: list[dict[str, Any]], *, json_schema: dict[str, Any] | None = None,
                 grammar: str | None = None, tools: list[dict[str, Any]] | None = None,
                 max_tokens: int = 192, temperature: float = 0.0, stop: list[str] | None = None,
                 on_text: Callable[[str], bool | None] | None = None,
                 on_prefill: Callable[[int, int], bool | None] | None = None) -> Completion:
        """`on_text(piece)`: the text as it is written, False stops at this token; `on_prefill(done,
        total)`: the prompt as it is read, False stops before generating (finish_reason "stopped")."""
        ...

    def warm(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> float:
        """Prefill the stable prefix of `messages` (everything before the last user content); ms."""
        ...

    def count_tokens(self, text: str) -> int: ...

    def close(self) -> None: ...
