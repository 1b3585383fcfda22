"""Model resolution: 'bundled' -> the assembled default GGUF; anything else is a path to a GGUF.
A missing or corrupt file is an LlmError naming the path."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from jarvis_tui.llm import bundled
from jarvis_tui.llm.backend import LlmError

GGUF_MAGIC = b"GGUF"


def resolve_model(spec: str | None, progress: Callable[[str, float], None] | None = None) -> Path:
    """'bundled' (or nothing), a tier's alias ('qwen2.5-coder-1.5b'), or a path to a GGUF."""
    model = bundled.MODELS.get(spec or "bundled")
    if model is not None:
        try:
            return model.ensure(progress=progress)
        except bundled.BundledModelError as exc:
            what = "the bundled LLM" if model is bundled.BUNDLED else f"llm.model = {spec!r}"
            raise LlmError(f"{what} is not available: {exc}") from None
    path = Path(os.path.expanduser(spec))
    check_gguf(path)
    return path


def check_gguf(path: Path) -> None:
    if not path.exists():
        raise LlmError(f"LLM model file not found: {path}")
    if not path.is_file():
        raise LlmError(f"LLM model path is not a file: {path}")
    try:
        with open(path, "rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise LlmError(f"cannot read LLM model file {path}: {exc.strerror}") from None
    if magic != GGUF_MAGIC:
        raise LlmError(f"{path} is not a GGUF model (it starts with {magic!r}, not b'GGUF'); "
                       "the file is corrupt or in another format")
