"""Each token is written with every core while that is faster, with fewer while something else
takes the cores (jarvis_tui.llm.generating_threads), and the slower count is tried again now and
then, less often while it stays the slower."""
from __future__ import annotations

import pytest

from jarvis_tui.llm import generating_threads as gt
from jarvis_tui.llm.generating_threads import GeneratingThreads


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _write(g: GeneratingThreads, clock: Clock, ms_for: dict[int, float], tokens: int, step_s: float = 0.05) -> list[int]:
    """`tokens` tokens, each taking ms_for[its thread count]; the counts used, in order."""
    used = []
    for _ in range(tokens):
        n = g.choose()
        used.append(n)
        g.observe(n, ms_for[n])
        clock.now += step_s
    return used


def test_idle_cores_write_with_all_of_them_and_look_at_one_rarely():
    clock = Clock()
    g = GeneratingThreads(1, 2, clock=clock)
    used = _write(g, clock, {1: 75.0, 2: 40.0}, tokens=2000)          # 100 s of writing
    assert used[:2] == [2, 1]                 # the most first, then one look at the fewest
    assert used.count(1) <= 8 and used[-1] == 2
    assert g.faster() == 2 and g.switches == 0


def test_shared_cores_write_with_fewer_and_look_back_at_the_most_rarely():
    clock = Clock()
    g = GeneratingThreads(1, 2, clock=clock)
    used = _write(g, clock, {1: 75.0, 2: 110.0}, tokens=2000)
    assert used[:3] == [2, 1, 1]              # both measured, then the faster
    assert used.count(2) <= 8 and g.faster() == 1 and g.switches == 1


def test_the_faster_count_follows_the_load_as_it_comes_and_goes():
    clock = Clock()
    g = GeneratingThreads(1, 2, clock=clock)
    _write(g, clock, {1: 75.0, 2: 40.0}, tokens=200)
    assert g.faster() == 2
    # a busy process starts: the most threads' own tokens show it at once
    used = _write(g, clock, {1: 80.0, 2: 300.0}, tokens=200)
    assert g.faster() == 1 and used.count(2) <= 4
    # it ends: the next look at the most threads (after at most FIRST_LOOK_S doubled a few times) finds them fast
    used = _write(g, clock, {1: 75.0, 2: 40.0}, tokens=600)
    assert g.faster() == 2 and used[-1] == 2


def test_the_look_at_the_slower_count_backs_off_to_once_a_minute():
    clock = Clock()
    g = GeneratingThreads(1, 2, clock=clock)
    used = _write(g, clock, {1: 75.0, 2: 40.0}, tokens=int(4 * gt.LONGEST_LOOK_S / 0.05))
    looks = [i for i, n in enumerate(used) if n == 1]
    gaps = [(b - a) * 0.05 for a, b in zip(looks, looks[1:])]
    assert gaps == sorted(gaps) and max(gaps) <= gt.LONGEST_LOOK_S + 0.1
    assert gaps[0] <= 2 * gt.FIRST_LOOK_S + 0.1 and gaps[-1] == pytest.approx(gt.LONGEST_LOOK_S, abs=0.1)


def test_an_old_average_is_replaced_not_blended():
    """After a pause between turns, the first token's time is what counts now."""
    clock = Clock()
    g = GeneratingThreads(1, 2, clock=clock)
    _write(g, clock, {1: 75.0, 2: 40.0}, tokens=50)
    clock.now += gt.STALE_S + 1
    g.observe(2, 300.0)
    assert g.average_ms(2) == 300.0


@pytest.mark.parametrize("fewest, most", [(1, 1), (4, 4), (3, 2)])
def test_one_count_allowed_is_always_that_count(fewest, most):
    clock = Clock()
    g = GeneratingThreads(fewest, most, clock=clock)
    assert not g.adapts
    assert set(_write(g, clock, {fewest: 50.0, max(fewest, most): 50.0}, tokens=20)) == {fewest}
    assert g.faster() == fewest
