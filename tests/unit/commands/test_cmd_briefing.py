"""The briefing and the inbox: timers that ended and reminders that came due while the assistant was
closed are kept (not lost), counted at start-up, said by "what's up?" and then marked seen."""
from __future__ import annotations

import datetime as _dt
import re

from command_helpers import ask


def _now() -> _dt.datetime:
    return _dt.datetime.now().astimezone()


def _close_with_missed_events(make_runtime):
    first = make_runtime()
    past = _now() - _dt.timedelta(minutes=30)
    first.store.timers.add("pasta", 60, past)                                  # ended 29 minutes ago
    first.store.reminders.add("call mom", past + _dt.timedelta(minutes=5))      # due 25 minutes ago
    first.store.reminders.add("stretch", past, recurrence="daily")              # recurring, missed today
    first.close()
    return past


def test_events_missed_while_closed_wait_in_the_inbox(make_runtime):
    _close_with_missed_events(make_runtime)
    rt = make_runtime()
    waiting = rt.store.inbox.waiting()
    assert [w["kind"] for w in waiting] == ["reminder_missed", "timer_ended", "reminder_missed"]
    texts = " | ".join(w["text"] for w in waiting)
    # 30 minutes ago is "yesterday" when the test runs just after midnight (a clean-clone CI run at 00:05 did)
    assert re.search(r"Your pasta timer ended (?:yesterday )?at", texts), texts
    assert re.search(r"You missed a reminder (?:yesterday )?at", texts) and "call mom" in texts, texts
    assert rt.store.timers.running() == []
    stretch = [r for r in rt.store.reminders.active() if r["text"] == "stretch"]
    assert stretch and _dt.datetime.fromisoformat(stretch[0]["due_at"]) > _now()   # moved to its next time
    assert rt.startup_notices() == ['3 things happened while I was off. Say "what\'s up?" to hear them.']


def test_whats_up_says_them_once_with_timers_and_todays_reminders(make_runtime, monkeypatch):
    _close_with_missed_events(make_runtime)
    rt = make_runtime()
    ask(rt, "set a 10 minute timer for tea")
    later = _now() + _dt.timedelta(minutes=1)
    if later.date() == _now().date():
        rt.store.reminders.add("water the plants", later)
    turn, r = ask(rt, "what's up?")
    assert [c.name for c in turn.tool_calls] == ["briefing"] and r.success
    assert turn.spoken.startswith("While I was off, ")
    assert "your pasta timer ended" in turn.spoken and "call mom" in turn.spoken
    assert "Your tea timer has" in turn.spoken
    if later.date() == _now().date():
        assert "Still today: water the plants at" in turn.spoken
    assert rt.store.inbox.waiting() == [] and len(rt.store.inbox.recent()) == 3   # seen, still listed
    turn, r = ask(rt, "what did i miss")
    assert "While I was off" not in turn.spoken and "tea timer" in turn.spoken
    assert rt.startup_notices() == []


def test_nothing_waiting(rt):
    turn, r = ask(rt, "brief me")
    assert turn.spoken == "Nothing's waiting: no timers running and no more reminders today."
    turn, r = ask(rt, "what's up")            # with nothing due it is small talk, not a briefing
    assert "briefing" not in [c.name for c in turn.tool_calls]
    ask(rt, "set a 3 minute timer")
    turn, r = ask(rt, "what's up")
    assert [c.name for c in turn.tool_calls] == ["briefing"] and "3 minute timer" in turn.spoken


def test_announce_startup_once_on_the_bus(make_runtime, monkeypatch):
    _close_with_missed_events(make_runtime)
    rt = make_runtime()
    seen = []
    rt.bus.subscribe(lambda e: seen.append(e) if type(e).__name__ == "Announcement" else None)
    assert len(rt.announce_startup()) == 1 and rt.announce_startup() == []
    assert [e.source for e in seen] == ["start-up"] and "3 things" in seen[0].text


def test_the_inbox_stays_bounded(rt):
    for i in range(30):
        rt.store.inbox.add("timer_ended", f"timer {i}", _now())
    rt.store.inbox.prune(keep=10)
    assert len(rt.store.inbox.recent()) == 10 and rt.store.inbox.recent(1)[0]["text"] == "timer 29"
    rt.store.inbox.mark_seen()
    assert rt.store.inbox.clear() == 10 and rt.store.inbox.recent() == []


def test_whats_up_is_not_taken_from_other_requests(rt):
    for text in ("what's the weather", "check my inbox", "what's the news"):
        turn, _ = ask(rt, text)
        assert "briefing" not in [c.name for c in turn.tool_calls], text
