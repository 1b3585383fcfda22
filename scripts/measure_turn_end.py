#!/usr/bin/env python3
"""How often the turn end waits for more on requests that are finished: SLURP's real requests.

    .venv/bin/python scripts/measure_turn_end.py [--slurp ../shared/data/slurp_devel/devel.jsonl] [--list]

Every request people said (as written, each one finished as far as its recording goes) goes through
the voice loop's own TurnEnd, learned from the discovered commands' examples as at start-up. A
request taken as unfinished waits `audio.unfinished_hangover_ms` (1 s) more before its turn starts;
the count is that cost. (What it buys, requests not cut in two, is measured on the spoken set by
scripts/measure_listening.py.) --list prints those requests.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jarvis_tui.audio.turn_end import TurnEnd  # noqa: E402
from jarvis_tui.runtime import Runtime  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--slurp", default=str(ROOT.parent / "shared" / "data" / "slurp_devel" / "devel.jsonl"))
    ap.add_argument("--list", action="store_true", help="print the requests taken as unfinished")
    args = ap.parse_args()
    path = Path(args.slurp)
    if not path.is_file():
        print(f"no SLURP requests at {path}", file=sys.stderr)
        return 2
    tmp = tempfile.mkdtemp(prefix="jarvis-turn-end-")
    runtime = Runtime.create(data_dir=tmp, config_dir=tmp, overrides={"llm.backend": "none", "tts.enabled": False})
    turn_end = TurnEnd.learned_from(runtime.registry)
    texts = [json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    waited = [t for t in texts if turn_end.unfinished(t)]
    print(f"{len(waited)} of {len(texts)} finished requests taken as unfinished "
          f"({100 * len(waited) / max(1, len(texts)):.1f} %: each waits 1 s more)")
    if args.list:
        for t in waited:
            print(f"  {t}")
    runtime.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
