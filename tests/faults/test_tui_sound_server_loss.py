"""The sound server goes away while the TUI runs, and comes back: the real `jarvis-tui` in tmux (as a
user sees it), on the virtual PulseAudio. The screen says the microphone is lost, the log stays under
its cap, typed requests keep working, and the microphone comes back by itself."""
from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.audio, pytest.mark.model]
ROOT = Path(__file__).resolve().parents[2]
SESSION = "jarvis-fault-tui"
LOG_CAP = 4 * (1 << 20) + 4096


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=20).stdout


def _screen() -> str:
    return _tmux("capture-pane", "-p", "-t", SESSION)


def _wait_screen(text: str | tuple[str, ...], timeout: float) -> str:
    """The screen once it shows `text` (or any of several texts)."""
    texts = (text,) if isinstance(text, str) else text
    end = time.monotonic() + timeout
    screen = ""
    while time.monotonic() < end:
        screen = _screen()
        if any(t in screen for t in texts):
            return screen
        time.sleep(0.5)
    raise AssertionError(f"{' or '.join(map(repr, texts))} not on the screen within {timeout} s:\n{screen}")


def _log_bytes(data: Path) -> int:
    return sum(p.stat().st_size for p in (data / "logs").glob("*") if p.is_file())


def test_the_tui_says_the_microphone_is_lost_keeps_working_and_gets_it_back(sound_server, tmp_path):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed (scripts/setup.sh installs it)")
    env = dict(sound_server.env)
    data, conf = tmp_path / "data", tmp_path / "conf"
    conf.mkdir()
    (conf / "config.toml").write_text('[audio]\nmode = "hands_free"\nearcons = false\n', encoding="utf-8")
    env.update({"JARVIS_DATA_DIR": str(data), "JARVIS_CONFIG_DIR": str(conf), "TERM": "xterm-256color"})
    exports = " ".join(f"{k}={v}" for k, v in env.items())
    exe = Path(sys.executable).parent / "jarvis-tui"
    from jarvis_tui.audio.wavsource import FifoMicFeeder
    feeder = FifoMicFeeder(env["JARVIS_TEST_MIC_FIFO"], noise_level=0.001).start()
    _tmux("kill-session", "-t", SESSION)
    # COLUMNS/LINES inherited by the tmux server (CI sets them) would make Textual draw at 80x24
    # inside the 140x44 pane, and the messages below would wrap
    _tmux("new-session", "-d", "-s", SESSION, "-x", "140", "-y", "44",
          f"env -u COLUMNS -u LINES {exports} {exe} --no-llm")
    try:
        _wait_screen("speech recognition ready", 90)
        time.sleep(2)
        feeder.stop()
        sound_server.stop()
        _wait_screen("no microphone", 20)                       # the status line
        # and the conversation says why, in the words of where the loss was seen: the stream stopped,
        # or (capture was reopening at that moment) it cannot be opened, or PortAudio lists no input
        # device, or the stream went silent
        _wait_screen(("capture: microphone stopped", "capture: cannot open the microphone",
                      "capture: no audio"), 10)
        time.sleep(6)                                            # the outage: retries with backoff
        assert _log_bytes(data) < LOG_CAP
        # typed requests keep working without a sound server
        _tmux("send-keys", "-t", SESSION, "what time is it", "Enter")
        _wait_screen("It's ", 30)
        sound_server.start()
        feeder = FifoMicFeeder(env["JARVIS_TEST_MIC_FIFO"], noise_level=0.001).start()
        back = _wait_screen("is back", 40)
        assert "no microphone" not in back, back
        assert _tmux("list-sessions").count(SESSION) == 1          # still running
    finally:
        feeder.stop()
        _tmux("send-keys", "-t", SESSION, "C-q")
        time.sleep(1)
        _tmux("kill-session", "-t", SESSION)
    assert _log_bytes(data) < LOG_CAP
