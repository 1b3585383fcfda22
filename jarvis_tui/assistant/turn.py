"""The result of one turn, as the CLI, the TUI and tests see it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from jarvis_tui.sdk.responses import CommandResponse

if TYPE_CHECKING:
    from jarvis_tui.assistant.intent_router import RouterResult


@dataclass
class ToolCallRecord:
    name: str
    arguments: dict[str, Any]
    origin: str                                   # pre_route | llm | action
    response: CommandResponse | None = None
    post_processed: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": self.arguments}


@dataclass
class TurnResult:
    text: str
    route: str = "none"                           # pre_route | llm | none
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    spoken: str | None = None
    message: str | None = None                    # the LLM's own message, if any
    wait_for_input: bool = False
    timings_ms: dict[str, float] = field(default_factory=dict)
    turn_id: str = ""
    # the intent router's view of this turn (None: the router did not run, e.g. a fast path claimed it)
    router_scores: list[tuple[str, float]] | None = None   # ranked (tool or "out_of_scope", probability)
    router_confident: bool | None = None                   # its top tool may be acted on without asking
    router_result: RouterResult | None = None              # the intent router's decision
    streamed: list[str] = field(default_factory=list)      # sentences already sent on as ReplySentence
    cancelled: bool = False                                # the user cancelled it (Assistant.cancel)
    # the words the turn acted on when they are not the words said: a follow-up that left out what
    # the last request said ("what about tomorrow" -> "what's the weather like tomorrow")
    understood_as: str | None = None

    @property
    def responses(self) -> list[CommandResponse]:
        return [c.response for c in self.tool_calls if c.response is not None]

    @property
    def actions(self) -> list[dict[str, Any]]:
        return [dict(a.to_dict(), command=c.name) for c in self.tool_calls if c.response
                for a in c.response.actions]

    @property
    def validation(self) -> list[dict[str, Any]]:
        return [dict(v.to_dict(), command=c.name) for c in self.tool_calls if c.response
                for v in c.response.validation_results]

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "route": self.route,
            "tool_calls": [c.to_dict() for c in self.tool_calls],
            "validation": self.validation,
            "spoken": self.spoken,
            "actions": self.actions,
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
            "router": self.router_result.to_dict() if self.router_result is not None else None,
            "cancelled": self.cancelled,
        }
