"""What every LLM backend offers the brain: one chat completion, constrained or free, with timings."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol, runtime_checkable


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
    # each token the model wrote, as (its text, its log probability): how sure it was of its words
    # (greedy local decoding only; empty when the backend cannot say)
    token_logprobs: list[tuple[str, float]] = field(default_factory=list)

    @property
    def mean_logprob(self) -> float | None:
        return sum(lp for _, lp in self.token_logprobs) / len(self.token_logprobs) if self.token_logprobs else None

    @property
    def tokens_per_s(self) -> float:
        return self.completion_tokens / (self.generate_ms / 1000) if self.generate_ms > 0 else 0.0

    def timings(self) -> dict[str, float]:
        return {"prefill_ms": round(self.prefill_ms, 1), "generate_ms": round(self.generate_ms, 1),
                "total_ms": round(self.total_ms, 1), "prompt_tokens": self.prompt_tokens,
                "cached_tokens": self.cached_tokens, "completion_tokens": self.completion_tokens,
                "tokens_per_s": round(self.tokens_per_s, 1)}


ProgressFn = Callable[[str, float, str], None]    # (stage, fraction, message)
PrefillFn = Callable[[int, int], "bool | None"]    # (tokens read, tokens to read) -> False: stop


@dataclass(frozen=True)
class WarmResult:
    ms: float
    tokens: int                  # the prefix's length
    source: str                  # memory | disk | prefill | stopped (on_prefill said stop: nothing kept)


@runtime_checkable
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


@runtime_checkable
class PreparableBackend(LlmBackend, Protocol):
    """A backend that holds the prompt's prefilled state itself (the local model): it can prepare a
    provider's prompt with progress, say where a prompt's state is, and count a whole prompt; it
    says which model file it loaded, how long that took and where its last warm() found the prompt
    (the bench and doctor report them). The brain, the bench and doctor check for it with isinstance
    (a remote server is only an LlmBackend)."""

    model_path: Path                  # the model file loaded
    load_ms: float                    # loading it
    last_warm_source: str             # memory | disk | prefill | stopped: where the last warm() found the prefix

    def warm_prefix(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                    on_prefill: PrefillFn | None = None) -> WarmResult:
        """warm() with where the state came from; `on_prefill` may stop it (source "stopped")."""
        ...

    def prefix_tokens(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> list[int]:
        """The stable head of this prompt that warm_prefix() prefills."""
        ...

    def prefix_state(self, tokens: list[int]) -> str:
        """Where the prefilled state of `tokens` is: "memory", "disk" or "" (it would be prefilled)."""
        ...

    def prompt_tokens(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> int:
        """The whole prompt's length in tokens."""
        ...


@runtime_checkable
class ChoosingBackend(LlmBackend, Protocol):
    """A backend that can say how likely the model finds each of several tool names after the same
    prompt (the local model reads its own next-token probabilities); a remote server cannot."""

    def weigh_choices(self, messages: list[dict[str, Any]], start: str, names: list[str],
                      tools: list[dict[str, Any]] | None = None,
                      on_prefill: PrefillFn | None = None) -> dict[str, float] | None:
        """The model's probability of each of `names` written right after the rendered prompt and
        `start` ('{"tool":"'), normalised over `names`; None when it was stopped (on_prefill)."""
        ...
