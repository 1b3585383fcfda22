"""Bounded logs: nothing the program writes grows without bound.

- Log records go to `<data dir>/logs/jarvis-tui.log`, a rotating file of 1 MiB with 3 backups (4 MiB
  in all), through a filter that collapses repeats: a line seen again within `window_s` is counted,
  not written, and "(the line above repeated N times)" follows when the repeats stop or the window ends.
- C-level output on file descriptor 2 (PortAudio, ALSA, onnxruntime, llama.cpp write there directly;
  a lost sound server makes PortAudio print the same line millions of times a second) is redirected
  into a pipe; a thread reads it line by line into the same bounded log and, for the CLI, forwards a
  rate-limited, de-duplicated copy to the real stderr.
"""
from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import TextIO

LOG_NAME = "jarvis-tui.log"
MAX_BYTES = 1 << 20
BACKUPS = 3
NATIVE = logging.getLogger("native")        # what C libraries wrote to stderr


class RepeatCollapser:
    """Decides, per line, whether to write it: a line already written within `window_s` is counted
    instead; `flush_due` returns the summaries of counted lines whose window has ended."""

    def __init__(self, window_s: float = 30.0, remember: int = 256) -> None:
        self.window_s = window_s
        self.remember = remember
        self._seen: OrderedDict[str, list[float]] = OrderedDict()     # line -> [first write, repeats]
        self._lock = threading.Lock()

    def admit(self, line: str, now: float | None = None) -> tuple[bool, list[str]]:
        """(write this line?, summaries to write first)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            summaries = self._due(now)
            entry = self._seen.get(line)
            if entry is not None and now - entry[0] < self.window_s:
                entry[1] += 1
                return False, summaries
            self._seen[line] = [now, 0]
            self._seen.move_to_end(line)
            while len(self._seen) > self.remember:
                old, (_, count) = self._seen.popitem(last=False)
                if count:
                    summaries.append(_summary(old, int(count)))
            return True, summaries

    def flush_due(self, now: float | None = None, everything: bool = False) -> list[str]:
        with self._lock:
            return self._due(time.monotonic() if now is None else now, everything)

    def _due(self, now: float, everything: bool = False) -> list[str]:
        out = []
        for line, entry in list(self._seen.items()):
            if entry[1] and (everything or now - entry[0] >= self.window_s):
                out.append(_summary(line, int(entry[1])))
                entry[1] = 0
        return out


def _summary(line: str, count: int) -> str:
    short = line if len(line) <= 120 else line[:117] + "..."
    return f"(repeated {count} more time{'s' if count != 1 else ''}: {short})"


class CollapsingFilter(logging.Filter):
    """A logging filter over RepeatCollapser: repeats of a record's message are dropped and counted."""

    def __init__(self, collapser: RepeatCollapser | None = None) -> None:
        super().__init__()
        self.collapser = collapser or RepeatCollapser()

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_summary", False):
            return True
        write, summaries = self.collapser.admit(f"{record.name}:{record.levelno}:{record.getMessage()}")
        for s in summaries:
            extra = logging.LogRecord(record.name, logging.INFO, record.pathname, record.lineno, s, None, None)
            extra._summary = True  # type: ignore[attr-defined]
            for handler in logging.getLogger().handlers:
                if self in handler.filters:
                    handler.handle(extra)
        return write


def bounded_file_handler(data_dir: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> logging.Handler:
    log_dir = Path(data_dir) / "logs"
    log_dir.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(log_dir / LOG_NAME, maxBytes=max_bytes, backupCount=backups,
                                                   encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(threadName)s %(name)s: %(message)s"))
    handler.addFilter(CollapsingFilter())
    return handler


def log_to_files(data_dir: Path, keep_terminal: bool = False) -> logging.Handler:
    """Send log records to the bounded rotating log (and, with keep_terminal, still to stderr)."""
    root = logging.getLogger()
    level = root.level
    if not keep_terminal:
        for h in list(root.handlers):
            if isinstance(h, logging.StreamHandler) and not isinstance(h, logging.FileHandler):
                root.removeHandler(h)
    handler = bounded_file_handler(data_dir)
    root.addHandler(handler)
    root.setLevel(level or logging.WARNING)
    return handler


class NativeStderr:
    """File descriptor 2 read through a pipe: every line C code writes there goes to the bounded log
    (logger "native", given `log_handler`), and with `forward` a de-duplicated copy, at most
    `per_second` lines a second, to the real terminal. Python's own sys.stderr and sys.__stderr__
    (Textual draws on it) are pointed at a duplicate of the terminal meanwhile. `stop()` restores all."""

    def __init__(self, log_handler: logging.Handler | None = None, forward: bool = True, per_second: float = 20.0,
                 window_s: float = 30.0) -> None:
        self.log_handler = log_handler
        self.forward = forward
        self.per_second = per_second
        self.collapser = RepeatCollapser(window_s=window_s)
        self.dropped = 0
        self.terminal: TextIO | None = None
        self._saved: int | None = None
        self._thread: threading.Thread | None = None
        self._read_fd: int | None = None
        self._tokens = per_second
        self._last = time.monotonic()
        self._orig: tuple[TextIO | None, TextIO | None] = (None, None)

    def start(self) -> "NativeStderr":
        NATIVE.propagate = False
        if self.log_handler is not None and self.log_handler not in NATIVE.handlers:
            NATIVE.addHandler(self.log_handler)
        NATIVE.setLevel(logging.WARNING)
        try:
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):
            pass
        self._saved = os.dup(2)
        read_fd, write_fd = os.pipe()
        os.dup2(write_fd, 2)
        os.close(write_fd)
        self._read_fd = read_fd
        self.terminal = open(os.dup(self._saved), "w", encoding="utf-8", errors="replace", buffering=1)
        self._orig = (sys.stderr, sys.__stderr__)
        sys.stderr = self.terminal
        sys.__stderr__ = self.terminal  # type: ignore[misc]
        self._thread = threading.Thread(target=self._pump, name="native-stderr", daemon=True)
        self._thread.start()
        return self

    def __enter__(self) -> "NativeStderr":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _pump(self) -> None:
        assert self._read_fd is not None
        buf = b""
        with os.fdopen(self._read_fd, "rb", buffering=0) as pipe:
            while True:
                chunk = pipe.read(65536)
                if not chunk:
                    break
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for raw in lines:
                    self._line(raw.decode("utf-8", "replace").rstrip())
                if len(buf) > 65536:              # no newline for a long time: cut it
                    self._line(buf.decode("utf-8", "replace"))
                    buf = b""
        if buf:
            self._line(buf.decode("utf-8", "replace").rstrip())
        for s in self.collapser.flush_due(everything=True):
            self._emit(s)

    def _line(self, line: str) -> None:
        if not line.strip():
            return
        write, summaries = self.collapser.admit(line)
        for s in summaries:
            self._emit(s)
        if write:
            self._emit(line)

    def _emit(self, line: str) -> None:
        NATIVE.warning("%s", line)
        if not self.forward or self.terminal is None:
            return
        now = time.monotonic()
        self._tokens = min(self.per_second, self._tokens + (now - self._last) * self.per_second)
        self._last = now
        if self._tokens < 1:
            self.dropped += 1
            return
        self._tokens -= 1
        try:
            self.terminal.write(line + "\n")
        except (OSError, ValueError):
            pass

    def stop(self) -> None:
        if self._saved is None:
            return
        os.dup2(self._saved, 2)            # closes the pipe's last write end: the reader ends
        os.close(self._saved)
        self._saved = None
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        err, dunder = self._orig
        sys.stderr = err if err is not None else sys.stderr
        sys.__stderr__ = dunder  # type: ignore[misc]
        if self.terminal is not None:
            try:
                self.terminal.close()
            except OSError:
                pass
        if self.log_handler is not None and self.log_handler in NATIVE.handlers:
            NATIVE.removeHandler(self.log_handler)


def log_files_size(data_dir: Path) -> int:
    return sum(p.stat().st_size for p in (Path(data_dir) / "logs").glob(LOG_NAME + "*") if p.is_file())
