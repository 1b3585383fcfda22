"""Shared test set-up: every test runs with its own data and config dirs, never the user's."""
from __future__ import annotations

import datetime as _dt
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
sys.path.append(str(Path(__file__).resolve().parent))   # tests/command_helpers.py and friends

from command_helpers import EventLog, FakeClock  # noqa: E402
from jarvis_tui.runtime import Runtime  # noqa: E402


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path_factory, monkeypatch):
    """JARVIS_DATA_DIR and JARVIS_CONFIG_DIR point at fresh tmp dirs for each test."""
    base = tmp_path_factory.mktemp("jarvis")
    data, conf = base / "data", base / "config"
    data.mkdir()
    conf.mkdir()
    monkeypatch.setenv("JARVIS_DATA_DIR", str(data))
    monkeypatch.setenv("JARVIS_CONFIG_DIR", str(conf))
    for name in list(os.environ):
        if name.startswith("JARVIS_") and name not in ("JARVIS_DATA_DIR", "JARVIS_CONFIG_DIR",
                                                       "JARVIS_MODEL_CACHE", "JARVIS_LOG_LEVEL") \
                and not name.startswith("JARVIS_TEST_"):
            monkeypatch.delenv(name, raising=False)
    return data, conf


@pytest.fixture
def data_dir(isolated_dirs) -> Path:
    return isolated_dirs[0]


@pytest.fixture
def config_dir(isolated_dirs) -> Path:
    return isolated_dirs[1]


@pytest.fixture
def cli():
    """Run the real `jarvis-tui` console script in a subprocess."""
    import subprocess

    exe = Path(sys.executable).parent / "jarvis-tui"

    def run(*args: str, input: str | None = None, timeout: float = 120, env: dict | None = None):
        return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout,
                              input=input, env={**os.environ, **(env or {})})
    return run


# ---- command tests: a real Runtime (real SQLite in a tmp data dir, no LLM) ----------------------
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
        except Exception:  # noqa: BLE001 - teardown of a runtime a test may have broken
            pass


@pytest.fixture
def rt(make_runtime) -> Runtime:
    return make_runtime()


@pytest.fixture
def events(rt) -> EventLog:
    log = EventLog()
    rt.bus.subscribe(log)
    return log


@pytest.fixture
def clock(rt) -> FakeClock:
    c = FakeClock(_dt.datetime(2025, 3, 4, 9, 0, tzinfo=_dt.timezone.utc))   # a Tuesday
    rt.services.clock = c
    return c
