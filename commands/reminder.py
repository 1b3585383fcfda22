"""reminder: remember something for a clock time or in N minutes, optionally recurring; list,
delete and snooze. Stored in SQLite; a background thread announces them while the app runs."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from commands._background import RECURRENCES, ReminderService, every_minutes, next_occurrence, parse_iso, reminder_service
from commands._common import examples, fail, say
from commands._grounding import as_said, drop_ungrounded
from jarvis_tui.sdk.grounding import content_words
from jarvis_tui.sdk.memories import second_person
from jarvis_tui.sdk.text import (CAN_GO, DISCOURSE_WORDS, DO_AWAY, DO_AWAY_WORDS, MONTHS, asks_question, NUMBER_WORDS, WEEKDAYS, corrected_value, find_listed_clock_times, expand_contractions, find_clock_span, find_clock_time, find_date, hourless_clock_time, find_period, FoundPeriod,
                                 join_words, normalize_utterance, parse_number, plural, points_by_order, position_said, say_date,
                                 stem)
from commands._parsing import parse_clock_time, parse_duration, say_clock, say_duration, say_when
from jarvis_tui.sdk.text import NAMED_TIME_WORDS, find_duration, say_while
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            ValidationResult)

_DAY_WORDS = re.compile(r"\b(?:tomorrow|tonight|today|morning|afternoon|evening|night|noon|next|weekend|week|month|"
                        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|every|daily|at|in|on)\b")
_WEEKDAY = "(?:" + "|".join(WEEKDAYS) + ")"
_RECUR = (r"(?P<recur>every\s*day|everyday|daily|each day|every morning|every evening|every night|on weekdays|every weekday|"
          r"weekdays|weekday|mondays? (?:to|through|thru|till|until) fridays?|every week|each week|weekly|every other week|"
          r"every second week|every two weeks|fortnightly|biweekly|every month|each month|monthly|"
          r"every year|each year|yearly|annually|annual|"
          r"(?:every|each)\s+(?:other\s+|second\s+)?" + _WEEKDAY + r"s?\b|"
          r"(?:on\s+)?" + _WEEKDAY + r"s\b(?!\s+(?:to|through|thru|till|until)\b))")   # "on tuesdays", "every other friday"
# when-words a model leaves at the end of a reminder's text ("stretch every weekday at 10:30"): the
# time and recurrence are arguments of their own, so the text keeps only the what
_WHEN_TAIL = re.compile(r"(?:[\s,]+(?:" + _RECUR + r"(?:\s+(?:morning|afternoon|evening|night))?"
                        r"|(?:(?:for|on)\s+)?(?:in\s+the|this)\s+(?:morning|afternoon|evening)|(?:at|by|around)\s+(?:" + NAMED_TIME_WORDS + r"|\d{1,2}(?:[:.]\d{2})?"
                        r"(?:\s*[ap]\.?\s?m\.?)?)|today|tomorrow|tonight|in\s+\d+\s+(?:minutes?|hours?)))+$",
                        re.I)
_RECUR_MAP = {"every day": "daily", "everyday": "daily", "daily": "daily", "each day": "daily", "every morning": None,
              "every evening": None, "every night": None, "on weekdays": "weekdays", "every weekday": "weekdays",
              "weekdays": "weekdays", "weekday": "weekdays", "every week": "weekly", "weekly": "weekly", "every other week": "biweekly",
              "biweekly": "biweekly", "every month": "monthly", "monthly": "monthly", "each week": "weekly",
              "every second week": "biweekly", "every two weeks": "biweekly", "fortnightly": "biweekly",
              "each month": "monthly", "every year": "yearly", "each year": "yearly", "yearly": "yearly",
              "annually": "yearly", "annual": "yearly"}
# a weekday a repeat is said on: "every monday", "each sunday", "every other friday", "on tuesdays"
_REPEAT_DAY = re.compile(r"\b(?P<lead>(?:every|each)\s+(?P<other>other\s+|second\s+)?|on\s+)?(?P<wd>" + _WEEKDAY + r")(?P<plural>s)?\b")
# a part of today said as today's ("tonight", "this evening"), and when it is over
_TODAY_PART_SAID = re.compile(r"\b(?P<part>tonight|this\s+(?:morning|afternoon|evening))\b")
_PART_ENDS = {"this morning": 12, "this afternoon": 18, "this evening": 24, "tonight": 24}
_DAY_PARTS = (("noon", "12:00"), ("tonight", "20:00"), ("morning", "09:00"), ("afternoon", "15:00"),
              ("evening", "18:00"), ("night", "21:00"))
_TIME = r"(?P<time>[\w:. ]+?)"
# "to" as speech recognition writes it when the user pauses after it ("Remind me too. Call the plumber")
_TEXT = r"(?:(?:to|too|two)[.,]?\s+|that\s+|about\s+)(?P<text>.+?)"


def _text_ok(text: str | None) -> str | None:
    if not text:
        return None
    t = text.strip()
    if not t or len(t) > 120 or _DAY_WORDS.search(t) or find_date(t, _dt.date.today()):
        return None  # a day word inside means a date the fast path does not represent: not sure
    return t


def _recurrence(word: str | None) -> tuple[bool, str | None]:
    """(understood, recurrence)."""
    if not word:
        return True, None
    w = " ".join(word.split())
    repeat = _REPEAT_DAY.fullmatch(w)
    if repeat:
        return True, "biweekly" if repeat.group("other") else "weekly"
    if re.fullmatch(r"mondays? \w+ fridays?", w):           # "monday to friday"
        return True, "weekdays"
    if w in _RECUR_MAP and _RECUR_MAP[w] is not None:
        return True, _RECUR_MAP[w]
    return False, None


# a repeat more often than daily ("every hour", "every 20 minutes", "hourly"): the recurrence "hourly",
# stored as "every N minutes"
_SUB_DAILY_SAID = (r"\bhourly\b|\bevery\s+(?P<gap>(?:(?:half\s+an?|an?|\d+|[a-z]+)\s+)?(?:and\s+a\s+half\s+)?"
                   r"(?:hours?|minutes?|mins?)(?:\s+and\s+a\s+half)?)\b")
_SUB_DAILY = re.compile(_SUB_DAILY_SAID)
MIN_EVERY_MINUTES, MAX_EVERY_MINUTES = 5, 12 * 60


def _every_minutes_said(said: str) -> int | None:
    """The minutes between rings a repeat more often than daily says ("every 2 hours" 120, "hourly"
    and "every hour" 60, "every half an hour" 30); None when it says none, or no number ("every few hours")."""
    m = _SUB_DAILY.search(said)
    if m is None:
        return None
    gap = m.group("gap")
    if gap is None:                                  # "hourly"
        return 60
    if re.match(r"(?:hours?|minutes?|mins?)\b", gap):
        gap = "1 " + gap                             # "every hour", "every hour and a half": one
    seconds = parse_duration(gap)
    return seconds // 60 if seconds and seconds % 60 == 0 else None
# words that say which half of the day a clock time is in
_MERIDIEM_SAID = re.compile(r"(?:\d|\b)(?:a\.?\s?m|p\.?\s?m)\b\.?|\b(?:morning|afternoon|evening|tonight|night|"
                            + NAMED_TIME_WORDS + r")\b")
# the request itself, copied by the model into the text ("remind me about the dentist")
# other words people remind by: "ping me", "give me a shout"
# ... and the ways of asking not to forget ("don't let me forget to call mom at five", "don't forget to put
# the bins out at 7"): a request to be reminded, though it says "not" (the 0.5B declined them)
_REMIND_BY = (r"(?:ping|nudge|buzz|alert)\s+me|give\s+me\s+a\s+(?:shout|nudge|ping|buzz|heads[- ]up)"
              r"|(?:don't|dont|do\s+not)\s+(?:let\s+me\s+)?forget|make\s+sure\s+i\s+(?:don't|do\s+not)\s+forget")
_REMIND_FRAME = (r"(?:please\s+)?(?:remind\s+me|(?:set|create|add|make)\s+(?:a|an|me\s+a)"
                 r"(?:\s+(?:daily|weekly|monthly|yearly|annual|recurring|repeating))?\s+reminder|"
                 + _REMIND_BY + ")")
_REQUEST_FRAME = re.compile(r"^" + _REMIND_FRAME + r"(?:\s+(?:to|about|of|that|for))?\s+(?=\S)", re.I)
_ONLY_FRAME = re.compile(_REMIND_FRAME + r"(?:\s+(?:please|for\s+me))?", re.I)   # "set a reminder": says no what


# a task said as what the user must do, with no "remind me": "i need to call the dentist tomorrow
# morning", "i've got to pick up the dry cleaning on friday" (the model set the reminder without it)
_TASK_SAID = re.compile(r"(?:(?:oh|and|so|ok|okay)[,\s]+)*(?:(?:i|we)\s+(?:really\s+)?(?:need|have|ought)\s+to"
                        r"|(?:i|we)(?:'ve|\s+have)?\s+got\s+to|(?:i|we)\s+(?:must|should)"
                        r"|(?:don't|do\s+not)\s+let\s+me\s+forget\s+to)\s+(?P<task>\S.*)")


# asked to be reminded last, of what was said before: "i need to pick up the kids at 3:30, remind me"
_REMIND_ME_LAST = re.compile(r"[,\s]+(?:(?:and|so|then|please|can\s+you|could\s+you)\s+)*(?:remind|tell|alert|ping|nudge)\s+me"
                             r"(?:\s+(?:about|of)\s+(?:it|that|this))?(?:\s+please)?$")
# the task of a reminder asked for in so many words: "remind me to book the car in for its mot on monday"
_FRAMED_TASK = re.compile(r"(?:(?:and|also|oh|so|ok|okay)[,\s]+)*" + _REMIND_FRAME
                          + r"\s+(?:to|about|that)\s+(?P<task>\S.*)", re.I)
# ... and with its when said first, or asked politely: "could you remind me on friday about the car tax"
_ASKED_TASK = re.compile(r"(?:(?:and|also|oh|so|ok|okay|please|can\s+you|could\s+you|would\s+you|will\s+you)[,\s]+)*"
                         + _REMIND_FRAME + r"(?:\s+(?:to|about|that|of))?\s+(?P<task>\S.*)", re.I)
# where the words of when begin inside a task ("... on monday morning", "... in ten minutes", "... tomorrow")
# a while from now, as a reminder is asked "in": "in ten minutes", "in an hour and a half"
_IN_A_WHILE = (r"\bin\s+(?:half\s+an?|a\s+quarter\s+of\s+an?|an?|one|half|\d+|[a-z]+)\s*(?:and\s+a\s+half\s+)?"
               r"(?:minutes?|mins?|hours?|hrs?)\b")
_WHEN_BEGINS = re.compile(r"\s+(?:(?:on|at|by|for|this|next|every|in)\s+)?(?:tomorrow|tonight|today|this\s+(?:morning|afternoon|"
                          r"evening)|every\b|" + _IN_A_WHILE + ")")


def whole_task(model_text: str, said: str) -> str | None:
    """The user's whole task when the model cut it short: "book the car" for "remind me to book the car in
    for its mot on monday morning" -> "book the car in for its mot" (the words up to where the when begins).
    None when the model's words are not the task's first words, or are all of it."""
    m = _FRAMED_TASK.fullmatch(" ".join(said.lower().replace("\u2019", "'").split()).strip(" .!?"))
    wanted = model_text.lower().split()
    if not m or not wanted:
        return None
    words = _before_when(m.group("task")).split()
    if len(words) <= len(wanted) or len(words) > 12 or words[:len(wanted)] != wanted:
        return None
    return " ".join(words)


def task_asked(said: str) -> str | None:
    """The task of a reminder asked for in so many words, its when cut: "could you remind me about the meeting
    at 3 tomorrow" -> "the meeting"; None for other words, or when the words after "to/about" say only when
    or point back ("remind me about it")."""
    m = _ASKED_TASK.fullmatch(" ".join(said.lower().replace("\u2019", "'").split()).strip(" .!?"))
    if m is None:
        return None
    task = m.group("task")
    # "at 5 to call mum", "every monday to take the bins out", "on the 5th of december to renew ...": the
    # longest when said first
    leads = [m.end() for m in re.finditer(r"\s+(?:to|about|that|regarding|of)\s+(?=\S)", task)
             if _when_words_only(task[:m.start()].split(), also=_REPEAT_WORDS)]
    task = task[max(leads):] if leads else task
    task = _before_when(f" {task}")         # a when said first or last is no part of it
    if not task or not content_words(task) or len(task.split()) > 12 or re.fullmatch(
            r"(?:it|that|this|them|those|these)(?:\s+(?:one|thing))?", task):
        return None
    return task


def _before_when(task: str) -> str:
    """The words of a task up to where its when begins ("book the car in for its mot on monday morning" ->
    "book the car in for its mot", "prepare notes 15 minutes before my 4 pm call" -> "prepare notes")."""
    ends = [w.start() for w in [_WHEN_BEGINS.search(task), _LEAD_SAID.search(task)] if w]
    found = find_clock_time(task)
    if found and f" {found[1]}" in f" {task}":
        ends.append(max(0, f" {task}".find(f" {found[1]}") - 1))
    dated = find_date(task, _dt.date.today())
    if dated and dated.words in task:
        ends.append(task.find(dated.words))
    task = task[:min(ends)] if ends else task
    return re.sub(r"(?:\s+(?:on|at|by|for|this|next|in|the|around))+$", "", task.strip())


# a reminder asked for by what it is for: "set a reminder for my mum's birthday on the 14th"
_REMINDER_FOR = re.compile(r"(?:(?:please|ok|okay|and|also|can\s+you|could\s+you)[,\s]+)*(?:set|create|add|make|put\s+in|put|pop|stick)"
                           # ... "put a reminder in for my mum's birthday", "pop a reminder on for the boiler service"
                           r"\s+(?:me\s+)?an?\s+reminder(?:\s+(?:in|on|down))?\s+(?:for|about|of)\s+(?P<task>\S.*)")


def reminder_for(said: str) -> str | None:
    """What a reminder asked for so is for, its when cut ("my mum's birthday"); None for other words, or
    when a when comes first ("set a reminder for 7 to call mum")."""
    m = _REMINDER_FOR.fullmatch(" ".join(said.lower().replace("\u2019", "'").split()).strip(" .!?"))
    if m is None or _after_when(m.group("task")) != m.group("task") or re.match(r"\d|(?:tomorrow|tonight|today|next|every)\b",
                                                                              m.group("task")):
        return None
    task = _before_when(m.group("task"))
    return task if task and len(task.split()) <= 12 else None


def _after_when(text: str) -> str:
    """What a reminder is about once a when said before it is gone: "on friday at noon about the car
    tax" -> "the car tax", "at 5 to call mom" -> "call mom"; the text as it was when no when leads it."""
    ws = text.split()
    today = _dt.date.today()
    for i, w in enumerate(ws):
        if i == 0 or w.lower() not in ("about", "to", "that", "regarding") or i == len(ws) - 1:
            continue
        lead = ws[:i]
        if not _when_words_only([x.lower() for x in lead], also=_REPEAT_WORDS):    # "every year on the 3rd of may"
            return text
        said = " ".join(lead)
        if find_clock_time(said) is not None or find_date(said, today) is not None:
            return " ".join(ws[i + 1:])
    return text
# a name given to what is set: "... called gym", "... that says call the vet"
_LABEL = re.compile(r"(?:^|\s)(?:called|named|labell?ed|titled|(?:that|which)\s+says|saying|(?:call|name|label)\s+it)"
                    r"\s+(?P<label>\S.*)$", re.I)


# words said before what a request asks ("you can", "actually", "i will")
_LEAD = r"(?:(?:i|we|you|just|actually|please|really|can|could|will|would|do|does|am|are|be|there|is|there's|so|and|oh|ok|okay)[,\s]+)*"
# a contraction typed without its apostrophe: "dont", "wont"
_NO_APOSTROPHE = re.compile(r"\b(do|does|did|wo|ca|is|are|was|were|would|should|could|have|has)nt\b")
# words that say the user no longer wants a reminder or an alarm (contractions expanded): "i do not
# need the alarm", "i will not be needing it", "no need for the dentist reminder", "do not remind me
# to ... anymore", "... is not on any more"
_UNWANTED = re.compile(r"\b(?:not|never)\s+(?:\w+\s+){0,2}?(?:need|want|use|require)\w*\b(?!\s+to\b)"
                       r"|\bno\s+longer\s+(?:\w+\s+){0,2}?(?:need|want|use|require|have)\w*\b"
                       r"|\bno\s+(?:more\s+)?(?:need|use)\s+(?:for|of|to\s+(?:remind|wake))\b"
                       r"|\bno\s+more\s+(?:[\w']+\s+){0,3}?(?:reminders?|alarms?|wake[- ]?up)\b"
                       r"|\b(?:not|never)\s+(?:\w+\s+)?remind\w*\s+me\b|\bstop\s+(?:remind|wak)\w*\s+me\b"
                       r"|\b(?:not|no)\b(?:\s+\S+)+?\s+(?:any\s?more|any\s+longer)\b")
# ... and a verb of dropping one it names: "forget about the grandma reminder", "skip tomorrow's alarm"
_DROP = re.compile(r"^" + _LEAD + r"(?:forget(?:\s+about)?|skip|" + DO_AWAY + ")"
                   r"\s+(?:the|my|that|this|[\w]+'s)\s+(?:[\w']+\s+){0,4}?(?:reminders?|alarms?|wake[- ]?up(?:\s+call)?)\b")
# what asks to be reminded, though it says "not": "don't forget to", "don't let me forget"
_NOT_FORGET = re.compile(r"\b(?:not|never)\s+(?:let\s+me\s+|want\s+to\s+|going\s+to\s+)?forget\b")
# a request to set one ("remind me", "set an alarm"), and a "not" said just before it ("do not remind me")
_SET_REQUEST = re.compile(r"\b(?:remind\w*|wake)\s+me\b|\b(?:set|add|schedule|create|make|put)\s+(?:up\s+)?(?:a|an|my|the)\b")
_NEGATED = re.compile(r"\b(?:not|never|stop|no\s+need\s+to)\s+(?:\w+\s+)?$")


def _expanded(text: str) -> str:
    """Contractions as the words they stand for, typed with or without the apostrophe ("dont" -> "do not")."""
    return expand_contractions(_NO_APOSTROPHE.sub(r"\1n't", text))


def no_longer_wanted(said: str) -> bool:
    """Whether a request says the user no longer wants a reminder or an alarm: "i don't need the alarm
    tomorrow anymore", "i won't need that alarm", "no need for the dentist reminder", "don't remind
    me to water the plants anymore", "forget about the grandma reminder". Not a request to be
    reminded that says "not": "don't forget to lock the door", "remind me that i don't need to bring
    lunch" (what follows "remind me" is what to be reminded of)."""
    t = _expanded(normalize_utterance(said))
    if _NOT_FORGET.search(t) or any(not _NEGATED.search(t[:m.start()]) for m in _SET_REQUEST.finditer(t)):
        return False
    return bool(_UNWANTED.search(t) or _DROP.match(t))


# the words of a delete that ask for it, not the reminder's: "forget (about)", "i don't need", "get rid of"
_DELETE_VERBS = re.compile(r"^" + _LEAD
                           + r"(?:(?:not|never|no\s+longer)\s+(?:\w+\s+){0,2}?(?:need|want|use|require)\w*(?:\s+(?:for|of))?"
                           r"|(?:have\s+)?no\s+(?:more\s+)?(?:need|use)\s+(?:for|of)|no\s+more|(?:stop|not)\s+remind\w*\s+me(?:\s+(?:to|about|of))?"
                           r"|forget(?:\s+about)?|skip|" + DO_AWAY
                           + r"|(?:turn|switch)\s+off)\s+")
_DELETE_TAIL = re.compile(r"\s+(?:any\s?more|any\s+longer|after\s+all|now|then|please|at\s+all)$")


def reminder_named(text: str) -> str:
    """The reminder a delete names, without the words that ask for the delete: "forget grandma
    reminder" -> "grandma reminder", "i don't need the alarm tomorrow anymore" -> "alarm tomorrow"."""
    t = _expanded(" ".join(text.lower().replace("\u2019", "'").split())).strip(" .!?,")
    t = _DELETE_TAIL.sub("", _DELETE_VERBS.sub("", t))
    t = re.sub(r"^(?:the|my|that|this|our)\s+", "", t)
    return re.sub(r"^reminders?\s+(?:to|about|for|of)\s+", "", t).strip()      # "reminder about the school run"


def _clock_said(words: list[str]) -> tuple[str, range] | None:
    """The clock time words say to name a reminder ("7 am", "7:30", "nine o'clock"), with the span of
    its words; None when they say none."""
    found = find_clock_span(words, max_words=4, bare_digits=True)
    if found is not None:
        return found
    for end, w in enumerate(words):
        for start in range(max(end - 2, 0), end) if w in ("o'clock", "oclock") else ():
            clock = parse_clock_time(" ".join(words[start:end + 1]), require_meridiem=False)
            if clock:
                return clock, range(start, end + 1)
    return None


def _when_said(said: str, today: _dt.date) -> str:
    """The words of a request that say when a reminder rings: its repeat ("weekday", "every
    monday"), its day ("tomorrow") and its clock time ("7:30", "6 am"), as said."""
    t = normalize_utterance(said)
    repeat = re.search(_RECUR, t)
    day = find_date(t, today)
    ws = t.split()
    clock = _clock_said(ws)
    return " ".join(x for x in (repeat and repeat.group("recur"), day and day.words,
                                clock and " ".join(ws[clock[1].start:clock[1].stop])) if x)


# the verbs that put an event in the calendar, as the word before it ("set up", "pencil in": their last word;
# "an event called team lunch", "put in my diary drinks with tom")
_EVENT_VERBS = frozenset("add put create schedule up make in arrange called named got have calendar diary agenda".split())


def remind_phrase(text: str, said: str) -> str:
    """How the reply says what it reminds of, after the words the user put before it: "remind me that
    the laundry is done" -> "that the laundry is done", "a reminder for the meeting" -> "about the
    meeting", "remind me to call mom" -> "to call mom"."""
    what = second_person(text)
    words = " ".join(said.lower().replace("\u2019", "'").split())
    at = words.find(text.lower())
    before = words[:at].split() if at > 0 else []
    determiners = []
    while before and before[-1] in ("the", "my", "our", "a", "an"):
        determiners.insert(0, before.pop())
    if determiners and determiners[-1] in ("the", "my", "our") and not text.lower().startswith(determiners[-1] + " "):
        what = f"{second_person(determiners[-1])} {what}"       # the model wrote "meeting" for "the meeting"
    connector = before[-1] if before else ""
    if connector == "that":
        return f"that {what}"
    if connector in _EVENT_VERBS:
        # an event put in: "put a dentist appointment on thursday" -> "about your dentist appointment"
        noun = re.sub(r"^(?:the|your)\s+", "", what, flags=re.I)
        return f"about {'the' if determiners and determiners[-1] == 'the' else 'your'} {noun}"
    thing = re.match(r"(?:the|my|your|our|a|an)\s", text.lower())
    said_first = at == 0 and thing                      # "the train is at 7:40, remind me ..."
    # a thing after any word but "to" ("don't let me forget my keys"): about it, not "to your keys"
    if connector in ("about", "of", "for", "regarding", "before", "beforehand") or said_first or (thing and connector != "to") \
            or what.lower().endswith(" alarm"):
        return f"about {what}"        # "remind me ten minutes before my meeting": about your meeting
    return f"to {what}"


def _said_period(period: FoundPeriod) -> str:
    """A stretch of days as a reply says it: "next week", "this week" (for "my week"), "in May"."""
    words = re.sub(r"^my\b", "this", " ".join(period.words.split()))
    return re.sub(r"\b(?:" + "|".join(MONTHS) + r")\b", lambda m: m.group(0).title(), words)


def _days_of(period: FoundPeriod) -> list[_dt.date]:
    """Each day of a stretch, its first to its last."""
    return [period.start + _dt.timedelta(days=n) for n in range((period.end - period.start).days + 1)]


def _listed(reminder: dict[str, Any]) -> dict[str, Any]:
    """A reminder as a list reply's data gives it."""
    return {k: reminder[k] for k in ("id", "text", "due_at", "recurrence")}


def _day_name(day: _dt.date, today: _dt.date) -> str:
    """How a reply names a day: "today", "tomorrow", "on Friday, March 7"."""
    if day == today:
        return "today"
    return "tomorrow" if day == today + _dt.timedelta(days=1) else f"on {say_date(day)}"


def _occurs_on(reminder: dict[str, Any], day: _dt.date) -> bool:
    """Whether a reminder rings on `day`: a one-off on its day, a recurring one on each day it repeats."""
    first = parse_iso(reminder["due_at"]).date()
    recurrence = reminder.get("recurrence")
    if day < first or not recurrence:
        return day == first
    if every_minutes(recurrence):
        return True
    return {"daily": True, "weekdays": day.weekday() < 5, "weekly": day.weekday() == first.weekday(),
            "biweekly": (day - first).days % 14 == 0, "monthly": day.day == first.day,
            "yearly": (day.month, day.day) == (first.month, first.day)}.get(recurrence, False)


def _recur_said(said: str) -> str | None:
    """The words that say how a reminder repeats ("every month", "on tuesdays"), or None."""
    m = re.search(_RECUR, said)
    return " ".join(m.group("recur").split()) if m else None


def _first_day(said: str, today: _dt.date, recurrence: str | None) -> tuple[_dt.date | None, bool]:
    """The day a reminder first rings as the request says it, and whether it is a weekday said (a
    time already past on it is next week's): "every monday" and "on tuesdays" the next such day,
    "on the first of every month" the next 1st, "tomorrow", "next friday", "june 3rd" that day;
    (None, False) when no day is said. A daily or weekday repeat names no first day by its weekdays
    ("monday to friday")."""
    if recurrence in ("daily", "weekdays"):
        day = find_date(said, today)
        return (day.when, False) if day is not None and day.kind != "weekday" else (None, False)
    if recurrence in ("weekly", "biweekly"):
        repeat = next((m for m in _REPEAT_DAY.finditer(said) if m.group("lead") or m.group("plural")), None)
        if repeat:                                     # "every monday" is no date to find_date
            weekday = WEEKDAYS.index(repeat.group("wd"))
            return today + _dt.timedelta(days=(weekday - today.weekday()) % 7), True
    day = find_date(re.sub(r"\s+of\s+(?:every|each|the)\s+month\b", "", said), today)   # "the 1st of every month"
    if day is None:
        return None, False
    return day.when, day.kind == "weekday"


ALARM_TEXTS = {"alarm": "alarm", "wake up": "wake up"}
# how a request names the alarm itself: "my wake-up call", "the alarm clock"
_ALARM_NAME = re.compile(r"\b(?:alarms?(?:\s+clock)?|wake[- ]?up(?:\s+(?:call|alarm))?)\b")


# the request's own words before an alarm's name, copied into the text by the model ("set a gym alarm")
_ALARM_FRAME = re.compile(r"^(?:set|make|create|add|start|put)\s+(?:me\s+)?(?:an?|my|the)\s+(?=(?:[\w'-]+\s+){0,2}alarm$)", re.I)


def _alarm_noun(text: str) -> str | None:
    """How the alarm a reminder's text names is said ("wake-up alarm", "gym alarm", "alarm"); None
    when the text is a reminder's."""
    t = text.lower()
    if t == "wake up":
        return "wake-up alarm"
    return t if t in ALARM_TEXTS or t.endswith(" alarm") else None


def _alarms(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reminders among `rows` that are alarms (`_alarm_noun`)."""
    return [r for r in rows if _alarm_noun(r["text"])]

def _repeats(due: _dt.datetime, recurrence: str) -> str:
    """How a reply says a repeat: "every day", "every weekday", "every Monday", "every other Monday",
    "every 2 hours", "every hour"."""
    minutes = every_minutes(recurrence)
    if minutes:
        return "every hour" if minutes == 60 else f"every {say_duration(minutes * 60)}"
    return {"daily": "every day", "weekdays": "every weekday", "weekly": f"every {due.strftime('%A')}",
            "biweekly": f"every other {due.strftime('%A')}",
            "monthly": f"on day {due.day} of every month", "yearly": f"every year on {due.strftime('%B')} {due.day}"}[recurrence]


def _rings(reminder: dict[str, Any], now: _dt.datetime) -> str:
    """When a reminder rings, as a reply says it: "tomorrow at 9 AM", "every weekday at 7:30 AM"."""
    due = parse_iso(reminder["due_at"])
    if every_minutes(reminder.get("recurrence")):
        return f"{_repeats(due, reminder['recurrence'])}, next {say_when(due, now)}"   # "every 2 hours, next at 4 PM"
    if reminder.get("recurrence"):
        return f"{_repeats(due, reminder['recurrence'])} at {say_clock(due)}"
    return say_when(due, now)


def _said_as(reminder: dict[str, Any]) -> str:
    """What a stored reminder reminds of, as the reply said it when it was set ("to call mom", "about
    your meeting"); a reminder stored before that was kept is read from its text alone."""
    return reminder.get("said_as") or remind_phrase(reminder["text"], reminder["text"])


def _named(reminder: dict[str, Any]) -> str:
    """A reminder as a question names it: "the alarm", "the gym alarm", "the reminder to call mom"."""
    text = reminder["text"]
    noun = _alarm_noun(text)
    if noun:
        return f"the {noun}"
    if re.match(r"(?:the|my|a|an|our)\s", text.lower()):         # "the dentist": the reminder about the dentist
        return f"the reminder about {second_person(text)}"
    return f"the reminder {_said_as(reminder)}"


# the part of the day a reminder is named by ("the evening one"): the hours it rings in
_DAY_PART_HOURS = {"morning": range(4, 12), "afternoon": range(12, 17), "evening": range(17, 22),
              "night": tuple(range(21, 24)) + tuple(range(0, 4)), "tonight": range(17, 24)}
_DAY_PART_SAID = re.compile(r"\b(?P<part>" + "|".join(_DAY_PART_HOURS) + r")\b")
# a part of a day a listing is asked for ("what have i got tomorrow afternoon"), and one of today's ("this afternoon")
_PART_ASKED = re.compile(r"\b(?:morning|afternoon|evening)\b")
_TODAYS_PART = r"(?:this|today)\s+(?:morning|afternoon|evening)"


def _in_part_of_day(rows: list[dict[str, Any]], said: str) -> tuple[list[dict[str, Any]], str | None]:
    """The reminders that ring in the part of the day `said` names ("the evening one", "my morning
    pills"), with the word it was named by; (rows, None) when it names none."""
    found = _DAY_PART_SAID.search(said.lower())
    if found is None:
        return rows, None
    hours = _DAY_PART_HOURS[found.group("part")]
    return [r for r in rows if parse_iso(r["due_at"]).hour in hours], found.group("part")


_LEAD_WORDS = frozenset("and oh also then actually so ok okay um uh well".split())   # said before an answer or a request


def _from_first_word(said: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The words of an answer from the first that says something: discourse words before it ("well",
    "please"; and `also`) are left out; "can", "could", "would" open a request and stay."""
    ws = said.replace(",", " ").split()
    while ws and (ws[0] in DISCOURSE_WORDS - {"can", "could", "would"} or ws[0] in also):
        ws.pop(0)
    return ws


# first words of a request to the assistant, not of what to be reminded about ("call the bank" is one)
_NOT_AN_ANSWER = frozenset("set start cancel stop what what's whats how when where who which turn play tell read show "
                           "mute unmute delete remove clear add convert calculate remind is are can could will".split())


def _which_one(found: list[dict[str, Any]], now: _dt.datetime) -> str:
    """The reminders a request could mean, told apart by when they ring where their names are the
    same: "the alarm tomorrow at 9 AM or the alarm every weekday at 7:30 AM"."""
    names = [_named(r) for r in found]
    return join_words([f"{name} {_rings(r, now)}" if names.count(name) > 1 else name
                       for name, r in zip(names, found)], "or")


# a reminder text that only says "an alarm" or "wake me": the alarm itself
# ("i need a daily alarm for 6": the request itself, its when and how often said elsewhere)
_ALARM_ONLY = re.compile(r"(?:(?:set|make|put|create|add|give\s+me|i\s+(?:need|want)|(?:can|could)\s+(?:i|you)\s+(?:have|set|get))"
                         r"(?:\s+up)?\s+)?(?:an?\s+|my\s+|the\s+)?(?:(?:daily|everyday|weekday|weekly|recurring|repeating)\s+)?"
                         r"(?:alarm(?:\s+clock)?|wake[- ]?up(?:\s+call)?|(?:wake|get)\s+(?:me\s+)?up|wake\s+me)"
                         r"(?:\s+(?:for|at)(?:\s+\S.*)?)?")
_ALARM_DAY = (r"(?:\s+(?P<day>today|tomorrow|tonight|(?:tomorrow\s+|in\s+the\s+|this\s+)(?:morning|evening|afternoon)"
              r"|(?:on\s+|next\s+|this\s+)?(?:" + "|".join(WEEKDAYS) + r")(?:\s+(?:morning|evening|afternoon))?))?")
_ALARM = (r"(?:(?:set|make|put|create|add|schedule|start|give me|i need|i want|can i have)\s+(?:up\s+)?(?:me\s+)?"
          r"(?:an?\s+|my\s+|the\s+)?)?(?:(?P<wake>wake[- ]?up)(?:\s+(?:call|alarm))?|alarm(?:\s+clock)?)"
          r"(?:\s+on)?" + _ALARM_DAY.replace("?P<day>", "?P<day0>") + r"\s+(?:for|at)\s+" + _TIME + _ALARM_DAY)
_WAKE_ME = r"(?:wake|get)\s+me\s+(?:up\s+)?(?:at|by|for)\s+" + _TIME + _ALARM_DAY


# the words of asking for an alarm: a text made of nothing else ("up" of "get me up") is the alarm itself
_ALARM_WORDS = frozenset("get got me up wake waking alarm clock call set an a my the".split())


def _only_the_alarm(text: str) -> bool:
    """Whether a reminder text says only that an alarm or a wake-up is wanted: "alarm", "set an alarm",
    "wake me up"; "" too."""
    t = text.lower().strip()
    return not t or _ALARM_ONLY.fullmatch(t) is not None or set(t.split()) <= _ALARM_WORDS


def _said_alarm(voice_command: str) -> str | None:
    """The reminder text of an alarm or a wake-up the user asked for without saying what about
    ("wake up" or "alarm", as the fast paths write them); None when neither was said."""
    said = " ".join(voice_command.lower().split())
    if re.search(r"\b(?:wake|waking|woken)\b|\b(?:get|got)\s+(?:me\s+)?up\b|\bbe\s+up\b", said):
        return "wake up"
    if re.search(r"\balarms?\b", said):
        return "alarm"
    return None


def _alarm_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    """An alarm or a wake-up at a clock time: a reminder that rings at that clock time, never a
    countdown. "six" alone is read as a morning time (people set alarms to wake up)."""
    g = m.groupdict()
    clock = parse_clock_time(g["time"], require_meridiem=False) if g.get("time") else None
    if not clock:
        return None
    day = " ".join(x for x in (g.get("day0"), g.get("day")) if x)
    if re.search(r"evening|afternoon|tonight", day) and int(clock[:2]) < 12:
        clock = f"{int(clock[:2]) + 12:02d}{clock[2:]}"
    wake = bool(g.get("wake")) or m.re.pattern.startswith("(?:wake|get)")
    return PreRouteResult(arguments={"action": "set", "text": "wake up" if wake else "alarm", "time": clock})


_RECUR_SAID = re.compile(r"(?:\s+(?:for|on))?\s+" + _RECUR + r"|\s+(?P<adj>daily|weekday|weekend)(?=\s+(?:alarm|wake))")


def _repeating_alarm_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    """An alarm said with how often it rings: "set an alarm for every weekday at 7", "wake me up at 6:30
    on weekdays", "set a daily alarm for 7 am" (they went to the model, which set a reminder "to set an
    alarm for"). The repeat is read out of the words, and the rest is an alarm said once."""
    said = " ".join(m.string.split())
    found = _RECUR_SAID.search(said)
    if found is None:
        return None
    word = found.group("recur") or found.group("adj")
    ok, recurrence = _recurrence(word)
    if not ok and re.fullmatch(r"every\s+morning|each\s+morning", word):
        ok, recurrence = True, "daily"                   # an alarm every morning rings every day
    if not ok or recurrence is None:
        return None
    rest = " ".join((said[:found.start()] + said[found.end():]).split())
    for pattern in (_ALARM, _WAKE_ME):
        once = re.fullmatch(pattern, rest)
        claim = _alarm_claim(once, rest) if once is not None else None
        if claim is not None:
            return PreRouteResult(arguments={**claim.arguments, "recurrence": recurrence})
    return None


# a repeat more often than daily as a fast path reads it: "every 2 hours", "every half an hour", "hourly"
_EVERY_WHILE = (r"hourly|every\s+(?:(?:half\s+an?|an?|\d+|[a-z]+)\s+)?(?:and\s+a\s+half\s+)?(?:hours?|minutes?|mins?)"
                r"(?:\s+and\s+a\s+half)?")


def _every_while_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    """"remind me to drink water every 30 minutes": rings every 30 minutes, the first 30 minutes from
    now (a gap it cannot read, "every few hours", is asked about by run())."""
    g = m.groupdict()
    text = _text_ok(g.get("text") or g.get("text2") or g.get("text3"))
    if not text or find_clock_time(text) is not None or find_date(text, _dt.date.today()) is not None:
        return None                               # "... every hour from 9 am": the model reads the rest
    gap = _every_minutes_said(g.get("every") or g.get("every2") or g.get("every3") or "")
    args: dict[str, Any] = {"action": "set", "text": text, "recurrence": "hourly"}
    return PreRouteResult(arguments=args | ({"every_minutes": gap, "relative_minutes": gap} if gap else {}))


# an hour said with no half of the day ("at 6", "at half 4", "at 3:15"): sure only where an hour under 7 to do
# something is the afternoon (`in_the_afternoon`; "at 8" may be either: the model's), and unless the words after
# it are a number too ("at 10 to 6 to feed the cat": the time's own words, read by the model)
_BARE_HOUR = re.compile(r"(?:\d{1,2}(?::\d\d)?|(?:half|quarter)\s+(?:past\s+|to\s+)?\w+|[a-z]+)(?:\s+o'?clock)?")


def _at_claim(m: re.Match[str], text_said: str) -> PreRouteResult | None:
    g = m.groupdict()
    text = _text_ok(g.get("text"))
    clock = parse_clock_time(g["time"]) if g.get("time") else None
    if clock is None and g.get("time") and text and _BARE_HOUR.fullmatch(g["time"].strip()) \
            and parse_number(text.split()[0]) is None and _alarm_noun(text) is None:
        bare = parse_clock_time(g["time"], require_meridiem=False)
        afternoon = bare and in_the_afternoon(bare, g["time"].strip(), text_said.lower())
        clock = afternoon if afternoon and afternoon != bare else None
    ok, recurrence = _recurrence(g.get("recur") or g.get("recur2"))
    if not text or not clock or not ok:
        return None
    args: dict[str, Any] = {"action": "set", "text": text, "time": clock}
    if recurrence:
        args["recurrence"] = recurrence
    return PreRouteResult(arguments=args)


# an event put in the calendar: "add a meeting with the sales team tomorrow at 2pm", "put a dentist
# appointment on thursday at 3 pm" (the model kept "add" in the text, or dropped the text); the event is
# what the verb names, the rest says only when
# "mark my calendar for the dentist on june 5th", "i've got a flight on the fifteenth at 7am": the event
# is the same, put in by other words; a day said as a date ("for the third of may", "on june 5th") too
# the days of a month said as ordinals ("the third", "the twenty first" begins with "twenty")
_DAY_ORDINALS = tuple("""first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth
    fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth""".split())
_CALENDAR = r"(?:my|the)\s+(?:calendar|diary|schedule|agenda)"
_NEW_EVENT = (r"(?:please\s+)?(?:(?P<into>(?:add|put|pop|stick|write)\s+(?:in|into|on|to)\s+" + _CALENDAR + r"\s+)"
              r"|(?P<verb>add|put|create|schedule|set\s+up|make|pencil\s+in|arrange)\s+(?:in\s+)?"
              r"|(?:mark|block(?:\s+out)?)\s+" + _CALENDAR + r"\s+(?:for|with)\s+"
              r"|(?P<have>i(?:'ve|\s+have)?\s+got|i\s+have)\s+)"
              r"(?P<det>(?:a|an|the|my)\s+)?(?P<event>[a-z][\w' -]*?)"
              r"(?:(?P<cal>\s+(?:to|in|on|into)\s+" + _CALENDAR + r")(?:\s+for)?|\s+in(?=\s+for\b))?"
              r"\s+(?:for\s+)?(?P<when>(?:on|at|this|next|tomorrow|today|tonight|the(?=\s+(?:\d|"
              + "|".join((*_DAY_ORDINALS, "twenty", "thirty")) + r"))|" + "|".join(WEEKDAYS) + "|" + "|".join(MONTHS) + r")\b.*)")
# the words that put what follows in the calendar, as the model kept them in a reminder's text
_INTO_CALENDAR = re.compile(r"^(?:add|put|pop|stick|write)\s+(?:it\s+)?(?:in|into|on|to)\s+" + _CALENDAR + r"\s+(?=\S)", re.I)
# the verbs that put only an event in, so that it needs no "a" or "the": "pencil in lunch with dad on sunday at 1"
_EVENT_WITHOUT_ARTICLE = frozenset(("pencil in", "schedule", "set up", "arrange"))
# what one "has" that is no event: "i've got nothing on friday at 3", "i have time on monday at 10"
_NO_EVENT = re.compile(r"(?:nothing|something|anything|time|(?:some\s+)?free\s+time|plenty|loads|lots|no\s+\w+)")
_NOT_AN_EVENT = re.compile(r"\b(?:list|lists|timer|timers|alarm|alarms|reminder|reminders|to-?dos?|note|notes|"
                           r"calendar|diary|schedule|agenda)\b")
# the words a day and a clock time are said in ("on thursday at 3 pm", "tomorrow at half past two")
_WHEN_WORDS = frozenset("""on at for the this next tomorrow today tonight morning afternoon evening night noon midnight
    am pm a.m. p.m. o'clock oclock half past quarter to of in week""".split()) | set(WEEKDAYS) | set(MONTHS) \
    | set(NUMBER_WORDS) | set(_DAY_ORDINALS)
# a number among them: a clock time or a day ("5", "7:30", "3pm", "12th"), or a day alone ("12", "12th")
_CLOCK_OR_DAY = re.compile(r"\d{1,2}(?::\d\d)?(?:am|pm|st|nd|rd|th)?")
_DAY_NUMBER = re.compile(r"\d{1,2}(?:st|nd|rd|th)?")


_REPEAT_WORDS = tuple(f"{day}s" for day in WEEKDAYS) + ("every", "each", "other", "day", "days", "daily", "weekday",
                                                       "weekdays", "weekend", "weekends", "weekly", "month", "monthly",
                                                       "year", "yearly", "annually")


def _when_words_only(words: list[str], number: re.Pattern[str] = _CLOCK_OR_DAY, also: tuple[str, ...] = ()) -> bool:
    """Whether every word is one that says when (`_WHEN_WORDS`, `also`, or a `number`)."""
    return all(w in _WHEN_WORDS or w in also or number.fullmatch(w) for w in words)


def _event_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    # "an event called team lunch", "an appointment for the school play": the event is what it is called
    # what one has on a day at a clock time needs no article ("i've got physio on tuesday at half ten"
    # was asked "What should I remind you about?"); with neither ("i have work") it is a remark
    when = m.group("when")
    last = re.search(r"\s+(?:to|in|on|into)\s+" + _CALENDAR + r"$", when)
    if last is not None:                # "put dentist on thursday at 2 on my calendar" (was asked what about)
        when = when[:last.start()]
    has_both = bool(m.group("have")) and find_clock_time(when) is not None \
        and find_date(when, _dt.date.today()) is not None
    calendar_said = bool(m.group("into") or m.group("cal") or last)   # "add dentist to my calendar on ..."
    if not m.group("det") and not calendar_said and not has_both \
            and " ".join((m.group("verb") or "").split()) not in _EVENT_WITHOUT_ARTICLE:
        return None                     # "add milk tomorrow at 5" names no event; "pencil in lunch with dad" does
                                        # (and "put in my diary drinks with tom ..." does)
    event = re.sub(r"^(?:event|entry|appointment)\s+(?:for|called|named|about)\s+", "", m.group("event").strip())
    if not event or len(event.split()) > 6 or _NOT_AN_EVENT.search(event) or _NO_EVENT.fullmatch(event):
        return None
    if not _when_words_only(when.replace(",", " ").split()):
        return None                     # more than when it is: "put a note on the fridge at 5"
    clock = find_clock_time(when)
    if clock is None and (m.group("have") or find_date(when, _dt.date.today()) is None):
        return None                     # "i have a headache today" says no time: it is no event
    args: dict[str, Any] = {"action": "set", "text": event}
    if clock is not None:
        args["time"] = in_the_afternoon(*clock, m.string)     # "a meeting at 3" is in the afternoon
    return PreRouteResult(arguments=args)


# the evening said elsewhere in a request, or a meal that is in the evening: "take the bins out tonight at 9",
# "schedule dinner with the team on friday at 7" (both rang at 9 and 7 in the morning)
_EVENING_SAID = re.compile(r"\b(?:tonight|evening|night|dinner|supper)\b")


def in_the_evening(clock: str, words: str, said: str) -> str:
    """An hour before noon said without its half of the day (`words`: the clock time's own words) in a
    request that says the evening (`said`: "tonight at 9", "dinner at 7:30", "an alarm for 7 tonight"):
    'HH:MM' 12 hours on; otherwise the clock time as it is."""
    hh = int(clock[:2])
    said = said.lower()
    if 0 < hh < 12 and not _MERIDIEM_SAID.search(words) and _EVENING_SAID.search(said) \
            and not re.search(r"\bmorning\b", said):
        return f"{hh + 12:02d}{clock[2:]}"
    return clock


def in_the_afternoon(clock: str, words: str, said: str = "") -> str:
    """A bare hour under 7 said to do something ("at 5", "at three") is in the afternoon, as is one said
    in the evening (`in_the_evening`): 'HH:MM' 12 hours on; any other clock time as it is."""
    evening = in_the_evening(clock, words, said)
    if evening != clock:
        return evening
    hh = int(clock[:2])
    # ... or with its minutes as a clock face writes them: "at 3:30" is speech recognition's "at three thirty"
    bare = re.fullmatch(r"\d{1,2}(?::\d{2})?|[a-z]+", words)
    # or the same said with its minutes in words: "half two", "quarter past three", "ten to four" (holdout 33:
    # "remind me to ring the vet at half two tomorrow" rang at 2:30 AM)
    # ... or its hour in digits: "half 4", "quarter to 6"
    in_words = re.fullmatch(r"[a-z0-9]+(?:[\s-][a-z0-9]+)*", words) and re.search(r"\b(?:half|quarter|past|to)\b", words)
    return f"{hh + 12:02d}{clock[2:]}" if (bare or in_words) and 0 < hh < 7 else clock


def _clock_anywhere(said: str) -> tuple[str, str] | None:
    """The clock time a request says where no "at" or "for" leads it, when its words say it plainly
    (its half of the day, or hours and minutes: "alarm 7 am tomorrow", "new alarm 5:45 please"):
    ('HH:MM', its words), or None."""
    ws = said.rstrip(" ?.!").split()
    found = find_clock_span(ws, bare_digits=True)
    words = " ".join(ws[found[1].start:found[1].stop]) if found else ""
    plain = ":" in words or _MERIDIEM_SAID.search(words) or re.search(r"o'?clock", words)     # "13 o'clock"
    return (found[0], words) if found and plain else None      # "in 20 minutes" says no 20:00


def _says_a_clock_time(words: str) -> bool:
    """Whether the words are a clock time said plainly, which only a reminder or an alarm takes: its
    half of the day, hours and minutes, "o'clock", or "half six", "quarter to seven"."""
    said = re.sub(r"^at\s+", "", _correction_words(words))
    return _clock_anywhere(said) is not None or (
        bool(re.search(r"\b(?:o'?clock|past|to|half)\b", said)) and parse_clock_time(said, require_meridiem=False) is not None)


def _in_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    text = _text_ok(m.group("text"))
    seconds = parse_duration(m.group("dur"))
    if not text or not seconds or seconds % 60:
        return None
    return PreRouteResult(arguments={"action": "set", "text": text, "relative_minutes": seconds // 60})


# a day or a part of one said after the task, with no clock time: "... to call mum tonight", "... tomorrow
# morning", "... on friday" (the 0.5B declined "don't let me forget to call mum tonight")
_ON_A_DAY = (r"(?P<when>(?:(?:on\s+)?(?:this\s+|next\s+)?" + _WEEKDAY + r"|tomorrow)(?:\s+(?P<part>morning|afternoon|evening|night))?"
             r"|tonight|this\s+(?P<part2>morning|afternoon|evening))")


def _on_a_day_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    """The hour of the part of the day said, 9 AM for a day alone (the day itself is read from the
    words when the reminder is set, as for "... tomorrow at 5")."""
    text = _text_ok(m.group("text"))
    part = m.group("part") or m.group("part2") or ("tonight" if m.group("when") == "tonight" else "morning")
    if not text:
        return None
    return PreRouteResult(arguments={"action": "set", "text": text, "time": dict(_DAY_PARTS)[part]})


# asking not to forget, with no when yet: "don't let me forget my keys" (the 0.5B forgot a memory about
# keys, or declined); set with no time, so that it asks when
_NOT_FORGETTING = (r"(?:(?:please|and|oh|so)\s+)*(?:(?:don't|dont|do\s+not)\s+let\s+me\s+forget"
                   r"|make\s+sure\s+i\s+(?:don't|do\s+not)\s+forget)(?:\s+(?P<lead>to|about))?\s+(?P<text>.+?)(?:\s+please)?")


def _not_forgetting_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    text = _text_ok(m.group("text"))
    if not text or find_clock_time(text) or re.search(_IN_A_WHILE, text) or _recur_said(text):
        return None                      # a when the fast paths of a when did not read: the model's
    if re.match(r"(?:buy|get|pick\s+up|order)\b", text):
        return None                      # "don't let me forget to buy lemons", no when: the shopping list's too
    return PreRouteResult(arguments={"action": "set", "text": text})


def _list_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    return PreRouteResult(arguments={"action": "list"})


# one's own calendar asked about for a day or a stretch: "am i busy this weekend", "what have i got on
# friday", "what's on my calendar in may", "do i have anything on tomorrow afternoon" (the model declined
# some of these, read the to-do list for others); "what's on tv tonight", "what's on in leeds this weekend"
# say more than when, and are not claimed
_SCHEDULE_FOR = (r"(?:am\s+i\s+(?:busy|free|booked(?:\s+up)?|doing\s+anything)"
                 r"|what(?:'s|\s+is)\s+on(?:\s+(?:my|the)\s+(?:calendar|diary|schedule|agenda))?"
                 r"|what(?:'s|\s+is)\s+(?:in|on)\s+(?:my|the)\s+(?:calendar|diary|schedule|agenda)"
                 r"|what\s+(?:have\s+i|do\s+i\s+have)(?:\s+got)?(?:\s+(?:on|going\s+on|planned|booked|scheduled))?"
                 r"|(?:do|have)\s+i\s+(?:got|have)\s+anything(?:\s+(?:on|planned|booked))?|anything\s+on"
                 r"|what(?:'s|\s+is|\s+does)\s+my\s+(?:calendar|diary|schedule|agenda|week|day)\s+(?:look|looking)\s+like)"
                 r"(?P<when>\s+.+)")


def _schedule_for_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    return PreRouteResult(arguments={"action": "list"}) if _only_when(m.group("when")) else None


def _only_when(words: str) -> bool:
    """Whether words say only when (a day or a stretch of days, a part of one): "this weekend", "on the
    12th", "tomorrow afternoon", "in may", "for the rest of the week"."""
    when = words.strip().replace(",", " ")
    if not when:
        return False
    today = _dt.date.today()
    if re.fullmatch(r"(?:for\s+)?(?:(?:later\s+)?" + _TODAYS_PART + r"|later(?:\s+today)?)", " ".join(when.split())):
        return True                     # a part of today: "anything on this afternoon" (declined)
    if not _when_words_only(when.split(), _DAY_NUMBER, ("weekend", "rest", "during", "coming")):
        return False
    return find_period(when, today) is not None or find_date(when, today) is not None


# the whole calendar cleared, or a day or a stretch of it: "wipe my calendar clean", "clear everything from
# my calendar next week", "empty my diary for tomorrow" (the model kept "clean" as what to delete); said
# tersely too: "clear calendar for tomorrow", "empty diary" (declined)
_CLEAR_CALENDAR = (r"(?:please\s+)?(?:clear|wipe|empty|cancel|delete|remove)\s+(?:out\s+)?"
                   r"(?:(?:all|everything)\s+(?:(?:of|from|in|on)\s+)?)?(?:(?:my|the)\s+)?(?:whole\s+|entire\s+)?"
                   r"(?:calendar|diary|agenda)(?:\s+(?:clean|clear|out))?(?P<when>\s+.+)?")


def _clear_calendar_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    when = (m.group("when") or "").strip()
    if when and not _only_when(when):
        return None                     # more than when: "clear my calendar of the meetings with bob"
    return PreRouteResult(arguments={"action": "delete", "text": "all"})


def _delete_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    if g.get("all"):
        return PreRouteResult(arguments={"action": "delete", "text": "all"})
    text = (g.get("text") or "").strip()
    text = re.sub(r"^(?:the|my)\s+", "", text)
    if not text or len(text.split()) > 8:
        return None
    return PreRouteResult(arguments={"action": "delete", "text": text})


# every reminder, or every alarm, as a delete's text says it ("all alarms", "all of my reminders", "them all")
_ALL_OF_THEM = re.compile(r"(?:all|every|each|everything)(?:\s+of)?(?:\s+(?:my|the|them))?(?:\s+(?:reminders?|alarms?))?|"
                          r"(?:them|those|these)\s+all|all\s+of\s+them")


# a request to skip one time a repeating reminder rings, not to delete it
_SKIP_ASKED = re.compile(r"(?:(?:and|ok|okay|but|please|actually|just|can\s+you|could\s+you)\s+)*(?:skip|miss)\b")
# a question about the reminder that rings first: "when's my next alarm", "how long until my alarm goes off"
_NEXT_ASKED = re.compile(r"\bnext\s+(?:alarm|reminder|wake[- ]?up|one)\b|\bhow\s+(?:long|much\s+(?:longer|time))\s+"
                         r"(?:is\s+(?:it|there)\s+)?(?:until|till|til|before|to)\b"
                         r"|\bwhen\s+(?:does|will|is)\s+(?:my|the)\s+(?:[\w'-]+\s+){1,3}?(?:go(?:ing)?\s+(?:to\s+)?(?:go\s+)?off|ring)\b")
# a part of the day said as a reminder's new when: "actually make it the afternoon", "move it to the evening"
_DAY_PART_SAID_ALONE = re.compile(r"(?:(?:in|to|for)\s+)?(?:the\s+)?(?P<part>morning|afternoon|evening|night)$")
# a reminder some time before the time said: "remind me ten minutes before", "an hour beforehand"
_COUNT_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_LEAD_SAID = re.compile(r"\b(?P<dur>(?:an?|half\s+an?|\d+|(?:" + _COUNT_WORD + r")(?:[\s-](?:" + _COUNT_WORD + r"))?)"
                        r"\s+(?:minutes?|mins?|hours?|hrs?))\s+"
                        r"(?:before(?:hand)?|ahead|early|earlier|in\s+advance)\b")
# ... as a model leaves it in the reminder's text: "leave at 8, remind me ten minutes before"
_LEAD_ASKED = re.compile(r"[,\s]*(?:(?:and|so|then|please)\s+)*(?:remind|tell|alert|ping|warn|nudge)\s+me\s+"
                         + _LEAD_SAID.pattern.removeprefix("\\b") + r".*$")


# "move my dentist reminder to 4 pm", "change my alarm to 7", "reschedule the meeting with anna to friday"
_MOVE_VERB = r"(?:move|reschedule|change|shift|push)"
# the verb's particle is no part of the name: "push the physio back to eleven" moved "physio back"
_MOVE = (_MOVE_VERB + r"(?:\s+(?:back|forward|over))?\s+(?:my|the)\s+(?P<text>[\w' ]+?)"
         r"(?:\s+(?P<kind>reminder|alarm|appointment|one))?(?:\s+(?:back|forward|over|on))?"
         r"\s+(?:to|until|till)\s+(?P<when>.+)")


def moved_to(said: str) -> tuple[str, str | None]:
    """Where a move request puts a reminder: the words after its last "to / until / for" that say a
    clock time or a date, and the clock time in them ("... to friday at 10" -> ("friday at 10",
    "10:00")); the "to" of "quarter to seven" is the clock time's. ("", None) when no such words follow."""
    said = " ".join(said.lower().split())
    for m in reversed(list(re.finditer(r"\b(?:to|until|till|for)\s+", said))):
        if m.group(0).startswith("to") and _CLOCK_BEFORE_TO.search(said[:m.start()]):
            continue
        tail = said[m.end():].strip(" ?.!")
        found = find_clock_time("at " + tail)
        if found or find_date(tail, _dt.date.today()):
            return tail, found[0] if found else None
    return "", None


# the words before the "to" of a clock time: "quarter to", "ten to", "20 minutes to"
_CLOCK_BEFORE_TO = re.compile(r"\b(?:quarter|half|\d{1,2}|five|ten|twenty|twenty[- ]five|minutes?)\s+$")
_JUST_SET = _dt.timedelta(minutes=2)
_RANG_RECENTLY = _dt.timedelta(minutes=5)     # "snooze it" / "push it back" right after a reminder rang means that one
_ABOUT_TO_RING = _dt.timedelta(minutes=10)    # "snooze it" before anything rang means the one due this soon


def _correction_words(value: str) -> str:
    """The new when of a correction, without the thing it names: "make that alarm 7" -> "7"."""
    return re.sub(r"^(?:(?:the|my)\s+)?(?:alarm|reminder|appointment)\s+(?:to\s+|for\s+|at\s+)?", "", value)


def when_only(words: str, today: _dt.date) -> tuple[str, str | None] | None:
    """Words that say nothing but a new time or day ("6:45", "at half past six", "tuesday",
    "tomorrow at 8"): (the words, the clock time in them); None when they say anything else."""
    t = " ".join(words.lower().split())
    day = find_date(t, today)
    rest = t.replace(day.words, " ") if day else t
    rest = " ".join(w for w in rest.split() if w not in ("at", "on", "for", "by", "around"))
    clock = parse_clock_time(rest, require_meridiem=False) if rest else None
    if (rest and clock is None) or (day is None and clock is None):
        return None
    return t, clock


def new_when(said: str) -> tuple[str, str | None]:
    """Where a move or a correction puts a reminder: the words that say it and the clock time in
    them ("move my alarm to 7" -> ("7", "07:00"), "actually make that tuesday" -> ("tuesday", None));
    ("", None) when neither says one."""
    tail, clock = moved_to(said)
    if tail:
        return tail, clock
    value = corrected_value(said) or _bare_when(said)
    found = when_only(_correction_words(value), _dt.date.today()) if value else None
    if found is None and value and hourless_clock_time(_correction_words(value), "00:00"):
        return _correction_words(value), None       # "make it half past": in the hour of the one it moves
    return found or ("", None)


SET_FROM_NOW = "reminder.set_from_now"     # services.note: the reminder just set "in N minutes" (its id, N)
_ANOTHER_SAID = re.compile(r"\b(?:another|one\s+more|a\s+second)(?:\s+one)?\b")


def _in_the_same_unit(words: str, minutes: int) -> int | None:
    """Seconds for a bare number said to move a reminder set `minutes` from now ("actually make it 50"
    after "in 45 minutes": it asked when): in the unit it was set in, hours when it was whole hours,
    else minutes. None for anything but a number."""
    number = parse_number(words)
    if number is None or number != int(number) or number <= 0:
        return None
    return int(number) * (3600 if minutes >= 60 and minutes % 60 == 0 else 60)


def _bare_when(said: str) -> str | None:
    """A new when said alone right after a reminder was set ("at 7pm", "on saturday"), else None."""
    t = normalize_utterance(said)
    return t if re.match(r"(?:at|on|for|by)\s", t) else None


def _nearer_half(time: str, before: _dt.datetime, alarm: bool) -> str:
    """A new clock time said without AM or PM for a reminder that rang at `before`: the reading
    nearer the time it had ("make that 6:45" of a 6:15 AM alarm is 6:45 AM, "make it 9" of an 8 PM
    reminder 9 PM); a reminder is not moved into the small hours unless it was in them ("move my
    9 AM reminder to 4" is 4 PM)."""
    hh, mm = (int(x) for x in time.split(":"))
    if not 1 <= hh <= 12:
        return time
    readings = [hh % 12, hh % 12 + 12]
    if not alarm and before.hour >= 7:
        readings = [h for h in readings if h >= 7]

    def apart(h: int) -> int:
        d = abs(h * 60 + mm - (before.hour * 60 + before.minute))
        return min(d, 24 * 60 - d)
    return f"{min(readings, key=apart):02d}:{mm:02d}"


def _moved_name(m: re.Match[str]) -> str:
    """The reminder a move request names: "the time of my pills reminder" -> "pills", "my alarm" ->
    "alarm", "my gym alarm" -> "gym alarm"."""
    what = re.sub(r"^(?:(?:the\s+)?(?:time|date|day)\s+(?:of|for)\s+)?(?:the\s+|my\s+)?", "", m.group("text").strip())
    return f"{what} alarm" if m.group("kind") == "alarm" else what


# a reminder or an alarm moved by an amount: "push it back 10 minutes", "make it half an hour earlier",
# "delay my alarm by 10 minutes", "bring the dentist reminder forward an hour", "push back my alarm 5 minutes"
_LATER = ("back", "out", "off", "later")          # the other ways ("forward", "up", "earlier", "sooner") are earlier
_SHIFT_VERB = r"(?:" + _LEAD + r")(?P<verb>push|move|shift|put|bump|delay|postpone|set|make|bring|nudge|change)"
# what is moved: "it" / "that", or a reminder named ("the dentist reminder", "my alarm"); each form is tried
# ("make that reminder 20 minutes earlier" is the second)
_SHIFT_FORMS = [re.compile(_SHIFT_VERB + r"(?:\s+(?P<pre>back|forward|up|out|off))?\s+" + what
                           + r"(?:\s+(?P<mid>back|forward|up|out|off))?(?:\s+(?:by|for))?\s+(?:another\s+)?(?P<dur>[\w ,./-]+?)"
                           r"(?:\s+(?P<post>later|earlier|sooner|back|forward))?(?:\s+(?:please|instead|then))?")
                for what in (r"(?:it|that|this)",
                             r"(?:the|my|that|this)\s+(?P<text>[\w' ]+?)(?:\s+(?P<kind>reminder|alarm|appointment))?")]


def shift_said(said: str) -> tuple[int, str | None] | None:
    """What a request to move a reminder by an amount says: (minutes, positive later and negative
    earlier; the reminder it names, None for "it" or "that reminder"). "push it back 10 minutes" ->
    (10, None), "bring the dentist reminder forward an hour" -> (-60, "dentist"). None when it says no
    such move, no way (a move of "10 minutes" neither later nor earlier) or no length in whole minutes."""
    t = normalize_utterance(said).lower()
    for form in _SHIFT_FORMS:
        m = form.fullmatch(t)
        seconds = parse_duration(m.group("dur")) if m else None
        way = m and (m.group("post") or m.group("mid") or m.group("pre") or (
            "later" if m.group("verb") in ("push", "bump", "delay", "postpone") else None))
        if not seconds or seconds % 60 or not way:
            continue
        minutes = seconds // 60 if way in _LATER else -(seconds // 60)
        text = m.groupdict().get("text")
        if text and ("timer" in text or len(text.split()) > 5):
            return None
        if not text or (text in ("reminder", "appointment") and not m.group("kind")):
            return minutes, None                     # "that reminder": the one "it" means
        return minutes, _moved_name(m) if m.group("kind") != "appointment" else text.strip()
    return None


def _move_claim(m: re.Match[str], text: str) -> PreRouteResult | None:
    what = _moved_name(m)
    tail, clock = moved_to(text)
    if not tail or len(what.split()) > 6:
        return None
    return PreRouteResult(arguments={"action": "move", "text": what, **({"time": clock} if clock else {})})


def _snooze_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    args: dict[str, Any] = {"action": "snooze"}
    text = (m.groupdict().get("text") or "").strip()
    if text and not m.groupdict().get("dur") and parse_duration(text):
        text, dur = "", text                # "snooze it for ten minutes": a length in words, not a reminder's name
    else:
        dur = m.groupdict().get("dur") or ""
    if dur:
        seconds = parse_duration(dur)
        if not seconds or seconds % 60:
            return None
        args["relative_minutes"] = seconds // 60
    if text:
        args["text"] = text
    return PreRouteResult(arguments=args)


# What the intent router learns from besides the adapter examples above and below: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('set an alarm for 6 am', {'action': 'set', 'text': 'alarm', 'time': '06:00'}),
 ('wake me up at seven thirty tomorrow', {'action': 'set', 'text': 'wake up', 'time': '07:30'}),
 ('i need an alarm at quarter to eight', {'action': 'set', 'text': 'alarm', 'time': '07:45'}),
 ('alarm for noon', {'action': 'set', 'text': 'alarm', 'time': '12:00'}),
 ('get me up at 5 in the morning', {'action': 'set', 'text': 'wake up', 'time': '05:00'}),
 ('put an alarm on for nine pm', {'action': 'set', 'text': 'alarm', 'time': '21:00'}),
 ('make an alarm at 6:15', {'action': 'set', 'text': 'alarm', 'time': '06:15'}),
 ('alarm tomorrow at 8', {'action': 'set', 'text': 'alarm', 'time': '08:00'}),
 ('wake up call at half past six please', {'action': 'set', 'text': 'wake up', 'time': '06:30'}),
 ('what alarms have i got', {'action': 'list'}), ('is my alarm on for tomorrow morning', {'action': 'list'}),
 ('show me my alarms', {'action': 'list'}), ('when is my next alarm', {'action': 'list'}),
 ('turn off my 7 am alarm', {'action': 'delete'}), ('delete the alarm for tomorrow', {'action': 'delete'}),
 ('cancel all my alarms', {'action': 'delete'}), ('get rid of the wake up alarm', {'action': 'delete'}),
 ('put a dentist appointment in my calendar for thursday at 3',
  {'action': 'set', 'text': 'dentist appointment', 'time': '15:00'}),
 ('schedule lunch with anna on friday at noon',
  {'action': 'set', 'text': 'lunch with anna', 'time': '12:00'}),
 ('add the team meeting to my calendar tomorrow at 10',
  {'action': 'set', 'text': 'team meeting', 'time': '10:00'}),
 ('book a haircut in my diary for saturday', {'action': 'set', 'text': 'haircut'}),
 ("what's on my calendar today", {'action': 'list'}),
 ('do i have anything scheduled tomorrow', {'action': 'list'}),
 ('what do i have on thursday', {'action': 'list'}), ("what have i got on tonight", {'action': 'list'}),
 ('i need to remember to buy a birthday card', {'action': 'set', 'text': 'buy a birthday card'}),
 ('i have to remember to call grandma tonight', {'action': 'set', 'text': 'call grandma', 'time': '20:00'}),
 ("don't forget to lock the back door at 10 pm", {'action': 'set', 'text': 'lock the back door', 'time': '22:00'}),
 ('what meetings have i got this week', {'action': 'list'}),
 ('am i free on friday afternoon', {'action': 'list'}),
 ('what does my schedule look like', {'action': 'list'}),
 ('remove the dentist appointment from my calendar', {'action': 'delete', 'text': 'dentist appointment'}),
 ('cancel my meeting on monday', {'action': 'delete', 'text': 'meeting'}),
 ('clear my calendar for tomorrow', {'action': 'delete'}),
 ('delete the event at two pm', {'action': 'delete'}),
 ("don't let me forget to take my pills at 9", {'action': 'set', 'text': 'take my pills', 'time': '09:00'}),
 ("don't let me forget to water the plants at 6 pm", {'action': 'set', 'text': 'water the plants', 'time': '18:00'}),
 ("make sure i don't forget to pay the rent tomorrow at 9", {'action': 'set', 'text': 'pay the rent', 'time': '09:00'}),
 ("i must not forget to phone the dentist at 11", {'action': 'set', 'text': 'phone the dentist', 'time': '11:00'}),
 # ... and with no time yet (it asks when): "don't let me forget my keys" went to forget's "my keys"
 ("don't let me forget the recycling", {'action': 'set', 'text': 'the recycling'}),
 ("don't let me forget to text grandma", {'action': 'set', 'text': 'text grandma'}),
 ("make sure i don't forget my gym bag", {'action': 'set', 'text': 'my gym bag'}),
 ("don't let me forget about the parcel", {'action': 'set', 'text': 'the parcel'}),
 ('ping me about the laundry in 20 minutes',
  {'action': 'set', 'relative_minutes': 20, 'text': 'the laundry'}),
 ("note my mother's birthday on the fifth of june", {'action': 'set', 'text': "mother's birthday"})]
# calendar requests in plainer, less direct words (what's coming up, am i busy, put it in, clear it)
_MORE_EXAMPLES += [
 ("what's on my agenda for today", {'action': 'list'}),
 ('anything on the schedule this afternoon', {'action': 'list'}),
 ('do i have plans on saturday night', {'action': 'list'}),
 ('what have i got on next week', {'action': 'list'}),
 ("when's my next appointment", {'action': 'list'}),
 ('how busy am i on thursday', {'action': 'list'}),
 ('is anything booked for monday evening', {'action': 'list'}),
 ('which events are coming up in my calendar', {'action': 'list'}),
 ('who am i meeting with today', {'action': 'list'}),
 ('what time is my call with the accountant', {'action': 'list'}),
 ("read me tomorrow's appointments", {'action': 'list'}),
 ('check my calendar for the weekend', {'action': 'list'}),
 ('how many meetings have i got today', {'action': 'list'}),
 ('whats happening on my calendar the rest of the week', {'action': 'list'}),
 ('add dinner with the neighbours to my calendar on friday at seven', {'action': 'set', 'text': 'dinner with the neighbours', 'time': '19:00'}),
 ('put yoga class on my schedule for wednesday evening', {'action': 'set', 'text': 'yoga class'}),
 ('create an event for the school play next thursday', {'action': 'set', 'text': 'the school play'}),
 ('pencil in coffee with sam on tuesday', {'action': 'set', 'text': 'coffee with sam'}),
 ("i've got the doctor on the twelfth at half nine put it in the calendar", {'action': 'set', 'text': 'the doctor', 'time': '09:30'}),
 ('save the date for the company picnic in july', {'action': 'set', 'text': 'the company picnic'}),
 ('set up a meeting with the design team monday at ten', {'action': 'set', 'text': 'meeting with the design team', 'time': '10:00'}),
 ('new event game night saturday eight pm', {'action': 'set', 'text': 'game night', 'time': '20:00'}),
 ('block out the ninth as a holiday in my calendar', {'action': 'set', 'text': 'holiday'}),
 ('make the piano lesson a weekly event on tuesdays at six pm', {'action': 'set', 'text': 'piano lesson', 'time': '18:00', 'recurrence': 'weekly'}),
 ('my nephew graduates on june third add it', {'action': 'set', 'text': 'nephew graduates'}),
 ('cancel everything on my calendar for friday', {'action': 'delete', 'text': 'all'}),
 ('take the gym session off my schedule', {'action': 'delete', 'text': 'gym session'}),
 ("delete tomorrow's events", {'action': 'delete'}),
 ('wipe my appointments for next week', {'action': 'delete'}),
 ('remove the birthday party from my calendar', {'action': 'delete', 'text': 'birthday party'}),
 ("scrap my three o'clock meeting", {'action': 'delete', 'text': 'meeting'}),
 ('which alarms are on', {'action': 'list'}),
 ('what time did i set my alarm for', {'action': 'list'}),
 ('show me the alarms i have set', {'action': 'list'}),
 ('is there an alarm set for the morning', {'action': 'list'}),
 ('read out when my alarms go off', {'action': 'list'}),
 ('what events have i got this week', {'action': 'list'}),
 ('have i got anything on thursday night', {'action': 'list'}),
 ('when do i meet the plumber', {'action': 'list'}),
 ('remind me about the quiz night on friday', {'action': 'set', 'text': 'the quiz night'}),
 ("add my cousin's birthday on the tenth of may", {'action': 'set', 'text': "cousin's birthday"}),
 ('create an event called team lunch for wednesday at one pm', {'action': 'set', 'text': 'team lunch', 'time': '13:00'}),
 ('set a recurring event for church every sunday at ten', {'action': 'set', 'text': 'church', 'time': '10:00', 'recurrence': 'weekly'}),
 ("i'm meeting jack for drinks on thursday put that in", {'action': 'set', 'text': 'meeting jack for drinks'}),
 ('erase all my events this week', {'action': 'delete', 'text': 'all'}),
 ('clear out my schedule for tomorrow afternoon', {'action': 'delete'}),
]
# what to take or wear is still a reminder when it names the weather's things (an umbrella, a coat):
# "remind me" says what is asked; and plans asked about in the words of a day ("what does my morning
# look like")
_MORE_EXAMPLES += [
 ('remind me to take my umbrella tomorrow morning', {'action': 'set', 'text': 'take my umbrella', 'time': '09:00'}),
 ('remind me to put on sunscreen before i go out', {'action': 'set', 'text': 'put on sunscreen before i go out'}),
 ('remind me to grab a warm coat in the morning', {'action': 'set', 'text': 'grab a warm coat', 'time': '08:00'}),
 ('remind me to bring the washing in at four', {'action': 'set', 'text': 'bring the washing in', 'time': '16:00'}),
 ('remind me to cover the plants tonight', {'action': 'set', 'text': 'cover the plants', 'time': '20:00'}),
 ('remind me to wear boots on saturday', {'action': 'set', 'text': 'wear boots'}),
 ('what does my day look like tomorrow', {'action': 'list'}),
 ("what's my afternoon looking like", {'action': 'list'}),
 ('how does my week look', {'action': 'list'}),
 ('is my evening free', {'action': 'list'}),
 ('what am i doing on saturday', {'action': 'list'}),
 ('am i busy tomorrow morning', {'action': 'list'}),
]
# questions about the user's own plans and events are calendar questions
_MORE_EXAMPLES += [(t, {'action': 'list'}) for t in [
 'when does the concert start tonight',
 'what time is the party on saturday',
 'is the dentist this week or next',
 'when is my next day off',
 'do i have anything on during the holidays',
 "when's the parent teacher meeting",
 "what's planned for the weekend",
 'is there anything i need to do on monday',
 'what have i got on tomorrow',
 'when is the match i put in my diary',
 'show me my events for this month',
 'what time do i have to be at the airport on friday',
 'is my sister visiting this weekend',
 'when is the next team meeting',
 'what was the date of the conference again',
 "what's on for the fourteenth",
 'anything on the first of december',
 'do i have plans on march the third',
 'what is happening on my calendar on the 2nd',
 'is the school trip on the twentieth',
 'is dad visiting on may the fourth',
 "what's happening on the 9th of october",
 'did i put the dentist on the eleventh',
 'is the wedding on a saturday',
 'what have i got on christmas eve',
 'is the book club still on next tuesday',
 'when is the plumber coming on the 3rd',
]]
# the day or the week as a plan or an agenda, asked for ("what's the plan for today" was declined, "what's my
# agenda" declined by the model, "give me my agenda" set a reminder)
_MORE_EXAMPLES += [(t, {'action': 'list'}) for t in [
 "what's the plan for today",
 "what's my agenda",
 'give me my agenda',
 'run me through today',
 'talk me through my day',
 "what's on for this evening",
 "what's the schedule for tomorrow",
 'what have i got planned this weekend',
 "what's in store for me today",
 "what's on the agenda this week",
 'go through my plans for tomorrow',
 'any plans for tonight',
]]
# what the user asked to be reminded of, asked back ("what did i ask you to remind me about" read the memories:
# the router ranked recall first by its "what have i asked you to remember")
_MORE_EXAMPLES += [(t, {'action': 'list'}) for t in [
 'what did i ask you to remind me about today',
 'what have i asked you to remind me of',
 'what were you supposed to remind me about later',
 'what are you reminding me about this week',
 'what did i tell you to remind me to do',
 'which reminders did i ask for',
 'remind me what my reminders are',
 'what did you say you would remind me about tomorrow',
]]
# (none of them ends in "about": the endpointer learns from the examples that "about" ends no request, and waits
# for the rest of "do you know any jokes about ...")
# other words people remind by ("ping me", "give me a shout"), and events said as what one has on
_MORE_EXAMPLES += [
 ('ping me at four to put the bins out', {'action': 'set', 'text': 'put the bins out', 'time': '16:00'}),
 ('give me a shout at six to ring the garage', {'action': 'set', 'text': 'ring the garage', 'time': '18:00'}),
 ('nudge me in ten minutes to turn the oven off', {'action': 'set', 'text': 'turn the oven off', 'relative_minutes': 10}),
 ('give me a heads up at noon about the delivery', {'action': 'set', 'text': 'the delivery', 'time': '12:00'}),
 ('buzz me tomorrow morning to water the tomatoes', {'action': 'set', 'text': 'water the tomatoes'}),
 ("i've got a dentist appointment on the ninth at ten", {'action': 'set', 'text': 'dentist appointment', 'time': '10:00'}),
 ('mark my diary for the school play on friday evening', {'action': 'set', 'text': 'the school play'}),
 ('block out thursday afternoon for the quarterly review', {'action': 'set', 'text': 'the quarterly review'}),
 ("what's in my diary for next month", {'action': 'list'}),
 ('what have i got on in may', {'action': 'list'}),
 ('am i free on friday afternoon', {'action': 'list'}),
 ('which alarms have i got set up for the week', {'action': 'list'}),
 ('empty my calendar for friday', {'action': 'delete', 'text': 'all'}),
 ('wipe everything off my diary for next week', {'action': 'delete', 'text': 'all'}),
]
# a meeting with someone booked or arranged is the user's own calendar (a table, a taxi or a flight booked
# is not: the out-of-scope set's); "book a meeting with ..." was declined on SLURP dev
_MORE_EXAMPLES += [
 ('book a meeting with the landlord', {'action': 'set', 'text': 'meeting with the landlord'}),
 ('book in a catch up with priya', {'action': 'set', 'text': 'catch up with priya'}),
 ('arrange a call with the accountant on wednesday', {'action': 'set', 'text': 'call with the accountant'}),
 ('set up a one to one with my manager', {'action': 'set', 'text': 'one to one with my manager'}),
 ('book a session with the personal trainer for thursday', {'action': 'set', 'text': 'session with the personal trainer'}),
]
# saying that a reminder or an alarm is no longer wanted deletes it, whatever verb is missing
# ("i don't need ..." is not a request to set one; "don't forget to ..." above still is)
_MORE_EXAMPLES += [
 ("i don't need the gym alarm anymore", {'action': 'delete', 'text': 'gym alarm'}),
 ('i won\'t be needing my saturday alarm', {'action': 'delete', 'text': 'alarm'}),
 ('i no longer need a reminder to feed the fish', {'action': 'delete', 'text': 'feed the fish'}),
 ("there's no need for the parking reminder now", {'action': 'delete', 'text': 'parking'}),
 ('forget about the reminder to call the landlord', {'action': 'delete', 'text': 'call the landlord'}),
 ("don't remind me to take the recycling out any more", {'action': 'delete', 'text': 'take the recycling out'}),
 ('stop reminding me about the gas bill', {'action': 'delete', 'text': 'gas bill'}),
 ('drop the piano lesson reminder', {'action': 'delete', 'text': 'piano lesson'}),
 ('skip the alarm on saturday', {'action': 'delete', 'text': 'alarm'}),
 ("i don't want the 6 am alarm any more", {'action': 'delete', 'text': 'alarm'}),
 ('no need to wake me up tomorrow', {'action': 'delete', 'text': 'wake up'}),
 ("i won't need the reminder about the school run", {'action': 'delete', 'text': 'school run'}),
]
_NEGATIVES: list[str] = ['which alarm clock should i buy', 'my alarm clock is broken', 'i overslept this morning',
 'what is a calendar year', 'how do you spell appointment']
# public events, things to do and timetables are not the user's own calendar
_NEGATIVES += [
 'what events are on in town this weekend',
 'any concerts near me tonight',
 'things to do around here on saturday',
 'show me the train schedule to boston',
 'what is the bus schedule for today',
 'what time does the museum open',
 # ... in a place named: a city's events, not the user's
 'which festivals are happening in london next month',
 'are there any markets on in york this weekend',
 'what exhibitions are on in paris next week',
 'any gigs in glasgow on saturday',
 'what is happening in town this friday',
]
_DOMAIN_WORDS: list[str] = ['reminder', 'reminders', 'remind', 'alarm', 'alarms', 'calendar', 'schedule', 'appointment', 'appointments',
 'meeting', 'diary', 'wake me', 'agenda']


# the words that say each action (grounding: the LLM's choice stands only on the user's words; "any
# meeting on friday" asks for a list, it does not set a reminder at 09:00)
ACTION_WORDS = {
    "set": ["remind", "reminder", "set", "add", "create", "make", "alert", "wake", "alarm", "need to", "have to",
            "don't let me forget", "remember to", "schedule", "book", "put", "note", "ping"],
    "list": ["any", "what", "what's", "which", "list", "show", "read", "tell me", "do i have", "check", "upcoming",
             "report", "let me know the", "let me know what", "let me know if i"],
    "delete": [*DO_AWAY_WORDS, "clear", "forget about", "turn off", "don't need", "not need", "won't need",
               "won't be needing", "no longer", "no need", "skip", "stop reminding", "don't remind"],
    "snooze": ["snooze", "postpone", "push back", "again in"],
    "move": ["move", "reschedule", "change", "shift", "push", "bring forward"],
}

# words that ask about the calendar rather than name what is in it ("when is", "what time", "coming up")
_ASKING = frozenset("""when what whats which where who how time times next coming up soon planned plan plans
have got has going happening scheduled booked set due start starts starting begin begins
tell show list read check see know remind reminder reminders calendar diary agenda schedule event events
alarm alarms anything something everything there today tonight tomorrow morning afternoon evening night
week weekend""".split())


# a question of when something is ("when is yoga", "what time is book club", "when does the match start")
_WHEN_IS = (r"(?:(?:so|and|ok|okay|remind\s+me)[,\s]+)*(?:when(?:'s|\s+is|\s+are|\s+does|\s+do)|what\s+time(?:'s|\s+is|\s+does|\s+do)"
            r"|what\s+day(?:'s|\s+is))\s+(?:my\s+|the\s+|our\s+)?(?P<what>.+?)(?:\s+(?:start|starts|begin|begins|again))?")
# what kind of event a question names ("the dentist appointment", "my meeting with the bank"): the
# other words say which one
_EVENT_KINDS = frozenset("appointment meeting call party dinner lunch breakfast session class game match trip".split())


def _named_by(voice: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reminders a question about the calendar names by their own words ("when is the dentist
    appointment", "what time is book club"): those that have all of its words but the kind of event
    ("see the dentist"), or the kind when it says only that ("when's my next meeting"), when that is
    some of them but not all; [] when it names none or none is there (the whole calendar is said)."""
    def stems(text: str) -> set[str]:         # "when's" -> "when", "bank's" -> "bank"
        return {stem(w) for w in (re.sub(r"'s$", "", w.strip(".'")) for w in content_words(text))
                if w not in _ASKING and not w.isdigit()}
    words = stems(voice)
    which = words - {stem(w) for w in _EVENT_KINDS} or words
    if not which:
        return []
    named = [r for r in rows if which <= stems(r["text"])]
    return named if len(named) < len(rows) else []


class ReminderCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "reminder"

    @property
    def capability(self) -> str:
        return 'set reminders and alarms'

    @property
    def description(self) -> str:
        return ("Reminders, alarms and calendar events (meetings, appointments, plans): set one for a clock "
                "time (time, 24 h HH:MM) or in N minutes (relative_minutes), optionally recurring; list them "
                "(what's on, am I busy); delete one by its text ('all' deletes every one); snooze the last one "
                "for N minutes; move one to a new time or by an amount (shift_minutes).")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=["set", "list", "delete", "snooze", "move"],
                            description="set, list, delete, snooze, or move one to a new time.", enum_evidence=ACTION_WORDS, default="set",
                            question_value="list"),
            JarvisParameter("text", "string", description="What to remind about (set), or which reminder (delete/snooze/move)."),
            JarvisParameter("time", "string", description="Clock time, 24 hour HH:MM (3 PM = 15:00).", question="When should I remind you?",
                            validation_function=lambda v: bool(re.fullmatch(r"([01]?\d|2[0-3]):[0-5]\d", v.strip()))),
            JarvisParameter("relative_minutes", "int", description="Minutes from now (in 2 hours = 120); "
                            "for snooze, how long to snooze.", validation_function=lambda v: 0 < v <= 60 * 24 * 366),
            JarvisParameter("recurrence", "string", enum_values=[*RECURRENCES, "hourly"],
                            description="Repeat: daily, weekdays, weekly, biweekly, monthly, yearly, or hourly (every N hours or minutes)."),
            JarvisParameter("every_minutes", "int", description="hourly: the minutes between rings (every 2 hours = 120).",
                            from_words=True),
            JarvisParameter("shift_minutes", "int", description="move: minutes later than it was set for, negative "
                            "for earlier (push it back 10 minutes = 10, an hour earlier = -60).",
                            validation_function=lambda v: v != 0 and abs(v) <= 60 * 24 * 366),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["remind", "reminder", "snooze", "don't let me forget"]

    @property
    def rules(self) -> list[str]:
        return ["Put the thing to remember in text without 'to' (remind me to call mom -> text 'call mom').",
                "Use time for clock times and relative_minutes for 'in N minutes/hours'."]

    @property
    def critical_rules(self) -> list[str]:
        return ["'Remind me in 10 minutes' with nothing to remember is set_timer; with a task it is reminder."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("set_timer", "Set a timer for 10 minutes / remind me in 10 minutes (no task)"),
                CommandAntipattern("todo_list", "Add call the bank to my to-do list (no time)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        remind = r"(?:remind me|set a reminder|create a reminder|add a reminder|make a reminder|reminder|" + _REMIND_BY + ")"
        return [
            FastPath("reminder.text_at_time", remind + r",?\s+" + _TEXT + r"(?:\s+(?:today|tomorrow))?\s+(?:at|by)\s+" + _TIME
                     + r"(?:\s+(?:today|tomorrow))?(?:\s+" + _RECUR + r")?",
                     _at_claim, "remind me to call mom at 3 pm"),
            FastPath("reminder.at_time_text", remind + r"\s+(?:" + _RECUR + r"\s+|(?:today|tomorrow)\s+)?(?:for\s+|at\s+|by\s+)" + _TIME
                     + r"(?:\s+(?:today|tomorrow))?"
                     + r"(?:\s+" + _RECUR.replace("?P<recur>", "?P<recur2>") + r")?,?\s+" + _TEXT,
                     _at_claim, "remind me at 6 pm to start dinner / every day at 8 am to ..."),
            FastPath("reminder.every_while",
                     r"(?:" + remind + r",?\s+" + _TEXT + r",?\s+(?P<every>" + _EVERY_WHILE + r")"
                     r"|" + remind + r",?\s+(?P<every2>" + _EVERY_WHILE + r"),?\s+" + _TEXT.replace("?P<text>", "?P<text2>")
                     + r"|(?:set|create|add|make)\s+(?:me\s+)?an?\s+(?P<every3>hourly)\s+reminder,?\s+"
                     + _TEXT.replace("?P<text>", "?P<text3>") + r")(?:\s+please)?",
                     _every_while_claim, "remind me to drink water every 30 minutes / set an hourly reminder to stretch"),
            FastPath("reminder.daily_at", r"(?:set|create|add|make)\s+an?\s+(?P<recur>daily|weekly|monthly|biweekly)\s+reminder"
                     r"\s+(?:for\s+|at\s+)" + _TIME + r",?\s+" + _TEXT,
                     _at_claim, "set a daily reminder at 7 am to exercise"),
            FastPath("reminder.text_on_a_day", remind + r",?\s+" + _TEXT + r",?\s+" + _ON_A_DAY, _on_a_day_claim,
                     "remind me to call mum tonight / don't let me forget to pay rent on friday"),
            FastPath("reminder.not_forgetting", _NOT_FORGETTING, _not_forgetting_claim,
                     "don't let me forget my keys / make sure i don't forget to call bob (it asks when)"),
            FastPath("reminder.text_in", remind + r",?\s+" + _TEXT + r"\s+in\s+(?P<dur>[\w ,./-]+)", _in_claim,
                     "remind me to check the oven in 45 minutes"),
            FastPath("reminder.in_text", remind + r"\s+in\s+(?P<dur>[\w ,./-]+?)\s+" + _TEXT, _in_claim,
                     "remind me in 30 minutes to check the laundry"),
            FastPath("reminder.in_first", r"in\s+(?P<dur>[\w -]+?),?\s+" + remind + r",?\s+" + _TEXT, _in_claim,
                     "in 20 minutes remind me to turn off the oven (the while said first)"),
            FastPath("reminder.alarm", _ALARM, _alarm_claim, "set an alarm for 7 am / wake up call at 6:30"),
            FastPath("reminder.new_event", _NEW_EVENT, _event_claim,
                     "add a meeting with the sales team tomorrow at 2pm / put a dentist appointment on thursday at 3 pm"),
            FastPath("reminder.wake_me", _WAKE_ME, _alarm_claim, "wake me up at six tomorrow"),
            FastPath("reminder.repeating_alarm", r".*\b(?:alarm|wake\s+me|wake[- ]?up)\b.*", _repeating_alarm_claim,
                     "set an alarm for every weekday at 7 / wake me up at 6:30 on weekdays"),
            FastPath("reminder.list", r"(?:(?:what|which)(?:\s+are)?|list|show(?:\s+me)?|read(?:\s+me)?|tell me|check|any|"
                     r"do i have any|are there any|have i got any)\s+(?:my\s+|the\s+)?(?:upcoming\s+|recurring\s+|"
                     r"active\s+)?(?:reminders|alarms)(?:\s+(?:do i have|are there|are set|have i got|for today|today))?",
                     _list_claim, "what reminders do i have / what alarms do i have"),
            FastPath("reminder.next",
                     r"(?:(?:and|so|ok|okay)\s+)*(?:when(?:'s|\s+is|\s+does)|what\s+time(?:'s|\s+is|\s+does)|how\s+long\s+(?:is\s+it\s+)?"
                     r"(?:until|till|til|before)|how\s+much\s+(?:longer|time)\s+(?:until|till|before))\s+(?:my|the)\s+"
                     r"(?:next\s+)?(?:alarm|reminder|wake[- ]?up(?:\s+(?:call|alarm))?)(?:\s+(?:set\s+for|go(?:es)?\s+off|ring|rings|due))?",
                     _list_claim, "when's my next alarm / how long until my alarm goes off"),
            FastPath("reminder.named_event", _WHEN_IS, self._named_event_claim,
                     "when is yoga / what time is book club (when a reminder is about it)"),
            FastPath("reminder.schedule_for", _SCHEDULE_FOR, _schedule_for_claim,
                     "am i busy this weekend / what have i got on friday / what's on my calendar in may"),
            FastPath("reminder.coming_up", r"(?:what(?:'s|\s+is)|what\s+(?:have\s+i|do\s+i\s+have)(?:\s+got)?|is\s+there\s+anything"
                     r"|do\s+i\s+have\s+anything|anything)\s+coming\s+up(?:\s+(?:today|for\s+me|soon|later))?",
                     _list_claim, "what have i got coming up (the reminders and alarms ahead)"),
            FastPath("reminder.delete_all", r"(?:cancel|delete|remove|clear|turn\s+off|switch\s+off)\s+(?P<all>all)\s+"
                     r"(?:of\s+)?(?:my\s+|the\s+)?(?:reminders|alarms)",
                     _delete_claim, "delete all my reminders"),
            FastPath("reminder.clear_calendar", _CLEAR_CALENDAR, _clear_calendar_claim,
                     "wipe my calendar clean / clear everything from my calendar next week"),
            FastPath("reminder.delete_about", r"(?:cancel|delete|remove)\s+(?:my|the)\s+reminder\s+(?:to|about|for)\s+(?P<text>.+)",
                     _delete_claim, "cancel my reminder to call mom"),
            FastPath("reminder.delete_named", r"(?:cancel|delete|remove)\s+(?:my|the)\s+(?P<text>[\w ]+?)\s+reminder",
                     _delete_claim, "delete the medicine reminder"),
            FastPath("reminder.one_can_go", r"(?:(?:so|and|ok|okay|now)\s+)*(?:the|my|that)\s+(?P<text>[\w' ]+?)\s+one\s+"
                     + CAN_GO, self._one_named_claim, "the window cleaner one can go"),
            FastPath("reminder.delete_one", r"(?:(?:please|just|ok|okay|and|now)\s+)*(?:" + DO_AWAY + r"|stop|"
                     r"turn\s+off|switch\s+off)\s+(?:my|the|that)\s+(?P<text>[\w':. ]+?)\s+(?:one|alarm)(?:\s+please)?",
                     self._one_named_claim, "cancel the washing one / turn off the 6:45 alarm (one reminder of that name or time)"),
            FastPath("reminder.the_alarm", r"(?:(?:please|just|ok|okay|and|now)\s+)*(?:cancel|delete|remove|turn\s+off|switch\s+off"
                     r"|get\s+rid\s+of)\s+(?:my|the)\s+alarm(?:\s+please)?", self._the_alarm_claim,
                     "cancel my alarm (one alarm set)"),
            FastPath("reminder.by_order", r"(?:(?:and|ok|okay|now|so|then|please|just)\s+)*(?:cancel|delete|remove|turn\s+off|"
                     r"switch\s+off|get\s+rid\s+of|scrap|drop|ditch)\s+(?P<which>(?:the|that)\s+.+?)(?:\s+(?:please|too))?",
                     self._by_order_claim, "cancel the first one (right after the reminders were read or set)"),
            FastPath("reminder.move", _MOVE, _move_claim, "move my dentist reminder to 4 pm"),
            FastPath("reminder.skip_it", r"(?:(?:and|ok|okay|but|please|actually|just)\s+)*(?:skip|miss)\s+(?:(?:it|that|that\s+one"
                     r"|(?P<next>the\s+next\s+(?:one|reminder|alarm|time|ring)))"
                     r"(?:\s+(?P<day>tomorrow|today|(?:on\s+|this\s+|next\s+)?(?:" + "|".join(WEEKDAYS) + r")))?"
                     # "skip tomorrow's", "skip friday's one" (declined)
                     r"|(?P<day2>tomorrow|today|(?:this\s+|next\s+)?(?:" + "|".join(WEEKDAYS) + r"))'s(?:\s+(?:one|alarm|reminder))?)",
                     self._skip_it_claim, "skip it tomorrow (right after a repeating reminder was set or read)"),
            FastPath("reminder.when_it_rings", r"(?:(?:and|so|ok|okay)\s+)*(?:what\s+time|when)\s+(?:does|will|is)\s+"
                     r"(?:it|that|that\s+one)\s+(?:go(?:ing)?\s+(?:to\s+)?(?:go\s+)?off|ring|go\s+off|due)",
                     self._when_it_rings_claim, "what time does it go off (right after a reminder was set or read)"),
            FastPath("reminder.shift", _SHIFT_VERB + r"\s.+", self._shift_claim,
                     "push it back 10 minutes / bring the dentist reminder forward an hour"),
            FastPath("reminder.another_alarm",
                     r"(?:(?:and|ok|okay|now|then)\s+)*(?:(?:set|make|add|give\s+me|i\s+need)\s+)?(?:another|one\s+more|a\s+second)"
                     r"(?:\s+(?:one|alarm))?\s+(?:for|at)\s+" + _TIME, self._another_alarm_claim,
                     "set another one for 6:45 (right after an alarm was set)"),
            FastPath("reminder.correction", r".+", self._correction_claim,
                     "actually make that 6:45 (right after a reminder was set)"),
            FastPath("reminder.snooze", r"snooze(?:\s+(?:that|the|this|my|it)(?:\s+(?:reminder|alarm))?)?"
                     r"(?:\s+(?:about|for|to)\s+(?P<text>[a-z ]+?)(?=\s+for\s|$))?(?:\s+for\s+(?P<dur>[\w ,./-]+))?",
                     _snooze_claim, "snooze (that reminder) for 15 minutes"),
        ]

    def _reminder_meant(self) -> dict[str, Any] | None:
        """The reminder "it" means right after a turn of the reminders: the one reminder kept, or the
        newest when it was set a moment ago; None otherwise (another command's "it")."""
        if self.services is None or "reminder" not in self.services.last_commands():
            return None
        rows = self.services.store.reminders.active()
        return rows[0] if len(rows) == 1 else self._just_set()

    def _by_order_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"cancel the first one", "delete the last alarm" right after the reminders were read or set (they are
        told in the order they ring): that one (the model cancelled a timer, with none running). Only right after
        a turn of the reminders, and only words of order."""
        which = re.sub(r"\s+(?:alarm|reminder)$", "", normalize_utterance(m.group("which")))   # "the second alarm"
        if self.services is None or "reminder" not in self.services.last_commands() or not points_by_order(which):
            return None
        if position_said(which, len(self.services.store.reminders.active())) is None:
            return None
        return PreRouteResult(arguments={"action": "delete", "text": which})      # found by `_find`

    def _skip_it_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"skip it tomorrow" after "remind me every weekday at 8 to take my tablets" was a dismissal:
        the day said of the reminder "it" means (skipped when it rings then, left as it is otherwise)."""
        meant = self._reminder_meant()
        if meant is None or not meant.get("recurrence") or not (m.group("day") or m.group("day2") or m.group("next")):
            return None              # "skip it" alone may be a song or a question: only "the next one" or a day
        return PreRouteResult(arguments={"action": "delete", "text": meant["text"]})      # the day: from the words

    def _when_it_rings_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"what time does it go off" right after a reminder was set was declined: the reminders, read."""
        return PreRouteResult(arguments={"action": "list"}) if self._reminder_meant() is not None else None

    def _the_alarm_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"cancel my alarm" with one alarm set went to the model: that alarm (with several, the model asks
        which)."""
        if self.services is None:
            return None
        alarms = _alarms(self.services.store.reminders.active())
        return PreRouteResult(arguments={"action": "delete", "text": alarms[0]["text"]}) if len(alarms) == 1 else None

    def _one_named_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"cancel the washing one": claimed when exactly one reminder is about that ("the pasta one" with
        a pasta timer and no such reminder is the timer's)."""
        text = m.group("text").strip()
        if self.services is None or points_by_order(text):     # "the first one": only right after the reminders
            return None
        return PreRouteResult(arguments={"action": "delete", "text": text}) if len(self._find(text)) == 1 else None

    def _correction_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """"actually make that 6:45" moves the reminder set in the last two minutes; with none set, or
        words that say more than a new time or day, it is not this fast path's."""
        if self.services is None or self._just_set() is None:
            return None
        corrected = corrected_value(text)
        value = corrected or _bare_when(text)   # "at 7pm" right after "... every friday"
        if "reminder" not in self.services.last_commands() and not (corrected and _says_a_clock_time(corrected)):
            # a timer was set since: "make it 15 minutes" or "at 8pm" is not about the reminder; a correction
            # to a clock time said plainly is ("wake me up at seven", "what's the weather in london",
            # "actually make it half six")
            return None
        found = when_only(_correction_words(value), self._now().date()) if value else None
        from_now = self.services.noted(SET_FROM_NOW, 120)
        relative = from_now is not None and from_now[0] == self._just_set()["id"]
        if relative and value and parse_number(_correction_words(value)) is not None:
            found = None                             # "make that 2" after "in an hour": 2 hours, not 2 PM
        if found is None and value and relative:     # "actually make that 45 minutes" after "in an hour"
            words = re.sub(r"^(?:in|for)\s+", "", _correction_words(value))
            seconds = parse_duration(words) or _in_the_same_unit(words, from_now[1])
            if seconds and seconds % 60 == 0 and 0 < seconds <= 60 * 24 * 366 * 60:
                return PreRouteResult(arguments={"action": "move", "relative_minutes": seconds // 60})
        part = re.fullmatch(r"(?:(?:in|for)\s+)?(?:the\s+)?(?P<part>morning|afternoon|evening|night)", _correction_words(value)) \
            if value else None
        if part is not None and (found is None or found[1] is None):   # "actually make it the afternoon": that part's hour
            found = (value, dict(_DAY_PARTS)[part.group("part")])
        if found is None and value and not relative:
            # a clock time without its hour ("make it half past", "at quarter to"): in the hour of the one set
            due = parse_iso(self._just_set()["due_at"]).astimezone(self._now().tzinfo)
            clock = hourless_clock_time(_correction_words(value), due.strftime("%H:%M"))
            found = (value, clock) if clock else None
        if found is None:
            return None
        return PreRouteResult(arguments={"action": "move", **({"time": found[1]} if found[1] else {})})

    def _another_alarm_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"set another one for 6:45" right after an alarm was set: another alarm, at that time (it asked
        "What should I remind you about?")."""
        just = self._just_set() if self.services is not None else None
        noun = _alarm_noun(just["text"]) if just is not None else None
        clock = parse_clock_time(m.group("time"), require_meridiem=False)
        if noun is None or clock is None:
            return None
        return PreRouteResult(arguments={"action": "set", "text": just["text"], "time": clock})

    def _just_set(self) -> dict[str, Any] | None:
        """The newest reminder, when it was set in the last two minutes (what a correction changes).
        Its age is by the store's created_at, which the wall clock writes."""
        newest = max(self.services.store.reminders.active(), key=lambda r: r["id"], default=None)
        if newest is None or _dt.datetime.now().astimezone() - parse_iso(newest["created_at"]) > _JUST_SET:
            return None
        return newest

    def _just_rang(self) -> dict[str, Any] | None:
        """The reminder that rang last, when it rang in the last few minutes and was not snoozed or moved
        since (what "snooze it" and "push it back" mean); by the store's last_fired_at, which the wall
        clock writes."""
        svc = reminder_service(self.services)
        rang = self.services.store.reminders.get(svc.last_fired_id) if svc.last_fired_id is not None else None
        if rang is None or not rang.get("last_fired_at") or (rang["active"] and not rang["recurrence"]):
            return None
        return rang if _dt.datetime.now().astimezone() - parse_iso(rang["last_fired_at"]) <= _RANG_RECENTLY else None

    def _in_focus(self) -> tuple[dict[str, Any] | None, bool]:
        """The reminder "it" means when the request names none: the one that just rang or the one just
        set, whichever came last; with whether it is the one that rang."""
        rang, just_set = self._just_rang(), self._just_set()
        if rang is not None and (just_set is None or parse_iso(rang["last_fired_at"]) >= parse_iso(just_set["created_at"])):
            return rang, True
        return just_set, False

    def _shift_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """"push it back 10 minutes", "delay my alarm by 10 minutes": a move by that much; "it" is not
        claimed when there is no reminder it could mean."""
        shift = shift_said(text)
        if shift is None or self.services is None:
            return None
        minutes, named = shift
        if named is None and not self.services.store.reminders.active() and self._just_rang() is None:
            return None
        return PreRouteResult(arguments={"action": "move", "shift_minutes": minutes, **({"text": named} if named else {})})

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def held_names(self) -> list[str]:
        if self.services is None:
            return []
        return [str(r["text"]) for r in self.services.store.reminders.active()]

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Remind me to call mom at 3 PM", {"action": "set", "text": "call mom", "time": "15:00"}),
            ("Remind me in 30 minutes to check the laundry", {"action": "set", "text": "check the laundry", "relative_minutes": 30}),
            ("Remind me every day at 8 AM to take my medicine",
             {"action": "set", "text": "take my medicine", "time": "08:00", "recurrence": "daily"}),
            ("What reminders do I have?", {"action": "list"}),
            ("Scrap the dentist one", {"action": "delete", "text": "dentist"}),
            ("Snooze for 15 minutes", {"action": "snooze", "relative_minutes": 15}),
            ("Move my dentist reminder to 4 PM", {"action": "move", "text": "dentist", "time": "16:00"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Remind me to call mom at 3 PM", {"action": "set", "text": "call mom", "time": "15:00"}),
            ("Remind me to take out the trash in 30 minutes", {"action": "set", "text": "take out the trash", "relative_minutes": 30}),
            ("Remind me every day at 8 AM to take my medicine",
             {"action": "set", "text": "take my medicine", "time": "08:00", "recurrence": "daily"}),
            ("What reminders do I have?", {"action": "list"}),
            ("Cancel my reminder to call mom", {"action": "delete", "text": "call mom"}),
            ("Snooze for 15 minutes", {"action": "snooze", "relative_minutes": 15}),
            ("Remind me at 6 PM to start dinner", {"action": "set", "text": "start dinner", "time": "18:00"}),
            ("Remind me in 2 hours to move the car", {"action": "set", "text": "move the car", "relative_minutes": 120}),
            ("Remind me in an hour to call the dentist", {"action": "set", "text": "call the dentist", "relative_minutes": 60}),
            ("Remind me in 15 minutes to flip the chicken", {"action": "set", "text": "flip the chicken", "relative_minutes": 15}),
            ("Remind me to check the oven in 45 minutes", {"action": "set", "text": "check the oven", "relative_minutes": 45}),
            ("Set a daily reminder at 7 AM to exercise", {"action": "set", "text": "exercise", "time": "07:00", "recurrence": "daily"}),
            ("Remind me on weekdays at 8:30 AM to check email",
             {"action": "set", "text": "check email", "time": "08:30", "recurrence": "weekdays"}),
            ("Remind me every Monday at 9 AM to submit my timesheet",
             {"action": "set", "text": "submit my timesheet", "time": "09:00", "recurrence": "weekly"}),
            ("Remind me on the first of every month at 10 AM to pay rent",
             {"action": "set", "text": "pay rent", "time": "10:00", "recurrence": "monthly"}),
            ("Every other week at 5 PM remind me to water the garden",
             {"action": "set", "text": "water the garden", "time": "17:00", "recurrence": "biweekly"}),
            ("List my reminders", {"action": "list"}),
            ("Do I have any upcoming reminders?", {"action": "list"}),
            ("Delete the medicine reminder", {"action": "delete", "text": "medicine"}),
            ("Delete all my reminders", {"action": "delete", "text": "all"}),
            ("Cancel the reminder about groceries", {"action": "delete", "text": "groceries"}),
            ("Snooze that reminder", {"action": "snooze"}),
            ("Snooze the reminder about mom for 15 minutes", {"action": "snooze", "text": "mom", "relative_minutes": 15}),
            ("Remind me at noon to take a break", {"action": "set", "text": "take a break", "time": "12:00"}),
            ("Move my dentist reminder to 4 PM", {"action": "move", "text": "dentist", "time": "16:00"}),
            ("Change my alarm to 7 AM", {"action": "move", "text": "alarm", "time": "07:00"}),
            ("Reschedule the meeting with Anna to Friday", {"action": "move", "text": "meeting with anna"}),
            ("Can you move my call with Sam to tomorrow at 10", {"action": "move", "text": "call with sam", "time": "10:00"}),
            ("Shift the bins reminder to Thursday", {"action": "move", "text": "bins"}),
            ("Change the time of my pills reminder to 9 PM", {"action": "move", "text": "pills", "time": "21:00"}),
            ("Push it back 10 minutes", {"action": "move", "shift_minutes": 10}),
            ("Make it half an hour earlier", {"action": "move", "shift_minutes": -30}),
            ("Delay my alarm by 10 minutes", {"action": "move", "text": "alarm", "shift_minutes": 10}),
            ("Bring the dentist reminder forward an hour", {"action": "move", "text": "dentist", "shift_minutes": -60}),
            ("Postpone the gym reminder by 20 minutes", {"action": "move", "text": "gym", "shift_minutes": 20}),
            ("Snooze it for 5 minutes", {"action": "snooze", "relative_minutes": 5}),
        ])

    def bind(self, services) -> None:  # type: ignore[override]
        super().bind(services)
        reminder_service(services).resume()

    def shutdown(self) -> None:
        if self.services is not None:
            svc = self.services.kept(ReminderService)
            if svc is not None:
                svc.shutdown()

    def _named_event_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """"when is yoga" with a reminder about yoga class: that reminder (the time command said "It's
        3:31 PM."). Claimed only when a reminder is about it, and not for a day the words name ("when
        is christmas") or the time itself ("what time is it", "what time is it in tokyo" beside a
        reminder about a flight to tokyo)."""
        if self.services is None or re.match(r"(?:it|now)\b", m.group("what")) \
                or find_date(text, _dt.date.today()) is not None:
            return None
        rows = self.services.store.reminders.active()
        return PreRouteResult(arguments={"action": "list"}) if rows and _named_by(text, rows) else None

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The when of a 'set' from the user's own words where they say it plainly: an explicit clock
        time wins over the model's, "8:00" becomes "08:00", a time or minute count the user did not
        say is dropped, a day part ("tomorrow morning") gives its usual hour, and the recurrence
        comes from the words (none said -> none). A reminder text the user did not say is dropped."""
        shift = shift_said(voice_command)
        if shift is not None:      # "push it back 10 minutes" moves a reminder by that much: it sets none
            return {"action": "move", "shift_minutes": shift[0], **({"text": shift[1]} if shift[1] else {})}
        another = _ANOTHER_SAID.search(voice_command.lower()) and args.get("text")
        out = drop_ungrounded(args, voice_command, ["text"])
        if args.get("action") == "delete" and str(args.get("text") or "").lower() == "all" \
                and re.fullmatch(_CLEAR_CALENDAR, normalize_utterance(voice_command)):
            out["text"] = "all"          # "wipe my calendar clean" says all without the word (it asked which one)
        if another and "text" not in out and _alarm_noun(str(args["text"])):
            out["text"] = args["text"]               # "set another one for 6:45": one more of that alarm
        out.pop("shift_minutes", None)              # an amount the user did not say
        if out.get("action") == "set" and no_longer_wanted(voice_command):
            out["action"] = "delete"                # "i don't need the alarm tomorrow anymore" sets nothing
        if out.get("action") == "delete":
            meant = self._reminder_meant() if _SKIP_ASKED.match(normalize_utterance(voice_command)) else None
            if meant is not None and str(args.get("text") or "").lower() == meant["text"].lower():
                return {**out, "text": meant["text"]}     # "skip the next one": the reminder just set or read
            return self._deleting(out, voice_command)
        if out.get("action") == "move":
            return self._moving(out, voice_command)
        if out.get("action") != "set":
            return out
        said_alarm = _said_alarm(voice_command)
        said = " ".join(voice_command.lower().replace("\u2019", "'").split())
        found = find_clock_time(said) or _clock_anywhere(said)          # ('HH:MM', its words), or None
        repeat = _recur_said(said)                                      # "every month", "on tuesdays", or None
        if said_alarm and not str(out.get("text") or "").strip():
            out["text"] = said_alarm            # "get me up at 6:45 on friday": the alarm is what rings
        # the task said first, then asked to be reminded of it: "i need to pick up the kids at 3:30, remind me"
        told_first = _REMIND_ME_LAST.search(said)
        task = None if str(out.get("text") or "").strip() else _TASK_SAID.fullmatch(
            said[:told_first.start()] if told_first else said)
        if not task and told_first and not str(out.get("text") or "").strip() and not _LEAD_SAID.search(said):
            before = _before_when(f" {said[:told_first.start()]}")
            if before and content_words(before) and not _only_the_alarm(before):
                out["text"] = before           # "the bins go out at 7, remind me"
        if task:
            out["text"] = task.group("task")    # "i need to call the dentist tomorrow morning" (it asked what about)
        again = None                            # the reminder said again for another day ("and again on thursday")
        if re.search(r"\b(?:again|as\s+well)\b", said) and out.get("action", "set") == "set":
            meant = self._reminder_meant()
            text = str(out.get("text") or "").strip().lower()
            if meant is not None and not _alarm_noun(meant["text"]) and text in ("", meant["text"].lower()):
                again = meant
                out["text"] = meant["text"]     # "and remind me again on friday": what the one just set reminds of
        lead = _LEAD_SAID.search(said)
        if lead and not str(out.get("text") or "").strip():
            # "remind me ten minutes before my 3 pm meeting", "the train is at 7:40, remind me half an hour
            # before": what it is before, from the words (the model left the text out and it was asked)
            after = said[lead.end():].strip(" ,.?!")
            before = _LEAD_ASKED.sub("", said[:lead.end()]).strip(" ,.?!")
            before = re.sub(r"\s+(?:is|are)\s+(?:at|on|due)\b.*$", "", before)     # "the train is at 7:40": the train
            # ... and the task said with it: "remind me to prepare notes 15 minutes before my 4 pm call", "... before
            # the meeting to bring the slides": the task is the text
            event_then_task = re.fullmatch(r"(?:my|the|our|his|her|their|a|an)\s+.+?\s+to\s+(?P<task>\S.*)", after)
            out["text"] = task_asked(said) or (event_then_task.group("task") if event_then_task else None) or after \
                or re.sub(r"^(?:i\s+(?:need|have|want)\s+to|i've\s+got\s+to|i\s+must)\s+", "", before)
        if not str(out.get("text") or "").strip() and (framed := reminder_for(voice_command) or task_asked(voice_command)):
            # "make a reminder for my dad's anniversary on the 20th", "could you remind me about the meeting at 3
            # tomorrow": the model wrote none
            out["text"] = framed
        if isinstance(out.get("text"), str):
            # the model's text cut short of the task said ("book the car" for "book the car in for its mot")
            out["text"] = whole_task(out["text"].strip(), voice_command) or out["text"]
            framed = reminder_for(voice_command)
            if framed and not set(content_words(out["text"])) <= set(content_words(framed)):
                out["text"] = framed       # "set a reminder for my mum's birthday": the model wrote "set my mum's birthday"
            what = _REQUEST_FRAME.sub("", out["text"].strip())     # "remind me about the dentist": the dentist
            what = _ALARM_FRAME.sub("", what)                       # "set a gym alarm": gym alarm
            what = _INTO_CALENDAR.sub("", what)                     # "put in my diary drinks with tom": drinks with tom
            what = "" if _ONLY_FRAME.fullmatch(what) else _after_when(what)   # "on friday at noon about the car tax"
            what = re.sub(r"^(?:for|about|of|regarding)\s+(?=\S)", "", what, flags=re.I)  # "for my mom's birthday"
            what = _WHEN_TAIL.sub("", _LEAD_ASKED.sub("", what)).strip()   # "..., remind me ten minutes before"
            what = re.sub(r"(?:^|\s+)(?:" + _SUB_DAILY_SAID + r")$", "", what).strip()   # "... every 2 hours"
            if lead_said := re.match(_LEAD_SAID.pattern.removeprefix("\\b") + r"\s*", what):   # "ten minutes before my meeting"
                what = re.sub(r"\s+(?:is|are)$", "", what[lead_said.end():])                 # "... before the train is"
            if found:                   # "alarm 7 am", "set alarm of 6:30 am": the model kept the clock time in the text
                clock_said = re.escape(found[1])          # ("the 7:30 train" names a train: kept)
                what = re.sub(rf"(?:\s+(?:at|for|of|by|around|to))?\s+{clock_said}$|^{clock_said}\s+", "", what,
                              flags=re.I).strip()
            dated = find_date(what, _dt.date.today())       # "pay the rent on the 3rd of december": the day is the when
            if dated:
                tail = re.search(r"[\s,]*(?:\b(?:on|for|by)\s+)?" + re.escape(dated.words)
                                 + r"(?:\s+(?:morning|afternoon|evening|night))?$", what, re.I)
                if tail and tail.start() > 0:
                    what = what[: tail.start()].strip()
                elif tail and not said_alarm:
                    what = ""                               # "remind me tomorrow": when, but not what (asked)
            what = _WHEN_TAIL.sub("", what).strip()
            what = re.sub(r"^(?:says|saying)\s+", "", what, flags=re.I)
            label = _LABEL.search(what)
            if label and not _only_the_alarm(what[:label.start()]) and not re.fullmatch(
                    r"(?:(?:a|an|the|my)\s+)?(?:reminder|event|appointment|entry)", what[:label.start()].strip(), re.I):
                label = None                                # "call the man called bob" names a task, not a label
            named = _LABEL.search(" ".join(voice_command.split()))
            if label:                                       # "set an alarm for 7 am called gym": gym
                what = label.group("label").strip()
                if said_alarm == "alarm" and not what.lower().endswith("alarm"):
                    what = f"{what} alarm"
            elif named and said_alarm:      # the model left the name out, or wrote it as a task ("call swim")
                what = _WHEN_TAIL.sub("", named.group("label").strip(" .!?"))
                if said_alarm == "alarm" and not what.lower().endswith("alarm"):
                    what = f"{what} alarm"
            elif said_alarm == "alarm" and not what.lower().endswith("alarm"):
                if named and named.group("label").strip(" .!?").lower() == what.lower():
                    what = f"{what} alarm"                  # the model wrote the name alone: "gym"
            if what and said_alarm and _only_the_alarm(what):
                what = said_alarm                           # "wake me up": the wake-up alarm, not a reminder to wake you
            elif what and _when_words_only(what.lower().split(), also=_REPEAT_WORDS):
                what = said_alarm or ""                     # "a reminder for wednesdays at two pm": when, not what (asked)
            if what:
                out["text"] = as_said(what, voice_command)      # "lock back door": "lock the back door", as said
            else:
                out.pop("text", None)
        has_in = re.search(_IN_A_WHILE, said)
        clock = None
        if found:
            clock, words = found
            alarm = _alarm_noun(str(out.get("text") or "")) is not None
            if not alarm and not re.search(r"\bmorning\b", said):
                clock = in_the_afternoon(clock, words, said)   # "at 5" to do something: 17:00 (not for alarms)
            elif alarm:
                clock = in_the_evening(clock, words, said)     # "an alarm for 7 tonight"; "six" alone is morning
        if clock:
            out["time"] = clock
            if not has_in:
                out.pop("relative_minutes", None)
        else:
            t = str(out.get("time") or "").strip()
            mt = re.fullmatch(r"(\d{1,2}):(\d{2})", t)
            if mt:
                out["time"] = f"{int(mt.group(1)):02d}:{mt.group(2)}"
            # a number that says the day ("on the 15th", "june 3") is no clock time: "15:00" for "on the 15th"
            dated = find_date(said, _dt.date.today())
            undated = said.replace(dated.words, " ") if dated is not None else said
            undated = re.sub(r"\b\d{1,2}(?:st|nd|rd|th)\b", " ", undated)
            if out.get("time") and not re.search(r"\d|o'clock|\bhalf\b|\bquarter\b|\bpast\b|\b" + NAMED_TIME_WORDS + r"\b", undated) \
                    and find_clock_time(said) is None:
                out.pop("time")
            if "relative_minutes" in out and not has_in:
                out.pop("relative_minutes")         # a count of minutes not said ("0" for "every sunday evening")
            elif has_in and (out.get("relative_minutes") or not re.fullmatch(r"\d{2}:\d{2}", str(out.get("time") or ""))):
                seconds = find_duration(said[has_in.start():])
                if seconds and seconds % 60 == 0:
                    out["relative_minutes"] = seconds // 60     # "in two hours": 120, not the 2 the model wrote
                    # ... and "in 20 minutes remind me to ...": the model wrote the while as the time
                    out.pop("time", None)
            # an alarm rings at a time the user says: asked, never guessed from the day's part
            alarm = said_alarm or _alarm_noun(str(out.get("text") or ""))
            if not out.get("time") and not out.get("relative_minutes") and not alarm:
                part = next((h for w, h in _DAY_PARTS if re.search(rf"\b{w}\b", said)), None)
                if part is None and again is not None:
                    part = parse_iso(again["due_at"]).strftime("%H:%M")    # at the time it rings on its day
                elif part is None and (re.search(r"\b(?:tomorrow|" + "|".join(WEEKDAYS) + r")\b", said)
                                       or find_date(said, _dt.date.today())
                                       or _recurrence(repeat)[1] == "monthly"
                                       and _first_day(said, _dt.date.today(), "monthly")[0] is not None):
                    part = "09:00"      # a day said, and no time: the morning ("on the first of every month")
                if part and self.services is not None and (today := _TODAY_PART_SAID.search(said)):
                    part = self._later_today(part, today.group("part"))
                if part:
                    out["time"] = part
        if lead and clock and out.get("time") == clock:
            # "i need to leave at quarter past eight, remind me ten minutes before": the time said, less that
            seconds = parse_duration(lead.group("dur"))
            if seconds and seconds % 60 == 0 and seconds < 24 * 3600:
                hh, mm = (int(x) for x in clock.split(":"))
                at = (hh * 60 + mm - seconds // 60) % (24 * 60)
                out["time"] = f"{at // 60:02d}:{at % 60:02d}"
                out.pop("relative_minutes", None)
        out.pop("every_minutes", None)
        if _SUB_DAILY.search(said):
            # "every 2 hours": rings that often, first one gap from now unless a time is said
            out["recurrence"] = "hourly"
            gap = _every_minutes_said(said)
            if gap:
                out["every_minutes"] = gap
                if found is None:
                    out.pop("time", None)            # no clock time said: "2 hours" or "00:30" written as one
                if not out.get("time") and not out.get("relative_minutes"):
                    out["relative_minutes"] = gap
        elif repeat:
            ok, recurrence = _recurrence(repeat)
            if not ok and repeat in ("every morning", "every evening", "every night"):
                ok, recurrence = True, "daily"
            if ok and recurrence:
                out["recurrence"] = recurrence
        else:
            out.pop("recurrence", None)
        return out

    def _deleting(self, out: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A delete: the reminder named without the words that ask for the delete ("forget grandma
        reminder" deletes "grandma"), with the when the request says where one of those rings then
        ("the weekday alarm", "the 7:30 alarm", "the alarm tomorrow"), so that the question asked
        first and the delete mean the same one. A clock time or repeat the model wrote is no part of
        a delete."""
        for key in ("time", "relative_minutes", "recurrence"):
            out.pop(key, None)
        text = reminder_named(str(out.get("text") or ""))
        if not text and self.services is not None:     # the model named none: the one the words name, if any
            named = reminder_named(normalize_utterance(voice_command))
            text = named if named and self._find(named) else ""
        if text:
            out["text"] = text
        if self.services is None or text.lower() == "all" or not self._find(text):
            return out
        when = _when_said(voice_command, self._now().date())
        what = text or (_said_alarm(voice_command) or "")
        narrowed = " ".join(x for x in (what, when) if x)
        if when and when not in text and self._find(narrowed):
            out["text"] = narrowed
        return out

    @staticmethod
    def _moving(out: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A move: the reminder named as the request names it (not the request copied: "move my
        dentist reminder to 4 pm" moves "dentist"), the new time from the words after "to"."""
        text = str(out.get("text") or "").strip()
        m = re.fullmatch(_MOVE, text, re.I)
        if m:
            text = _moved_name(m)
        text = re.sub(r"^" + _MOVE_VERB + r"\s+(?:(?:the|my)\s+)?", "", text, flags=re.I)
        text = re.sub(r"\s+(?:reminder|appointment)$", "", text, flags=re.I)
        if text:
            out["text"] = text
        tail, clock = new_when(voice_command)
        part = _DAY_PART_SAID_ALONE.search(normalize_utterance(voice_command))
        if clock:
            out["time"] = clock
        elif part is not None and (not tail or tail == part.group(0)):
            out["time"] = dict(_DAY_PARTS)[part.group("part")]    # "make it the afternoon": its usual hour
        elif not re.search(r"\d|noon|midnight|o'clock", tail):
            out.pop("time", None)                    # a time the user did not say
        out.pop("recurrence", None)
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        if kwargs.get("action") == "set":
            out = []
            if not (kwargs.get("text") or "").strip():
                out.append(ValidationResult(False, "text", self.command_name, "What should I remind you about?"))
            if not kwargs.get("time") and not kwargs.get("relative_minutes") and kwargs.get("recurrence") != "hourly":
                alarm = _alarm_noun(str(kwargs.get("text") or ""))
                out.append(ValidationResult(False, "time", self.command_name,
                                            f"What time should your {alarm} be for?" if alarm else
                                            "When should I remind you? Give a time or minutes from now."))
            return out
        return []

    # ---- run ---------------------------------------------------------------------------------------
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Reminders need a running assistant.")
        action = kwargs["action"]
        return getattr(self, f"_{action}")(request_info, **kwargs)

    def _later_today(self, part: str, which: str) -> str:
        """The time a part of today said with no clock time rings ("remind me tonight to lock the door"): its
        usual hour, or, said after that hour while the part lasts, the next full hour (at 9:05 PM: 10 PM; it
        was set for tomorrow at 8 PM)."""
        now = self._now()
        start = int(part[:2]) * 60 + int(part[3:])
        end = _PART_ENDS.get(which, 24) * 60
        at = (now.hour + 1) * 60
        return f"{at // 60:02d}:00" if start <= now.hour * 60 + now.minute and at < end else part

    def _now(self) -> _dt.datetime:
        now = self.services.clock()
        return now if now.tzinfo else now.astimezone()

    def _due(self, now: _dt.datetime, time: str | None, relative: int | None, recurrence: str | None,
             voice: str, alarm: bool = False) -> _dt.datetime:
        if relative:
            return (now + _dt.timedelta(minutes=int(relative))).replace(microsecond=0)
        hh, mm = (int(x) for x in time.strip().split(":"))
        due = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
        said = voice.lower()
        day, weekday_said = _first_day(said, now.date(), recurrence)
        if day is not None and day > now.date():        # "every monday", "on june 3rd", "next friday", "tomorrow"
            due = due.replace(year=day.year, month=day.month, day=day.day)
        elif (not recurrence and not alarm and 1 <= hh <= 11 and due <= now < due + _dt.timedelta(hours=12)
                and find_clock_time(said) is not None and not _MERIDIEM_SAID.search(said)):
            return due + _dt.timedelta(hours=12)      # "at 3:30" said at noon, for today: this afternoon, not 3:30 AM tomorrow
        if due <= now:                                # past: the next day, or the weekday said next week
            due += _dt.timedelta(days=7 if weekday_said else 1)
        if recurrence == "weekdays":
            while due.weekday() >= 5:
                due += _dt.timedelta(days=1)
        return due

    def _set(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        text = re.sub(r"^(?:to|that)\s+", "", kw["text"].strip())
        now = self._now()
        recurrence = kw.get("recurrence")
        if recurrence == "hourly":                   # stored with its gap: "every 120 minutes"
            gap = kw.get("every_minutes")
            if not gap or not MIN_EVERY_MINUTES <= int(gap) <= MAX_EVERY_MINUTES:
                return fail(("How often should it repeat? Say" if not gap else "I can repeat a reminder")
                            + f" from every {MIN_EVERY_MINUTES} minutes to every {MAX_EVERY_MINUTES // 60} hours"
                            + (", or every day." if gap else "."), reason="repeat_gap", every_minutes=gap)
            recurrence = f"every {int(gap)} minutes"
        noun = _alarm_noun(text)
        due = self._due(now, kw.get("time"), kw.get("relative_minutes"), recurrence, request_info.voice_command,
                        alarm=noun is not None)
        listed = [] if kw.get("relative_minutes") else find_listed_clock_times(request_info.voice_command)
        if len(listed) > 1 and kw.get("time") in listed:
            return self._set_at_each(request_info, text, listed, recurrence, noun)
        phrase = remind_phrase(text, request_info.voice_command)
        rid = self.services.store.reminders.add(text, due, recurrence, said_as=None if noun else phrase)
        if kw.get("relative_minutes"):
            # "make that 45 minutes" is from now, too; "make it 50" in the unit it was set in
            self.services.note(SET_FROM_NOW, (rid, int(kw["relative_minutes"])))
        reminder_service(self.services).ensure_running()
        if noun and not kw.get("relative_minutes"):
            # an alarm rings at a clock time: say which, and which day or how often
            when = "for " + say_when(due, now).removeprefix("at ").removeprefix("on ")   # "for tomorrow at 7 AM"
            if every_minutes(recurrence):
                when = f"to ring {_repeats(due, recurrence)}, starting {say_when(due, now)}"
            elif recurrence:
                when = f"to ring {_repeats(due, recurrence)} at {say_clock(due)}"    # "to ring every weekday at 7 AM"
            return say(f"OK, your {noun} is set {when}.", reminder_id=rid, due_at=due.isoformat(),
                       recurrence=recurrence, alarm=True)
        if every_minutes(recurrence):
            when = f"{_repeats(due, recurrence)}, starting {say_when(due, now)}"    # "every 2 hours, starting at 4 PM"
        elif kw.get("relative_minutes") and not recurrence:
            when = f"in {say_duration(int(kw['relative_minutes']) * 60)}"
        elif recurrence:
            when = f"{_repeats(due, recurrence)} at {say_clock(due)}"
        else:
            when = say_when(due, now)
        return say(f"OK, I'll remind you {phrase} {when}.", reminder_id=rid,
                   due_at=due.isoformat(), recurrence=recurrence)

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """A reminder set or moved (what `take_back` undoes); not a reading or a delete."""
        return bool(result.get("was_due_at")) or arguments.get("action", "set") == "set" and (
            result.get("reminder_id") is not None or bool(result.get("reminder_ids")))

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """"Cancel that" right after: the reminders just set are deleted, one just moved rings when it
        did before. Nothing else this command does is taken back (a delete says what it deleted)."""
        store = self.services.store.reminders if self.services is not None else None
        if store is None:
            return None
        if result.get("was_due_at") and result.get("reminder_id") is not None:
            r = store.get(int(result["reminder_id"]))
            if r is None:
                return None
            store.reschedule(r["id"], parse_iso(str(result["was_due_at"])))
            when = _rings({**r, "due_at": result["was_due_at"]}, self._now())
            return say(f"OK, I've put it back: {_named(r)} rings {when}.", reminder_id=r["id"],
                       due_at=str(result["was_due_at"]))
        made = [result["reminder_id"]] if result.get("reminder_id") is not None else list(result.get("reminder_ids") or [])
        if arguments.get("action", "set") != "set" or not made:
            return None
        rows = [r for r in (store.get(int(i)) for i in made) if r is not None]
        for r in rows:
            store.delete(r["id"])
        if not rows:
            return None
        what = _named(rows[0]) if len(rows) == 1 else f"those {len(rows)} reminders"
        return say(f"OK, I've cancelled {what}.", deleted=[r["id"] for r in rows])

    def end(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """"Delete it", "kill it" right after a reminder was set or moved: the reminder goes (after a move,
        taking back would only put its old time back)."""
        store = self.services.store.reminders if self.services is not None else None
        if store is None or not (result.get("was_due_at") and result.get("reminder_id") is not None):
            return self.take_back(arguments, result)
        r = store.get(int(result["reminder_id"]))
        if r is None:
            return None
        store.delete(r["id"])
        return say(f"OK, I've deleted {_named(r)}.", deleted=[r["id"]])

    def _set_at_each(self, request_info: RequestInformation, text: str, clocks: list[str], recurrence: str | None,
                     noun: str | None) -> CommandResponse:
        """"remind me to take my pills at 8 am and 8 pm every day": one reminder for each time said (it
        set one, at 8 AM, to "take my pills at 8 am and 8 pm")."""
        text = re.sub(r"\s+(?:at|by)\s+(?:\d|(?:noon|midnight|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b).*$",
                      "", text, flags=re.I).strip() or text          # "at 8am and 8pm every day" too
        now, voice = self._now(), request_info.voice_command
        dues = [self._due(now, clock, None, recurrence, voice, alarm=noun is not None) for clock in clocks]
        phrase = None if noun else remind_phrase(text, voice)
        ids = [self.services.store.reminders.add(text, due, recurrence, said_as=phrase) for due in dues]
        reminder_service(self.services).ensure_running()
        if recurrence:
            when = f"{_repeats(dues[0], recurrence)} at {join_words([say_clock(d) for d in dues])}"
        else:
            when = join_words([say_when(d, now) for d in dues])
        what = f"your {noun} is set for" if noun else f"I'll remind you {phrase}"
        return say(f"OK, {what} {when}.", reminder_ids=ids, due_at=[d.isoformat() for d in dues], recurrence=recurrence)

    def _describe(self, r: dict[str, Any], now: _dt.datetime) -> str:
        due = parse_iso(r["due_at"])
        if r["recurrence"]:                  # "water the plants every Saturday at 9 AM" (it said "weekly, next tomorrow")
            return f"{second_person(r['text'])} {_rings(r, now)}"
        return f"{second_person(r['text'])} {say_when(due, now)}"

    def _list(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        rows = self.services.store.reminders.active()
        now = self._now()
        period = find_period(request_info.voice_command, now.date())
        if period is not None:                    # "what have i got next week", "am i busy this weekend"
            return self._list_period(rows, period, now)
        said = normalize_utterance(request_info.voice_command)
        part = _PART_ASKED.search(said)
        day = find_date(request_info.voice_command, now.date())
        if day is not None:                       # "what's on my calendar on the 2nd of december"
            return self._list_day(rows, day.when, now, part.group(0) if part else None)
        if part is not None and re.search(r"\b" + _TODAYS_PART + r"\b", said):     # "anything on this afternoon"
            return self._list_day(rows, now.date(), now, part.group(0))
        if _NEXT_ASKED.search(normalize_utterance(request_info.voice_command)):
            return self._list_next(rows, request_info.voice_command, now)
        if _said_alarm(request_info.voice_command):
            # "what alarms do i have": the alarms, called alarms ("You have one reminder: alarm tomorrow at 6 AM.")
            alarms = _alarms(rows)
            if not alarms:
                return say("You have no alarms set.", reminders=[])
            items = [self._describe_alarm(r, now) for r in alarms]
            head = "You have one alarm: " if len(alarms) == 1 else f"You have {len(alarms)} alarms: "
            return say(head + "; ".join(items) + ".", reminders=[_listed(r) for r in alarms])
        if not rows:
            return say("You have no reminders.", reminders=[])
        named = _named_by(request_info.voice_command, rows)
        if named:                   # "when is the dentist appointment": that one, not the whole calendar
            items = "; ".join(self._describe(r, now) for r in named)
            spoken = f"Your reminder: {items}" if len(named) == 1 else f"{len(named)} of your reminders match: {items}"
            return say(spoken + ".", reminders=[_listed(r) for r in named])
        items = [self._describe(r, now) for r in rows]
        head = "You have one reminder: " if len(rows) == 1 else f"You have {len(rows)} reminders: "
        return say(head + "; ".join(items) + ".", reminders=[_listed(r) for r in rows])

    def _list_next(self, rows: list[dict[str, Any]], said: str, now: _dt.datetime) -> CommandResponse:
        """"how long until my alarm", "when's my next reminder": the one that rings first (of the alarms
        when alarms are said), when, and how long until then (the whole list was read, with no "when")."""
        alarm = bool(_said_alarm(said))
        if alarm:
            rows = _alarms(rows)
        rows = _named_by(said, rows) or rows          # "when does my gym alarm go off": that one
        if not rows:
            return say(f"You have no {'alarms' if alarm else 'reminders'} set.", reminders=[])
        first = min(rows, key=lambda r: parse_iso(r["due_at"]))
        due = parse_iso(first["due_at"])
        until = say_while((due - now).total_seconds())
        when = say_when(due, now)
        noun = _alarm_noun(first["text"])
        if noun:
            spoken = f"Your next {noun} rings {when}, in {until}."
        else:
            spoken = f"Your next reminder is {_said_as(first)}, {when}, in {until}."
        return say(spoken, reminders=[_listed(first)], due_at=due.isoformat())

    def _describe_alarm(self, r: dict[str, Any], now: _dt.datetime) -> str:
        """An alarm as a list of alarms says it: "tomorrow at 6 AM", "the gym alarm every weekday at 7 AM"."""
        noun = _alarm_noun(r["text"]) or "alarm"
        when = _rings(r, now)
        return when if noun in ("alarm", "wake-up alarm") else f"the {noun} {when}"

    def _list_period(self, rows: list[dict[str, Any]], period: FoundPeriod, now: _dt.datetime) -> CommandResponse:
        """The reminders that ring from `period.start` to `period.end`, in order: a one-off with its day,
        a repeating one once, with how it repeats (it listed every reminder, whatever the week asked)."""
        days = _days_of(period)
        found: list[tuple[_dt.datetime, dict[str, Any], str]] = []
        for r in rows:
            on = [d for d in days if _occurs_on(r, d)]
            if not on:
                continue
            due = parse_iso(r["due_at"])
            at = _dt.datetime.combine(on[0], due.timetz())
            said = (f"{_rings(r, now)}" if r.get("recurrence")
                    else f"{_day_name(on[0], now.date())} at {say_clock(due)}")
            found.append((at, r, f"{second_person(r['text'])} {said}"))
        found.sort(key=lambda f: f[0])
        name = _said_period(period)
        span = {"start": period.start.isoformat(), "end": period.end.isoformat()}
        if not found:
            others = f" ({plural(len(rows), 'reminder')} at other times)" if rows else ""
            return say(f"You have nothing {name}{others}.", reminders=[], **span)
        head = f"{name[:1].upper()}{name[1:]} you have " + ("one reminder: " if len(found) == 1 else f"{len(found)} reminders: ")
        return say(head + "; ".join(f[2] for f in found) + ".", reminders=[_listed(f[1]) for f in found], **span)

    def _list_day(self, rows: list[dict[str, Any]], day: _dt.date, now: _dt.datetime,
                  part: str | None = None) -> CommandResponse:
        """The reminders that ring on `day` (a recurring one on each day it repeats), by time; in one
        part of it when one is said ("tomorrow afternoon": it read the whole day)."""
        on_day = sorted((r for r in rows if _occurs_on(r, day)), key=lambda r: parse_iso(r["due_at"]).time())
        name = _day_name(day, now.date())
        if part is not None:
            on_day, _ = _in_part_of_day(on_day, part)
            name = f"this {part}" if name == "today" else f"{name} {part}" if name == "tomorrow" else f"{name}, in the {part}"
        found = [_listed(r) for r in on_day]
        if not on_day:
            others = f" ({plural(len(rows), 'reminder')} {'at other times' if part else 'on other days'})" if rows else ""
            return say(f"You have nothing {name}{others}.", reminders=[], date=day.isoformat())
        items = [f"{second_person(r['text'])} at {say_clock(parse_iso(r['due_at']))}" for r in on_day]
        head = f"{name[:1].upper()}{name[1:]} you have " + ("one reminder: " if len(on_day) == 1 else f"{len(on_day)} reminders: ")
        return say(head + "; ".join(items) + ".", reminders=found, date=day.isoformat())

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed delete: exactly which reminder(s) would go."""
        if args.get("action") != "delete":
            return None
        if self.services is None:
            return "Delete that reminder?"
        text = str(args.get("text") or "").strip()
        found = self.services.store.reminders.active() if text.lower() == "all" else self._find(text)
        if not found or (len(found) > 1 and text.lower() != "all"):
            return None                    # nothing to delete, or the command asks which one
        if len(found) == 1:
            skipped = self._skipped_day(found[0], text)
            if skipped is not None:
                return f"Skip {_named(found[0])} {_day_name(skipped, self._now().date())}?"
            return f"Delete {_named(found[0])} {_rings(found[0], self._now())}?"
        return f"Delete all {len(found)} of your reminders?"

    def _find(self, text: str | None) -> list[dict[str, Any]]:
        rows = self.services.store.reminders.active()
        if not text:
            return rows
        want = re.sub(r"^(?:to|the|my|about)\s+", "", text.strip().lower())
        if points_by_order(want):                   # "the first one", "the last alarm": in the order they ring
            at = position_said(want, len(rows))
            return [] if at is None else [sorted(rows, key=lambda r: r["due_at"])[at]]
        exact = [r for r in rows if r["text"].lower() == want]
        if exact:
            return exact
        want = re.sub(r"(?<=\w)\s+one$", "", want)  # "the garage one", "the 7 am one": "one" is the reminder
        words = [w for w in re.findall(r"[a-z0-9']+", want) if w not in ("the", "my", "a", "to", "reminder")]
        if not words:                               # "delete my reminder" names none: any of them (asked which)
            return rows
        by_text = [r for r in rows if all(w in r["text"].lower() for w in words)]
        if by_text:
            return by_text
        if _ALARM_NAME.fullmatch(want):            # "wake up call", "alarm clock": the alarms
            return [r for r in rows if r["text"].lower() in ALARM_TEXTS]
        return self._find_by_when(rows, want)

    def _find_by_when(self, rows: list[dict[str, Any]], want: str) -> list[dict[str, Any]]:
        """The reminders a request names by when they ring ("my monday reminder", "the 7 am alarm",
        "tomorrow's reminder", "the weekday alarm", "the daily one"), with any other words in their
        text; [] when it names no when. A clock time said without AM or PM matches either."""
        now = self._now()
        rest = _ALARM_NAME.sub("alarm", want.replace("'s ", " "))
        repeat = re.search(_RECUR, rest)
        recurrence = _recurrence(repeat.group("recur"))[1] if repeat else None
        repeat_day = _REPEAT_DAY.fullmatch(repeat.group("recur")) if recurrence in ("weekly", "biweekly") else None
        if recurrence:
            rest = rest.replace(repeat.group("recur"), " ")
        day = find_date(rest, now.date())
        if day is not None:
            rest = rest.replace(day.words, " ")
        ws = rest.split()
        clock = _clock_said(ws)
        if clock is not None:
            clock_words = " ".join(ws[clock[1].start:clock[1].stop])
            rest = rest.replace(clock_words, " ")
        in_part, part = _in_part_of_day(rows, rest)
        if part is not None and day is None:          # "this morning" is a day's part, said with its day
            rows, rest = in_part, _DAY_PART_SAID.sub(" ", rest, count=1)
        if day is None and clock is None and recurrence is None and part is None:
            return []
        hh_mm = None if clock is None else tuple(int(x) for x in clock[0].split(":"))
        either_half = clock is not None and not _MERIDIEM_SAID.search(clock_words)
        words = [w for w in re.findall(r"[a-z0-9']+", rest)
                 if w not in ("the", "my", "a", "to", "reminder", "reminders", "for", "on", "at", "of", "one", "s")]
        out = []
        for r in rows:
            due = parse_iso(r["due_at"])
            if day is not None and not _occurs_on(r, day.when):
                continue
            if recurrence is not None and (r["recurrence"] != recurrence or (
                    repeat_day is not None and due.strftime("%A").lower() != repeat_day.group("wd"))):
                continue
            if hh_mm is not None and (due.hour, due.minute) != hh_mm and not (
                    either_half and (due.hour % 12, due.minute) == (hh_mm[0] % 12, hh_mm[1])):
                continue
            text = r["text"].lower()
            if all(w in text or (w == "alarm" and text in ALARM_TEXTS) for w in words):
                out.append(r)
        return out

    def _delete(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        text = (kw.get("text") or "").strip()
        store = self.services.store.reminders
        if _ALL_OF_THEM.fullmatch(text.lower()):       # "all alarms" (the model's text) was looked for as a name
            text = "all"
        if text.lower() == "all":
            rows, noun, when = self._all_said(request_info.voice_command)
            for r in rows:
                store.delete(r["id"])
            if not rows:
                return say(f"You have no {noun}s{when}.", deleted=[])
            done = f"Deleted all {len(rows)} {noun}s" if len(rows) != 1 else f"Deleted your {noun}"
            return say(f"{done}{when}.", deleted=[r["id"] for r in rows])
        found = self._find(text)
        if not found:
            return fail(f"I can't find a reminder about {text}." if text else "You have no reminders.", deleted=[])
        if len(found) > 1:                     # "delete the evening one": the one that rings then
            in_part, _ = _in_part_of_day(found, request_info.voice_command)
            found = in_part or found
        if len(found) > 1:                     # the next words say which (read_answer)
            return CommandResponse.ask_for("text", f"Which one: {_which_one(found, self._now())}?", {"action": "delete"},
                                           candidates=[r["id"] for r in found])
        said_day = self._day_said_for(found[0], text, request_info.voice_command)
        if said_day is not None and not _occurs_on(found[0], said_day):
            # "turn off tomorrow's alarm" with a weekday alarm, on a Friday: it does not ring then (it had
            # deleted the weekday alarm); nothing is deleted
            r, now = found[0], self._now()
            return say(f"Your {_alarm_noun(r['text']) or 'reminder'} doesn't ring {_day_name(said_day, now.date())}: "
                       f"it rings {_rings(r, now)}. I've left it as it is.", deleted=[])
        skipped = self._skipped_day(found[0], text)
        if skipped is not None:                # "i don't need the alarm tomorrow": the series stays
            return self._skip_once(found[0], skipped)
        if found[0].get("recurrence") and _SKIP_ASKED.match(normalize_utterance(request_info.voice_command)):
            # "skip it on monday": one time it rings, never the series (it was deleted)
            due = parse_iso(found[0]["due_at"])
            if said_day is None:             # "skip the next one": the next time it rings
                return self._skip_once(found[0], due.date())
            if due.date() != said_day:
                return say(f"I can only skip the next time {_named(found[0])} rings, {say_when(due, self._now())}; "
                           "I've left it as it is.", deleted=[])
            return self._skip_once(found[0], said_day)
        store.delete(found[0]["id"])
        what = found[0]["text"]
        noun = _alarm_noun(what)
        if noun:
            return say(f"Deleted your {noun} {_rings(found[0], self._now())}.", deleted=[found[0]["id"]])
        twin = any(r["text"].lower() == what.lower() for r in store.active())     # "... at 8 AM and 8 PM": which
        when = f" {_rings(found[0], self._now())}" if twin else ""
        return say(f"Deleted {_named(found[0])}{when}.", deleted=[found[0]["id"]])

    def _skip_once(self, r: dict[str, Any], day: _dt.date) -> CommandResponse:
        """The next time a repeating reminder rings (on `day`) skipped: the series stays."""
        now, due = self._now(), parse_iso(r["due_at"])
        after = next_occurrence(due, r["recurrence"], due)
        self.services.store.reminders.reschedule(r["id"], after)
        if every_minutes(r["recurrence"]):               # rings more than once a day: the time skipped
            return say(f"OK, I'll skip {_named(r)} {say_when(due, now)}; it rings next {say_when(after, now)}.",
                       skipped=[r["id"]], reminder_id=r["id"], due_at=after.isoformat())
        return say(f"OK, I'll skip {_named(r)} {_day_name(day, now.date())}; it rings next "
                   f"{say_when(after, now)}.", skipped=[r["id"]], reminder_id=r["id"], due_at=after.isoformat())

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "Which one: the alarm tomorrow at 9 AM or the alarm every weekday at 7:30 AM?":
        words that single out one reminder ("the weekday one", "the 9 am alarm"); anything else is a
        request of its own, routed as usual."""
        if arguments.get("action", "set") == "set":
            if argument == "text":
                whole = self.pre_route(words)
                if whole is not None and whole.arguments.get("text"):
                    return None     # "nudge me in an hour about the laundry": a reminder of its own, set as said
            return self._set_answer(argument, words, arguments)
        said = re.sub(r"^(?:(?:the|my)\s+)?(?P<what>.+?)(?:\s+one)?$", r"\g<what>", normalize_utterance(words))
        return {**arguments, argument: said} if said and len(self._find(said)) == 1 else None

    @staticmethod
    def _set_answer(argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "What should I remind you about?" ("to call the bank") or to when ("at 10"):
        what it reminds of, or the clock time said; a whole request of another kind is no answer."""
        said = normalize_utterance(words).strip(" .?!")
        if argument == "text":
            # from the first word that says something ("actually, what time is it in tokyo": "what")
            said = " ".join(_from_first_word(said))
            what = re.sub(r"^(?:to|about|that)\s+", "", said)
            if not what or (what == said and (what.split()[0] in _NOT_AN_ANSWER or asks_question(what))):
                return None             # "set a timer for 5 minutes" said instead: routed as usual
            if re.search(r"\b(?:remind|wake|alert|ping)\s+me\b", what):
                return None             # "the train is at 7:40, remind me half an hour before": a new reminder
            return {**arguments, "text": what}
        if argument == "time":
            ws = _from_first_word(said, also=_LEAD_WORDS)   # "and set a timer for 5 minutes": a request of its own (it
            if ws and ws[0] in _NOT_AN_ANSWER and not re.match(r"(?:it|that|this|the\s+reminder)\b", " ".join(ws[1:])):
                return None                     # set the reminder "at 5 PM"); "set it for 10" answers
            said = " ".join(ws)
            ahead = re.fullmatch(r"in\s+(?P<n>.+?)|(?P<m>.+?)\s+from\s+now", said)
            seconds = parse_duration(ahead.group("n") or ahead.group("m")) if ahead else None
            if seconds and seconds % 60 == 0:                   # "in 20 minutes" (it set a 20 minute timer)
                return {**{k: v for k, v in arguments.items() if k != "time"}, "relative_minutes": seconds // 60}
            found = find_clock_time(said)                       # "at 10", or "10" alone
            # ... or with its day after it ("half six tomorrow"), which the reminder's words then carry
            alone = re.sub(r"(?:\s+|^)(?:tomorrow|today|tonight)$", "", said).strip()
            clock = found[0] if found else parse_clock_time(alone, require_meridiem=False) if alone else None
            return {**arguments, "time": clock} if clock else None
        return None

    def _day_said_for(self, reminder: dict[str, Any], *texts: str) -> _dt.date | None:
        """The one day a delete of a repeating reminder names ("tomorrow's alarm", "the alarm on friday"),
        in its text or its words; None for a reminder that does not repeat, or no day said."""
        if not reminder.get("recurrence"):
            return None
        for text in texts:
            day = find_date(text, self._now().date())
            if day is not None and day.kind in ("relative_day", "weekday", "day_month", "month_day", "holiday"):
                return day.when
        return None

    def _skipped_day(self, reminder: dict[str, Any], text: str) -> _dt.date | None:
        """The day a delete of a repeating reminder names ("alarm tomorrow", "alarm on march 5"), when
        that is the next day it rings: that day is skipped, the repeat kept. None otherwise."""
        day = find_date(text, self._now().date()) if reminder.get("recurrence") else None
        if day is None or day.kind not in ("relative_day", "day_month", "month_day", "holiday"):
            return None
        return day.when if parse_iso(reminder["due_at"]).date() == day.when else None

    def _all_said(self, voice: str) -> tuple[list[dict[str, Any]], str, str]:
        """What "all" deletes: the alarms only when alarms are said ("turn off all my alarms" deleted
        every reminder), those of a day when a day is said ("clear my calendar for tomorrow"); with
        the noun and the day as the reply says them."""
        rows = self.services.store.reminders.active()
        noun = "reminder"
        if _said_alarm(voice):
            rows, noun = _alarms(rows), "alarm"
        now = self._now()
        period = find_period(voice, now.date())
        if period is not None:             # "clear my calendar next week": that week's, not every one
            days = _days_of(period)
            rows = [r for r in rows if any(_occurs_on(r, d) for d in days)]
            return rows, noun, f" {_said_period(period)}"
        day = find_date(voice, now.date())
        when = ""
        if day is not None:
            rows = [r for r in rows if _occurs_on(r, day.when)]
            name = _day_name(day.when, now.date())
            when = f" {name}" if name.startswith("on ") else f" for {name}"
        return rows, noun, when

    def _move(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        """One reminder to a new time or day; the same time on the day said when only a day is said."""
        text = (kw.get("text") or "").strip()
        rows = self.services.store.reminders.active()
        focus, rang = (None, False) if text else self._in_focus()
        found = self._find(text) if text else [focus] if focus else (rows if len(rows) == 1 else [])
        if not found:
            if not text and rows:
                return CommandResponse.follow_up_response({"message": "Which reminder should I move?"})
            return fail(f"I can't find a reminder about {text}." if text else "You have no reminders.")
        if len(found) > 1:
            return CommandResponse.follow_up_response({"message": f"Which one should I move: {_which_one(found, self._now())}?",
                                                       "candidates": [r["id"] for r in found]})
        r = found[0]
        if kw.get("shift_minutes"):
            return self._shift(r, int(kw["shift_minutes"]), rang=rang and r is focus)
        now = self._now()
        noun = _alarm_noun(r["text"])
        tail, said_clock = new_when(request_info.voice_command)
        time = kw.get("time") or said_clock
        before = parse_iso(r["due_at"]).astimezone(now.tzinfo)
        if kw.get("relative_minutes"):
            due = (now + _dt.timedelta(minutes=int(kw["relative_minutes"]))).replace(microsecond=0)
        elif time or tail:
            if not time:                               # "move it to friday": at the hour it had; "make it half
                # past": in that hour
                time = hourless_clock_time(tail, before.strftime("%H:%M")) or before.strftime("%H:%M")
            elif not _MERIDIEM_SAID.search(tail):
                time = _nearer_half(time, before, alarm=noun is not None)
            if find_date(tail, now.date()) is None:     # a time alone: the day it had
                hh, mm = (int(x) for x in time.split(":"))
                due = before.replace(hour=hh, minute=mm, second=0, microsecond=0)
                if due <= now:
                    due += _dt.timedelta(days=1)
            else:
                due = self._due(now, time, None, r["recurrence"], tail, alarm=noun is not None)
        else:
            return CommandResponse.follow_up_response({"message": f"When should I move {second_person(r['text'])} to?",
                                                       "candidates": [r["id"]]})
        self.services.store.reminders.reschedule(r["id"], due)
        reminder_service(self.services).ensure_running()
        when = _rings({**r, "due_at": due.isoformat()}, now)      # a repeat keeps repeating: "every Monday at 9 AM"
        if noun:
            ring = f"to ring {when}" if r["recurrence"] else f"for {when.removeprefix('at ').removeprefix('on ')}"
            return say(f"OK, your {noun} is now set {ring}.", reminder_id=r["id"], due_at=due.isoformat(),
                       was_due_at=r["due_at"])
        return say(f"OK, I'll remind you {_said_as(r)} {when} instead.",
                   reminder_id=r["id"], due_at=due.isoformat(), was_due_at=r["due_at"])

    def _shift(self, r: dict[str, Any], minutes: int, rang: bool) -> CommandResponse:
        """`r` rung `minutes` later (earlier when negative) than it was set for; one that just rang rings
        again that much from now, as a snooze does."""
        now = self._now()
        if rang:
            if minutes < 0:
                return fail(f"{_named(r)[:1].upper()}{_named(r)[1:]} has already rung.")
            return self._ring_again(r, (now + _dt.timedelta(minutes=minutes)).replace(microsecond=0), now, rang=True)
        due = parse_iso(r["due_at"]).astimezone(now.tzinfo) + _dt.timedelta(minutes=minutes)
        if due <= now:
            return fail(f"That would be in the past: {_named(r)} rings {_rings(r, now)}.")
        self.services.store.reminders.reschedule(r["id"], due)
        reminder_service(self.services).ensure_running()
        by = f"{say_duration(abs(minutes) * 60)} {'later' if minutes > 0 else 'earlier'}"
        when = _rings({**r, "due_at": due.isoformat()}, now)
        noun = _alarm_noun(r["text"])
        if noun:
            return say(f"OK, your {noun} is now {by}, {when}.", reminder_id=r["id"], due_at=due.isoformat(),
                       was_due_at=r["due_at"])
        return say(f"OK, I'll remind you {_said_as(r)} {by}, {when}.",
                   reminder_id=r["id"], due_at=due.isoformat(), was_due_at=r["due_at"])

    def _ring_again(self, r: dict[str, Any], due: _dt.datetime, now: _dt.datetime, rang: bool) -> CommandResponse:
        """A snooze: `r` rings at `due`; a repeating one keeps its schedule (a one-off copy rings), and
        one that has not rung yet (`rang` False) skips the time it was due."""
        store = self.services.store.reminders
        if r["recurrence"]:
            if not rang:                                # snoozed before it rang: this time is skipped
                before = parse_iso(r["due_at"])
                store.reschedule(r["id"], next_occurrence(before, r["recurrence"], before))
            rid = store.add(r["text"], due, None, said_as=r.get("said_as"))
        else:
            store.reschedule(r["id"], due)
            rid = r["id"]
        reminder_service(self.services).ensure_running()
        when = f"in {say_duration(round((due - now).total_seconds() / 60) * 60)}" if rang else say_when(due, now)
        noun = _alarm_noun(r["text"])
        said = f"your {noun} rings again {when}" if noun else f"I'll remind you {_said_as(r)} {when}"
        return say(f"Snoozed. {said[:1].upper()}{said[1:]}.", reminder_id=rid, due_at=due.isoformat())

    def _snooze_target(self, text: str | None) -> tuple[dict[str, Any] | None, bool]:
        """What a snooze means, and whether it has rung: the reminder it names; else the one that just
        rang, the one about to ring, the one set a moment ago, or the one that rang last."""
        if text:
            rows = [dict(r) for r in self.services.store.db.query(
                "SELECT * FROM reminders WHERE last_fired_at IS NOT NULL OR active = 1 ORDER BY id DESC")]
            named = next((r for r in rows if text.lower() in r["text"].lower()), None)
            return named, named is not None and bool(named["last_fired_at"]) and not (named["active"] and not named["recurrence"])
        rang = self._just_rang()
        if rang is not None:
            return rang, True
        now = self._now()
        soon = [r for r in self.services.store.reminders.active() if now < parse_iso(r["due_at"]) <= now + _ABOUT_TO_RING]
        if soon:
            return min(soon, key=lambda r: parse_iso(r["due_at"])), False
        just = self._just_set()             # "snooze that for 10 minutes" right after setting it: later
        if just is not None:
            return just, False
        svc = reminder_service(self.services)
        last = self.services.store.reminders.get(svc.last_fired_id) if svc.last_fired_id is not None else None
        if last is None:
            rows = self.services.store.db.query(
                "SELECT * FROM reminders WHERE last_fired_at IS NOT NULL ORDER BY last_fired_at DESC, id DESC LIMIT 1")
            last = dict(rows[0]) if rows else None
        return last, last is not None

    def _snooze(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        """Ring again N minutes (10 unless said) from now, or, for one that has not rung yet, after its time."""
        minutes = int(kw.get("relative_minutes") or 10)
        target, rang = self._snooze_target(kw.get("text"))
        if target is None:
            return fail("There's no reminder to snooze.")
        now = self._now()
        base = now if rang else max(parse_iso(target["due_at"]).astimezone(now.tzinfo), now)
        return self._ring_again(target, (base + _dt.timedelta(minutes=minutes)).replace(microsecond=0), now, rang)
