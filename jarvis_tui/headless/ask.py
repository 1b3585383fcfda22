"""`jarvis-tui ask TEXT [--json] [--no-speak] [--speak-to F.wav]`: one full text turn, executed."""
from __future__ import annotations

import argparse
import sys

from jarvis_tui.headless.common import config_from_args, print_json
from jarvis_tui.runtime import Runtime


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    runtime = Runtime.create(config)
    try:
        if getattr(args, "provider", None):
            try:
                runtime.set_provider(args.provider, persist=False)   # --provider beats the stored setting
            except ValueError as exc:
                print(f"jarvis-tui: {exc}", file=sys.stderr)
                return 2
        runtime.load_brain()
        turn = runtime.assistant.handle_text(" ".join(args.text), source="text")
        if args.json:
            print_json(turn.to_dict())
        else:
            print(turn.spoken or "")
        if turn.spoken and (args.speak_to or not args.no_speak):
            runtime.speak(turn.spoken, out_path=args.speak_to)
        return 0
    finally:
        runtime.close()
