"""TUI test set-up: a real Runtime on the tmp data/config dirs, with the probe commands installed
as a user plugin (discovered from <config dir>/commands/), and no models loaded."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jarvis_tui.runtime import Runtime

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def probe_config_dir(config_dir: Path) -> Path:
    (config_dir / "commands").mkdir(exist_ok=True)
    shutil.copy(PLUGINS / "tui_probe.py", config_dir / "commands" / "tui_probe.py")
    return config_dir


@pytest.fixture
def runtime(data_dir: Path, probe_config_dir: Path):
    rt = Runtime.create(data_dir=str(data_dir), config_dir=str(probe_config_dir))
    yield rt
    rt.close()


@pytest.fixture
def make_app(runtime):
    from jarvis_tui.app.app import JarvisApp

    def make(**kwargs):
        kwargs.setdefault("load_models", False)
        return JarvisApp(runtime=runtime, **kwargs)
    return make
