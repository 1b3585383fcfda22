"""Thread counts: "auto" is chosen from the cores there are; a wrong setting names its key."""
from __future__ import annotations

import pytest

from jarvis_tui import cpu
from jarvis_tui.config import ConfigError, load_config


@pytest.mark.parametrize("cores, llm, prefill, stt, tts", [
    (1, 1, 1, 1, 1),
    (2, 1, 2, 2, 1),          # generating leaves a core to the speech that streams beside it
    (4, 3, 3, 2, 1),
    (8, 4, 7, 4, 2),
    (32, 4, 8, 4, 2),
])
def test_auto_threads_follow_the_cores(cores, llm, prefill, stt, tts):
    assert [cpu.auto_threads(part, cores) for part in ("llm", "llm_prefill", "stt", "tts")] == [llm, prefill, stt, tts]


def test_auto_uses_the_cores_this_process_may_use(monkeypatch):
    monkeypatch.setattr(cpu.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3}, raising=False)
    assert cpu.usable_cores() == 4 and cpu.threads("auto", "llm") == 3 and cpu.threads(6, "llm_prefill") == 6


def test_thread_settings_from_file_and_environment(tmp_path):
    (tmp_path / "config.toml").write_text('[llm]\nthreads = 3\n[stt]\nthreads = "auto"\n')
    c = load_config(config_dir=tmp_path, environ={"JARVIS_TTS_THREADS": "2"})
    assert (c.llm.threads, c.stt.threads, c.tts.threads) == (3, "auto", 2)
    assert load_config(config_dir=tmp_path / "none", environ={}).llm.threads == "auto"


@pytest.mark.parametrize("value", ["0", "-3", '"lots"', "1.5", "true"])
def test_a_wrong_thread_count_is_one_clear_error(tmp_path, value):
    (tmp_path / "config.toml").write_text(f"[llm]\nthreads = {value}\n")
    with pytest.raises(ConfigError, match=r'llm\.threads must be "auto" or a whole number of threads >= 1'):
        load_config(config_dir=tmp_path, environ={})


@pytest.mark.parametrize("cores, fewest, most", [(1, 1, 1), (2, 1, 2), (4, 3, 4), (8, 4, 4)])
def test_tokens_are_written_with_every_core_while_that_is_faster(cores, fewest, most):
    """On 2 cores a token is written with 2 threads while they are free, 1 while they are shared;
    from 8 cores one is always left free (jarvis_tui.llm.generating_threads adapts between them)."""
    assert (cpu.auto_threads("llm", cores), cpu.auto_threads("llm_most", cores)) == (fewest, most)
    assert cpu.threads(3, "llm_most") == 3            # a count set by the user is used as it is
