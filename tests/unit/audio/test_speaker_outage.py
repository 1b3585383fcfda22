"""The speaker's outage rules with a fake PortAudio stream (conftest.py's; the real sound server
going away is tests/faults/test_speaker_loss.py): a device lost mid-play keeps what was spoken, is
said once, fails fast until its retry time, backs off 0.5 s doubling to 10 s, and says when it is
back."""
from __future__ import annotations

import numpy as np
import pytest

from jarvis_tui.audio import devices, playback
from jarvis_tui.audio.devices import Outage
from jarvis_tui.audio.playback import Speaker

RATE = 1000


@pytest.fixture
def device(output_device, monkeypatch):
    """The fake output device (conftest.py) with a fake clock: the speaker's waits pass at once."""
    clock = {"t": 1000.0}
    monkeypatch.setattr(playback.time, "monotonic", lambda: clock["t"])
    monkeypatch.setattr(playback.time, "sleep", lambda s: clock.__setitem__("t", clock["t"] + max(s, 0.001)))
    output_device["clock"] = clock
    return output_device


def _speaker(events: list) -> Speaker:
    return Speaker(block_ms=100, on_lost=lambda reason, retry: events.append(("lost", reason, retry)),
                   on_restored=lambda down: events.append(("back", down)))


def _sentences() -> list[tuple[str, np.ndarray]]:
    return [("First sentence here.", np.ones(RATE, np.float32)), ("Second one.", np.ones(RATE, np.float32))]


def test_a_speaker_lost_mid_play_keeps_what_was_spoken_and_says_so_once(device):
    events: list = []
    speaker = _speaker(events)
    device["fail_after"] = RATE                   # the first sentence, then the server goes away
    result = speaker.play(_sentences(), RATE)
    assert result.lost and "stopped while playing" in result.lost and not result.interrupted
    assert result.spoken_text == "First sentence here."
    assert [e[0] for e in events] == ["lost"] and events[0][2] == 0.5
    # until the retry time a play fails at once, without a second message
    with pytest.raises(devices.AudioUnavailable, match="trying again in 0.5 s"):
        speaker.play(_sentences(), RATE)
    device["down"] = True
    device["clock"]["t"] += 0.6
    assert speaker.probe(RATE) is False
    assert speaker.outage.backoff == 1.0 and [e[0] for e in events] == ["lost"]
    device["down"], device["fail_after"] = False, None
    device["clock"]["t"] += 1.1
    assert speaker.probe(RATE) is True
    assert events[-1][0] == "back" and events[-1][1] > 0 and speaker.outage is None
    assert speaker.play(_sentences(), RATE).spoken_text == "First sentence here. Second one."


def test_a_speaker_that_takes_nothing_is_lost_after_the_stall_time(device):
    events: list = []
    speaker = _speaker(events)
    device["stall"] = True
    result = speaker.play(_sentences(), RATE)
    assert result.lost and "took no audio" in result.lost and result.spoken_text == ""
    assert [e[0] for e in events] == ["lost"]


def test_a_speaker_that_cannot_open_raises_with_the_reason_and_starts_an_outage(device):
    events: list = []
    speaker = _speaker(events)
    device["down"] = True
    with pytest.raises(devices.AudioUnavailable, match="cannot open the speaker .*Illegal combination"):
        speaker.play(_sentences(), RATE)
    assert speaker.outage is not None and [e[0] for e in events] == ["lost"]


def test_backoff_doubles_to_ten_seconds():
    outage = Outage("gone", now=0.0)
    waits = [outage.backoff]
    for i in range(7):
        outage.failed_again("still gone", now=float(i))
        waits.append(outage.backoff)
    assert waits == [0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0, 10.0]
    assert not outage.due(outage.retry_at - 0.01) and outage.due(outage.retry_at)
