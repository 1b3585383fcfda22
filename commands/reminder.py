"""reminder: remember something for a clock time or in N minutes, optionally recurring; list,
delete and snooze. Stored in SQLite; a background thread announces them while the app runs."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from commands._background import RECURRENCES, ReminderService, parse_iso, reminder_service
from commands._common import examples, fail, say
from commands._grounding import drop_ungrounded
from jarvis_tui.sdk.memories import second_person
from jarvis_tui.sdk.text import WEEKDAYS, find_clock_span, find_clock_time, find_date, plural, say_date
from commands._parsing import parse_clock_time, parse_duration, say_clock, say_duration, say_when
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            ValidationResult)

_DAY_WORDS = re.compile(r"\b(?:tomorrow|tonight|today|morning|afternoon|evening|night|noon|next|weekend|week|month|"
                        r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|every|daily|at|in|on)\b")
_RECUR = (r"(?P<recur>every\s*day|everyday|daily|each day|every morning|every evening|every night|on weekdays|every weekday|"
          r"weekdays|weekday|mondays? (?:to|through|thru|till|until) fridays?|every week|weekly|every other week|biweekly|every month|monthly|"
          r"every (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))")
# when-words a model leaves at the end of a reminder's text ("stretch every weekday at 10:30"): the
# time and recurrence are arguments of their own, so the text keeps only the what
_WHEN_TAIL = re.compile(r"(?:[\s,]+(?:" + _RECUR + r"|(?:at|by|around)\s+(?:noon|midnight|\d{1,2}(?:[:.]\d{2})?"
                        r"(?:\s*[ap]\.?\s?m\.?)?)|today|tomorrow|tonight|in\s+\d+\s+(?:minutes?|hours?)))+$",
                        re.I)
_RECUR_MAP = {"every day": "daily", "everyday": "daily", "daily": "daily", "each day": "daily", "every morning": None,
              "every evening": None, "every night": None, "on weekdays": "weekdays", "every weekday": "weekdays",
              "weekdays": "weekdays", "weekday": "weekdays", "every week": "weekly", "weekly": "weekly", "every other week": "biweekly",
              "biweekly": "biweekly", "every month": "monthly", "monthly": "monthly"}
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
    if w.startswith("every ") and w[6:] in WEEKDAYS:
        return True, "weekly"
    if re.fullmatch(r"mondays? \w+ fridays?", w):           # "monday to friday"
        return True, "weekdays"
    if w in _RECUR_MAP and _RECUR_MAP[w] is not None:
        return True, _RECUR_MAP[w]
    return False, None


# a repeat more often than daily ("every hour", "every 20 minutes"): no recurrence of RECURRENCES
_SUB_DAILY = re.compile(r"\bhourly\b|\bevery\s+(?:(?:half\s+an?|an?|\d+|[a-z]+)\s+)?(?:hours?|minutes?|mins?)\b")
# words that say which half of the day a clock time is in
_MERIDIEM_SAID = re.compile(r"(?:\d|\b)(?:a\.?\s?m|p\.?\s?m)\b\.?|\b(?:morning|afternoon|evening|tonight|night|noon|midnight)\b")
# the request itself, copied by the model into the text ("remind me about the dentist")
_REQUEST_FRAME = re.compile(r"^(?:please\s+)?(?:remind\s+me|set\s+(?:a|an)\s+reminder|create\s+(?:a|an)\s+reminder)"
                            r"(?:\s+(?:to|about|of|that))?\s+(?=\S)", re.I)
# a name given to what is set: "... called gym", "... that says call the vet"
_LABEL = re.compile(r"(?:^|\s)(?:called|named|labell?ed|titled|(?:that|which)\s+says|saying)\s+(?P<label>\S.*)$", re.I)


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
    if connector in ("about", "of", "for", "regarding") or what.lower().endswith(" alarm"):
        return f"about {what}"
    return f"to {what}"


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
    return {"daily": True, "weekdays": day.weekday() < 5, "weekly": day.weekday() == first.weekday(),
            "biweekly": (day - first).days % 14 == 0, "monthly": day.day == first.day}.get(recurrence, False)


ALARM_TEXTS = {"alarm": "alarm", "wake up": "wake up"}


def _alarm_noun(text: str) -> str | None:
    """How the alarm a reminder's text names is said ("wake-up alarm", "gym alarm", "alarm"); None
    when the text is a reminder's."""
    t = text.lower()
    if t == "wake up":
        return "wake-up alarm"
    return t if t in ALARM_TEXTS or t.endswith(" alarm") else None

# a reminder text that only says "an alarm" or "wake me": the alarm itself
# ("i need a daily alarm for 6": the request itself, its when and how often said elsewhere)
_ALARM_ONLY = re.compile(r"(?:(?:set|make|put|create|add|give\s+me|i\s+(?:need|want)|(?:can|could)\s+(?:i|you)\s+(?:have|set|get))"
                         r"(?:\s+up)?\s+)?(?:an?\s+|my\s+|the\s+)?(?:(?:daily|everyday|weekday|weekly|recurring|repeating)\s+)?"
                         r"(?:alarm(?:\s+clock)?|wake[- ]?up(?:\s+call)?|(?:wake|get)\s+(?:me\s+)?up|wake\s+me)"
                         r"(?:\s+(?:for|at)\s+\S.*)?")
_ALARM_DAY = (r"(?:\s+(?P<day>today|tomorrow|tonight|(?:tomorrow\s+|in\s+the\s+|this\s+)(?:morning|evening|afternoon)"
              r"|(?:on\s+|next\s+|this\s+)?(?:" + "|".join(WEEKDAYS) + r")(?:\s+(?:morning|evening|afternoon))?))?")
_ALARM = (r"(?:(?:set|make|put|create|add|schedule|start|give me|i need|i want|can i have)\s+(?:up\s+)?(?:me\s+)?"
          r"(?:an?\s+|my\s+|the\s+)?)?(?:(?P<wake>wake[- ]?up)(?:\s+(?:call|alarm))?|alarm(?:\s+clock)?)"
          r"(?:\s+on)?" + _ALARM_DAY.replace("?P<day>", "?P<day0>") + r"\s+(?:for|at)\s+" + _TIME + _ALARM_DAY)
_WAKE_ME = r"(?:wake|get)\s+me\s+(?:up\s+)?(?:at|by|for)\s+" + _TIME + _ALARM_DAY


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


def _at_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    text = _text_ok(g.get("text"))
    clock = parse_clock_time(g["time"]) if g.get("time") else None
    ok, recurrence = _recurrence(g.get("recur") or g.get("recur2"))
    if not text or not clock or not ok:
        return None
    args: dict[str, Any] = {"action": "set", "text": text, "time": clock}
    if recurrence:
        args["recurrence"] = recurrence
    return PreRouteResult(arguments=args)


def _in_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    text = _text_ok(m.group("text"))
    seconds = parse_duration(m.group("dur"))
    if not text or not seconds or seconds % 60:
        return None
    return PreRouteResult(arguments={"action": "set", "text": text, "relative_minutes": seconds // 60})


def _list_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    return PreRouteResult(arguments={"action": "list"})


def _delete_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    if g.get("all"):
        return PreRouteResult(arguments={"action": "delete", "text": "all"})
    text = (g.get("text") or "").strip()
    text = re.sub(r"^(?:the|my)\s+", "", text)
    if not text or len(text.split()) > 8:
        return None
    return PreRouteResult(arguments={"action": "delete", "text": text})


# "move my dentist reminder to 4 pm", "change my alarm to 7", "reschedule the meeting with anna to friday"
_MOVE_VERB = r"(?:move|reschedule|change|shift|push)"
_MOVE = (_MOVE_VERB + r"\s+(?:my|the)\s+(?P<text>[\w' ]+?)(?:\s+(?P<kind>reminder|alarm|appointment))?"
         r"\s+(?:to|until|till)\s+(?P<when>.+)")


def moved_to(said: str) -> tuple[str, str | None]:
    """Where a move request puts a reminder: the words after its last "to / until / for" that say a
    clock time or a date, and the clock time in them ("... to friday at 10" -> ("friday at 10",
    "10:00")); ("", None) when no such words follow."""
    said = " ".join(said.lower().split())
    for m in reversed(list(re.finditer(r"\b(?:to|until|till|for)\s+", said))):
        tail = said[m.end():].strip(" ?.!")
        found = find_clock_time("at " + tail)
        if found or find_date(tail, _dt.date.today()):
            return tail, found[0] if found else None
    return "", None


def _moved_name(m: re.Match[str]) -> str:
    """The reminder a move request names: "the time of my pills reminder" -> "pills", "my alarm" ->
    "alarm", "my gym alarm" -> "gym alarm"."""
    what = re.sub(r"^(?:(?:the\s+)?(?:time|date|day)\s+(?:of|for)\s+)?(?:the\s+|my\s+)?", "", m.group("text").strip())
    return f"{what} alarm" if m.group("kind") == "alarm" else what


def _move_claim(m: re.Match[str], text: str) -> PreRouteResult | None:
    what = _moved_name(m)
    tail, clock = moved_to(text)
    if not tail or len(what.split()) > 6:
        return None
    return PreRouteResult(arguments={"action": "move", "text": what, **({"time": clock} if clock else {})})


def _snooze_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    args: dict[str, Any] = {"action": "snooze"}
    if m.groupdict().get("dur"):
        seconds = parse_duration(m.group("dur"))
        if not seconds or seconds % 60:
            return None
        args["relative_minutes"] = seconds // 60
    if m.groupdict().get("text"):
        args["text"] = m.group("text").strip()
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
]
_DOMAIN_WORDS: list[str] = ['reminder', 'reminders', 'remind', 'alarm', 'alarms', 'calendar', 'schedule', 'appointment', 'appointments',
 'meeting', 'diary', 'wake me', 'agenda']


# the words that say each action (grounding: the LLM's choice stands only on the user's words; "any
# meeting on friday" asks for a list, it does not set a reminder at 09:00)
ACTION_WORDS = {
    "set": ["remind", "reminder", "set", "add", "create", "make", "alert", "wake", "alarm", "need to", "have to",
            "don't let me forget", "remember to", "schedule", "book", "put", "note", "ping"],
    "list": ["any", "what", "what's", "which", "list", "show", "read", "tell me", "do i have", "check", "upcoming"],
    "delete": ["delete", "remove", "cancel", "clear", "get rid of", "erase", "drop", "forget about", "turn off"],
    "snooze": ["snooze", "postpone", "push back", "again in"],
    "move": ["move", "reschedule", "change", "shift", "push", "bring forward"],
}

class ReminderCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "reminder"

    @property
    def capability(self) -> str:
        return 'set reminders and alarms'

    @property
    def description(self) -> str:
        return ("Reminders about something to do: set one for a clock time (time, 24 h HH:MM) or in N "
                "minutes (relative_minutes), optionally recurring; list them; delete one by its text "
                "('all' deletes every reminder); snooze the last one for N minutes; move one to a new time.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=["set", "list", "delete", "snooze", "move"],
                            description="set, list, delete, snooze, or move one to a new time.", enum_evidence=ACTION_WORDS, default="set",
                            question_value="list"),
            JarvisParameter("text", "string", description="What to remind about (set), or which reminder (delete/snooze/move)."),
            JarvisParameter("time", "string", description="Clock time, 24 hour HH:MM (3 PM = 15:00).",
                            validation_function=lambda v: bool(re.fullmatch(r"([01]?\d|2[0-3]):[0-5]\d", v.strip()))),
            JarvisParameter("relative_minutes", "int", description="Minutes from now (in 2 hours = 120); "
                            "for snooze, how long to snooze.", validation_function=lambda v: 0 < v <= 60 * 24 * 366),
            JarvisParameter("recurrence", "string", enum_values=list(RECURRENCES),
                            description="Repeat: daily, weekdays, weekly, biweekly or monthly."),
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
        remind = r"(?:remind me|set a reminder|create a reminder|add a reminder|make a reminder|reminder)"
        return [
            FastPath("reminder.text_at_time", remind + r",?\s+" + _TEXT + r"(?:\s+(?:today|tomorrow))?\s+(?:at|by)\s+" + _TIME
                     + r"(?:\s+(?:today|tomorrow))?(?:\s+" + _RECUR + r")?",
                     _at_claim, "remind me to call mom at 3 pm"),
            FastPath("reminder.at_time_text", remind + r"\s+(?:" + _RECUR + r"\s+|(?:today|tomorrow)\s+)?(?:for\s+|at\s+|by\s+)" + _TIME
                     + r"(?:\s+(?:today|tomorrow))?"
                     + r"(?:\s+" + _RECUR.replace("?P<recur>", "?P<recur2>") + r")?,?\s+" + _TEXT,
                     _at_claim, "remind me at 6 pm to start dinner / every day at 8 am to ..."),
            FastPath("reminder.daily_at", r"(?:set|create|add|make)\s+an?\s+(?P<recur>daily|weekly|monthly|biweekly)\s+reminder"
                     r"\s+(?:for\s+|at\s+)" + _TIME + r",?\s+" + _TEXT,
                     _at_claim, "set a daily reminder at 7 am to exercise"),
            FastPath("reminder.text_in", remind + r",?\s+" + _TEXT + r"\s+in\s+(?P<dur>[\w ,./-]+)", _in_claim,
                     "remind me to check the oven in 45 minutes"),
            FastPath("reminder.in_text", remind + r"\s+in\s+(?P<dur>[\w ,./-]+?)\s+" + _TEXT, _in_claim,
                     "remind me in 30 minutes to check the laundry"),
            FastPath("reminder.alarm", _ALARM, _alarm_claim, "set an alarm for 7 am / wake up call at 6:30"),
            FastPath("reminder.wake_me", _WAKE_ME, _alarm_claim, "wake me up at six tomorrow"),
            FastPath("reminder.list", r"(?:(?:what|which)(?:\s+are)?|list|show(?:\s+me)?|read(?:\s+me)?|tell me|check|any|"
                     r"do i have any|are there any|have i got any)\s+(?:my\s+|the\s+)?(?:upcoming\s+|recurring\s+|"
                     r"active\s+)?reminders(?:\s+(?:do i have|are there|are set|have i got|for today|today))?",
                     _list_claim, "what reminders do i have"),
            FastPath("reminder.delete_all", r"(?:cancel|delete|remove|clear)\s+(?P<all>all)\s+(?:of\s+)?(?:my\s+|the\s+)?reminders",
                     _delete_claim, "delete all my reminders"),
            FastPath("reminder.delete_about", r"(?:cancel|delete|remove)\s+(?:my|the)\s+reminder\s+(?:to|about|for)\s+(?P<text>.+)",
                     _delete_claim, "cancel my reminder to call mom"),
            FastPath("reminder.delete_named", r"(?:cancel|delete|remove)\s+(?:my|the)\s+(?P<text>[\w ]+?)\s+reminder",
                     _delete_claim, "delete the medicine reminder"),
            FastPath("reminder.move", _MOVE, _move_claim, "move my dentist reminder to 4 pm"),
            FastPath("reminder.snooze", r"snooze(?:\s+(?:that|the|this|my|it)(?:\s+reminder)?)?"
                     r"(?:\s+(?:about|for|to)\s+(?P<text>[a-z ]+?)(?=\s+for\s|$))?(?:\s+for\s+(?P<dur>[\w ,./-]+))?",
                     _snooze_claim, "snooze (that reminder) for 15 minutes"),
        ]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Remind me to call mom at 3 PM", {"action": "set", "text": "call mom", "time": "15:00"}),
            ("Remind me in 30 minutes to check the laundry", {"action": "set", "text": "check the laundry", "relative_minutes": 30}),
            ("Remind me every day at 8 AM to take my medicine",
             {"action": "set", "text": "take my medicine", "time": "08:00", "recurrence": "daily"}),
            ("What reminders do I have?", {"action": "list"}),
            ("Cancel my reminder to call mom", {"action": "delete", "text": "call mom"}),
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
        ])

    def bind(self, services) -> None:  # type: ignore[override]
        super().bind(services)
        reminder_service(services).resume()

    def shutdown(self) -> None:
        if self.services is not None:
            svc = self.services.kept(ReminderService)
            if svc is not None:
                svc.shutdown()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The when of a 'set' from the user's own words where they say it plainly: an explicit clock
        time wins over the model's, "8:00" becomes "08:00", a time or minute count the user did not
        say is dropped, a day part ("tomorrow morning") gives its usual hour, and the recurrence
        comes from the words (none said -> none). A reminder text the user did not say is dropped."""
        out = drop_ungrounded(args, voice_command, ["text"])
        if out.get("action") == "move":
            return self._moving(out, voice_command)
        if out.get("action") != "set":
            return out
        said_alarm = _said_alarm(voice_command)
        if said_alarm and not str(out.get("text") or "").strip():
            out["text"] = said_alarm            # "get me up at 6:45 on friday": the alarm is what rings
        if isinstance(out.get("text"), str):
            what = _REQUEST_FRAME.sub("", out["text"].strip())     # "remind me about the dentist": the dentist
            what = _WHEN_TAIL.sub("", what).strip()
            dated = find_date(what, _dt.date.today())       # "pay the rent on the 3rd of december": the day is the when
            if dated:
                tail = re.search(r"[\s,]*(?:\b(?:on|for|by)\s+)?" + re.escape(dated.words)
                                 + r"(?:\s+(?:morning|afternoon|evening|night))?$", what, re.I)
                if tail and tail.start() > 0:
                    what = what[: tail.start()].strip()
            what = _WHEN_TAIL.sub("", what).strip()
            what = re.sub(r"^(?:says|saying)\s+", "", what, flags=re.I)
            label = _LABEL.search(what)
            if label:                                       # "set an alarm for 7 am called gym": gym
                what = label.group("label").strip()
                if said_alarm == "alarm" and not what.lower().endswith("alarm"):
                    what = f"{what} alarm"
            elif said_alarm == "alarm" and not what.lower().endswith("alarm"):
                named = _LABEL.search(" ".join(voice_command.split()))
                if named and named.group("label").strip(" .!?").lower() == what.lower():
                    what = f"{what} alarm"                  # the model wrote the name alone: "gym"
            if what and said_alarm and _ALARM_ONLY.fullmatch(what.lower()):
                what = said_alarm                           # "wake me up": the wake-up alarm, not a reminder to wake you
            if what:
                out["text"] = what
        said = " ".join(voice_command.lower().replace("\u2019", "'").split())
        has_in = re.search(r"\bin\s+(?:an?|one|half|\d+|[a-z]+)\s*(?:and a half\s+)?(?:minutes?|mins?|hours?|hrs?)\b", said)
        clock = None
        found = find_clock_time(said)
        if found:
            clock, words = found
            alarm = _alarm_noun(str(out.get("text") or "")) is not None
            if (not alarm and re.fullmatch(r"\d{1,2}|[a-z]+", words) and int(clock[:2]) < 7
                    and not re.search(r"\bmorning\b", said)):
                clock = f"{int(clock[:2]) + 12:02d}:00"       # "at 5" to do something: 17:00 (not for alarms)
        if clock:
            out["time"] = clock
            if not has_in:
                out.pop("relative_minutes", None)
        else:
            t = str(out.get("time") or "").strip()
            mt = re.fullmatch(r"(\d{1,2}):(\d{2})", t)
            if mt:
                out["time"] = f"{int(mt.group(1)):02d}:{mt.group(2)}"
            if out.get("time") and not re.search(r"\d|noon|midnight|o'clock", said) and find_clock_time(said) is None:
                out.pop("time")
            if out.get("relative_minutes") and not has_in:
                out.pop("relative_minutes")
            if not out.get("time") and not out.get("relative_minutes"):
                part = next((h for w, h in _DAY_PARTS if re.search(rf"\b{w}\b", said)), None)
                if part is None and (re.search(r"\b(?:tomorrow|" + "|".join(WEEKDAYS) + r")\b", said)
                                     or find_date(said, _dt.date.today())):
                    part = "09:00"
                if part:
                    out["time"] = part
        rm = re.search(_RECUR, said)
        if _SUB_DAILY.search(said):
            out["recurrence"] = "hourly"             # not a repeat it can keep: asked which one is meant
        elif rm:
            word = " ".join(rm.group("recur").split())
            ok, recurrence = _recurrence(word)
            if not ok and word in ("every morning", "every evening", "every night"):
                ok, recurrence = True, "daily"
            if ok and recurrence:
                out["recurrence"] = recurrence
        else:
            out.pop("recurrence", None)
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
        tail, clock = moved_to(voice_command)
        if clock:
            out["time"] = clock
        elif not re.search(r"\d|noon|midnight|o'clock", tail):
            out.pop("time", None)                    # a time the user did not say
        out.pop("recurrence", None)
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        if kwargs.get("action") == "set":
            out = []
            if not (kwargs.get("text") or "").strip():
                out.append(ValidationResult(False, "text", self.command_name, "What should I remind you about?"))
            if not kwargs.get("time") and not kwargs.get("relative_minutes"):
                out.append(ValidationResult(False, "time", self.command_name,
                                            "When should I remind you? Give a time or minutes from now."))
            return out
        return []

    # ---- run ---------------------------------------------------------------------------------------
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Reminders need a running assistant.")
        action = kwargs["action"]
        return getattr(self, f"_{action}")(request_info, **kwargs)

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
        day = None if recurrence else find_date(said, now.date())
        if day is not None and day.when > now.date():        # "on june 3rd", "next friday", "the day after tomorrow"
            return due.replace(year=day.when.year, month=day.when.month, day=day.when.day)
        if (day is None and not alarm and 1 <= hh <= 11 and due <= now < due + _dt.timedelta(hours=12)
                and find_clock_time(said) is not None and not _MERIDIEM_SAID.search(said)):
            return due + _dt.timedelta(hours=12)      # "at 3:30" said at noon: this afternoon, not 3:30 AM tomorrow
        weekday = next((i for i, d in enumerate(WEEKDAYS) if re.search(rf"\b{d}s?\b", said)), None)
        if re.search(r"\btomorrow\b", said):
            due += _dt.timedelta(days=1)
        elif weekday is not None:
            due += _dt.timedelta(days=(weekday - due.weekday()) % 7)
        if due <= now:
            due += _dt.timedelta(days=1) if weekday is None else _dt.timedelta(days=7)
        if recurrence == "weekdays":
            while due.weekday() >= 5:
                due += _dt.timedelta(days=1)
        return due

    def _set(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        text = re.sub(r"^(?:to|that)\s+", "", kw["text"].strip())
        now = self._now()
        recurrence = kw.get("recurrence")
        noun = _alarm_noun(text)
        due = self._due(now, kw.get("time"), kw.get("relative_minutes"), recurrence, request_info.voice_command,
                        alarm=noun is not None)
        rid = self.services.store.reminders.add(text, due, recurrence)
        reminder_service(self.services).ensure_running()
        if noun and not kw.get("relative_minutes"):
            # an alarm rings at a clock time: say which, and which day
            when = "for " + say_when(due, now).removeprefix("at ").removeprefix("on ")   # "for tomorrow at 7 AM"
            return say(f"OK, your {noun} is set {when}.", reminder_id=rid, due_at=due.isoformat(),
                       recurrence=recurrence, alarm=True)
        if kw.get("relative_minutes") and not recurrence:
            when = f"in {say_duration(int(kw['relative_minutes']) * 60)}"
        elif recurrence:
            when = {"daily": "every day", "weekdays": "every weekday", "weekly": f"every {due.strftime('%A')}",
                    "biweekly": f"every other {due.strftime('%A')}",
                    "monthly": f"on day {due.day} of every month"}[recurrence] + f" at {say_clock(due)}"
        else:
            when = say_when(due, now)
        return say(f"OK, I'll remind you {remind_phrase(text, request_info.voice_command)} {when}.", reminder_id=rid,
                   due_at=due.isoformat(), recurrence=recurrence)

    def _describe(self, r: dict[str, Any], now: _dt.datetime) -> str:
        due = parse_iso(r["due_at"])
        if r["recurrence"]:
            return f"{second_person(r['text'])}, {r['recurrence']}, next {say_when(due, now)}"
        return f"{second_person(r['text'])} {say_when(due, now)}"

    def _list(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        rows = self.services.store.reminders.active()
        now = self._now()
        day = find_date(request_info.voice_command, now.date())
        if day is not None:                       # "what's on my calendar on the 2nd of december"
            return self._list_day(rows, day.when, now)
        if not rows:
            nothing = "You have no alarms set." if _said_alarm(request_info.voice_command) else "You have no reminders."
            return say(nothing, reminders=[])
        items = [self._describe(r, now) for r in rows]
        head = "You have one reminder: " if len(rows) == 1 else f"You have {len(rows)} reminders: "
        return say(head + "; ".join(items) + ".", reminders=[_listed(r) for r in rows])

    def _list_day(self, rows: list[dict[str, Any]], day: _dt.date, now: _dt.datetime) -> CommandResponse:
        """The reminders that ring on `day` (a recurring one on each day it repeats), by time."""
        on_day = sorted((r for r in rows if _occurs_on(r, day)), key=lambda r: parse_iso(r["due_at"]).time())
        name = _day_name(day, now.date())
        found = [_listed(r) for r in on_day]
        if not on_day:
            others = f" ({plural(len(rows), 'reminder')} on other days)" if rows else ""
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
        if not found or (len(found) > 1 and text.lower() != "all" and text):
            return None                    # nothing to delete, or the command asks which one
        if len(found) == 1:
            return f"Delete your reminder to {found[0]['text']}?"
        return f"Delete all {len(found)} of your reminders?"

    def _find(self, text: str | None) -> list[dict[str, Any]]:
        rows = self.services.store.reminders.active()
        if not text:
            return rows
        want = re.sub(r"^(?:to|the|my|about)\s+", "", text.strip().lower())
        exact = [r for r in rows if r["text"].lower() == want]
        if exact:
            return exact
        words = [w for w in re.findall(r"[a-z0-9']+", want) if w not in ("the", "my", "a", "to", "reminder")]
        by_text = [r for r in rows if words and all(w in r["text"].lower() for w in words)]
        return by_text or self._find_by_when(rows, want)

    def _find_by_when(self, rows: list[dict[str, Any]], want: str) -> list[dict[str, Any]]:
        """The reminders a request names by when they ring ("my monday reminder", "the 7 am alarm",
        "tomorrow's reminder"), with any other words in their text; [] when it names no when."""
        now = self._now()
        rest = want.replace("'s ", " ")
        day = find_date(rest, now.date())
        if day is not None:
            rest = rest.replace(day.words, " ")
        ws = rest.split()
        clock = find_clock_span(ws, max_words=4, bare_digits=True)
        if clock is not None:
            rest = rest.replace(" ".join(ws[clock[1].start:clock[1].stop]), " ")
        if day is None and clock is None:
            return []
        hh_mm = None if clock is None else tuple(int(x) for x in clock[0].split(":"))
        words = [w for w in re.findall(r"[a-z0-9']+", rest)
                 if w not in ("the", "my", "a", "to", "reminder", "reminders", "for", "on", "at", "of", "one", "s")]
        out = []
        for r in rows:
            due = parse_iso(r["due_at"])
            if day is not None and not _occurs_on(r, day.when):
                continue
            if hh_mm is not None and (due.hour, due.minute) != hh_mm:
                continue
            text = r["text"].lower()
            if all(w in text or (w in ("alarm", "alarms") and text in ALARM_TEXTS) for w in words):
                out.append(r)
        return out

    def _delete(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        text = (kw.get("text") or "").strip()
        store = self.services.store.reminders
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
        if len(found) > 1:
            names = "; ".join(r["text"] for r in found)
            return CommandResponse.follow_up_response({"message": f"Which one: {names}?",
                                                       "candidates": [r["id"] for r in found]})
        store.delete(found[0]["id"])
        what = found[0]["text"]
        noun = _alarm_noun(what)
        if noun:
            when = say_when(parse_iso(found[0]["due_at"]), self._now())
            return say(f"Deleted your {noun} {when}.", deleted=[found[0]["id"]])
        return say(f"Deleted the reminder to {what}.", deleted=[found[0]["id"]])

    def _all_said(self, voice: str) -> tuple[list[dict[str, Any]], str, str]:
        """What "all" deletes: the alarms only when alarms are said ("turn off all my alarms" deleted
        every reminder), those of a day when a day is said ("clear my calendar for tomorrow"); with
        the noun and the day as the reply says them."""
        rows = self.services.store.reminders.active()
        noun = "reminder"
        if _said_alarm(voice):
            rows, noun = [r for r in rows if _alarm_noun(r["text"])], "alarm"
        now = self._now()
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
        found = self._find(text) if text else (rows if len(rows) == 1 else [])
        if not found:
            if not text and rows:
                return CommandResponse.follow_up_response({"message": "Which reminder should I move?"})
            return fail(f"I can't find a reminder about {text}." if text else "You have no reminders.")
        if len(found) > 1:
            names = "; ".join(r["text"] for r in found)
            return CommandResponse.follow_up_response({"message": f"Which one should I move: {names}?",
                                                       "candidates": [r["id"] for r in found]})
        r = found[0]
        now = self._now()
        noun = _alarm_noun(r["text"])
        tail, said_clock = moved_to(request_info.voice_command)
        time = kw.get("time") or said_clock
        if kw.get("relative_minutes"):
            due = (now + _dt.timedelta(minutes=int(kw["relative_minutes"]))).replace(microsecond=0)
        elif time or tail:
            if not time:                               # "move it to friday": at the hour it had
                time = parse_iso(r["due_at"]).strftime("%H:%M")
            elif noun is None and 1 <= int(time[:2]) <= 6 and not _MERIDIEM_SAID.search(tail):
                time = f"{int(time[:2]) + 12:02d}:{time[3:]}"     # "to 4": 4 PM, not 4 AM (alarms aside)
            if find_date(tail, now.date()) is None:     # a time alone: the day it had
                hh, mm = (int(x) for x in time.split(":"))
                due = parse_iso(r["due_at"]).astimezone(now.tzinfo).replace(hour=hh, minute=mm, second=0, microsecond=0)
                if due <= now:
                    due += _dt.timedelta(days=1)
            else:
                due = self._due(now, time, None, r["recurrence"], tail, alarm=noun is not None)
        else:
            return CommandResponse.follow_up_response({"message": f"When should I move {second_person(r['text'])} to?",
                                                       "candidates": [r["id"]]})
        self.services.store.reminders.reschedule(r["id"], due)
        reminder_service(self.services).ensure_running()
        when = say_when(due, now)
        if noun:
            return say(f"OK, your {noun} is now set for {when.removeprefix('at ').removeprefix('on ')}.",
                       reminder_id=r["id"], due_at=due.isoformat())
        return say(f"OK, I'll remind you {remind_phrase(r['text'], r['text'])} {when} instead.",
                   reminder_id=r["id"], due_at=due.isoformat())

    def _snooze(self, request_info: RequestInformation, **kw: Any) -> CommandResponse:
        minutes = int(kw.get("relative_minutes") or 10)
        store = self.services.store.reminders
        target = None
        if kw.get("text"):
            rows = [dict(r) for r in self.services.store.db.query(
                "SELECT * FROM reminders WHERE last_fired_at IS NOT NULL OR active = 1 ORDER BY id DESC")]
            want = kw["text"].lower()
            target = next((r for r in rows if want in r["text"].lower()), None)
        else:
            svc = reminder_service(self.services)
            if svc.last_fired_id is not None:
                target = store.get(svc.last_fired_id)
            if target is None:
                rows = self.services.store.db.query(
                    "SELECT * FROM reminders WHERE last_fired_at IS NOT NULL ORDER BY last_fired_at DESC, id DESC LIMIT 1")
                target = dict(rows[0]) if rows else None
        if target is None:
            return fail("There's no reminder to snooze.")
        due = (self._now() + _dt.timedelta(minutes=minutes)).replace(microsecond=0)
        if target["recurrence"]:
            rid = store.add(target["text"], due, None)   # the series keeps its schedule
        else:
            store.reschedule(target["id"], due)
            rid = target["id"]
        reminder_service(self.services).ensure_running()
        return say(f"Snoozed. I'll remind you to {target['text']} in {say_duration(minutes * 60)}.",
                   reminder_id=rid, due_at=due.isoformat())
