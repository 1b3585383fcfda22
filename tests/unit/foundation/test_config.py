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
    with pytest.raises(ConfigError, match="audio.mode = 'sometimes': one of push_to_talk, hands_free"):
        load_config(config_dir=tmp_path / "none", data_dir=tmp_path / "d", environ={"JARVIS_AUDIO_MODE": "sometimes"})
