"""Nothing the program writes grows without bound: a C library flooding fd 2 (PortAudio's
"Expression 'self->capture.ready || self->playback.ready' failed" when the sound server goes away)
ends up as a few collapsed lines in a size-capped rotating log and a rate-limited terminal."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from jarvis_tui.logs import LOG_NAME, MAX_BYTES, BACKUPS, RepeatCollapser, log_files_size

FLOOD = textwrap.dedent('''
    import logging, os, sys, time
    from pathlib import Path
    from jarvis_tui.logs import NativeStderr, bounded_file_handler
    data = Path(sys.argv[1])
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    with NativeStderr(log_handler=bounded_file_handler(data), forward=True):
        line = b"Expression 'self->capture.ready || self->playback.ready' failed in 'src/hostapi/alsa/pa_linux_alsa.c'\\n"
        t0 = time.monotonic()
        n = 0
        while time.monotonic() - t0 < 3.0:          # as fast as C code can write, for 3 seconds
            os.write(2, line * 64)
            n += 64
        for i in range(5000):                        # many different lines too
            os.write(2, f"distinct line {i}\\n".encode())
        logging.getLogger("jarvis").warning("a python warning")
    print(n)
''')


def test_a_flood_on_fd2_stays_bounded_and_collapsed(tmp_path):
    p = subprocess.run([sys.executable, "-c", FLOOD, str(tmp_path)], capture_output=True, timeout=120,
                       cwd=Path(__file__).resolve().parents[2])
    assert p.returncode == 0, p.stderr[-2000:]
    written = int(p.stdout.decode().strip())
    assert written > 10_000                                        # it really flooded
    terminal = p.stderr.decode("utf-8", "replace")
    assert len(terminal) < 64_000                                  # rate-limited on the terminal
    assert terminal.count("self->capture.ready") <= 3
    size = log_files_size(tmp_path)
    assert 0 < size <= MAX_BYTES * (BACKUPS + 1) + 4096            # the log is capped
    logs = "".join(p.read_text(encoding="utf-8", errors="replace")
                   for p in sorted((tmp_path / "logs").glob(LOG_NAME + "*")))
    assert logs.count("self->capture.ready || self->playback.ready' failed in") <= 3
    assert "repeated" in logs and "more times" in logs             # the repeats are counted, once
    assert "a python warning" in logs or "a python warning" in terminal


def test_repeats_are_counted_and_summarised_when_their_window_ends():
    c = RepeatCollapser(window_s=10.0)
    assert c.admit("boom", now=0.0) == (True, [])
    assert c.admit("boom", now=1.0) == (False, [])
    assert c.admit("boom", now=2.0) == (False, [])
    assert c.admit("other", now=3.0) == (True, [])
    write, summaries = c.admit("boom", now=11.0)
    assert write and summaries == ["(repeated 2 more times: boom)"]
    assert c.flush_due(now=12.0, everything=True) == []
