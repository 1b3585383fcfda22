"""The event base type and the events commands may emit through CommandServices.emit (part of the
SDK so that commands/ do not import the core). The pipeline's own events live in
jarvis_tui.assistant.events and subclass Event."""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Event:
    t: float = field(default_factory=time.monotonic)
    turn_id: str = ""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["event"] = self.kind
        return d


@dataclass(frozen=True, kw_only=True)
class Announcement(Event):
    """Something the assistant says on its own: a timer ended, a reminder is due."""

    text: str
    source: str = ""                               # e.g. set_timer, reminder
    earcon: str | None = None                      # name of a sound in assets/sounds
