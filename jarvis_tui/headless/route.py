"""`jarvis-tui route [TEXT ... | --file F] [--no-llm]`: routing only, nothing executed.

One JSON line per utterance: {"text", "route", "tool_calls", "message", "timings_ms"}.
Models load once per process.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from jarvis_tui.assistant.intent_router import decline_message
from jarvis_tui.assistant.router import pre_route
from jarvis_tui.headless.common import config_from_args, fail, print_json
from jarvis_tui.runtime import Runtime


def read_utterances(args: argparse.Namespace) -> list[str]:
    texts = list(args.text or [])
    if args.file:
        path = Path(args.file)
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if not line:
                continue
            if line.startswith("{"):
                texts.append(str(json.loads(line)["text"]))
            else:
                texts.append(line)
    if not texts and not sys.stdin.isatty():
        texts = [ln.strip() for ln in sys.stdin if ln.strip()]
    return texts


def run(args: argparse.Namespace) -> int:
    try:
        texts = read_utterances(args)
    except (OSError, ValueError, KeyError) as exc:
        return fail(f"cannot read utterances: {exc}")
    if not texts:
        return fail("nothing to route: give TEXT or --file")
    config = config_from_args(args)
    runtime = Runtime.create(config)
    try:
        if getattr(args, "provider", None):
            try:
                runtime.set_provider(args.provider, persist=False)
            except ValueError as exc:
                return fail(str(exc))
        brain = runtime.load_brain()
        if brain is None and config.llm.backend != "none":
            print("jarvis-tui: the LLM did not load; routing with fast paths only", file=sys.stderr)
        for text in texts:
            t0 = time.perf_counter()
            match = pre_route(text, runtime.registry)
            pre_ms = (time.perf_counter() - t0) * 1000
            if match is not None:
                print_json({"text": text, "route": "pre_route",
                            "tool_calls": [{"name": match.command.command_name,
                                            "arguments": match.result.arguments}],
                            "message": match.result.spoken_response,
                            "timings_ms": {"pre_route": round(pre_ms, 2), "llm": 0.0,
                                           "total": round(pre_ms, 2)}})
                continue
            if brain is None:
                # no LLM: the intent router alone (a decline, or its confident pick without arguments)
                decision = runtime.assistant.route_intent(text)
                calls, message, route = [], None, "none"
                if decision is not None and decision.decision == "decline":
                    message = decline_message(decision.topic)
                elif decision is not None and decision.decision in ("direct", "tool") and decision.tool:
                    calls, route = [{"name": decision.tool, "arguments": {}}], "router"
                print_json({"text": text, "route": route, "tool_calls": calls, "message": message,
                            "timings_ms": {"pre_route": round(pre_ms, 2), "llm": 0.0,
                                           "total": round((time.perf_counter() - t0) * 1000, 2)},
                            "router": decision.to_dict() if decision is not None else None})
                continue
            t1 = time.perf_counter()
            decision = brain.route_only(runtime.assistant, text)
            llm_ms = (time.perf_counter() - t1) * 1000
            timings = {"pre_route": round(pre_ms, 2), "llm": round(llm_ms, 1),
                       "total": round((time.perf_counter() - t0) * 1000, 1)}
            for key in ("prefill", "generate"):
                if key in decision.timings_ms:
                    timings[key] = decision.timings_ms[key]
            if decision.declined:
                route = "none"
            elif decision.stats.get("decider") == "router":
                route = "router"
            else:
                route = "llm" if decision.tool_calls or decision.message else "none"
            print_json({"text": text, "route": route, "router": decision.router.to_dict() if decision.router else None,
                        "tool_calls": [{"name": c["name"], "arguments": c["arguments"]} for c in decision.tool_calls],
                        "message": decision.message,
                        "timings_ms": timings,
                        "llm": dict(decision.stats, provider=decision.provider, retries=decision.retries,
                                    rejected=decision.rejected)})
        return 0
    finally:
        runtime.close()
