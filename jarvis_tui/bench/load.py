"""`jarvis-tui bench --load N`: N CPU-bound competitor processes while the bench measures, as on a
desktop where a browser or a build is busy. They are stopped when the block ends, also on Ctrl-C
or an error, and each ends by itself if the bench process dies (it watches its parent)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

# a plain Python busy loop that ends when its parent (its pid given, not read: it may be gone already) is gone
BUSY_LOOP = (
    "import os, sys\n"
    "parent = int(sys.argv[1])\n"
    "while os.getppid() == parent:\n"
    "    for _ in range(200000):\n"
    "        pass\n"
)


class CpuLoad:
    def __init__(self, competitors: int) -> None:
        if competitors < 0:
            raise ValueError("--load must be 0 or more competitor processes")
        self.competitors = competitors
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> "CpuLoad":
        try:
            for _ in range(self.competitors):
                self.processes.append(subprocess.Popen([sys.executable, "-c", BUSY_LOOP, str(os.getpid())],
                                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                       stderr=subprocess.DEVNULL))
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        for p in self.processes:
            if p.poll() is None:
                p.kill()
        for p in self.processes:
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:     # pragma: no cover - a killed process ends
                pass

    def cpu_seconds(self) -> float:
        """CPU time the competitors used so far (0 where /proc cannot tell)."""
        return sum(process_cpu_seconds(p.pid) for p in self.processes)

    @property
    def running(self) -> int:
        return sum(p.poll() is None for p in self.processes)

    @staticmethod
    def load_average() -> float | None:
        try:
            return round(os.getloadavg()[0], 2)
        except OSError:                            # pragma: no cover - not on Linux/macOS
            return None


def _clock_ticks() -> int:
    try:
        return os.sysconf("SC_CLK_TCK")
    except (AttributeError, ValueError, OSError):   # pragma: no cover - not POSIX
        return 100


def process_cpu_seconds(pid: int) -> float:
    """utime + stime of a process from /proc (0.0 where there is no /proc or it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _clock_ticks()


def machine_busy_seconds() -> float | None:
    """CPU time all processes used since boot (/proc/stat: all but idle and iowait), None off Linux."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    return (sum(values[:8]) - values[3] - values[4]) / _clock_ticks()


class CpuShare:
    """Who used the CPU while the bench ran, in cores (CPU seconds per wall second): the bench
    process itself, its competitors, and everything else on the machine (other people's work
    makes an 'idle' figure a loaded one: the report says so)."""

    def __init__(self, load: CpuLoad) -> None:
        self.load = load
        self.t0 = time.monotonic()
        self.busy0 = machine_busy_seconds()
        self.own0 = sum(os.times()[:2])
        self.competitors0 = load.cpu_seconds()

    def cores(self) -> dict[str, float | None]:
        """Since this was made; call it while the competitors still run."""
        wall = max(1e-6, time.monotonic() - self.t0)
        own = sum(os.times()[:2]) - self.own0
        competitors_cpu_s = self.load.cpu_seconds() - self.competitors0
        busy1 = machine_busy_seconds()
        others = None
        if self.busy0 is not None and busy1 is not None:
            others = round(max(0.0, (busy1 - self.busy0) - own - competitors_cpu_s) / wall, 2)
        return {"bench": round(own / wall, 2), "competitors": round(competitors_cpu_s / wall, 2), "others": others}
