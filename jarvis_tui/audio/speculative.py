"""Speculative STT: transcribe an utterance while the endpointer is still waiting out its hangover.

The endpointer emits `Pause` once speech has been silent for its tail (~150 ms) with exactly the
samples the utterance will hold if the silence lasts. A worker transcribes them at once; when the
endpoint confirms (an Utterance with the same key) the turn takes that result, often already done,
so the hangover no longer adds to the STT time. When speech resumes, the result is never used (a
later Pause has another key). One worker, one decode at a time; a Pause that is superseded before
its decode starts is dropped.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

log = logging.getLogger(__name__)


class SpeculativeStt:
    def __init__(self, transcriber: Callable[[], Any]) -> None:
        """`transcriber()` returns the loaded Transcriber (or None while it is loading)."""
        self._get = transcriber
        self._cond = threading.Condition()
        self._pending: tuple[int, Any] | None = None       # (key, samples) not started yet
        self._running: int = -1                             # key being decoded
        self._done: dict[int, tuple[Any, float]] = {}       # key -> (SttResult, perf_counter when done)
        self._thread: threading.Thread | None = None
        self._stopped = False
        self.started = 0          # decodes run / results used (for the bench and tests)
        self.used = 0

    def start(self, key: int, samples) -> None:
        """Begin transcribing `samples` (a Pause's) in the worker."""
        if self._get() is None:
            return
        with self._cond:
            if self._stopped:
                return
            self._pending = (key, samples)
            self._done = {k: v for k, v in self._done.items() if k > key - 4}
            self._cond.notify_all()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._work, name="stt-speculative", daemon=True)
                self._thread.start()

    def take(self, key: int, timeout: float = 30.0):
        """The result for the Utterance with `key`: waits for a decode in flight; None when there is
        none for this key (the caller transcribes itself)."""
        if key < 0:
            return None
        with self._cond:
            if self._pending is not None and self._pending[0] == key:
                self._pending = None                 # not started: the caller decodes it directly
                return None
            end = time.monotonic() + timeout
            while key not in self._done and self._running == key:
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)
            got = self._done.pop(key, None)
        if got is None:
            return None
        self.used += 1
        return got[0]

    def peek(self, key: int) -> tuple[str, Any]:
        """Without waiting: ("done", result), ("busy", None) while it is queued or decoding, or
        ("absent", None) when nothing was started for `key`."""
        with self._cond:
            if key in self._done:
                return "done", self._done[key][0]
            if self._running == key or (self._pending is not None and self._pending[0] == key):
                return "busy", None
            return "absent", None

    def cancel(self) -> None:
        """Speech resumed or the stream was reset: drop what has not started."""
        with self._cond:
            self._pending = None

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._pending = None
            self._cond.notify_all()

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._stopped:
                    if not self._cond.wait(5.0) and self._pending is None:
                        self._thread = None          # idle: end; start() makes a new worker
                        return
                if self._stopped:
                    return
                key, samples = self._pending
                self._pending = None
                self._running = key
            stt = self._get()
            result = None
            try:
                if stt is not None:
                    self.started += 1
                    result = stt.transcribe(samples, segmented=True)
            except Exception:  # the turn thread transcribes again itself
                log.exception("speculative transcription failed")
            with self._cond:
                self._running = -1
                if result is not None:
                    self._done[key] = (result, time.perf_counter())
                self._cond.notify_all()
