#!/usr/bin/env python3
"""Where the wake word is cut off the request, measured offline on voices (no sound devices).

    .venv/bin/python scripts/measure_wake_cut.py [--voices flite-slt,flite-kal] [--seed 2711]

Each voice says the voice set's requests (scripts/make_voice_set.py) after "Hey Jarvis", with a random
0.15-0.4 s gap. The live detector, the VAD and the endpointer hear each file frame by frame as the
listener does; the utterance that holds the wake word is then cut two ways, at the detector's
estimate (the wake word's run less the model's latency) and where the listener cuts
(`listener.wake_cut`: in the silence after the wake word), and each is decoded as the transcriber
stage's final decode does (`without_long_pauses`, segmented, the commands' prompt). It prints, for
both: the cuts that fall 30 ms or more before the wake word's end (its tail is heard as a word) or
20 ms or more into the request (its first word may go), and the word error rate; then the requests
whose transcripts differ. Needs the voices extra (`bash scripts/setup.sh --voices`) for Kokoro and
Pico voices; flite and festival are Debian packages.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import make_voice_set as voice_set  # noqa: E402
from jarvis_tui.audio.endpointer import FRAME, Endpointer, EndpointerConfig, Utterance, without_long_pauses  # noqa: E402
from jarvis_tui.audio.listener import WAKE_LATENCY_S, wake_cut  # noqa: E402
from jarvis_tui.audio.stt import Transcriber  # noqa: E402
from jarvis_tui.audio.vad import SileroVad  # noqa: E402
from jarvis_tui.audio.wakeword import load_wake_word  # noqa: E402
from jarvis_tui.commands_registry import discover_commands, speech_context  # noqa: E402
from jarvis_tui.config import AudioConfig, Config  # noqa: E402
from jarvis_tui.sdk.text import scoring_words  # noqa: E402

RATE = 16000


def wake_utterance(x: np.ndarray, detector, vad: SileroVad, request_start: float) -> tuple[Utterance, float] | None:
    """The utterance that holds the wake word and the request, and the detector's estimate of where the
    wake word ended (stream times from the file's start). The hangover is long enough that a paused
    request stays one utterance (the turn end's reading of the words is not run here)."""
    endpointer = Endpointer(EndpointerConfig.from_audio_config(AudioConfig(), hangover_ms=1200))
    detector.reset()
    vad.reset()
    estimate = None
    for k in range(len(x) // FRAME):
        frame = x[k * FRAME:(k + 1) * FRAME]
        if estimate is None and detector.process(frame) is not None:
            estimate = endpointer.clock + endpointer.frame_s - WAKE_LATENCY_S - detector.held_s
        for e in endpointer.process(frame, vad.prob(frame)):
            if (isinstance(e, Utterance) and estimate is not None and e.t_samples_start < estimate < e.t_speech_end
                    and e.t_speech_end > request_start):
                return e, estimate
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--voices", default="flite-slt,flite-kal")
    ap.add_argument("--seed", type=int, default=2711)
    a = ap.parse_args()
    import jiwer
    stt = Transcriber.from_config(Config().stt, context=lambda: speech_context(discover_commands()))
    vad, detector, rng = SileroVad(), load_wake_word("hey_jarvis", 0.5, "open"), random.Random(a.seed)
    errors = {"estimate": [0, 0, 0, 0], "silence": [0, 0, 0, 0]}      # early, late, word errors, words
    files = missed = 0
    changed = []
    for voice in a.voices.split(","):
        wake = voice_set._level(voice_set._trim(voice_set.synthesize(voice, voice_set.WAKE)))
        for text, _tool, _args in voice_set.REQUESTS:
            speech, _ = voice_set.spoken_request(voice, text, rng)
            gap = rng.uniform(0.15, 0.4)
            x = np.concatenate([voice_set.silence(0.7), wake, voice_set.silence(gap), speech,
                                voice_set.silence(1.5)]).astype(np.float32)
            wake_end = 0.7 + len(wake) / RATE
            request_start = wake_end + gap
            files += 1
            found = wake_utterance(x, detector, vad, request_start)
            if found is None:
                missed += 1
                continue
            utt, estimate = found
            said = " ".join(scoring_words(voice_set.plain(text)))
            heard = {}
            for name, cut in (("estimate", estimate), ("silence", wake_cut(estimate, utt.quiet_runs))):
                row = errors[name]
                row[0] += cut < wake_end - 0.03
                row[1] += cut > request_start + 0.02
                rest = dataclasses.replace(utt, samples=utt.samples[int((cut - utt.t_samples_start) * RATE):],
                                           t_samples_start=cut)
                heard[name] = " ".join(scoring_words(stt.transcribe(without_long_pauses(rest), segmented=True).text))
                o = jiwer.process_words(said, heard[name])
                row[2] += o.substitutions + o.deletions + o.insertions
                row[3] += len(said.split())
            if heard["estimate"] != heard["silence"]:
                changed.append((voice, voice_set.plain(text), heard["estimate"], heard["silence"]))
    print(f"{files} files, {missed} without one utterance holding the wake word and the request")
    for name, (early, late, wrong, words) in errors.items():
        print(f"cut at the {name:8}  before the wake word's end {early:3}  into the request {late:3}  "
              f"word error rate {100 * wrong / max(1, words):.2f} % ({wrong}/{words})")
    for voice, said, before, after in changed:
        print(f"  {voice}: {said!r}: {before!r} -> {after!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
