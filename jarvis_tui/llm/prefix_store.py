"""Prefilled prompt prefixes (llama.cpp KV state) kept compact in memory and on disk across restarts.

Prefilling the system prompt of the bundled model (~1700 tokens) takes ~18 s on a 2-core CPU; the
KV state it leaves behind is ~20 MB. So the state is written once to
`<model cache dir>/prefix-states/<key>.kv`, keyed by llama-cpp-python version + model file
(path, size, mtime) + n_ctx + the exact prefix tokens, and read back at the next start (tens of ms).

`snapshot()` is `Llama.save_state()` without the copy of the logits buffer: llama-cpp-python copies
its whole `scores` array (n_batch x n_vocab float32 = 311 MB for a 152k vocabulary) into every
state, although a prefix state never needs them (generation re-evaluates the last prompt token).
A (1, n_vocab) zero row broadcasts into `Llama.load_state`'s `scores[:n] = state.scores`.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Sequence

import numpy as np

log = logging.getLogger(__name__)

MAGIC = b"JARVIS-PREFIX-STATE 1\n"
SUFFIX = ".kv"


def snapshot(llm: Any):
    """The current KV state of a `llama_cpp.Llama`, as a LlamaState without the logits copy."""
    import llama_cpp
    from llama_cpp.llama import LlamaState

    size = int(llama_cpp.llama_get_state_size(llm._ctx.ctx))
    buf = (ctypes.c_uint8 * size)()
    n = int(llama_cpp.llama_copy_state_data(llm._ctx.ctx, buf))
    if n > size:
        raise RuntimeError("llama_copy_state_data wrote more than the state size")
    return LlamaState(input_ids=llm.input_ids.copy(), scores=np.zeros((1, llm.n_vocab()), dtype=np.single),
                      n_tokens=int(llm.n_tokens), llama_state=bytes(memoryview(buf)[:n]),
                      llama_state_size=n, seed=llm._seed)


def state_key(model_path: str | os.PathLike[str], n_ctx: int, tokens: Sequence[int]) -> str:
    import llama_cpp

    p = Path(model_path).resolve()
    st = p.stat()
    h = hashlib.sha256()
    h.update(f"{llama_cpp.__version__}|{p}|{st.st_size}|{st.st_mtime_ns}|{n_ctx}|".encode())
    h.update(np.asarray(list(tokens), dtype=np.int32).tobytes())
    return h.hexdigest()[:40]


class PrefixStateStore:
    """Prefix states on disk: `load(llm, model_path, n_ctx, tokens)` restores one into `llm`
    (False when there is none or it does not fit), `save(...)` writes the live state. At most
    `max_files` are kept (least recently used go). Failures only log: the caller prefills instead."""

    def __init__(self, directory: str | os.PathLike[str], max_files: int = 8) -> None:
        self.directory = Path(directory)
        self.max_files = max_files
        self.last_load_ms = 0.0
        self.last_save_ms = 0.0

    def path_for(self, model_path: str | os.PathLike[str], n_ctx: int, tokens: Sequence[int]) -> Path:
        return self.directory / (state_key(model_path, n_ctx, tokens) + SUFFIX)

    def load(self, llm: Any, model_path: str | os.PathLike[str], n_ctx: int, tokens: Sequence[int]) -> bool:
        from llama_cpp.llama import LlamaState

        t0 = time.perf_counter()
        try:
            path = self.path_for(model_path, n_ctx, tokens)
            if not path.is_file():
                return False
            with open(path, "rb") as fh:
                if fh.readline() != MAGIC:
                    raise ValueError("not a prefix state file")
                header = json.loads(fh.readline())
                n_tok, size = int(header["n_tokens"]), int(header["state_size"])
                ids = np.frombuffer(fh.read(4 * n_tok), dtype=np.int32)
                data = fh.read(size)
            if n_tok != len(tokens) or len(data) != size or not np.array_equal(ids, np.asarray(tokens, np.int32)):
                raise ValueError("the file does not match the prompt (truncated or stale)")
            if int(header.get("n_vocab", -1)) != llm.n_vocab():
                raise ValueError("vocabulary size differs")
            input_ids = np.zeros(llm.input_ids.shape, dtype=np.intc)
            input_ids[:n_tok] = ids
            state = LlamaState(input_ids=input_ids, scores=np.zeros((1, llm.n_vocab()), dtype=np.single),
                               n_tokens=n_tok, llama_state=data, llama_state_size=size,
                               seed=int(header.get("seed", llm._seed)))
            llm.load_state(state)
            os.utime(path)            # recently used: kept when pruning
            self.last_load_ms = (time.perf_counter() - t0) * 1000
            return True
        except Exception as exc:  # noqa: BLE001 - a bad cache file costs a prefill, nothing more
            log.warning("prefix state cache unusable (%s); prefilling instead", exc)
            llm.n_tokens = 0
            try:
                path.unlink(missing_ok=True)   # type: ignore[possibly-undefined]
            except Exception:  # noqa: BLE001
                pass
            return False

    def save(self, llm: Any, model_path: str | os.PathLike[str], n_ctx: int, tokens: Sequence[int]) -> Path | None:
        t0 = time.perf_counter()
        try:
            if int(llm.n_tokens) != len(tokens):
                raise ValueError(f"live state has {llm.n_tokens} tokens, the prefix {len(tokens)}")
            state = snapshot(llm)
            self.directory.mkdir(parents=True, exist_ok=True)
            path = self.path_for(model_path, n_ctx, tokens)
            tmp = path.with_suffix(f".tmp{os.getpid()}")
            header = {"n_tokens": len(tokens), "state_size": state.llama_state_size, "n_vocab": llm.n_vocab(),
                      "seed": state.seed, "model": str(model_path), "n_ctx": n_ctx}
            with open(tmp, "wb") as fh:
                fh.write(MAGIC)
                fh.write(json.dumps(header).encode() + b"\n")
                fh.write(np.asarray(tokens, dtype=np.int32).tobytes())
                fh.write(state.llama_state)
            os.replace(tmp, path)
            self._prune()
            self.last_save_ms = (time.perf_counter() - t0) * 1000
            return path
        except Exception as exc:  # noqa: BLE001
            log.warning("cannot write the prefix state cache in %s: %s", self.directory, exc)
            return None

    def _prune(self) -> None:
        files = sorted(self.directory.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[self.max_files:]:
            try:
                old.unlink()
            except OSError:
                pass
