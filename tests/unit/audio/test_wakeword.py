"""The wake word detector with its real models (microWakeWord's and openWakeWord's hey_jarvis, inside
their wheels): it hears "Hey Jarvis" in the assistant's bundled voice, once, in frames of any length;
nothing in other speech, silence or noise; reset forgets a half-heard wake word; clear errors for a
wrong model name, engine or sensitivity and for a damaged model file."""
from __future__ import annotations

import numpy as np
import pytest

from jarvis_tui.audio import wakeword
from jarvis_tui.audio.wakeword import REFRACTORY_S, SAMPLE_RATE, WakeTrigger, WakeWordError, load_wake_word, threshold_for

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def voice():
    from jarvis_tui.audio.tts import Synthesizer
    from jarvis_tui.audio.wavsource import resample
    syn = Synthesizer("bundled")
    return lambda text: (resample(syn.synthesize(text), syn.sample_rate, SAMPLE_RATE) * 0.7).astype(np.float32)


@pytest.fixture(scope="module")
def hey_jarvis(voice):
    return voice("Hey Jarvis, what time is it?")


def padded(signal: np.ndarray) -> np.ndarray:
    pad = np.zeros(8000, np.float32)
    return np.concatenate([pad, signal.astype(np.float32), pad])


def detections(detector, x: np.ndarray, frame: int = 512, reset: bool = True) -> list[tuple[float, float]]:
    """(time in s at the end of the frame, score) of each detection."""
    if reset:
        detector.reset()
    out = []
    for i in range(0, len(x), frame):
        score = detector.process(x[i:i + frame])
        if score is not None:
            out.append((min(i + frame, len(x)) / SAMPLE_RATE, score))
    return out


@pytest.mark.parametrize("engine", ["micro", "open"])
def test_hey_jarvis_is_heard_once_and_other_speech_is_not(voice, hey_jarvis, engine):
    detector = load_wake_word("hey_jarvis", 0.5, engine)
    assert detector.name == "hey_jarvis"
    hits = detections(detector, padded(hey_jarvis))
    assert len(hits) == 1 and hits[0][1] > threshold_for(engine, 0.5)
    # the wake word is at the start of the clip (0.5 s of padding, then about 0.7 s of "Hey Jarvis")
    assert 0.6 < hits[0][0] < 2.5
    other = voice("Hey, travel is fun. The weather in Paris is mild, and the jazz starts at seven.")
    assert detections(detector, padded(other)) == []
    rng = np.random.default_rng(1)
    assert detections(detector, np.zeros(16000 * 5, np.float32)) == []
    assert detections(detector, (rng.standard_normal(16000 * 5) * 0.1).astype(np.float32)) == []


@pytest.mark.parametrize("engine", ["micro", "open"])
@pytest.mark.parametrize("frame", [160, 1280, 4000])
def test_frames_of_any_length(hey_jarvis, engine, frame):
    detector = load_wake_word("hey_jarvis", 0.5, engine)
    assert len(detections(detector, padded(hey_jarvis), frame)) == 1


@pytest.mark.parametrize("engine", ["micro", "open"])
def test_reset_forgets_a_half_heard_wake_word(hey_jarvis, engine):
    detector = load_wake_word("hey_jarvis", 0.5, engine)
    x = padded(hey_jarvis)
    (t, _), = detections(detector, x)
    cut = int((t - 0.25) * SAMPLE_RATE) // 512 * 512          # the last quarter second before it fired
    detector.reset()
    assert detections(detector, x[:cut], reset=False) == []
    detector.reset()
    assert detections(detector, x[cut:], reset=False) == []
    # without the reset the same two pieces are the wake word
    detector.reset()
    assert detections(detector, x[:cut], reset=False) == []
    assert len(detections(detector, x[cut:], reset=False)) == 1


def test_the_trigger_fires_once_per_refractory_time():
    trigger = WakeTrigger(0.9)
    frame = 512
    fired = [k for k in range(200) if trigger([0.95] if k % 5 == 0 else [0.2], frame) is not None]
    gap = int(REFRACTORY_S * SAMPLE_RATE / frame) + 1
    assert fired[0] == 0 and all(b - a >= gap for a, b in zip(fired, fired[1:]))
    assert len(fired) > 2
    assert WakeTrigger(0.9)([0.5, 0.93, 0.97], frame) == 0.97        # the best of the frame
    assert WakeTrigger(0.9)([0.9], frame) is None                    # over the cutoff, not at it


def test_patience_wants_that_many_windows_in_a_row_over_the_cutoff():
    frame = 512
    trigger = WakeTrigger(0.9, patience=3)
    # spikes of one and two windows (a word that sounds a bit like the wake word) do not fire
    assert [trigger([p], frame) for p in (0.95, 0.2, 0.96, 0.97, 0.5, 0.99)] == [None] * 6
    # a value at the cutoff breaks the run
    assert [trigger([p], frame) for p in (0.95, 0.9, 0.95, 0.95)] == [None] * 4
    # three in a row fire, with the best of the run; the run may span frames
    assert trigger([0.93], frame) == 0.95                # the third of 0.95, 0.95, 0.93
    trigger = WakeTrigger(0.9, patience=3)
    assert trigger([0.92, 0.98], frame) is None
    assert trigger([0.94], frame) == 0.98
    # how long it held, from its first window: where the wake word ended is that much earlier
    assert trigger.held_s == pytest.approx(frame / SAMPLE_RATE)
    # then quiet for the refractory time, and a new run must start from zero after it
    assert trigger([0.99, 0.99, 0.99], frame) is None
    with pytest.raises(wakeword.WakeWordError, match="patience"):
        WakeTrigger(0.9, patience=0)


def test_sensitivity_moves_the_threshold_the_right_way():
    for engine in wakeword.ENGINES:
        cuts = [threshold_for(engine, s) for s in (0.0, 0.25, 0.5, 0.75, 1.0)]
        assert cuts == sorted(cuts, reverse=True) and 0 < cuts[-1] < cuts[0] < 1
    assert threshold_for("micro", 0.5) == pytest.approx(0.97)         # the model's own cutoff
    for bad in (1.5, -0.1, "high", None):
        with pytest.raises(WakeWordError, match="sensitivity"):
            load_wake_word("hey_jarvis", bad)


def test_a_wrong_model_name_lists_the_models_there_are():
    with pytest.raises(WakeWordError, match="hey_jarvis") as err:
        load_wake_word("hey_siri")
    assert "hey_siri" in str(err.value) and "okay_nabu" in str(err.value)
    with pytest.raises(WakeWordError, match="available: .*hey_rhasspy"):
        load_wake_word("hey_siri", engine="open")
    with pytest.raises(WakeWordError, match="micro or open"):
        load_wake_word("hey_jarvis", engine="porcupine")


def test_a_damaged_model_file_is_said(monkeypatch):
    monkeypatch.setitem(wakeword.MODEL_SHA256, ("micro", "hey_jarvis.tflite"), "0" * 64)
    with pytest.raises(WakeWordError, match="damaged.*reinstall pymicro-wakeword==2.5.0"):
        load_wake_word("hey_jarvis", engine="micro")
    monkeypatch.setitem(wakeword.MODEL_SHA256, ("open", "embedding_model.tflite"), "0" * 64)
    with pytest.raises(WakeWordError, match="embedding_model.tflite is damaged"):
        load_wake_word("hey_jarvis", engine="open")


@pytest.mark.parametrize("engine, pin", [("micro", "pymicro-wakeword==2.5.0"), ("open", "pyopen-wakeword==1.1.0")])
def test_a_model_the_library_cannot_load_is_said(monkeypatch, engine, pin):
    def broken(self, model):
        raise RuntimeError("TfLiteInterpreterCreate failed")
    monkeypatch.setattr(wakeword.DETECTORS[engine], "_load", broken)
    with pytest.raises(WakeWordError, match=rf"cannot load the wake word model 'hey_jarvis' \({pin}\): TfLite"):
        load_wake_word("hey_jarvis", engine=engine)


def test_held_s_says_where_the_wake_word_ended(voice):
    """openWakeWord fires only after PATIENCE windows over the cutoff: the listener cuts the wake
    word's audio from the request at the detection less `held_s` (and the model's own latency), which
    lands where "Hey Jarvis" ended, not a quarter of a second into the request."""
    from jarvis_tui.audio.listener import WAKE_LATENCY_S
    detector = load_wake_word("hey_jarvis", 0.5, "open")
    assert detector.patience == wakeword.PATIENCE["open"] > 1
    said = voice("Hey Jarvis.")
    loud = np.flatnonzero(np.abs(said) > 0.02)
    ended = (8000 + loud[-1]) / SAMPLE_RATE                     # the last loud sample, after 0.5 s of padding
    (t, _), = detections(detector, padded(said))
    assert detector.held_s >= (detector.patience - 1) * 1280 / SAMPLE_RATE - 0.04
    assert t - ended > 0.15                                     # the detection itself comes late ...
    assert abs(t - detector.held_s - WAKE_LATENCY_S - ended) < 0.15   # ... the estimate does not
