"""Thread counts that fit the machine.

`llm.threads`, `stt.threads` and `tts.threads` are "auto" by default: chosen here from the cores
this process may run on (`os.sched_getaffinity`: a container or `taskset` limit counts), so that an
8-core laptop generates faster and a 2-core machine does not oversubscribe itself. The parts
overlap: answers stream into TTS while the LLM still generates, and speculative STT runs while the
turn before it finishes; llama.cpp's threads busy-wait for each other, so one more thread than
there are free cores makes every token wait for a descheduled thread.
"""
from __future__ import annotations

import os

AUTO = "auto"


SPIN_COUNT = "3000"         # GOMP_SPINCOUNT: how long a waiting OpenMP thread spins before it sleeps
spin_set_here = False       # GOMP_SPINCOUNT is ours, not the user's (CTranslate2 loads without it)


def bounded_openmp_spin() -> str:
    """OpenMP threads that spin only briefly while they wait (GOMP_SPINCOUNT=3000), unless the user
    set OMP_WAIT_POLICY or GOMP_SPINCOUNT. libgomp reads them once, when it loads, so this runs when
    `jarvis_tui` is imported, before llama.cpp (linked to the system libgomp) is; CTranslate2's own
    copy is loaded passive (`audio.stt.load_ctranslate2`).

    libgomp's default (300,000 spins, unbounded with ACTIVE) is why a turn stalled for minutes on a
    busy machine: llama.cpp's threads spin at every wait, and against other busy processes the
    spinning threads take the cores that the working one needs (2-core machine, 2 generating threads:
    with two busy-loop competitors 3.8 tokens/s, 2.0 at worst; with piper speaking beside it 0.9-9.5).
    Sleeping at once (OMP_WAIT_POLICY=PASSIVE, spin count 0, used until 2026-11-28) makes a second
    thread useless instead: the two threads of a token meet at every layer and each meeting wakes a
    sleeper (0.5B, 3,000 tokens of context: 81 ms a token with 2 passive threads, 74 with 1). A short
    spin covers those meetings and sleeps soon enough to leave a busy core alone; measured on the
    2-core machine (ms a token with 2 threads; a 15-token prompt read with 2):

        spin count        idle: token / prompt    one busy process: token / prompt
        0 (passive)            81 / 195                86 / 250
        300                    62 / -                  - / -
        1,000                  44 / 140                97 / -
        3,000                  40 / 132               110 / 320
        10,000                 39 / 131               174 / 490
        100,000                39 / 131            40-583 / 1,064-1,326
        default (300,000)      41 / -              39-507 / -

    Where the cores are shared, the token is written with one thread instead (74-75 ms, idle or
    beside one busy process: `jarvis_tui.llm.generating_threads`)."""
    global spin_set_here
    if "OMP_WAIT_POLICY" in os.environ or "GOMP_SPINCOUNT" in os.environ:
        return os.environ.get("GOMP_SPINCOUNT", "")
    spin_set_here = True
    os.environ["GOMP_SPINCOUNT"] = SPIN_COUNT
    return SPIN_COUNT


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):         # not Linux
        return max(1, os.cpu_count() or 1)


def auto_threads(part: str, cores: int | None = None) -> int:
    """The thread count for `part` ("llm", "llm_prefill", "stt", "tts") with `cores` cores.
      llm (generating): one core is left for TTS/STT and the UI, at most 4, while the cores are
           shared; llm_most: every core, at most 4, while writing with them is fast (each token's
           time says: `jarvis_tui.llm.generating_threads`). Generating is
           memory-bound: on the 2-core machine (OpenMP passive) the 0.5B writes 31-34 tokens/s
           with 1 thread and 29-33 with 2; with piper speaking beside it 26-27 with 1 and 24 with
           2, TTS ~240 ms a sentence either way (with OpenMP passive; with the short spin of
           `bounded_openmp_spin` 2 threads write twice as fast as 1 when nothing runs beside them);
      llm_prefill (reading the prompt, compute-bound, nothing runs beside it): every core up to 2,
           then one left free, at most 8. 200 tokens: 1.4 s with 1 thread, 0.8 s with 2; with two
           busy competitors 2.7 s and 2.0 s;
      stt: half the cores, 1 to 4 (a short command decodes in ~150 ms on 2);
      tts: 1, and 2 from 6 cores."""
    n = usable_cores() if cores is None else max(1, cores)
    if part == "llm":
        return max(1, min(n - 1, 4))
    if part == "llm_most":
        return min(n, 4)
    if part == "llm_prefill":
        return n if n <= 2 else min(n - 1, 8)
    if part == "stt":
        return max(1, min(4, n // 2)) if n > 2 else n
    if part == "tts":
        return 2 if n >= 6 else 1
    raise ValueError(f"no thread rule for {part!r}")


def threads(setting: int | str, part: str) -> int:
    """A config value ("auto" or a count) -> the count to use (a count is used for both of the
    LLM's: generating and reading the prompt)."""
    return auto_threads(part) if setting == AUTO else int(setting)
