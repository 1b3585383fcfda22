"""The voice loop's stages one by one, with small fakes of their models (the real models and the
real PortAudio path are tests/audio/test_voice_audio.py): the floor's rules, the transcriber
stage's rejection policy, the speaker stage's queue and barge-in, and the stages wired over
queues in a VoiceLoop."""
from __future__ import annotations

import queue
import threading
import time

import numpy as np
import pytest

from jarvis_tui.assistant import events as ev
from jarvis_tui.audio import devices, floor as floor_mod
from jarvis_tui.audio.endpointer import EndpointerConfig, Utterance
from jarvis_tui.audio.floor import Floor
from jarvis_tui.audio.listener import Heard, Listener
from jarvis_tui.audio.playback import Speaker
from jarvis_tui.audio.speech_output import SpeechOutput
from jarvis_tui.audio.stt import SttResult
from jarvis_tui.audio.transcription import TranscriberStage


class Recorder:
    def __init__(self) -> None:
        self.items: list[ev.Event] = []

    def __call__(self, event: ev.Event) -> None:
        self.items.append(event)

    def of(self, kind: type) -> list:
        return [e for e in self.items if isinstance(e, kind)]


class FakeStt:
    """Returns the scripted result for each call, and counts the calls."""

    def __init__(self, *results: SttResult) -> None:
        self.results = list(results)
        self.calls = 0

    def transcribe(self, samples, segmented: bool = False) -> SttResult:
        self.calls += 1
        return self.results.pop(0)


def said(text: str) -> SttResult:
    return SttResult(text=text, accepted=True, confidence=0.9, stt_ms=12.0)


def heard(while_speaking: bool = False, key: int = -1) -> Heard:
    utt = Utterance(samples=np.zeros(8000, np.float32), sample_rate=16000, t_speech_start=0.0,
                    t_speech_end=0.5, t_endpoint=0.8, voiced_ms=500, reason="silence", key=key)
    return Heard(utt, while_speaking, False, time.perf_counter())


def _wait(cond, timeout=5.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


# ---- Floor ----------------------------------------------------------------------------------------
def test_floor_push_to_talk_follow_up_and_echo_guard(monkeypatch):
    clock = {"t": 100.0}
    monkeypatch.setattr(floor_mod.time, "monotonic", lambda: clock["t"])
    rec = Recorder()
    f = Floor(rec, "push_to_talk", follow_up_s=6.0)
    assert not f.accepts_speech(clock["t"])                 # push-to-talk, key not pressed
    f.arm_ptt()
    assert f.accepts_speech(clock["t"])
    assert f.utterance_taken(clock["t"]) is False and not f.accepts_speech(clock["t"])   # used up
    f.open_follow_up()
    assert rec.of(ev.ListeningStateChanged)[-1].detail == "follow-up"
    clock["t"] += 5.0
    assert f.accepts_speech(clock["t"])
    assert f.utterance_taken(clock["t"]) is True and not f.accepts_speech(clock["t"])
    f.open_follow_up()
    clock["t"] += 6.5
    assert not f.accepts_speech(clock["t"])                 # the window closed
    f.set_mode("hands_free")
    assert f.accepts_speech(clock["t"])
    f.speech_started()
    f.speech_ended()
    assert not f.accepts_speech(clock["t"] + 0.1)           # the room's echo of its own speech
    assert f.accepts_speech(clock["t"] + floor_mod.ECHO_GUARD_S + 0.01)
    with pytest.raises(ValueError, match="hands_free"):
        f.set_mode("always")


def test_floor_push_to_talk_gives_up_without_speech(monkeypatch):
    clock = {"t": 0.0}
    monkeypatch.setattr(floor_mod.time, "monotonic", lambda: clock["t"])
    f = Floor(Recorder(), "push_to_talk")
    f.arm_ptt()
    assert not f.ptt_expired(floor_mod.PTT_TIMEOUT_S + 1, in_speech=True)    # someone is talking
    assert f.ptt_expired(floor_mod.PTT_TIMEOUT_S + 1, in_speech=False)
    assert not f.ptt_armed and not f.ptt_expired(floor_mod.PTT_TIMEOUT_S + 2, in_speech=False)


# ---- TranscriberStage ------------------------------------------------------------------------------
def _stage(stt, speaking: bool = False, half_duplex: bool = True):
    rec = Recorder()
    f = Floor(rec, "hands_free")
    f.speaking = speaking
    interrupted: list[bool] = []
    stage = TranscriberStage(f, rec, lambda: stt, lambda _t: True, lambda: interrupted.append(True),
                             half_duplex=half_duplex)
    return stage, rec, interrupted


def test_an_accepted_transcript_carries_its_timings():
    stage, rec, interrupted = _stage(FakeStt(said("set a timer for ten minutes")))
    t = stage.transcribe(heard())
    assert t is not None and t.text == "set a timer for ten minutes" and not interrupted
    assert t.timings_ms["stt"] == 12.0 and t.timings_ms["endpoint"] == pytest.approx(300.0)
    assert rec.of(ev.TranscriptReady)[0].turn_id == t.turn_id


def test_a_rejected_transcript_goes_no_further():
    stage, rec, _ = _stage(FakeStt(SttResult(text="thank you", accepted=False, reason="phantom_phrase")))
    assert stage.transcribe(heard()) is None
    assert [e.reason for e in rec.of(ev.TranscriptRejected)] == ["phantom_phrase"]
    assert not rec.of(ev.TranscriptReady)


@pytest.mark.parametrize("half_duplex", [True, False])
def test_while_speaking_stop_interrupts_and_a_request_depends_on_duplex(half_duplex):
    stage, rec, interrupted = _stage(FakeStt(said("Stop."), said("what time is it")), speaking=True,
                                     half_duplex=half_duplex)
    assert stage.transcribe(heard(while_speaking=True)) is None
    assert interrupted == [True] and rec.of(ev.TranscriptRejected)[0].reason == "stop_word"
    t = stage.transcribe(heard(while_speaking=True))
    if half_duplex:
        assert t is None and rec.of(ev.TranscriptRejected)[1].reason == "while_speaking"
        assert interrupted == [True]
    else:
        assert t is not None and t.text == "what time is it" and interrupted == [True, True]


def test_the_speculative_result_is_used_when_its_pause_ends_the_utterance():
    stt = FakeStt(said("remind me to call mum"))
    stage, _, _ = _stage(stt)
    stage.speculate(7, np.zeros(8000, np.float32))
    _wait(lambda: stt.calls == 1)                           # decoded while the hangover ran
    t = stage.transcribe(heard(key=7))
    assert t is not None and t.text == "remind me to call mum"
    assert stt.calls == 1 and stage.last_speculative
    stage.stop()


def test_the_stage_thread_hands_on_accepted_transcripts_only():
    stage, _, _ = _stage(FakeStt(SttResult(text="", accepted=False, reason="empty"), said("tell me a joke")))
    inbox: queue.Queue = queue.Queue()
    out: list = []
    running = threading.Event()
    running.set()
    for item in (heard(), heard(), None):
        inbox.put(item)
    stage.run(inbox, out.append, running)
    assert [t.text for t in out] == ["tell me a joke"]


# ---- SpeechOutput ----------------------------------------------------------------------------------
class FakeTts:
    sample_rate = 1000

    def stream(self, text):
        for sentence in text.split(" | "):
            yield sentence, np.full(200, 0.1, np.float32)


def test_speech_output_speaks_in_order_and_reports_each(output_device):
    rec = Recorder()
    f = Floor(rec, "hands_free")
    finished: list = []
    out = SpeechOutput(rec, Speaker(block_ms=50), lambda: FakeTts(), floor=f, earcons=False,
                       on_finished=finished.append)
    out.start()
    try:
        out.speak("First reply. | Two sentences", turn_id="a")
        out.speak("   ")                                        # nothing to say: not queued
        out.speak("Second reply", turn_id="b", follow_up=True)
        _wait(lambda: len(finished) == 2)
    finally:
        out.stop()
    done = rec.of(ev.SpeechOutFinished)
    assert [(e.turn_id, e.spoken_text, e.interrupted) for e in done] == [
        ("a", "First reply. Two sentences", False), ("b", "Second reply", False)]
    assert [e.turn_id for e in rec.of(ev.SpeechOutStarted)] == ["a", "b"]
    assert finished[1].follow_up and not f.speaking and output_device["written"] > 0
    assert "speaking" in [e.state for e in rec.of(ev.ListeningStateChanged)]


def test_speech_output_while_the_speaker_is_gone_says_it_once_and_keeps_going(output_device):
    rec = Recorder()
    output_device["down"] = True
    finished: list = []
    out = SpeechOutput(rec, Speaker(block_ms=50), lambda: FakeTts(), earcons=False, on_finished=finished.append)
    out.start()
    try:
        out.speak("One", turn_id="a")
        out.speak("Two", turn_id="b")
        _wait(lambda: len(finished) == 2)
    finally:
        out.stop()
    assert len(rec.of(ev.DeviceLost)) == 1 and rec.of(ev.DeviceLost)[0].direction == "output"
    assert [(e.turn_id, e.spoken_text) for e in rec.of(ev.SpeechOutFinished)] == [("a", ""), ("b", "")]
    with pytest.raises(devices.AudioUnavailable, match="unavailable"):
        out.say_now("Three")                                    # `say`: the outage is an error


def test_interrupt_drops_what_is_queued(output_device):
    rec = Recorder()
    gate = threading.Event()

    class SlowTts(FakeTts):
        def stream(self, text):
            gate.wait(5)
            yield from super().stream(text)

    out = SpeechOutput(rec, Speaker(block_ms=50), lambda: SlowTts(), earcons=False)
    out.start()
    try:
        for i in range(3):
            out.speak(f"Reply {i}", turn_id=str(i))
        _wait(lambda: out.speaking)
        out.interrupt()
        gate.set()
        _wait(lambda: out.idle)
    finally:
        out.stop()
    assert [e.turn_id for e in rec.of(ev.SpeechOutFinished)] == ["0"]


def test_the_speaker_knows_when_each_part_of_its_audio_plays(output_device):
    """`played_at`: a device that takes audio 2 s ahead of playing it still plays it at its own
    pace, and a sentence that comes late plays after the gap it left."""
    output_device["pace"], output_device["buffer_s"] = 16000, 2.0
    speaker, started = Speaker(block_ms=50), []

    def late_second():
        yield "one", np.full(3 * 16000, 0.1, np.float32)
        time.sleep(4.0)                                  # 3 s played by the time the first was taken
        yield "two", np.full(16000, 0.1, np.float32)

    speaker.play(late_second(), 16000, on_first_audio=lambda ms: started.append(time.monotonic()))
    assert speaker.played_at(2.5) == pytest.approx(started[0] + 2.5, abs=0.15)     # taken at ~0.5 s
    assert speaker.played_at(3.5) == pytest.approx(started[0] + 4.5, abs=0.15)     # after the 1 s gap
    assert speaker.played_at(4.5) is None                                          # never played


class LoudWindowWatch:
    """The watch on the assistant's own speech, faked: a window of loud samples is its wake word."""
    cutoff = 0.5

    def reset(self) -> None:
        pass

    def probabilities(self, chunk) -> list[float]:
        return [1.0 if len(chunk) and float(np.abs(chunk).max()) > 0.5 else 0.0]


def test_its_own_wake_word_is_timed_by_when_the_speaker_took_it(output_device):
    """A sentence synthesized late (the CPU busy) plays later than its offset in the audio says:
    the place where the assistant says "Jarvis" in it is where the speaker took it, so the echo
    that wakes the microphone then is known for its own (a clean-clone CI run was interrupted by
    its own "hey Jarvis" once)."""
    output_device["pace"] = 16000
    rec = Recorder()
    took: list[float] = []

    class LateSecondSentence(FakeTts):
        sample_rate = 16000

        def stream(self, text):
            yield "I am", np.full(16000, 0.1, np.float32)               # 1 s
            time.sleep(1.5)                                              # synthesized late
            took.append(time.monotonic())
            yield "Jarvis", np.concatenate([np.full(8000, 0.1, np.float32), np.full(1280, 0.9, np.float32)])

    out = SpeechOutput(rec, Speaker(block_ms=50), lambda: LateSecondSentence(), earcons=False,
                       own_wake=lambda: LoudWindowWatch())
    finished: list = []
    out.on_finished = finished.append
    out.start()
    try:
        out.speak("I am Jarvis", turn_id="a")
        _wait(lambda: finished)
    finally:
        out.stop()
    said_at = took[0] + 0.5 + 0.08                  # its loud window, 0.5 s into the late sentence
    assert out.said_wake_word_near(said_at + 0.4, margin_s=0.5)         # the echo, soon after
    assert not out.said_wake_word_near(said_at - 1.5, margin_s=0.5)     # where its offset would put it
    assert not out.said_wake_word_near(said_at + 2.0, margin_s=0.5)


# ---- Listener (offline) ----------------------------------------------------------------------------
class EnergyVad:
    """Speech probability from the frame's level: enough to endpoint synthetic bursts."""

    def prob(self, frame) -> float:
        return 1.0 if float(np.abs(frame).mean()) > 0.05 else 0.0

    def reset(self) -> None:
        pass


def test_listener_finds_the_utterances_in_a_signal():
    rate = 16000
    burst = np.full(rate, 0.3, np.float32)
    gap = np.zeros(rate, np.float32)
    signal = np.concatenate([gap, burst, gap, burst[: rate // 2], gap])
    listener = Listener(Floor(Recorder()), Recorder(), EndpointerConfig(), lambda: EnergyVad(),
                        queue.Queue(), lambda p: None)
    utts = listener.utterances_in(signal)
    assert [round(u.voiced_ms / 1000, 1) for u in utts] == [1.0, 0.5]


def test_floor_wake_word_opens_a_window_that_one_request_uses(monkeypatch):
    clock = {"t": 50.0}
    monkeypatch.setattr(floor_mod.time, "monotonic", lambda: clock["t"])
    rec = Recorder()
    f = Floor(rec, "wake_word")
    assert f.idle_state() == "waiting" and not f.accepts_speech(clock["t"])
    f.woken()
    assert rec.of(ev.ListeningStateChanged)[-1].detail == "wake word" and f.accepts_speech(clock["t"])
    f.utterance_taken(clock["t"])
    assert not f.accepts_speech(clock["t"])                 # the next one needs the wake word again
    f.woken()
    clock["t"] += floor_mod.WAKE_WINDOW_S + 0.1
    assert not f.wake_expired(clock["t"], in_speech=True)   # someone is still talking
    assert f.wake_expired(clock["t"], in_speech=False) and not f.accepts_speech(clock["t"])


def test_nothing_said_after_the_wake_word_opens_the_window_without_transcribing():
    stt = FakeStt()
    stage, rec, _ = _stage(stt)
    stage.floor.set_mode("wake_word")
    h = heard()
    h.woken = h.wake_only = True
    assert stage.transcribe(h) is None and stt.calls == 0
    assert rec.of(ev.TranscriptRejected)[-1].reason == "wake_word_only" and stage.floor.accepts_speech(time.monotonic())


def test_the_wake_word_is_cut_in_the_silence_after_it_when_one_is_near():
    from jarvis_tui.audio.listener import WAKE_GAP_AFTER_S, WAKE_GAP_BEFORE_S, WAKE_GAP_LEAD_S, wake_cut
    # the estimate early (the gap starts after it) or late (inside the gap): just before the request
    assert wake_cut(11.0, ((11.15, 11.45),)) == pytest.approx(11.45 - WAKE_GAP_LEAD_S)
    assert wake_cut(11.3, ((11.15, 11.45),)) == pytest.approx(11.45 - WAKE_GAP_LEAD_S)
    assert wake_cut(11.0, ((10.95, 11.0 + 0.03),)) == pytest.approx(10.95)   # a short run: its start
    # the first run near it, not a pause later in the request
    assert wake_cut(11.0, ((11.1, 11.3), (11.28 + 0.01, 11.6))) == pytest.approx(11.3 - WAKE_GAP_LEAD_S)
    # no silence near it (said in one go; a pause later in the request; one before the wake word ended)
    assert wake_cut(11.0, ()) == 11.0
    assert wake_cut(11.0, ((11.0 + WAKE_GAP_AFTER_S + 0.05, 11.9),)) == 11.0
    assert wake_cut(11.0, ((10.5, 11.0 - WAKE_GAP_BEFORE_S - 0.05),)) == 11.0


def test_the_listener_cuts_in_the_silence_marked_in_the_utterance():
    listener = Listener(Floor(Recorder(), "wake_word"), Recorder(), EndpointerConfig(), lambda: EnergyVad(),
                        queue.Queue(), lambda p: None)
    rate = 16000
    utt = Utterance(samples=np.arange(3 * rate, dtype=np.float32), sample_rate=rate, t_speech_start=10.3,
                    t_speech_end=12.8, t_endpoint=13.1, voiced_ms=2500, reason="silence", t_samples_start=10.0,
                    quiet_runs=((11.1, 11.5),))
    listener._wake_stream_t = 11.0                           # the estimate, 0.1 s before the silence
    cut, wake_only = listener._after_wake_word(utt)
    assert not wake_only and cut.t_samples_start == pytest.approx(11.4) and cut.samples[0] == int(1.4 * rate)


def test_the_listener_cuts_the_wake_word_from_the_utterance_it_starts():
    listener = Listener(Floor(Recorder(), "wake_word"), Recorder(), EndpointerConfig(), lambda: EnergyVad(),
                        queue.Queue(), lambda p: None)
    rate = 16000
    utt = Utterance(samples=np.arange(3 * rate, dtype=np.float32), sample_rate=rate, t_speech_start=10.3,
                    t_speech_end=12.8, t_endpoint=13.1, voiced_ms=2500, reason="silence", t_samples_start=10.0)
    listener._wake_stream_t = 11.0                           # "Hey Jarvis" ended 1 s into the samples
    cut, wake_only = listener._after_wake_word(utt)
    assert not wake_only and cut.samples[0] == rate and len(cut.samples) == 2 * rate
    listener._wake_stream_t = 12.7                           # nothing said after it
    assert listener._after_wake_word(utt)[1]
    listener._wake_stream_t = 5.0                            # a wake word before this utterance began
    assert listener._after_wake_word(utt) == (utt, False)


def test_the_wake_word_is_timed_by_when_the_microphone_delivered_it():
    """A listener that is behind (the CPU busy) tells when the audio that woke it came in, not
    when it got to it: that time is what is compared with where the assistant said "Jarvis"."""
    from jarvis_tui.audio.wavsource import SignalCapture
    rate, past = 16000, time.monotonic() - 10.0

    class LateReadCapture(SignalCapture):          # blocks delivered 10 s ago, read only now
        def read(self, timeout: float = 0.1):
            got = super().read(timeout)
            return None if got is None else (got[0], past + self.position / rate)

    class LoudFrameDetector:
        held_s = 0.3

        def process(self, frame):
            return 0.9 if float(np.abs(frame).max()) > 0.5 else None

        def reset(self) -> None:
            pass

    signal = np.zeros(2 * rate, np.float32)
    signal[rate:rate + 512] = 0.9                  # the "wake word": the frame 1.0-1.032 s in
    woken: list[float] = []
    listener = Listener(Floor(Recorder(), "wake_word"), Recorder(), EndpointerConfig(), lambda: EnergyVad(),
                        queue.Queue(), lambda p: None, wake=lambda: LoudFrameDetector(),
                        on_wake=lambda score, speaking, heard_at: woken.append(heard_at) or False,
                        capture=lambda device: LateReadCapture(signal, speed=50.0))
    listener.start()
    try:
        _wait(lambda: woken)
    finally:
        listener.stop()
    assert woken[0] == pytest.approx(past + 1.032, abs=0.04)


def test_the_wake_word_alone_waits_for_the_request():
    stage, rec, _ = _stage(FakeStt(said("Hey, Jarvis."), said("hey there, how are you")))
    stage.floor.set_mode("wake_word")
    h = heard()
    h.woken = True
    assert stage.transcribe(h) is None
    assert rec.of(ev.TranscriptRejected)[-1].reason == "wake_word_only" and stage.floor.accepts_speech(time.monotonic())
    t = stage.transcribe(h)                                 # more than the wake word: a request
    assert t is not None and t.text == "hey there, how are you"


# ---- streamed replies through the VoiceLoop ----------------------------------------------------------
def test_a_streamed_reply_is_spoken_sentence_by_sentence_and_once(rt, output_device):
    """The LLM's answer is spoken as its sentences come (ReplySentence), and the finished turn's
    reply does not say them again."""
    import sys
    from pathlib import Path

    from jarvis_tui.assistant.conversation import ConversationBrain
    from jarvis_tui.audio.voice_loop import VoiceLoop
    from jarvis_tui.audio.wavsource import SignalCapture
    from jarvis_tui.llm.provider_factory import PromptProviderFactory
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
    from brain_fakes import ScriptedBackend

    class RecordingTts(FakeTts):
        def __init__(self) -> None:
            self.said: list[str] = []

        def stream(self, text):
            self.said.append(text)
            yield from super().stream(text)

    answer = "The Nile is the longest river. It flows north. It ends in the Mediterranean Sea."
    brain = ConversationBrain(ScriptedBackend([answer]), PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    rt.config.tts.enabled = True
    tts = RecordingTts()
    loop = VoiceLoop(rt, transcriber=FakeStt(), synthesizer=tts, vad=EnergyVad(),
                     capture=lambda device: SignalCapture(np.zeros(16000, np.float32)))
    loop.set_mode("push_to_talk")
    loop.start()
    try:
        assert loop.wait_ready(60)
        assert rt.assistant.stream_replies
        turn = rt.assistant.handle_text("what is the longest river in the world")
        loop.speak(turn.spoken, turn_id=turn.turn_id)           # what the app does after a turn
        _wait(lambda: len(tts.said) == 3 and loop.speech.idle)
        time.sleep(0.2)
    finally:
        loop.stop()
    assert tts.said == ["The Nile is the longest river.", "It flows north.", "It ends in the Mediterranean Sea."]
    assert not rt.assistant.stream_replies                      # nobody speaks them once stopped
