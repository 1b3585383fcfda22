"""Helpers shared by the headless subcommands."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from jarvis_tui.config import Config, ConfigError, load_config


def cli_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The config keys that --provider, --model and --no-llm set."""
    overrides: dict[str, Any] = {}
    if getattr(args, "provider", None):
        overrides["llm.interface"] = args.provider
    if getattr(args, "model", None):
        overrides["llm.model"] = args.model
    if getattr(args, "no_llm", None):
        overrides["llm.backend"] = "none"
    return overrides


def config_from_args(args: argparse.Namespace, problems: list[ConfigError] | None = None) -> Config:
    """The effective config for a subcommand; with `problems`, bad settings are listed there (and
    their defaults kept) instead of raised."""
    return load_config(config_dir=args.config_dir, data_dir=args.data_dir, overrides=cli_overrides(args),
                       problems=problems)


def print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def fail(message: str, code: int = 1) -> int:
    print(f"jarvis-tui: {message}", file=sys.stderr)
    return code
