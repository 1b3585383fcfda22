"""The conversation history the brain keeps and prompt providers render (part of the SDK so that
providers/ and the core share one type without importing each other)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class HistoryTurn:
    """One earlier exchange of a conversation, as the brain remembers it."""

    user: str
    calls: list[dict[str, Any]] = field(default_factory=list)      # [{"name", "arguments"}]
    message: str | None = None                                     # the assistant's own words
    results: list[dict[str, Any]] = field(default_factory=list)    # [{"name", "result"}] result: str
    raw: str | None = None                                         # the model's output, verbatim
    turn_id: str = ""
    interrupted: bool = False                                      # the user stopped the reply

    def size(self) -> int:
        return len(self.user) + len(self.message or "") + len(json.dumps(self.calls)) + sum(
            len(str(r.get("result", ""))) for r in self.results)


def result_summary(result: dict[str, Any] | None, limit: int = 400) -> str:
    """A short text form of a command's context_data for history and summaries."""
    if not result:
        return "{}"
    data = {k: v for k, v in result.items() if k not in ("validation_errors",)}
    text = json.dumps(data, ensure_ascii=False, default=str, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit - 3] + "..."
