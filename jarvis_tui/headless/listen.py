"""`jarvis-tui listen [--once] [--json] [--no-speak] [--timeout S] [--wake-word]`: spoken turns from
the microphone.

Hands-free: each utterance the endpointer closes is transcribed (guarded), routed and executed, and
the reply is spoken; with --wake-word only those that start with "Hey Jarvis" (a JSON line
{"event": "wake_word"} says each time it was heard). With --json one line per turn: {"transcript", "route", "tool_calls", "spoken",
"timings_ms"}; rejected transcripts and errors go to stderr. --once exits after one turn (after its
reply has been played).
"""
from __future__ import annotations

import argparse
import sys
import threading
import time

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio.voice_loop import VoiceLoop
from jarvis_tui.headless.common import config_from_args, print_json
from jarvis_tui.logs import NativeStderr, bounded_file_handler
from jarvis_tui.runtime import Runtime


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    assert config.data_dir is not None
    # PortAudio writes to fd 2 directly, millions of identical lines when the sound server goes away:
    # through the bounded log, collapsed, and rate-limited on the terminal
    with NativeStderr(log_handler=bounded_file_handler(config.data_dir), forward=True):
        return _listen(args, config)


def _listen(args: argparse.Namespace, config) -> int:
    if args.no_speak:
        config.tts.enabled = False
    runtime = Runtime.create(config)
    done = threading.Event()
    turns: list[str] = []
    speaking_for: dict[str, bool] = {}

    def on_event(e: ev.Event) -> None:
        if isinstance(e, ev.TranscriptRejected):
            print(f"[rejected: {e.reason}] {e.text}", file=sys.stderr, flush=True)
        elif isinstance(e, ev.Error) and e.stage != "capture":       # capture: DeviceLost says it
            print(f"[error: {e.stage}] {e.message}", file=sys.stderr, flush=True)
        elif isinstance(e, (ev.DeviceLost, ev.DeviceRestored)):
            # once per outage and once when it is back: a JSON line with --json, a line on stderr
            what = "lost" if isinstance(e, ev.DeviceLost) else "restored"
            if args.json:
                print_json({"event": f"device_{what}", "direction": e.direction, "device": e.device or "default",
                            **({"reason": e.reason, "retry_in_s": e.retry_in_s} if what == "lost"
                               else {"down_s": e.down_s})})
            label = "microphone" if e.direction == "input" else "speaker"
            detail = e.reason if isinstance(e, ev.DeviceLost) else f"back after {e.down_s} s"
            print(f"[{label} {what}] {e.device or 'default'}: {detail}", file=sys.stderr, flush=True)
        elif isinstance(e, ev.WakeWordHeard):
            if args.json:
                print_json({"event": "wake_word", "score": e.score, "barge_in": e.barge_in})
            else:
                print(f"[wake word] {e.score:.2f}", file=sys.stderr, flush=True)
        elif isinstance(e, ev.Announcement):
            if args.json:
                print_json({"event": "announcement", "source": e.source, "text": e.text})
            else:
                print(f"jarvis: {e.text}", flush=True)
        elif isinstance(e, ev.SpeechOutFinished) and args.once and e.turn_id in speaking_for:
            done.set()

    def on_turn(turn, info) -> None:
        d = turn.to_dict()
        line = {"transcript": info["transcript"], "route": d["route"],
                "tool_calls": [{"name": c.get("name"), "arguments": c.get("arguments")} for c in d["tool_calls"]],
                "spoken": d["spoken"], "timings_ms": d["timings_ms"]}
        if args.json:
            print_json(line)
        else:
            print(f"you: {info['transcript']}\njarvis: {d['spoken'] or ''}", flush=True)
        turns.append(turn.turn_id)
        if args.once:
            if turn.spoken and config.tts.enabled:
                speaking_for[turn.turn_id] = True
            else:
                done.set()

    unsubscribe = runtime.bus.subscribe(on_event)
    loop = VoiceLoop(runtime, on_turn=on_turn)
    try:
        runtime.load_brain()
        loop.set_mode("wake_word" if getattr(args, "wake_word", False) else "hands_free")
        loop.start()
        if not loop.wait_ready(120):
            print("jarvis-tui: models did not load in time", file=sys.stderr)
            return 1
        print("[listening]", file=sys.stderr, flush=True)
        runtime.announce_startup()
        deadline = time.monotonic() + args.timeout if args.timeout else None
        while not done.is_set():
            if deadline and time.monotonic() > deadline:
                print("jarvis-tui: listen timed out", file=sys.stderr)
                return 4 if not turns else 0
            done.wait(0.1)
        return 0
    finally:
        loop.stop()
        unsubscribe()
        runtime.close()
