"""Start the Textual interface (the only place outside app/ that touches it, lazily)."""
from __future__ import annotations

import argparse

from jarvis_tui.headless.common import config_from_args


def run_tui(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    from jarvis_tui.app.app import JarvisApp

    app = JarvisApp(config)
    app.run()
    return int(app.return_code or 0)
