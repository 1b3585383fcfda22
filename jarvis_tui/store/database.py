"""A thread-safe SQLite connection with numbered migrations."""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

log = logging.getLogger(__name__)


class Database:
    def __init__(self, path: Path, migrations: list[tuple[int, str]], mode: int | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if mode is not None and not self.path.exists():
            # create the file with its final mode so that no moment exists where others can read it
            fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, mode)
            os.close(fd)
        if mode is not None:
            os.chmod(self.path, mode)
        self._lock = threading.RLock()
        self.moved_aside: Path | None = None      # where a damaged file was kept, when it was
        try:
            self._conn = self._connect()
        except sqlite3.DatabaseError as exc:
            # never delete what may still hold the user's lists and reminders: keep it aside, start anew
            self.moved_aside = self._move_aside(str(exc))
            self._conn = self._connect()
        if mode is not None:
            for suffix in ("-wal", "-shm"):
                side = Path(str(self.path) + suffix)
                if side.exists():
                    os.chmod(side, mode)
        self.applied = self._migrate(migrations)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=10)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _move_aside(self, why: str) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            side = Path(str(self.path) + suffix)
            if side.exists():
                os.replace(side, Path(str(target) + suffix))
        log.warning("%s is damaged (%s): kept as %s, starting with a new one", self.path, why, target)
        return target

    def _migrate(self, migrations: list[tuple[int, str]]) -> list[int]:
        numbers = [n for n, _ in migrations]
        if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
            raise ValueError("migrations must be numbered in strictly increasing order")
        applied = []
        with self._lock:
            current = self._conn.execute("PRAGMA user_version").fetchone()[0]
            for number, sql in migrations:
                if number <= current:
                    continue
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _split_sql(sql):
                        self._conn.execute(statement)
                    self._conn.execute(f"PRAGMA user_version = {int(number)}")
                    self._conn.execute("COMMIT")
                except Exception:
                    self._conn.execute("ROLLBACK")
                    raise
                applied.append(number)
        return applied

    @property
    def schema_version(self) -> int:
        with self._lock:
            return self._conn.execute("PRAGMA user_version").fetchone()[0]

    def execute(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._conn.execute(sql, params)

    def query(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements (no semicolons inside literals in our migrations)."""
    lines = [ln.split("--", 1)[0] for ln in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
