"""Microphone capture: a sounddevice InputStream (16 kHz mono float32) feeding a queue of blocks.

The stream callback only copies; everything else happens in the consumer's thread. When the
device cannot do 16 kHz the stream runs at its default rate and blocks are resampled.
"""
from __future__ import annotations

import logging
import queue
import time

import numpy as np

from jarvis_tui.audio import devices
from jarvis_tui.audio.wavsource import resample

log = logging.getLogger(__name__)
SAMPLE_RATE = 16000


class MicCapture:
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
        try:
            self.stream = s.InputStream(device=index, channels=1, samplerate=rate, dtype="float32",
                                        blocksize=block, callback=self._callback, latency="low")
            self.stream.start()
        except Exception as exc:  # noqa: BLE001
            self.stream = None
            raise devices.AudioUnavailable(f"cannot open the microphone ({self.device_name or 'default'}): {exc}") from None
        self.last_block_t = time.monotonic()

    def _callback(self, indata, frames, time_info, status) -> None:  # noqa: ARG002
        if status:
            self.status_errors += 1
        x = indata[:, 0].copy()
        if self.device_rate != self.rate:
            x = resample(x, self.device_rate, self.rate)
        self.last_block_t = time.monotonic()
        try:
            self.queue.put_nowait((x, self.last_block_t))
        except queue.Full:
            self.dropped += 1

    @property
    def active(self) -> bool:
        return bool(self.stream is not None and self.stream.active)

    def read(self, timeout: float = 0.1) -> tuple[np.ndarray, float] | None:
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> None:
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return

    def close(self) -> None:
        stream, self.stream = self.stream, None
        if stream is None:
            return
        try:
            stream.abort()
        except Exception:  # noqa: BLE001
            pass
        try:
            stream.close()
        except Exception:  # noqa: BLE001
            log.debug("closing the input stream failed", exc_info=True)
