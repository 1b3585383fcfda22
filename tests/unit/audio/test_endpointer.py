"""The endpointer on synthetic probability sequences (no model), plus the real VAD on real speech."""
import json
from pathlib import Path

import numpy as np
import pytest

from jarvis_tui.audio.endpointer import FRAME, Discarded, Endpointer, EndpointerConfig, SpeechStart, Utterance, frames_of

FRAME_S = FRAME / 16000


def run(probs, **cfg):
    ep = Endpointer(EndpointerConfig(**cfg))
    events = []
    for i, p in enumerate(probs):
        frame = np.full(FRAME, float(i), dtype=np.float32)   # frame index encoded in the samples
        events += ep.process(frame, p)
    events += ep.flush()
    return events


def frames(seconds):
    return int(round(seconds / FRAME_S))


def test_silence_gives_nothing():
    assert run([0.01] * frames(60)) == []


def test_one_utterance_with_preroll_and_hangover():
    probs = [0.0] * frames(1.0) + [0.9] * frames(1.0) + [0.0] * frames(1.0)
    ev = run(probs, preroll_ms=300, hangover_ms=400, tail_ms=150)
    starts = [e for e in ev if isinstance(e, SpeechStart)]
    utts = [e for e in ev if isinstance(e, Utterance)]
    assert len(starts) == 1 and len(utts) == 1
    u = utts[0]
    first_frame = int(u.samples[0])
    speech_start = frames(1.0)
    assert speech_start - first_frame == frames(0.3)            # pre-roll kept
    assert u.reason == "silence"
    assert 380 <= u.endpoint_ms <= 450                          # decided one hangover after the speech
    last_frame = int(u.samples[-1])
    assert last_frame == speech_start + frames(1.0) - 1 + frames(0.15)   # tail only, not the whole hangover
    assert abs(u.voiced_ms - 1000) < 40


def test_short_pauses_inside_speech_do_not_split():
    probs = [0.9] * frames(0.6) + [0.1] * frames(0.25) + [0.9] * frames(0.6) + [0.0] * frames(1.0)
    utts = [e for e in run(probs, hangover_ms=400) if isinstance(e, Utterance)]
    assert len(utts) == 1


def test_hysteresis_keeps_weak_frames_as_speech():
    probs = [0.9] * frames(0.3) + [0.4] * frames(1.0) + [0.0] * frames(1.0)
    utts = [e for e in run(probs, threshold=0.5, hangover_ms=400) if isinstance(e, Utterance)]
    assert len(utts) == 1 and utts[0].duration_s > 1.2


def test_click_is_discarded_as_too_short():
    probs = [0.0] * 10 + [0.95] * 3 + [0.0] * frames(1.0)
    ev = run(probs, min_speech_ms=250)
    assert not [e for e in ev if isinstance(e, Utterance)]
    assert [e.reason for e in ev if isinstance(e, Discarded)] == ["too_short"]


def test_max_utterance_cuts_runaway_speech():
    probs = [0.9] * frames(5.0)
    utts = [e for e in run(probs, max_utterance_s=2.0) if isinstance(e, Utterance)]
    assert utts[0].reason == "max_length" and abs(utts[0].duration_s - 2.0) < 0.05
    assert len(utts) >= 2


def test_flush_ends_an_open_utterance():
    ep = Endpointer(EndpointerConfig())
    for _ in range(frames(0.5)):
        ep.process(np.zeros(FRAME, np.float32), 0.9)
    out = ep.flush()
    assert isinstance(out[0], Utterance) and out[0].reason == "flush"
    assert ep.flush() == []


def test_config_from_audio_section():
    from jarvis_tui.config import AudioConfig
    a = AudioConfig(hangover_ms=300, preroll_ms=200, min_speech_ms=100, max_utterance_s=9, vad_threshold=0.6)
    c = EndpointerConfig.from_audio_config(a)
    assert (c.hangover_ms, c.preroll_ms, c.min_speech_ms, c.max_utterance_s, c.threshold) == (300, 200, 100, 9, 0.6)
    assert AudioConfig().hangover_ms <= 500


AUDIO = Path("/work/shared/data/audio")


@pytest.mark.model
@pytest.mark.skipif(not (AUDIO / "ps_goforward.wav").exists(), reason="shared speech clips not present")
def test_real_vad_on_real_speech_and_noise():
    from jarvis_tui.audio.vad import SileroVad
    from jarvis_tui.audio.wavsource import read_wav

    vad = SileroVad()
    speech = read_wav(AUDIO / "ps_goforward.wav")
    silence = np.zeros(16000, np.float32)
    signal = np.concatenate([silence, speech, silence, silence])
    ep = Endpointer(EndpointerConfig(hangover_ms=400))
    utts = []
    for f in frames_of(signal):
        utts += [e for e in ep.process(f, vad.prob(f)) if isinstance(e, Utterance)]
    assert len(utts) == 1
    u = utts[0]
    assert 0.7 < u.t_speech_start < 1.8                       # speech begins after the 1 s of silence
    assert 1.5 < u.voiced_ms / 1000 < 3.5
    vad.reset()
    rng = np.random.default_rng(0)
    noise = (rng.standard_normal(16000 * 5) * 0.02).astype(np.float32)
    assert max(vad.prob(f) for f in frames_of(noise)) < 0.5
