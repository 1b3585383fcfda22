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

pytestmark = [pytest.mark.audio, pytest.mark.model]
ROOT = Path(__file__).resolve().parents[2]
LONG = ("Here is a long answer with several sentences. The second sentence gives the sound server time to go. "
        "The third sentence is here. A fourth one follows it. And a fifth sentence ends the answer.")


def _audio(cmd: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", f"source scripts/virtual_audio.sh {cmd} >&2 && env"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def sound_server(monkeypatch):
    started = _audio("start")
    if started.returncode != 0:
        pytest.skip("virtual audio unavailable: " + (started.stderr.strip().splitlines() or ["?"])[-1])
    env = {}
    for line in started.stdout.splitlines():
        k, _, v = line.partition("=")
        if k.startswith("JARVIS_TEST_") or k in ("PULSE_SERVER", "JARVIS_VIRTUAL_AUDIO"):
            env[k] = v
            monkeypatch.setenv(k, v)

    def stop() -> None:
        subprocess.run(["bash", "-c", "source scripts/virtual_audio.sh stop"], cwd=ROOT, capture_output=True,
                       timeout=30, env={**os.environ, **env})

    def start() -> None:
        assert _audio("start").returncode == 0

    yield type("SoundServer", (), {"env": env, "stop": staticmethod(stop), "start": staticmethod(start)})
    _audio("start")                       # leave the devices as the other tests expect


class _Events:
    def __init__(self, bus) -> None:
        self.items: list = []
        bus.subscribe(self.items.append)

    def of(self, kind: str, where=lambda e: True) -> list:
        return [e for e in self.items if type(e).__name__ == kind and where(e)]

    def wait_for(self, kind: str, timeout: float, where=lambda e: True):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = self.of(kind, where)
            if found:
                return found[0]
            time.sleep(0.02)
        raise AssertionError(f"no {kind} within {timeout} s; saw {[type(e).__name__ for e in self.items][-20:]}")


def _record(monitor: str) -> subprocess.Popen:
    return subprocess.Popen(["parec", "-d", monitor, "--format=s16le", "--rate=16000", "--channels=1", "--raw"],
                            stdout=subprocess.PIPE)


def test_losing_and_getting_back_the_sound_server_while_speaking(sound_server, tmp_path):
    from jarvis_tui.audio.voice_loop import VoiceLoop
    from jarvis_tui.runtime import Runtime
    rt = Runtime.create(data_dir=str(tmp_path / "data"), config_dir=str(tmp_path / "conf"),
                        overrides={"llm.backend": "none", "audio.mode": "push_to_talk", "audio.earcons": False})
    events = _Events(rt.bus)
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
        rec = _record(sound_server.env["JARVIS_TEST_SPEAKER_MONITOR"])
        time.sleep(0.3)
        loop.speak("The speaker is back.", turn_id="back")
        again = events.wait_for("SpeechOutFinished", 30, lambda e: e.turn_id == "back")
        time.sleep(0.8)
        rec.terminate()
        played = np.frombuffer(rec.stdout.read(), dtype="<i2").astype(np.float32) / 32768.0
        rec.wait(timeout=5)
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
