"""Microphone capture: a sounddevice InputStream (16 kHz mono float32) feeding a queue of blocks.

The stream callback only copies; everything else happens in the consumer's thread. When the
device cannot do 16 kHz the stream runs at its default rate and blocks are resampled.
"""
from __future__ import annotations

import logging
import queue
import threading
import time

import numpy as np

from jarvis_tui.audio import devices
from jarvis_tui.audio.wavsource import resample

log = logging.getLogger(__name__)
SAMPLE_RATE = 16000


class MicCapture:
    """The microphone as a queue of blocks, read from a *blocking* PortAudio stream by a reader
    thread that owns the stream. (A callback stream is not used: when the sound server goes away,
    PortAudio's ALSA callback thread can spin printing errors while aborting it waits for it
    forever; a blocking read fails at once with the error, and the reader closes its own stream.)"""

    POLL_S = 0.008

    def __init__(self, device: str | None = None, rate: int = SAMPLE_RATE, block_ms: int = 32,
                 max_queue_s: float = 10.0) -> None:
        self.device_name = device
        self.rate = rate
        self.block = int(rate * block_ms / 1000)
        self.queue: queue.Queue[tuple[np.ndarray, float]] = queue.Queue(maxsize=int(max_queue_s * 1000 / block_ms))
        self.stream = None
        self.device_rate = rate
        self.status_errors = 0
        self.last_block_t = 0.0
        self.dropped = 0
        self.error: str | None = None            # why the reader stopped, when the device failed
        self._closing = threading.Event()
        self._reader: threading.Thread | None = None

    def open(self) -> None:
        """Opens and starts the stream; AudioUnavailable with a clear message when it cannot."""
        s = devices.sd()
        index = devices.find_device(self.device_name, "input")
        rate = self.rate
        try:
            s.check_input_settings(device=index, channels=1, samplerate=rate, dtype="float32")
        except Exception:  # noqa: BLE001 - device cannot do 16 kHz: use its own rate
            info = s.query_devices(index, "input")
            rate = int(info["default_samplerate"])
        self.device_rate = rate
        block = int(rate * self.block / self.rate)
        devices.stream_opened()          # until the reader closes it
        try:
            stream = devices.start_stream(s.InputStream, f"the microphone ({self.device_name or 'default'})",
                                          device=index, channels=1, samplerate=rate, dtype="float32",
                                          blocksize=block, latency="low")
        except devices.AudioUnavailable:
            devices.stream_closed()
            raise
        self.stream = stream
        self.error = None
        self._closing.clear()
        self.last_block_t = time.monotonic()
        self._reader = threading.Thread(target=self._read_loop, args=(stream, block), name="mic-reader", daemon=True)
        self._reader.start()

    def _read_loop(self, stream, block: int) -> None:
        """Reads whole blocks as they become available (never blocking for long, so that a close is
        seen within a few ms), then closes the stream it owns."""
        try:
            while not self._closing.is_set():
                if stream.read_available < block:
                    time.sleep(self.POLL_S)
                    continue
                data, overflowed = stream.read(block)
                if overflowed:
                    self.status_errors += 1
                self._deliver(data[:, 0].copy())
        except Exception as exc:  # noqa: BLE001 - the device failed: say why, to the consumer
            self.error = f"{type(exc).__name__}: {exc}"
            log.info("microphone read failed: %s", self.error)
        finally:
            devices.close_quietly(stream)
            devices.stream_closed()

    def _deliver(self, x: np.ndarray) -> None:
        if self.device_rate != self.rate:
            x = resample(x, self.device_rate, self.rate)
        self.last_block_t = time.monotonic()
        try:
            self.queue.put_nowait((x, self.last_block_t))
        except queue.Full:
            self.dropped += 1

    @property
    def active(self) -> bool:
        """Open and its reader still reading (False once the device failed)."""
        return bool(self._reader is not None and self._reader.is_alive() and not self._closing.is_set())

    def read(self, timeout: float = 0.1) -> tuple[np.ndarray, float] | None:
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self, timeout: float = 1.0) -> None:
        """Asks the reader to stop; it closes the stream (a reader stuck in the device is left behind
        as a daemon rather than aborting its stream from this thread)."""
        self._closing.set()
        reader, self._reader = self._reader, None
        if reader is not None and reader is not threading.current_thread():
            reader.join(timeout)
            if reader.is_alive():
                log.warning("the microphone reader did not stop within %.1f s", timeout)
        self.stream = None
