"""The stall under load: llama.cpp's OpenMP threads spin only briefly while they wait (long enough
for the two threads of a token to meet, short enough to leave a busy core alone: jarvis_tui.cpu),
and CTranslate2's not at all. Read back from the libgomp that each loaded (omp_display_env,
verbose), in a fresh process: how many times a waiting thread spins before it sleeps (300000 when
nothing is set, 0 passive, 30000000000 active)."""
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


CT2_PROBE = ("import sys\n"           # its libgomp has no omp_display_env: OMP_DISPLAY_ENV prints on loading
             "sys.path.insert(0, %r)\n"
             "import jarvis_tui\n"
             "from jarvis_tui.audio.stt import load_ctranslate2\n"
             "load_ctranslate2()\n") % str(REPO)


def _spin_count(environ: dict[str, str], probe: str = PROBE) -> int:
    pytest.importorskip("llama_cpp")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, env=environ)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [line for line in out.stderr.splitlines() if "GOMP_SPINCOUNT" in line]
    assert lines, out.stderr[-2000:]
    return int(lines[0].split("=", 1)[1].strip().strip("'"))


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT")}
    env.update(extra)
    return env


def test_llama_cpp_openmp_threads_spin_briefly():
    assert _spin_count(_env()) == 3000


def test_a_users_own_wait_policy_or_spin_count_wins():
    assert _spin_count(_env(OMP_WAIT_POLICY="ACTIVE")) > 300000
    assert _spin_count(_env(OMP_WAIT_POLICY="PASSIVE")) == 0
    assert _spin_count(_env(GOMP_SPINCOUNT="0")) == 0


def test_ctranslate2s_openmp_threads_wait_passively():
    """Its own copy of libgomp: the short spin given to llama.cpp's is hidden while it loads."""
    pytest.importorskip("ctranslate2")
    assert _spin_count(_env(OMP_DISPLAY_ENV="VERBOSE"), CT2_PROBE) == 0
    assert _spin_count(_env(OMP_DISPLAY_ENV="VERBOSE", OMP_WAIT_POLICY="ACTIVE"), CT2_PROBE) > 300000
