"""Helpers for the command tests (imported by name: `from command_helpers import ask`)."""
from __future__ import annotations

import contextlib
import datetime as _dt
import threading
import time
from pathlib import Path

from jarvis_tui.runtime import Runtime


@contextlib.contextmanager
def plugin_runtime(config_dir: Path, filename: str, source: str):
    """A runtime with `source` dropped into <config dir>/commands/<filename>, as a user installs a
    plugin command; closed after."""
    (config_dir / "commands").mkdir(exist_ok=True)
    (config_dir / "commands" / filename).write_text(source, encoding="utf-8")
    rt = Runtime.create()
    try:
        yield rt
    finally:
        rt.close()


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


def stop_process(proc) -> None:
    """End a subprocess a test started: terminate, and kill it if it has not gone within 10 s."""
    import subprocess
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


class Events:
    """Every event on a bus, for tests that wait for one (polling; `where` narrows the kind)."""

    def __init__(self, bus) -> None:
        self.items: list = []
        bus.subscribe(self.items.append)

    def of(self, kind: str, where=lambda e: True) -> list:
        return [e for e in self.items if type(e).__name__ == kind and where(e)]

    def wait_for(self, kind: str, timeout: float = 30.0, where=lambda e: True):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = self.of(kind, where)
            if found:
                return found[0]
            time.sleep(0.02)
        raise AssertionError(f"no {kind} within {timeout}s; saw {[type(e).__name__ for e in self.items][-30:]}")


class MonitorRecorder:
    """parec on the speaker's monitor: what the assistant actually played. Recording is live when
    the constructor returns: it waits for parec's first samples (a parec still connecting on a busy
    machine used to miss a whole reply and record only the silence after it)."""

    def __init__(self, source: str, ready_timeout: float = 10.0) -> None:
        import subprocess
        import threading
        self.proc = subprocess.Popen(["parec", "-d", source, "--format=s16le", "--rate=16000", "--channels=1",
                                      "--latency-msec=50", "--raw"], stdout=subprocess.PIPE)
        self._chunks: list[bytes] = []
        self._live = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._live.wait(ready_timeout):
            self.proc.kill()
            raise RuntimeError(f"parec delivered nothing from {source!r} in {ready_timeout:g} s")

    def _read(self) -> None:
        while True:
            chunk = self.proc.stdout.read1(3200)
            if not chunk:
                return
            self._chunks.append(chunk)
            self._live.set()

    def stop(self):
        import numpy as np
        self.proc.terminate()
        self.proc.wait(timeout=5)
        self._reader.join(timeout=5)
        data = b"".join(self._chunks)
        data = data[:len(data) - len(data) % 2]
        return np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0
