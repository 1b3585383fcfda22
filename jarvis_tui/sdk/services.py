"""What a running assistant lends its commands: stores, secrets, an event sink, the LLM."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from jarvis_tui.config import Config
    from jarvis_tui.store import Store


class TextAnswerer(Protocol):
    """A plain-text LLM completion, for commands that answer in words (chat, answer_question)."""

    def answer(self, user_text: str, system: str | None = None, max_tokens: int = 160) -> str: ...


def _now() -> _dt.datetime:
    return _dt.datetime.now().astimezone()


@dataclass
class CommandServices:
    store: "Store"
    config: "Config"
    emit: Callable[[Any], None] = lambda event: None
    llm: TextAnswerer | None = None
    clock: Callable[[], _dt.datetime] = _now
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def secrets(self):
        return self.store.secrets

    @property
    def settings(self):
        return self.store.settings
