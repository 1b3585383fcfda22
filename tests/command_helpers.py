"""Helpers for the command tests (imported by name: `from command_helpers import ask`)."""
from __future__ import annotations

import datetime as _dt
import threading

from jarvis_tui.runtime import Runtime


class EventLog:
    def __init__(self) -> None:
        self.events: list = []
        self.cond = threading.Condition()

    def __call__(self, event) -> None:
        with self.cond:
            self.events.append(event)
            self.cond.notify_all()

    def of(self, kind: str) -> list:
        return [e for e in self.events if type(e).__name__ == kind]

    def wait_for(self, kind: str, count: int = 1, timeout: float = 10.0) -> list:
        with self.cond:
            self.cond.wait_for(lambda: len(self.of(kind)) >= count, timeout)
        return self.of(kind)


class FakeClock:
    """A settable clock for deterministic reminder tests (the real-thread tests use real time)."""

    def __init__(self, start: _dt.datetime) -> None:
        self.now = start

    def __call__(self) -> _dt.datetime:
        return self.now

    def advance(self, **kw) -> None:
        self.now = self.now + _dt.timedelta(**kw)


def ask(rt: Runtime, text: str):
    """One typed turn; returns (turn, first response)."""
    turn = rt.assistant.handle_text(text)
    return turn, (turn.responses[0] if turn.responses else None)
