"""`jarvis-tui bench [--json] [--runs N] [--corpus F] [--corpus-limit K] [--load N]`: latency per stage (p50/p95,
fast path and LLM route apart), model load times, peak RSS and routing accuracy, on real models and
recorded speech. See jarvis_tui/bench/runner.py for what is measured and how."""
from __future__ import annotations

import argparse
import sys
from typing import Any

from jarvis_tui.headless.common import cli_overrides, fail, print_json

ROW_LABELS = {
    "endpoint": "endpoint (end of speech -> decision)",
    "stt": "STT (decode)",
    "end_to_transcript": "end of speech -> transcript",
    "pre_route": "pre_route",
    "llm": "LLM total",
    "llm_prefill": "LLM prefill",
    "llm_generate": "LLM generation",
    "llm_tokens_per_s": "LLM tokens/s",
    "execute": "command execution",
    "tts_first_audio": "TTS first audio",
    "end_to_first_audio": "END OF SPEECH -> FIRST AUDIO",
}


def _cell(stat: dict[str, Any] | None) -> str:
    if not stat or stat.get("p50") is None:
        return f"{'-':>9} {'-':>9}"
    return f"{stat['p50']:>9.1f} {stat['p95']:>9.1f}"


def render(result: dict[str, Any]) -> str:
    out: list[str] = []
    m = result["machine"]
    out.append(f"jarvis-tui bench: {result['runs']} run(s) x {result['utterances']} utterances on "
               f"{m['cpu']} ({m['cpus']} CPUs), llama-cpp-python {m['llama_cpp']}")
    models = result.get("models", {})
    out.append(f"models: LLM {models.get('llm')} / provider {models.get('provider')}")
    s = result["startup_s"]
    out.append("")
    out.append(f"start-up to ready-to-listen  {s['ready_to_listen']:.2f} s  (parallel load {s['parallel_load_wall']:.2f} s: "
               f"LLM {s['llm']} s [file {s['llm_file_load']} s, prompt {s['llm_prompt_warm']} s from {s['llm_prefix_from']}], "
               f"STT {s['stt']} s, TTS {s['tts']} s, VAD {s['vad']} s)")
    out.append(f"peak RSS                     {result['peak_rss_mib']:.0f} MiB")
    load = result.get("load") or {}
    cores = load.get("cpu_cores") or {}
    out.append(f"load                         {load.get('competitors', 0)} CPU-bound competitor process(es); "
               f"load average {m.get('load_avg_1m_at_start')} at the start, {load.get('load_average_1m_at_end')} at the end; "
               f"CPU cores used: bench {cores.get('bench')}, competitors {cores.get('competitors')}, "
               f"other processes {cores.get('others')}")
    th = result.get("llm_threads")
    if th:
        times = ", ".join(f"{n}: {ms} ms" for n, ms in th["token_ms"].items())
        out.append(f"LLM writing threads          {th['fewest']} to {th['most']}, {th['faster']} the faster at the end, "
                   f"{th['switches']} change(s); a token's time lately {times or 'not measured'}")
    sp = result["speech"]
    out.append(f"speech                       {sp['accepted']}/{result['turns']} transcripts accepted, "
               f"{sp['exact_transcripts']} exact; routes {sp['routes']}; VAD {sp['vad_ms_per_32ms_frame']} ms per 32 ms frame; "
               f"speculative STT used {sp.get('speculative_stt_used', 0)}/{sp['accepted']}")
    out.append("")
    st = result["stages_ms"]
    n_fast = st["pre_route"]["end_to_first_audio"]["n"]
    n_llm = st["llm"]["end_to_first_audio"]["n"]
    out.append(f"{'stage (ms; tokens/s)':<38} {'fast path (n=' + str(n_fast) + ')':>19} {'LLM route (n=' + str(n_llm) + ')':>19}")
    out.append(f"{'':<38} {'p50':>9} {'p95':>9} {'p50':>9} {'p95':>9}")
    for key, label in ROW_LABELS.items():
        out.append(f"{label:<38} {_cell(st['pre_route'].get(key))} {_cell(st['llm'].get(key))}")
    sa = result.get("streamed_answers") or {}
    if sa.get("first_audio_ms", {}).get("p50") is not None:
        fa, fs, ac = sa["first_audio_ms"], sa["first_sentence_written_ms"], sa["answer_complete_ms"]
        out.append("")
        out.append(f"streamed answers ({sa['streamed']}/{sa['turns']} streamed, {sa['sentences_p50']:.0f} sentences p50; "
                   f"{', '.join(sa['tools'])}), ms from the end of speech:   p50       p95")
        out.append(f"{'  first sentence written':<38} {_cell(fs)}")
        out.append(f"{'  FIRST AUDIO (streamed)':<38} {_cell(fa)}")
        out.append(f"{'  whole answer written (unstreamed)':<38} {_cell(ac)}")
        labels = {"endpoint": "endpoint", "end_to_transcript": "end of speech -> transcript",
                  "transcript_to_first_sentence": "transcript -> first sentence",
                  "first_sentence_to_audio": "first sentence -> its audio (TTS)"}
        for key, label in labels.items():
            if key in sa.get("stages_ms", {}):
                out.append(f"{'    ' + label:<38} {_cell(sa['stages_ms'][key])}")
    elif sa:
        out.append(f"streamed answers             {sa.get('skipped') or 'none of the answers streamed'}")
    out.append("")
    r = result.get("routing", {})
    if "skipped" in r:
        out.append(f"routing accuracy             skipped: {r['skipped']}")
    else:
        out.append(f"routing accuracy             tool {r['tool_accuracy']:.1%}, arguments {r['argument_accuracy']:.1%} "
                   f"on {r['rows']} rows of {r.get('corpus')}; fast-path share {r['fast_path_share']:.1%}; "
                   f"LLM p50 {r['llm_p50_ms']} ms p95 {r['llm_p95_ms']} ms; small talk to actions "
                   f"{r['small_talk_or_questions_routed_to_actions']}")
    out.append("")
    out.append("targets:")
    for key, t in result["targets"].items():
        verdict = "n/a" if t["met"] is None else ("met" if t["met"] else "MISSED")
        out.append(f"  {key:<40} {str(t['measured']):>10} <= {t['target']:<8} {verdict}")
    out.append(f"(bench took {result['total_s']} s)")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    from jarvis_tui.bench.runner import Bench, BenchError, _stderr

    overrides = cli_overrides(args)
    try:
        bench = Bench(runs=args.runs, corpus=args.corpus, corpus_limit=getattr(args, "corpus_limit", 0) or 0,
                      config_dir=args.config_dir, data_dir=args.data_dir, overrides=overrides,
                      utterances=getattr(args, "utterance", None), load=getattr(args, "load", 0) or 0,
                      log=None if getattr(args, "quiet", False) else _stderr)
        result = bench.run()
    except BenchError as exc:
        return fail(str(exc))
    if args.json:
        print_json(result)
    else:
        sys.stdout.write(render(result) + "\n")
    return 0
