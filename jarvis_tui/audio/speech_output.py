"""The speaker stage: text -> TTS sentence by sentence -> playback, with barge-in.

The one speaking path: the voice loop speaks replies and announcements through it, the TUI through
the voice loop, and `jarvis-tui say` (Runtime.speak) through `say_now`. It plays earcons, reports
`SpeechOutStarted`/`SpeechOutFinished`, says a lost speaker once (`DeviceLost`) and, while the
speaker is gone and there is nothing to say, probes it at its retry times so that its return is
noticed by itself. An interrupted reply reports what was actually spoken (`on_interrupted`), so
that only that stays in the conversation.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

import numpy as np

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio import devices
from jarvis_tui.audio.floor import Floor
from jarvis_tui.audio.parts import TextToSpeech
from jarvis_tui.audio.playback import PlaybackResult, Speaker, load_earcon
from jarvis_tui.audio.wakeword import SAMPLE_RATE as WAKE_RATE, WakeWordDetector
from jarvis_tui.audio.wavsource import resample

log = logging.getLogger(__name__)
PROBE_RATE = 16000
OWN_WAKE_MARGIN_S = 1.5      # a wake word heard this close to one the assistant said is its own echo


@dataclass
class SpeechRequest:
    text: str
    t_ready: float
    turn_id: str = ""
    earcon: str | None = None
    follow_up: bool = False          # the reply waits for an answer: open the follow-up window after it


class SpeechOutput:
    def __init__(self, emit: ev.EventSink, speaker: Speaker, tts: Callable[[], TextToSpeech | None], *,
                 floor: Floor | None = None, wait_loaded: Callable[[float], bool] = lambda _t: False,
                 earcons: bool = True, on_interrupted: Callable[[str, str], None] | None = None,
                 on_finished: Callable[[SpeechRequest], None] | None = None,
                 own_wake: Callable[[], WakeWordDetector | None] = lambda: None) -> None:
        """`tts()` returns the loaded synthesizer (None while it loads; `wait_loaded(timeout)`
        waits for the loading to end). `on_interrupted(turn_id, spoken_text)` after a barge-in;
        `on_finished(request)` after each request (spoken, interrupted or failed). `own_wake()`
        is a wake word detector of its own that listens to what is about to be played, so that
        the microphone hearing the assistant say "Jarvis" is known for what it is."""
        self.emit = emit
        self.speaker = speaker
        self._tts = tts
        self.floor = floor
        self._wait_loaded = wait_loaded
        self.earcons = earcons
        self.on_interrupted = on_interrupted
        self.on_finished = on_finished
        speaker.on_lost = self._lost
        speaker.on_restored = self._restored
        self._queue: queue.Queue[SpeechRequest | None] = queue.Queue()
        self._running = threading.Event()
        self._thread: threading.Thread | None = None
        self._earcon_cache: dict[tuple[str, int], np.ndarray | None] = {}
        self.speaking = False
        self._own_wake = own_wake
        self._played_from = 0.0                  # monotonic time the current request's first audio played
        self._own_wake_at: list[float] = []      # its wake words, seconds into its audio
        self._own_wake_times: list[float] | None = None   # after a play: when the speaker played each

    # ---- control (any thread) -----------------------------------------------------------------------
    def start(self) -> None:
        self._running.set()
        self._thread = threading.Thread(target=self._run, name="voice-speech", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 1.0) -> None:
        self._running.clear()
        self.speaker.stop()
        self._queue.put(None)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        self._thread = None

    def speak(self, text: str, turn_id: str = "", earcon: str | None = None, follow_up: bool = False) -> None:
        """Queue `text` to be spoken after what is queued already."""
        if text and text.strip():
            self._queue.put(SpeechRequest(text.strip(), time.monotonic(), turn_id, earcon, follow_up))

    def interrupt(self) -> None:
        """Barge-in: playback stops within one audio block and queued speech is dropped."""
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is None:
                self._queue.put(None)
                break
        self.speaker.stop()

    @property
    def idle(self) -> bool:
        return not self.speaking and self._queue.empty()

    def say_now(self, text: str, turn_id: str = "", t_ready: float | None = None) -> PlaybackResult:
        """Speak `text` in this thread and return how it went (`jarvis-tui say`). Raises
        AudioUnavailable when the speaker cannot be opened, TtsError when there is no voice."""
        tts = self._tts()
        if tts is None:
            raise RuntimeError("the voice is not loaded")
        return self._play(SpeechRequest(text, t_ready if t_ready is not None else time.monotonic(), turn_id), tts)

    def earcon(self, name: str) -> None:
        """Play a short sound (blocking); nothing when earcons are off or the speaker is gone."""
        tts = self._tts()
        if not self.earcons or tts is None:
            return
        key = (name, tts.sample_rate)
        if key not in self._earcon_cache:
            self._earcon_cache[key] = load_earcon(name, tts.sample_rate)
        samples = self._earcon_cache[key]
        if samples is None:
            return
        try:
            self.speaker.play_samples(samples, tts.sample_rate)
        except devices.AudioUnavailable as exc:
            log.info("earcon %s not played: %s", name, exc)

    def earcon_async(self, name: str) -> None:
        if self.earcons and not self.speaking:
            threading.Thread(target=self.earcon, args=(name,), daemon=True, name="earcon").start()

    # ---- the thread ---------------------------------------------------------------------------------
    def _next(self) -> SpeechRequest | None:
        while True:
            outage = self.speaker.outage
            if outage is None:
                return self._queue.get()
            try:
                return self._queue.get(timeout=max(0.05, outage.retry_at - time.monotonic()))
            except queue.Empty:
                if not self._running.is_set():
                    return None
                tts = self._tts()
                self.speaker.probe(tts.sample_rate if tts is not None else PROBE_RATE)

    def _run(self) -> None:
        while self._running.is_set():
            item = self._next()
            if item is None:
                break
            tts = self._tts()
            if tts is None:
                self._wait_loaded(60)
                tts = self._tts()
            if tts is None:
                self.emit(ev.SpeechOutFinished(text=item.text, spoken_text="", interrupted=False, turn_id=item.turn_id))
                self._finished(item)
                continue
            self.speaking = True
            if self.floor is not None:
                self.floor.speech_started()
            try:
                if item.earcon:
                    self.earcon(item.earcon)
                self._play(item, tts)
            except devices.AudioUnavailable as exc:
                # said once per outage (DeviceLost); the reply stays on screen and in the history
                log.info("reply not spoken: %s", exc)
                self.emit(ev.SpeechOutFinished(text=item.text, spoken_text="", interrupted=False,
                                               turn_id=item.turn_id))
            except Exception as exc:  # the stage keeps speaking the next request
                log.exception("speaking failed")
                self.emit(ev.Error(stage="tts", message=f"{type(exc).__name__}: {exc}", turn_id=item.turn_id))
            finally:
                self.speaking = False
                if self.floor is not None:
                    self.floor.speech_ended()
            self._finished(item)

    def _finished(self, item: SpeechRequest) -> None:
        if self.on_finished is not None:
            self.on_finished(item)

    def said_wake_word_near(self, t: float, margin_s: float = OWN_WAKE_MARGIN_S) -> bool:
        """Did the assistant's own speech say the wake word around monotonic time `t`? Each place
        is timed by when the speaker played that audio (`Speaker.played_at`), not by its offset from
        the first sample: a sentence synthesized late (the CPU busy) starts later than that says."""
        if self._played_from <= 0:
            return False
        times = self._own_wake_times
        if times is None:                        # still playing
            times = self._own_wake_played()
        return any(abs(t - w) <= margin_s for w in times)

    def _own_wake_played(self) -> list[float]:
        played = (self.speaker.played_at(at) for at in list(self._own_wake_at))
        return [t for t in played if t is not None]

    def _watched(self, segments: Iterable[tuple[str, np.ndarray]], rate: int) -> Iterator[tuple[str, np.ndarray]]:
        """The segments as they go to the speaker, with the times at which they say the wake word:
        every window whose probability is over the cutoff, not detections. A detection (patience
        windows in a row, then a refractory pause) marked "I am Jarvis" and then missed the "hey
        Jarvis" said one second later, whose echo then woke the microphone's detector and
        interrupted the reply (a clean-clone CI run; 2 of 4 piper draws of that sentence here)."""
        detector = self._own_wake()
        if detector is not None:
            detector.reset()
        offset = 0.0
        for text, samples in segments:
            if detector is not None and len(samples):
                audio = resample(samples, rate, WAKE_RATE) if rate != WAKE_RATE else samples
                step = 1280
                for i in range(0, len(audio), step):
                    if any(p >= detector.cutoff for p in detector.probabilities(audio[i:i + step])):
                        self._own_wake_at.append(offset + (i + step) / WAKE_RATE)
            offset += len(samples) / rate
            yield text, samples

    def _play(self, item: SpeechRequest, tts: TextToSpeech) -> PlaybackResult:
        def first(ms: float) -> None:
            self._played_from = time.monotonic()
            self.emit(ev.SpeechOutStarted(text=item.text, first_audio_ms=round(ms, 1), turn_id=item.turn_id))

        self._own_wake_at = []
        self._own_wake_times = None
        self._played_from = 0.0
        try:
            result = self.speaker.play(self._watched(tts.stream(item.text), tts.sample_rate), tts.sample_rate,
                                       t_ready=item.t_ready, on_first_audio=first)
        finally:
            # kept past the play (its echo comes after it), whatever the speaker plays next
            self._own_wake_times = self._own_wake_played()
        if result.error:
            self.emit(ev.Error(stage="tts", message=result.error, turn_id=item.turn_id))
        self.emit(ev.SpeechOutFinished(text=item.text, spoken_text=result.spoken_text,
                                       interrupted=result.interrupted, turn_id=item.turn_id))
        if result.interrupted and self.on_interrupted is not None:
            self.on_interrupted(item.turn_id, result.spoken_text)
        return result

    def _lost(self, reason: str, retry_in: float) -> None:
        self.emit(ev.DeviceLost(direction="output", device=self.speaker.device_name or "", reason=reason,
                                retry_in_s=retry_in))

    def _restored(self, down_s: float) -> None:
        self.emit(ev.DeviceRestored(direction="output", device=self.speaker.device_name or "", down_s=down_s))
