"""The stall under load: llama.cpp's OpenMP threads must sleep, not spin, while they wait.
Read back from the libgomp that llama.cpp itself loaded (omp_display_env, verbose), in a fresh
process: how many times a waiting thread spins before it sleeps (300000 when nothing is set,
0 passive, 30000000000 active)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
PROBE = ("import ctypes, sys\n"
         "sys.path.insert(0, %r)\n"
         "import jarvis_tui\n"
         "import llama_cpp  # loads libggml-cpu and with it the system libgomp\n"
         "ctypes.CDLL('libgomp.so.1').omp_display_env(1)\n") % str(REPO)


def _spin_count(environ: dict[str, str]) -> int:
    pytest.importorskip("llama_cpp")
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, env=environ)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [line for line in out.stderr.splitlines() if "GOMP_SPINCOUNT" in line]
    assert lines, out.stderr[-2000:]
    return int(lines[0].split("=", 1)[1].strip().strip("'"))


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    env.update(extra)
    return env


def test_llama_cpp_openmp_threads_wait_passively():
    assert _spin_count(_env()) == 0


def test_a_users_own_wait_policy_wins():
    assert _spin_count(_env(OMP_WAIT_POLICY="ACTIVE")) > 300000
