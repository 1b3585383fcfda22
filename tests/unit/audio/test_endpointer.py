"""The endpointer on synthetic probability sequences (no model), plus the real VAD on real speech."""
from pathlib import Path

import numpy as np
import pytest

from jarvis_tui.audio.endpointer import (FRAME, Discarded, Endpointer, EndpointerConfig, Pause, SpeechStart, Utterance,
                                         frames_of, without_long_pauses)

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
    a = AudioConfig(hangover_ms=300, preroll_ms=200, min_speech_ms=100, max_utterance_s=9, vad_threshold=0.6,
                    pause_kept_ms=200)
    c = EndpointerConfig.from_audio_config(a)
    assert (c.hangover_ms, c.preroll_ms, c.min_speech_ms, c.max_utterance_s, c.threshold, c.pause_kept_ms) == \
        (300, 200, 100, 9, 0.6, 200)
    assert AudioConfig().hangover_ms <= 500


def test_pause_carries_the_utterance_samples_before_the_hangover_ends():
    probs = [0.0] * frames(0.5) + [0.9] * frames(1.0) + [0.0] * frames(1.0)
    ev = run(probs, hangover_ms=300, tail_ms=150)
    pauses = [e for e in ev if isinstance(e, Pause)]
    utts = [e for e in ev if isinstance(e, Utterance)]
    assert len(pauses) == 1 and len(utts) == 1
    p, u = pauses[0], utts[0]
    assert u.key == p.key >= 0
    assert np.array_equal(p.samples, u.samples)              # the speculative decode is the real one
    assert ev.index(p) < ev.index(u)
    assert 120 <= (p.t - p.t_speech_end) * 1000 <= 200        # one tail of silence, well before the endpoint
    assert (u.t_endpoint - p.t) * 1000 >= 100


def test_speech_resuming_after_a_pause_gets_a_new_key():
    probs = [0.9] * frames(0.6) + [0.0] * frames(0.22) + [0.9] * frames(0.6) + [0.0] * frames(1.0)
    ev = run(probs, hangover_ms=300, tail_ms=150)
    pauses = [e for e in ev if isinstance(e, Pause)]
    utts = [e for e in ev if isinstance(e, Utterance)]
    assert len(utts) == 1 and len(pauses) == 2
    assert utts[0].key == pauses[1].key != pauses[0].key      # the first (stale) pause is never used
    assert len(utts[0].samples) > len(pauses[0].samples)


def test_no_pause_for_a_click_or_when_disabled():
    click = [0.0] * 10 + [0.95] * 3 + [0.0] * frames(1.0)
    assert not [e for e in run(click, min_speech_ms=250) if isinstance(e, Pause)]
    speech = [0.9] * frames(1.0) + [0.0] * frames(1.0)
    ev = run(speech, speculate=False)
    assert not [e for e in ev if isinstance(e, Pause)]
    assert [e.key for e in ev if isinstance(e, Utterance)] == [-1]


def test_flush_after_a_pause_uses_its_samples():
    ep = Endpointer(EndpointerConfig(hangover_ms=400, tail_ms=150))
    out = []
    for p in [0.9] * frames(0.6) + [0.0] * frames(0.2):
        out += ep.process(np.zeros(FRAME, np.float32), p)
    pause = next(e for e in out if isinstance(e, Pause))
    u = ep.flush()[0]
    assert u.reason == "flush" and u.key == pause.key and u.samples is pause.samples


def kept_frames(r) -> list[int]:
    """The frame indices (encoded in the samples by `run`) of what is transcribed of `r`."""
    x = without_long_pauses(r)
    return [int(v) for v in x[::FRAME]]


def test_a_long_pause_inside_speech_is_shortened_in_what_is_transcribed():
    # 0.5 s of speech, a 0.8 s pause ("remind me to ... stretch"), 0.5 s of speech, then the end
    speech, pause = frames(0.5), frames(0.8)
    lead = frames(1.0)
    probs = [0.0] * lead + [0.9] * speech + [0.0] * pause + [0.9] * speech + [0.0] * frames(2.5)
    ev = run(probs, hangover_ms=1000, pause_kept_ms=128, preroll_ms=300, tail_ms=150)
    (u,) = [e for e in ev if isinstance(e, Utterance)]
    assert len(u.long_pauses) == 1
    kept = kept_frames(u)
    first_pause_frame = lead + speech
    silent = [f for f in kept if first_pause_frame <= f < first_pause_frame + pause]
    assert len(silent) == frames(0.128)                      # 128 ms of the pause stay, half on each side
    assert silent[:2] == [first_pause_frame, first_pause_frame + 1]
    assert silent[-2:] == [first_pause_frame + pause - 2, first_pause_frame + pause - 1]
    assert len(u.samples) - len(without_long_pauses(u)) == (pause - frames(0.128)) * FRAME
    # the words either side, the pre-roll and the tail are all still there
    assert kept[0] == lead - frames(0.3) and kept[-1] == lead + 2 * speech + pause - 1 + frames(0.15)
    assert without_long_pauses(u).dtype == np.float32


def test_short_gaps_leading_and_trailing_silence_are_left_alone():
    probs = [0.0] * frames(1.0) + [0.9] * frames(0.4) + [0.0] * frames(0.1) + [0.9] * frames(0.4) + [0.0] * frames(1.0)
    (u,) = [e for e in run(probs, hangover_ms=300, pause_kept_ms=128) if isinstance(e, Utterance)]
    assert u.long_pauses == () and without_long_pauses(u) is u.samples


def test_every_quiet_run_between_voiced_frames_is_marked_however_short():
    """`quiet_runs` (where the listener looks for the silence after the wake word) holds every run of
    quiet frames between voiced ones, the short gap too; not the pre-roll or the tail."""
    lead, a, gap, b, pause = frames(1.0), frames(0.4), 2, frames(0.4), frames(0.6)
    probs = [0.0] * lead + [0.9] * a + [0.0] * gap + [0.9] * b + [0.0] * pause + [0.9] * b + [0.0] * frames(2.0)
    (u,) = [e for e in run(probs, hangover_ms=800, pause_kept_ms=128) if isinstance(e, Utterance)]
    t = [(s / FRAME_S, e / FRAME_S) for s, e in u.quiet_runs]
    first = lead + a
    second = first + gap + b
    assert [(round(s), round(e)) for s, e in t] == [(first, first + gap), (second, second + pause)]
    assert len(u.long_pauses) == 1                           # only the long one is shortened


def test_pause_kept_ms_0_transcribes_the_pause_whole():
    probs = [0.9] * frames(0.5) + [0.0] * frames(0.8) + [0.9] * frames(0.5) + [0.0] * frames(2.5)
    (u,) = [e for e in run(probs, hangover_ms=1000, pause_kept_ms=0)
            if isinstance(e, Utterance)]
    assert u.long_pauses == () and without_long_pauses(u) is u.samples


def test_the_speculative_pause_and_its_utterance_leave_out_the_same():
    probs = [0.9] * frames(0.5) + [0.0] * frames(0.7) + [0.9] * frames(0.5) + [0.0] * frames(1.0)
    ev = run(probs, hangover_ms=1000, tail_ms=150, pause_kept_ms=128)
    (u,) = [e for e in ev if isinstance(e, Utterance)]
    p = next(e for e in ev if isinstance(e, Pause) and e.key == u.key)
    assert p.long_pauses == u.long_pauses != ()
    assert np.array_equal(without_long_pauses(p), without_long_pauses(u))


def test_a_pause_before_the_cut_off_wake_word_is_not_left_out_twice():
    """The listener cuts the wake word off by stream time (samples and t_samples_start move on):
    what is left out is clipped to what is left."""
    import dataclasses
    wake, gap, words, pause = frames(0.6), frames(0.5), frames(0.5), frames(0.8)
    probs = [0.9] * wake + [0.0] * gap + [0.9] * words + [0.0] * pause + [0.9] * words + [0.0] * frames(2.5)
    (u,) = [e for e in run(probs, hangover_ms=1000, pause_kept_ms=128, preroll_ms=0) if isinstance(e, Utterance)]
    assert len(u.long_pauses) == 2
    cut_at = wake + gap // 2                                  # the wake word ends inside the gap
    after = dataclasses.replace(u, samples=u.samples[cut_at * FRAME:], t_samples_start=u.t_samples_start + cut_at * FRAME_S)
    kept = kept_frames(after)
    # what is left of the gap is its kept end (64 ms), then the request; the pause keeps its 128 ms
    request = wake + gap
    assert kept[:frames(0.064) + 1] == list(range(request - frames(0.064), request + 1))
    second = request + words
    assert len([f for f in kept if second <= f < second + pause]) == frames(0.128)
    left_out = (request - frames(0.064) - cut_at) + (pause - frames(0.128))
    assert len(after.samples) - len(without_long_pauses(after)) == left_out * FRAME


def test_speculative_stt_uses_the_confirmed_pause_only():
    import threading
    import time

    from jarvis_tui.audio.speculative import SpeculativeStt

    calls = []
    gate = threading.Event()

    class FakeStt:
        def transcribe(self, samples, segmented=False):
            calls.append((len(samples), segmented))
            gate.wait(5)
            return f"text of {len(samples)}"

    spec = SpeculativeStt(lambda: FakeStt())
    spec.start(1, np.zeros(100, np.float32))
    time.sleep(0.05)                                            # decode of key 1 in flight
    spec.start(2, np.zeros(200, np.float32))                    # superseded while pending ...
    spec.start(3, np.zeros(300, np.float32))
    threading.Timer(0.1, gate.set).start()
    assert spec.take(1) == "text of 100"                        # waits for the decode in flight
    deadline = time.monotonic() + 5
    while len(calls) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert calls == [(100, True), (300, True)]                  # ... so key 2 never ran
    assert spec.take(3) == "text of 300"
    assert spec.take(2) is None and spec.take(-1) is None
    spec.stop()
    assert spec.used == 2


def test_speculative_stt_without_a_model_does_nothing():
    from jarvis_tui.audio.speculative import SpeculativeStt
    spec = SpeculativeStt(lambda: None)
    spec.start(0, np.zeros(10, np.float32))
    assert spec.take(0) is None and spec.started == 0


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
