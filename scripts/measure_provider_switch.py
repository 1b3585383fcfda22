"""The first turn after a prompt-provider switch, with the real bundled LLM.

    flock /tmp/jarvis-cpu.lock .venv/bin/python scripts/measure_provider_switch.py \
        [--provider Qwen25SmallUntrained] [--text "..."] [--prepare] [--fresh-cache]

Loads the bundled model with the default provider (its prompt prefilled, as at start-up), switches
to --provider as the F2 menu does, and times the next LLM turn. With --prepare the switch prefills
the new provider's prompt in the background first (ConversationBrain.prepare_provider, as the
TUI's worker does) and the turn starts
once it says ready, as a user who waits for "ready" in the status line would. --fresh-cache gives the backend
a new, empty prefix-state folder after start-up (nothing prepared on disk for the new provider). Prints one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--provider", default="Qwen25SmallUntrained")
    ap.add_argument("--text", default="remind me to call mum at 6 pm")
    ap.add_argument("--prepare", action="store_true")
    ap.add_argument("--fresh-cache", action="store_true")
    args = ap.parse_args()

    base = Path(tempfile.mkdtemp(prefix="jarvis-switch-"))
    from jarvis_tui.assistant import events as ev
    from jarvis_tui.runtime import Runtime

    runtime = Runtime.create(config_dir=str(base / "config"), data_dir=str(base / "data"),
                             overrides={"llm.backend": "llama", "llm.model": "bundled"})
    events: list = []
    runtime.bus.subscribe(events.append)
    try:
        t0 = time.perf_counter()
        brain = runtime.load_brain()
        if brain is None:
            print(json.dumps({"error": runtime.llm_error}))
            return 1
        if args.fresh_cache and getattr(brain.backend, "state_store", None) is not None:
            brain.backend.state_store.directory = base / "states"
        load_s = time.perf_counter() - t0
        runtime.assistant.prepare_router()           # fitted at start-up in the app, not in the turn
        provider = runtime.set_provider(args.provider, persist=False)
        prepare_s = None
        prepare_source = None
        if args.prepare:
            t1 = time.perf_counter()
            result = brain.prepare_provider(provider, list(runtime.registry), emit=runtime.bus.emit)
            prepare_s = time.perf_counter() - t1
            prepare_source = getattr(result, "source", None)
        events.clear()
        t2 = time.perf_counter()
        turn = runtime.assistant.handle_text(args.text)
        turn_s = time.perf_counter() - t2
        out = [e for e in events if isinstance(e, ev.LlmOutput)]
        print(json.dumps({
            "provider": provider, "text": args.text, "route": turn.route,
            "tool_calls": [c.to_dict() for c in turn.tool_calls],
            "load_s": round(load_s, 2), "prepare_s": round(prepare_s, 2) if prepare_s is not None else None,
            "prepare_source": prepare_source,
            "turn_s": round(turn_s, 2),
            "llm": [{"prompt_tokens": e.prompt_tokens, "cached_tokens": e.cached_tokens,
                     "prefill_ms": round(e.prefill_ms), "generate_ms": round(e.generate_ms)} for e in out],
            "load_avg": os.getloadavg()[0],
        }))
        return 0
    finally:
        runtime.close()


if __name__ == "__main__":
    sys.exit(main())
