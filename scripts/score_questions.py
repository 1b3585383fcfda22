#!/usr/bin/env python3
"""Questions about the assistant and requests asked politely, as full turns through the real LLM:
what ran, what was said, and whether an action ran where none should.

  python scripts/score_questions.py tests/data/questions/questions.txt

Each line is `want|words`: `answer` (a question about what it can do, how to ask, or whether something
was done: no action may run; a yes/no question before a destructive one is not an action) or
`act:<command>` (a request asked politely: that command must run first). One assistant in a fresh data
dir, with a 10 minute timer running, milk on the shopping list and a reminder set first, so that an
action on a question would change something; each line in a conversation of its own."""
from __future__ import annotations

import argparse
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
        right = ran_on_questions = questions = 0
        for i, (want, words) in enumerate(rows):
            turn = runtime.assistant.handle_text(words, conversation_id=f"row{i}")
            runtime.assistant.pending = None          # a yes/no asked is left unanswered
            ran = [c for c in turn.tool_calls if not (c.response and c.response.context_data.get("confirm"))]
            if want == "answer":
                questions += 1
                ok = not ran
                ran_on_questions += bool(ran)
            else:
                ok = bool(ran) and ran[0].name == want.split(":", 1)[1]
            right += ok
            calls = [(c.name, c.arguments) for c in turn.tool_calls]
            print(f"{'ok ' if ok else 'BAD'} {want:24} {words!r} -> {calls} {turn.spoken!r}", flush=True)
        print(f"right {right}/{len(rows)}; actions run on the {questions} questions: {ran_on_questions}")
        return 0
    finally:
        runtime.close()


if __name__ == "__main__":
    sys.exit(main())
