"""get_current_time: the time (and date) here or in a named city, state or country, offline."""
from __future__ import annotations

import calendar
import datetime as _dt
import difflib
import itertools
import re
import zoneinfo
from functools import lru_cache
from typing import Any, Callable, NamedTuple

from commands._common import examples, fail, load_asset_json, say
from commands._gazetteer import city_zone
from commands._grounding import drop_ungrounded
from commands._memories import find_memory, second_person
from commands._parsing import parse_duration, say_clock, say_date, say_duration
from jarvis_tui.sdk.text import (MONTHS, WEEKDAYS, FoundDate, find_clock_span, find_date, join_words, normalize_utterance,
                                 parse_clock_time, plural)
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            ValidationResult)


@lru_cache(maxsize=1)
def _zone_cities() -> dict[str, str]:
    """'new york' -> 'America/New_York' from the zone names themselves (the fallback after the table)."""
    out: dict[str, str] = {}
    for zone in zoneinfo.available_timezones():
        if "/" not in zone or zone.startswith(("Etc/", "SystemV/", "posix/", "right/")):
            continue
        out.setdefault(zone.rsplit("/", 1)[1].replace("_", " ").lower(), zone)
    return out


# what may follow the place in a question about its time ("in tokyo right now")
_NOT_PLACE_TAIL = re.compile(r"\s+(?:right now|now|today|currently|at the moment)$")


def _clean_place(text: str) -> str:
    t = " ".join(str(text).lower().replace(",", " ").split()).strip(" ?.!")
    t = re.sub(r"^the\s+u\.?\s?s\.?(?:\s?a\.?)?$", "usa", t)       # "the us" (not "us" alone: a word)
    return re.sub(r"^(?:the\s+)", "", t)


def resolve_place(text: str | None) -> tuple[str, str] | None:
    """(place name as said, IANA zone) or None."""
    if not text:
        return None
    t = _clean_place(text)
    places = load_asset_json("timezones.json")["places"]
    if t in places:
        return t, places[t]
    # "paris france", "austin texas": the first words that are a known place
    words = t.split()
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n])
        if head in places:
            return head, places[head]
    if t in _zone_cities():
        return t, _zone_cities()[t]
    for zone in zoneinfo.available_timezones():
        if zone.lower() == t:
            return t, zone
    # a city the table does not name ("cardiff", "cardiff wales"): GeoNames' cities
    for n in range(len(words), 0, -1):
        zone = city_zone(" ".join(words[:n]))
        if zone:
            return " ".join(words[:n]), zone
    return None


_PLACE_AFTER = re.compile(r"\b(?:in|at|for)\s+([a-z][a-z .'-]*)")


def _place_said(text: str) -> str | None:
    """The last place of the time zone table said after "in", "at" or "for" ("what's the hour over
    in ottawa" -> "Ottawa"); None when none is."""
    found = None
    for m in _PLACE_AFTER.finditer(normalize_utterance(text)):
        place = resolve_place(_NOT_PLACE_TAIL.sub("", m.group(1)))     # "india right now": india
        if place:
            found = place[0].title()
    return found


def known_places() -> list[str]:
    return sorted(set(load_asset_json("timezones.json")["places"]) | set(_zone_cities()))


_DAY_PART_FIRST = re.compile(r"(?:the\s+)?(?:morning|afternoon|evening|night|daytime)(?:\s+(?:in|at|for)\s+(?P<rest>.+))?")


def _time_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    loc = (m.groupdict().get("loc") or "").strip()
    if not loc:
        return PreRouteResult(arguments={})
    loc = _NOT_PLACE_TAIL.sub("", loc)
    part = _DAY_PART_FIRST.fullmatch(loc)          # "in the morning" is no place ("The Morning" was asked for)
    if part is not None:
        loc = part.group("rest") or ""
        if not loc:
            return None
    if not loc or len(loc.split()) > 4 or re.search(r"\b(?:timer|minutes?|hours?|weather|left)\b", loc):
        return None
    place = resolve_place(loc)
    return PreRouteResult(arguments={"location": place[0].title() if place else loc.title()})


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [("what's the date today", {}), ('what day is it', {}), ("what's today's date", {}),
 ('what time is it in sydney', {'location': 'sydney'}), ('is it friday today', {}),
 ('what day of the week is christmas this year', {}), ('what year is it', {}), ('tell me the time', {}),
 ('current time in new york', {'location': 'new york'}), ('what month are we in', {}),
 ("what's the time over in tokyo", {'location': 'tokyo'}), ('have we reached the weekend yet', {})]
# dates and days of the week asked in other words
_MORE_EXAMPLES += [
 ('which day of the week is the fourth of july', {}),
 ('what date is next friday', {}),
 ('is tomorrow a monday', {}),
 ("what's the date on saturday", {}),
 ('what day does new years eve fall on this year', {}),
 ('what day will it be in three days', {}),
 ('give me the date', {}),
 ('what week of the year is it', {}),
 ('tell me the day and the date', {}),
 ('can you tell me what time it is', {}),
 ('do you know what day it is', {}),
 ('what was the date last tuesday', {}),
]
# dates and days of the week are time questions
_MORE_EXAMPLES += [(t, {}) for t in [
 'which day of the week is the fourth of july',
 'is tomorrow a monday',
 'what day does christmas fall on this year',
 'how many days are left in the month',
 'what date is next friday',
 'what year is it',
 'is it the tenth today',
 'what day of the month is it',
 'what time is it in sydney right now',
 'tell me the date',
]]
# the time somewhere else, asked in other words
_MORE_EXAMPLES += [
 ('do you know the time in rome', {'location': 'rome'}),
 ('is it morning in seoul right now', {'location': 'seoul'}),
 ('is it night time in new zealand', {'location': 'new zealand'}),
 ('what time do they have in mexico city', {'location': 'mexico city'}),
 ("how late is it over in cairo", {'location': 'cairo'}),
 ('is it still daytime in chicago', {'location': 'chicago'}),
]
# days other than today: the command answers about the date they name (sdk.text.find_date)
_MORE_EXAMPLES += [(t, {}) for t in [
 'how many days until halloween',
 'when is thanksgiving this year',
 'how many weeks until the first of september',
 'how many days till my birthday on june second',
 'count the days until new years day',
 'when is easter this year',
 'what date is mothers day',
 'what weekday is may the fifth',
 'is the ninth of march a tuesday',
 'will the twelfth be a weekend',
 'what day was it three days ago',
 'what is the date a week from today',
 'what date will it be in ten days',
 'which day does valentines day fall on',
 'how many days has it been since the first of october',
 'what day of the week was christmas last year',
 'how long until the weekend',
 'how long is it until saturday',
 'how many more days until friday',
]]
# one part of the calendar, and days counted to, from or between dates
_MORE_EXAMPLES += [(t, {}) for t in [
 'which year is it now',
 'tell me the current year',
 'what month is it right now',
 'what season is it',
 'is it summer yet',
 'is this year a leap year',
 'is 2032 a leap year',
 'when is the next leap year',
 'how many days are in june',
 'how many days does february have this year',
 'how many days are left in this month',
 'how many weeks are left in the year',
 'how many days until the 20th of june',
 'how many days till august 3rd',
 'how many weeks until september',
 'how many days since the first of january',
 'how long ago was valentines day',
 'how many days between june 1st and july 15th',
 'how many days are there from today until christmas',
 'how many weeks between now and new years eve',
 'how many days ago was the 10th of february',
 'count the days from march 3rd to march 30th',
]]
_NEGATIVES: list[str] = ['what time does the last train leave', 'what time does the shop close',
 'how long until christmas dinner is ready',
 # a year or a count of days that is not the calendar's: history, a conversion, someone's own days
 'what year did the berlin wall fall', 'how many days is forty eight hours', 'how many vacation days do i have left',
 # when something starts or opens is not the time now ("what time is the fireworks display" was told the
 # time; "what time is the parade on saturday" was told Saturday's date)
 'what time is the carol concert', 'what time is the street party on saturday', 'when does the comedy show start',
 'what time is the bonfire on the green', 'what time is the graduation ceremony', 'what time does the leisure centre open',
 # the times of trains, buses and flights are a timetable's, not the clock's ("the train time to york" was told the
 # time in a place called "north rail")
 'train times to york', 'what time is the next bus into town', 'bus times for tomorrow morning',
 'when is the next train to glasgow', 'what time does my flight to rome leave', 'the ferry times to calais']
# a clock time converted between places, and the difference between two places' time
_MORE_EXAMPLES += [(t, {}) for t in [
 "if it's noon in london what time is it in new york",
 'what is three pm tokyo time in paris',
 'convert eight am pacific time to eastern time',
 "when it's nine in the morning here what time is it in sydney",
 'what is 6 pm central time in berlin',
 'how many hours ahead of london is dubai',
 "what's the time difference between new york and los angeles",
 'if i call at 10 am my time what time will it be in india',
]]
_DOMAIN_WORDS: list[str] = ['date', "o'clock"]


_UNTIL = re.compile(r"\b(?:how (?:many|much)|how long)\b.*\b(?:until|till|til|to|before|left|since|ago)\b|"
                    r"\b(?:days?|weeks?) (?:until|till|to go|left|since)\b")
# ---- one part of the calendar, and days counted between dates -----------------------------------
# ("what year is it" and "how many days between today and march 1st" were told the time or today's
# date). Each question is a pattern and the answer read from its match; the fast paths are these
# patterns said whole, and run() finds them at the end of whatever the router or the model sent.
_ASK = r"(?:(?:do you know|can you tell me|could you tell me|tell me|i want to know|and|so)\s+)?"
_NOW = r"(?:\s+(?:right now|now|today|currently|at the moment|again|then|yet|already))?"
_HEAD = r"(?:(?:what|which)(?:'s|s|\s+is)?\s+(?:the\s+|today's\s+)?|(?:tell\s+me|give\s+me)\s+the\s+)(?:current\s+|present\s+)?"
_IT = r"(?:\s+(?:is\s+it|is\s+this|are\s+we(?:\s+in)?|it\s+is|we(?:'re|\s+are)\s+in|this\s+is|is\s+today|today\s+is))?"
_YEAR_SAID = r"(?:19|20)\d\d"
_MONTH_SAID = "|".join(MONTHS)
# a stretch of the calendar: "the year", "this month", "next year", "february", "february 2028", "2028"
_PERIOD = (rf"(?:the\s+|this\s+|next\s+|last\s+)(?:year|month|week)|(?:the\s+month\s+of\s+)?(?:{_MONTH_SAID})(?:\s+{_YEAR_SAID})?"
           rf"|{_YEAR_SAID}")
_SEASONS = ["winter", "spring", "summer", "autumn"]         # the meteorological seasons, from December


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _weeks_span(days: int) -> str:
    """30 -> "4 weeks and 2 days", 14 -> "2 weeks", 5 -> "5 days"."""
    weeks, rest = divmod(abs(days), 7)
    parts = ([plural(weeks, "week")] if weeks else []) + ([plural(rest, "day")] if rest or not weeks else [])
    return " and ".join(parts)


def _span(days: int, unit: str | None) -> str:
    """In weeks when they were asked for ("4 weeks and 2 days"), else in days ("30 days (about 4 weeks)")."""
    return _weeks_span(days) if unit == "weeks" else _days_span(days)


def _in_units(days: int, unit: str | None) -> str:
    """In weeks when they were asked for, else in days ("31 days")."""
    return _weeks_span(days) if unit == "weeks" else plural(abs(days), "day")


class _Stretch(NamedTuple):
    """A stretch of the calendar: its name ("March 2025", "2025", "this week"), what it is (year, month
    or week), its first and last day."""
    name: str
    kind: str
    first: _dt.date
    last: _dt.date


def _period(said: str, today: _dt.date) -> _Stretch:
    """The stretch of the calendar said as _PERIOD ("this month", "february 2028", "next year")."""
    words = said.split()
    shift = {"next": 1, "last": -1}.get(words[0], 0)
    if words[-1] == "week":
        monday = today - _dt.timedelta(days=today.weekday()) + _dt.timedelta(weeks=shift)
        return _Stretch(f"{words[0] if words[0] != 'the' else 'this'} week", "week", monday, monday + _dt.timedelta(days=6))
    year = int(words[-1]) if words[-1].isdigit() else today.year + shift
    month = next((MONTHS.index(w) + 1 for w in words if w in MONTHS), None)
    if words[-1] == "month":
        first = today.replace(day=1)
        if shift:                                          # the 1st of the next or the last month
            first = (first + _dt.timedelta(days=31 if shift > 0 else -1)).replace(day=1)
        year, month = first.year, first.month
    if month is None:
        return _Stretch(str(year), "year", _dt.date(year, 1, 1), _dt.date(year, 12, 31))
    first = _dt.date(year, month, 1)
    return _Stretch(f"{first:%B} {year}", "month", first, first.replace(day=calendar.monthrange(year, month)[1]))


def _days_left(m: re.Match[str], today: _dt.date) -> str:
    stretch = _period(m.group("period"), today)
    if not stretch.first <= today <= stretch.last:         # "left in april" asked in march: all of it
        return f"{stretch.name} has {_in_units((stretch.last - stretch.first).days + 1, m.group('unit'))}."
    left = (stretch.last - today).days
    after_today = "" if m.group("unit") == "weeks" else ", after today"
    return f"There {'is' if left == 1 else 'are'} {_in_units(left, m.group('unit'))} left this {stretch.kind}{after_today}."


def _days_in(m: re.Match[str], today: _dt.date) -> str:
    stretch = _period(m.group("period"), today)
    days = (stretch.last - stretch.first).days + 1
    if stretch.first.month == 2 and stretch.kind == "month" and not re.search(_YEAR_SAID, m.group("period")):
        return f"February has {days} days in {stretch.first.year}" + (", a leap year." if days == 29 else " (29 in a leap year).")
    return f"{stretch.name} has {_in_units(days, m.group('unit'))}."


def _season(m: re.Match[str], today: _dt.date) -> str:
    index = today.month % 12 // 3
    months = [calendar.month_name[(index * 3 + k - 1) % 12 + 1] for k in (0, 2)]
    answer = f"it's {_SEASONS[index]} in the northern hemisphere ({months[0]} to {months[1]})."
    asked = (m.groupdict().get("asked") or "").replace("fall", "autumn")
    if not asked:
        return answer[:1].upper() + answer[1:]
    return ("Yes, " if asked == _SEASONS[index] else "No, ") + answer


def _leap_year(m: re.Match[str], today: _dt.date) -> str:
    which = " ".join((m.groupdict().get("which") or "next").split())
    if which == "it" and m.groupdict().get("later"):    # "is it a leap year next year"
        which = f"{m.group('later')} year"
    if which == "next":                                  # "when is the next leap year"
        return f"The next leap year is {next(y for y in itertools.count(today.year + 1) if calendar.isleap(y))}."
    year = int(which) if which.isdigit() else today.year + {"next year": 1, "last year": -1}.get(which, 0)
    tense = 0 if year == today.year else -1 if year < today.year else 1
    if calendar.isleap(year):
        return f"Yes, {year} {['is', 'will be', 'was'][tense]} a leap year."
    following = next(y for y in itertools.count(year + 1) if calendar.isleap(y))
    return f"No, {year} {['is not', 'will not be', 'was not'][tense]} a leap year; the next one is {following}."


_FIXED_DATE_KINDS = ("day_month", "month_day", "holiday", "start of month", "end of month")
_MONTH_EDGE = re.compile(rf"(?:the\s+(?P<edge>start|beginning|end)\s+of\s+)?(?P<period>(?:the|this|next|last)\s+(?:month|year)"
                         rf"|(?P<month>{_MONTH_SAID})(?:\s+{_YEAR_SAID})?)")


def _month_edge(words: str, today: _dt.date, past: bool) -> FoundDate | None:
    """The first (or last) day of a month or year said by name: "june" (the next June 1st, the last
    one with `past`), "the end of june", "june 2026", "next month", "the start of the year". Its kind
    says which: "start of month", "end of year"."""
    m = _MONTH_EDGE.fullmatch(words)
    if m is None or not m.group("edge") and m.group("period").startswith(("the ", "this ")):   # "the year": no day
        return None
    edge = "end" if m.group("edge") == "end" else "start"
    stretch = _period(m.group("period"), today)
    when = stretch.last if edge == "end" else stretch.first
    if m.group("period") in MONTHS and (when > today if past else when < today):   # no year said: the next one
        stretch = _period(f"{m.group('period')} {when.year + (-1 if past else 1)}", today)
        when = stretch.last if edge == "end" else stretch.first
    return FoundDate(when, words, f"{edge} of {stretch.kind}")


def _whole_date(words: str, today: _dt.date, past: bool = False) -> FoundDate | None:
    """The date `words` are, all of them ("march 1st", "the 15th of may", "christmas", "june", "today",
    "a week from friday"), or None when they are something else ("my flight", "the pasta is done")."""
    words = re.sub(r"^on\s+", "", words.strip())
    if words in ("now", "right now", "today"):
        return FoundDate(today, words, "relative_day")
    found = _month_edge(words, today, past) or find_date(words, today, past=past)
    return found if found is not None and found.words == words else None


def _without_a_year(found: FoundDate) -> bool:
    """A date said without its year ("march 1st", "christmas", "june"): it could be this year's or the next."""
    return found.kind in _FIXED_DATE_KINDS and not re.search(rf"{_YEAR_SAID}|\b(?:this|next|last)\b|the (?:month|year)", found.words)


def _between(m: re.Match[str], today: _dt.date) -> str | None:
    """Days (or weeks) between two dates: "between march 1st and april 10th" (this year's), "from today
    until christmas", "between christmas and new year's day" (the second on or after the first)."""
    a, b = (m.group("a") or m.group("a2")), (m.group("b") or m.group("b2"))
    start, end = _whole_date(a, today), _whole_date(b, today)
    if start is None or end is None:
        return None
    if _without_a_year(start):                 # this year's
        start = _whole_date(a, _dt.date(today.year, 1, 1)) or start
    if _without_a_year(end):                   # the first one on or after the start
        end = _whole_date(b, start.when) or end
    first, last = sorted((start.when, end.when))

    def name(d: _dt.date, year: bool) -> str:
        return "today" if d == today else f"{d:%B} {d.day}" + (f", {d.year}" if year else "")
    same_year = first.year == last.year and today not in (first, last)
    days = (last - first).days
    span = _span(days, m.group("unit"))
    return (f"There {'is' if span.startswith('1 ') else 'are'} {span} between {name(first, not same_year)} "
            f"and {name(last, True)}.")


# (fast path id, the question, its answer from the match and today: None when it is not one after all)
_Answer = Callable[[re.Match[str], _dt.date], "str | None"]
_CALENDAR_QUESTIONS: list[tuple[str, str, _Answer]] = [
    ("year", _HEAD + r"year" + _IT, lambda m, today: f"It's {today.year}."),
    ("month", _HEAD + r"month" + _IT, lambda m, today: f"It's {today:%B} {today.year}."),
    ("day_of_month", _HEAD + r"(?:day|date)\s+of\s+the\s+month" + _IT,
     lambda m, today: f"It's the {_ordinal(today.day)} of {today:%B}."),
    ("week", _HEAD + r"week(?:\s+number|\s+of\s+the\s+year)?" + _IT,
     lambda m, today: f"It's week {today.isocalendar().week} of {today.isocalendar().year}."),
    ("day_of_year", _HEAD + r"(?:number\s+)?day(?:\s+number)?\s+of\s+the\s+year" + _IT,
     lambda m, today: f"Today is day {today.timetuple().tm_yday} of {today.year}."),
    ("season", _HEAD + r"season" + _IT + r"|is\s+it\s+(?:still\s+)?(?P<asked>spring|summer|autumn|fall|winter)(?:\s+(?:time|season))?", _season),
    ("leap_year", r"(?:is|was|will)\s+(?P<which>it|this|this\s+year|next\s+year|last\s+year|\d{4})\s+(?:be\s+)?a\s+leap\s+year"
     r"(?:\s+(?P<later>this|next|last)\s+year)?"
     r"|(?:when|what|which)(?:'s|\s+is|\s+will\s+be)?\s+(?:the\s+)?next\s+leap\s+year", _leap_year),
    # "whether 2030 is a leap year", "if next year will be a leap year", "is there a leap year in 2030"
    ("leap_year_said", r"(?:(?:whether|if)\s+)?(?P<which>this\s+year|next\s+year|last\s+year|\d{4})\s+(?:is|was|will\s+be)"
     r"\s+a\s+leap\s+year", _leap_year),
    ("leap_year_in", r"(?:is\s+there|was\s+there|will\s+there\s+be|do\s+we\s+have)\s+a\s+leap\s+year\s+(?:in\s+)?"
     r"(?P<which>this\s+year|next\s+year|last\s+year|\d{4})", _leap_year),
    ("days_left", rf"how\s+many\s+(?P<unit>days|weeks)\s+(?:are\s+|is\s+)?(?:there\s+)?(?:still\s+)?(?:left|remaining|remain)\s+(?:(?:in|of)\s+)?"
     rf"(?P<period>{_PERIOD})", _days_left),
    ("days_in", rf"how\s+many\s+(?P<unit>days|weeks)\s+(?:(?:are|is)\s+(?:there\s+)?)?in\s+(?P<period>{_PERIOD})", _days_in),
    ("days_in_have", rf"how\s+many\s+(?P<unit>days|weeks)\s+(?:does|did|will)\s+(?P<period>{_PERIOD})\s+have", _days_in),
    ("between", r"(?:(?:how\s+many|count(?:\s+the|\s+how\s+many)?|(?:(?:what(?:'s|s|\s+is)|tell\s+me|give\s+me)\s+)?(?:the\s+)?number\s+of)"
     r"\s+(?P<unit>days|weeks)|how\s+long)(?:\s+(?:are\s+there|there\s+are|is\s+it|is\s+there|will\s+it\s+be|have\s+passed))?"
     r"\s+(?:between\s+(?P<a>.+?)\s+and\s+(?P<b>.+)|from\s+(?P<a2>.+?)\s+(?:to|until|till|til|through)\s+(?P<b2>.+))", _between),
]


# how long until or since a date: "how many days until march 1st", "how many weeks till june", "how
# long ago was the 3rd of february", "count the days until christmas" (run() answers with _other_day)
_COUNT_TO_DATE = [
    r"how\s+(?:many\s+(?:more\s+)?(?:days|weeks)|long|much\s+(?:longer|time))(?:\s+(?:is\s+it|are\s+there|is\s+there|do\s+(?:i|we)\s+have"
    r"|have\s+(?:i|we)\s+got|(?:are\s+|is\s+)?left|has\s+it\s+been|have\s+passed|more|still|now))*"
    r"\s+(?:until|till|til|to|before|since)\s+(?P<what>.+?)",
    r"how\s+(?:many\s+(?:days|weeks)|long)\s+ago\s+(?:was|is|did)\s+(?P<what>.+?)",
    r"(?:count\s+(?:the\s+)?|the\s+number\s+of\s+)?(?:days|weeks)\s+(?:left\s+)?(?:until|till|til|since)\s+(?P<what>.+?)",
]


def _calendar_answer(said: str, today: _dt.date) -> str | None:
    """The answer to a _CALENDAR_QUESTIONS question that ends the request, or None."""
    for _id, question, answer in _CALENDAR_QUESTIONS:
        m = re.search(rf"\b(?:{question}){_NOW}$", said)
        answered = answer(m, today) if m else None
        if answered:
            return answered
    return None


def _calendar_claim(answer: _Answer) -> Callable[[re.Match[str], str], PreRouteResult | None]:
    """A fast path's handler: sure when the question has an answer (its dates are dates)."""
    return lambda m, _text: PreRouteResult(arguments={}) if answer(m, _dt.date.today()) else None


def _count_to_date_claim(m: re.Match[str], text: str) -> PreRouteResult | None:
    past = bool(_PAST.search(normalize_utterance(text)))
    return PreRouteResult(arguments={}) if _whole_date(m.group("what"), _dt.date.today(), past) else None


# how long until a clock time: "how many minutes until 8", "how long till 5 pm", "how much time is
# there before noon" (a timer of 80 seconds was set for the first)
_UNTIL_CLOCK = re.compile(r"(?:how\s+(?:many\s+(?:minutes|mins|hours|hrs)|much\s+(?:longer|time))|how\s+long)"
                          r"(?:\s+(?:is\s+it|is\s+there|are\s+there|do\s+i\s+have|have\s+i\s+got|left|now|still))*"
                          r"\s+(?:until|till|til|before|to)\s+(?P<clock>.+?)(?:\s+(?:today|tonight|now))?")


def _until_clock(said: str) -> tuple[str, bool] | None:
    """('HH:MM', whether its half of the day was said) of the clock time `said` asks how long until
    ("how many minutes until 8"), or None. A bare hour is the next time the clock shows it."""
    m = _UNTIL_CLOCK.fullmatch(said)
    clock = parse_clock_time(m.group("clock"), require_meridiem=False) if m else None
    if clock is None:
        return None
    return clock, parse_clock_time(m.group("clock")) is not None


def _time_until(clock: str, now: _dt.datetime, meridiem_said: bool) -> CommandResponse:
    hh, mm = (int(x) for x in clock.split(":"))
    at = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
    candidates = [at + _dt.timedelta(days=d) for d in (0, 1)]
    if not meridiem_said and hh < 12:              # "until 8": 8 AM or 8 PM, whichever comes first
        candidates += [c + _dt.timedelta(hours=12) for c in candidates]
    due = min(c for c in candidates if c > now)
    minutes = int((due - now).total_seconds() // 60) + (1 if (due - now).total_seconds() % 60 else 0)
    return say(f"It's {say_clock(now)}; {say_clock(due)} is in {say_duration(minutes * 60)}.",
               time=now.isoformat(timespec="seconds"), until=due.isoformat(timespec="minutes"), minutes=minutes)


def _until_clock_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    return PreRouteResult(arguments={}) if parse_clock_time(m.group("clock"), require_meridiem=False) else None


_UNTIL_WHAT = re.compile(r"\b(?:how (?:many|much) (?:days|weeks|time)|how long)\b(?: (?:is it|are there|is there|do i have|left|has it been))*"
                         r" (?:(?:until|till|til|before|to|since) |ago (?:was|did) )(?P<what>.+)$")
_PAST = re.compile(r"\b(?:since|ago|was|were|did)\b")
# the last answer's day counted again in other units ("how many weeks is that", "and in weeks")
_THAT_IN_UNITS = re.compile(r"(?:(?:and|so|ok|okay)\s+)*(?:how many (?:days|weeks) (?:is|are) (?:that|it|those)(?: in (?:days|weeks))?|"
                            r"(?:what's|what is|whats) (?:that|it) in (?:days|weeks)|(?:that|it) in (?:days|weeks)|in (?:days|weeks))")
DAY_SAID = "get_current_time.day_said"     # services.note: the day an answer was just about (ISO date)
PLACES_SAID = "get_current_time.places_said"   # services.note: the last two places the time was told for
POINTED_BACK_S = 120                       # how long "until then", "between them" point back at those
# the places just asked about, pointed at: "the time difference between them", "... between the two"
_POINTED_PLACES = re.compile(r"\b(?:them|those\s+two|these\s+two|the\s+two(?:\s+(?:places|cities))?|both(?:\s+(?:places|cities))?)\b")
# the day just answered about, pointed at: "how many days until then", "how long till that day"
_POINTED_DAY = re.compile(r"(?:then|that|it|that\s+day|that\s+date|the\s+day)(?:\s+(?:from\s+)?(?:now|today))?")
_CLAIM = re.compile(r"^(?:is|was|will|does|did)\b")


_CONVERT_CUE = re.compile(r"\b(?:if|when|convert|converted|translate|equals?)\b")
_DIFFERENCE = re.compile(r"\b(?:time difference|difference in time|difference between|how (?:many hours|far) (?:ahead|behind)|"
                         r"hours? (?:ahead|behind))\b")
_HERE = ("here", "my time", "local time", "our time")
_PLACE_BEFORE = {"in", "at", "on", "for", "from", "to", "than", "and", "between", "of", "with", "is"}


_REGIONS = ("eastern", "central", "mountain", "pacific")


def _capitalized(words: str) -> str:
    """"new year's eve" -> "New Year's Eve" (str.title() would write "Year'S")."""
    return " ".join(w[:1].upper() + w[1:] for w in words.split())


def _place_label(name: str, said: str = "") -> str:
    """How a reply writes a place: "NYC", "EST" (the table's `said_in_letters`), "Goa", "New York", and
    "the UK", "the Netherlands" when said with "the" (in `name`, or before it in the request's words `said`)."""
    bare = name.strip().lower()
    the = "the " if bare.startswith("the ") or (
        said and re.search(rf"\bthe\s+{re.escape(bare)}\b", normalize_utterance(said))) else ""
    core = _clean_place(name)
    return the + (core.upper() if core in load_asset_json("timezones.json")["said_in_letters"] else _capitalized(core))


def _days_span(days: int) -> str:
    """30 -> "30 days (about 4 weeks)", 5 -> "5 days"."""
    days = abs(days)
    return plural(days, "day") + (f" (about {plural(round(days / 7), 'week')})" if days >= 14 else "")


def _spoken_words(voice_command: str) -> list[str]:
    """The request as words for reading places and clock times ("it's" as "it is", no commas)."""
    return normalize_utterance(voice_command).replace("?", "").replace(",", "").replace("it's", "it is").split()


def _where(name: str | None) -> str:
    """How a place is said after a clock time: "in Tokyo", "on the East Coast", "Pacific time", "EST"."""
    if name is None:
        return "here"
    if name.endswith(" coast"):
        return f"on the {_place_label(name)}"
    if name.removesuffix(" time") in _REGIONS:
        return f"{_place_label(name.removesuffix(' time'))} time"
    if len(name) <= 4 and name.endswith("t"):           # est, pdt, cet, aest
        return name.upper()
    return f"in {_place_label(name)}"


def _hours(seconds: float) -> str:
    """10800 -> "3 hours", 19800 -> "5 and a half hours", 20700 -> "5 hours and 45 minutes"."""
    whole, rest = divmod(int(abs(seconds)), 3600)
    if rest == 1800:
        return f"{whole} and a half hours" if whole else "half an hour"
    return say_duration(int(abs(seconds)))


def _places_said(words: list[str], skip: range) -> list[tuple[int, str, str | None]]:
    """(word index, name as said, zone; None for "here") of each place the words name after a
    preposition ("in tokyo", "on the east coast", "between eastern and pacific") or before "time"
    ("3 pm tokyo time")."""
    out: list[tuple[int, str, str | None]] = []
    i, last_end = 0, -1
    while i < len(words):
        if i in skip:
            i += 1
            continue
        start = i + 1 if i + 1 < len(words) and words[i] == "the" else i
        after_prep = i > 0 and words[i - 1] in _PLACE_BEFORE or i == last_end     # "in tokyo sydney and paris"
        took = 0
        for n in (3, 2, 1):
            chunk = " ".join(words[start:start + n])
            if not chunk or any(k in skip for k in range(start, start + n)):
                continue
            after_clock = bool(skip) and start == skip.stop           # "9 am est", "10 am my time"
            if chunk in _HERE and (after_prep or after_clock) or chunk == "here":
                out.append((start, "here", None))
                took = start - i + n
                break
            before_time = start + n < len(words) and words[start + n] == "time"
            if not (after_prep or before_time or after_clock):
                continue
            place = resolve_place(chunk)
            if place and place[0] == chunk.removesuffix(" time"):
                if not (i == last_end and out and out[-1][2] == place[1]):     # "austin texas": one place
                    out.append((start, place[0], place[1]))
                took = start - i + n + (1 if before_time else 0)
                last_end = i + took
                break
        i += took or 1
    return out


def _between_zones(words: list[str], now: _dt.datetime, local: _dt.tzinfo | None) -> CommandResponse | None:
    """A clock time converted from one place to another ("if it's 6 pm on the west coast what time is
    it in boston", "what is 3 pm tokyo time in paris", "... when it's 9 am here"), or the time
    difference of two places; None when the request asks neither. `words`: `_spoken_words`."""
    said = " ".join(words)
    clock = find_clock_span(words)
    places = _places_said(words, clock[1] if clock else range(0))
    local = local or now.tzinfo

    def zone_of(place: tuple[int, str, str | None]) -> _dt.tzinfo:
        return zoneinfo.ZoneInfo(place[2]) if place[2] else local

    def label(place: tuple[int, str, str | None]) -> str:
        return _where(None if place[2] is None else place[1])

    if clock is None:
        if not _DIFFERENCE.search(said) or not places:
            return None
        a = places[0]
        b = places[1] if len(places) > 1 else (0, "here", None)
        offset = (now.astimezone(zone_of(a)).utcoffset() - now.astimezone(zone_of(b)).utcoffset()).total_seconds()
        name_a = "It" if a[2] is None else _place_label(a[1])
        other = "here" if b[2] is None else _place_label(b[1])
        if offset == 0:
            return say(f"{name_a} has the same time as {other}.", difference_hours=0)
        side = "ahead of" if offset > 0 else "behind"
        return say(f"{name_a} is {_hours(offset)} {side} {other if b[2] else 'the time here'}.",
                   difference_hours=offset / 3600)
    zone_said = any(re.search(rf"\b{re.escape(p[1])} time\b", said) for p in places) or \
        any(p[0] == clock[1].stop for p in places)                 # "3 pm tokyo time", "9 am est"
    if not places or not (_CONVERT_CUE.search(said) or len(places) > 1 or zone_said):
        return None
    at, span = clock
    source = min(places, key=lambda p: min(abs(p[0] - span.start), abs(p[0] - span.stop)))
    targets = [p for p in places if p[1] != source[1]]
    target = targets[0] if targets else (0, "here", None)
    hh, mm = (int(x) for x in at.split(":"))
    at_source = now.astimezone(zone_of(source)).replace(hour=hh, minute=mm, second=0, microsecond=0)
    there = at_source.astimezone(zone_of(target))
    note = {1: " the next day", -1: " the day before"}.get((there.date() - at_source.date()).days, "")
    message = f"When it's {say_clock(at_source)} {label(source)}, it's {say_clock(there)}{note} {label(target)}."
    return say(message, time=there.isoformat(timespec="minutes"),
               timezone=str(getattr(zone_of(target), "key", zone_of(target))))


def _times_in_places(words: list[str], now: _dt.datetime) -> CommandResponse | None:
    """The time now in each of two or more places named ("the time in london and new york")."""
    places = [p for p in _places_said(words, range(0)) if p[2]]
    if len({p[2] for p in places}) < 2:
        return None
    parts = []
    for _, name, zone in places:
        there = now.astimezone(zoneinfo.ZoneInfo(zone))
        day = "" if there.date() == now.date() else f" on {there.strftime('%A')}"
        parts.append(f"{say_clock(there)}{day} {_where(name)}")
    return say(f"It's {join_words(parts)}.", times={p[1]: now.astimezone(zoneinfo.ZoneInfo(p[2])).isoformat(timespec='minutes')
                                                     for p in places})


def _other_day(voice_command: str, today: _dt.date) -> CommandResponse | None:
    """The answer about a day other than today that the request names ("what date is next friday",
    "how many days until christmas", "is the fourth of july a saturday"), or None when it names none."""
    said = normalize_utterance(voice_command)
    past = bool(_PAST.search(said))
    counted_to = re.search(r"\b(?:until|till|til|to|before|since)\s+(?P<what>.+)$", said)
    found = find_date(said, today, past=past) or \
        (_month_edge(re.sub(_NOW + "$", "", counted_to.group("what")), today, past) if counted_to else None)
    if found is None or (found.when == today and found.kind in ("relative_day", "weekday")):
        return None
    days = (found.when - today).days
    full = f"{say_date(found.when)}, {found.when.year}"
    if found.kind == "holiday":               # "christmas this year": Christmas
        label = _capitalized(re.sub(r",?\s+(?:of\s+)?(?:\d{4}|this year|next year|last year)$", "", found.words))
    elif found.kind == "period_end":          # "the end of the year"
        label = found.words[:1].upper() + found.words[1:]
    elif found.kind == "relative_day" and abs(days) == 1:
        label = "Tomorrow" if days > 0 else "Yesterday"
    elif found.kind.endswith(("of month", "of year")):     # "june", "the end of june", "next year"
        edge, _of, stretch = found.kind.split()
        label = f"The {edge} of {found.when:%B}" if stretch == "month" else f"The {edge} of {found.when.year}"
    else:
        label = "That"
    if days == 0 or _UNTIL.search(said):
        message = _until_said(label, days, full, said)
    elif abs(days) == 1 and label != "That":
        message = f"{label} {'is' if days > 0 else 'was'} {full}."
    else:
        message = f"{label} {'is' if days > 0 else 'was'} {full}, {plural(abs(days), 'day')} {'from now' if days > 0 else 'ago'}."
    message = _yes_or_no(said, found.when, found.words) + message.replace("That is ", "That's ", 1)
    return say(message, date=found.when.isoformat(), days_from_today=days)


def _until_said(label: str, days: int, full: str, said: str) -> str:
    """How long until (or since) a day, in days or the weeks asked for: "Christmas is in 29 days (about 4
    weeks), on ...", "That was 3 days ago, on ...", "That's today, ..."."""
    if days == 0:
        return f"That's today, {full}."
    span = _span(days, "weeks" if re.search(r"\bweeks\b", said) else None)
    message = f"{label} is in {span}, on {full}." if days > 0 else f"{label} was {span} ago, on {full}."
    return message.replace("That is ", "That's ", 1)


def _days_to(day: _dt.date, today: _dt.date, said: str) -> CommandResponse:
    """How long until (or since) a day the last answer was about ("what day is christmas", then "how
    many days until then": it asked to be told when "then" is)."""
    days = (day - today).days
    return say(_until_said("That", days, f"{say_date(day)}, {day.year}", said), date=day.isoformat(),
               days_from_today=days)


def _yes_or_no(said: str, when: _dt.date, date_words: str = "") -> str:
    """"Yes. " or "No. " before the answer to "is <a day> a <weekday>", "is it friday"; else ""."""
    asked = [d for d in WEEKDAYS if re.search(rf"\b{d}\b", said) and d not in date_words]
    if not _CLAIM.match(said) or not asked:
        return ""
    return "Yes. " if when.strftime("%A").lower() == asked[-1] else "No. "


# A question about time that the command reads whole by itself: a clock time converted between places,
# the time in two or more places, whether a day named is a given weekday. It claims the request only
# when its own reading finds the answer (the router was unsure of "what time is 9am eastern in london",
# and the model answered "is the 23rd of april a saturday" with the reminders).
_ASKED = re.compile(r"(?:(?:so|and|ok|okay|hey|um|please)\s+)*"
                    r"(?:if|when|what|what's|whats|which|convert|how|tell me|do you know|can you tell me|is|was|will)\b.*")


# the clock some time from now or ago: "what time will it be in 3 hours", "what time is it 45 minutes from
# now", "what time was it two hours ago"
_WHILE = r"(?P<dur>(?:an?|\d+|[a-z]+)(?:[\s-]+(?:and\s+a\s+half|[a-z]+|\d+))*?\s+(?:hours?|minutes?|mins?|hrs?)(?:\s+and\s+a\s+half)?)"
_CLOCK_AFTER = re.compile(r"(?:(?:so|and|ok|okay|um)\s+)*what(?:'s|\s+is)?\s+(?:the\s+)?time\s+(?:will\s+it\s+be|would\s+it\s+be|is\s+it|was\s+it|will\s+that\s+be|be)?"
                          r"\s*(?:in\s+" + _WHILE + r"(?:\s+from\s+now|\s+time)?|" + _WHILE.replace("?P<dur>", "?P<dur2>")
                          + r"\s+(?P<dir>from\s+now|ago|later|earlier))")


def _clock_after(said: str, here: _dt.datetime) -> CommandResponse | None:
    """"what time will it be in 3 hours": the clock then ("In 3 hours it'll be 12:05 AM, tomorrow."); None
    for other words ("what time is it in tokyo": no length)."""
    m = _CLOCK_AFTER.fullmatch(said.strip(" ?.!"))
    seconds = parse_duration(m.group("dur") or m.group("dur2")) if m else None
    if not seconds or seconds > 7 * 86400:
        return None
    back = (m.group("dir") or "").strip() in ("ago", "earlier")
    then = here + _dt.timedelta(seconds=-seconds if back else seconds)
    days = (then.date() - here.date()).days
    day = {0: "", 1: ", tomorrow", -1: ", yesterday"}.get(days, f", {say_date(then)}")
    if back:
        return say(f"{say_duration(seconds)[:1].upper()}{say_duration(seconds)[1:]} ago it was {say_clock(then)}{day}.",
                   time=then.isoformat(timespec="seconds"))
    return say(f"In {say_duration(seconds)} it'll be {say_clock(then)}{day}.", time=then.isoformat(timespec="seconds"))


def _read_whole_claim(_m: re.Match[str], text: str) -> PreRouteResult | None:
    words = _spoken_words(text)
    said = " ".join(words)
    now = _dt.datetime.now().astimezone()
    if _clock_after(said, now) is not None:
        return PreRouteResult(arguments={})
    if _between_zones(words, now, None) is not None:
        return PreRouteResult(arguments={})
    journey = re.search(r"\bfrom\b.*\bto\b", said) and not _CONVERT_CUE.search(said)    # "train times from x to y"
    if re.search(r"\btime\b", said) and not journey and _times_in_places(words, now) is not None:
        return PreRouteResult(arguments={})
    found = find_date(said, now.date(), past=bool(_PAST.search(said)))
    if found is not None and found.kind not in ("relative_day", "weekday") and _yes_or_no(said, found.when, found.words):
        return PreRouteResult(arguments={})
    return None


class GetCurrentTimeCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "get_current_time"

    @property
    def capability(self) -> str:
        return 'tell the time'

    @property
    def description(self) -> str:
        return ("The current time and date, here (no location) or in a city, state or country "
                "(e.g. Tokyo, California, India); also which date or weekday another day is (next Friday, "
                "Christmas, the 4th of July) and how many days until or since it; the year, month, season, week "
                "number, leap years, the days in or left in a month or year, the days between two dates; a clock time converted between "
                "places (3 PM Tokyo time in Paris) and the time difference of two places.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("location", "string",
                                description="City, state or country; omit for the local time.", place=True)]

    @property
    def keywords(self) -> list[str]:
        return ["time", "date", "what time", "day", "clock"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("check_timers", "How much time is left on my timer?"),
                CommandAntipattern("get_weather", "What's the weather in Tokyo?")]

    @property
    def fast_paths(self) -> list[FastPath]:
        time_q = (r"(?:what time is it|what's the time|whats the time|what is the time|what's the current time|"
                  r"what is the current time|tell me the time|current time|the time|time|do you know what time it is|"
                  r"do you have the time|(?:have\s+)?(?:you\s+)?got\s+the\s+time|what time)")
        date_q = (r"(?:what's the date|whats the date|what is the date|what's today's date|what is today's date|"
                  r"tell me the date|today's date|the date|date|what day is it|what day is today|what's today|"
                  r"what is today|what day of the week is it|what's the day today)")
        return [
            FastPath("get_current_time.local", time_q + r"(?:\s+(?:right now|now|here|currently|please))?", _time_claim,
                     "what time is it"),
            FastPath("get_current_time.in_place", time_q + r"\s+(?:is it\s+)?(?:in|at|for)\s+(?P<loc>[a-z][a-z .'-]*)",
                     _time_claim, "what time is it in tokyo"),
            FastPath("get_current_time.until_clock", _UNTIL_CLOCK.pattern, _until_clock_claim,
                     "how many minutes until 8 / how long till 5 pm"),
            FastPath("get_current_time.date", date_q + r"(?:\s+(?:today|right now|now))?", _time_claim, "what's the date"),
            FastPath("get_current_time.that_in_units", _THAT_IN_UNITS, self._that_in_units_claim,
                     "how many weeks is that (right after how many days until christmas)"),
            FastPath("get_current_time.read_whole", _ASKED, _read_whole_claim,
                     "what's 3 pm tokyo time in paris / the time in london and new york / is the 4th of july a friday"),
            *[FastPath(f"get_current_time.{name}", _ASK + f"(?:{question})" + _NOW, _calendar_claim(answer),
                       f"the calendar: {name.replace('_', ' ')}") for name, question, answer in _CALENDAR_QUESTIONS],
            *[FastPath(f"get_current_time.count_to_date_{i}", _ASK + question + _NOW, self._count_claim,
                       "how many days until march 1st / how long ago was the 3rd of february")
              for i, question in enumerate(_COUNT_TO_DATE, 1)],
        ]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("What time is it?", {}),
            ("What time is it in Tokyo?", {"location": "Tokyo"}),
            ("What time is it in California?", {"location": "California"}),
            ("What's the date today?", {}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        places = ["Tokyo", "London", "New York", "Los Angeles", "Chicago", "Paris", "Sydney", "Dubai", "Berlin",
                  "Singapore", "Hong Kong", "India", "Japan", "Australia", "Germany", "California"]
        rows = [("What time is it?", {}), ("What's the date today?", {}), ("Tell me the time", {}),
                ("What day is it?", {})]
        forms = ["What time is it in {}?", "Current time in {}", "What's the time in {}?", "Time in {}"]
        rows += [(forms[i % len(forms)].format(p), {"location": p}) for i, p in enumerate(places)]
        return examples(_MORE_EXAMPLES, primary=None) + examples(rows, primary=1)

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A place the user did not name (copied from an example) is dropped: local time. A place they
        did name ("in lisbon") that the model left out is read from their words, when the time zone
        table knows it."""
        out = drop_ungrounded(args, voice_command, ["location"])
        loc = str(out.get("location") or "")
        dated = find_date(loc, _dt.date.today()) if loc else None
        if dated and dated.words == _clean_place(loc):
            out.pop("location")             # "christmas", "next friday": the day asked about, not a place
        if not out.get("location"):
            said = _place_said(voice_command)
            if said:
                out["location"] = said
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        loc = kwargs.get("location")
        if not loc or str(loc).strip().lower() in ("here", "local", "home", "my location"):
            return []
        if resolve_place(loc):
            return []
        close = difflib.get_close_matches(_clean_place(loc), known_places(), n=5, cutoff=0.6)
        return [ValidationResult(False, "location", self.command_name,
                                 f"I don't know the time zone of {loc}." + (
                                     f" Did you mean {', '.join(c.title() for c in close)}?" if close else ""),
                                 valid_values=[c.title() for c in close] or None)]

    def _count_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """How long until (or since) a date said, or a day the user asked to be remembered ("how long
        until mum's birthday" after "remember that mum's birthday is on the 3rd of may" was declined)."""
        claim = _count_to_date_claim(m, text)
        if claim is not None or self.services is None:
            return claim
        memories = [x for x in self.services.store.memories.all() if not x.get("secret")]
        memory, _ = find_memory(m.group("what"), memories) if memories else (None, 0.0)
        if memory is None or find_date(f"{memory.get('value') or ''} {memory['text']}", _dt.date.today()) is None:
            return None
        return PreRouteResult(arguments={})

    def _that_in_units_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """Claimed only while the last answer's day is still pointed at (a count of days just said)."""
        noted = self.services.noted(DAY_SAID, POINTED_BACK_S) if self.services is not None else None
        return PreRouteResult(arguments={}) if noted is not None else None

    def _places_pointed_at(self, words: list[str]) -> list[str]:
        """"what's the time difference between them" right after the time in new york and in tokyo: the
        words with those two places in place of "them" (it said the time here)."""
        said = " ".join(words)
        places = self.services.noted(PLACES_SAID, POINTED_BACK_S) if self.services is not None else None
        if not places or len(places) < 2 or not _DIFFERENCE.search(said) or not _POINTED_PLACES.search(said):
            return words
        return _POINTED_PLACES.sub(f"{places[0]} and {places[1]}", said, count=1).split()

    def _remembered_day(self, what: str, today: _dt.date, past: bool = False, said: str = "") -> CommandResponse:
        """How long until (or, `past`, since) a day the user asked the assistant to remember ("my
        sister's birthday is on june 4th"), read from that memory's own words; or that it does not know
        when it is: a personal date is never guessed."""
        name = second_person(what.strip())
        verb = "was" if past else "is"
        memories = [m for m in (self.services.store.memories.all() if self.services else []) if not m.get("secret")]
        memory, _ = find_memory(what, memories)
        found = find_date(f"{memory.get('value') or ''} {memory['text']}", today, past=past) if memory else None
        if found is None:
            return say(f"I don't know when {name} {verb}. Tell me (\"remember that {what} {verb} on ...\") and I'll know.",
                       known=False)
        days = (found.when - today).days
        full = f"{say_date(found.when)}, {found.when.year}"
        label = name[:1].upper() + name[1:]
        # "mum's birthday is on ..." names a day ("Mum's birthday is in ..."); "my passport expires on ..."
        # says what happens then ("Your passport expires in ...", not "Your passport expires is in ...")
        said_thing = re.sub(r"^(?:my|the|our)\s+", "", what.strip().lower())
        happens = re.search(rf"\b{re.escape(said_thing)}\s+(?:on|in|by)\b", memory["text"].lower())
        verb = "" if happens else ("is " if days >= 0 else "was ")
        if days == 0:
            return say(f"{label} {verb}today, {full}." if verb else f"{label} today, {full}.",
                       date=found.when.isoformat(), days_from_today=0)
        span = _span(days, "weeks" if re.search(r"\bweeks\b", said) else None)
        when = f"in {span}" if days > 0 else f"{span} ago"
        return say(f"{label} {verb}{when}, on {full}.", date=found.when.isoformat(), days_from_today=days)

    def _local_zone(self) -> _dt.tzinfo | None:
        name = None
        if self.services is not None:
            name = self.services.config.general.timezone
        if name:
            try:
                return zoneinfo.ZoneInfo(name)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                return None
        return None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        now = self.services.clock() if self.services else _dt.datetime.now().astimezone()
        if now.tzinfo is None:
            now = now.astimezone()
        words = self._places_pointed_at(_spoken_words(request_info.voice_command))
        converted = _between_zones(words, now, self._local_zone())
        if converted is not None:
            return converted
        several = _times_in_places(words, now)
        if several is not None:
            return several
        loc = kwargs.get("location")
        wants_date = bool(re.search(r"\b(?:date|day|today|%s)\b" % "|".join(WEEKDAYS), request_info.voice_command.lower()))
        if loc and str(loc).strip().lower() not in ("here", "local", "home", "my location"):
            place = resolve_place(loc)
            if place is None:
                return fail(f"I don't know the time zone of {loc}.")
            name, zone = place
            there = now.astimezone(zoneinfo.ZoneInfo(zone))
            label = _place_label(str(loc), request_info.voice_command)     # "in the UK" as said
            if self.services is not None:          # "what's the time difference between them", a moment later
                before = [p for p in (self.services.noted(PLACES_SAID, POINTED_BACK_S) or []) if p != str(loc).lower()]
                self.services.note(PLACES_SAID, (before + [str(loc).lower()])[-2:])
            message = f"It's {say_clock(there)} in {label}"
            if there.date() != now.date() or wants_date:
                message += f", {say_date(there)}"
            return say(message + ".", time=there.isoformat(timespec="seconds"), timezone=zone, location=label)
        zone = self._local_zone()
        here = now.astimezone(zone) if zone else now
        part = _calendar_answer(normalize_utterance(request_info.voice_command), here.date())
        if part is not None:                       # "what year is it", "how many days between ... and ..."
            return say(part, time=here.isoformat(timespec="seconds"), timezone=str(here.tzinfo))
        other_day = _other_day(request_info.voice_command, here.date())
        if other_day is not None:
            if self.services is not None:
                self.services.note(DAY_SAID, other_day.context_data["date"])   # "how many days until then"
            return other_day
        said = normalize_utterance(request_info.voice_command)
        later = _clock_after(" ".join(_spoken_words(request_info.voice_command)), here)
        if later is not None:                      # "what time will it be in 3 hours"
            return later
        clock = _until_clock(said.strip(" ?.!"))
        if clock is not None:                      # "how many minutes until 8"
            return _time_until(clock[0], here, meridiem_said=clock[1])
        if _THAT_IN_UNITS.fullmatch(said.strip(" ?.!")):     # "how many weeks is that", after "christmas is in 28 days"
            pointed = self.services.noted(DAY_SAID, POINTED_BACK_S) if self.services is not None else None
            if pointed is not None:
                return _days_to(_dt.date.fromisoformat(pointed), here.date(), said)
        until = _UNTIL_WHAT.search(said)
        if until and _POINTED_DAY.fullmatch(until.group("what").strip(" ?.!")):
            pointed = self.services.noted(DAY_SAID, POINTED_BACK_S) if self.services is not None else None
            if pointed is None:
                return say("Until when? Name the day, like: how many days until christmas.", known=False)
            return _days_to(_dt.date.fromisoformat(pointed), here.date(), said)
        if until:                                  # "how many days until my sister's birthday"
            return self._remembered_day(until.group("what"), here.date(), past=bool(_PAST.search(said)), said=said)
        if wants_date and not re.search(r"\btime\b", request_info.voice_command.lower()):
            message = _yes_or_no(normalize_utterance(request_info.voice_command), here.date()) + \
                f"Today is {say_date(here)}, {here.year}."
        else:
            message = f"It's {say_clock(here)}" + (f" on {say_date(here)}." if wants_date else ".")
        return say(message, time=here.isoformat(timespec="seconds"), timezone=str(here.tzinfo))
