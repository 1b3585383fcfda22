#!/usr/bin/env python3
"""Generate the earcons in assets/sounds/ (run once; the small WAVs are committed).

Soft sine tones with a few harmonics and smooth attack/release envelopes, 22.05 kHz mono 16-bit:
  timer.wav      three rising chimes (a timer or reminder is due)
  listening.wav  a short rising two-note blip (the microphone opened)
  done.wav       a short falling two-note blip (the utterance was captured)
  error.wav      a low double buzz (something went wrong)
"""
from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def tone(freq: float, dur: float, volume: float = 0.5, harmonics=(1.0, 0.3, 0.1), decay: float = 4.0) -> np.ndarray:
    t = np.arange(int(RATE * dur)) / RATE
    wave_ = sum(a * np.sin(2 * np.pi * freq * (i + 1) * t) for i, a in enumerate(harmonics))
    wave_ /= sum(harmonics)
    attack = np.minimum(1.0, t / 0.008)
    release = np.minimum(1.0, (dur - t) / 0.02)
    return volume * wave_ * attack * release * np.exp(-decay * t)


def silence(dur: float) -> np.ndarray:
    return np.zeros(int(RATE * dur))


def write(name: str, samples: np.ndarray) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    pcm = (np.clip(samples, -1, 1) * 32767 * 0.8).astype("<i2")
    path = OUT / name
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return path


def main() -> int:
    sounds = {
        "timer.wav": np.concatenate([tone(784, 0.22), silence(0.05), tone(988, 0.22), silence(0.05), tone(1175, 0.4, decay=3)]),
        "listening.wav": np.concatenate([tone(660, 0.08, 0.4, decay=2), tone(880, 0.12, 0.4, decay=6)]),
        "done.wav": np.concatenate([tone(880, 0.08, 0.4, decay=2), tone(660, 0.12, 0.4, decay=6)]),
        "error.wav": np.concatenate([tone(220, 0.14, 0.5, (1.0, 0.5, 0.3), 2), silence(0.05),
                                     tone(196, 0.2, 0.5, (1.0, 0.5, 0.3), 3)]),
    }
    for name, samples in sounds.items():
        path = write(name, samples)
        print(f"{path} {len(samples) / RATE:.2f} s {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
