"""Background work of the built-in commands: running timers and due reminders.

One service object per running assistant (kept by `services.keep`), each with one daemon thread
that wakes at least every `poll_s` seconds, reads the SQLite tables (so a timer set or cancelled
by another process with the same data dir is seen too) and announces what is due with an
`Announcement` event. The thread starts lazily, when there is something to wait for, and
`shutdown()` stops it. This module defines no commands.
"""
from __future__ import annotations

import calendar
import datetime as _dt
import logging
import threading
from typing import Any

import re

from commands._parsing import join_words, parse_duration, say_duration, say_when
from jarvis_tui.sdk.events import Announcement
from jarvis_tui.sdk.memories import second_person
from jarvis_tui.sdk.services import CommandServices
from jarvis_tui.sdk.text import position_said, stem

log = logging.getLogger(__name__)


def parse_iso(value: str) -> _dt.datetime:
    d = _dt.datetime.fromisoformat(value)
    return d if d.tzinfo else d.astimezone()


class PollingService:
    name = "service"
    poll_s = 1.0

    def __init__(self, services: CommandServices) -> None:
        self.services = services
        self._wake = threading.Condition()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def now(self) -> _dt.datetime:
        now = self.services.clock()
        return now if now.tzinfo else now.astimezone()

    def ensure_running(self) -> None:
        with self._lock:
            if self._stop:
                return
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=f"jarvis-{self.name}", daemon=True)
                self._thread.start()
        self.wake()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def wake(self) -> None:
        with self._wake:
            self._wake.notify_all()

    def shutdown(self, timeout: float = 2.0) -> None:
        with self._lock:
            self._stop = True
        self.wake()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout)

    def _loop(self) -> None:
        while not self._stop:
            try:
                delay = self.tick()
            except Exception:  # the store may be closed under us at shutdown; never die noisily
                if self._stop:
                    return
                log.exception("%s tick failed", self.name)
                delay = self.poll_s
            with self._wake:
                if self._stop:
                    return
                self._wake.wait(max(0.02, min(self.poll_s, delay if delay is not None else self.poll_s)))

    def tick(self) -> float | None:
        """Announce what is due; return seconds until the next thing (None = nothing known)."""
        raise NotImplementedError

    def emit(self, text: str, source: str, earcon: str = "timer") -> None:
        try:
            self.services.emit(Announcement(text=text, source=source, earcon=earcon))
        except Exception:
            log.exception("announcement failed")


# ---- the inbox: what happened while nobody heard it ------------------------------------------------------
MISSED_AFTER_S = 60      # due this long before the assistant started: it was closed, nobody heard it


def to_inbox(services: CommandServices, kind: str, text: str, at: _dt.datetime, source: str) -> None:
    try:
        services.store.inbox.add(kind, text, at, source)
        services.store.inbox.prune()
    except Exception:  # the inbox must never stop a timer or a reminder
        log.exception("could not write to the inbox")


# ---- timers ------------------------------------------------------------------------------------------
def timer_name(t: dict[str, Any]) -> str:
    """'your pasta timer' / 'your 10 minute timer'."""
    if t.get("label"):
        return f"your {t['label']} timer"
    return f"your {say_duration(int(t['duration_seconds'])).replace('hours', 'hour').replace('minutes', 'minute').replace('seconds', 'second')} timer"


def running_timers_said(services: CommandServices | None) -> str | None:
    """The timers running now and what is left on them, said (`timers_as_they_stand`); None with no running
    assistant: what the timer commands tell for "did you set my timer?"."""
    return None if services is None else timers_as_they_stand(timer_service(services).live_timers())


def timers_as_they_stand(timers: list[dict[str, Any]]) -> str:
    """What is left on live timers, said: "Your pasta timer has 4 minutes left.", "Your timer is paused
    with 2 minutes left.", "You have 2 timers: pasta, 4 minutes left; rice, paused with 9 minutes left.",
    "You have no timers running."."""
    if not timers:
        return "You have no timers running."
    if len(timers) == 1:
        t = timers[0]
        name = timer_name(t)
        has = "is paused with" if t["paused"] else "has"
        return f"{name[0].upper() + name[1:]} {has} {say_duration(t['remaining_seconds'])} left."
    parts = [f"{timer_name(t).replace('your ', '')}, {'paused with ' if t['paused'] else ''}"
             f"{say_duration(t['remaining_seconds'])} left" for t in timers]
    return f"You have {len(timers)} timers: " + "; ".join(parts) + "."


def distinct_timer_names(timers: list[dict[str, Any]]) -> list[str]:
    """'the pasta timer' for each timer, with its time left where two would sound the same ('the pasta
    timer with 3 minutes left or the pasta timer with 9 minutes left')."""
    names = [timer_name(t).replace("your ", "the ", 1) for t in timers]
    out = []
    for name, t in zip(names, timers):
        if names.count(name) > 1 and t.get("remaining_seconds") is not None:
            name = f"{name} with {say_duration(int(t['remaining_seconds']))} left"
        out.append(name)
    return out


class TimerService(PollingService):
    name = "timers"

    def __init__(self, services: CommandServices) -> None:
        super().__init__(services)
        self.fired: list[dict[str, Any]] = []

    def add(self, duration_seconds: int, label: str | None) -> dict[str, Any]:
        now = self.now()
        timer_id = self.services.store.timers.add(label, int(duration_seconds), now)
        self.ensure_running()
        return self.get(timer_id) or {"id": timer_id, "label": label, "duration_seconds": duration_seconds}

    def get(self, timer_id: int) -> dict[str, Any] | None:
        rows = self.services.store.db.query("SELECT * FROM timers WHERE id = ?", (timer_id,))
        return dict(rows[0]) if rows else None

    def running_timers(self) -> list[dict[str, Any]]:
        now = self.now()
        out = []
        for t in self.services.store.timers.running():
            t["remaining_seconds"] = max(0, int(round((parse_iso(t["ends_at"]) - now).total_seconds())))
            out.append(t)
        return out

    def live_timers(self) -> list[dict[str, Any]]:
        """Running and paused timers, each with `remaining_seconds` and `paused`; a paused one's time
        left stands still."""
        now = self.now()
        out = []
        for t in self.services.store.timers.live():
            t["paused"] = t["state"] == "paused"
            since = parse_iso(t["started_at"]) if t["paused"] else now     # a paused one's started_at: when it paused
            t["remaining_seconds"] = max(0, int(round((parse_iso(t["ends_at"]) - since).total_seconds())))
            out.append(t)
        return out

    def cancel(self, timer_id: int) -> bool:
        return self.services.store.timers.finish(timer_id, "cancelled")

    def pause(self, timer_id: int) -> dict[str, Any] | None:
        """Stop a running timer's countdown; the timer as it now is (None: it was not running)."""
        if not self.services.store.timers.pause(timer_id, self.now()):
            return None
        return next((t for t in self.live_timers() if t["id"] == timer_id), None)

    def unpause(self, timer_id: int) -> dict[str, Any] | None:
        """Run a paused timer again with the time it had left; the timer as it now is (None: it was not paused)."""
        if not self.services.store.timers.resume(timer_id, self.now()):
            return None
        self.ensure_running()
        return next((t for t in self.live_timers() if t["id"] == timer_id), None)

    def extend(self, timer_id: int, seconds: int) -> dict[str, Any] | None:
        """`seconds` more on a running or paused timer; the timer as it now is (None: it was neither)."""
        if not self.services.store.timers.extend(timer_id, int(seconds)):
            return None
        self.wake()
        return next((t for t in self.live_timers() if t["id"] == timer_id), None)

    def resume(self) -> None:
        """At start: timers that ended while the assistant was not running go to the inbox (the
        briefing says them, the start-up says how many wait); the rest keep running (paused ones stay
        paused)."""
        now = self.now()
        pending = False
        for t in self.services.store.timers.running():
            ended = parse_iso(t["ends_at"])
            if ended <= now - _dt.timedelta(seconds=MISSED_AFTER_S):
                if self.services.store.timers.finish(t["id"], "fired"):
                    name = timer_name(t)
                    to_inbox(self.services, "timer_ended", f"{name[0].upper() + name[1:]} ended {say_when(ended, now)}",
                             ended, "set_timer")
            else:
                pending = True
        if pending:
            self.ensure_running()

    def tick(self) -> float | None:
        now = self.now()
        nearest = None
        for t in self.services.store.timers.running():
            left = (parse_iso(t["ends_at"]) - now).total_seconds()
            if left <= 0:
                if self.services.store.timers.finish(t["id"], "fired"):   # only one process announces
                    self.fired.append(t)
                    name = timer_name(t)
                    self.emit(f"Time's up! {name[0].upper() + name[1:]} is done.", "set_timer")
            elif nearest is None or left < nearest:
                nearest = left
        return nearest


# ---- reminders ---------------------------------------------------------------------------------------
RECURRENCES = ["daily", "weekdays", "weekly", "biweekly", "monthly", "yearly"]


# a repeat more often than daily, as stored: "every 120 minutes"
_EVERY_MINUTES = re.compile(r"every (\d+) minutes")


def every_minutes(recurrence: str | None) -> int | None:
    """The minutes between rings of a repeat more often than daily ("every 120 minutes" -> 120)."""
    m = _EVERY_MINUTES.fullmatch(recurrence or "")
    return int(m.group(1)) if m else None


def next_occurrence(due: _dt.datetime, recurrence: str | None, now: _dt.datetime) -> _dt.datetime | None:
    """The next due time after `now` for a recurring reminder (None for a one-off)."""
    if not recurrence:
        return None
    minutes = every_minutes(recurrence)
    if minutes:                                  # every N minutes: the next ring after now, on the same beat
        missed = int((now - due).total_seconds() // (minutes * 60)) + 1 if now >= due else 1
        return due + _dt.timedelta(minutes=minutes * max(1, missed))
    nxt = due
    for _ in range(1000):
        if recurrence == "daily":
            nxt = nxt + _dt.timedelta(days=1)
        elif recurrence == "weekdays":
            nxt = nxt + _dt.timedelta(days=1)
            while nxt.weekday() >= 5:
                nxt = nxt + _dt.timedelta(days=1)
        elif recurrence == "weekly":
            nxt = nxt + _dt.timedelta(days=7)
        elif recurrence == "biweekly":
            nxt = nxt + _dt.timedelta(days=14)
        elif recurrence == "monthly":
            month = nxt.month % 12 + 1
            year = nxt.year + (1 if nxt.month == 12 else 0)
            day = min(due.day, calendar.monthrange(year, month)[1])
            nxt = nxt.replace(year=year, month=month, day=day)
        elif recurrence == "yearly":          # a birthday on the 29th of February rings on the 28th in other years
            year = nxt.year + 1
            nxt = nxt.replace(year=year, day=min(due.day, calendar.monthrange(year, due.month)[1]))
        else:
            return None
        if nxt > now:
            return nxt
    return None


class ReminderService(PollingService):
    name = "reminders"

    def __init__(self, services: CommandServices) -> None:
        super().__init__(services)
        self.fired: list[dict[str, Any]] = []
        self.last_fired_id: int | None = None

    def resume(self) -> None:
        """At start: reminders that came due while the assistant was not running go to the inbox
        (a recurring one moves on to its next time); the rest are announced when due."""
        now = self.now()
        store = self.services.store.reminders
        for r in store.active():
            due = parse_iso(r["due_at"])
            if due > now - _dt.timedelta(seconds=MISSED_AFTER_S):
                continue
            if store.claim_fired(r["id"], r["due_at"], next_occurrence(due, r["recurrence"], now)):
                to_inbox(self.services, "reminder_missed", f"You missed a reminder {say_when(due, now)}: {r['text']}", due, "reminder")
        if store.active():
            self.ensure_running()

    def tick(self) -> float | None:
        now = self.now()
        nearest = None
        store = self.services.store.reminders
        for r in store.active():
            due = parse_iso(r["due_at"])
            left = (due - now).total_seconds()
            if left > 0:
                nearest = left if nearest is None else min(nearest, left)
                continue
            nxt = next_occurrence(due, r["recurrence"], now)
            if not store.claim_fired(r["id"], r["due_at"], nxt):   # another process got it first
                continue
            self.fired.append(r)
            self.last_fired_id = r["id"]
            self.emit(f"Reminder: {second_person(r['text'])}.", "reminder")
            if nxt is not None:
                left = (nxt - now).total_seconds()
                nearest = left if nearest is None else min(nearest, left)
        return nearest


def timer_service(services: CommandServices) -> TimerService:
    return services.keep(TimerService, lambda: TimerService(services))


def reminder_service(services: CommandServices) -> ReminderService:
    return services.keep(ReminderService, lambda: ReminderService(services))


# ---- a timer named by what it is for ("is the pizza done", "stop the egg one") ------------------------
RANG_LATELY = _dt.timedelta(hours=2)     # a timer that rang this long ago is still "the pizza timer"
_NOT_NAME_WORDS = {"the", "my", "our", "your", "a", "an", "this", "that", "these", "those", "timer", "timers",
                   "one", "ones", "countdown", "it", "you", "i", "we", "they", "he", "she", "everything", "things"}
# what a request names a timer by: one to three words after "the"/"my" ("the pizza", "my garlic bread")
NAME_WORDS = r"[a-z][a-z']*(?:\s+[a-z][a-z']*){0,2}?"
THING = r"(?:(?:the|my|our|those|these)\s+)?(?P<thing>(?:\d+\s+)?" + NAME_WORDS + ")"    # "the 5 minute one" too


def timer_labels(services: CommandServices | None) -> list[str]:
    """The labels of the running and paused timers: what a request may name a timer by."""
    if services is None:
        return []
    return [str(t["label"]) for t in timer_service(services).live_timers() if t.get("label")]


def said_name(words: str | None) -> str | None:
    """The name in the words that say a timer: "the tea's" -> "tea", "my egg one" -> "egg"."""
    kept = [re.sub(r"'s$", "", w) for w in (words or "").lower().split() if w not in _NOT_NAME_WORDS]
    return " ".join(kept) or None


def possessive_off(text: str) -> str:
    """The words said with a possessive's 's off ("the tea's done" says "tea"): a timer's name is grounded in them."""
    return re.sub(r"'s\b", "", text)


def _name_words(words: str | None) -> set[str]:
    """The stems of the words a timer is named by ("the cookies one" -> {"cooki"}, "the tea's" -> {"tea"})."""
    return {stem(w) for w in re.findall(r"[a-z0-9']+", (words or "").lower()) if w not in _NOT_NAME_WORDS}


def timers_named(timers: list[dict[str, Any]], said: str | None) -> list[dict[str, Any]]:
    """The timers a name said means: every word of it is a word of the timer's label in some form
    ("cookie" -> the cookies timer, "the egg one" -> the eggs timer, "bread" -> the garlic bread timer;
    the same name first), or for "5 minute" the timers of that length; all of them when no name is said."""
    want = _name_words(said)
    if not want:
        return list(timers)
    labelled = [t for t in timers if t.get("label")]
    same = [t for t in labelled if _name_words(t["label"]) == want]
    if same:
        return same
    named = [t for t in labelled if want <= _name_words(t["label"])]
    if not named and len(want) == 1:
        by_order = _timer_by_order(timers, next(iter(want)))
        if by_order is not None:             # "the second one": the second set of those running
            return [by_order]
    seconds = parse_duration(said or "") if not named else None
    return named or ([t for t in timers if int(t["duration_seconds"]) == seconds] if seconds else [])


def _timer_by_order(timers: list[dict[str, Any]], word: str) -> dict[str, Any] | None:
    """The timer an order word means among several ("the first one", "the last timer", "the middle one"), by
    when each was set; None for other words, or when there are not that many."""
    ordered = sorted({t["id"]: t for t in timers}.values(), key=lambda t: t["id"])
    place = position_said(word, len(ordered)) if len(ordered) >= 2 else None
    return ordered[place] if place is not None else None


def timers_mentioned(timers: list[dict[str, Any]], words: str) -> list[dict[str, Any]]:
    """The labelled timers whose whole name is among `words` ("i took the cookies out" -> the cookie timer),
    the longest name first."""
    said = _name_words(words)
    found = [t for t in timers if t.get("label") and _name_words(t["label"]) <= said]
    return sorted(found, key=lambda t: -len(_name_words(t["label"])))


def timers_rang_lately(services: CommandServices) -> list[dict[str, Any]]:
    """Labelled timers that rang in the last RANG_LATELY, the latest first, each with `rang_seconds_ago`."""
    now = timer_service(services).now()
    rows = services.store.timers.rang_since(now - RANG_LATELY)
    return [{**r, "rang_seconds_ago": max(0, int((now - parse_iso(r["ends_at"])).total_seconds()))} for r in rows]


def went_off(timer: dict[str, Any], already: bool = False) -> str:
    """'Your pizza timer went off 2 minutes ago.'"""
    ago = timer["rang_seconds_ago"]
    when = "just now" if ago < 60 else f"{say_duration(ago // 60 * 60)} ago"
    name = timer_name(timer)
    return f"{name[0].upper() + name[1:]} {'already ' if already else ''}went off {when}."


def no_timer_named(label: str, timers: list[dict[str, Any]]) -> str:
    """'You don't have a pizza timer. Running: the tea timer.'"""
    running = f" Running: {join_words(distinct_timer_names(timers))}." if timers else ""
    return f"You don't have {'an' if label[:1] in 'aeiou' else 'a'} {label} timer.{running}"
