"""`bench --load N`: the competitors run while the block runs and are always stopped: at its end,
on an error inside it, and by themselves when their parent dies."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from jarvis_tui.bench.load import CpuLoad


def _alive(pids: list[int]) -> list[int]:
    """The pids still running (a zombie waiting for its new parent to reap it has ended)."""
    out = subprocess.run(["ps", "-o", "pid=,stat=", "-p", ",".join(map(str, pids))], capture_output=True, text=True).stdout
    return [int(line.split()[0]) for line in out.splitlines() if line.split() and not line.split()[1].startswith("Z")]


def test_competitors_run_inside_the_block_and_stop_after_it():
    with CpuLoad(2) as load:
        pids = [p.pid for p in load.processes]
        assert load.running == 2 and sorted(_alive(pids)) == sorted(pids)
    assert load.running == 0 and _alive(pids) == []


def test_an_error_inside_the_block_still_stops_them():
    with pytest.raises(RuntimeError):
        with CpuLoad(1) as load:
            pids = [p.pid for p in load.processes]
            raise RuntimeError("the bench failed")
    assert _alive(pids) == []


def test_they_end_by_themselves_when_the_bench_process_dies():
    code = ("import sys; sys.path.insert(0, %r)\n"
            "from jarvis_tui.bench.load import CpuLoad\n"
            "load = CpuLoad(1).__enter__()\n"
            "print(load.processes[0].pid, flush=True)\n"
            "import os; os._exit(0)\n") % (str(__import__("pathlib").Path(__file__).resolve().parents[2]),)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    pid = int(out.stdout.split()[0])
    end = time.monotonic() + 10
    while _alive([pid]) and time.monotonic() < end:
        time.sleep(0.1)
    assert _alive([pid]) == []


def test_a_negative_count_is_refused():
    with pytest.raises(ValueError, match="--load"):
        CpuLoad(-1)


def test_the_cpu_the_competitors_used_is_told_apart_from_the_rest():
    from jarvis_tui.bench.load import CpuShare, process_cpu_seconds
    with CpuLoad(1) as load:
        share = CpuShare(load)
        pid = load.processes[0].pid
        end = time.monotonic() + 20
        while load.cpu_seconds() < 0.2 and time.monotonic() < end:
            time.sleep(0.05)
        used = load.cpu_seconds()
        cores = share.cores()
    assert used >= 0.2 and process_cpu_seconds(pid) == 0.0          # it used the CPU, and it is gone
    assert cores["competitors"] > 0 and cores["others"] is not None and cores["others"] >= 0
