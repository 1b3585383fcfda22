#!/usr/bin/env python3
"""Questions about the assistant and requests asked politely, as full turns through the real LLM:
what ran, what was said, and whether an action ran where none should.

  python scripts/score_questions.py tests/data/questions/questions.txt

Each line is `want|words`: `answer` (a question about what it can do, how to ask, or whether something
was done: no action may run; a yes/no question before a destructive one is not an action),
`act:<command>` (a request asked politely: that command must run first; `act:<command>:<action>`: with
that action), `state` (a question whether
something was done: the timer, the list and the reminders stay as they were, and a yes/no asked before
doing it first tells how the thing stands: "... is still running") or `uses` (what a kind of thing lets the
user do: no call, and a reply that says what it can do with examples) or `chat` (a remark: small talk
answers it, and nothing else runs: no decline, no memory kept). One assistant in a fresh data
dir, with a 10 minute timer running, milk on the shopping list and a reminder set first, so that an
action on a question would change something (what a turn changes is put back after it); each line in a
conversation of its own."""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvis_tui.runtime import Runtime

SETUP = ("set a timer for 10 minutes", "add milk to my shopping list", "remind me to water the plants at 9 pm")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", type=Path)
    args = ap.parse_args()
    rows = [line.split("|", 1) for line in args.file.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    data = tempfile.mkdtemp(prefix="jarvis-questions-")
    runtime = Runtime.create(data_dir=data, config_dir=data)
    try:
        runtime.load_brain()
        for said in SETUP:
            runtime.assistant.handle_text(said, conversation_id="setup")
        before = _setup_state(runtime)
        right = ran_on_questions = questions = changed = 0
        for i, (want, words) in enumerate(rows):
            turn = runtime.assistant.handle_text(words, conversation_id=f"row{i}")
            runtime.assistant.pending = None          # a yes/no asked is left unanswered
            runtime.assistant.awaiting = None
            ran = [c for c in turn.tool_calls if not (c.response and c.response.context_data.get("confirm"))]
            now = _setup_state(runtime)
            lost = [k for k in before if now[k] != before[k]]
            spoken = turn.spoken or ""
            if want == "answer":
                questions += 1
                ok = not ran
                ran_on_questions += bool(ran)
            elif want == "state":
                ok = not lost and (len(ran) == len(turn.tool_calls) or "still" in spoken)
            elif want == "chat":
                ok = [c.name for c in turn.tool_calls] == ["chat"]
            elif want == "uses":
                ok = not lost and not turn.tool_calls and spoken.startswith("I can") and "For example" in spoken
            else:       # act:<command> or act:<command>:<action>
                _, command, *action = want.split(":")
                ok = bool(ran) and ran[0].name == command and (not action or ran[0].arguments.get("action") == action[0])
            right += ok
            changed += bool(lost) and not want.startswith("act:")
            calls = [(c.name, c.arguments) for c in turn.tool_calls]
            print(f"{'ok ' if ok else 'BAD'} {want:24} {words!r} -> {calls} {spoken!r}"
                  + (f" CHANGED {lost}" if lost else ""), flush=True)
            for i_setup, key in enumerate(before):        # put back what the turn changed
                if now[key] != before[key]:
                    _put_back(runtime, i_setup)
        print(f"right {right}/{len(rows)}; actions run on the {questions} questions: {ran_on_questions}; "
              f"questions that changed the timer, list or reminders: {changed}")
        return 0
    finally:
        runtime.close()
        shutil.rmtree(data, ignore_errors=True)


def _setup_state(runtime: Runtime) -> dict[str, object]:
    """What SETUP made, as it stands: the timers running, the shopping list, the reminders (in SETUP's order)."""
    store = runtime.store
    return {"timers": len(store.timers.running()),
            "shopping": sorted((r["text"], r["done"]) for r in store.lists.items("shopping")),
            "reminders": sorted(r["text"] for r in store.reminders.active())}


def _put_back(runtime: Runtime, i: int) -> None:
    """SETUP's `i`th thing as it was: what else is there of its kind goes, and it is made again."""
    store = runtime.store
    if i == 0:
        for t in store.timers.live():
            store.timers.finish(t["id"], "cancelled")
    elif i == 1:
        store.lists.clear("shopping")
    else:
        for r in store.reminders.active():
            store.reminders.delete(r["id"])
    runtime.assistant.handle_text(SETUP[i], conversation_id="setup")


if __name__ == "__main__":
    sys.exit(main())
