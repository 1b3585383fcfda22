"""`jarvis-tui route [TEXT ... | --file F] [--no-llm]`: routing only, nothing executed.

One JSON line per utterance: {"text", "route", "tool_calls", "message", "timings_ms"}; a request said not
to be done ("don't set a timer") is route "negated", with "negated": {"request", "command"}; words that tell
of a doing ("i already set a timer") are route "told", with "told": {"command"} (the action not taken).
Models load once per process.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from jarvis_tui.assistant.assistant import TOLD
from jarvis_tui.assistant.intent_router import decline_message
from jarvis_tui.assistant.router import pre_route
from jarvis_tui.headless.common import config_from_args, fail, print_json
from jarvis_tui.runtime import Runtime
from jarvis_tui.sdk.text import without_self_repairs


def read_utterances(args: argparse.Namespace) -> list[str]:
    """TEXT arguments, or --file F (plain text lines and JSON lines with a "text" field, mixed), or
    standard input. A line that cannot be read is reported on stderr with its number and skipped."""
    texts = list(args.text or [])
    if args.file:
        path = Path(args.file)
        for number, raw in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            text, problem = _utterance(raw)
            if problem:
                print(f"jarvis-tui: {path}:{number}: skipped: {problem}", file=sys.stderr)
            elif text:
                texts.append(text)
    if not texts and not sys.stdin.isatty():
        texts = [ln.strip() for ln in sys.stdin if ln.strip()]
    return texts


def _utterance(raw: str) -> tuple[str | None, str | None]:
    """(text, None), (None, None) for a blank line, or (None, why the line is not an utterance)."""
    line = raw.strip()
    if not line:
        return None, None
    if not line.startswith("{"):
        return line, None
    try:
        obj = json.loads(line)
    except ValueError:
        return line, None                          # a plain sentence that starts with "{"
    if not isinstance(obj, dict):
        return None, "a JSON line must be an object with a \"text\" field"
    text = obj.get("text")
    if not isinstance(text, str) or not text.strip():
        return None, "no \"text\" string in this JSON line"
    return text.strip(), None


def _line(said: str, route: str, tool_calls: list[dict], message: str | None, negated: dict | None,
          t0: float, pre_ms: float = 0.0, **more) -> dict:
    """One JSON line of a route made without the LLM: the utterance, how it was routed, the calls, the
    reply, what was said not to be done, more fields ("told", "about", "router"), and the times."""
    return {"text": said, "route": route, "tool_calls": tool_calls, "message": message,
            **({"negated": negated} if negated else {}), **more,
            "timings_ms": {"pre_route": round(pre_ms, 2), "llm": 0.0,
                           "total": round((time.perf_counter() - t0) * 1000, 2)}}


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
            print(f"jarvis-tui: the LLM did not load ({runtime.llm_error or 'see the log'}); "
                  "routing with fast paths and the intent router only", file=sys.stderr)
        for said in texts:
            t0 = time.perf_counter()
            text, negated = without_self_repairs(said), None     # as the turn reads it
            not_to_do = runtime.assistant.not_to_do(text)
            if not_to_do is not None:
                # a request said not to be done ("don't cancel the timer") is not routed; one said in its
                # place is ("..., set an alarm instead"), as the turn does
                negation, command = not_to_do
                negated = {"request": negation.negated, "command": command.command_name}
                if negation.instead is None:
                    print_json(_line(said, "negated", [], runtime.assistant.not_done_reply(negation, command),
                                     negated, t0))
                    continue
                text = negation.instead
            about = runtime.assistant.usage_answer(text)     # "how do i cancel a timer": before fast paths
            cannot = runtime.assistant.uses_declined(text) if about is None else None
            if cannot is not None:                               # "what can you do with my music"
                print_json(_line(said, "none", [], decline_message(cannot), negated, t0))
                continue
            match = pre_route(text, runtime.registry) if about is None else None
            pre_ms = (time.perf_counter() - t0) * 1000
            if match is not None:
                print_json(_line(said, "pre_route", [{"name": match.command.command_name,
                                                      "arguments": match.result.arguments}],
                                 match.result.spoken_response, negated, t0, pre_ms))
                continue
            told = runtime.assistant.told_not_asked(text) if about is None else None
            if told is not None:
                print_json(_line(said, "told", [], TOLD, negated, t0, pre_ms, told={"command": told.command_name}))
                continue
            about = about or runtime.assistant.ability_answer(text)     # "can you set alarms?": told, nothing runs
            if about is not None:
                routed = runtime.assistant.route_intent(about[0])
                print_json(_line(said, "router", [], about[1], negated, t0, pre_ms,
                                 about={"activity": about[0], "command": about[2].command_name},
                                 router=routed.to_dict() if routed is not None else None))
                continue
            if brain is None:
                # no LLM: the intent router alone (a decline, its confident pick without arguments, or
                # the answer in words a turn would give)
                decision = runtime.assistant.route_intent(text)
                calls, message, route = [], None, "none"
                if decision is not None and decision.decision == "decline":
                    message = decline_message(decision.topic)
                elif decision is not None and decision.decision == "tool" and decision.tool:
                    calls, route = [{"name": decision.tool, "arguments": {}}], "router"
                elif (direct := runtime.assistant.answer_without_model(decision)) is not None:
                    calls, route = [{"name": direct, "arguments": {}}], "router"
                print_json(_line(said, route, calls, message, negated, t0, pre_ms,
                                 router=decision.to_dict() if decision is not None else None))
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
            print_json({"text": said, "route": route, **({"negated": negated} if negated else {}),
                        "router": decision.router.to_dict() if decision.router else None,
                        "tool_calls": [{"name": c["name"], "arguments": c["arguments"]} for c in decision.tool_calls],
                        "message": decision.message,
                        "timings_ms": timings,
                        "llm": dict(decision.stats, provider=decision.provider, retries=decision.retries,
                                    rejected=decision.rejected)})
        return 0
    finally:
        runtime.close()
