"""A damaged data file is kept aside (never deleted) and the assistant starts with a new one, saying
which file and why; a damaged prefix-state cache is only a slower start."""
from __future__ import annotations

import logging

from jarvis_tui.runtime import Runtime


def test_a_damaged_database_is_kept_aside_and_a_new_one_used(data_dir, caplog):
    rt = Runtime.create()
    rt.assistant.handle_text("add eggs to my shopping list")
    rt.close()
    db = data_dir / "jarvis.sqlite3"
    original = db.read_bytes()
    db.write_bytes(b"this is not a database at all" * 100)
    for side in ("-wal", "-shm"):
        (data_dir / f"jarvis.sqlite3{side}").unlink(missing_ok=True)
    with caplog.at_level(logging.WARNING):
        rt = Runtime.create()
    try:
        kept = sorted(data_dir.glob("jarvis.sqlite3.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")
        assert any("is damaged" in r.getMessage() and str(kept[0]) in r.getMessage() for r in caplog.records)
        assert rt.store.db.moved_aside == kept[0]
        said = rt.startup_notices()                      # shown and spoken at start (TUI, listen)
        assert said and kept[0].name in said[0] and "damaged" in said[0]
        turn = rt.assistant.handle_text("add milk to my shopping list")
        assert turn.spoken == "Added milk to your shopping list."
        assert len(original) > 0
    finally:
        rt.close()


def test_a_healthy_database_is_left_alone(data_dir):
    rt = Runtime.create()
    rt.assistant.handle_text("add eggs to my shopping list")
    rt.close()
    rt = Runtime.create()
    try:
        assert rt.store.db.moved_aside is None and not list(data_dir.glob("*.damaged-*"))
        assert "eggs" in rt.assistant.handle_text("what's on my shopping list").spoken
    finally:
        rt.close()


def test_a_damaged_prefix_state_file_is_discarded_and_costs_only_a_prefill(tmp_path, caplog):
    """(The real save/load round trip runs on the bundled model in tests/integration/llm.)"""
    from jarvis_tui.llm.prefix_store import PrefixStateStore as PrefixStore

    class Model:                     # only what load() touches before it gives up on the file
        n_tokens = 17

    model = tmp_path / "m.gguf"
    model.write_bytes(b"GGUF" + b"\0" * 64)
    store = PrefixStore(tmp_path / "states")
    store.directory.mkdir()
    tokens = list(range(40))
    path = store.path_for(model, 4096, tokens)
    for junk in (b"garbage\n", b""):
        path.write_bytes(junk)
        llm = Model()
        with caplog.at_level(logging.WARNING):
            assert store.load(llm, model, 4096, tokens) is False
        assert not path.exists() and llm.n_tokens == 0
        assert any("prefix state cache unusable" in r.getMessage() for r in caplog.records)
