"""Playback: a sounddevice OutputStream fed sentence by sentence, interruptible within a block.

`Speaker.play(segments, ...)` consumes an iterator of (text, samples) in a producer thread (so the
synthesis of sentence N+1 runs while sentence N plays), counts what the device actually took,
and on interruption reports which part of the text was spoken.

A speaker that fails (it cannot be opened, its stream ends early, or it stops taking audio for
`STALL_S`) starts an outage: `on_lost` is called once, further plays fail at once with
AudioUnavailable until the retry time (0.5 s doubling to 10 s), and the first play that works again
calls `on_restored`. `probe()` tries the device with a little silence, for a stage with nothing to say.
"""
from __future__ import annotations

import bisect
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import numpy as np

from jarvis_tui.audio import devices
from jarvis_tui.audio.devices import Outage
from jarvis_tui.audio.wavsource import AudioFileError, read_wav

log = logging.getLogger(__name__)

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"
STALL_S = 3.0                    # an open stream that takes no audio this long is a lost device
PROBE_S = 0.25


@dataclass
class PlaybackResult:
    spoken_text: str
    interrupted: bool
    first_audio_ms: float = 0.0      # t_ready -> first sample handed to the device (+ its output latency)
    played_s: float = 0.0
    stop_ms: float = 0.0             # stop requested -> stream silenced (when interrupted)
    error: str | None = None         # the synthesis failed
    lost: str | None = None          # the device failed while playing (spoken_text: what it took before)


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
    def __init__(self, device: str | None = None, block_ms: int = 20, stall_s: float = STALL_S,
                 on_lost: Callable[[str, float], None] | None = None,
                 on_restored: Callable[[float], None] | None = None) -> None:
        self.device_name = device
        self.block_ms = block_ms
        self.stall_s = stall_s
        self.on_lost = on_lost                  # (reason, retry in s): once per outage
        self.on_restored = on_restored          # (seconds it was down)
        self.outage: Outage | None = None
        self._stop = threading.Event()
        self._stop_requested_at: float | None = None
        self._lock = threading.Lock()
        self.playing = False
        self._rate = self._delivered = 0
        self._clock: list[tuple[int, float]] = []    # this play's blocks: (first sample, when it plays)

    def played_at(self, offset_s: float) -> float | None:
        """When the audio `offset_s` seconds into the current (or last) play was played (monotonic
        time, as handed to the device): the device plays on from its first sample, each block when
        the one before it has played or when it was written, whichever is later. So a sentence
        synthesized late (the CPU busy) is placed after the gap it left, and audio written ahead
        into the device's buffer where it plays. None before it was written."""
        clock, rate = list(self._clock), self._rate
        k = int(offset_s * rate)
        at = bisect.bisect_right(clock, (k, float("inf"))) - 1
        if at < 0 or not rate or (at == len(clock) - 1 and k >= self._delivered):
            return None
        start, t = clock[at]
        return t + (k - start) / rate

    def stop(self) -> None:
        """Interrupt what is playing (any thread)."""
        self._stop_requested_at = time.monotonic()
        self._stop.set()

    def play(self, segments: Iterable[tuple[str, np.ndarray]], rate: int, t_ready: float | None = None,
             on_first_audio: Callable[[float], None] | None = None) -> PlaybackResult:
        """Play (text, samples) segments as they come; blocks until played or stopped. Raises
        AudioUnavailable when the device cannot be opened, or at once while an outage waits for its
        retry time; a device lost mid-play returns with `lost` set."""
        outage = self.outage
        if outage is not None and not outage.due(time.monotonic()):
            raise devices.AudioUnavailable(f"the speaker ({self.device_name or 'default'}) is unavailable: "
                                           f"{outage.reason}; trying again in {outage.retry_at - time.monotonic():.1f} s")
        with self._lock:
            self._stop.clear()
            self.playing = True
            self._clock, self._rate, self._delivered = [], rate, 0
            try:
                result = self._play(segments, rate, t_ready if t_ready is not None else time.monotonic(),
                                    on_first_audio)
            except devices.AudioUnavailable as exc:
                self._failed(str(exc))
                raise
            finally:
                self.playing = False
        if result.lost:
            self._failed(result.lost)
        elif self.outage is not None and result.played_s > 0:
            down = time.monotonic() - self.outage.lost_at
            self.outage = None
            if self.on_restored:
                self.on_restored(round(down, 1))
        return result

    def play_samples(self, samples: np.ndarray, rate: int, text: str = "") -> PlaybackResult:
        return self.play([(text, samples)], rate)

    def probe(self, rate: int = 16000) -> bool:
        """Try the device with a little silence (a stage with nothing to say uses this to notice
        that the device is back); True when it played."""
        try:
            return not self.play_samples(np.zeros(int(rate * PROBE_S), dtype=np.float32), rate).lost
        except devices.AudioUnavailable:
            return False

    def _failed(self, reason: str) -> None:
        self.outage = Outage.after_failure(self.outage, reason, time.monotonic(), self._lost)

    def _lost(self, outage: Outage) -> None:
        # said once: by whoever listens (the TUI's notice, the CLI's message), else by the log
        log.log(logging.INFO if self.on_lost else logging.WARNING, "speaker lost: %s", outage.reason)
        if self.on_lost:
            self.on_lost(outage.reason, outage.backoff)

    def _play(self, segments, rate, t_ready, on_first_audio) -> PlaybackResult:
        s = devices.sd()
        texts: list[str] = []
        chunks: list[np.ndarray] = []
        cond = threading.Condition()
        state: dict = {"done": False, "error": None}

        def produce() -> None:
            try:
                for text, samples in segments:
                    if self._stop.is_set():
                        break
                    with cond:
                        texts.append(text)
                        chunks.append(np.asarray(samples, dtype=np.float32))
                        cond.notify_all()
            except Exception as exc:  # synthesis failure ends playback cleanly
                log.exception("synthesis failed")
                state["error"] = f"{type(exc).__name__}: {exc}"
            finally:
                with cond:
                    state["done"] = True
                    cond.notify_all()

        producer = threading.Thread(target=produce, name="tts-synth", daemon=True)
        producer.start()
        try:
            index = devices.find_device(self.device_name, "output")
        except devices.AudioUnavailable:
            self._stop.set()
            producer.join(timeout=5)
            raise
        with cond:
            while not chunks and not state["done"] and not self._stop.is_set():
                cond.wait(0.02)
        if not chunks:
            producer.join(timeout=5)
            return PlaybackResult("", self._stop.is_set(), error=state["error"])
        # (the stream opens once the first sentence is ready: on a saturated 2-core machine an open
        # stream starved by the synthesis stalls, which delays the first audio more than opening does)
        with devices.stream_in_use():
            try:
                return self._write_all(s, index, rate, cond, state, chunks, texts, t_ready, on_first_audio)
            finally:
                self._stop.set()          # the producer stops synthesizing further sentences
                producer.join(timeout=10)

    def _write_all(self, s, index, rate, cond, state, chunks, texts, t_ready, on_first_audio) -> PlaybackResult:
        """Blocks of `block_ms` written to a *blocking* stream that this thread owns, each once the
        device has room for it: a stop is seen within a few ms, a device that takes nothing for
        `stall_s` is lost, and a device error ends the play at once. (A callback stream is not used:
        when the sound server goes away PortAudio's ALSA callback thread can spin, printing errors,
        while aborting it waits for it forever.)"""
        block = max(1, int(rate * self.block_ms / 1000))
        stream = devices.start_stream(s.OutputStream, f"the speaker ({self.device_name or 'default'})",
                                      device=index, channels=1, samplerate=rate, dtype="float32",
                                      blocksize=block, latency=0.1)
        latency = float(stream.latency or 0.0)
        seg = off = delivered = 0
        first: float | None = None
        lost: str | None = None
        t_stop: float | None = None
        finished = False
        buf = np.zeros(block, dtype=np.float32)
        progress = time.monotonic()
        try:
            while True:
                if self._stop.is_set():
                    t_stop = self._stop_requested_at or time.monotonic()
                    break
                filled = 0
                with cond:
                    while filled < block and seg < len(chunks):
                        cur = chunks[seg]
                        take = min(block - filled, len(cur) - off)
                        buf[filled:filled + take] = cur[off:off + take]
                        filled += take
                        off += take
                        if off >= len(cur):
                            seg, off = seg + 1, 0
                    all_done = state["done"] and seg >= len(chunks)
                    if not filled and not all_done:
                        cond.wait(0.01)        # the next sentence is being synthesized
                if not filled:
                    if all_done:
                        finished = True
                        break
                    progress = time.monotonic()
                    continue
                while stream.write_available < filled and not self._stop.is_set():
                    if time.monotonic() - progress > self.stall_s:
                        lost = (f"the speaker took no audio for {self.stall_s:.0f} s "
                                "(the sound server stopped, or the device was removed)")
                        break
                    time.sleep(0.004)
                if lost:
                    break
                if self._stop.is_set():
                    continue
                stream.write(buf[:filled])
                progress = time.monotonic()
                if self._clock:                 # it plays once the block before it has, or now
                    before, t = self._clock[-1]
                    self._clock.append((delivered, max(progress, t + (delivered - before) / rate)))
                else:
                    self._clock.append((delivered, progress))
                delivered += filled
                self._delivered = delivered
                if first is None:
                    first = progress
                    if on_first_audio:
                        on_first_audio((first - t_ready) * 1000 + latency * 1000)
            if finished:
                # let the device play out what it holds
                time.sleep(min(latency, 0.5))
        except Exception as exc:  # noqa: BLE001 - a device error mid-play (sounddevice.PortAudioError)
            lost = f"the speaker stopped while playing: the sound server stopped, or the device was removed ({exc})"
        finally:
            devices.close_quietly(stream)
        interrupted = t_stop is not None and lost is None
        stop_ms = (time.monotonic() - t_stop) * 1000 if interrupted and t_stop else 0.0
        played = delivered
        if not finished:
            played = max(0, played - int(latency * rate))
        lengths = [len(c) for c in chunks]
        spoken = " ".join(texts) if finished else spoken_part(texts, lengths, played)
        first_ms = ((first - t_ready) * 1000 + latency * 1000) if first else 0.0
        return PlaybackResult(spoken_text=spoken, interrupted=interrupted, first_audio_ms=first_ms,
                              played_s=played / rate, stop_ms=stop_ms, error=state["error"], lost=lost)
