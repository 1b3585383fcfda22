"""SQLite stores in the user data dir: settings, secrets (0600, separate file), lists, reminders, timers."""
from __future__ import annotations

import datetime as _dt
import json
import threading
from pathlib import Path
from typing import Any

from jarvis_tui.store.database import Database
from jarvis_tui.store.migrations import MIGRATIONS, SECRETS_MIGRATIONS

DB_NAME = "jarvis.sqlite3"
SECRETS_NAME = "secrets.sqlite3"


def _now_iso() -> str:
    return _dt.datetime.now().astimezone().isoformat(timespec="seconds")


class Settings:
    """Key/value settings, values stored as JSON (e.g. llm.interface, audio.input_device)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str, default: Any = None) -> Any:
        rows = self._db.query("SELECT value FROM settings WHERE key = ?", (key,))
        return json.loads(rows[0]["value"]) if rows else default

    def set(self, key: str, value: Any) -> None:
        self._db.execute("INSERT INTO settings(key, value) VALUES(?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                         (key, json.dumps(value)))

    def delete(self, key: str) -> None:
        self._db.execute("DELETE FROM settings WHERE key = ?", (key,))

    def all(self) -> dict[str, Any]:
        return {r["key"]: json.loads(r["value"]) for r in self._db.query("SELECT key, value FROM settings ORDER BY key")}


class SecretStore:
    """Secret values in their own SQLite file, mode 0600. Never printed: repr shows keys only."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str) -> str | None:
        rows = self._db.query("SELECT value FROM secrets WHERE key = ?", (key,))
        return rows[0]["value"] if rows else None

    def set(self, key: str, value: str) -> None:
        if not key.strip():
            raise ValueError("a secret needs a name")
        self._db.execute("INSERT INTO secrets(key, value, updated_at) VALUES(?, ?, ?) "
                         "ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                         (key, str(value), _now_iso()))

    def delete(self, key: str) -> None:
        self._db.execute("DELETE FROM secrets WHERE key = ?", (key,))

    def keys(self) -> list[str]:
        return [r["key"] for r in self._db.query("SELECT key FROM secrets ORDER BY key")]

    def __repr__(self) -> str:
        return f"SecretStore(keys={self.keys()})"


class ListStore:
    """Named lists ('shopping', 'todo'): items with a done flag."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, list_name: str, items: list[str]) -> list[str]:
        """Add items not already open on the list (case-insensitive); returns those added."""
        added = []
        with self._db.transaction() as conn:
            for item in items:
                text = item.strip()
                if not text:
                    continue
                exists = conn.execute("SELECT 1 FROM list_items WHERE list_name = ? AND done = 0 "
                                      "AND lower(text) = lower(?)", (list_name, text)).fetchone()
                if exists:
                    continue
                conn.execute("INSERT INTO list_items(list_name, text, created_at) VALUES(?, ?, ?)",
                             (list_name, text, _now_iso()))
                added.append(text)
        return added

    def items(self, list_name: str, include_done: bool = False) -> list[dict[str, Any]]:
        sql = "SELECT id, text, done, created_at, completed_at FROM list_items WHERE list_name = ?"
        if not include_done:
            sql += " AND done = 0"
        return [dict(r) for r in self._db.query(sql + " ORDER BY id", (list_name,))]

    def set_done(self, list_name: str, text: str, done: bool = True) -> bool:
        cur = self._db.execute(
            "UPDATE list_items SET done = ?, completed_at = ? WHERE id = (SELECT id FROM list_items "
            "WHERE list_name = ? AND lower(text) = lower(?) AND done = ? ORDER BY id LIMIT 1)",
            (int(done), _now_iso() if done else None, list_name, text.strip(), int(not done)))
        return cur.rowcount > 0

    def remove(self, list_name: str, text: str) -> bool:
        cur = self._db.execute("DELETE FROM list_items WHERE list_name = ? AND lower(text) = lower(?)",
                               (list_name, text.strip()))
        return cur.rowcount > 0

    def clear(self, list_name: str) -> int:
        return self._db.execute("DELETE FROM list_items WHERE list_name = ?", (list_name,)).rowcount


class ReminderStore:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, text: str, due_at: _dt.datetime, recurrence: str | None = None, said_as: str | None = None) -> int:
        """`said_as`: how a reply names what it reminds of ("to call mom", "about your meeting")."""
        cur = self._db.execute("INSERT INTO reminders(text, due_at, recurrence, created_at, said_as) "
                               "VALUES(?, ?, ?, ?, ?)",
                               (text, due_at.isoformat(timespec="seconds"), recurrence, _now_iso(), said_as))
        return int(cur.lastrowid)

    def active(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._db.query("SELECT * FROM reminders WHERE active = 1 ORDER BY due_at")]

    def get(self, reminder_id: int) -> dict[str, Any] | None:
        rows = self._db.query("SELECT * FROM reminders WHERE id = ?", (reminder_id,))
        return dict(rows[0]) if rows else None

    def due(self, now: _dt.datetime) -> list[dict[str, Any]]:
        return [r for r in self.active() if _dt.datetime.fromisoformat(r["due_at"]) <= now]

    def reschedule(self, reminder_id: int, due_at: _dt.datetime) -> None:
        self._db.execute("UPDATE reminders SET due_at = ?, active = 1 WHERE id = ?",
                         (due_at.isoformat(timespec="seconds"), reminder_id))

    def mark_fired(self, reminder_id: int, next_due: _dt.datetime | None) -> None:
        if next_due is None:
            self._db.execute("UPDATE reminders SET active = 0, last_fired_at = ? WHERE id = ?",
                             (_now_iso(), reminder_id))
        else:
            self._db.execute("UPDATE reminders SET due_at = ?, last_fired_at = ? WHERE id = ?",
                             (next_due.isoformat(timespec="seconds"), _now_iso(), reminder_id))

    def delete(self, reminder_id: int) -> bool:
        return self._db.execute("DELETE FROM reminders WHERE id = ?", (reminder_id,)).rowcount > 0

    def claim_fired(self, reminder_id: int, due_at: str, next_due: _dt.datetime | None) -> bool:
        """mark_fired, but only if the reminder is still active and still due at `due_at` (the ISO
        text read before); False when another process or thread fired it first."""
        if next_due is None:
            sql, params = ("UPDATE reminders SET active = 0, last_fired_at = ? "
                           "WHERE id = ? AND active = 1 AND due_at = ?", (_now_iso(), reminder_id, due_at))
        else:
            sql, params = ("UPDATE reminders SET due_at = ?, last_fired_at = ? "
                           "WHERE id = ? AND active = 1 AND due_at = ?",
                           (next_due.isoformat(timespec="seconds"), _now_iso(), reminder_id, due_at))
        return self._db.execute(sql, params).rowcount > 0


class TimerStore:
    """Timers: running, paused, fired or cancelled. A paused timer keeps the time it had left: its
    `started_at` is when it was paused and its `ends_at` when it would have ended, so the time left is
    the difference; resumed, it ends that long after, and `started_at` is again `ends_at` less its length."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, label: str | None, duration_seconds: int, started_at: _dt.datetime) -> int:
        ends = started_at + _dt.timedelta(seconds=duration_seconds)
        cur = self._db.execute("INSERT INTO timers(label, duration_seconds, started_at, ends_at) VALUES(?, ?, ?, ?)",
                               (label, duration_seconds, started_at.isoformat(), ends.isoformat()))
        return int(cur.lastrowid)

    def running(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._db.query("SELECT * FROM timers WHERE state = 'running' ORDER BY ends_at")]

    def rang_since(self, since: _dt.datetime) -> list[dict[str, Any]]:
        """The labelled timers that rang (ended, not cancelled) at `since` or later, the latest first."""
        return [dict(r) for r in self._db.query("SELECT * FROM timers WHERE state = 'fired' AND label IS NOT NULL "
                                                "AND ends_at >= ? ORDER BY ends_at DESC", (since.isoformat(),))]

    def live(self) -> list[dict[str, Any]]:
        """The timers not yet over: the running ones, soonest to end first, then the paused ones."""
        return [dict(r) for r in self._db.query("SELECT * FROM timers WHERE state IN ('running', 'paused') "
                                                "ORDER BY state = 'paused', ends_at")]

    def extend(self, timer_id: int, seconds: int) -> bool:
        """More time on a running or paused timer: it ends `seconds` later (False when it was neither)."""
        rows = self._db.query("SELECT ends_at, state FROM timers WHERE id = ? AND state IN ('running', 'paused')", (timer_id,))
        if not rows:
            return False
        ends = _dt.datetime.fromisoformat(rows[0]["ends_at"]) + _dt.timedelta(seconds=seconds)
        return self._db.execute("UPDATE timers SET ends_at = ?, duration_seconds = duration_seconds + ? "
                                "WHERE id = ? AND state = ?", (ends.isoformat(), seconds, timer_id, rows[0]["state"])).rowcount > 0

    def pause(self, timer_id: int, at: _dt.datetime) -> bool:
        """Stop a running timer's countdown at `at`, keeping the time it has left (False when it was not
        running, or had already ended)."""
        rows = self._db.query("SELECT ends_at FROM timers WHERE id = ? AND state = 'running'", (timer_id,))
        if not rows or _dt.datetime.fromisoformat(rows[0]["ends_at"]) <= at:
            return False
        return self._db.execute("UPDATE timers SET state = 'paused', started_at = ? WHERE id = ? AND state = 'running'",
                                (at.isoformat(), timer_id)).rowcount > 0

    def resume(self, timer_id: int, at: _dt.datetime) -> bool:
        """Run a paused timer again from `at` with the time it had left (False when it was not paused)."""
        rows = self._db.query("SELECT * FROM timers WHERE id = ? AND state = 'paused'", (timer_id,))
        if not rows:
            return False
        left = _dt.datetime.fromisoformat(rows[0]["ends_at"]) - _dt.datetime.fromisoformat(rows[0]["started_at"])
        ends = at + left
        started = ends - _dt.timedelta(seconds=int(rows[0]["duration_seconds"]))
        return self._db.execute("UPDATE timers SET state = 'running', started_at = ?, ends_at = ? WHERE id = ? AND state = 'paused'",
                                (started.isoformat(), ends.isoformat(), timer_id)).rowcount > 0

    def finish(self, timer_id: int, state: str) -> bool:
        """Move a running timer to `state` (fired | cancelled; a paused one can be cancelled, never
        fired); False when it was not running (so that only one process announces or cancels it)."""
        return self._db.execute("UPDATE timers SET state = ? WHERE id = ? "
                                "AND (state = 'running' OR (state = 'paused' AND ? = 'cancelled'))",
                                (state, timer_id, state)).rowcount > 0


class MemoryStore:
    """Facts the user asked the assistant to remember (the remember / recall / forget commands, the
    Memories screen, and the system prompt's memory block)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, topic: str, text: str, value: str | None = None, secret: bool = False) -> int:
        now = _now_iso()
        cur = self._db.execute("INSERT INTO memories(topic, value, text, secret, created_at, updated_at) "
                               "VALUES(?, ?, ?, ?, ?, ?)", (topic, value, text, int(secret), now, now))
        return int(cur.lastrowid)

    def all(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._db.query("SELECT * FROM memories ORDER BY id")]

    def get(self, memory_id: int) -> dict[str, Any] | None:
        rows = self._db.query("SELECT * FROM memories WHERE id = ?", (memory_id,))
        return dict(rows[0]) if rows else None

    def update(self, memory_id: int, topic: str, text: str, value: str | None, secret: bool) -> bool:
        return self._db.execute("UPDATE memories SET topic = ?, text = ?, value = ?, secret = ?, updated_at = ? "
                                "WHERE id = ?", (topic, text, value, int(secret), _now_iso(), memory_id)).rowcount > 0

    def delete(self, memory_id: int) -> bool:
        return self._db.execute("DELETE FROM memories WHERE id = ?", (memory_id,)).rowcount > 0

    def edit(self, memory_id: int, text: str) -> bool:
        """New words for a memory (the Memories screen): its topic and value are read again; a
        secret stays secret, and a plain one whose new words look secret becomes secret."""
        from jarvis_tui.sdk.memories import looks_secret, read_fact

        old, fact = self.get(memory_id), read_fact(text)
        if old is None or fact is None:
            return False
        return self.update(memory_id, fact.topic, fact.text, fact.value, bool(old["secret"]) or looks_secret(fact))

    def secret_values(self) -> list[str]:
        """What a panel must mask: the values (or, without one, the texts) of secret memories."""
        return [r["value"] or r["text"] for r in self.all() if r["secret"]]

    def for_prompt(self, budget_chars: int = 600) -> tuple[str, ...]:
        """The memories as lines for the system prompt, oldest first, secret ones masked; the newest
        that fit in `budget_chars` (so the block stays small and changes only when a memory does)."""
        lines: list[str] = []
        used = 0
        for r in reversed(self.all()):
            line = f"{r['topic']}: (secret, not shown)" if r["secret"] else r["text"]
            if used + len(line) + 1 > budget_chars:
                break
            lines.append(line)
            used += len(line) + 1
        return tuple(reversed(lines))


class RoutineStore:
    """Named routines: one phrase runs a list of requests in order (the routine command, the
    Routines screen). Names are kept normalised (lower case, single spaces, no end punctuation)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @staticmethod
    def key(name: str) -> str:
        from jarvis_tui.sdk.text import normalize_utterance, plain_text
        return plain_text(normalize_utterance(name))

    @staticmethod
    def _row(r: Any) -> dict[str, Any]:
        d = dict(r)
        d["steps"] = json.loads(d["steps"])
        return d

    def save(self, name: str, steps: list[str]) -> tuple[int, bool]:
        """Create or replace the routine `name`; returns (id, replaced an existing one)."""
        key = self.key(name)
        clean = [s.strip() for s in steps if s and s.strip()]
        if not key:
            raise ValueError("a routine needs a name")
        if not clean:
            raise ValueError("a routine needs at least one step")
        now = _now_iso()
        same = self.get(key)
        with self._db.transaction() as conn:
            old = conn.execute("SELECT id FROM routines WHERE id = ?", (same["id"],)).fetchone() if same else None
            if old is not None:
                conn.execute("UPDATE routines SET steps = ?, updated_at = ? WHERE id = ?",
                             (json.dumps(clean), now, old["id"]))
                return int(old["id"]), True
            cur = conn.execute("INSERT INTO routines(name, steps, created_at, updated_at) VALUES(?, ?, ?, ?)",
                               (key, json.dumps(clean), now, now))
            return int(cur.lastrowid), False

    @staticmethod
    def _compact(key: str) -> str:
        return key.replace(" ", "").replace("-", "")

    def get(self, name: str) -> dict[str, Any] | None:
        """The routine called `name`; spacing and hyphens do not matter ("goodnight" finds "good
        night": transcripts write such names either way)."""
        key = self.key(name)
        rows = self._db.query("SELECT * FROM routines WHERE name = ?", (key,))
        if rows:
            return self._row(rows[0])
        if not key:
            return None
        compact = self._compact(key)
        for r in self._db.query("SELECT * FROM routines ORDER BY id"):
            if self._compact(r["name"]) == compact:
                return self._row(r)
        return None

    def get_id(self, routine_id: int) -> dict[str, Any] | None:
        rows = self._db.query("SELECT * FROM routines WHERE id = ?", (routine_id,))
        return self._row(rows[0]) if rows else None

    def all(self) -> list[dict[str, Any]]:
        return [self._row(r) for r in self._db.query("SELECT * FROM routines ORDER BY name")]

    def names(self) -> list[str]:
        return [r["name"] for r in self._db.query("SELECT name FROM routines ORDER BY name")]

    def update(self, routine_id: int, name: str, steps: list[str]) -> bool:
        """New name and steps for one routine (the Routines screen); ValueError when empty or when
        the name is another routine's."""
        key = self.key(name)
        clean = [s.strip() for s in steps if s and s.strip()]
        if not key or not clean:
            raise ValueError("a routine needs a name and at least one step")
        with self._db.transaction() as conn:
            other = conn.execute("SELECT id FROM routines WHERE name = ? AND id != ?", (key, routine_id)).fetchone()
            if other is not None:
                raise ValueError(f"there is already a routine called {key!r}")
            return conn.execute("UPDATE routines SET name = ?, steps = ?, updated_at = ? WHERE id = ?",
                                (key, json.dumps(clean), _now_iso(), routine_id)).rowcount > 0

    def delete(self, name: str) -> bool:
        found = self.get(name)
        return found is not None and self.delete_id(found["id"])

    def delete_id(self, routine_id: int) -> bool:
        return self._db.execute("DELETE FROM routines WHERE id = ?", (routine_id,)).rowcount > 0


class InboxStore:
    """What happened while nobody heard it: timers that ended and reminders that came due while the
    assistant was closed. Waiting (unseen) until the briefing reads them or the Inbox screen clears them."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, kind: str, text: str, at: _dt.datetime, source: str = "") -> int:
        cur = self._db.execute("INSERT INTO inbox(kind, text, at, source, created_at) VALUES(?, ?, ?, ?, ?)",
                               (kind, text, at.isoformat(timespec="seconds"), source, _now_iso()))
        return int(cur.lastrowid)

    def waiting(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self._db.query("SELECT * FROM inbox WHERE seen = 0 ORDER BY at, id")]

    def recent(self, limit: int = 100) -> list[dict[str, Any]]:
        """The newest `limit` events, seen or not, newest first."""
        return [dict(r) for r in self._db.query("SELECT * FROM inbox ORDER BY at DESC, id DESC LIMIT ?", (limit,))]

    def mark_seen(self, ids: list[int] | None = None) -> int:
        """Mark these events (all waiting ones when None) as seen; returns how many changed."""
        if ids is None:
            return self._db.execute("UPDATE inbox SET seen = 1 WHERE seen = 0").rowcount
        changed = 0
        for i in ids:
            changed += self._db.execute("UPDATE inbox SET seen = 1 WHERE id = ? AND seen = 0", (i,)).rowcount
        return changed

    def clear(self) -> int:
        """Delete the events already seen; waiting ones stay."""
        return self._db.execute("DELETE FROM inbox WHERE seen = 1").rowcount

    def prune(self, keep: int = 500) -> int:
        """Keep the inbox bounded: the newest `keep` events stay."""
        return self._db.execute("DELETE FROM inbox WHERE id NOT IN (SELECT id FROM inbox ORDER BY id DESC LIMIT ?)",
                                (keep,)).rowcount


class Store:
    """All persistent state of one data dir."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.db = Database(self.data_dir / DB_NAME, MIGRATIONS)
        self.secrets_db = Database(self.data_dir / SECRETS_NAME, SECRETS_MIGRATIONS, mode=0o600)
        self.settings = Settings(self.db)
        self.secrets = SecretStore(self.secrets_db)
        self.lists = ListStore(self.db)
        self.reminders = ReminderStore(self.db)
        self.timers = TimerStore(self.db)
        self.memories = MemoryStore(self.db)
        self.routines = RoutineStore(self.db)
        self.inbox = InboxStore(self.db)
        self.lock = threading.RLock()

    def close(self) -> None:
        self.db.close()
        self.secrets_db.close()
