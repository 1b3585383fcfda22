"""Fakes shared by the audio unit tests: a PortAudio output stream that the speaker writes to
instead of a sound card."""
from __future__ import annotations

import time

import pytest

from jarvis_tui.audio import devices


class FakeOutputStream:
    """A device that takes audio at once, or fails as its `state` says: `down`, it cannot be
    opened; `stall`, it takes nothing; `fail_after` (samples written), a write fails like a device
    whose sound server went away; `pace` (samples a second), it plays in real time and holds at
    most `buffer_s` ahead. `written` counts the samples it took."""

    latency = 0.0

    def __init__(self, state: dict) -> None:
        self.state = state
        self.played_until = 0.0            # paced: the monotonic time its buffer runs dry

    def start(self) -> None:
        if self.state["down"]:
            raise RuntimeError("Error opening OutputStream: Illegal combination of I/O devices")

    @property
    def write_available(self) -> int:
        if self.state["stall"]:
            return 0
        pace = self.state["pace"]
        if not pace:
            return 10_000
        return max(0, int((self.state["buffer_s"] - max(0.0, self.played_until - time.monotonic())) * pace))

    def write(self, data) -> None:
        if self.state["fail_after"] is not None and self.state["written"] >= self.state["fail_after"]:
            raise RuntimeError("Unanticipated host error [PaErrorCode -9999]")
        self.state["written"] += len(data)
        if self.state["pace"]:
            self.played_until = max(self.played_until, time.monotonic()) + len(data) / self.state["pace"]

    def abort(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def output_device(monkeypatch) -> dict:
    """Every output stream opened is a FakeOutputStream over this state (set its keys to make the
    device fail); the default device is used."""
    state = {"down": False, "stall": False, "fail_after": None, "written": 0, "pace": None, "buffer_s": 0.1}
    fake_sd = type("sd", (), {"OutputStream": lambda self=None, **kw: FakeOutputStream(state)})()
    monkeypatch.setattr(devices, "sd", lambda: fake_sd)
    monkeypatch.setattr(devices, "find_device", lambda name, kind="input": None)
    return state
