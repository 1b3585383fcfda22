"""Playback: a sounddevice OutputStream fed sentence by sentence, interruptible within a block.

`Speaker.play(segments, ...)` consumes an iterator of (text, samples) in a producer thread (so the
synthesis of sentence N+1 runs while sentence N plays), counts what the device actually took,
and on interruption reports which part of the text was spoken.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from jarvis_tui.audio import devices
from jarvis_tui.audio.wavsource import AudioFileError, read_wav

log = logging.getLogger(__name__)

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"


@dataclass
class PlaybackResult:
    spoken_text: str
    interrupted: bool
    first_audio_ms: float = 0.0      # t_ready -> first sample handed to the device (+ its output latency)
    played_s: float = 0.0
    stop_ms: float = 0.0             # stop requested -> stream silenced (when interrupted)
    error: str | None = None


def spoken_part(texts: list[str], lengths: list[int], played: int) -> str:
    """The text of what `played` samples covered: whole sentences plus the words of the current
    sentence in proportion to how much of it was played."""
    out: list[str] = []
    for text, n in zip(texts, lengths):
        if played >= n:
            out.append(text)
            played -= n
            continue
        if played > 0 and n > 0:
            words = text.split()
            k = int(len(words) * played / n)
            if k:
                out.append(" ".join(words[:k]))
        break
    return " ".join(out)


def load_earcon(name: str, rate: int, sounds_dir: Path | None = None) -> np.ndarray | None:
    """assets/sounds/<name>.wav at `rate`, or None when the file is missing or unreadable."""
    path = (sounds_dir or SOUNDS_DIR) / f"{name}.wav"
    if not path.exists():
        return None
    try:
        return read_wav(path, rate)
    except AudioFileError as exc:
        log.warning("earcon %s unusable: %s", name, exc)
        return None


class Speaker:
    def __init__(self, device: str | None = None, block_ms: int = 20) -> None:
        self.device_name = device
        self.block_ms = block_ms
        self._stop = threading.Event()
        self._stop_requested_at: float | None = None
        self._lock = threading.Lock()
        self.playing = False

    def stop(self) -> None:
        """Interrupt what is playing (any thread)."""
        self._stop_requested_at = time.monotonic()
        self._stop.set()

    def play(self, segments: Iterable[tuple[str, np.ndarray]], rate: int, t_ready: float | None = None,
             on_first_audio: Callable[[float], None] | None = None) -> PlaybackResult:
        """Play (text, samples) segments as they come; blocks until played or stopped."""
        with self._lock:
            self._stop.clear()
            self.playing = True
            try:
                return self._play(segments, rate, t_ready if t_ready is not None else time.monotonic(),
                                  on_first_audio)
            finally:
                self.playing = False

    def play_samples(self, samples: np.ndarray, rate: int, text: str = "") -> PlaybackResult:
        return self.play([(text, samples)], rate)

    def _play(self, segments, rate, t_ready, on_first_audio) -> PlaybackResult:
        s = devices.sd()
        texts: list[str] = []
        chunks: list[np.ndarray] = []
        cond = threading.Condition()
        state = {"done": False, "error": None, "seg": 0, "off": 0, "delivered": 0, "first": None,
                 "finished": False}

        def produce() -> None:
            try:
                for text, samples in segments:
                    if self._stop.is_set():
                        break
                    with cond:
                        texts.append(text)
                        chunks.append(np.asarray(samples, dtype=np.float32))
                        cond.notify_all()
            except Exception as exc:  # noqa: BLE001 - synthesis failure ends playback cleanly
                log.exception("synthesis failed")
                state["error"] = f"{type(exc).__name__}: {exc}"
            finally:
                with cond:
                    state["done"] = True
                    cond.notify_all()

        producer = threading.Thread(target=produce, name="tts-synth", daemon=True)
        producer.start()
        index = devices.find_device(self.device_name, "output")
        finished = threading.Event()

        def callback(outdata, frames, time_info, status) -> None:  # noqa: ARG001
            out = outdata[:, 0]
            if self._stop.is_set():
                out.fill(0)
                raise s.CallbackAbort
            filled = 0
            with cond:
                while filled < frames and state["seg"] < len(chunks):
                    cur = chunks[state["seg"]]
                    take = min(frames - filled, len(cur) - state["off"])
                    out[filled:filled + take] = cur[state["off"]:state["off"] + take]
                    filled += take
                    state["off"] += take
                    if state["off"] >= len(cur):
                        state["seg"] += 1
                        state["off"] = 0
                all_done = state["done"] and state["seg"] >= len(chunks)
            if filled:
                if state["first"] is None:
                    state["first"] = time.monotonic()
                state["delivered"] += filled
            out[filled:] = 0
            if all_done and filled < frames:
                raise s.CallbackStop

        with cond:
            while not chunks and not state["done"] and not self._stop.is_set():
                cond.wait(0.02)
        if not chunks:
            producer.join(timeout=5)
            return PlaybackResult("", self._stop.is_set(), error=state["error"])
        # (the stream opens once the first sentence is ready: on a saturated 2-core machine an open
        # stream starved by the synthesis stalls, which delays the first audio more than opening does)
        try:
            stream = s.OutputStream(device=index, channels=1, samplerate=rate, dtype="float32",
                                    blocksize=int(rate * self.block_ms / 1000), latency=0.1,
                                    callback=callback, finished_callback=finished.set)
        except Exception as exc:  # noqa: BLE001
            self._stop.set()
            producer.join(timeout=5)
            raise devices.AudioUnavailable(f"cannot open the speaker ({self.device_name or 'default'}): {exc}") from None
        latency = float(stream.latency or 0.0)
        t_stop = None
        first_reported = False
        with stream:
            while not finished.wait(0.01):
                if not first_reported and state["first"] is not None:
                    first_reported = True
                    if on_first_audio:
                        on_first_audio((state["first"] - t_ready) * 1000 + latency * 1000)
                if self._stop.is_set():
                    t_stop = time.monotonic()
                    stream.abort()
                    break
            interrupted = self._stop.is_set()
            if interrupted and t_stop is None:
                # the audio callback saw the stop first and ended the stream itself
                t_stop = self._stop_requested_at or time.monotonic()
            if not interrupted:
                # the callback stopped: let the device play out what it holds
                time.sleep(min(latency, 0.5))
        stop_ms = (time.monotonic() - t_stop) * 1000 if t_stop else 0.0
        self._stop.set()          # the producer stops synthesizing further sentences
        producer.join(timeout=10)
        played = state["delivered"]
        if interrupted:
            played = max(0, played - int(latency * rate))
        lengths = [len(c) for c in chunks]
        spoken = " ".join(texts) if not interrupted else spoken_part(texts, lengths, played)
        first_ms = ((state["first"] - t_ready) * 1000 + latency * 1000) if state["first"] else 0.0
        if not first_reported and state["first"] is not None and on_first_audio:
            on_first_audio(first_ms)
        return PlaybackResult(spoken_text=spoken, interrupted=interrupted, first_audio_ms=first_ms,
                              played_s=played / rate, stop_ms=stop_ms, error=state["error"])
