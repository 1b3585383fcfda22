#!/usr/bin/env python3
"""Whole conversations through the assistant, as a user types them: one running assistant per
conversation (a fresh data dir each), the real LLM, every reply printed with its tool calls.

  python scripts/converse.py tests/data/conversations/round1.txt [--json]

The file holds conversations separated by a blank line, one request per line ("#" lines are
comments). The README's conversation rounds were judged by reading the replies this prints."""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvis_tui.config import load_config
from jarvis_tui.runtime import Runtime


def conversations(path: Path) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if line.strip():
            out[-1].append(line.strip())
        elif out[-1]:
            out.append([])
    return [c for c in out if c]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--json", action="store_true", help="one JSON line per turn")
    args = ap.parse_args()
    for n, said in enumerate(conversations(args.file)):
        with tempfile.TemporaryDirectory(prefix="jarvis-converse-") as data:
            rt = Runtime.create(load_config(data_dir=data))
            try:
                rt.load_brain()
                if not args.json:
                    print(f"=== conversation {n + 1}")
                for text in said:
                    t0 = time.perf_counter()
                    turn = rt.assistant.handle_text(text, source="text")
                    calls = [(c.name, c.arguments) for c in turn.tool_calls]
                    buttons = [a.get("button_text") for a in turn.actions]
                    if args.json:
                        print(json.dumps({"conversation": n + 1, "text": text, "spoken": turn.spoken, "route": turn.route,
                                          "calls": calls, "buttons": buttons,
                                          "seconds": round(time.perf_counter() - t0, 2)}), flush=True)
                    else:
                        print(f"> {text}\n  < {turn.spoken}   [{turn.route}, {time.perf_counter() - t0:.1f} s]\n"
                              f"    calls={json.dumps(calls)[:300]}" + (f" buttons={buttons}" if buttons else ""), flush=True)
            finally:
                rt.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
