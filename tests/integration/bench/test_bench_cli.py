"""`jarvis-tui bench` and `jarvis-tui doctor` run and print the documented shape.

No timed assertions: the numbers are checked for sanity (present, positive, p50 <= p95), never
against the latency targets (those are reported by the bench itself)."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.bench.runner import ANSWER_UTTERANCES
from jarvis_tui.headless.doctor import check_build, parse_system_info

CORPUS_ROWS = [
    {"text": "set a timer for five minutes", "tool": "set_timer", "arguments": {"duration_seconds": 300}},
    {"text": "what is the capital of France", "tool": "answer_question",
     "arguments": {"query": "What is the capital of France?"}},
    {"text": "put eggs and bread on the list", "tool": "shopping_list",
     "arguments": {"action": "add", "items": ["eggs", "bread"]}},
]
SAID = ["what time is it", "tell me a joke", "remind me to call mom at five", "put eggs and bread on the list"]


def _pstat(stat: dict) -> None:
    assert set(stat) >= {"p50", "p95", "n"}
    assert stat["n"] >= 1
    assert stat["p50"] > 0 and stat["p50"] <= stat["p95"]


@pytest.mark.model
def test_bench_json_shape(cli, tmp_path, data_dir):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in CORPUS_ROWS), encoding="utf-8")
    args = ["bench", "--json", "--runs", "1", "--corpus", str(corpus)]
    for text in SAID:
        args += ["--utterance", text]
    proc = cli(*args, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)

    e2f = out["end_to_first_audio_ms"]
    assert set(e2f) == {"pre_route", "llm"}
    for route in ("pre_route", "llm"):
        _pstat(e2f[route])
        stages = out["stages_ms"][route]
        for stage in ("endpoint", "stt", "tts_first_audio", "end_to_first_audio"):
            _pstat(stages[stage])
        # end of speech -> first audio covers the stages inside it
        assert e2f[route]["p95"] >= stages["stt"]["p50"]
    for stage in ("llm", "llm_prefill", "llm_generate", "llm_tokens_per_s"):
        _pstat(out["stages_ms"]["llm"][stage])
    assert out["stages_ms"]["pre_route"]["llm"]["n"] == 0       # fast paths never reach the LLM
    # the endpointer waits for real trailing silence: at least its hangover after the speech ended
    assert out["stages_ms"]["pre_route"]["endpoint"]["p50"] >= 300

    startup = out["startup_s"]
    for part in ("ready_to_listen", "llm", "stt", "tts", "vad"):
        assert startup[part] > 0
    assert startup["errors"] == {}
    assert startup["llm_prefix_from"] in ("disk", "prefill", "memory")
    assert out["peak_rss_mib"] > 100
    assert out["speech"]["accepted"] >= 3 and out["turns"] == len(SAID)

    routing = out["routing"]
    assert routing["rows"] == len(CORPUS_ROWS)
    assert 0.0 <= routing["tool_accuracy"] <= 1.0
    assert routing["tool_accuracy"] >= 1 / 3            # the fast-path timer row cannot miss
    assert set(out["targets"]) == {"end_to_first_audio_p50_ms.pre_route", "end_to_first_audio_p50_ms.llm",
                                   "streamed_answer_first_audio_p50_ms", "startup_s", "peak_rss_mib"}
    # answers of a few sentences stream: the first is written (and spoken) before the answer is complete
    answers = out["streamed_answers"]
    assert answers["streamed"] >= 2 and answers["sentences_p50"] >= 2, answers
    for key in ("first_audio_ms", "first_sentence_written_ms", "answer_complete_ms"):
        _pstat(answers[key])
    assert answers["first_sentence_written_ms"]["p50"] < answers["answer_complete_ms"]["p50"]
    assert answers["first_audio_ms"]["p50"] > answers["first_sentence_written_ms"]["p50"]
    # the thread counts the LLM wrote with: both measured (the slower one is looked at once at least)
    from jarvis_tui import cpu
    threads = out["llm_threads"]
    assert (threads["fewest"], threads["most"]) == (cpu.auto_threads("llm"), cpu.auto_threads("llm_most"))
    assert threads["faster"] in (threads["fewest"], threads["most"])
    assert all(ms > 0 for ms in threads["token_ms"].values())
    assert len(threads["token_ms"]) == len({threads["fewest"], threads["most"]})
    # recordings are cached in the (test's) data dir for the next run
    assert len(list((data_dir / "bench" / "speech").glob("*.wav"))) == len(SAID) + len(ANSWER_UTTERANCES)


def test_doctor_quick_json_shape(cli):
    proc = cli("doctor", "--json", "--quick", timeout=120)
    out = json.loads(proc.stdout)
    assert set(out) == {"ok", "checks"}
    names = {c["name"] for c in out["checks"]}
    assert {"PortAudio", "LLM model", "STT model", "TTS voice", "VAD model", "llama.cpp build",
            "prompt provider"} <= names
    for c in out["checks"]:
        assert c["status"] in ("OK", "WARN", "FAIL")
        assert c["detail"]
        if c["status"] != "OK":
            assert c["fix"], c
    failed = any(c["status"] == "FAIL" for c in out["checks"])
    assert out["ok"] is (not failed)
    assert proc.returncode == (1 if failed else 0)
    assert "model load" not in names                 # --quick loads nothing


def test_doctor_bad_model_fails_with_fix(cli, tmp_path):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a model at all")
    proc = cli("--model", str(bad), "doctor", "--quick", timeout=120)
    assert proc.returncode == 1
    assert "[FAIL] LLM model" in proc.stdout and "fix:" in proc.stdout


def test_build_features_against_cpu_flags():
    info = "CPU : SSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | AVX512 = 0 | AMX_INT8 = 0 |"
    assert parse_system_info(info)["AVX2"] is True and parse_system_info(info)["AVX512"] is False
    ok = check_build(info, {"avx", "avx2", "f16c", "fma"})
    assert [c.status for c in ok] == ["OK"]
    slower = check_build(info, {"avx", "avx2", "f16c", "fma", "avx512f"})
    assert slower[0].status == "WARN" and "AVX512" in slower[0].detail
    illegal = check_build(info, {"avx", "f16c", "fma"})
    assert illegal[0].status == "FAIL" and "AVX2" in illegal[0].detail
    amx = check_build(info.replace("AMX_INT8 = 0", "AMX_INT8 = 1"), {"avx", "avx2", "f16c", "fma", "amx_int8"})
    assert any(c.name == "AMX" and c.status == "WARN" for c in amx)
