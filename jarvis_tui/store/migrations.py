"""Numbered schema migrations, applied in order at start; PRAGMA user_version is the last applied."""
from __future__ import annotations

MIGRATIONS: list[tuple[int, str]] = [
    (1, """
        CREATE TABLE settings (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL            -- JSON
        );
        CREATE TABLE list_items (
            id           INTEGER PRIMARY KEY AUTOINCREMENT,
            list_name    TEXT NOT NULL,    -- 'shopping' | 'todo'
            text         TEXT NOT NULL,
            done         INTEGER NOT NULL DEFAULT 0,
            created_at   TEXT NOT NULL,
            completed_at TEXT
        );
        CREATE INDEX list_items_by_list ON list_items(list_name, done);
        CREATE TABLE reminders (
            id             INTEGER PRIMARY KEY AUTOINCREMENT,
            text           TEXT NOT NULL,
            due_at         TEXT NOT NULL,  -- ISO 8601 with offset
            recurrence     TEXT,           -- daily | weekdays | weekly | biweekly | monthly | yearly | NULL
            created_at     TEXT NOT NULL,
            last_fired_at  TEXT,
            active         INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX reminders_due ON reminders(active, due_at);
        CREATE TABLE timers (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            label            TEXT,
            duration_seconds INTEGER NOT NULL,
            started_at       TEXT NOT NULL,
            ends_at          TEXT NOT NULL,
            state            TEXT NOT NULL DEFAULT 'running'   -- running | fired | cancelled
        );
    """),
    (2, """
        CREATE TABLE conversation_turns (
            id              INTEGER PRIMARY KEY AUTOINCREMENT,
            conversation_id TEXT NOT NULL,
            role            TEXT NOT NULL,  -- user | assistant | tool
            content         TEXT NOT NULL,
            created_at      TEXT NOT NULL
        );
        CREATE INDEX conversation_turns_by_id ON conversation_turns(conversation_id, id);
    """),
    (3, """
        CREATE TABLE memories (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            topic      TEXT NOT NULL,           -- what it is about: "locker code"
            value      TEXT,                    -- the fact's value when it has one: "4512"
            text       TEXT NOT NULL,           -- as the user said it: "my locker code is 4512"
            secret     INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
    """),
    (4, """
        CREATE TABLE routines (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            name       TEXT NOT NULL UNIQUE,    -- the phrase that runs it, normalised: "good morning"
            steps      TEXT NOT NULL,           -- JSON list of requests, run in order
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE TABLE inbox (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            kind       TEXT NOT NULL,           -- timer_ended | reminder_missed
            text       TEXT NOT NULL,           -- what happened, as it would be said
            at         TEXT NOT NULL,           -- when it happened (ISO 8601 with offset)
            source     TEXT NOT NULL DEFAULT '',
            seen       INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL
        );
        CREATE INDEX inbox_waiting ON inbox(seen, at);
    """),
    # how the replies say what a reminder is for, as it was asked: "to call mom", "about your meeting"
    (5, "ALTER TABLE reminders ADD COLUMN said_as TEXT;"),
]

SECRETS_MIGRATIONS: list[tuple[int, str]] = [
    (1, "CREATE TABLE secrets (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);"),
]
