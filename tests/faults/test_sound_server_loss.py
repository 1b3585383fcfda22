"""The sound server goes away while `jarvis-tui listen --json` runs on the virtual microphone, and
comes back: one JSON line says the microphone is lost, output stays small, and listening resumes by
itself (a JSON line says so). Real PulseAudio, real PortAudio, the real CLI in a subprocess."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from command_helpers import stop_process

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.audio
def test_losing_and_getting_back_the_sound_server_while_listening(sound_server, tmp_path):
    env = {**os.environ, **sound_server.env, "JARVIS_DATA_DIR": str(tmp_path / "data")}
    from jarvis_tui.audio.wavsource import FifoMicFeeder
    # the virtual microphone delivers audio while someone speaks into its FIFO: a quiet room
    feeder = FifoMicFeeder(env["JARVIS_TEST_MIC_FIFO"], noise_level=0.001).start()
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    with out.open("wb") as fo, err.open("wb") as fe:
        proc = subprocess.Popen([sys.executable, "-m", "jarvis_tui", "listen", "--json", "--no-speak", "--no-llm"],
                                cwd=ROOT, env=env, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL)
        try:
            time.sleep(12)                                    # models load, capture runs
            assert proc.poll() is None, err.read_text()
            feeder.stop()
            sound_server.stop()
            time.sleep(8)                                     # the outage: retries with backoff
            assert proc.poll() is None, err.read_text()
            lost = [json.loads(x) for x in out.read_text().splitlines() if '"device_lost"' in x]
            assert len(lost) == 1 and lost[0]["direction"] == "input" and lost[0]["reason"]
            assert out.stat().st_size + err.stat().st_size < 200_000    # no flood
            sound_server.start()
            feeder = FifoMicFeeder(env["JARVIS_TEST_MIC_FIFO"], noise_level=0.001).start()
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline and '"device_restored"' not in out.read_text():
                time.sleep(0.5)
            assert '"device_restored"' in out.read_text(), err.read_text()[-2000:]
        finally:
            feeder.stop()
            stop_process(proc)
    assert out.read_text().count('"device_lost"') == 1
    assert err.stat().st_size < 100_000
    logs = tmp_path / "data" / "logs"
    assert sum(p.stat().st_size for p in logs.glob("*")) <= 4 * (1 << 20) + 4096


@pytest.mark.audio
def test_a_microphone_chosen_by_name_that_is_not_there_is_named_and_the_default_used(sound_server, tmp_path):
    """The configured microphone is unplugged (no device of that name): one device_lost line names it
    and lists the devices there are, then listening goes on with the default microphone."""
    env = {**os.environ, **sound_server.env, "JARVIS_DATA_DIR": str(tmp_path / "data"),
           "JARVIS_AUDIO_INPUT_DEVICE": "USB Headset Microphone"}
    from jarvis_tui.audio.wavsource import FifoMicFeeder
    feeder = FifoMicFeeder(env["JARVIS_TEST_MIC_FIFO"], noise_level=0.001).start()
    out, err = tmp_path / "out.jsonl", tmp_path / "err.txt"
    try:
        with out.open("wb") as fo, err.open("wb") as fe:
            proc = subprocess.Popen([sys.executable, "-m", "jarvis_tui", "listen", "--json", "--no-speak", "--no-llm"],
                                    cwd=ROOT, env=env, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL)
            try:
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and '"device_restored"' not in out.read_text():
                    assert proc.poll() is None, err.read_text()[-2000:]
                    time.sleep(0.5)
            finally:
                stop_process(proc)
    finally:
        feeder.stop()
    events = [json.loads(x) for x in out.read_text().splitlines() if '"device_' in x]
    assert [e["event"] for e in events] == ["device_lost", "device_restored"], out.read_text()[-2000:]
    lost, back = events
    assert lost["device"] == "USB Headset Microphone" and "there are:" in lost["reason"]
    assert back["device"] == "default"
    assert err.stat().st_size < 100_000
