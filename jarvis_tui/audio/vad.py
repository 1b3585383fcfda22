"""Streaming voice activity detection with the Silero VAD v6 ONNX model that faster-whisper ships.

The model takes frames of 512 new samples at 16 kHz preceded by the last 64 samples of the
previous frame (input shape (1, 576)) and carries an LSTM state (h, c: (1, 1, 128) each).
"""
from __future__ import annotations

import os
import threading

import numpy as np

FRAME = 512            # samples per VAD frame at 16 kHz (32 ms)
CONTEXT = 64
SAMPLE_RATE = 16000


class VadError(Exception):
    pass


def model_path() -> str:
    # located without importing faster_whisper (that would load CTranslate2 before
    # stt.load_ctranslate2 can set its OpenMP wait policy)
    import importlib.util
    spec = importlib.util.find_spec("faster_whisper")
    if spec is None or not spec.origin:  # pragma: no cover - a hard dependency
        raise VadError("faster-whisper is not installed (its Silero VAD model is needed)")
    path = os.path.join(os.path.dirname(spec.origin), "assets", "silero_vad_v6.onnx")
    if not os.path.exists(path):
        raise VadError(f"the Silero VAD model is missing: {path}")
    return path


class SileroVad:
    """`prob(frame)` -> speech probability of one 512-sample float32 frame; keeps the stream state."""

    def __init__(self, path: str | None = None) -> None:
        import onnxruntime

        opts = onnxruntime.SessionOptions()
        opts.inter_op_num_threads = 1
        opts.intra_op_num_threads = 1
        opts.log_severity_level = 4
        try:
            self.session = onnxruntime.InferenceSession(path or model_path(), sess_options=opts,
                                                        providers=["CPUExecutionProvider"])
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own types
            raise VadError(f"cannot load the VAD model: {exc}") from None
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self._h = np.zeros((1, 1, 128), dtype=np.float32)
        self._c = np.zeros((1, 1, 128), dtype=np.float32)
        self._context = np.zeros(CONTEXT, dtype=np.float32)

    def prob(self, frame: np.ndarray) -> float:
        frame = np.asarray(frame, dtype=np.float32)
        if frame.shape != (FRAME,):
            raise ValueError(f"a VAD frame is {FRAME} samples, got {frame.shape}")
        with self._lock:
            x = np.concatenate([self._context, frame])[None, :]
            out, self._h, self._c = self.session.run(None, {"input": x, "h": self._h, "c": self._c})
            self._context = frame[-CONTEXT:].copy()
        return float(np.asarray(out).reshape(-1)[0])

    def probs(self, samples: np.ndarray) -> np.ndarray:
        """Probabilities of every whole frame of `samples` (stream state carries on)."""
        n = len(samples) // FRAME
        return np.array([self.prob(samples[i * FRAME:(i + 1) * FRAME]) for i in range(n)], dtype=np.float32)
