"""Fixtures for the command tests: a real Runtime (real SQLite in a tmp data dir, no LLM)."""
from __future__ import annotations

import datetime as _dt
import threading

import pytest

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


@pytest.fixture
def make_runtime(data_dir, config_dir):
    made: list[Runtime] = []

    def make() -> Runtime:
        rt = Runtime.create(data_dir=str(data_dir), config_dir=str(config_dir), overrides={"llm.backend": "none"})
        made.append(rt)
        return rt
    yield make
    for rt in made:
        try:
            rt.close()
        except Exception:
            pass


@pytest.fixture
def rt(make_runtime) -> Runtime:
    return make_runtime()


@pytest.fixture
def events(rt) -> EventLog:
    log = EventLog()
    rt.bus.subscribe(log)
    return log


class FakeClock:
    """A settable clock for deterministic reminder tests (the real-thread tests use real time)."""

    def __init__(self, start: _dt.datetime) -> None:
        self.now = start

    def __call__(self) -> _dt.datetime:
        return self.now

    def advance(self, **kw) -> None:
        self.now = self.now + _dt.timedelta(**kw)


@pytest.fixture
def clock(rt) -> FakeClock:
    c = FakeClock(_dt.datetime(2025, 3, 4, 9, 0, tzinfo=_dt.timezone.utc))   # a Tuesday
    rt.services.clock = c
    return c


def ask(rt: Runtime, text: str):
    """One typed turn; returns (turn, first response)."""
    turn = rt.assistant.handle_text(text)
    return turn, (turn.responses[0] if turn.responses else None)
