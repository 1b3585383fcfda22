"""Start the Textual interface (the only place outside app/ that touches it, lazily)."""
from __future__ import annotations

import argparse
import sys

from jarvis_tui.headless.common import config_from_args
from jarvis_tui.logs import NativeStderr, log_to_files


def run_tui(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    from jarvis_tui.app.app import JarvisApp

    assert config.data_dir is not None
    # while the TUI owns the terminal, log records and what C libraries write to fd 2 go to the
    # bounded, de-duplicated rotating log in <data dir>/logs (a traceback would tear the screen)
    handler = log_to_files(config.data_dir)
    app = JarvisApp(config)
    original = sys.__stderr__
    if original is None or not original.isatty():
        app.run()
    else:
        with NativeStderr(log_handler=handler, forward=False):
            app.run()
    return int(app.return_code or 0)
