"""The sound server goes away while the assistant speaks, and comes back: the outage is said once,
what was spoken before it is kept, replies meanwhile fail at once (no hang, no repeated errors),
and the speaker works again by itself. Real PulseAudio, real PortAudio, the real piper voice."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from command_helpers import Events, MonitorRecorder

pytestmark = [pytest.mark.audio, pytest.mark.model]
ROOT = Path(__file__).resolve().parents[2]
LONG = ("Here is a long answer with several sentences. The second sentence gives the sound server time to go. "
        "The third sentence is here. A fourth one follows it. And a fifth sentence ends the answer.")


def test_losing_and_getting_back_the_sound_server_while_speaking(sound_server, tmp_path):
    from jarvis_tui.audio.voice_loop import VoiceLoop
    from jarvis_tui.runtime import Runtime
    rt = Runtime.create(data_dir=str(tmp_path / "data"), config_dir=str(tmp_path / "conf"),
                        overrides={"llm.backend": "none", "audio.mode": "push_to_talk", "audio.earcons": False})
    events = Events(rt.bus)
    loop = VoiceLoop(rt)
    loop.start()

    def output(e) -> bool:
        return e.direction == "output"

    try:
        assert loop.wait_ready(90)
        loop.speak(LONG, turn_id="cut")
        events.wait_for("SpeechOutStarted", 30, lambda e: e.turn_id == "cut")
        time.sleep(1.0)
        sound_server.stop()
        cut = events.wait_for("SpeechOutFinished", 10, lambda e: e.turn_id == "cut")
        lost = events.wait_for("DeviceLost", 5, output)
        assert "speaker" in lost.reason and lost.retry_in_s == 0.5
        assert not cut.interrupted and LONG.startswith(cut.spoken_text) and len(cut.spoken_text) < len(LONG)
        # while it is gone a reply fails at once, without a second message
        t0 = time.monotonic()
        loop.speak("This reply has no speaker.", turn_id="none")
        nothing = events.wait_for("SpeechOutFinished", 10, lambda e: e.turn_id == "none")
        assert nothing.spoken_text == "" and time.monotonic() - t0 < 5
        time.sleep(3)                                     # probes back off meanwhile
        assert len(events.of("DeviceLost", output)) == 1
        assert not events.of("Error", lambda e: e.stage == "tts")
        sound_server.start()
        back = events.wait_for("DeviceRestored", 30, output)
        assert back.down_s > 0
        rec = MonitorRecorder(sound_server.env["JARVIS_TEST_SPEAKER_MONITOR"])
        loop.speak("The speaker is back.", turn_id="back")
        again = events.wait_for("SpeechOutFinished", 30, lambda e: e.turn_id == "back")
        time.sleep(0.8)
        played = rec.stop()
    finally:
        loop.stop()
        rt.close()
    assert again.spoken_text == "The speaker is back." and not again.interrupted
    assert len(played) and float(np.sqrt(np.mean(played ** 2))) > 0.005         # it was heard
    assert len(events.of("DeviceLost", output)) == 1 and len(events.of("DeviceRestored", output)) == 1


def test_say_names_a_speaker_lost_mid_sentence_and_what_it_said(sound_server, tmp_path):
    """`jarvis-tui say` when the server goes away while it speaks: one clear message, exit 1, no flood."""
    env = {**os.environ, **sound_server.env, "JARVIS_DATA_DIR": str(tmp_path / "data")}
    err = tmp_path / "err.txt"
    with err.open("wb") as fe:
        proc = subprocess.Popen([sys.executable, "-m", "jarvis_tui", "say", LONG], cwd=ROOT, env=env,
                                stdout=subprocess.PIPE, stderr=fe, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        playing = False
        while time.monotonic() < deadline and proc.poll() is None and not playing:
            out = subprocess.run(["pactl", "list", "short", "sink-inputs"], capture_output=True, text=True,
                                 env=env, timeout=10).stdout
            playing = bool(out.strip())
            time.sleep(0.1)
        assert playing, err.read_text()
        time.sleep(1.0)
        sound_server.stop()
        rc = proc.wait(timeout=30)
    text = err.read_text()
    assert rc == 1, text
    assert "the speaker stopped" in text or "the speaker took no audio" in text, text
    assert err.stat().st_size < 100_000


def test_ask_without_a_sound_server_prints_the_reply_and_says_once_why_it_was_not_spoken(sound_server, tmp_path):
    """`jarvis-tui ask` with no speaker: the turn is done and its reply printed; speaking fails with
    one line naming the speaker (no traceback), exit 1."""
    sound_server.stop()
    env = {**os.environ, **sound_server.env, "JARVIS_DATA_DIR": str(tmp_path / "data")}
    p = subprocess.run([sys.executable, "-m", "jarvis_tui", "ask", "--no-llm", "what time is it"], cwd=ROOT, env=env,
                       capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert p.returncode == 1, p.stderr
    assert p.stdout.startswith("It's "), p.stdout
    errors = [line for line in p.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and "not spoken" in errors[0] and "output device" in errors[0], p.stderr
    assert "Traceback" not in p.stderr
