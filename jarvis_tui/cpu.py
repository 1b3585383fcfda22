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


def passive_openmp() -> str:
    """OpenMP threads that sleep instead of spinning while they wait (OMP_WAIT_POLICY=PASSIVE),
    unless the user set the variable. libgomp reads it once, when it loads, so this runs when
    `jarvis_tui` is imported, before llama.cpp (linked to the system libgomp) or CTranslate2 (its
    own copy) is.

    This is why a turn stalled for minutes on a busy machine: llama.cpp is built with OpenMP, and
    with the default policy each of its threads spins for a while at every wait (between two
    tokens, and whenever the other thread of the team is descheduled); against other busy
    processes the spinning threads take the cores that the working one needs. Measured on the
    2-core machine with 2 generating threads: with two busy-loop competitors 3.8 tokens/s (2.0 at
    worst) spinning, 11.9 passive; with piper speaking beside it 0.9-9.5 tokens/s spinning, 24
    passive; idle the same (22-23 tokens/s) either way."""
    return os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def usable_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):         # not Linux
        return max(1, os.cpu_count() or 1)


def auto_threads(part: str, cores: int | None = None) -> int:
    """The thread count for `part` ("llm", "llm_prefill", "stt", "tts") with `cores` cores.
      llm (generating): one core is left for TTS/STT and the UI, at most 4. Generating is
           memory-bound: on the 2-core machine (OpenMP passive) the 0.5B writes 31-34 tokens/s
           with 1 thread and 29-33 with 2; with piper speaking beside it 26-27 with 1 and 24 with
           2, TTS ~240 ms a sentence either way;
      llm_prefill (reading the prompt, compute-bound, nothing runs beside it): every core up to 2,
           then one left free, at most 8. 200 tokens: 1.4 s with 1 thread, 0.8 s with 2; with two
           busy competitors 2.7 s and 2.0 s;
      stt: half the cores, 1 to 4 (a short command decodes in ~150 ms on 2);
      tts: 1, and 2 from 6 cores."""
    n = usable_cores() if cores is None else max(1, cores)
    if part == "llm":
        return max(1, min(n - 1, 4))
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
