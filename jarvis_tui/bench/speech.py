"""Recorded speech for the bench: each utterance synthesized once with the bundled piper voice,
resampled to 16 kHz and cached as a WAV under <data dir>/bench/speech/."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from jarvis_tui.audio.wavsource import SAMPLE_RATE, read_wav, resample, write_wav


@dataclass
class Recording:
    text: str
    samples: np.ndarray          # 16 kHz mono float32, speech only (piper's own edges trimmed)
    path: Path
    cached: bool                 # read from the cache (not synthesized now)

    @property
    def duration_s(self) -> float:
        return len(self.samples) / SAMPLE_RATE


def speech_end(samples: np.ndarray, rate: int = SAMPLE_RATE, level: float = 0.02) -> float:
    """Seconds from the start of `samples` to the last sample above `level` x the signal's peak:
    where the talker stopped (what end-of-speech latency counts from)."""
    if len(samples) == 0:
        return 0.0
    peak = float(np.max(np.abs(samples))) or 1.0
    loud = np.flatnonzero(np.abs(samples) > level * peak)
    if len(loud) == 0:
        return 0.0
    return (int(loud[-1]) + 1) / rate


def _trim(samples: np.ndarray, rate: int = SAMPLE_RATE) -> np.ndarray:
    end = int(speech_end(samples, rate) * rate)
    peak = float(np.max(np.abs(samples))) if len(samples) else 0.0
    loud = np.flatnonzero(np.abs(samples) > 0.02 * (peak or 1.0))
    start = int(loud[0]) if len(loud) else 0
    return samples[start:end].astype(np.float32)


class SpeechCache:
    def __init__(self, directory: str | Path, synthesizer) -> None:
        """`synthesizer` is a loaded jarvis_tui.audio.tts.Synthesizer (the bundled voice)."""
        self.directory = Path(directory)
        self.synthesizer = synthesizer

    def path_for(self, text: str) -> Path:
        voice = Path(self.synthesizer.model_path).name
        digest = hashlib.sha1(f"{voice}|{self.synthesizer.syn_config.length_scale}|{text}".encode()).hexdigest()[:16]
        return self.directory / f"{digest}.wav"

    def get(self, text: str) -> Recording:
        path = self.path_for(text)
        if path.is_file():
            return Recording(text, read_wav(path, SAMPLE_RATE), path, True)
        audio = self.synthesizer.synthesize(text)
        samples = _trim(resample(audio, self.synthesizer.sample_rate, SAMPLE_RATE))
        self.directory.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.wav")
        write_wav(tmp, samples, SAMPLE_RATE)
        tmp.replace(path)
        return Recording(text, read_wav(path, SAMPLE_RATE), path, False)
