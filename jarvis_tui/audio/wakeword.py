"""The wake word ("Hey Jarvis"), from a model that ships inside a registry package.

Two engines are here, both with `hey_jarvis` inside their wheel and no download:
- `micro`: microWakeWord (`pymicro-wakeword`), a small streaming model (~50 KB) over 10 ms
  feature windows; its probability is the mean of the last few outputs;
- `open`: openWakeWord (`pyopen-wakeword`), melspectrogram + embedding + a wake word head, every
  80 ms.
Both run TensorFlow Lite through the library each wheel ships. `scripts/measure_wakeword.py`
measures them (detection per voice, false wakes per hour, CPU); the README says which is the
default and why.

`sensitivity` (0..1, default 0.5) maps onto the engine's probability cutoff (`threshold_for`):
higher wakes more easily. After a detection the detector stays quiet for `REFRACTORY_S` of audio,
so one "Hey Jarvis" wakes it once (a `reset()` keeps that quiet time: it forgets the audio heard,
not that it has just fired).
"""
from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from typing import Any, Iterable, Iterator, Protocol

import numpy as np

SAMPLE_RATE = 16000
REFRACTORY_S = 1.5
ENGINES = ("micro", "open")
DEFAULT_ENGINE = "open"
# windows in a row over the cutoff that make a detection (WakeTrigger): microWakeWord's
# probability is already the mean of its last outputs; openWakeWord's is one 80 ms window's
PATIENCE = {"micro": 1, "open": 4}

# sha256 of the model files as the pinned wheels ship them: a damaged install says so
MODEL_SHA256 = {
    ("micro", "hey_jarvis.tflite"): "21a7976add39ee24ec96c63d96b7aaa18e24d1d9824b963e451da8feb4b78b77",
    ("open", "hey_jarvis.tflite"): "14bff778604985e1b5c19f0f7bbe477a69cf281d8db34b232b3b972411f710e2",
    ("open", "melspectrogram.tflite"): "96fa0adccb6e8cf95cb14465409a1a2898ee4a96a85bb9ed3c7eb0e68bf163e8",
    ("open", "embedding_model.tflite"): "c0aea21eb84a4ce90a08c870da41b7a7173b45269e6a3207c71d67c40f3a59d8",
}
PACKAGES = {"micro": ("pymicro_wakeword", "pymicro-wakeword==2.5.0"),
            "open": ("pyopen_wakeword", "pyopen-wakeword==1.1.0")}
_NOT_WAKE_WORDS = {"melspectrogram", "embedding_model"}      # openWakeWord's feature models


class WakeWordError(Exception):
    """The wake word model cannot be loaded; the message says what is missing."""


class WakeWordDetector(Protocol):
    name: str
    cutoff: float       # the probability over which a window counts
    patience: int       # windows in a row over the cutoff that make a detection
    held_s: float       # at a detection: how long (s of audio) the probability had been over the cutoff

    def probabilities(self, frame: np.ndarray) -> list[float]:
        """The model's wake word probability for each window this frame completes (no trigger)."""
        ...

    def process(self, frame: np.ndarray) -> float | None:
        """`frame`: float32 mono 16 kHz in [-1, 1], any length. The detection score when the wake
        word was heard in it, else None."""
        ...

    def reset(self) -> None:
        """Forget what was heard (after the assistant's own speech, after a detection)."""
        ...


def threshold_for(engine: str, sensitivity: float) -> float:
    """The engine's probability cutoff for a sensitivity in 0..1; higher sensitivity, lower cutoff.
    0.5 is microWakeWord's own cutoff (0.97 in its hey_jarvis.json) and, for openWakeWord, the
    cutoff measured to hear every voice of the spoken set with its patience of PATIENCE windows
    (0.40; its default 0.5 is meant for one window); the README has the false wakes and detections.
      micro: 0 -> 0.995, 0.5 -> 0.97, 1 -> 0.80 (linear on each side of 0.5)
      open:  0 -> 0.80,  0.5 -> 0.40, 1 -> 0.10 (linear on each side of 0.5)"""
    if engine not in ENGINES:
        raise WakeWordError(f"unknown wake word engine {engine!r} ({' or '.join(ENGINES)})")
    try:
        s = float(sensitivity)
    except (TypeError, ValueError):
        raise WakeWordError(f"wake word sensitivity {sensitivity!r} is not a number from 0 to 1") from None
    if not 0.0 <= s <= 1.0:
        raise WakeWordError(f"wake word sensitivity {s:g} is out of range: it goes from 0 (fewest false wakes) "
                            "to 1 (wakes most easily); 0.5 is the default")
    if engine == "micro":
        return 0.995 - 0.05 * s if s <= 0.5 else 0.97 - 0.34 * (s - 0.5)
    return 0.8 - 0.8 * s if s <= 0.5 else 0.4 - 0.6 * (s - 0.5)


class WakeTrigger:
    """An engine's probabilities -> detections: `patience` probabilities in a row over the cutoff
    are a detection, then nothing for REFRACTORY_S of audio. Both detectors decide through it, and
    so does scripts/measure_wakeword.py when it tries several cutoffs and patiences on
    probabilities computed once.

    Patience is openWakeWord's own remedy for false activations: the wake word said holds the
    model's probability up for several of its 80 ms windows, a word that only sounds a bit like it
    (the README's near-miss paragraphs) makes a spike of one."""

    def __init__(self, cutoff: float, patience: int = 1) -> None:
        if patience < 1:
            raise WakeWordError(f"wake word patience {patience!r} must be at least 1 window")
        self.cutoff = cutoff
        self.patience = patience
        self._quiet_samples = 0
        self._run = 0                        # windows over the cutoff, in a row so far
        self._run_best = 0.0                 # the highest probability among them
        self._run_samples = 0                # the audio since that run's first window
        self.held_s = 0.0                    # at the last detection: the run's length, in s of audio

    def __call__(self, probabilities: Iterable[float], n_samples: int) -> float | None:
        quiet = self._quiet_samples > 0
        self._quiet_samples = max(0, self._quiet_samples - n_samples)
        fired = None
        if self._run:
            self._run_samples += n_samples
        for p in probabilities:
            if p <= self.cutoff:
                self._run, self._run_best, self._run_samples = 0, 0.0, 0
                continue
            self._run += 1
            self._run_best = max(self._run_best, p)
            if self._run >= self.patience:
                fired = max(fired or 0.0, self._run_best)
        if quiet or fired is None:
            return None
        self.held_s = self._run_samples / SAMPLE_RATE
        self._run, self._run_best, self._run_samples = 0, 0.0, 0
        self._quiet_samples = int(REFRACTORY_S * SAMPLE_RATE)
        return fired


def _package_dir(engine: str) -> Path:
    module, pin = PACKAGES[engine]
    spec = importlib.util.find_spec(module)
    if spec is None or spec.origin is None:
        raise WakeWordError(f"the wake word engine {engine!r} is not installed: pip install '{pin}' "
                            "(make setup installs it)")
    return Path(spec.origin).parent


def _checked(engine: str, path: Path) -> Path:
    if not path.is_file():
        raise WakeWordError(f"the wake word model {path} is missing; reinstall {PACKAGES[engine][1]}")
    want = MODEL_SHA256.get((engine, path.name))
    if want is not None:
        got = hashlib.sha256(path.read_bytes()).hexdigest()
        if got != want:
            raise WakeWordError(f"the wake word model {path} is damaged (sha256 {got[:12]}..., expected "
                                f"{want[:12]}...); reinstall {PACKAGES[engine][1]}")
    return path


def available_models(engine: str = DEFAULT_ENGINE) -> list[str]:
    """The wake words the engine's wheel ships (the names `load_wake_word` takes)."""
    models = _package_dir(engine) / "models"
    return sorted(p.stem for p in models.glob("*.tflite") if p.stem not in _NOT_WAKE_WORDS)


def _pcm16(frame: np.ndarray) -> bytes:
    x = np.asarray(frame, dtype=np.float32).reshape(-1)
    return (np.clip(x, -1.0, 1.0) * 32767).astype("<i2").tobytes()


def _known_model(engine: str, model: str) -> Path:
    pkg = _package_dir(engine)
    names = available_models(engine)
    if model not in names:
        raise WakeWordError(f"no wake word model {model!r} in {PACKAGES[engine][1].split('==')[0]}; "
                            f"available: {', '.join(names)}")
    return pkg


class _EngineDetector:
    """What both engines share: the model's checks and loading (clear errors), the cutoff and the
    trigger, process and reset. An engine says only which extra model files it checks, how its
    model and feature extractor load (`_load`), and how 16-bit audio becomes probabilities
    (`_scores`)."""

    engine: str
    _feature_models: tuple[str, ...] = ()     # model files besides the wake word's own, checked too

    def __init__(self, model: str = "hey_jarvis", sensitivity: float = 0.5, patience: int | None = None) -> None:
        cutoff = threshold_for(self.engine, sensitivity)
        pkg = _known_model(self.engine, model)
        for name in (f"{model}.tflite", *self._feature_models):
            _checked(self.engine, pkg / "models" / name)
        try:
            self._model, self._features = self._load(model)
        except Exception as exc:  # noqa: BLE001 - TFLite loading fails in many ways
            raise WakeWordError(f"cannot load the wake word model {model!r} ({PACKAGES[self.engine][1]}): {exc}") from None
        self.name = model
        self.cutoff = cutoff
        self.patience = PATIENCE[self.engine] if patience is None else patience
        self._trigger = WakeTrigger(cutoff, self.patience)

    def _load(self, model: str) -> tuple[Any, Any]:
        """(the wake word model, its streaming feature extractor), both with a `reset()`."""
        raise NotImplementedError

    def _scores(self, pcm: bytes) -> Iterator[float]:
        """The model's probabilities for the windows these samples (16-bit little-endian) complete."""
        raise NotImplementedError

    def probabilities(self, frame: np.ndarray) -> list[float]:
        """The model's wake word probabilities for the windows this frame completes."""
        return list(self._scores(_pcm16(frame)))

    def process(self, frame: np.ndarray) -> float | None:
        return self._trigger(self.probabilities(frame), len(frame))

    @property
    def held_s(self) -> float:
        return self._trigger.held_s

    def reset(self) -> None:
        self._model.reset()
        self._features.reset()


class MicroWakeWordDetector(_EngineDetector):
    """microWakeWord: 10 ms feature windows; the probability is the mean of the model's last outputs."""

    engine = "micro"

    def _load(self, model: str) -> tuple[Any, Any]:
        from pymicro_wakeword import MicroWakeWord, MicroWakeWordFeatures, Model
        return MicroWakeWord.from_builtin(Model(model)), MicroWakeWordFeatures()

    def _scores(self, pcm: bytes) -> Iterator[float]:
        for features in self._features.process_streaming(pcm):
            prob = self._model.process_streaming_prob(features)
            if prob is not None:
                yield prob


class OpenWakeWordDetector(_EngineDetector):
    """openWakeWord: melspectrogram -> embeddings -> the wake word head, every 80 ms."""

    engine = "open"
    _feature_models = ("melspectrogram.tflite", "embedding_model.tflite")

    def _load(self, model: str) -> tuple[Any, Any]:
        from pyopen_wakeword import Model, OpenWakeWord, OpenWakeWordFeatures
        return OpenWakeWord.from_builtin(Model(model)), OpenWakeWordFeatures.from_builtin()

    def _scores(self, pcm: bytes) -> Iterator[float]:
        for embedding in self._features.process_streaming(pcm):
            yield from self._model.process_streaming(embedding)


DETECTORS = {"micro": MicroWakeWordDetector, "open": OpenWakeWordDetector}


def load_wake_word(model: str = "hey_jarvis", sensitivity: float = 0.5,
                   engine: str = DEFAULT_ENGINE, patience: int | None = None) -> WakeWordDetector:
    """The detector for `model` ("hey_jarvis"); WakeWordError says what is missing or wrong.
    `patience`: windows in a row over the cutoff that make a detection (default: the engine's)."""
    if engine not in DETECTORS:
        raise WakeWordError(f"unknown wake word engine {engine!r} ({' or '.join(ENGINES)})")
    return DETECTORS[engine](model, sensitivity, patience)
