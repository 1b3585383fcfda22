"""`jarvis-tui ask TEXT [--json] [--no-speak] [--speak-to F.wav]`: one full text turn, executed."""
from __future__ import annotations

import argparse
import sys

from jarvis_tui.audio.devices import AudioUnavailable
from jarvis_tui.audio.tts import TtsError
from jarvis_tui.headless.common import config_from_args, print_json
from jarvis_tui.runtime import Runtime


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    runtime = Runtime.create(config)
    try:
        if getattr(args, "provider", None):
            try:
                runtime.set_provider(args.provider, persist=False)   # --provider beats the stored setting
            except ValueError as exc:
                print(f"jarvis-tui: {exc}", file=sys.stderr)
                return 2
        runtime.load_brain()
        turn = _turn_cancelled_by_ctrl_c(runtime, " ".join(args.text))
        if args.json:
            print_json(turn.to_dict())
        else:
            print(turn.spoken or "")
        if turn.spoken and (args.speak_to or not args.no_speak):
            try:
                runtime.speak(turn.spoken, out_path=args.speak_to)
            except (TtsError, AudioUnavailable, OSError) as exc:
                # the turn is done and its reply printed; only the speaking failed, and says why
                print(f"jarvis-tui: the reply was not spoken: {exc} (--no-speak skips speaking)", file=sys.stderr)
                return 1
        return 0
    finally:
        runtime.close()


def _turn_cancelled_by_ctrl_c(runtime: Runtime, text: str):
    """The turn, in a thread: Ctrl-C cancels it (Assistant.cancel: the LLM stops, no command it was
    about to run runs) and the cancelled turn is printed like any other."""
    import threading

    out: dict = {}
    done = threading.Event()         # not Thread.join: a join cut short by Ctrl-C can lose track of the thread

    def turn() -> None:
        try:
            out["turn"] = runtime.assistant.handle_text(text, source="text")
        finally:
            done.set()
    threading.Thread(target=turn, name="ask-turn", daemon=True).start()
    while True:
        try:
            if done.wait(0.2):
                break
        except KeyboardInterrupt:
            if runtime.assistant.cancel():
                print("jarvis-tui: cancelling the turn…", file=sys.stderr)
    return out["turn"]
