#!/usr/bin/env python3
"""Measure the wake word engines offline on the spoken test set (no sound devices).

    .venv/bin/python scripts/make_voice_set.py            # once: ~/.cache/jarvis-tui/voice_set
    flock /tmp/jarvis-cpu.lock .venv/bin/python scripts/measure_wakeword.py [--set DIR]
        [--engines micro,open] [--sensitivities 0.2,0.35,0.5,0.65,0.8] [--patience 1,2,3] [--json OUT.json]

Each engine's detector (jarvis_tui.audio.wakeword) hears every file of the set in 512-sample frames,
as the voice loop sends them, once; its probabilities are kept, and each sensitivity's cutoff is then
applied through the detector's own WakeTrigger (cutoff, patience: windows in a row over the cutoff,
refractory time), so every sensitivity and patience sees exactly what the detector would have decided.
Without --patience each engine is measured with its own default (wakeword.PATIENCE).

  detection      a file with "Hey Jarvis" is detected when the detector fires between the start of
                 the wake word and 1 s after it ends (per voice, and over all voices)
  false wakes    detections in audio that never says the wake word: the background (an hour or more
                 of people, voices reading, near-miss words, noise, babble), per hour; also the
                 request files without the wake word, and the requests after the wake word
  latency        from the end of the wake word to the detection (median)
  CPU            ms of CPU (all threads) per second of audio, streaming the background files
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from jarvis_tui.audio.wakeword import DETECTORS, ENGINES, PATIENCE, SAMPLE_RATE, WakeTrigger, threshold_for  # noqa: E402
from jarvis_tui.audio.wavsource import read_wav  # noqa: E402

FRAME = 512
HIT_AFTER_WAKE_S = 1.0
DEFAULT_SET = Path.home() / ".cache" / "jarvis-tui" / "voice_set"


def frame_probabilities(detector, x: np.ndarray) -> np.ndarray:
    """The highest probability the engine gave within each 512-sample frame (-1: none given)."""
    detector.reset()
    out = np.full(len(x) // FRAME, -1.0, np.float32)
    for k in range(len(out)):
        probs = detector.probabilities(x[k * FRAME:(k + 1) * FRAME])
        if probs:
            out[k] = max(probs)
    return out


def detections(probs: np.ndarray, cutoff: float, patience: int) -> list[float]:
    """Times (s, at the end of the frame) at which the detector fires with this cutoff and patience."""
    trigger = WakeTrigger(cutoff, patience)
    return [(k + 1) * FRAME / SAMPLE_RATE for k, p in enumerate(probs)
            if trigger([float(p)] if p >= 0 else [], FRAME) is not None]


def measure_engine(engine: str, rows: list[dict], root: Path) -> tuple[dict[str, np.ndarray], dict]:
    detector = DETECTORS[engine]("hey_jarvis", 0.5)
    probs: dict[str, np.ndarray] = {}
    cpu = audio = 0.0
    for i, row in enumerate(rows):
        x = read_wav(root / row["file"], SAMPLE_RATE)
        t0 = time.process_time()
        probs[row["file"]] = frame_probabilities(detector, x)
        if row["kind"] == "background":
            cpu += time.process_time() - t0
            audio += len(x) / SAMPLE_RATE
        if i % 50 == 0:
            print(f"\r{engine}: {i + 1}/{len(rows)} files", end="", file=sys.stderr)
    print(file=sys.stderr)
    return probs, {"cpu_ms_per_s": round(1000 * cpu / audio, 2) if audio else None}


def cached_probabilities(cache: str | None, engine: str, rows: list[dict], root: Path):
    """measure_engine's result, kept in `cache` (one .npz per engine) when asked to."""
    path = Path(cache).with_suffix(f".{engine}.npz") if cache else None
    if path is not None and path.exists():
        with np.load(path, allow_pickle=False) as kept:
            if all(r["file"] in kept.files for r in rows) and "cpu_ms_per_s" in kept.files:
                return {r["file"]: kept[r["file"]] for r in rows}, {"cpu_ms_per_s": float(kept["cpu_ms_per_s"])}
    probs, info = measure_engine(engine, rows, root)
    if path is not None:
        np.savez(path, cpu_ms_per_s=np.float64(info["cpu_ms_per_s"] or 0.0), **probs)
    return probs, info


def score(engine: str, sensitivity: float, patience: int, rows: list[dict], probs: dict[str, np.ndarray]) -> dict:
    cutoff = threshold_for(engine, sensitivity)
    hit_by_voice: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    latency: list[float] = []
    bg_false: dict[str, int] = defaultdict(int)
    bg_seconds: dict[str, float] = defaultdict(float)
    plain_false = plain_files = after_wake_false = 0
    for row in rows:
        fired = detections(probs[row["file"]], cutoff, patience)
        if row["kind"] == "background":
            bg_false[row["voice"]] += len(fired)
            bg_seconds[row["voice"]] += row["duration_s"]
        elif row["has_wake"]:
            start, end = 0.6, row["wake_end_s"] + HIT_AFTER_WAKE_S
            hits = [t for t in fired if start <= t <= end]
            hit_by_voice[row["voice"]][0] += bool(hits)
            hit_by_voice[row["voice"]][1] += 1
            if hits:
                latency.append(hits[0] - row["wake_end_s"])
            after_wake_false += sum(1 for t in fired if t > end)
        else:
            plain_files += 1
            plain_false += bool(fired)
    hits = sum(h for h, _ in hit_by_voice.values())
    total = sum(n for _, n in hit_by_voice.values())
    hours = sum(bg_seconds.values()) / 3600
    return {
        "engine": engine, "sensitivity": sensitivity, "cutoff": round(cutoff, 4), "patience": patience,
        "detected": hits, "wake_files": total, "detection_rate": round(hits / total, 4) if total else None,
        "per_voice": {v: round(h / n, 3) for v, (h, n) in sorted(hit_by_voice.items())},
        "latency_ms_p50": round(1000 * statistics.median(latency)) if latency else None,
        "false_wakes_background": sum(bg_false.values()), "background_hours": round(hours, 3),
        "false_wakes_per_hour": round(sum(bg_false.values()) / hours, 2) if hours else None,
        "false_wakes_by_kind": dict(sorted(bg_false.items())),
        "requests_without_wake_fired": plain_false, "requests_without_wake": plain_files,
        "false_after_wake": after_wake_false,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default=str(DEFAULT_SET), help="the directory scripts/make_voice_set.py made")
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--sensitivities", default="0.2,0.35,0.5,0.65,0.8")
    ap.add_argument("--patience", default="", help="windows in a row over the cutoff, e.g. 1,2,3 "
                    "(default: each engine's own)")
    ap.add_argument("--json", help="write every figure here")
    ap.add_argument("--probabilities", metavar="F.npz",
                    help="keep each engine's probabilities here and read them back when there (another sweep "
                         "of sensitivities and patiences then takes seconds)")
    args = ap.parse_args()
    root = Path(args.set).expanduser()
    manifest = root / "manifest.jsonl"
    if not manifest.exists():
        print(f"no test set at {root} (no manifest.jsonl): make it with .venv/bin/python scripts/make_voice_set.py",
              file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in manifest.read_text().splitlines() if line.strip()]
    missing = [r["file"] for r in rows if not (root / r["file"]).exists()]
    if missing:
        print(f"{len(missing)} files of the manifest are missing (first: {missing[0]}); "
              "run scripts/make_voice_set.py again", file=sys.stderr)
        return 2
    sens = [float(s) for s in args.sensitivities.split(",")]
    results, cpu = [], {}
    for engine in args.engines.split(","):
        probs, info = cached_probabilities(args.probabilities, engine, rows, root)
        cpu[engine] = info["cpu_ms_per_s"]
        patiences = [int(p) for p in args.patience.split(",") if p] or [PATIENCE[engine]]
        results += [score(engine, s, p, rows, probs) for p in patiences for s in sens]
    bg_h = results[0]["background_hours"] if results else 0
    voices = sorted({v for r in results for v in r["per_voice"]})
    print(f"\n{len(rows)} files; background {bg_h * 60:.1f} min; CPU per second of audio: "
          + ", ".join(f"{e} {c} ms" for e, c in cpu.items()))
    print("\n| engine | sensitivity | cutoff | patience | detected | false wakes / h (background) | plain requests fired | "
          "after the wake word | latency p50 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['engine']} | {r['sensitivity']:g} | {r['cutoff']:g} | {r['patience']} | {r['detected']}/{r['wake_files']} "
              f"({100 * (r['detection_rate'] or 0):.1f} %) | {r['false_wakes_per_hour']} ({r['false_wakes_background']}: "
              f"{', '.join(f'{k} {v}' for k, v in r['false_wakes_by_kind'].items() if v) or 'none'}) | "
              f"{r['requests_without_wake_fired']}/{r['requests_without_wake']} | {r['false_after_wake']} | "
              f"{r['latency_ms_p50']} ms |")
    print("\nDetection per voice:\n")
    print("| engine | sensitivity | patience | " + " | ".join(voices) + " |")
    print("|---|---|---|" + "---|" * len(voices))
    for r in results:
        print(f"| {r['engine']} | {r['sensitivity']:g} | {r['patience']} | "
              + " | ".join(f"{100 * r['per_voice'].get(v, 0):.0f} %" for v in voices) + " |")
    if args.json:
        Path(args.json).write_text(json.dumps({"cpu_ms_per_s": cpu, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
