"""`jarvis-tui devices [--json]`: audio devices with default marks and a short live input level."""
from __future__ import annotations

import argparse

from jarvis_tui.audio import devices
from jarvis_tui.headless.common import fail, print_json


def run(args: argparse.Namespace) -> int:
    try:
        found = devices.list_devices()
    except devices.AudioUnavailable as exc:
        return fail(str(exc))
    for d in found:
        if d["is_input"]:
            try:
                d["level_rms"] = round(devices.input_level(d["index"], seconds=0.25), 5)
            except devices.AudioUnavailable as exc:
                d["level_rms"] = None
                d["level_error"] = str(exc)
    if args.json:
        print_json({"devices": found})
        return 0
    if not found:
        print("no audio devices")
        return 1
    for d in found:
        marks = ("*in " if d["is_default_input"] else "    ") + ("*out" if d["is_default_output"] else "    ")
        kinds = "/".join(k for k, on in (("input", d["is_input"]), ("output", d["is_output"])) if on)
        line = f"{marks} {d['index']:>3}  {d['name']:<32} {d['hostapi']:<6} {kinds:<13}"
        if d["is_input"]:
            line += "  level " + (devices.level_bar(d["level_rms"]) if d["level_rms"] is not None
                                  else f"unavailable ({d.get('level_error', '')})")
        print(line)
    print("(* = default input / output)")
    return 0
