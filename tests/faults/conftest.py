"""The virtual sound server (scripts/virtual_audio.sh) as a fixture the fault tests stop and start."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPORTED = ("PULSE_SERVER", "JARVIS_VIRTUAL_AUDIO")


def _script(cmd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", f"source scripts/virtual_audio.sh {cmd} >&2 && env"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, env={**os.environ, **(env or {})})


class SoundServer:
    """`env`: the variables that reach it (PULSE_SERVER, the FIFO microphone, the speaker's monitor)."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env

    def stop(self) -> None:
        _script("stop", self.env)

    def start(self) -> None:
        started = _script("start", self.env)
        assert started.returncode == 0, started.stderr


@pytest.fixture
def sound_server(monkeypatch) -> SoundServer:
    """Started (the test is skipped where it cannot be), its variables set in this process too, and
    started again afterwards: the tests after a fault test expect the devices."""
    started = _script("start")
    if started.returncode != 0:
        pytest.skip("virtual audio unavailable: " + (started.stderr.strip().splitlines() or ["?"])[-1])
    env = {}
    for line in started.stdout.splitlines():
        k, _, v = line.partition("=")
        if k.startswith("JARVIS_TEST_") or k in EXPORTED:
            env[k] = v
            monkeypatch.setenv(k, v)
    yield SoundServer(env)
    _script("start")
