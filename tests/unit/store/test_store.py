import datetime as dt
import os
import stat
import subprocess
import sys

import pytest

from jarvis_tui.store import Store
from jarvis_tui.store.database import Database
from jarvis_tui.store.migrations import MIGRATIONS


def test_secrets_file_is_private_and_values_are_not_in_repr(tmp_path):
    store = Store(tmp_path)
    store.secrets.set("smtp_password", "hunter2")
    mode = stat.S_IMODE(os.stat(tmp_path / "secrets.sqlite3").st_mode)
    assert mode == 0o600
    assert "hunter2" not in repr(store.secrets)
    assert store.secrets.get("smtp_password") == "hunter2"
    store.close()


def test_secrets_file_mode_is_repaired_at_start(tmp_path):
    Store(tmp_path).close()
    os.chmod(tmp_path / "secrets.sqlite3", 0o644)
    Store(tmp_path).close()
    assert stat.S_IMODE(os.stat(tmp_path / "secrets.sqlite3").st_mode) == 0o600


def test_migrations_are_numbered_and_applied_once(tmp_path):
    db = Database(tmp_path / "x.sqlite3", MIGRATIONS)
    assert db.applied == [n for n, _ in MIGRATIONS]
    assert db.schema_version == MIGRATIONS[-1][0]
    db.close()
    again = Database(tmp_path / "x.sqlite3", MIGRATIONS)
    assert again.applied == []
    again.close()
    more = Database(tmp_path / "x.sqlite3", MIGRATIONS + [(99, "CREATE TABLE extra (a INTEGER)")])
    assert more.applied == [99] and more.schema_version == 99
    more.close()


def test_a_failing_migration_rolls_back(tmp_path):
    bad = MIGRATIONS[:1] + [(2, "CREATE TABLE ok_table (a INTEGER); CREATE TABLE broken (")]
    with pytest.raises(Exception):
        Database(tmp_path / "y.sqlite3", bad)
    db = Database(tmp_path / "y.sqlite3", MIGRATIONS[:1])
    assert db.schema_version == 1
    assert not db.query("SELECT name FROM sqlite_master WHERE name = 'ok_table'")
    db.close()


def test_out_of_order_migrations_are_refused(tmp_path):
    with pytest.raises(ValueError):
        Database(tmp_path / "z.sqlite3", [(2, "SELECT 1"), (1, "SELECT 1")])


def test_settings_roundtrip_json(tmp_path):
    store = Store(tmp_path)
    store.settings.set("llm.interface", "Qwen25SmallUntrained")
    store.settings.set("audio.volume", {"level": 0.5})
    assert store.settings.get("llm.interface") == "Qwen25SmallUntrained"
    assert store.settings.get("audio.volume") == {"level": 0.5}
    assert store.settings.get("missing", 3) == 3
    store.settings.delete("audio.volume")
    assert "audio.volume" not in store.settings.all()
    store.close()


def test_lists(tmp_path):
    store = Store(tmp_path)
    assert store.lists.add("shopping", ["eggs", "Milk", "eggs ", ""]) == ["eggs", "Milk"]
    assert store.lists.add("shopping", ["EGGS"]) == []
    assert [i["text"] for i in store.lists.items("shopping")] == ["eggs", "Milk"]
    assert store.lists.set_done("shopping", "milk")
    assert [i["text"] for i in store.lists.items("shopping")] == ["eggs"]
    assert len(store.lists.items("shopping", include_done=True)) == 2
    assert store.lists.remove("shopping", "EGGS") and not store.lists.remove("shopping", "bread")
    assert store.lists.items("todo") == []
    assert store.lists.clear("shopping") == 1
    store.close()


def test_reminders_due_and_recurrence(tmp_path):
    store = Store(tmp_path)
    now = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.timezone.utc)
    rid = store.reminders.add("water plants", now, "daily")
    store.reminders.add("later", now + dt.timedelta(hours=1))
    assert [r["id"] for r in store.reminders.due(now)] == [rid]
    store.reminders.mark_fired(rid, now + dt.timedelta(days=1))
    assert store.reminders.due(now) == []
    assert len(store.reminders.active()) == 2
    assert store.reminders.delete(rid)
    store.close()


def test_persistence_across_processes(tmp_path):
    code = ("import sys; from pathlib import Path; from jarvis_tui.store import Store; "
            "s = Store(Path(sys.argv[1])); s.settings.set('k', [1, 2]); s.lists.add('todo', ['call mum']); "
            "s.secrets.set('token', 'abc'); s.close()")
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True)
    store = Store(tmp_path)
    assert store.settings.get("k") == [1, 2]
    assert [i["text"] for i in store.lists.items("todo")] == ["call mum"]
    assert store.secrets.get("token") == "abc"
    store.close()
