"""`jarvis-tui providers [--json]`: every discovered prompt provider, with its capabilities and
which one is active (and why)."""
from __future__ import annotations

import argparse
import json

from jarvis_tui.headless.common import config_from_args, fail
from jarvis_tui.runtime import Runtime


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    runtime = Runtime.create(config)
    try:
        factory = runtime.provider_factory
        infos = runtime.available_providers()
        if not infos:
            return fail("no prompt providers found")
        try:
            active = runtime.active_provider_name
        except ValueError as exc:
            return fail(str(exc))
        errors = [{"module": e.module, "error": e.error} for e in factory.errors]
        if getattr(args, "json", False):
            print(json.dumps({"active": active, "providers": infos, "errors": errors}, indent=2, default=str))
            return 0
        for info in infos:
            mark = "*" if info["name"] == active else " "
            caps = info["capabilities"]
            flags = [caps.get("output_format", "")]
            if caps.get("supports_native_tools"):
                flags.append("native tools")
            if caps.get("constrained"):
                flags.append("constrained")
            print(f"{mark} {info['name']:<30} {info['size']:<7} {info['tier']:<10} {', '.join(f for f in flags if f)}")
            if info.get("description"):
                print(f"    {info['description']}")
        for e in errors:
            print(f"skipped {e['module']}: {e['error']}")
        return 0
    finally:
        runtime.close()
