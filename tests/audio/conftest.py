"""Virtual PulseAudio devices (scripts/virtual_audio.sh), models loaded once, a FIFO microphone."""
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest
from command_helpers import Events, MonitorRecorder

ROOT = Path(__file__).resolve().parents[2]


def _ensure_virtual_audio() -> str | None:
    if os.environ.get("JARVIS_VIRTUAL_AUDIO") == "1" and os.environ.get("JARVIS_TEST_MIC_FIFO"):
        return None
    try:
        out = subprocess.run(["bash", "-c", "source scripts/virtual_audio.sh start >&2 && env"], cwd=ROOT,
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"virtual audio: {exc}"
    if out.returncode != 0:
        return (out.stderr.strip().splitlines() or ["virtual audio devices unavailable"])[-1]
    for line in out.stdout.splitlines():
        k, _, v = line.partition("=")
        if k.startswith("JARVIS_TEST_") or k in ("PULSE_SERVER", "JARVIS_VIRTUAL_AUDIO"):
            os.environ[k] = v
    return None


@pytest.fixture(scope="session")
def virtual_audio():
    reason = _ensure_virtual_audio()
    if reason:
        pytest.skip(reason)
    return {k: os.environ[k] for k in os.environ if k.startswith("JARVIS_TEST_")}


@pytest.fixture(scope="session")
def stt():
    from jarvis_tui.audio.stt import Transcriber
    return Transcriber()


@pytest.fixture(scope="session")
def tts():
    from jarvis_tui.audio.tts import Synthesizer
    return Synthesizer()


@pytest.fixture(scope="session")
def vad():
    from jarvis_tui.audio.vad import SileroVad
    return SileroVad()


@pytest.fixture(scope="session")
def mic(virtual_audio):
    from jarvis_tui.audio.wavsource import FifoMicFeeder
    feeder = FifoMicFeeder(virtual_audio["JARVIS_TEST_MIC_FIFO"]).start()
    yield feeder
    feeder.stop()


def speech16k(tts, text: str) -> np.ndarray:
    """`text` said by the piper voice without its random noise: the same samples on every run, so a
    word the recogniser hears only in some draws of the noise cannot fail one CI run in a few."""
    from jarvis_tui.audio.wavsource import resample
    return resample(tts.synthesize(text, vary=False), tts.sample_rate, 16000) * 0.7


@pytest.fixture
def runtime(tmp_path, monkeypatch):
    from jarvis_tui.runtime import Runtime
    monkeypatch.setenv("JARVIS_CONFIG_DIR", str(tmp_path / "conf"))
    rt = Runtime.create(data_dir=str(tmp_path / "data"), config_dir=str(tmp_path / "conf"),
                        overrides={"llm.backend": "none", "audio.mode": "hands_free", "audio.earcons": False})
    yield rt
    rt.close()


@pytest.fixture
def helpers():
    """The helpers above, as a fixture (test modules do not import conftest)."""
    class H:
        pass
    h = H()
    h.Events, h.MonitorRecorder, h.speech16k = Events, MonitorRecorder, speech16k
    return h
