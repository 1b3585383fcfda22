"""`jarvis-tui bench`: the real pipeline, real models, recorded speech, numbers per stage.

One spoken turn, as the microphone path runs it, in process:
  recorded speech (bundled piper voice, cached WAV) + 0.5 s silence before and 1.5 s after
  -> 512-sample (32 ms) frames -> SileroVad.prob -> Endpointer.process, frame by frame, on the
     stream clock; endpoint = stream time of the decision - the true end of speech in the recording
  -> VoiceLoop.handle_utterance (the loop's guarded Transcriber, then assistant.handle_text(source="voice"))
     (pre_route / LLM prefill + generation / command execution, from TurnFinished and LlmOutput)
  -> Synthesizer.stream(spoken): the first sentence's samples = first audio (no device)
  end of speech -> first audio = endpoint delay (stream time) + the wall time from the endpoint
  decision to the first synthesized sentence.
The commands run against a throw-away data dir (lists, timers, reminders of the user untouched);
timers the bench sets are cancelled. Speech WAVs are cached in the user's data dir.
"""
from __future__ import annotations

import importlib.util
import json
import os
import platform
import resource
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from jarvis_tui import paths
from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.router import pre_route
from jarvis_tui.llm.backend import PreparableBackend

if TYPE_CHECKING:
    from jarvis_tui.runtime import Runtime

DEFAULT_CORPUS = Path("/work/shared/data/dev_corpus/route_dev.jsonl")
LEAD_S = 0.5
TRAIL_S = 1.5

# What is said. The route each takes is measured, not assumed; these are the kinds a user says.
UTTERANCES = [
    "set a timer for ten minutes",
    "what time is it",
    "add milk to my shopping list",
    "what is twelve times seven",
    "tell me a joke",
    "convert five miles to kilometers",
    "how many ounces in a pound",
    "remind me to call mom at five",
    "put eggs and bread on the list",
    "what is the capital of France",
]

# Questions whose answer is a few sentences (answer_question / chat through the LLM): their replies
# stream into TTS sentence by sentence (jarvis_tui/assistant/reply_stream.py)
ANSWER_UTTERANCES = [
    "tell me about Albert Einstein",
    "explain how a rainbow forms",
    "how are you doing today",
]

STAGES = ("endpoint", "stt", "end_to_transcript", "pre_route", "llm", "llm_prefill", "llm_generate", "llm_tokens_per_s",
          "execute", "tts_first_audio", "end_to_first_audio")

TARGETS = {"end_to_first_audio_p50_ms.pre_route": 1000.0, "end_to_first_audio_p50_ms.llm": 2500.0,
           "streamed_answer_first_audio_p50_ms": 1500.0,
           "startup_s": 10.0, "peak_rss_mib": 2560.0}


class BenchError(Exception):
    pass


def score_routes_module():
    """scripts/score_routes.py (the lenient corpus scoring), imported from the repository."""
    path = paths.REPO_ROOT / "scripts" / "score_routes.py"
    if not path.is_file():
        raise BenchError(f"{path} is missing (routing accuracy needs the repository's scripts/)")
    spec = importlib.util.spec_from_file_location("jarvis_score_routes", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def percentiles(values: list[float], pct: Callable[[list[float], float], float]) -> dict[str, Any]:
    if not values:
        return {"p50": None, "p95": None, "n": 0}
    return {"p50": round(pct(values, 0.5), 1), "p95": round(pct(values, 0.95), 1), "n": len(values)}


def peak_rss_mib() -> float:
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss       # KiB on Linux
    return round(kib / 1024, 1)


def machine_info() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        import llama_cpp
        llama_version = llama_cpp.__version__
    except Exception:  # noqa: BLE001
        llama_version = None
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = None
    return {"cpu": cpu or platform.processor(), "cpus": os.cpu_count(), "python": platform.python_version(),
            "llama_cpp": llama_version, "load_avg_1m_at_start": None if load is None else round(load, 2)}


@dataclass
class TurnSample:
    text: str
    transcript: str = ""
    accepted: bool = False
    reject_reason: str = ""
    route: str = ""
    spoken: str = ""
    tool: str | None = None
    ms: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "transcript": self.transcript, "accepted": self.accepted,
                "reject_reason": self.reject_reason, "route": self.route, "tool": self.tool,
                "spoken": self.spoken, "ms": {k: round(v, 1) for k, v in self.ms.items()}}


class Bench:
    def __init__(self, *, runs: int = 5, corpus: str | None = None, corpus_limit: int = 0,
                 config_dir: str | None = None, data_dir: str | None = None,
                 overrides: dict[str, Any] | None = None, utterances: list[str] | None = None,
                 log: Callable[[str], None] | None = None, realtime: bool = True, load: int = 0) -> None:
        if runs < 1:
            raise BenchError("--runs must be at least 1")
        self.runs = runs
        self.corpus = corpus
        self.corpus_limit = corpus_limit
        self.config_dir = config_dir
        self.user_data_dir = paths.data_dir(data_dir)
        self.overrides = dict(overrides or {})
        self.utterances = list(utterances or UTTERANCES)
        self.realtime = realtime
        if load < 0:
            raise BenchError("--load must be 0 or more competitor processes")
        self.load = load
        self.log = log or (lambda msg: None)
        self._pct = score_routes_module().pct
        self._corpus_path: str | None = None

    # ---- the whole run -------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        """The whole bench; with `load` N, N CPU-bound competitors run all the while."""
        from jarvis_tui.bench.load import CpuLoad, CpuShare
        with CpuLoad(self.load) as competitors:
            if self.load:
                self.log(f"{self.load} CPU-bound competitor process(es) running")
            share = CpuShare(competitors)
            result = self._run()
            result["load"] = {"competitors": competitors.running, "load_average_1m_at_end": competitors.load_average(),
                              "cpu_cores": share.cores()}
        return result

    @staticmethod
    def _llm_threads(runtime: Any) -> dict[str, Any] | None:
        """The thread counts the LLM wrote its tokens with (jarvis_tui.llm.generating_threads): the
        two it chose between, the faster at the end, how often that changed, each one's token time."""
        from jarvis_tui.llm.llama_backend import LlamaCppBackend
        brain = runtime.assistant.brain
        backend = brain.backend if brain is not None else None
        if not isinstance(backend, LlamaCppBackend):
            return None                   # a remote server chooses its own threads
        chooser = backend.threads
        counts = dict.fromkeys((chooser.fewest, chooser.most))
        return {"fewest": chooser.fewest, "most": chooser.most, "faster": chooser.faster(),
                "switches": chooser.switches,
                "token_ms": {str(n): round(ms, 1) for n in counts if (ms := chooser.average_ms(n)) is not None}}

    def _run(self) -> dict[str, Any]:
        from jarvis_tui.config import load_config
        from jarvis_tui.runtime import Runtime

        corpus_rows = self._read_corpus()
        work = Path(tempfile.mkdtemp(prefix="jarvis-bench-"))
        result: dict[str, Any] = {"machine": machine_info(), "runs": self.runs}
        t_start = time.perf_counter()
        runtime = None
        try:
            config = load_config(config_dir=self.config_dir, data_dir=str(work / "data"), overrides=self.overrides)
            runtime = Runtime.create(config)
            self.log("loading models (LLM, STT, TTS, VAD in parallel)")
            loaded = runtime.load_all()
            result["startup_s"] = self._startup(runtime, loaded, time.perf_counter() - t_start)
            missing = [k for k, part in (("stt", runtime.stt), ("tts", runtime.tts), ("vad", runtime.vad)) if part is None]
            if missing:
                raise BenchError(f"cannot bench without {', '.join(missing)}: {loaded['errors']}")
            result["models"] = self._model_info(runtime)
            recordings = self._recordings(runtime)
            from jarvis_tui.audio.voice_loop import VoiceLoop
            voice_loop = VoiceLoop(runtime, transcriber=runtime.stt, synthesizer=runtime.tts,
                                   vad=runtime.vad, speak_replies=False)
            samples: list[TurnSample] = []
            for r in range(self.runs):
                for i, rec in enumerate(recordings):
                    self.log(f"run {r + 1}/{self.runs} {i + 1}/{len(recordings)}: {rec.text!r}")
                    samples.append(self._spoken_turn(runtime, voice_loop, rec))
                self._cancel_timers(runtime)
            result.update(self._summarize(samples))
            result["streamed_answers"] = self._streamed_answers(runtime, voice_loop)
            result["routing"] = self._routing(runtime, corpus_rows)
            result["llm_threads"] = self._llm_threads(runtime)
        finally:
            if runtime is not None:
                self._cancel_timers(runtime)
                runtime.close()
            shutil.rmtree(work, ignore_errors=True)
        result["peak_rss_mib"] = peak_rss_mib()
        result["total_s"] = round(time.perf_counter() - t_start, 1)
        result["targets"] = self._targets(result)
        return result

    # ---- pieces ---------------------------------------------------------------------------------
    def _read_corpus(self) -> list[dict[str, Any]] | None:
        path = self.corpus
        if path is None:
            path = str(DEFAULT_CORPUS) if DEFAULT_CORPUS.is_file() else None
        if not path or path.lower() == "none":
            return None
        try:
            rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
        except (OSError, ValueError) as exc:
            raise BenchError(f"cannot read the corpus {path}: {exc}") from None
        for n, row in enumerate(rows, 1):
            if not isinstance(row, dict) or not {"text", "tool", "arguments"} <= set(row):
                raise BenchError(f"{path}, row {n}: a corpus row is {{\"text\", \"tool\", \"arguments\"}}")
        if self.corpus_limit and len(rows) > self.corpus_limit:      # evenly spread, reproducible
            step = len(rows) / self.corpus_limit
            rows = [rows[int(k * step)] for k in range(self.corpus_limit)]
        self._corpus_path = path
        return rows

    @staticmethod
    def _startup(runtime: Runtime, loaded: dict[str, Any], wall_s: float) -> dict[str, Any]:
        secs = {k: round(v, 2) for k, v in loaded["seconds"].items()}
        brain = runtime.assistant.brain
        backend = brain.backend if brain is not None else None
        local = backend if isinstance(backend, PreparableBackend) else None     # a remote server loads no file
        out = {"ready_to_listen": round(wall_s, 2), "parallel_load_wall": round(loaded["wall_s"], 2),
               "llm": secs.get("llm"), "stt": secs.get("stt"), "tts": secs.get("tts"), "vad": secs.get("vad"),
               "llm_file_load": (round(local.load_ms / 1000, 2) if local is not None else 0.0) if backend else None,
               "llm_prompt_warm": round(runtime.llm_warm_ms / 1000, 2) if backend else None,
               "llm_prefix_from": local.last_warm_source if local is not None else None,
               "errors": loaded["errors"]}
        return out

    @staticmethod
    def _model_info(runtime: Runtime) -> dict[str, Any]:
        brain = runtime.assistant.brain
        backend = brain.backend if brain is not None else None
        stt, tts = runtime.stt, runtime.tts
        return {"llm": backend.model_label if backend is not None else None,
                "llm_path": str(backend.model_path) if isinstance(backend, PreparableBackend) else None,
                "provider": runtime.active_provider_name if brain is not None else None,
                "stt": stt.path if stt is not None else None, "tts": tts.model_path if tts is not None else None}

    def _recordings(self, runtime, texts: list[str] | None = None):
        from jarvis_tui.audio.tts import Synthesizer, bundled_voice
        from jarvis_tui.bench.speech import SpeechCache

        syn = runtime.tts
        if Path(syn.model_path) != Path(bundled_voice()[0]) or syn.syn_config.length_scale != 1.0:
            syn = Synthesizer("bundled")                    # the recordings always use the bundled voice
        cache = SpeechCache(self.user_data_dir / "bench" / "speech", syn)
        out = [cache.get(text) for text in (self.utterances if texts is None else texts)]
        made = sum(not r.cached for r in out)
        self.log(f"speech: {len(out) - made} cached, {made} synthesized, in {cache.directory}")
        return out

    def _streamed_answers(self, runtime, voice_loop) -> dict[str, Any]:
        """Questions with a few sentences of answer, with the reply streamed: end of speech ->
        first audio of the first sentence, while the LLM still writes the rest; and when the whole
        answer was there (what the first audio would wait for without streaming)."""
        if runtime.assistant.brain is None:
            return {"skipped": "no LLM"}
        recordings = self._recordings(runtime, ANSWER_UTTERANCES)
        samples = []
        for r in range(self.runs):
            for i, rec in enumerate(recordings):
                self.log(f"streamed answer {r + 1}/{self.runs} {i + 1}/{len(recordings)}: {rec.text!r}")
                samples.append(self._spoken_turn(runtime, voice_loop, rec, stream=True))
        streamed = [s for s in samples if "first_sentence" in s.ms]
        for s in streamed:     # where the time to the first audio goes
            if "end_to_transcript" in s.ms:
                s.ms["transcript_to_first_sentence"] = s.ms["first_sentence"] - s.ms["end_to_transcript"]
            s.ms["first_sentence_to_audio"] = s.ms["end_to_first_audio"] - s.ms["first_sentence"]
        stages = ("endpoint", "end_to_transcript", "transcript_to_first_sentence", "llm_prefill", "llm_generate",
                  "first_sentence_to_audio")
        return {
            "turns": len(samples), "streamed": len(streamed),
            "routes": sorted({s.route for s in samples}),
            "stages_ms": {k: percentiles([s.ms[k] for s in streamed if k in s.ms], self._pct) for k in stages},
            "samples": [s.to_dict() for s in samples],
            "sentences_p50": percentiles([s.ms["sentences"] for s in streamed], self._pct).get("p50"),
            "first_audio_ms": percentiles([s.ms["end_to_first_audio"] for s in streamed], self._pct),
            "first_sentence_written_ms": percentiles([s.ms["first_sentence"] for s in streamed], self._pct),
            "answer_complete_ms": percentiles([s.ms["answer_complete"] for s in streamed], self._pct),
            "tools": sorted({s.tool or "none" for s in samples}),
        }

    def _spoken_turn(self, runtime, voice_loop, rec, stream: bool = False) -> TurnSample:
        from jarvis_tui.audio.endpointer import FRAME, Endpointer, EndpointerConfig, Pause, Utterance, frames_of
        from jarvis_tui.sdk.text import scoring_words

        vad, tts = runtime.vad, runtime.tts
        sample = TurnSample(text=rec.text)
        rate = 16000
        signal = np.concatenate([np.zeros(int(LEAD_S * rate), np.float32), rec.samples,
                                 np.zeros(int(TRAIL_S * rate), np.float32)])
        from jarvis_tui.bench.speech import speech_end
        true_end = LEAD_S + speech_end(rec.samples)
        vad.reset()
        endpointer = Endpointer(EndpointerConfig.from_audio_config(runtime.config.audio))
        utterance = None
        vad_s = 0.0
        frames = 0
        t_decided = 0.0
        frame_s = FRAME / rate
        # frames arrive as a microphone delivers them: frame k once the stream clock passes its end
        # (real time), so work started on a Pause (speculative STT) runs while the hangover runs
        t0 = time.perf_counter()
        for frame in frames_of(signal, FRAME):
            if self.realtime:
                lag = t0 + (frames + 1) * frame_s - time.perf_counter()
                if lag > 0:
                    time.sleep(lag)
            t = time.perf_counter()
            prob = vad.prob(frame)
            events = endpointer.process(frame, prob)
            vad_s += time.perf_counter() - t
            frames += 1
            for e in events:
                if isinstance(e, Pause):
                    voice_loop.speculate(e)
            done = [e for e in events if isinstance(e, Utterance)]
            if done:
                utterance = done[0]
                t_decided = time.perf_counter()
                break
        sample.ms["vad_per_frame"] = vad_s / max(1, frames) * 1000
        if utterance is None:
            sample.reject_reason = "no_endpoint"
            return sample
        sample.ms["endpoint"] = (utterance.t_endpoint - true_end) * 1000
        # wall time at which the talker stopped: real time, or the endpoint decision minus the
        # endpoint delay when the frames were fed faster than real time
        t_speech_end = t0 + true_end if self.realtime else t_decided - sample.ms["endpoint"] / 1000
        llm_outputs: list[ev.LlmOutput] = []
        heard: list[tuple[ev.Event, float]] = []
        sentences: list[tuple[str, float]] = []
        first_audio: list[float] = []
        speaker: list[threading.Thread] = []

        def speak_first(text: str) -> None:
            # the voice loop's speech thread: synthesize the first sentence while the LLM goes on
            next(iter(tts.stream(text)), None)
            first_audio.append(time.perf_counter())

        def collect(event) -> None:
            if isinstance(event, ev.ReplySentence):
                sentences.append((event.text, time.perf_counter()))
                if len(sentences) == 1:
                    speaker.append(threading.Thread(target=speak_first, args=(event.text,), daemon=True))
                    speaker[0].start()
            elif isinstance(event, ev.LlmOutput):
                llm_outputs.append(event)
            elif isinstance(event, (ev.TranscriptReady, ev.TranscriptRejected)):
                heard.append((event, time.perf_counter()))
        brain = runtime.assistant.brain
        if brain is not None:
            brain.reset()                    # every measured turn starts a conversation: runs stay comparable
        unsubscribe = runtime.bus.subscribe(collect)
        runtime.assistant.stream_replies = stream
        try:
            # the voice loop's own path: STT with its guards (the speculative result when the
            # endpoint confirmed the Pause), then assistant.handle_text(source="voice")
            turn = voice_loop.handle_utterance(utterance)
            t_turn_done = time.perf_counter()
        finally:
            runtime.assistant.stream_replies = False
            unsubscribe()
        for thread in speaker:
            thread.join(30)
        said = next(((e, t) for e, t in heard if isinstance(e, ev.TranscriptReady)), None)
        rejected = next((e for e, _ in heard if isinstance(e, ev.TranscriptRejected)), None)
        if said is None or turn is None:
            sample.transcript = rejected.text if rejected is not None else ""
            sample.reject_reason = rejected.reason if rejected is not None else "no_turn"
            return sample
        said, t_said = said
        sample.accepted = True
        sample.transcript = said.text
        sample.ms["stt"] = said.stt_ms
        sample.ms["end_to_transcript"] = (t_said - t_speech_end) * 1000
        sample.ms["stt_speculative"] = 1.0 if voice_loop.last_stt_speculative else 0.0
        # the same words, numbers either way ("at five" / "at 5"), as the word error rate scores them
        sample.ms["transcript_exact"] = 1.0 if scoring_words(said.text) == scoring_words(rec.text) else 0.0
        sample.route = turn.route
        sample.spoken = turn.spoken or ""
        sample.tool = turn.tool_calls[0].name if turn.tool_calls else None
        for key in ("pre_route", "llm", "llm_prefill", "llm_generate", "execute"):
            if key in turn.timings_ms:
                sample.ms[key] = turn.timings_ms[key]
        toks = sum(o.completion_tokens for o in llm_outputs)
        gen = sum(o.generate_ms for o in llm_outputs)
        if toks and gen > 0:
            sample.ms["llm_tokens_per_s"] = toks / (gen / 1000)
            sample.ms["llm_completion_tokens"] = float(toks)
        if sentences and first_audio:
            sample.ms["first_sentence"] = (sentences[0][1] - t_speech_end) * 1000
            sample.ms["end_to_first_audio"] = (first_audio[0] - t_speech_end) * 1000
            sample.ms["answer_complete"] = (t_turn_done - t_speech_end) * 1000
            sample.ms["sentences"] = float(len(sentences))
        elif turn.spoken:
            t = time.perf_counter()
            first = next(iter(tts.stream(turn.spoken)), None)
            t_first = time.perf_counter()
            if first is not None:
                sample.ms["tts_first_audio"] = (t_first - t) * 1000
                sample.ms["end_to_first_audio"] = (t_first - t_speech_end) * 1000
        return sample

    @staticmethod
    def _cancel_timers(runtime) -> None:
        from jarvis_tui.sdk.responses import RequestInformation
        command = runtime.registry.get("cancel_timer")
        if command is not None:
            try:
                command.execute(RequestInformation(voice_command="cancel all timers"), label="all")
            except Exception:  # noqa: BLE001 - the data dir is thrown away anyway
                pass

    def _summarize(self, samples: list[TurnSample]) -> dict[str, Any]:
        routes = {"pre_route": [s for s in samples if s.route == "pre_route"],
                  "llm": [s for s in samples if s.route == "llm"]}
        stages: dict[str, dict[str, Any]] = {}
        for route, group in routes.items():
            stages[route] = {stage: percentiles([s.ms[stage] for s in group if stage in s.ms], self._pct)
                             for stage in STAGES}
        accepted = [s for s in samples if s.accepted]
        vad = [s.ms["vad_per_frame"] for s in samples if "vad_per_frame" in s.ms]
        return {
            "utterances": len(self.utterances),
            "turns": len(samples),
            "stages_ms": stages,
            "end_to_first_audio_ms": {route: {k: v for k, v in stages[route]["end_to_first_audio"].items()}
                                      for route in routes},
            "speech": {"accepted": len(accepted), "rejected": len(samples) - len(accepted),
                       "exact_transcripts": int(sum(s.ms.get("transcript_exact", 0.0) for s in samples)),
                       "vad_ms_per_32ms_frame": round(float(np.mean(vad)), 3) if vad else None,
                       "speculative_stt_used": int(sum(s.ms.get("stt_speculative", 0.0) for s in samples)),
                       "routes": {k: len(v) for k, v in routes.items()}
                       | {"other": len(accepted) - sum(len(v) for v in routes.values())}},
            "samples": [s.to_dict() for s in samples],
        }

    def _routing(self, runtime, rows: list[dict[str, Any]] | None) -> dict[str, Any]:
        if rows is None:
            return {"skipped": "no corpus (give --corpus F)"}
        brain = runtime.assistant.brain
        if brain is not None:
            brain.reset()
        lines = []
        self.log(f"routing {len(rows)} corpus rows")
        for n, row in enumerate(rows, 1):
            text = str(row["text"])
            t0 = time.perf_counter()
            match = pre_route(text, runtime.registry)
            pre_ms = (time.perf_counter() - t0) * 1000
            if match is not None:
                lines.append({"text": text, "route": "pre_route",
                              "tool_calls": [{"name": match.command.command_name, "arguments": match.result.arguments}],
                              "timings_ms": {"pre_route": pre_ms, "llm": 0.0}})
            elif brain is None:
                lines.append({"text": text, "route": "none", "tool_calls": [], "timings_ms": {"pre_route": pre_ms}})
            else:
                d = brain.route_only(runtime.assistant, text)
                lines.append({"text": text, "route": "llm" if d.tool_calls or d.message else "none",
                              "tool_calls": d.tool_calls,
                              "timings_ms": {"pre_route": pre_ms, "llm": d.timings_ms.get("llm", 0.0),
                                             "prefill": d.timings_ms.get("prefill", 0.0),
                                             "generate": d.timings_ms.get("generate", 0.0)}})
            if n % 25 == 0:
                self.log(f"  {n}/{len(rows)}")
        scorer = score_routes_module()
        with tempfile.TemporaryDirectory() as tmp:
            cpath, rpath = Path(tmp) / "corpus.jsonl", Path(tmp) / "routes.jsonl"
            cpath.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
            rpath.write_text("".join(json.dumps(r, default=str) + "\n" for r in lines), encoding="utf-8")
            import contextlib
            import io
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                scorer.main([str(cpath), str(rpath), "--json"])
        summary = json.loads(buf.getvalue())
        summary.pop("per_tool", None)
        summary["corpus"] = self._corpus_path
        return summary

    @staticmethod
    def _targets(result: dict[str, Any]) -> dict[str, Any]:
        e2f = result.get("end_to_first_audio_ms", {})
        measured = {"end_to_first_audio_p50_ms.pre_route": (e2f.get("pre_route") or {}).get("p50"),
                    "end_to_first_audio_p50_ms.llm": (e2f.get("llm") or {}).get("p50"),
                    "streamed_answer_first_audio_p50_ms":
                        ((result.get("streamed_answers") or {}).get("first_audio_ms") or {}).get("p50"),
                    "startup_s": (result.get("startup_s") or {}).get("ready_to_listen"),
                    "peak_rss_mib": result.get("peak_rss_mib")}
        return {k: {"target": TARGETS[k], "measured": v, "met": None if v is None else v <= TARGETS[k]}
                for k, v in measured.items()}


def run_bench(**kwargs: Any) -> dict[str, Any]:
    return Bench(**kwargs).run()


def _stderr(msg: str) -> None:
    print(f"bench: {msg}", file=sys.stderr, flush=True)
