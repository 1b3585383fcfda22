"""How many threads write the next token: every core while that is faster, fewer while something
else takes the cores.

Writing a token of the 0.5B on a 2-core machine takes ~40 ms with both cores and ~75 ms with one
when nothing else runs (the prompt's ~3,000 tokens in the context), but with a busy process beside
it (the TTS speaking a streamed sentence, a compiler) two threads wait for each other at every step
and a token takes 110 ms or more, worse than one thread alone (README: "Writing with both cores
while they are free"). Whether the other core is free changes from one second to the next and is
only known by trying, so each token's time is the measure: the count whose recent tokens were
faster writes the next ones, and the other count is tried again now and then (after
`FIRST_LOOK_S`, then twice as long each time it is still the slower, up to `LONGEST_LOOK_S`), so a
machine that stays busy, or stays idle, pays one token of the slower kind a minute at most.
"""
from __future__ import annotations

import threading
import time
from typing import Callable

ALPHA = 0.3                # weight of a new token's time in its count's running average
STALE_S = 10.0             # an average older than this is replaced by the next token's time, not blended
FIRST_LOOK_S = 2.0         # the slower count is tried again after this long ...
LONGEST_LOOK_S = 60.0      # ... doubling while it stays the slower, up to this


class GeneratingThreads:
    """The thread count for each token: `choose()` before it, `observe(threads, ms)` after it (only
    single-token steps: a step that also reads prompt tokens is not a token's time)."""

    def __init__(self, fewest: int, most: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.fewest = max(1, int(fewest))
        self.most = max(self.fewest, int(most))
        self._clock = clock
        self._ms: dict[int, float | None] = {self.fewest: None, self.most: None}
        self._at: dict[int, float] = {self.fewest: float("-inf"), self.most: float("-inf")}
        self._faster = self.most
        self._look_after = FIRST_LOOK_S
        self._lock = threading.Lock()
        self.switches = 0              # how often the faster count changed (the cores freed or taken)

    @property
    def adapts(self) -> bool:
        return self.most > self.fewest

    def _other(self, count: int) -> int:
        return self.fewest if count == self.most else self.most

    def average_ms(self, count: int) -> float | None:
        return self._ms.get(count)

    def faster(self) -> int:
        """The count whose recent tokens were faster (the most threads until both were measured): a
        prompt read beside a busy process is faster with the fewest too (README)."""
        return self._faster if self.adapts else self.fewest

    def choose(self) -> int:
        if not self.adapts:
            return self.fewest
        with self._lock:
            slower = self._other(self._faster)
            if self._ms[self._faster] is not None and (
                    self._ms[slower] is None or self._clock() - self._at[slower] > self._look_after):
                return slower
            return self._faster

    def observe(self, threads: int, ms: float) -> None:
        """One token written with `threads` threads took `ms`."""
        if not self.adapts or threads not in self._ms or ms <= 0:
            return
        with self._lock:
            now = self._clock()
            before = self._ms[threads]
            fresh = before is not None and now - self._at[threads] <= STALE_S
            self._ms[threads] = before + ALPHA * (ms - before) if fresh and before is not None else ms
            self._at[threads] = now
            most, fewest = self._ms[self.most], self._ms[self.fewest]
            if most is None or fewest is None:
                return
            faster = self.most if most < fewest else self.fewest
            if faster != self._faster:
                self._faster = faster
                self._look_after = FIRST_LOOK_S
                self.switches += 1
            elif threads != faster:
                self._look_after = min(LONGEST_LOOK_S, self._look_after * 2)
