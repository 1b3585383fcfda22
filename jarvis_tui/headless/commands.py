"""`jarvis-tui commands [--json]`: every discovered command with its schema."""
from __future__ import annotations

import argparse
import json

from jarvis_tui.commands_registry import DuplicateCommandError, discover_commands
from jarvis_tui.headless.common import config_from_args, fail


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    try:
        registry = discover_commands(config.config_dir)
    except DuplicateCommandError as exc:
        return fail(str(exc))
    schemas = [cmd.get_command_schema() | {"module": registry.modules[cmd.command_name]} for cmd in registry]
    errors = [{"module": e.module, "error": e.error} for e in registry.errors]
    if args.json:
        print(json.dumps({"commands": schemas, "errors": errors}, indent=2, default=str))
        return 0
    for s in schemas:
        params = ", ".join(f"{p['name']}{'*' if p['required'] else ''}: {p['type']}" for p in s["parameters"])
        secrets = ", ".join(x["key"] for x in s["required_secrets"])
        fast = "fast path" if s["has_fast_path"] else "LLM only"
        print(f"{s['command_name']:<22} ({params}) [{fast}]{'  secrets: ' + secrets if secrets else ''}")
        print(f"    {s['description']}")
    for e in errors:
        print(f"skipped {e['module']}: {e['error']}")
    return 0
