#!/usr/bin/env python3
"""Listening measured through the live pipeline on the spoken test set (scripts/make_voice_set.py).

    .venv/bin/python scripts/measure_listening.py [--set DIR] [--speed 1] [--voices a,b] [--every K] [--limit N]
                                                   [--background-minutes M] [--llm] [--json]

Each file goes through the voice loop's own stages (listener with the wake word, VAD and
endpointer; transcriber with its speculative decoding and guards; the turn), read from the file
as a microphone would deliver it (`SignalCapture`, `--speed` times real time), in wake-word mode:
- requests with "Hey Jarvis": wake detection rate, requests cut in two (more than one utterance),
  word error rate of the transcript (jiwer, numbers written either way count as the same word),
  tool accuracy (the router and fast paths; with --llm the bundled LLM too);
- the same requests without the wake word: how many were taken as requests anyway;
- the background audio (speech and noise not addressed to the assistant): false wakes per hour.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jarvis_tui.assistant import events as ev  # noqa: E402
from jarvis_tui.audio.endpointer import Utterance  # noqa: E402
from jarvis_tui.audio.wavsource import SignalCapture, read_wav  # noqa: E402
from jarvis_tui.sdk.text import normalize_utterance, scoring_words  # noqa: E402


class Recorder:
    def __init__(self) -> None:
        self.items: list[ev.Event] = []

    def __call__(self, e: ev.Event) -> None:
        if not isinstance(e, (ev.MicLevel, ev.ListeningStateChanged)):
            self.items.append(e)

    def of(self, kind: type) -> list:
        return [e for e in self.items if isinstance(e, kind)]


def request_id(row: dict) -> int:
    return int(Path(row["file"]).stem.split("-")[0])


def tool_of(rec: Recorder) -> str:
    """The command the request ran (or was about to run: asked first), else "none"."""
    done = rec.of(ev.CommandFinished)
    if done:
        return done[0].command
    parsed = [c for e in rec.of(ev.ToolCallsParsed) for c in e.calls]
    return parsed[0]["name"] if parsed else "none"


def request_pieces(rec: Recorder, row: dict) -> int:
    """How many utterances the endpointer cut the request into: those that end after the request
    began. The wake word said alone before it ends earlier, whether it was taken as "the wake word
    alone" or, heard only after its end, dropped as not addressed."""
    start = row.get("request_start_s")
    if start is None:
        return len(rec.endpointed)
    return sum(u.t_speech_end > start + 0.1 for u in rec.endpointed)


def run_file(runtime, parts, samples: np.ndarray, speed: float, tail_s: float = 2.5) -> Recorder:
    """One file through a fresh voice loop (the models are shared); the events it caused."""
    from jarvis_tui.audio.voice_loop import VoiceLoop
    rec = Recorder()
    unsubscribe = runtime.bus.subscribe(rec)
    signal = np.concatenate([samples, np.zeros(int(tail_s * 16000), np.float32)])
    source = SignalCapture(signal, speed)
    parts["wake"].reset()
    loop = VoiceLoop(runtime, transcriber=parts["stt"], vad=parts["vad"], synthesizer=parts["tts"],
                     wake_detector=parts["wake"], capture=lambda device: source, speak_replies=False)
    # every utterance the endpointer cut, addressed or not (a request's tail after a cut is not
    # addressed any more, and would otherwise go unseen)
    rec.endpointed = []
    endpoint = loop.listener._endpoint

    def counted(r, now, speaking):
        if isinstance(r, Utterance):
            rec.endpointed.append(r)
        endpoint(r, now, speaking)
    loop.listener._endpoint = counted
    loop.set_mode("wake_word")
    loop.start()
    try:
        loop.wait_ready(60)
        while not source.done:
            time.sleep(0.05)
        # what was heard is transcribed and its turn run before the next file
        end = time.monotonic() + 60
        while time.monotonic() < end:
            captured = len(rec.of(ev.UtteranceCaptured))
            settled = len(rec.of(ev.TurnFinished)) + len(rec.of(ev.TranscriptRejected))
            if settled >= captured:
                break
            time.sleep(0.05)
    finally:
        loop.stop()
        unsubscribe()
        forget_what_was_set(runtime)
    return rec


def forget_what_was_set(runtime) -> None:
    """The timers and reminders a request set are gone before the next file: one set by an earlier
    file would ring during a later one (a spoken alert: a request said over it is taken as said while
    the assistant speaks)."""
    store = runtime.store
    for timer in store.timers.live():
        store.timers.finish(timer["id"], "cancelled")
    for reminder in store.reminders.active():
        store.reminders.delete(reminder["id"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default=str(Path.home() / ".cache" / "jarvis-tui" / "voice_set"))
    ap.add_argument("--speed", type=float, default=1.0, help="times real time the files are read")
    ap.add_argument("--voices", default="", help="only these voices (comma-separated)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many requests per voice")
    ap.add_argument("--every", type=int, default=1, metavar="K",
                    help="each voice says every K-th request (a different share per voice)")
    ap.add_argument("--share", type=int, default=0, metavar="S",
                    help="with --every K: shift which share each voice says (0..K-1): other voice and request "
                         "pairs, a set not looked at while tuning on share 0")
    ap.add_argument("--background-minutes", type=float, default=None, help="at most this much background audio")
    ap.add_argument("--llm", action="store_true", help="route with the bundled LLM too (slower)")
    ap.add_argument("--wake-only", action="store_true", help="skip the requests said without the wake word")
    ap.add_argument("--routes", metavar="F.jsonl",
                    help="write what was heard of each request as a routing corpus (for jarvis-tui route --file)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    set_dir = Path(args.set).expanduser()
    manifest = set_dir / "manifest.jsonl"
    if not manifest.exists():
        print(f"no spoken test set in {set_dir}: run scripts/make_voice_set.py first", file=sys.stderr)
        return 1
    rows = [json.loads(line) for line in manifest.read_text().splitlines() if line.strip()]
    voices = set(v for v in args.voices.split(",") if v)

    import tempfile

    from jarvis_tui.audio.stt import Transcriber
    from jarvis_tui.audio.tts import Synthesizer
    from jarvis_tui.audio.vad import SileroVad
    from jarvis_tui.audio.wakeword import load_wake_word
    from jarvis_tui.commands_registry import speech_context
    from jarvis_tui.runtime import Runtime
    tmp = tempfile.mkdtemp(prefix="jarvis-measure-")
    runtime = Runtime.create(data_dir=tmp, config_dir=tmp, overrides={
        "llm.backend": "llama" if args.llm else "none", "audio.earcons": False, "tts.enabled": False})
    if args.llm:
        runtime.load_brain()
    a = runtime.config.audio
    parts = {"stt": Transcriber.from_config(runtime.config.stt, context=lambda: speech_context(runtime.registry)), "vad": SileroVad(), "tts": Synthesizer("bundled"),
             "wake": load_wake_word(a.wake_word, a.wake_sensitivity, a.wake_engine)}

    per_voice: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    wer_items: list[tuple[str, str]] = []
    details = []
    requests = [r for r in rows if r["kind"] == "request" and (not voices or r["voice"] in voices)
                and (r["has_wake"] or not args.wake_only)]
    if args.every > 1:
        # each voice its own share of the requests (voice k takes ids with id % every == k % every),
        # said with and without the wake word, so that all requests are heard by some voice
        order = {v: k for k, v in enumerate(sorted({r["voice"] for r in requests}))}
        requests = [r for r in requests if request_id(r) % args.every == (order[r["voice"]] + args.share) % args.every]
    if args.limit:
        seen: collections.Counter = collections.Counter()
        kept = []
        for r in requests:
            key = (r["voice"], r["has_wake"])
            if seen[key] < args.limit:
                seen[key] += 1
                kept.append(r)
        requests = kept
    t0 = time.perf_counter()
    for i, r in enumerate(requests):
        samples = read_wav(set_dir / r["file"])
        rec = run_file(runtime, parts, samples, args.speed)
        c = per_voice[r["voice"]]
        utts = rec.of(ev.UtteranceCaptured)
        said = rec.of(ev.TranscriptReady)
        tool = tool_of(rec)
        pieces = request_pieces(rec, r)
        if r["has_wake"]:
            c["wake_files"] += 1
            c["woken"] += bool(rec.of(ev.WakeWordHeard))
            c["pauses"] += r["pause_ms"] > 0
            c["split"] += pieces > 1
            c["split_paused"] += pieces > 1 and r["pause_ms"] > 0
            c["heard"] += bool(said)
            c["tool_ok"] += tool == r["expected_tool"]
            hyp = " ".join(normalize_utterance(e.text) for e in said)
            wer_items.append((" ".join(scoring_words(r["text"])), " ".join(scoring_words(hyp))))
        else:
            c["plain_files"] += 1
            c["taken_without_wake"] += bool(utts)
        details.append({"file": r["file"], "voice": r["voice"], "text": r["text"], "has_wake": r["has_wake"],
                        "pause_ms": r["pause_ms"], "utterances": len(utts), "endpointed": len(rec.endpointed),
                        "pieces": pieces, "woken": bool(rec.of(ev.WakeWordHeard)),
                        "transcripts": [e.text for e in said], "confidences": [round(e.confidence, 3) for e in said],
                        "rejected": [f"{e.text} ({e.reason})" for e in rec.of(ev.TranscriptRejected)],
                        "tool": tool, "expected_tool": r["expected_tool"],
                        "expected_args": r.get("expected_args") or {}})
        print(f"\r{i + 1}/{len(requests)} files", end="", file=sys.stderr)
    print(file=sys.stderr)

    background = [r for r in rows if r["kind"] == "background"]
    bg_s = 0.0
    false_wakes = 0
    false_turns = 0
    for r in background:
        if args.background_minutes is not None and bg_s >= args.background_minutes * 60:
            break
        samples = read_wav(set_dir / r["file"])
        rec = run_file(runtime, parts, samples, max(args.speed, 8.0))
        bg_s += len(samples) / 16000
        false_wakes += len(rec.of(ev.WakeWordHeard))
        false_turns += len(rec.of(ev.TurnFinished))
        print(f"\rbackground {bg_s / 60:.1f} min, {false_wakes} false wakes", end="", file=sys.stderr)
    print(file=sys.stderr)

    if args.routes:
        # a request heard as nothing has no text to route (`route --file` skips such a line, which
        # would pair every later route with the wrong row): it is counted here instead
        nothing = 0
        with open(args.routes, "w", encoding="utf-8") as f:
            for d in details:
                if d["has_wake"] and " ".join(d["transcripts"]).strip():
                    f.write(json.dumps({"text": " ".join(d["transcripts"]), "tool": d["expected_tool"],
                                        "arguments": d["expected_args"], "said": d["text"], "voice": d["voice"]}) + "\n")
                elif d["has_wake"]:
                    nothing += 1
        print(f"{args.routes}: what was heard of each request; {nothing} heard as nothing are not in it", file=sys.stderr)
    import jiwer
    total = collections.Counter()
    for c in per_voice.values():
        total.update(c)
    refs = [ref for ref, _ in wer_items]
    hyps = [hyp for _, hyp in wer_items]
    summary = {
        "voices": sorted(per_voice),
        "requests_with_wake_word": total["wake_files"],
        "wake_detection_rate": round(total["woken"] / max(1, total["wake_files"]), 3),
        "requests_with_a_pause": total["pauses"],
        "requests_cut_in_two": total["split"],         # more than one transcript for one request
        "requests_with_a_pause_cut_in_two": total["split_paused"],
        "word_error_rate": round(jiwer.wer(refs, hyps), 3) if refs else None,
        "tool_accuracy": round(total["tool_ok"] / max(1, total["wake_files"]), 3),
        "requests_without_wake_word": total["plain_files"],
        "taken_without_wake_word": total["taken_without_wake"],
        "background_minutes": round(bg_s / 60, 1),
        "false_wakes": false_wakes,
        "false_wakes_per_hour": round(false_wakes / (bg_s / 3600), 2) if bg_s else None,
        "turns_from_background": false_turns,
        "routing": "router + fast paths + bundled LLM" if args.llm else "router + fast paths (no LLM)",
        "speed": args.speed, "seconds": round(time.perf_counter() - t0, 1),
        "per_voice": {v: {"woken": f"{c['woken']}/{c['wake_files']}", "cut_in_two": c["split"],
                          "tool": f"{c['tool_ok']}/{c['wake_files']}",
                          "taken_without_wake_word": f"{c['taken_without_wake']}/{c['plain_files']}"}
                      for v, c in sorted(per_voice.items())},
    }
    if args.json:
        print(json.dumps({"summary": summary, "files": details}))
    else:
        for k, v in summary.items():
            if k != "per_voice":
                print(f"{k:36} {v}")
        for v, c in summary["per_voice"].items():
            print(f"  {v:16} woken {c['woken']:>7}  cut in two {c['cut_in_two']:>2}  tool {c['tool']:>7}  "
                  f"taken without wake word {c['taken_without_wake_word']}")
        for d in details:
            if d["has_wake"] and (d["pieces"] != 1 or not d["woken"] or d["tool"] != d["expected_tool"]):
                print(f"  ! {d['voice']:14} {d['text']!r}: woken={d['woken']} pieces={d['pieces']} "
                      f"tool={d['tool']} (want {d['expected_tool']}) heard={d['transcripts']}")
    runtime.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
