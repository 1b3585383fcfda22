"""The volume command against the real sound server the tests start (PulseAudio, virtual speaker):
spoken through the virtual microphone, typed through the real CLI, a timed mute, and the message when
the sound server is not there. The speaker's volume is read back with `pactl`, not from the command."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from commands.volume import UnmuteService

pytestmark = [pytest.mark.audio]
ROOT = Path(__file__).resolve().parents[2]


def pactl(*args: str) -> str:
    return subprocess.run(["pactl", *args], capture_output=True, text=True, timeout=10, check=True).stdout


def speaker() -> tuple[int, bool]:
    """(volume percent, muted) of the default output, as the sound server reports it."""
    vol = pactl("get-sink-volume", "@DEFAULT_SINK@")
    percents = [int(p) for p in re.findall(r"(\d+)%", vol)]
    muted = "yes" in pactl("get-sink-mute", "@DEFAULT_SINK@")
    return round(sum(percents) / len(percents)), muted


@pytest.fixture
def sink(virtual_audio):
    """The virtual speaker at 100 %, unmuted, before and after (other tests record what it plays)."""
    pactl("set-sink-volume", "@DEFAULT_SINK@", "100%")
    pactl("set-sink-mute", "@DEFAULT_SINK@", "0")
    yield
    pactl("set-sink-volume", "@DEFAULT_SINK@", "100%")
    pactl("set-sink-mute", "@DEFAULT_SINK@", "0")


def ask(cli, *words: str, env: dict | None = None) -> dict:
    out = cli("ask", "--json", "--no-speak", "--no-llm", *words, env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_typed_requests_change_the_real_speaker(cli, sink):
    assert "30 percent" in ask(cli, "volume 30 percent")["spoken"]
    assert speaker() == (30, False)
    assert ask(cli, "turn it up")["spoken"] == "The volume is 40 percent."
    assert speaker() == (40, False)
    ask(cli, "turn the volume down by 15 percent")
    assert speaker() == (25, False)
    assert ask(cli, "mute")["spoken"] == "Muted."
    assert speaker() == (25, True)
    assert ask(cli, "what's the volume")["spoken"] == "The volume is 25 percent, muted."
    ask(cli, "unmute")
    assert speaker() == (25, False)


def test_a_timed_mute_is_lifted_by_the_running_assistant(make_runtime, sink):
    from command_helpers import EventLog, ask as ask_rt

    rt = make_runtime()
    log = EventLog()
    rt.bus.subscribe(log)
    turn, r = ask_rt(rt, "mute for one minute")
    assert r.success and turn.spoken == "Muted for 1 minute." and speaker()[1]
    # the minute passes: move the stored end time to now instead of waiting for it
    rt.store.settings.set("volume.unmute_at", rt.services.clock().isoformat())
    rt.services.kept(UnmuteService).wake()
    said = log.wait_for("Announcement", timeout=10)
    assert said and said[-1].text == "The sound is back on."
    assert speaker() == (100, False)


def test_spoken_request_through_the_virtual_microphone(runtime, stt, tts, vad, mic, sink, helpers):
    from jarvis_tui.audio.voice_loop import VoiceLoop

    events = helpers.Events(runtime.bus)
    loop = VoiceLoop(runtime, transcriber=stt, synthesizer=tts, vad=vad)
    loop.set_mode("hands_free")
    loop.start()
    try:
        assert loop.wait_ready(60)
        events.wait_for("ListeningStateChanged", 10, lambda e: e.state == "listening")
        time.sleep(0.5)
        mic.say(np.concatenate([helpers.speech16k(tts, "Set the volume to forty percent."), np.zeros(16000, np.float32)]))
        turn = events.wait_for("TurnFinished", 40)
    finally:
        loop.stop()
    calls = events.of("ToolCallsParsed")[0].calls
    assert calls[0]["name"] == "volume" and calls[0]["arguments"] == {"action": "set", "level": 40}, turn
    assert speaker() == (40, False)


def test_without_a_sound_server_it_says_so_and_goes_on(cli, tmp_path):
    env = {"PULSE_SERVER": f"unix:{tmp_path}/no-such-server"}
    got = ask(cli, "volume 30 percent", env=env)
    assert got["spoken"].startswith("I can't change the volume: no sound server is running or reachable")
    assert ask(cli, "what time is it", env=env)["spoken"].startswith("It's")
    # the same message from a process that never had libpulse's server: one line, no traceback
    out = subprocess.run([sys.executable, "-m", "jarvis_tui", "ask", "--no-speak", "--no-llm", "mute"],
                         capture_output=True, text=True, timeout=120, env={**os.environ, **env}, cwd=ROOT)
    assert out.returncode == 0 and "Traceback" not in out.stderr and "no sound server" in out.stdout


async def test_typed_in_the_tui(make_runtime, sink):
    from textual.widgets import Input

    from jarvis_tui.app.app import JarvisApp

    app = JarvisApp(runtime=make_runtime(), load_models=False)
    async with app.run_test(size=(100, 30)) as pilot:
        app.query_one("#input", Input).value = "volume 35 percent"
        await pilot.press("enter")
        for _ in range(3):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        assert "Jarvis [pre_route]: The volume is 35 percent." in app.main_screen.conversation.plain
        assert "call volume via fast path (pre_route)" in app.main_screen.tool_panel.plain
    assert speaker() == (35, False)
