"""Where things live: data dir (SQLite, caches), config dir (config.toml, user plugins), model cache."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "jarvis-tui"
REPO_ROOT = Path(__file__).resolve().parent.parent
ASSETS_DIR = REPO_ROOT / "assets"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """--data-dir, else JARVIS_DATA_DIR, else the platform's user data dir."""
    raw = override or os.environ.get("JARVIS_DATA_DIR") or platformdirs.user_data_dir(APP)
    path = Path(raw).expanduser()
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """--config-dir, else JARVIS_CONFIG_DIR, else the platform's user config dir (not created)."""
    raw = override or os.environ.get("JARVIS_CONFIG_DIR") or platformdirs.user_config_dir(APP)
    return Path(raw).expanduser()


def model_cache_dir() -> Path:
    """The assembled default GGUF and other large derived files: shared by every data dir, since
    they are identical and expensive to build. JARVIS_MODEL_CACHE overrides."""
    raw = os.environ.get("JARVIS_MODEL_CACHE") or platformdirs.user_cache_dir(APP)
    path = Path(raw).expanduser()
    path.mkdir(parents=True, exist_ok=True)
    return path
