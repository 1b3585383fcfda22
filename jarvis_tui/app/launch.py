"""Start the Textual interface (the only place outside app/ that touches it, lazily)."""
from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
from pathlib import Path

from jarvis_tui.headless.common import config_from_args


def _log_to_file(data_dir: Path) -> Path:
    """While the TUI owns the terminal, log records go to <data dir>/logs/jarvis-tui.log: a
    traceback written to stderr would tear the screen."""
    log_dir = Path(data_dir) / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    path = log_dir / "jarvis-tui.log"
    root = logging.getLogger()
    level = root.level
    for handler in list(root.handlers):
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler):
            root.removeHandler(handler)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level or logging.WARNING)
    return path


@contextlib.contextmanager
def _native_stderr_to(path: Path):
    """Libraries write to file descriptor 2 from C (PortAudio, ALSA, onnxruntime, llama.cpp), which
    would overwrite the screen. Textual draws on sys.__stderr__: hand it a duplicate of the
    terminal and point fd 2 at the log file for as long as the app runs."""
    original = sys.__stderr__
    if original is None or not original.isatty():
        yield
        return
    saved_fd = os.dup(2)
    terminal = open(saved_fd, "w", encoding=original.encoding or "utf-8", errors="replace", closefd=False)
    log_fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.dup2(log_fd, 2)
        sys.__stderr__ = terminal  # type: ignore[misc]
        yield
    finally:
        sys.__stderr__ = original  # type: ignore[misc]
        terminal.flush()
        os.dup2(saved_fd, 2)
        os.close(saved_fd)
        os.close(log_fd)


def run_tui(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    from jarvis_tui.app.app import JarvisApp

    assert config.data_dir is not None
    log_path = _log_to_file(config.data_dir)
    app = JarvisApp(config)
    with _native_stderr_to(log_path):
        app.run()
    return int(app.return_code or 0)
