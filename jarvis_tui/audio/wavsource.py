"""WAV files in and out, resampling, and a virtual microphone that speaks into a PulseAudio FIFO.

`python -m jarvis_tui.audio.wavsource speak F.wav --fifo PATH` plays a WAV into the FIFO microphone
in real time, with silence before and after (a pipe source only advances while someone writes).
"""
from __future__ import annotations

import argparse
import os
import queue
import threading
import time
import wave
from pathlib import Path

import numpy as np

SAMPLE_RATE = 16000


class AudioFileError(Exception):
    """A WAV that cannot be read: the message says which file and why."""


def resample(samples: np.ndarray, rate_in: int, rate_out: int) -> np.ndarray:
    """Linear-interpolation resampling of a mono float32 signal (good enough for speech)."""
    if rate_in == rate_out or len(samples) == 0:
        return samples.astype(np.float32, copy=False)
    n_out = int(round(len(samples) * rate_out / rate_in))
    x_in = np.arange(len(samples), dtype=np.float64) / rate_in
    x_out = np.arange(n_out, dtype=np.float64) / rate_out
    return np.interp(x_out, x_in, samples).astype(np.float32)


def read_wav(path: str | os.PathLike[str], rate: int = SAMPLE_RATE) -> np.ndarray:
    """A WAV (8/16/32-bit PCM, any channels, any rate) as mono float32 in [-1, 1] at `rate`."""
    path = Path(path)
    try:
        with wave.open(str(path), "rb") as w:
            channels, width, rate_in, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            raw = w.readframes(n)
    except FileNotFoundError:
        raise AudioFileError(f"{path}: no such file") from None
    except (wave.Error, EOFError) as exc:
        raise AudioFileError(f"{path}: not a PCM WAV file ({exc})") from None
    except OSError as exc:
        raise AudioFileError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    elif width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float32) - 128.0) / 128.0
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float32) / 2147483648.0
    else:
        raise AudioFileError(f"{path}: {width * 8}-bit samples are not supported (use 16-bit PCM)")
    if channels > 1:
        data = data[: len(data) // channels * channels].reshape(-1, channels).mean(axis=1)
    return resample(data, rate_in, rate)


def to_int16(samples: np.ndarray) -> np.ndarray:
    return (np.clip(samples, -1.0, 1.0) * 32767.0).astype("<i2")


def write_wav(path: str | os.PathLike[str], samples: np.ndarray, rate: int) -> None:
    """Mono float32 (or int16) samples to a 16-bit PCM WAV."""
    data = samples if samples.dtype == np.int16 else to_int16(samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.astype("<i2").tobytes())


class FifoMicFeeder:
    """A virtual microphone: writes 16 kHz s16le mono into the PulseAudio pipe-source FIFO in real
    time, silence (or low noise) when nothing is said. `say(samples)` queues speech; `wait_idle()`
    returns when all of it has been written."""

    CHUNK_S = 0.02

    def __init__(self, fifo: str | os.PathLike[str], rate: int = SAMPLE_RATE, noise_level: float = 0.0) -> None:
        self.fifo = str(fifo)
        self.rate = rate
        self.noise_level = noise_level
        self._queue: queue.Queue[np.ndarray] = queue.Queue()
        self._pending = np.zeros(0, dtype=np.float32)
        self._busy = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._rng = np.random.default_rng(7)
        self.error: str | None = None

    def start(self) -> "FifoMicFeeder":
        fd = os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)   # fails at once when no reader
        os.set_blocking(fd, True)
        self._thread = threading.Thread(target=self._run, args=(fd,), name="fifo-mic", daemon=True)
        self._thread.start()
        return self

    def say(self, samples: np.ndarray) -> None:
        self._busy.set()
        self._queue.put(np.asarray(samples, dtype=np.float32))

    def wait_idle(self, timeout: float = 30.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not self._busy.is_set():
                return True
            time.sleep(0.01)
        return False

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=2)

    def _run(self, fd: int) -> None:
        n = int(self.rate * self.CHUNK_S)
        t_next = time.monotonic()
        try:
            while not self._stop.is_set():
                while len(self._pending) < n:
                    try:
                        self._pending = np.concatenate([self._pending, self._queue.get_nowait()])
                    except queue.Empty:
                        break
                if len(self._pending) == 0:
                    self._busy.clear() if self._queue.empty() else None
                    chunk = (self._rng.standard_normal(n).astype(np.float32) * self.noise_level
                             if self.noise_level else np.zeros(n, dtype=np.float32))
                else:
                    chunk, self._pending = self._pending[:n], self._pending[n:]
                    if len(chunk) < n:
                        chunk = np.concatenate([chunk, np.zeros(n - len(chunk), dtype=np.float32)])
                os.write(fd, to_int16(chunk).tobytes())
                t_next += self.CHUNK_S
                delay = t_next - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                elif delay < -0.5:       # fell behind (suspended): do not burst to catch up
                    t_next = time.monotonic()
        except OSError as exc:
            self.error = str(exc)
        finally:
            self._busy.clear()
            os.close(fd)


class SignalCapture:
    """A recorded signal as a microphone: the listener reads it block by block, `speed` times as
    fast as real time, then silence (for measuring the live pipeline on a spoken test set without a
    sound server: scripts/measure_listening.py). The same interface as audio.capture.MicCapture."""

    def __init__(self, samples: np.ndarray, speed: float = 1.0, block_ms: int = 32, rate: int = SAMPLE_RATE) -> None:
        self.samples = np.asarray(samples, dtype=np.float32)
        self.speed = speed
        self.block = int(rate * block_ms / 1000)
        self.rate = rate
        self.error: str | None = None
        self.last_block_t = 0.0
        self.position = 0
        self._t0 = 0.0
        self._open = False

    def open(self) -> None:
        self._open = True
        self._t0 = self.last_block_t = time.monotonic()

    @property
    def active(self) -> bool:
        return self._open

    @property
    def done(self) -> bool:
        return self.position >= len(self.samples)

    def read(self, timeout: float = 0.1) -> tuple[np.ndarray, float] | None:
        due = self._t0 + (self.position + self.block) / self.rate / self.speed
        wait = due - time.monotonic()
        if wait > timeout:
            time.sleep(timeout)
            return None
        if wait > 0:
            time.sleep(wait)
        chunk = self.samples[self.position:self.position + self.block]
        if len(chunk) < self.block:
            chunk = np.concatenate([chunk, np.zeros(self.block - len(chunk), np.float32)])
        self.position += self.block
        self.last_block_t = time.monotonic()
        return chunk, self.last_block_t

    def close(self, timeout: float = 1.0) -> None:
        self._open = False


def _main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m jarvis_tui.audio.wavsource")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("speak", help="play a WAV into the virtual FIFO microphone in real time")
    s.add_argument("wav")
    s.add_argument("--fifo", default=os.environ.get("JARVIS_TEST_MIC_FIFO"))
    s.add_argument("--before", type=float, default=0.5, help="seconds of silence before")
    s.add_argument("--after", type=float, default=2.0, help="seconds of silence after")
    args = p.parse_args(argv)
    if not args.fifo:
        p.error("--fifo (or JARVIS_TEST_MIC_FIFO) is required")
    samples = read_wav(args.wav)
    feeder = FifoMicFeeder(args.fifo).start()
    silence = np.zeros(SAMPLE_RATE, dtype=np.float32)
    feeder.say(np.concatenate([silence[: int(args.before * SAMPLE_RATE)], samples]))
    feeder.wait_idle(timeout=len(samples) / SAMPLE_RATE + 30)
    time.sleep(args.after)
    feeder.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
