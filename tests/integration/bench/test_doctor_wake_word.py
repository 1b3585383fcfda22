"""`jarvis-tui doctor` checks the wake word: the real model loads (hashes checked), and a wrong
setting or a damaged model file is one FAIL line that names it and says how to fix it."""
from __future__ import annotations

from jarvis_tui.audio import wakeword
from jarvis_tui.config import load_config
from jarvis_tui.headless.doctor import wake_word_check


def test_the_configured_wake_word_loads(tmp_path):
    config = load_config(config_dir=tmp_path)
    check = wake_word_check(config)
    assert check.status == "OK" and "hey_jarvis" in check.detail and "open engine" in check.detail


def test_an_unknown_wake_word_fails_with_its_name_and_a_fix(tmp_path):
    config = load_config(config_dir=tmp_path)
    config.audio.wake_word = "hey_siri"
    check = wake_word_check(config)
    assert check.status == "FAIL" and "hey_siri" in check.detail and "available:" in check.detail and "hey_jarvis" in check.detail.split("available:")[1]
    assert "audio.wake_word" in check.fix
    config.audio.mode = "push_to_talk"                      # not needed now: a warning
    assert wake_word_check(config).status == "WARN"


def test_a_damaged_model_file_fails(tmp_path, monkeypatch):
    monkeypatch.setitem(wakeword.MODEL_SHA256, ("open", "hey_jarvis.tflite"), "0" * 64)
    check = wake_word_check(load_config(config_dir=tmp_path))
    assert check.status == "FAIL" and "damaged" in check.detail and "pyopen-wakeword==1.1.0" in check.fix
