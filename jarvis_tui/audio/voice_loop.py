"""VoiceLoop: the one class the TUI (and `jarvis-tui listen`) drives audio through.

Threads (all daemon, all end within ~1 s of stop()):
  audio    opens the microphone (retries while there is none), frames of 512 samples -> level,
           Silero VAD, endpointer -> utterances
  turns    utterance -> STT (guarded) -> assistant.handle_text(source="voice") -> speaks the reply
  speech   TTS sentence by sentence + playback; earcons; barge-in
  loader   loads VAD, STT (warmed) and TTS once at start
Half-duplex (default): while the assistant speaks, an utterance is never handed to the assistant;
it is only checked for a spoken "stop", which interrupts playback.
"""
from __future__ import annotations

import logging
import queue
import re
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio import devices
from jarvis_tui.audio.endpointer import (FRAME, Discarded, Endpointer, EndpointerConfig, Pause, SpeechStart,
                                         Utterance)
from jarvis_tui.audio.playback import Speaker, load_earcon
from jarvis_tui.audio.speculative import SpeculativeStt

log = logging.getLogger(__name__)
SAMPLE_RATE = 16000
STOP_WORDS = re.compile(r"^(stop|stop it|stop talking|stop stop|be quiet|quiet|shut up|cancel|enough|"
                        r"jarvis stop|okay stop|ok stop)$")
PTT_TIMEOUT_S = 10.0          # push-to-talk armed without speech gives up after this
ECHO_GUARD_S = 0.3            # after playback, room echo is not taken as speech


@dataclass
class _Speech:
    text: str
    t_ready: float
    turn_id: str = ""
    earcon: str | None = None
    follow_up: bool = False


@dataclass
class _Captured:
    utterance: Utterance
    while_speaking: bool
    follow_up: bool


STALL_S = 2.0          # a stream that delivers nothing this long is a lost device


class VoiceLoop:
    def __init__(self, runtime, *, transcriber: Any = None, synthesizer: Any = None, vad: Any = None,
                 speaker: Speaker | None = None, on_turn: Callable[[Any, dict[str, Any]], None] | None = None,
                 speak_replies: bool = True) -> None:
        self.runtime = runtime
        self.config = runtime.config
        a = self.config.audio
        self.emit: ev.EventSink = runtime.bus.emit
        self.mode = a.mode if a.mode in ("push_to_talk", "hands_free") else "push_to_talk"
        self.half_duplex = a.half_duplex
        self.input_device = runtime.store.settings.get("audio.input_device", a.input_device)
        self.transcriber, self.synthesizer, self.vad = transcriber, synthesizer, vad
        self.speaker = speaker or Speaker(a.output_device)
        self.speaker.on_lost = self._speaker_lost
        self.speaker.on_restored = self._speaker_restored
        self.on_turn = on_turn
        self.speak_replies = speak_replies
        self.endpointer = Endpointer(EndpointerConfig.from_audio_config(a))
        self.speculator = SpeculativeStt(lambda: self.transcriber)
        self._state = "idle"
        self._running = threading.Event()
        self._ready = threading.Event()
        self._threads: list[threading.Thread] = []
        self._utterances: queue.Queue[_Captured | None] = queue.Queue()
        self._speech: queue.Queue[_Speech | None] = queue.Queue()
        self._lock = threading.RLock()
        self._ptt_armed = False
        self._ptt_since = 0.0
        self._ptt_release = False
        self._follow_up_until = 0.0
        self._speaking = False
        self._echo_guard_until = 0.0
        self._restart_capture = threading.Event()
        self._outage: tuple[float, str | None] | None = None     # (lost at, device) until audio flows again
        self._unsubscribe: Callable[[], None] | None = None
        self._earcons: dict[str, np.ndarray | None] = {}
        self.last_error: str | None = None
        self.last_stt_speculative = False

    # ---- public API (seams.md) ---------------------------------------------------------------------
    @property
    def state(self) -> str:
        return self._state

    def start(self) -> None:
        if self._running.is_set():
            return
        self._running.set()
        self._unsubscribe = self.runtime.bus.subscribe(self._on_event)
        for name, target in (("voice-loader", self._load_models), ("voice-audio", self._audio_loop),
                             ("voice-turns", self._turn_loop), ("voice-speech", self._speech_loop)):
            t = threading.Thread(target=target, name=name, daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self) -> None:
        self._running.clear()
        self.speaker.stop()
        self.speculator.stop()
        self._utterances.put(None)
        self._speech.put(None)
        if self._unsubscribe:
            self._unsubscribe()
            self._unsubscribe = None
        for t in self._threads:
            if t is not threading.current_thread():
                t.join(timeout=1.0)
        self._threads = []
        self._set_state("idle")

    def wait_ready(self, timeout: float = 60.0) -> bool:
        """True once the models are loaded (for the CLI and tests)."""
        return self._ready.wait(timeout)

    def set_mode(self, mode: str) -> None:
        if mode not in ("push_to_talk", "hands_free"):
            raise ValueError(f"unknown mode {mode!r} (push_to_talk or hands_free)")
        with self._lock:
            self.mode = mode
            self._ptt_armed = False
            self.endpointer.reset()
        if not self._speaking:
            self._set_state(self._idle_state())

    def push_to_talk(self, pressed: bool) -> None:
        """pressed: listen for one utterance (ended by silence); released: end it now."""
        with self._lock:
            if pressed:
                if self._speaking:
                    self.stop_speaking()
                self._ptt_armed = True
                self._ptt_since = time.monotonic()
                self._ptt_release = False
                self.endpointer.reset()
            elif self._ptt_armed:
                self._ptt_release = True
        if pressed:
            self._set_state("listening")
            self._earcon_async("listening")

    def stop_speaking(self) -> None:
        """Barge-in by key: playback stops within one audio block; queued speech is dropped."""
        while True:
            try:
                item = self._speech.get_nowait()
            except queue.Empty:
                break
            if item is None:
                self._speech.put(None)
                break
        self.speaker.stop()

    def speak(self, text: str, turn_id: str = "", earcon: str | None = None, follow_up: bool = False) -> None:
        if not text or not text.strip():
            return
        self._speech.put(_Speech(text.strip(), time.monotonic(), turn_id, earcon, follow_up))

    def select_input_device(self, name: str | None) -> None:
        if name:
            devices.find_device(name, "input")      # DeviceNotFound with the list, before anything changes
        self.input_device = name or None
        self.runtime.store.settings.set("audio.input_device", self.input_device)
        self._restart_capture.set()

    def select_voice(self, path: str | None) -> None:
        from jarvis_tui.audio.tts import Synthesizer, resolve_voice
        resolve_voice(path)                          # TtsError before anything changes
        self.synthesizer = Synthesizer(path or "bundled", self.config.tts.length_scale)
        self.runtime.store.settings.set("tts.voice", path or None)

    # ---- feeding audio directly (tests, `transcribe`) -------------------------------------------------
    def process_samples(self, samples: np.ndarray, listening: bool = True) -> list[Utterance]:
        """Run a signal through VAD + endpointer without a device (faster than real time) and
        return the utterances; the caller decides what to do with them."""
        vad = self._need_vad()
        ep = Endpointer(self.endpointer.config)
        vad.reset()
        out: list[Utterance] = []
        for i in range(0, len(samples) - FRAME + 1, FRAME):
            frame = samples[i:i + FRAME].astype(np.float32)
            for e in ep.process(frame, vad.prob(frame)):
                if isinstance(e, Utterance):
                    out.append(e)
        out += [e for e in ep.flush() if isinstance(e, Utterance)]
        return out

    def speculate(self, pause: Pause) -> None:
        """Start transcribing a Pause's samples while the hangover runs (see speculative.py)."""
        self.speculator.start(pause.key, pause.samples)

    def handle_utterance(self, utt: Utterance, while_speaking: bool = False):
        """STT + guards + the turn for one utterance; returns the TurnResult or None."""
        return self._handle(_Captured(utt, while_speaking, False))

    # ---- internals ------------------------------------------------------------------------------------
    def _set_state(self, state: str, detail: str = "") -> None:
        if state != self._state or detail:
            self._state = state
            self.emit(ev.ListeningStateChanged(state=state, detail=detail))

    def _idle_state(self) -> str:
        return "listening" if self.mode == "hands_free" else "idle"

    def _listening(self, now: float) -> bool:
        if now < self._echo_guard_until:
            return False
        return self.mode == "hands_free" or self._ptt_armed or now < self._follow_up_until

    def _need_vad(self):
        if self.vad is None:
            from jarvis_tui.audio.vad import SileroVad
            self.vad = SileroVad()
        return self.vad

    def _load_models(self) -> None:
        """VAD, STT (warmed) and TTS in parallel through Runtime.load_all (which emits the
        ModelLoadProgress/Error events and shares them on the runtime); parts passed to the
        constructor are kept."""
        rt = self.runtime
        if self.vad is not None and rt.vad is None:
            rt.vad = self.vad
        if self.transcriber is not None and rt.stt is None:
            rt.stt = self.transcriber
        if self.synthesizer is not None and rt.tts is None:
            rt.tts = self.synthesizer
        if self._running.is_set():
            try:
                rt.load_all(llm=False)
            except Exception as exc:  # noqa: BLE001 - load_all reports per part; this is the net
                log.exception("loading the audio models failed")
                self.emit(ev.Error(stage="audio_load", message=str(exc)))
        if self.vad is None:
            self.vad = rt.vad
        if self.transcriber is None:
            self.transcriber = rt.stt
        if self.synthesizer is None:
            self.synthesizer = rt.tts
        self._ready.set()

    def _on_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.Announcement) and self._running.is_set():
            self.speak(event.text, turn_id=event.turn_id, earcon=event.earcon)

    # audio thread ----------------------------------------------------------------------------------------
    def _audio_loop(self) -> None:
        """Capture, restarted when the device fails: the outage is said once (DeviceLost), reopening
        backs off from 0.5 s doubling to 10 s, and DeviceRestored says when it works again (the
        same device by name, else the default)."""
        from jarvis_tui.audio.capture import MicCapture
        outage: devices.Outage | None = None
        while self._running.is_set():
            if outage is not None and not outage.due(time.monotonic()) or not self._ready.is_set() and self.vad is None:
                time.sleep(0.05)
                continue
            device = self.input_device
            if outage is not None and device and outage.backoff >= 4.0 and not devices.has_device(device, "input"):
                device = None                          # the named one is gone for long: the default
            cap = MicCapture(device)
            try:
                if outage is not None:
                    devices.refresh()
                cap.open()
            except devices.AudioUnavailable as exc:
                outage = self._capture_failed(outage, str(exc))
                continue
            if outage is None and self._state in ("idle", "no_device", "listening"):
                self._set_state(self._idle_state())
            # back only once audio flows again (a stream opens without a sound server and stays silent)
            self._outage = (outage.lost_at, device) if outage is not None else None
            failure = None
            try:
                self._read_stream(cap)
            except Exception as exc:  # noqa: BLE001 - a device gone mid-stream
                log.warning("capture stopped: %s", exc)
                failure = f"microphone stopped: {exc}"
            finally:
                cap.close()
            if self._outage is None:
                outage = None                          # audio flowed: that outage is over
            if failure is not None:
                outage = self._capture_failed(outage, failure)
            elif outage is not None:
                outage.reset_backoff()                 # stopped or restarted on request

    def _capture_failed(self, outage: devices.Outage | None, reason: str) -> devices.Outage:
        return devices.Outage.after_failure(outage, reason, time.monotonic(),
                                            lambda new: self._device_lost(reason, new.backoff))

    def _device_lost(self, reason: str, retry_in: float) -> None:
        self.last_error = reason
        self.emit(ev.DeviceLost(direction="input", device=self.input_device or "", reason=reason, retry_in_s=retry_in))
        self.emit(ev.Error(stage="capture", message=reason))
        self._set_state("no_device", reason)

    def _read_stream(self, cap) -> None:
        vad = self._need_vad()
        vad.reset()
        self.endpointer.reset()
        pending = np.zeros(0, dtype=np.float32)
        last_level = 0.0
        self._restart_capture.clear()
        while self._running.is_set() and not self._restart_capture.is_set():
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
            block, _t = got
            if self._outage is not None:
                lost_at, device = self._outage
                self._outage = None
                self.emit(ev.DeviceRestored(direction="input", device=device or "",
                                            down_s=round(time.monotonic() - lost_at, 1)))
                self.emit(ev.ListeningStateChanged(state=self._idle_state(), detail="microphone is back"))
                self._state = self._idle_state()
            pending = np.concatenate([pending, block])
            while len(pending) >= FRAME:
                frame, pending = pending[:FRAME], pending[FRAME:]
                now = time.monotonic()
                listening = self._listening(now) or self._speaking
                prob = vad.prob(frame) if listening else 0.0
                if now - last_level >= 0.1:
                    last_level = now
                    self.emit(ev.MicLevel(rms=float(np.sqrt(np.mean(frame ** 2))), speech_prob=prob))
                if not listening:
                    if self.endpointer.in_speech:
                        self.endpointer.reset()
                    continue
                with self._lock:
                    results = self.endpointer.process(frame, prob)
                    if self._ptt_release:
                        self._ptt_release = False
                        results += self.endpointer.flush()
                        if not any(isinstance(r, Utterance) for r in results):
                            self._ptt_armed = False
                            self._set_state(self._idle_state())
                for r in results:
                    self._on_endpoint(r, now)
            self._check_ptt_timeout()

    def _check_ptt_timeout(self) -> None:
        with self._lock:
            if (self._ptt_armed and not self.endpointer.in_speech
                    and time.monotonic() - self._ptt_since > PTT_TIMEOUT_S):
                self._ptt_armed = False
                self._set_state(self._idle_state(), "no speech heard")

    def _on_endpoint(self, r: object, now: float) -> None:
        if isinstance(r, Pause):
            self.speculate(r)
        elif isinstance(r, SpeechStart):
            if not self._speaking:
                self.emit(ev.SpeechStarted())
                self._set_state("hearing")
        elif isinstance(r, Discarded):
            if not self._speaking:
                self._set_state("listening" if self._listening(now) else self._idle_state())
        elif isinstance(r, Utterance):
            follow_up = now < self._follow_up_until
            with self._lock:
                self._ptt_armed = False
                self._follow_up_until = 0.0
            self.emit(ev.UtteranceCaptured(duration_s=r.duration_s, t_speech_start=r.t_speech_start,
                                           t_speech_end=r.t_speech_end, endpoint_ms=r.endpoint_ms))
            r.t_captured = time.perf_counter()      # type: ignore[attr-defined]
            if not self._speaking:
                self._set_state("thinking")
            self._utterances.put(_Captured(r, self._speaking, follow_up))

    # turn thread -----------------------------------------------------------------------------------------
    def _turn_loop(self) -> None:
        while self._running.is_set():
            item = self._utterances.get()
            if item is None:
                break
            try:
                self._handle(item)
            except Exception as exc:  # noqa: BLE001 - the loop keeps running
                log.exception("voice turn failed")
                self.emit(ev.Error(stage="voice_turn", message=f"{type(exc).__name__}: {exc}"))
            if not self._speaking and self._speech.empty():
                self._set_state("listening" if self._listening(time.monotonic()) else self._idle_state())

    def _handle(self, item: _Captured):
        if self.transcriber is None:
            self._ready.wait(60)
        if self.transcriber is None:
            self.emit(ev.TranscriptRejected(text="", reason="stt_unavailable"))
            return None
        utt = item.utterance
        turn_id = uuid.uuid4().hex[:12]
        t_cap = getattr(utt, "t_captured", time.perf_counter())
        result = self.speculator.take(utt.key)
        self.last_stt_speculative = result is not None
        if result is None:
            result = self.transcriber.transcribe(utt.samples, segmented=True)
        stt_ms = result.stt_ms
        if not result.accepted:
            self.emit(ev.TranscriptRejected(text=result.text, reason=result.reason, turn_id=turn_id))
            return None
        from jarvis_tui.audio.stt import normalize
        said = normalize(result.text)
        if item.while_speaking or self._speaking:
            if STOP_WORDS.match(said):
                self.stop_speaking()
                self.emit(ev.TranscriptRejected(text=result.text, reason="stop_word", turn_id=turn_id))
            elif self.half_duplex:
                self.emit(ev.TranscriptRejected(text=result.text, reason="while_speaking", turn_id=turn_id))
            else:
                self.stop_speaking()
                return self._run_turn(result, utt, stt_ms, turn_id, t_cap)
            return None
        return self._run_turn(result, utt, stt_ms, turn_id, t_cap)

    def _run_turn(self, result, utt: Utterance, stt_ms: float, turn_id: str, t_cap: float):
        self.emit(ev.TranscriptReady(text=result.text, confidence=result.confidence, source="voice",
                                     stt_ms=stt_ms, turn_id=turn_id))
        timings = {"endpoint": round(utt.endpoint_ms, 1), "stt": round(stt_ms, 1),
                   "speech_end_to_transcript": round(utt.endpoint_ms + (time.perf_counter() - t_cap) * 1000, 1)}
        turn = self.runtime.assistant.handle_text(result.text, source="voice", turn_id=turn_id, timings_ms=timings)
        for k, v in timings.items():
            turn.timings_ms.setdefault(k, v)
        if self.on_turn:
            self.on_turn(turn, {"transcript": result.text, "confidence": result.confidence})
        if turn.spoken and self.speak_replies and self.config.tts.enabled:
            self.speak(turn.spoken, turn_id=turn_id, follow_up=turn.wait_for_input)
        elif turn.wait_for_input:
            self._open_follow_up()
        return turn

    def _open_follow_up(self) -> None:
        with self._lock:
            self._follow_up_until = time.monotonic() + self.config.audio.follow_up_window_s
            self.endpointer.reset()
        self._set_state("listening", "follow-up")

    # speech thread ---------------------------------------------------------------------------------------
    def _earcon(self, name: str) -> None:
        if not self.config.audio.earcons or self.synthesizer is None:
            return
        rate = self.synthesizer.sample_rate
        if name not in self._earcons:
            self._earcons[name] = load_earcon(name, rate)
        samples = self._earcons[name]
        if samples is None:
            return
        try:
            self.speaker.play_samples(samples, rate)
        except devices.AudioUnavailable as exc:
            log.info("earcon %s not played: %s", name, exc)

    def _earcon_async(self, name: str) -> None:
        if self.config.audio.earcons and not self._speaking:
            threading.Thread(target=self._earcon, args=(name,), daemon=True, name="earcon").start()

    def _speaker_lost(self, reason: str, retry_in: float) -> None:
        self.emit(ev.DeviceLost(direction="output", device=self.speaker.device_name or "", reason=reason,
                                retry_in_s=retry_in))

    def _speaker_restored(self, down_s: float) -> None:
        self.emit(ev.DeviceRestored(direction="output", device=self.speaker.device_name or "", down_s=down_s))

    def _next_speech(self) -> _Speech | None:
        """The next thing to say; while the speaker is lost and there is nothing to say, the device
        is probed at its retry times so that its return is noticed (and said) by itself."""
        while True:
            outage = self.speaker.outage
            if outage is None:
                return self._speech.get()
            try:
                return self._speech.get(timeout=max(0.05, outage.retry_at - time.monotonic()))
            except queue.Empty:
                if not self._running.is_set():
                    return None
                rate = self.synthesizer.sample_rate if self.synthesizer is not None else SAMPLE_RATE
                self.speaker.probe(rate)

    def _speech_loop(self) -> None:
        while self._running.is_set():
            item = self._next_speech()
            if item is None:
                break
            if self.synthesizer is None:
                self._ready.wait(60)
            if self.synthesizer is None:
                self.emit(ev.SpeechOutFinished(text=item.text, spoken_text="", interrupted=False,
                                               turn_id=item.turn_id))
                continue
            self._speaking = True
            self._set_state("speaking")
            try:
                if item.earcon:
                    self._earcon(item.earcon)
                self._say(item)
            except Exception as exc:  # noqa: BLE001
                log.exception("speaking failed")
                self.emit(ev.Error(stage="tts", message=f"{type(exc).__name__}: {exc}", turn_id=item.turn_id))
            finally:
                self._speaking = False
                with self._lock:
                    self._echo_guard_until = time.monotonic() + ECHO_GUARD_S
                    self.endpointer.reset()
            if item.follow_up:
                self._open_follow_up()
            elif self._speech.empty():
                self._set_state(self._idle_state())

    def _say(self, item: _Speech) -> None:
        syn = self.synthesizer
        started = {"done": False}

        def first(ms: float) -> None:
            started["done"] = True
            self.emit(ev.SpeechOutStarted(text=item.text, first_audio_ms=round(ms, 1), turn_id=item.turn_id))

        try:
            result = self.speaker.play(syn.stream(item.text), syn.sample_rate, t_ready=item.t_ready,
                                       on_first_audio=first)
        except devices.AudioUnavailable as exc:
            # said once per outage (DeviceLost); the reply stays on screen and in the history
            log.info("reply not spoken: %s", exc)
            self.emit(ev.SpeechOutFinished(text=item.text, spoken_text="", interrupted=False, turn_id=item.turn_id))
            return
        if result.error:
            self.emit(ev.Error(stage="tts", message=result.error, turn_id=item.turn_id))
        self.emit(ev.SpeechOutFinished(text=item.text, spoken_text=result.spoken_text,
                                       interrupted=result.interrupted, turn_id=item.turn_id))
        if result.interrupted:
            self._trim_history(item.turn_id, result.spoken_text)

    def _trim_history(self, turn_id: str, spoken: str) -> None:
        """Only what was actually spoken stays in the conversation (Brain.truncate_reply)."""
        brain = self.runtime.assistant.brain
        if brain is None:
            return      # without an LLM there is no conversation history to trim
        try:
            brain.truncate_reply(turn_id, spoken)
        except Exception:  # noqa: BLE001 - history is best effort; the turn already ended
            log.exception("truncate_reply failed")
