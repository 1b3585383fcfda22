"""The listener stage: microphone -> VAD -> endpointer -> utterances on a queue.

One thread owns the microphone. It reopens it when it fails (the outage is said once, retries
back off from 0.5 s doubling to 10 s, and its return is said), measures the level, asks the floor
whether speech may become a request now, and hands every finished utterance to the next stage as
`Heard`. A `Pause` (speech paused, the hangover running) goes to `on_pause` so that transcription
can start before the end is decided.
"""
from __future__ import annotations

import logging
import dataclasses
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio import devices
from jarvis_tui.audio.endpointer import (FRAME, SAMPLE_RATE, Discarded, Endpointer, EndpointerConfig, Pause,
                                         SpeechStart, Utterance)
from jarvis_tui.audio.floor import Floor
from jarvis_tui.audio.parts import VoiceActivity
from jarvis_tui.audio.wakeword import WakeWordDetector

log = logging.getLogger(__name__)
STALL_S = 2.0          # a stream that delivers nothing this long is a lost device
LEVEL_EVERY_S = 0.1
WOKEN_KEEP_S = 2.0     # after the wake word, a reset does not drop the request being said
# The wake word's audio is cut from the utterance it starts: speech recognition then hears the
# request alone (whisper writes "Hey Jarvis" in odd ways: "H.O.V.", "age hours", "Hey job, isa",
# which the router cannot read past). The detector's probability rises ~0.1 s after the word ends,
# and it fires once that has held for its patience (`held_s`).
WAKE_LATENCY_S = 0.1
# That estimate is off by a voice's own timing (on the spoken set's ten voices: from 0.16 s before the
# word's end to 0.14 s after it): early, the end of "Jarvis" is heard as a word ("Plus, cancel ...");
# late, the request's first word is lost ("Renew my passport" for "put renew ..."). People mostly
# pause after the wake word, and the VAD marks that silence: the cut moves into the first quiet run
# that starts from WAKE_GAP_BEFORE_S before the estimate to WAKE_GAP_AFTER_S after it (or holds the
# estimate), WAKE_GAP_LEAD_S before the request's first voiced frame (a 32 ms frame's probability
# rises late on a soft onset). README, "Where the wake word is cut off".
WAKE_GAP_BEFORE_S = 0.1
WAKE_GAP_AFTER_S = 0.3
WAKE_GAP_LEAD_S = 0.1
MIN_REQUEST_S = 0.2    # less speech than this after the wake word: it was said alone


@dataclass
class Heard:
    """One utterance, with what was going on when it was said."""
    utterance: Utterance
    while_speaking: bool            # the assistant was talking (half-duplex: only "stop" counts)
    follow_up: bool                 # inside the follow-up window after a question
    t_captured: float = 0.0         # perf_counter when the endpoint was decided
    woken: bool = False             # the wake word was heard for it
    wake_only: bool = False         # ... and nothing was said after it ("Hey Jarvis" and a pause)


def wake_cut(estimate: float, quiet_runs: tuple[tuple[float, float], ...]) -> float:
    """Where the request starts after a wake word estimated to end at `estimate` (stream time): in
    the silence after the wake word when the VAD marked one near the estimate, else the estimate."""
    for a, b in quiet_runs:
        if estimate - WAKE_GAP_BEFORE_S <= a <= estimate + WAKE_GAP_AFTER_S or a < estimate - WAKE_GAP_BEFORE_S < b:
            return max(a, b - WAKE_GAP_LEAD_S)
    return estimate


class Listener:
    def __init__(self, floor: Floor, emit: ev.EventSink, endpointer_config: EndpointerConfig,
                 vad: Callable[[], VoiceActivity | None], out: "queue.Queue[Heard | None]",
                 on_pause: Callable[[Pause], None], input_device: str | None = None,
                 turn_end: Callable[[int], bool | None] | None = None,
                 wake: Callable[[], WakeWordDetector | None] = lambda: None,
                 on_wake: Callable[[float, bool, float], bool] = lambda score, speaking, heard_at: True,
                 capture: Callable[[str | None], Any] | None = None) -> None:
        """`vad()` returns the loaded VAD (None while it loads); `turn_end(pause_key)` says whether
        the words heard up to that Pause are unfinished (see Endpointer). In wake-word mode every
        frame goes to `wake()`'s detector, and a detection to `on_wake(score, while_speaking,
        heard_at)`, which says whether it counts (the assistant's own voice saying "Jarvis" does
        not); `heard_at` is when the microphone delivered the audio that woke it (monotonic time),
        not when this thread got to it.
        `capture(device)` makes the audio source (default: the microphone, audio.capture.MicCapture)."""
        self.floor = floor
        self.emit = emit
        self.endpointer = Endpointer(endpointer_config, turn_end)
        self._vad = vad
        self.out = out
        self.on_pause = on_pause
        self.input_device = input_device
        self._wake = wake
        self.on_wake = on_wake
        self._capture = capture
        self._woken_at = -1e9                     # monotonic time of the last wake word that counted
        self._wake_stream_t: float | None = None  # endpointer stream time where that wake word ended
        self.last_error: str | None = None
        self._running = threading.Event()
        self._restart = threading.Event()
        self._reset = threading.Event()
        self._flush = threading.Event()
        self._outage: tuple[float, str | None] | None = None     # (lost at, device) until audio flows again
        self._thread: threading.Thread | None = None

    # ---- control (any thread) -----------------------------------------------------------------------
    def start(self) -> None:
        self._running.set()
        self._thread = threading.Thread(target=self._run, name="voice-listener", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 1.0) -> None:
        self._running.clear()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        self._thread = None

    def reset(self) -> None:
        """Forget the speech in progress before the next frame (mode change, key pressed, own speech);
        not the request of someone who has just said the wake word (it may have stopped the speech)."""
        if time.monotonic() - self._woken_at < WOKEN_KEEP_S:
            return
        self._flush.clear()
        self._reset.set()

    def end_utterance(self) -> None:
        """Push-to-talk released: what was said so far is the utterance."""
        self._flush.set()

    def switch_device(self, name: str | None) -> None:
        self.input_device = name
        self._restart.set()

    # ---- offline (tests, bench, `transcribe`) -------------------------------------------------------
    def utterances_in(self, samples: np.ndarray) -> list[Utterance]:
        """The utterances a signal holds, through the VAD and a fresh endpointer, faster than real time."""
        vad = self._vad()
        if vad is None:
            raise RuntimeError("the VAD is not loaded")
        ep = Endpointer(self.endpointer.config, self.endpointer.turn_end)
        vad.reset()
        out: list[Utterance] = []
        for i in range(0, len(samples) - FRAME + 1, FRAME):
            frame = samples[i:i + FRAME].astype(np.float32)
            out += [e for e in ep.process(frame, vad.prob(frame)) if isinstance(e, Utterance)]
        return out + [e for e in ep.flush() if isinstance(e, Utterance)]

    # ---- the thread ---------------------------------------------------------------------------------
    def _run(self) -> None:
        """Capture, restarted when the device fails (the same device by name, else the default)."""
        from jarvis_tui.audio.capture import MicCapture
        make_capture = self._capture or MicCapture
        outage: devices.Outage | None = None
        while self._running.is_set():
            try:
                vad_ready = self._vad() is not None
            except Exception as exc:  # noqa: BLE001 - without a VAD nothing can be heard: say it once
                reason = f"the voice activity detector could not be loaded: {exc}"
                self.last_error = reason
                self.emit(ev.Error(stage="vad", message=reason))
                self.floor.set_state("no_device", reason)
                return
            if outage is not None and not outage.due(time.monotonic()) or not vad_ready:
                time.sleep(0.05)
                continue
            device = self.input_device
            if outage is not None and device and outage.backoff >= 4.0 and not devices.has_device(device, "input"):
                device = None                          # the named one is gone for long: the default
            cap = make_capture(device)
            try:
                if outage is not None:
                    devices.refresh()
                cap.open()
            except devices.AudioUnavailable as exc:
                outage = self._failed(outage, str(exc))
                continue
            if outage is None and self.floor.state in ("idle", "no_device", "listening"):
                self.floor.set_state(self.floor.idle_state())
            # back only once audio flows again (a stream opens without a sound server and stays silent)
            self._outage = (outage.lost_at, device) if outage is not None else None
            failure = None
            try:
                self._read(cap)
            except Exception as exc:  # noqa: BLE001 - a device gone mid-stream
                log.warning("capture stopped: %s", exc)
                failure = f"microphone stopped: {exc}"
            finally:
                cap.close()
            if self._outage is None:
                outage = None                          # audio flowed: that outage is over
            if failure is not None:
                outage = self._failed(outage, failure)
            elif outage is not None:
                outage.reset_backoff()                 # stopped or restarted on request

    def _failed(self, outage: devices.Outage | None, reason: str) -> devices.Outage:
        def lost(new: devices.Outage) -> None:
            self.last_error = reason
            self.emit(ev.DeviceLost(direction="input", device=self.input_device or "", reason=reason,
                                    retry_in_s=new.backoff))
            self.emit(ev.Error(stage="capture", message=reason))
            self.floor.set_state("no_device", reason)
        return devices.Outage.after_failure(outage, reason, time.monotonic(), lost)

    def _read(self, cap) -> None:
        vad = self._vad()
        assert vad is not None
        vad.reset()
        self.endpointer.reset()
        pending = np.zeros(0, dtype=np.float32)
        last_level = 0.0
        self._restart.clear()
        while self._running.is_set() and not self._restart.is_set():
            got = cap.read(timeout=0.1)
            if got is None:
                if not cap.active:
                    raise devices.AudioUnavailable(f"the sound server or the device reported an error ({cap.error})"
                                                   if cap.error else "its stream ended (the device was removed?)")
                if time.monotonic() - cap.last_block_t > STALL_S:
                    raise devices.AudioUnavailable(f"no audio from the microphone for {STALL_S:.0f} s "
                                                   "(the sound server stopped, or the device was removed)")
                self._check_ptt_timeout()
                continue
            if self._outage is not None:
                self._restored()
            samples, block_t = got
            pending = np.concatenate([pending, samples])
            while len(pending) >= FRAME:
                frame, pending = pending[:FRAME], pending[FRAME:]
                # the frame's last sample came in with the block, before the samples still pending
                last_level = self._frame(frame, vad, last_level, block_t - len(pending) / SAMPLE_RATE)
            self._check_ptt_timeout()

    def _restored(self) -> None:
        assert self._outage is not None
        lost_at, device = self._outage
        self._outage = None
        self.emit(ev.DeviceRestored(direction="input", device=device or "", down_s=round(time.monotonic() - lost_at, 1)))
        self.floor.set_state(self.floor.idle_state(), "microphone is back")

    def _frame(self, frame: np.ndarray, vad: VoiceActivity, last_level: float, heard_at: float) -> float:
        now = time.monotonic()
        if self._reset.is_set():
            self._reset.clear()
            self.endpointer.reset()
        speaking = self.floor.speaking
        detector = self._wake() if self.floor.mode == "wake_word" else None
        if detector is not None:
            score = detector.process(frame)
            if score is not None and self.on_wake(score, speaking, heard_at):
                self._woken_at = now
                self._wake_stream_t = (self.endpointer.clock + self.endpointer.frame_s
                                       - WAKE_LATENCY_S - detector.held_s)
                if self.endpointer.in_speech:
                    self.emit(ev.SpeechStarted())
                    self.floor.set_state("hearing")
        # in wake-word mode speech is followed all the time, so that the request said right after
        # "Hey Jarvis" is whole; an utterance is handed on only when it was addressed
        listening = self.floor.accepts_speech(now) or speaking or detector is not None
        prob = vad.prob(frame) if listening else 0.0
        if now - last_level >= LEVEL_EVERY_S:
            last_level = now
            self.emit(ev.MicLevel(rms=float(np.sqrt(np.mean(frame ** 2))), speech_prob=prob))
        if not listening:
            if self.endpointer.in_speech:
                self.endpointer.reset()
            return last_level
        results = self.endpointer.process(frame, prob)
        if self._flush.is_set():
            self._flush.clear()
            results += self.endpointer.flush()
            if not any(isinstance(r, Utterance) for r in results):
                self.floor.disarm()
                self.floor.set_state(self.floor.idle_state())
        for r in results:
            self._endpoint(r, now, speaking)
        return last_level

    def _check_ptt_timeout(self) -> None:
        now = time.monotonic()
        if (self.floor.ptt_expired(now, self.endpointer.in_speech)
                or self.floor.wake_expired(now, self.endpointer.in_speech)):
            self.floor.set_state(self.floor.idle_state(), "no speech heard")

    def _after_wake_word(self, r: Pause | Utterance) -> tuple[Pause | Utterance, bool]:
        """`r` without the wake word's audio when the wake word started it, and whether nothing
        but the wake word was said."""
        wake_t = self._wake_stream_t
        if wake_t is None or self.floor.mode != "wake_word" or not r.t_samples_start < wake_t < r.t_speech_end + 1.0:
            return r, False
        wake_t = wake_cut(wake_t, r.quiet_runs)
        cut = int((wake_t - r.t_samples_start) * r.sample_rate)
        if r.t_speech_end - wake_t < MIN_REQUEST_S:
            return r, True
        return dataclasses.replace(r, samples=r.samples[cut:], t_samples_start=wake_t), False

    def _endpoint(self, r: object, now: float, speaking: bool) -> None:
        addressed = speaking or self.floor.accepts_speech(now)
        if isinstance(r, Pause):
            r, wake_only = self._after_wake_word(r)
            if addressed and not wake_only:
                self.on_pause(r)
        elif isinstance(r, SpeechStart):
            if not speaking and addressed:
                self.emit(ev.SpeechStarted())
                self.floor.set_state("hearing")
        elif isinstance(r, Discarded):
            if not speaking:
                self.floor.settle()
        elif isinstance(r, Utterance):
            if not addressed:
                log.debug("an utterance without the wake word (%.1f s) was not for the assistant", r.duration_s)
                return
            follow_up = self.floor.utterance_taken(now)
            self.emit(ev.UtteranceCaptured(duration_s=r.duration_s, t_speech_start=r.t_speech_start,
                                           t_speech_end=r.t_speech_end, endpoint_ms=r.endpoint_ms))
            if not speaking:
                self.floor.set_state("thinking")
            woken = now - self._woken_at < r.duration_s + WOKEN_KEEP_S
            r, wake_only = self._after_wake_word(r)
            self.out.put(Heard(r, speaking, follow_up, time.perf_counter(), woken, wake_only and woken))
