"""The transcriber stage: utterances -> transcripts that may be acted on.

It takes the speculative transcription when the endpoint confirmed its Pause (else transcribes),
and applies the rejection policy: a transcript the STT guards reject is said as
`TranscriptRejected` and goes no further; while the assistant talks, a spoken "stop" interrupts it
and anything else is dropped (half-duplex) or interrupts it and becomes the next request
(full-duplex).
"""
from __future__ import annotations

import logging
import queue
import re
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio.endpointer import without_long_pauses
from jarvis_tui.audio.floor import Floor
from jarvis_tui.audio.listener import Heard
from jarvis_tui.audio.parts import SpeechToText
from jarvis_tui.audio.speculative import SpeculativeStt
from jarvis_tui.sdk.text import plain_text

log = logging.getLogger(__name__)
# what is left of "Hey Jarvis" alone, however it was transcribed ("hey jarvis", "hey, travis", "okay jarvis")
WAKE_ONLY = re.compile(r"^(?:hey|hi|ok|okay|a|hay)(?: \w+)?$")
STOP_WORDS = re.compile(r"^(stop|stop it|stop talking|stop stop|be quiet|quiet|shut up|cancel|enough|"
                        r"jarvis stop|okay stop|ok stop)$")


@dataclass
class Transcript:
    """A transcript to act on, with the timings of how it was heard."""
    text: str
    confidence: float
    turn_id: str
    heard: Heard
    stt_ms: float
    timings_ms: dict[str, float] = field(default_factory=dict)


class TranscriberStage:
    def __init__(self, floor: Floor, emit: ev.EventSink, stt: Callable[[], SpeechToText | None],
                 wait_loaded: Callable[[float], bool], interrupt: Callable[[], None],
                 half_duplex: bool = True) -> None:
        """`stt()` returns the loaded model (None while it loads; `wait_loaded(timeout)` waits for
        the loading to end); `interrupt()` stops the assistant's speech."""
        self.floor = floor
        self.emit = emit
        self._stt = stt
        self._wait_loaded = wait_loaded
        self.interrupt = interrupt
        self.half_duplex = half_duplex
        self.speculator = SpeculativeStt(stt)
        self.last_speculative = False

    def speculate(self, key: int, samples: Any) -> None:
        self.speculator.start(key, samples)

    def stop(self) -> None:
        self.speculator.stop()

    def run(self, inbox: "queue.Queue[Heard | None]", out: Callable[[Transcript], None],
            running: threading.Event) -> None:
        """The stage's thread: every Heard in `inbox` until None; accepted transcripts go to `out`."""
        while running.is_set():
            heard = inbox.get()
            if heard is None:
                break
            try:
                transcript = self.transcribe(heard)
            except Exception as exc:  # one bad utterance must not end listening
                log.exception("transcription failed")
                self.emit(ev.Error(stage="stt", message=f"{type(exc).__name__}: {exc}"))
                transcript = None
            if transcript is not None:
                out(transcript)
            else:
                self.floor.settle()

    def transcribe(self, heard: Heard) -> Transcript | None:
        """The transcript to act on, or None (rejected, a stop word, or heard while speaking)."""
        stt = self._stt()
        if stt is None:
            self._wait_loaded(60)
            stt = self._stt()
        if stt is None:
            self.emit(ev.TranscriptRejected(text="", reason="stt_unavailable"))
            return None
        utt = heard.utterance
        turn_id = uuid.uuid4().hex[:12]
        if heard.wake_only:
            # "Hey Jarvis" and a pause (the listener heard nothing after it): the request comes next
            self.emit(ev.TranscriptRejected(text="", reason="wake_word_only", turn_id=turn_id))
            self.floor.woken()
            return None
        result = self.speculator.take(utt.key)
        self.last_speculative = result is not None
        if result is None:
            result = stt.transcribe(without_long_pauses(utt), segmented=True)
        if not result.accepted:
            self.emit(ev.TranscriptRejected(text=result.text, reason=result.reason, turn_id=turn_id))
            return None
        if heard.woken and WAKE_ONLY.match(plain_text(result.text)):
            # "Hey Jarvis" and a pause: the request comes next, without the wake word again
            self.emit(ev.TranscriptRejected(text=result.text, reason="wake_word_only", turn_id=turn_id))
            self.floor.woken()
            return None
        if heard.while_speaking or self.floor.speaking:
            if STOP_WORDS.match(plain_text(result.text)):
                self.interrupt()
                self.emit(ev.TranscriptRejected(text=result.text, reason="stop_word", turn_id=turn_id))
                return None
            if self.half_duplex:
                self.emit(ev.TranscriptRejected(text=result.text, reason="while_speaking", turn_id=turn_id))
                return None
            self.interrupt()
        t_captured = heard.t_captured or time.perf_counter()
        timings = {"endpoint": round(utt.endpoint_ms, 1), "stt": round(result.stt_ms, 1),
                   "speech_end_to_transcript": round(utt.endpoint_ms + (time.perf_counter() - t_captured) * 1000, 1)}
        self.emit(ev.TranscriptReady(text=result.text, confidence=result.confidence, source="voice",
                                     stt_ms=result.stt_ms, turn_id=turn_id))
        return Transcript(result.text, result.confidence, turn_id, heard, result.stt_ms, timings)
