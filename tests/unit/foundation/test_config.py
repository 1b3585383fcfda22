from pathlib import Path

import pytest

from jarvis_tui.config import ConfigError, load_config


def write(config_dir: Path, text: str) -> Path:
    path = config_dir / "config.toml"
    path.write_text(text)
    return path


def test_defaults_without_a_file(config_dir, data_dir):
    cfg = load_config(environ={})
    assert cfg.llm.model == "bundled" and cfg.audio.hangover_ms <= 500
    assert cfg.data_dir == data_dir or cfg.data_dir is not None
    assert cfg.source is None


def test_file_then_env_then_flags(config_dir):
    write(config_dir, "[llm]\nthreads = 4\ninterface = 'FromFile'\n[audio]\nhangover_ms = 450\n")
    cfg = load_config(environ={})
    assert cfg.llm.threads == 4 and cfg.llm.interface == "FromFile" and cfg.audio.hangover_ms == 450
    cfg = load_config(environ={"JARVIS_LLM_THREADS": "3", "JARVIS_MODEL_INTERFACE": "FromEnv",
                               "JARVIS_AUDIO_HALF_DUPLEX": "false", "JARVIS_UNRELATED_THING": "x"})
    assert cfg.llm.threads == 3 and cfg.llm.interface == "FromEnv" and cfg.audio.half_duplex is False
    cfg = load_config(environ={"JARVIS_LLM_THREADS": "3"}, overrides={"llm.threads": 1, "llm.model": None})
    assert cfg.llm.threads == 1 and cfg.llm.model == "bundled"


def test_malformed_toml_names_file_and_line(config_dir):
    path = write(config_dir, "[llm]\nthreads = 2\nmodel = \n")
    with pytest.raises(ConfigError) as err:
        load_config(environ={})
    assert str(path) in str(err.value) and "line 3" in str(err.value)


def test_wrong_type_names_file_line_and_key(config_dir):
    path = write(config_dir, "[general]\nroom = 'kitchen'\n\n[audio]\nmode = 'hands_free'\nhangover_ms = 'long'\n")
    with pytest.raises(ConfigError) as err:
        load_config(environ={})
    msg = str(err.value)
    assert str(path) in msg and "line 6" in msg and "audio.hangover_ms" in msg
    assert err.value.key == "audio.hangover_ms" and err.value.line == 6


def test_unknown_key_and_section(config_dir):
    write(config_dir, "[llm]\nthredas = 2\n")
    with pytest.raises(ConfigError) as err:
        load_config(environ={})
    assert "llm.thredas" in str(err.value) and "line 2" in str(err.value)
    write(config_dir, "[lm]\nthreads = 2\n")
    with pytest.raises(ConfigError) as err:
        load_config(environ={})
    assert "[lm]" in str(err.value) and "line 1" in str(err.value)


def test_bad_env_value_is_an_error_naming_the_variable(config_dir):
    with pytest.raises(ConfigError) as err:
        load_config(environ={"JARVIS_LLM_THREADS": "many"})
    assert "JARVIS_LLM_THREADS" in str(err.value)


def test_cli_reports_config_errors_cleanly(cli, config_dir):
    write(config_dir, "[llm]\nthreads = 'x'\n")
    result = cli("commands")
    assert result.returncode == 2
    assert "config error" in result.stderr and "line 2" in result.stderr and "llm.threads" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_value_outside_the_allowed_ones_is_named_with_them(tmp_path):
    from jarvis_tui.config import ConfigError, load_config
    (tmp_path / "config.toml").write_text('[llm]\nbackend = "bogus"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(config_dir=tmp_path, data_dir=tmp_path / "d", environ={})
    assert "line 2" in str(err.value) and "llm.backend = 'bogus': one of llama, openai, none" in str(err.value)
    with pytest.raises(ConfigError, match="audio.mode = 'sometimes': one of push_to_talk, wake_word, hands_free"):
        load_config(config_dir=tmp_path / "none", data_dir=tmp_path / "d", environ={"JARVIS_AUDIO_MODE": "sometimes"})


BAD_FILE = ('[llm]\nbackend = "bogus"\nthreads = "four"\n\n[audio]\nhangover_ms = true\ncolour = "blue"\n'
            '\n[nosuch]\nx = 1\n\n[tts]\nlength_scale = 1.1\n')


def test_every_bad_setting_is_named_at_once_not_only_the_first(config_dir):
    from jarvis_tui.config import ConfigProblems
    path = write(config_dir, BAD_FILE)
    with pytest.raises(ConfigProblems) as err:
        load_config(environ={"JARVIS_AUDIO_MODE": "sometimes"})
    msg = str(err.value)
    assert msg.startswith("6 problems")
    for part in ("line 2: llm.backend = 'bogus': one of llama, openai, none", "line 3: llm.threads must be \"auto\" or a whole number of threads >= 1",
                 "line 6: audio.hangover_ms must be a whole number, got True", "line 7: unknown key 'audio.colour'",
                 "line 9: unknown section [nosuch]", "JARVIS_AUDIO_MODE"):
        assert part in msg, part
    assert all(str(path) in str(p) for p in err.value.problems[:5])


def test_collected_problems_keep_the_defaults_and_the_good_values(config_dir):
    write(config_dir, BAD_FILE)
    problems: list[ConfigError] = []
    cfg = load_config(environ={}, problems=problems)
    assert [p.key for p in problems] == ["llm.backend", "llm.threads", "audio.hangover_ms", "audio.colour", "nosuch"]
    defaults = load_config(config_dir=config_dir / "elsewhere", environ={})
    assert cfg.llm.backend == defaults.llm.backend and cfg.audio.hangover_ms == defaults.audio.hangover_ms
    assert cfg.tts.length_scale == 1.1                      # the good value after the bad ones is kept


def test_an_unreadable_config_file_is_named_with_the_reason(config_dir):
    (config_dir / "config.toml").write_bytes(b"[llm]\nmodel = '\xff\xfe'\n")
    with pytest.raises(ConfigError) as err:
        load_config(environ={})
    assert "config.toml" in str(err.value) and "cannot read config" in str(err.value)


def test_doctor_lists_each_bad_setting_and_still_checks_the_rest(cli, config_dir):
    import json
    write(config_dir, BAD_FILE)
    proc = cli("doctor", "--json", "--quick", timeout=120)
    assert proc.returncode == 1, proc.stderr
    out = json.loads(proc.stdout)
    bad = [c for c in out["checks"] if c["name"] == "config"]
    assert [c["data"]["key"] for c in bad] == ["llm.backend", "llm.threads", "audio.hangover_ms", "audio.colour",
                                                "nosuch"]
    assert all(c["status"] == "FAIL" and "line" in c["fix"] and "default" in c["fix"] for c in bad)
    assert {"PortAudio", "LLM model", "STT model", "prompt provider"} <= {c["name"] for c in out["checks"]}
    write(config_dir, "[llm]\nthreads = 2\n")
    good = json.loads(cli("doctor", "--json", "--quick", timeout=120).stdout)
    assert [c["status"] for c in good["checks"] if c["name"] == "config"] == ["OK"]


def test_a_number_out_of_its_range_is_named_with_the_range(tmp_path):
    (tmp_path / "config.toml").write_text("[audio]\nunsure_confidence = 1.5\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(config_dir=tmp_path, data_dir=tmp_path / "d", environ={})
    assert "line 2" in str(err.value)
    assert "audio.unsure_confidence = 1.5 is out of range: a number from 0 to 1" in str(err.value)
    cfg = load_config(config_dir=tmp_path / "none", data_dir=tmp_path / "d", environ={"JARVIS_AUDIO_UNSURE_CONFIDENCE": "0"})
    assert cfg.audio.unsure_confidence == 0.0


def test_a_whole_number_out_of_its_range_is_named_with_the_range(tmp_path):
    (tmp_path / "config.toml").write_text("[stt]\nbeam_size = 0\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(config_dir=tmp_path, data_dir=tmp_path / "d", environ={})
    assert "stt.beam_size = 0 is out of range: a whole number from 1 to 10" in str(err.value)
    with pytest.raises(ConfigError, match="stt.beam_size = '64' is out of range"):
        load_config(config_dir=tmp_path / "none", data_dir=tmp_path / "d", environ={"JARVIS_STT_BEAM_SIZE": "64"})
    cfg = load_config(config_dir=tmp_path / "none", data_dir=tmp_path / "d", environ={"JARVIS_STT_BEAM_SIZE": "2"})
    assert cfg.stt.beam_size == 2
