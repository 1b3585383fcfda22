"""VoiceLoop: the stages of listening and speaking, wired over queues; the one class the TUI and
`jarvis-tui listen` drive audio through.

  Listener          microphone -> wake word, VAD -> endpointer -> Heard (listener.py, thread voice-listener)
  TranscriberStage  Heard -> STT (speculative when it can) -> guards -> Transcript
                                                                        (transcription.py, thread voice-stt)
  turns             Transcript -> assistant.handle_text(source="voice") -> the reply to speak
                                                                        (below, thread voice-turns)
  SpeechOutput      text -> TTS sentence by sentence -> playback, barge-in
                                                                        (speech_output.py, thread voice-speech)
  Floor             the state they share: mode, push-to-talk, wake word, follow-up window, own speech
                                                                        (floor.py)

Each stage's model is behind a Protocol (parts.py). Half-duplex (default): while the assistant
speaks, an utterance is never handed to the assistant; it is only checked for a spoken "stop",
which interrupts playback. All threads are daemons and end within ~1 s of stop().
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Callable

import numpy as np

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio import devices
from jarvis_tui.audio.endpointer import EndpointerConfig, Pause, Utterance, without_long_pauses
from jarvis_tui.audio.floor import Floor
from jarvis_tui.audio.listener import Heard, Listener
from jarvis_tui.audio.parts import SpeechToText, TextToSpeech, VoiceActivity
from jarvis_tui.audio.playback import Speaker
from jarvis_tui.audio.speech_output import SpeechOutput, SpeechRequest
from jarvis_tui.audio.transcription import Transcript, TranscriberStage
from jarvis_tui.audio.turn_end import TurnEnd
from jarvis_tui.audio.wakeword import WakeWordDetector, WakeWordError, load_wake_word

log = logging.getLogger(__name__)


class VoiceLoop:
    def __init__(self, runtime, *, transcriber: SpeechToText | None = None, synthesizer: TextToSpeech | None = None,
                 vad: VoiceActivity | None = None, speaker: Speaker | None = None,
                 wake_detector: WakeWordDetector | None = None, capture: Callable[[str | None], Any] | None = None,
                 on_turn: Callable[[Any, dict[str, Any]], None] | None = None, speak_replies: bool = True) -> None:
        self.runtime = runtime
        self.config = runtime.config
        a = self.config.audio
        self.emit: ev.EventSink = runtime.bus.emit
        self.transcriber, self.synthesizer, self.vad = transcriber, synthesizer, vad
        self.on_turn = on_turn
        self._speak_replies = speak_replies
        self._running = threading.Event()
        self._ready = threading.Event()
        self._threads: list[threading.Thread] = []
        self._heard: queue.Queue[Heard | None] = queue.Queue()
        self._transcripts: queue.Queue[Transcript | None] = queue.Queue()
        self._unsubscribe: Callable[[], None] | None = None

        self.wake_detector: WakeWordDetector | None = wake_detector       # the loader loads it otherwise
        self._own_wake_detector: WakeWordDetector | None = None
        self.floor = Floor(self.emit, runtime.store.settings.get("audio.mode", a.mode), a.follow_up_window_s)
        self.speech = SpeechOutput(self.emit, speaker or Speaker(a.output_device), lambda: self.synthesizer,
                                   floor=self.floor, wait_loaded=self._ready.wait, earcons=a.earcons,
                                   on_interrupted=self._trim_history, on_finished=self._spoken,
                                   own_wake=lambda: self._own_wake_detector)
        self.turn_end: TurnEnd | None = None      # built by the loader from the commands' examples
        self.listener = Listener(self.floor, self.emit, EndpointerConfig.from_audio_config(a), self._need_vad,
                                 self._heard, self._speculate,
                                 runtime.store.settings.get("audio.input_device", a.input_device),
                                 turn_end=self._words_unfinished, wake=lambda: self.wake_detector,
                                 on_wake=self._woken, capture=capture)
        self.transcription = TranscriberStage(self.floor, self.emit, lambda: self.transcriber, self._ready.wait,
                                              self.stop_speaking, half_duplex=a.half_duplex)
        self._streamed: dict[str, list[str]] = {}       # turn id -> its sentences queued as they were generated
        self._played: dict[str, list[str]] = {}         # turn id -> its sentences played to the end

    # ---- public API ---------------------------------------------------------------------------------
    @property
    def speak_replies(self) -> bool:
        return self._speak_replies

    @speak_replies.setter
    def speak_replies(self, on: bool) -> None:
        self._speak_replies = on
        if self._running.is_set():
            self.runtime.assistant.stream_replies = self._speaks()

    @property
    def state(self) -> str:
        return self.floor.state

    @property
    def mode(self) -> str:
        return self.floor.mode

    @property
    def speaker(self) -> Speaker:
        return self.speech.speaker

    @property
    def input_device(self) -> str | None:
        return self.listener.input_device

    @property
    def last_error(self) -> str | None:
        return self.listener.last_error

    @property
    def last_stt_speculative(self) -> bool:
        return self.transcription.last_speculative

    def start(self) -> None:
        if self._running.is_set():
            return
        self._running.set()
        self._unsubscribe = self.runtime.bus.subscribe(self._on_event)
        for name, target in (("voice-loader", self._load_models), ("voice-turns", self._turn_loop),
                             ("voice-stt", lambda: self.transcription.run(self._heard, self._transcripts.put,
                                                                          self._running))):
            t = threading.Thread(target=target, name=name, daemon=True)
            t.start()
            self._threads.append(t)
        self.runtime.assistant.stream_replies = self._speaks()
        self.listener.start()
        self.speech.start()

    def stop(self) -> None:
        self._running.clear()
        self.runtime.assistant.stream_replies = False
        self.listener.stop()
        self.speech.stop()
        self.transcription.stop()
        self._heard.put(None)
        self._transcripts.put(None)
        if self._unsubscribe:
            self._unsubscribe()
            self._unsubscribe = None
        for t in self._threads:
            if t is not threading.current_thread():
                t.join(timeout=1.0)
        self._threads = []
        self.floor.set_state("idle")

    def wait_ready(self, timeout: float = 60.0) -> bool:
        """True once the models are loaded (for the CLI and tests)."""
        return self._ready.wait(timeout)

    def set_mode(self, mode: str) -> None:
        self.floor.set_mode(mode)
        self.listener.reset()
        if not self.floor.speaking:
            self.floor.set_state(self.floor.idle_state())

    def push_to_talk(self, pressed: bool) -> None:
        """pressed: listen for one utterance (ended by silence); released: end it now."""
        if pressed:
            if self.floor.speaking:
                self.stop_speaking()
            self.floor.arm_ptt()
            self.listener.reset()
            self.floor.set_state("listening")
            self.speech.earcon_async("listening")
        elif self.floor.ptt_armed:
            self.listener.end_utterance()

    def stop_speaking(self) -> None:
        """Barge-in (key, "stop", the wake word): playback stops within one audio block, queued
        speech is dropped, and a reply still being generated stops."""
        self.runtime.assistant.stop_reply()
        self.speech.interrupt()

    def speak(self, text: str, turn_id: str = "", earcon: str | None = None, follow_up: bool = False) -> None:
        """Say a reply; the sentences of it already streamed (ReplySentence) are not said again."""
        streamed = self._streamed.pop(turn_id, None) if turn_id else None
        if streamed:
            rest = " ".join(text.split())
            for sentence in streamed:
                rest = rest.replace(" ".join(sentence.split()), "", 1)
            text = rest.strip(" ,")
            if not text.strip(" .!?") and follow_up:
                self._open_follow_up()
                return
        self.speech.speak(text, turn_id, earcon, follow_up)

    def select_input_device(self, name: str | None) -> None:
        if name:
            devices.find_device(name, "input")      # DeviceNotFound with the list, before anything changes
        self.runtime.store.settings.set("audio.input_device", name or None)
        self.listener.switch_device(name or None)

    def select_voice(self, path: str | None) -> None:
        from jarvis_tui.audio.tts import Synthesizer, resolve_voice
        resolve_voice(path)                          # TtsError before anything changes
        from jarvis_tui.cpu import threads
        self.synthesizer = Synthesizer(path or "bundled", self.config.tts.length_scale,
                                       threads=threads(self.config.tts.threads, "tts"))
        self.runtime.store.settings.set("tts.voice", path or None)

    # ---- feeding audio directly (tests, bench, `transcribe`) ----------------------------------------
    def process_samples(self, samples: np.ndarray) -> list[Utterance]:
        """Run a signal through VAD + endpointer without a device (faster than real time) and
        return the utterances; the caller decides what to do with them."""
        return self.listener.utterances_in(samples)

    def speculate(self, pause: Pause) -> None:
        """Start transcribing a Pause's samples while the hangover runs (see speculative.py)."""
        self.transcription.speculate(pause.key, without_long_pauses(pause))

    def handle_utterance(self, utt: Utterance, while_speaking: bool = False):
        """STT + guards + the turn for one utterance, in this thread; returns the TurnResult or None."""
        transcript = self.transcription.transcribe(Heard(utt, while_speaking, False))
        return self._run_turn(transcript) if transcript is not None else None

    # ---- wiring -------------------------------------------------------------------------------------
    def _speculate(self, pause: Pause) -> None:
        self.speculate(pause)

    def _words_unfinished(self, key: int) -> bool | None:
        """For the endpointer: do the words heard up to Pause `key` end where no request ends?
        None while they are being transcribed. A reply in the follow-up window ("yes", "cancel")
        and barge-in while the assistant talks ("stop") are never held back."""
        if self.turn_end is None or self.floor.speaking or self.floor.in_follow_up(time.monotonic()):
            return False
        state, result = self.transcription.speculator.peek(key)
        if state == "busy":
            return None
        return state == "done" and self.turn_end.result_unfinished(result)

    def _woken(self, score: float, speaking: bool, heard_at: float) -> bool:
        """The listener heard the wake word in audio the microphone delivered at `heard_at`: does it
        count? Not when it is the assistant's own voice saying "Jarvis"; said over the assistant's
        speech, it stops it (barge-in)."""
        if speaking and self.speech.said_wake_word_near(heard_at):
            log.info("the wake word in the assistant's own speech was ignored (score %.2f)", score)
            return False
        if speaking:
            self.stop_speaking()
        self.emit(ev.WakeWordHeard(score=round(float(score), 3), barge_in=speaking))
        self.floor.woken()
        if not speaking:
            self.speech.earcon_async("listening")
        return True

    def _load_wake_word(self) -> None:
        """Both detectors (the microphone's and the one on the assistant's own speech); a missing
        model is said once, and push-to-talk keeps working."""
        a = self.config.audio
        try:
            if self.wake_detector is None:
                self.wake_detector = load_wake_word(a.wake_word, a.wake_sensitivity, a.wake_engine)
            # the watch on its own speech marks every window over the cutoff (SpeechOutput._watched):
            # every place where the microphone's detector could hear the wake word in its echo
            self._own_wake_detector = load_wake_word(a.wake_word, a.wake_sensitivity, a.wake_engine)
        except WakeWordError as exc:
            self.emit(ev.Error(stage="wake_word", message=f"{exc}; use push-to-talk (F4) meanwhile"))

    def _learn_turn_ends(self) -> None:
        self.turn_end = TurnEnd.learned_from(self.runtime.registry, self.runtime.config.audio.unsure_confidence)

    def _need_vad(self) -> VoiceActivity | None:
        """The VAD; None while the loader is still at work. Offline use (process_samples), or a
        loader that could not load it, loads it here (VadError says why it cannot)."""
        if self.vad is None and (self._ready.is_set() or not self._running.is_set()):
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
        if self.turn_end is None:
            try:
                self._learn_turn_ends()
            except Exception:  # a command's bad examples: the plain hangover still works
                log.exception("learning where requests end failed")
        self._load_wake_word()
        if self._running.is_set():
            try:
                rt.load_all(llm=False)
            except Exception as exc:  # load_all reports per part; this is the net
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
        if not self._running.is_set():
            return
        if isinstance(event, ev.Announcement):
            self.speak(event.text, turn_id=event.turn_id, earcon=event.earcon)
        elif isinstance(event, ev.ReplySentence) and self._speaks():
            # the first sentence plays while the LLM writes the next
            self._streamed.setdefault(event.turn_id, []).append(event.text)
            while len(self._streamed) > 8:              # turns whose reply never came: forgotten
                self._streamed.pop(next(iter(self._streamed)))
            self.speech.speak(event.text, event.turn_id)

    def _speaks(self) -> bool:
        return self.speak_replies and self.config.tts.enabled

    # ---- the turn stage -----------------------------------------------------------------------------
    def _turn_loop(self) -> None:
        while self._running.is_set():
            transcript = self._transcripts.get()
            if transcript is None:
                break
            try:
                self._run_turn(transcript)
            except Exception as exc:  # the loop keeps running
                log.exception("voice turn failed")
                self.emit(ev.Error(stage="voice_turn", message=f"{type(exc).__name__}: {exc}"))
            if self.speech.idle:
                self.floor.settle()

    def _run_turn(self, transcript: Transcript):
        timings = dict(transcript.timings_ms)
        turn = self.runtime.assistant.handle_text(transcript.text, source="voice", turn_id=transcript.turn_id,
                                                  timings_ms=timings)
        for k, v in timings.items():
            turn.timings_ms.setdefault(k, v)
        if self.on_turn:
            self.on_turn(turn, {"transcript": transcript.text, "confidence": transcript.confidence})
        if turn.spoken and self._speaks():
            self.speak(turn.spoken, turn_id=transcript.turn_id, follow_up=turn.wait_for_input)
        elif turn.wait_for_input:
            self._open_follow_up()
        return turn

    def _open_follow_up(self) -> None:
        self.listener.reset()
        self.floor.open_follow_up()

    def _spoken(self, request: SpeechRequest) -> None:
        """After each thing said: the echo of it is not a request, and a question opens the window."""
        if request.turn_id:
            played = self._played.setdefault(request.turn_id, [])
            played.append(request.text)
            while len(self._played) > 8:
                self._played.pop(next(iter(self._played)))
        self.listener.reset()
        if request.follow_up:
            self._open_follow_up()
        elif self.speech.idle:
            self.floor.set_state(self.floor.idle_state())

    def _trim_history(self, turn_id: str, spoken: str) -> None:
        """Only what was actually spoken stays in the conversation (Brain.truncate_reply): the
        sentences of the reply played before the one interrupted, and what was heard of it."""
        brain = self.runtime.assistant.brain
        if brain is None:
            return      # without an LLM there is no conversation history to trim
        spoken = " ".join([*self._played.get(turn_id, []), spoken]).strip()
        try:
            brain.truncate_reply(turn_id, spoken)
        except Exception:  # history is best effort; the turn already ended
            log.exception("truncate_reply failed")
