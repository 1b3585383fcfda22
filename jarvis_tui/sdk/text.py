"""The one text grammar of the project (DESIGN: "Text grammar is one module of the SDK"): normalising
an utterance, numbers (digits and words), durations, clock times, item lists, and the words the
assistant says back ("1 minute and 30 seconds", "4.75"). Fast paths, the intent router, grounding
and the commands' post-processing all read text through it.

Every parser is strict: it returns None when the whole text is not what it expects, so a fast path
built on it says "not sure" instead of guessing. This module defines no commands and names none.
"""
from __future__ import annotations

import datetime as _dt
import re
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

import snowballstemmer

_UNITS = {
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
         "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
_FRACTIONS = {"half": Decimal("0.5"), "quarter": Decimal("0.25"), "1/2": Decimal("0.5"),
              "1/4": Decimal("0.25"), "3/4": Decimal("0.75")}

NUMBER_WORDS = set(_UNITS) | set(_TENS) | set(_SCALES) | {"a", "an", "point", "and", "minus", "negative"}
# a loose regex fragment for "something that may be a number"; the handler checks it strictly
NUM = r"(?:-?\d[\d,]*(?:\.\d+)?|\d+/\d+|(?:(?:" + "|".join(
    sorted(set(_UNITS) | set(_TENS) | set(_SCALES) | {"point", "and", "a", "minus", "negative"},
           key=len, reverse=True)) + r")[\s-]*)+)"


def _words_to_int(words: list[str]) -> int | None:
    """'twenty five' -> 25, 'a hundred and ten' -> 110, 'one thousand two hundred' -> 1200."""
    if not words:
        return None
    total, current, seen = 0, 0, False
    for i, w in enumerate(words):
        if w in ("a", "an"):
            # only "a hundred", "a thousand"
            if i + 1 < len(words) and words[i + 1] in _SCALES and not seen:
                current = 1
                continue
            return None
        if w == "and":
            if not seen or i + 1 >= len(words):
                return None
            continue
        if w in _UNITS:
            low = current % 100
            if low % 10 != 0 or 10 <= low < 20 or (_UNITS[w] >= 10 and low != 0):
                return None
            if seen and _UNITS[w] == 0:
                return None
            current += _UNITS[w]
        elif w in _TENS:
            if current % 100 != 0:
                return None
            current += _TENS[w]
        elif w in _SCALES:
            scale = _SCALES[w]
            if current == 0:
                return None
            if scale == 100:
                current *= 100
            else:
                total += current * scale
                current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def parse_number(text: str) -> Decimal | None:
    """A whole number or decimal in digits or words: '3.5', '1,250', 'three point five',
    'twenty-five', 'minus four', '1/2'. None when the text is anything else."""
    t = text.strip().lower().replace("-", " ") if not re.fullmatch(r"\s*-\s*\d.*", text) else text.strip()
    if not t:
        return None
    m = re.fullmatch(r"(-)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?", t)
    if m:
        try:
            return Decimal((m.group(1) or "") + m.group(2).replace(",", "") + (m.group(3) or ""))
        except InvalidOperation:
            return None
    # digits and a scale word: "12 thousand", "2.5 million" ("and" then more words: "3 thousand and 5")
    m = re.fullmatch(r"(\d{1,3}(?:,\d{3})*|\d+)(\.\d+)?\s+(hundred|thousand|million|billion)(?:\s+and\s+(?P<rest>.+))?", t)
    if m:
        rest = parse_number(m.group("rest")) if m.group("rest") else Decimal(0)
        if rest is None or rest < 0:
            return None
        return Decimal(m.group(1).replace(",", "") + (m.group(2) or "")) * _SCALES[m.group(3)] + rest
    m = re.fullmatch(r"(\d+)\s*/\s*(\d+)", t)
    if m:
        den = int(m.group(2))
        return Decimal(int(m.group(1))) / Decimal(den) if den else None
    m = re.fullmatch(r"\.(\d+)", t)
    if m:
        return Decimal("0." + m.group(1))
    words = t.split()
    sign = 1
    if words and words[0] in ("minus", "negative"):
        sign, words = -1, words[1:]
    if "point" in words:
        i = words.index("point")
        whole = _words_to_int(words[:i]) if words[:i] else 0
        digits = words[i + 1:]
        if whole is None or not digits:
            return None
        frac = ""
        for d in digits:
            if d in _UNITS and _UNITS[d] < 10:
                frac += str(_UNITS[d])
            elif d.isdigit():
                frac += d
            else:
                return None
        return sign * Decimal(f"{whole}.{frac}")
    if len(words) == 1 and sign == -1 and re.fullmatch(r"[\d,.]+", words[0]):
        value = parse_number(words[0])                  # "negative 12.5", "minus 1,250"
        return None if value is None else -value
    if len(words) == 1 and words[0].isdigit():
        return sign * Decimal(words[0])
    n = _words_to_int(words)
    return None if n is None else sign * Decimal(n)


_PARTS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
          "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "hundredth": 100, "thousandth": 1000}


def parse_fraction(text: str) -> Decimal | None:
    """A fraction said in words: 'half', 'a third', 'two thirds', 'three quarters', 'one fifth'
    (34 significant digits). None when the text is anything else."""
    words = text.strip().lower().replace("-", " ").split()
    if not words:
        return None
    part = words[-1]
    den = _PARTS.get(part) or (_PARTS.get(part[:-1]) if part.endswith("s") else None)
    if den is None:
        return None
    head = words[:-1]
    if not head or head in (["a"], ["an"], ["one"]):
        num: Decimal | None = Decimal(1)
    else:
        num = parse_number(" ".join(head))
    return None if num is None else num / Decimal(den)


_AMOUNT_TAIL = re.compile(r"\s+(?:of\s+)?(?:a|an)$")
_AND_A_PART = re.compile(r"^(?P<whole>.+?)\s+and\s+(?P<part>(?:a|an|one)\s+\w+)$")


def _whole_and_part(text: str) -> Decimal | None:
    """A number and a fraction under one: "2 and a half" -> 2.5, "one and a quarter" -> 1.25; None else."""
    joined = _AND_A_PART.match(text)
    if joined is None:
        return None
    whole, part = parse_number(joined.group("whole")), parse_fraction(joined.group("part"))
    return whole + part if whole is not None and part is not None and part < 1 else None


def parse_amount(text: str) -> Decimal | None:
    """How much of something is said before its unit: a number ("2", "two"), "a" / "an" / "one", a
    fraction ("half a", "a quarter", "three quarters of a", "a third of an") or a number and a
    fraction ("one and a half", "2 and a quarter"). None when the words say no amount."""
    t = " ".join(text.strip().lower().replace("-", " ").split())
    if t in ("a", "an", "one"):
        return Decimal(1)
    bare = _AMOUNT_TAIL.sub("", t) if t not in ("half a", "half an") else "half"
    if _AND_A_PART.match(bare):
        return _whole_and_part(bare)
    value = parse_number(bare) if bare == t else None       # "2 of a" is no amount
    return value if value is not None else parse_fraction(bare)


# how much of a thing, in count words said before it: "a dozen (eggs)", "a couple of (lemons)", "a few"
_COUNT_WORDS = re.compile(r"(?:(?:a|an|half\s+a)\s+)?(?:dozen|couple\s+of|few|bunch\s+of)")
MAX_AMOUNT_WORDS = 3                # "half a dozen"


def says_amount(words: str) -> bool:
    """Whether the words are how much of a thing is said before it: a number ("two", "12") or count
    words ("a dozen", "a couple of")."""
    return parse_number(words) is not None or bool(_COUNT_WORDS.fullmatch(words))


def with_amount_said(thing: str, said: str) -> str:
    """`thing` with the amount said right before it in `said` ("add two pints of milk": "pints of milk" ->
    "two pints of milk"); as it is when it has an amount of its own, or none was said before it."""
    heard = normalize_utterance(said).split()
    words = normalize_utterance(thing).split()
    if not words or parse_number(words[0]) is not None or _COUNT_WORDS.match(" ".join(words)):
        return thing
    for start in range(len(heard) - len(words) + 1):
        if heard[start:start + len(words)] != words:
            continue
        for k in range(min(MAX_AMOUNT_WORDS, start), 0, -1):
            amount = " ".join(heard[start - k:start])
            if says_amount(amount):
                return f"{amount} {thing}"
        break
    return thing


# ---- durations ------------------------------------------------------------------------------------
# the words a length of time is said in, in seconds (singular; a plural adds "s")
TIME_UNIT_SECONDS = {"week": 604800, "day": 86400, "hour": 3600, "hr": 3600, "minute": 60, "min": 60,
                     "second": 1, "sec": 1}
# what a duration phrase may end in (hours and shorter, and their one-letter forms: "5m", "90 s")
_UNIT_SECONDS = {}
for _n, _secs in TIME_UNIT_SECONDS.items():
    if _secs <= 3600:
        _UNIT_SECONDS[_n] = _UNIT_SECONDS[_n + "s"] = _UNIT_SECONDS[_n[0]] = _secs
_UNIT_RE = r"(?:hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)"
_COMPONENT = re.compile(
    r"(?:(?P<half>half|1/2)\s+(?:a|an)\s+(?P<hunit>hour|minute|second))"
    r"|(?:(?P<quarter>(?P<three>(?:three|3)\s+quarters)|a\s+quarter|quarter)\s+(?:of\s+)?(?:an\s+)?hour)"
    r"|(?:(?P<num>[\w.,/ -]+?)(?:\s+and\s+(?:a\s+(?P<frac>half|1/2|quarter)|(?P<frac3>three\s+quarters|3/4)))?[\s-]*"
    r"(?P<unit>" + _UNIT_RE + r")(?![a-z])"
    r"(?:\s+and\s+(?:a\s+(?P<frac2>half|quarter)|(?P<frac4>three\s+quarters)))?)",
)
_JOIN = re.compile(r"(?:,?\s*and\s+|,\s*|\s+)")


def parse_duration(text: str, followed_by: str = "") -> int | None:
    """Seconds in a spoken duration, or None unless the whole text is one:
    '10 minutes', 'an hour and a half', '1 minute 30 seconds', 'ninety seconds',
    'half an hour', 'three quarters of an hour', '1 and a 1/2 hours', '1 hour, 15 minutes, and 30
    seconds', 'two-minute'.
    `followed_by`: the words after it in the sentence, where the text is part of one: "a second"
    before a word it is the ordinal of ("a second timer", "a second one for the rice") is no length."""
    t = text.strip().lower()
    t = re.sub(r"\s+", " ", t)
    if not t:
        return None
    total = Decimal(0)
    pos, count = 0, 0
    while pos < len(t):
        if count:
            j = _JOIN.match(t, pos)
            if not j or j.end() == pos:
                return None
            pos = j.end()
        m = _COMPONENT.match(t, pos)
        if not m:
            return None
        # the unit must end at a word boundary
        if m.end() < len(t) and t[m.end()].isalnum():
            return None
        if _ordinal_second(t[:m.end()].split(), _first_word(t[m.end():] or followed_by)):
            return None                     # "a second 5 minute timer": the ordinal
        if m.group("half"):
            total += Decimal("0.5") * _UNIT_SECONDS[m.group("hunit")]
        elif m.group("quarter"):
            total += Decimal(2700 if m.group("three") else 900)
        else:
            raw = m.group("num").strip()
            if raw in ("a", "an"):
                value = Decimal(1)
            else:
                value = parse_number(raw)
                if value is None or value < 0:
                    return None
            frac = m.group("frac") or m.group("frac2")
            if frac:
                value += _FRACTIONS[frac]
            elif m.group("frac3") or m.group("frac4"):      # "an hour and three quarters"
                value += _FRACTIONS["3/4"]
            total += value * _UNIT_SECONDS[m.group("unit")]
        pos = m.end()
        count += 1
    seconds = int(total.to_integral_value())
    return seconds if seconds > 0 else None


# ("quarter": "an hour and a quarter" was read as the hour alone)
_UNIT_END_WORD = re.compile(r"(?:^|-)(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|half|quarters?)$")


_ADDED_WORDS = frozenset({"more", "extra", "additional", "further", "another"})
# the words that may follow "a second" when it is one second long ("wait a second and", "for a second
# then", "a second or two", "a second later"); any other word after it is what it is the ordinal of
# ("a second timer", "a second one", "a second pasta timer")
_AFTER_A_LENGTH = frozenset(
    "and or then please to for before after from on in of at by until till if so while when than "
    "left more later earlier sooner longer ago now each every only just max tops too "
    "i you we he she it they me ok okay thanks thank jarvis".split())
_CLAUSE_END = re.compile(r"^\s*[,.;:!?]")


def _first_word(text: str) -> str | None:
    """The word that follows a phrase (None at the end of the sentence or of a clause)."""
    if not text.strip() or _CLAUSE_END.match(text):
        return None
    return text.split()[0].strip(",.;:!?").lower()


def _ordinal_second(words: list[str], next_word: str | None) -> bool:
    """Whether words ending "a second" say the ordinal, not one second: "a" / "an" counts it ("half a
    second" is a length) and a word it would qualify follows ("a second timer", "a second one").
    "one second" is always a length ("a one second timer")."""
    return (len(words) >= 2 and words[-1] == "second" and words[-2] in ("a", "an")
            and (len(words) < 3 or words[-3] not in ("half", "1/2"))
            and next_word is not None and next_word not in _AFTER_A_LENGTH)


def find_duration(text: str) -> int | None:
    """The longest duration phrase in a sentence, in seconds (None: there is none). A word that
    says the time is added ("5 more minutes", "another 3 minutes") is not part of the length;
    "a second" is no length where it is the ordinal ("a second one for the sauce, 20 minutes": 20
    minutes)."""
    tokens = [t for t in text.lower().split() if t.strip(",.!?") not in _ADDED_WORDS]
    words = [t.strip(",.!?") for t in tokens]
    best_len, best = 0, None
    for end in range(len(words)):
        if not _UNIT_END_WORD.search(words[end]):
            continue
        after = "" if tokens[end][-1] in ",.!?" else " ".join(words[end + 1:])
        for start in range(max(0, end - 8), end + 1):
            if end + 1 - start <= best_len:
                break
            seconds = parse_duration(" ".join(words[start:end + 1]), followed_by=after)
            if seconds:
                best_len, best = end + 1 - start, seconds
                break
    return best


# ---- clock times ----------------------------------------------------------------------------------
_AMPM = r"(?P<ampm>a\.?\s?m\.?|p\.?\s?m\.?)"


_DAY_PART = re.compile(r"\s*(?:in\s+the\s+(?P<p1>morning|afternoon|evening)|(?:this|tomorrow)\s+(?P<p2>morning|afternoon|evening)"
                       r"|(?P<night>at\s+night|tonight))$")
_RELATIVE = re.compile(r"(?P<a>half|quarter|[\w-]+(?:\s+[\w-]+)?)(?:\s+minutes?)?\s+(?P<rel>past|after|to|till|before)\s+(?P<b>.+)")


def _hour_minute(t: str) -> tuple[int, int] | None:
    """'7', '7:30', '7.30', 'seven', 'seven thirty', 'six oh five', 'half past six', 'quarter to eight',
    'ten past nine' -> (hour, minute) as said (12 h or 24 h)."""
    m = re.fullmatch(r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?", t)
    if m:
        return int(m.group("h")), int(m.group("m") or 0)
    m = re.fullmatch(r"(?P<h>[01]?\d|2[0-3])(?P<m>[0-5]\d)", t)     # "530", "0630", "1145" as transcripts write them
    if m:
        return int(m.group("h")), int(m.group("m"))
    m = _RELATIVE.fullmatch(t)
    if m:
        hour = _hour_minute(m.group("b"))
        a = m.group("a")
        mins = {"half": 30, "quarter": 15}.get(a)
        if mins is None:
            n = parse_number(a)
            mins = int(n) if n is not None and n == int(n) else None
        if hour is None or hour[1] != 0 or mins is None or not 0 < mins < 60:
            return None
        if m.group("rel") in ("past", "after"):
            return hour[0], mins
        return (hour[0] - 1) % 24 or (12 if hour[0] <= 12 else 0), 60 - mins
    ws = t.replace("-", " ").split()
    if not ws or len(ws) > 4:
        return None
    if len(ws) == 2 and ws[0] == "half":            # British: "half six" is half past six
        h = parse_number(ws[1])
        return (int(h), 30) if h is not None and h == int(h) and 1 <= h <= 12 else None
    h = parse_number(ws[0])
    if h is None or h != int(h):
        return None
    rest = ws[1:]
    if not rest:
        return int(h), 0
    if rest[0] in ("oh", "o"):
        rest = rest[1:]
        if len(rest) != 1:
            return None
    mins = parse_number(" ".join(rest))
    if mins is None or mins != int(mins) or (ws[1] not in ("oh", "o") and int(mins) < 10):
        return None
    return int(h), int(mins)


# times of day said by their name: noon and midnight, and the usual hour of a meal or of bed ("remind me
# at lunchtime", "an alarm at bedtime"); a meal said alone ("for lunch") is what, not when
_NAMED_TIMES = {"noon": "12:00", "midday": "12:00", "12 noon": "12:00", "twelve noon": "12:00",
                "midnight": "00:00", "12 midnight": "00:00", "twelve midnight": "00:00",
                "breakfast time": "08:00", "breakfasttime": "08:00", "lunchtime": "12:00", "lunch time": "12:00",
                "dinnertime": "18:00", "dinner time": "18:00", "suppertime": "18:00", "supper time": "18:00",
                "teatime": "17:00", "tea time": "17:00", "bedtime": "22:00", "bed time": "22:00"}
NAMED_TIME_WORDS = r"(?:noon|midday|midnight|(?:breakfast|lunch|dinner|supper|tea|bed)\s?time)"


def parse_clock_time(text: str, require_meridiem: bool = True) -> str | None:
    """A clock time said any way people say it -> 'HH:MM' (24 h): '3 pm', '3:30 p.m.', '15:00',
    'noon', 'midnight', 'lunchtime', 'bedtime', 'seven thirty am', 'six oh five', 'half past six', 'quarter to eight',
    'ten past nine', '6 o'clock', 'six in the evening', 'nine at night', 'eight tomorrow morning'.
    A bare '8' or 'half past six' is ambiguous (morning or evening): None when require_meridiem,
    else read as written."""
    t = " ".join(text.strip().lower().replace("o'clock", " ").replace("oclock", " ").split())
    if t in _NAMED_TIMES:
        return _NAMED_TIMES[t]
    part = None
    m = _DAY_PART.search(t)
    if m:
        part = m.group("p1") or m.group("p2") or "night"
        t = t[:m.start()].strip()
    ampm = None
    m = re.search(r"\s*" + _AMPM + r"$", t)
    if m:
        ampm = m.group("ampm")
        t = t[:m.start()].strip()
    found = _hour_minute(t) if t else None
    if found is None:
        return None
    hour, minute = found
    if minute > 59:
        return None
    if ampm or part:
        if not 1 <= hour <= 12:
            return None
        pm = (ampm or "").startswith("p") or part in ("afternoon", "evening") or (part == "night" and hour != 12
                                                                                   and hour >= 6)
        hour = hour % 12 + (12 if pm else 0)
    else:
        leading_zero = bool(re.match(r"0\d", t))
        if hour > 23:
            return None
        if require_meridiem and 1 <= hour <= 12 and not leading_zero:
            return None
    return f"{hour:02d}:{minute:02d}"


_HOURLESS = re.compile(r"(?:(?:at|for|by|around|to)\s+)?(?:a\s+)?(?P<a>half|quarter|[\w-]+(?:\s+(?!minutes?\b)[\w-]+)?)"
                       r"(?:\s+minutes?)?\s+(?P<rel>past|after|to|till|before)")


def hourless_clock_time(text: str, near: str) -> str | None:
    """A clock time said without its hour ("half past", "quarter to", "at twenty past"), read in the
    hour of the clock time `near` ('HH:MM') that it changes: "half past" of 7:15 is 7:30, "quarter to"
    of 7:00 is 6:45 (to the hour at or after it), of 7:15 7:45. None for any other words."""
    m = _HOURLESS.fullmatch(" ".join(text.lower().split()))
    if m is None:
        return None
    mins = {"half": 30, "quarter": 15}.get(m.group("a"))
    if mins is None:
        n = parse_number(m.group("a"))
        mins = int(n) if n is not None and n == int(n) else None
    if mins is None or not 0 < mins < 60:
        return None
    hour, minute = (int(x) for x in near.split(":"))
    if m.group("rel") in ("past", "after"):
        return f"{hour:02d}:{mins:02d}"
    to = (hour + (1 if minute else 0)) % 24          # the hour it is "to"
    return f"{(to - 1) % 24:02d}:{60 - mins:02d}"


def find_clock_time(text: str, require_meridiem: bool = False) -> tuple[str, str] | None:
    """The clock time a sentence says after "at / by / for / around / until" (or an alarm word):
    ('HH:MM', the words it was read from), the longest reading winning ("at half past six in the
    evening" -> 18:30, not 06:00). None when the sentence says no clock time."""
    ws = " ".join(text.lower().replace("\u2019", "'").replace(",", " ").split()).rstrip(" ?.!").split()   # "at eight, remind me"
    for i, w in enumerate(ws):
        if w not in ("at", "by", "for", "around", "until", "till"):
            continue
        for n in range(min(8, len(ws) - i - 1), 0, -1):
            span = " ".join(ws[i + 1:i + 1 + n])
            clock = parse_clock_time(span, require_meridiem=require_meridiem)
            if clock is not None:
                return clock, span
    return None


def find_listed_clock_times(text: str) -> list[str]:
    """Two or more clock times said as a list, with their half of the day ("take my pills at 8 am and
    8 pm" -> ['08:00', '20:00'], "at 7:30 am, noon and 6 pm"); [] when the sentence says no such list
    ("take the 8 am pill at 9 pm" names a pill by one time and rings at the other)."""
    words = " ".join(text.lower().replace("\u2019", "'").split()).rstrip(" ?.!").replace(",", " ").split()
    groups: list[list[str]] = []
    start, last_end = 0, None
    while start < len(words):
        found = find_clock_span(words[start:])
        if found is None:
            break
        clock, span = found
        begin, end = start + span.start, start + span.stop
        if last_end is not None and set(words[last_end:begin]) <= {"and", "at", "then", "&"}:
            groups[-1].append(clock)
        else:
            groups.append([clock])
        last_end = start = end
    listed = next((g for g in groups if len(g) >= 2), [])
    return list(dict.fromkeys(listed))


def find_clock_span(words: list[str], max_words: int = 6, bare_digits: bool = False) -> tuple[str, range] | None:
    """The first clock time the words say with its half of the day ("eight pm", "3 pm", "noon"; with
    `bare_digits` also "7:30"), the longest reading at the first place one starts: ('HH:MM', the
    span of its words). None when they say none."""
    for i in range(len(words)):
        for n in range(min(max_words, len(words) - i), 0, -1):
            span = " ".join(words[i:i + n])
            clock = parse_clock_time(span, require_meridiem=True)
            if clock is None and bare_digits and re.fullmatch(r"\d{1,2}:\d{2}", span):
                clock = span.zfill(5)
            if clock and i + n < len(words) and re.fullmatch(r"(?:minutes?|mins?|hours?|hrs?|seconds?|secs?)[,.]?",
                                                             words[i + n]):
                continue            # "15 minutes before my 4 pm call": a while, not 15:00
            if clock:
                return clock, range(i, i + n)
    return None


# ---- lists of items -------------------------------------------------------------------------------
_KEEP_TOGETHER = ("salt and pepper", "mac and cheese", "macaroni and cheese", "fish and chips",
                  "peanut butter and jelly", "bread and butter", "oil and vinegar", "cookies and cream",
                  "rock and roll", "black and white", "sweet and sour")


def split_items(text: str) -> list[str]:
    """'tomatoes, onions and garlic' -> ['tomatoes', 'onions', 'garlic']; keeps known pairs such as
    'salt and pepper' whole and drops leading articles ('some milk' -> 'milk'). What is said not to be
    wanted after the items is none of them: 'bread but not butter', 'eggs, no milk' -> ['bread'], ['eggs']."""
    t = text.strip().strip(".").lower()
    t = re.sub(r"(?:\s*,\s*|\s+but\s+|\s+and\s+|\s+)(?:not|no)\s+(?:(?:the|any|more|some)\s+)?[\w' ,-]+$", "", t) or t
    kept: dict[str, str] = {}
    for i, pair in enumerate(_KEEP_TOGETHER):
        if pair in t:
            token = f"\x00{i}\x00"
            kept[token] = pair
            t = t.replace(pair, token)
    parts = re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+and\s+|\s+&\s+|\s+plus\s+", t)
    items = []
    for p in parts:
        for token, pair in kept.items():
            p = p.replace(token, pair)
        p = re.sub(r"^(?:some|a|an|the|more|my)\s+", "", p.strip())
        if p:
            items.append(p)
    return items


_STEMMER = snowballstemmer.stemmer("english")


def stem(word: str) -> str:
    """A word's stem (the Snowball English stemmer): "painting", "paints" -> "paint"."""
    return _STEMMER.stemWord(word.lower())


# Words that carry no request of their own, said around one ("hey, could you just ... now, thanks"),
# never what tells one request from another.
DISCOURSE_WORDS = frozenset("""
    hey hi hello ok okay um uh er erm hmm well so just actually really maybe quickly now right like
    can could would
    kindly thanks thank go ahead anyway also then
""".split())

# ---- several requests in one sentence ------------------------------------------------------------
# Words a request to a voice assistant starts with (imperatives and questions). Used only to find
# where one request ends and the next begins; never to decide which command serves one.
REQUEST_OPENERS = frozenset("""
    add ask block book calculate call cancel change check clear close convert count delete dim do does draft
    email find forget get give help how how's hows is are let list lock look lower make mute open pause play
    put raise read remember remind remove repeat resume say search send set show snooze start stop switch
    take tell text turn unmute wake what what's whats when when's where where's which who who's will would
    can could should
""".split())
# Function words an English request does not end with: prepositions that need an object,
# conjunctions and determiners. A transcript that ends with one was cut off ("set a timer for",
# "remind me to", "add eggs and"); the endpointer waits longer for the rest (audio/turn_end.py).
# Words that also end whole sentences ("turn it on", "log in", "yes I do", "no") are not here.
UNFINISHED_ENDINGS = frozenset("""
    for to at of with from into onto until till between per than via through
    and or but because if nor
    the a an my your his her our their every each some
    plus minus
""".split())
# ... except that a question may end with its preposition ("what town are you from")
STRANDED_PREPOSITIONS = frozenset("for to at of with from about into through".split())
QUESTION_WORDS = frozenset("what what's whats where where's who who's whom which when when's how how's why".split())

# a leading "tell me" / "what's" can be shared by the requests after it: "tell me the time, the
# weather and my reminders" asks for three things
_SHARED_ASK = re.compile(r"^(?:tell me|read me|read out|read|give me|show me|what's|what is|what are|check|list)\s+")
_SHARED_OBJECT = re.compile(r"^(?:the|my|our|your|today's|tomorrow's|tonight's|this|any|all)\b")
_STRONG_SPLIT = re.compile(r"\s*(?:;|[.!?](?:\s+|$)|,?\s+and\s+then\s+|,?\s+after\s+that\s+|,\s*then\s+|\s+then\s+)\s*", re.I)
_LEADING_JOIN = re.compile(r"^(?:and\s+then|then|and|also|after\s+that)(?:\s+|$)", re.I)
_WEAK_SPLIT = re.compile(r"(\s*,\s*(?:and\s+)?|\s+and\s+|\s+&\s+)", re.I)
# words that may stand between "and" and the request that follows it: "and also remind me", ", please add"
_BEFORE_A_REQUEST = re.compile(r"^(?:(?:also|please)\s+)+", re.I)


# two amounts that share a unit, said for one thing each: "set timers for 5 and 10 minutes", "a 5 and a 10
# minute timer"
_AMOUNT = r"(?:\d+(?:\.\d+)?|[a-z]+(?:[\s-][a-z]+)?)"
_TIME_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
_SHARED_AFTER = re.compile(r"(?P<head>.*?\b(?:for|of|in))\s+(?P<a>" + _AMOUNT + r")\s+(?:and|or|&)\s+(?:(?:a|an|another)\s+)?"
                           r"(?P<b>" + _AMOUNT + r")\s+(?P<unit>" + _TIME_UNIT + r")(?P<tail>(?:\s.*)?)")
_SHARED_BEFORE = re.compile(r"(?P<head>.*?)\b(?:a|an)\s+(?P<a>" + _AMOUNT + r")\s+(?:and|or|&)\s+(?:(?:a|an|another)\s+)?"
                            r"(?P<b>" + _AMOUNT + r")[\s-]+(?P<unit>" + _TIME_UNIT + r")(?P<tail>\s.+)")


def shared_amount_requests(text: str) -> list[str] | None:
    """One request for each of two lengths of time said with one unit ("set timers for 5 and 10 minutes"
    -> "set a timer for 5 minutes", "set a timer for 10 minutes"; "start a 5 and a 10 minute timer" ->
    "start a 5 minute timer", "start a 10 minute timer"); None when the words say no such pair."""
    said = " ".join(normalize_utterance(text).split())
    m = _SHARED_AFTER.fullmatch(said)
    before = m is None
    m = m or _SHARED_BEFORE.fullmatch(said)
    if m is None or any(parse_number(m.group(k)) is None for k in ("a", "b")):
        return None
    unit = m.group("unit")
    if before:
        unit = re.sub(r"s$", "", unit)              # "a 10 minute timer"
        return [f"{m.group('head')}a {m.group(k)} {unit}{m.group('tail')}".strip() for k in ("a", "b")]
    # "set timers for" / "set two timers for": one thing each ("set a timer for")
    head = re.sub(r"\b(?:(?:two|both|2)\s+)?(?P<noun>[a-z]+?)s(?=\s+(?:for|of|in)$)", r"a \g<noun>", m.group("head"))
    return [f"{head} {m.group(k)} {m.group('unit')}{m.group('tail')}".strip() for k in ("a", "b")]


# a verb and what it points back at, nothing else: "..., remember that", "..., note it down": after words
# that ask nothing, they are what it acts on, one request ("my bike is in the shed, remember that" kept
# "remember that"); after a request it is a request of its own ("add milk and read it back")
_ONLY_POINTS_BACK = re.compile(r"[a-z]+(?:\s+(?:down|up))?\s+(?:that|it|this|them)(?:\s+(?:down|up))?"
                               r"(?:\s+(?:please|for\s+me|too|as\s+well))*[.!]?")


def split_requests(text: str) -> list[str]:
    """'turn the volume down and read my to-do list' -> ['turn the volume down', 'read my to-do list'].

    Always splits at ';', a sentence end, 'then', 'and then', 'after that'. A comma or 'and' splits
    only where the next words start a request of their own ("add bread and milk to my list" stays
    one request), or where the words after it share a leading 'tell me' / "what's" ("tell me the
    time, the weather and my reminders" -> three requests)."""
    steps: list[str] = []
    for chunk in _STRONG_SPLIT.split(text.strip()):
        chunk = _LEADING_JOIN.sub("", chunk.strip(" ,"))
        if not chunk:
            continue
        pieces = _WEAK_SPLIT.split(chunk)
        current = pieces[0].strip()
        shared = _SHARED_ASK.match(current.lower())
        for sep, piece in zip(pieces[1::2], pieces[2::2]):
            piece = piece.strip()
            if not piece:
                continue
            opened = _BEFORE_A_REQUEST.sub("", piece)
            first = (opened or piece).lower().split()[0]
            told_then_pointed_at = (_ONLY_POINTS_BACK.fullmatch((opened or piece).lower())
                                    and current.lower().split()[0] not in REQUEST_OPENERS)
            if first in REQUEST_OPENERS and not told_then_pointed_at:
                steps.append(current)
                current = opened or piece
                shared = _SHARED_ASK.match(current.lower())
            elif shared and _SHARED_OBJECT.match(piece.lower()):
                steps.append(current)
                current = shared.group(0) + piece
            elif (repeated := _said_again_with(current, piece)) is not None:
                steps.append(current)
                current = repeated
            else:
                current = current + sep + piece
        if current:
            steps.append(current)
    return [s for s in (x.strip(" ,.") for x in steps) if s]


def number_shape(words: list[str]) -> list[str]:
    """The words with each number (digits or a number word) as '#': what stays when only numbers change."""
    return ["#" if re.fullmatch(r"\d+(?:\.\d+)?", w) or w in NUMBER_WORDS else w for w in words]


def _same_shape_at(words: list[str], changed: list[str]) -> list[int]:
    """Where in `words` a run stands that is `changed` but for its numbers ("3 minute" for "12 minute")."""
    shape = number_shape(changed)
    return [i for i in range(len(words) - len(changed) + 1)
            if number_shape([w.lower() for w in words[i:i + len(changed)]]) == shape]


_ONE_FOR = re.compile(r"(?:(?:a|an)\s+)?(?P<mods>(?:[\w-]+\s+){1,3}?)one\b(?P<rest>.*)")


# a second request like the first at another time or length: "another for 7:15", "again at 6:30",
# "one more in 10 minutes"
_ANOTHER_AT = re.compile(r"(?:(?:set|make|add)\s+)?(?:another(?:\s+(?:one|alarm|timer|reminder))?|one\s+more|again)"
                         r"\s+(?P<prep>for|at|in)\s+(?P<value>\S.*)")


def _with_last_value(first: str, prep: str, value: str) -> str | None:
    """`first` with the words after its last `prep` ("for", "at", "in") said as `value`; a unit the first
    said after its number and `value` leaves out is kept ("a timer for 5 minutes", "10" -> "for 10
    minutes"). None when `first` says no such word, or what follows it there is no number or clock time."""
    found = list(re.finditer(rf"\b{prep}\s+", first, flags=re.I))
    if not found:
        return None
    start = found[-1].end()
    old, new = first[start:].split(), value.split()
    if not old or not ("#" in number_shape(old[:1]) or old[0][:1].isdigit() or old[0].lower() in ("half", "quarter", "noon", "midnight")):
        return None
    if len(new) == 1 and len(old) == 2 and "#" in number_shape(new) and re.fullmatch(
            r"(?:second|minute|min|hour|hr|day|week)s?", old[1].lower()):
        new.append(old[1])
    return first[:start] + " ".join(new)


def _said_again_with(first: str, piece: str) -> str | None:
    """The request said before "and", said again with other numbers: "set a 3 minute timer for the tea"
    and "a 12 minute one for the rice" -> "set a 12 minute timer for the rice"; "set a timer for 5
    minutes for the eggs" and "10 minutes for the toast" -> "set a timer for 10 minutes for the toast".
    The words that change start with a number said in the same place of the first request, with the
    same words around it ("12 minute" for "3 minute"), and the rest of it in the same shape as the
    rest of the first; "one" stands for the word after them there. None when the words after "and" are no such repeat ("add eggs and 2 pears")."""
    another = _ANOTHER_AT.fullmatch(piece.lower().strip(" .?!"))
    if another is not None:          # "set an alarm for 6:45" and "another for 7:15" -> "set an alarm for 7:15"
        return _with_last_value(first, another.group("prep"), another.group("value"))
    words = piece.lower().split()
    one = _ONE_FOR.fullmatch(piece.lower())
    changed = one.group("mods").split() if one else words[:2]
    shape = number_shape(changed)
    if "#" not in shape or (one is None and (len(words) < 3 or shape[0] != "#")):
        return None
    before = first.split()
    for i in _same_shape_at(before, changed):
        if i == 0:
            continue                     # the request's own first word is not what changes
        if one is not None:
            if i + len(changed) >= len(before):
                return None
            return " ".join(before[:i] + changed + [before[i + len(changed)]]) + one.group("rest")
        tail, rest = [w.lower() for w in before[i + len(changed):]], words[len(changed):]
        if len(tail) != len(rest) or number_shape(tail[:1]) != number_shape(rest[:1]):
            return None         # "add 2 cups of flour and 3 cups of sugar to the list": one request
        return " ".join(before[:i] + words)
    return _thing_said_again(first, piece)


def _thing_said_again(first: str, piece: str) -> str | None:
    """"set a tea timer for 4 minutes" and "a toast timer for 2 minutes" -> "set a toast timer for 2
    minutes": the words after "and" are the end of the first request said again in the same shape (as many
    words, "a" first, a number in them, the same word that names the thing, at most two other words changed
    besides numbers); None otherwise ("add a pint of milk and a loaf of bread": one request)."""
    words = piece.split()
    if not words or words[0].lower() not in ("a", "an") or "#" not in number_shape(
            [w.lower() for w in words if w.lower() not in ("a", "an")]):
        return None
    before = first.split()
    if len(before) <= len(words):
        return None
    frame = [w.lower() for w in before[len(before) - len(words):]]
    if frame[0] not in ("a", "an"):
        return None
    pairs = list(zip(frame, (w.lower() for w in words)))
    same = {a for a, b in pairs if a == b}
    differs = [(a, b) for a, b in pairs if a != b]
    words_changed = [(a, b) for a, b in differs if number_shape([a, b]) != ["#", "#"]]
    if same - UNFINISHED_ENDINGS and differs and len(words_changed) <= 2:
        return " ".join(before[:len(before) - len(words)] + words)
    return None


def with_numbers_changed(text: str, new: str) -> str | None:
    """`text` with the words that match `new` but for its numbers changed to `new` ("i parked on level 3",
    "level 4" -> "i parked on level 4"; "my locker code is 4512", "4513" -> "my locker code is 4513");
    None when `new` has no number or no such words are in `text` (once)."""
    changed = new.lower().split()
    if "#" not in number_shape(changed):
        return None
    words = text.split()
    at = _same_shape_at(words, changed)
    if len(at) != 1:
        return None
    i = at[0]
    return " ".join(words[:i] + new.split() + words[i + len(changed):])


# words that point back at what was just asked or said ("which one is bigger", "when did he die", "is it
# dangerous", "that was terrible", "what about the other one")
_POINTS_BACK = re.compile(r"\b(?:it|its|it's|they|them|their|theirs|he|him|his|she|her|hers|that|those|these|this"
                          r"|which\s+one|the\s+other|both|either|neither|there|then|what\s+about|how\s+about)\b")


def points_back(text: str) -> bool:
    """Whether `text` points back at what was just said (a pronoun, "which one", "what about")."""
    return bool(_POINTS_BACK.search(normalize_utterance(text)))


def with_value_replaced(text: str, new: str) -> str | None:
    """`text` with its one value of the kind `new` is changed to `new`: a day ("the meeting moved to
    friday", "thursday" -> "the meeting moved to thursday"; "tomorrow" is a day too), a month, a clock
    time said with its half of the day ("lunch is at noon", "one pm" -> "lunch is at one pm"), or numbers
    in the same words (`with_numbers_changed`). None when `new` is none of these, or `text` has no value
    of its kind or more than one (which one is meant is not guessed)."""
    said = new.strip(" .,!?").split()
    if not said:
        return None
    words = text.split()
    bare = [w.lower().strip(".,!?;:") for w in words]
    clock = find_clock_span([w.lower() for w in said])
    if clock is not None and len(clock[1]) == len(said):
        first = find_clock_span(bare)
        if first is None or find_clock_span(bare[first[1].stop:]) is not None:
            return None
        return _spliced(words, first[1], said)
    if len(said) == 1:
        for kind in (_DAYS, frozenset(MONTHS)):
            if said[0].lower() in kind:
                at = [i for i, w in enumerate(bare) if w in kind]
                return _spliced(words, range(at[0], at[0] + 1), said) if len(at) == 1 else None
    return with_numbers_changed(text, new.strip(" .,!?"))


def _spliced(words: list[str], span: range, new: list[str]) -> str:
    """`words` with those in `span` replaced by `new`, a capital and the punctuation after the last kept."""
    tail = re.search(r"[.,!?;:]+$", words[span.stop - 1])
    replaced = list(new)
    if words[span.start][:1].isupper():          # "Friday" in a subject -> "Thursday"
        replaced[0] = replaced[0][:1].upper() + replaced[0][1:]
    if tail:
        replaced[-1] += tail.group(0)
    return " ".join(words[:span.start] + replaced + words[span.stop:])


def join_words(items: list[str], conj: str = "and") -> str:
    items = [str(i) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


# ---- saying things --------------------------------------------------------------------------------
def plural(n: int | Decimal, word: str, plural_word: str | None = None) -> str:
    return f"{say_number(n)} {word if n == 1 else (plural_word or word + 's')}"


def say_number(value: Decimal | int | float, places: int = 2) -> str:
    """Digits as a person reads them: 4.75, 12, 1,250, 0.333 (at most `places` decimals, more
    only for small numbers so they do not collapse to 0)."""
    d = Decimal(str(value)) if not isinstance(value, Decimal) else value
    if d == d.to_integral_value():
        return f"{int(d):,}"
    if abs(d) < 1:
        q = Decimal(1).scaleb(-max(places, 3))
        r = d.quantize(q)
        if r == 0:
            return f"{d:.2E}".replace("E", " times ten to the ")
    else:
        r = d.quantize(Decimal(1).scaleb(-places))
    s = format(r.normalize(), "f")
    if "." in s:
        whole, frac = s.split(".")
        s = f"{int(whole):,}".replace("-0", "-0") + "." + frac if whole not in ("-0",) else s
        if d < 0 and not s.startswith("-"):
            s = "-" + s
    return s


def say_duration(seconds: int) -> str:
    """330 -> '5 minutes and 30 seconds', 4530 -> '1 hour, 15 minutes and 30 seconds'."""
    seconds = int(round(seconds))
    if seconds <= 0:
        return "0 seconds"
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    parts = []
    if h:
        parts.append(plural(h, "hour"))
    if m:
        parts.append(plural(m, "minute"))
    if s:
        parts.append(plural(s, "second"))
    return join_words(parts)


def say_while(seconds: float) -> str:
    """How long until something, as people say it: days and hours from a day on ("2 days and 10 hours"),
    hours and minutes from an hour on, minutes below ("10 minutes"), "less than a minute" below one."""
    seconds = int(round(seconds))
    if seconds >= 86400:
        days, hours = divmod(int(round(seconds / 3600)), 24)
        return join_words([plural(days, "day")] + ([plural(hours, "hour")] if hours else []))
    if seconds < 60:
        return "less than a minute"
    return say_duration(int(round(seconds / 60)) * 60)


def say_clock(t: _dt.datetime | _dt.time) -> str:
    """15:05 -> '3:05 PM', 12:00 -> '12 PM'."""
    hour, minute = t.hour, t.minute
    suffix = "AM" if hour < 12 else "PM"
    h12 = hour % 12 or 12
    return f"{h12} {suffix}" if minute == 0 else f"{h12}:{minute:02d} {suffix}"


def say_date(d: _dt.date) -> str:
    """'Tuesday, March 4'."""
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def say_when(when: _dt.datetime, now: _dt.datetime) -> str:
    """'at 3 PM', 'tomorrow at 8 AM', 'on Friday at 9 AM', 'on March 4 at 9 AM'; in the past also
    'yesterday at 9 PM'."""
    days = (when.date() - now.date()).days
    clock = say_clock(when)
    if days == 0:
        return f"at {clock}"
    if days == 1:
        return f"tomorrow at {clock}"
    if days == -1:
        return f"yesterday at {clock}"
    if 1 < abs(days) < 7:
        return f"on {when.strftime('%A')} at {clock}"
    return f"on {when.strftime('%B')} {when.day} at {clock}"


# ---- utterances --------------------------------------------------------------------------------
_PUNCT_END = re.compile(r"[\s.!?,;:]+$")
_SPACES = re.compile(r"\s+")
_WAKE = re.compile(r"^(?:(?:hey|ok|okay|hi)\s+)?(?:jarvis|alexa|siri|olly|google)[,\s]+")


# a pause the speech recogniser wrote inside a request ("remind me to... call the plumber", "set a
# timer for - ten minutes"): an ellipsis or a free-standing dash is a space; hyphenated words stay
# (between two numbers a dash stays: "5 - 3" is a subtraction)
_PAUSE_MARK = re.compile(r"\s*(?:\.{2,}|\u2026)\s*|(?<![\d\s])\s*(?:\s-+\s|[\u2013\u2014]+)\s*(?![\d\s])")
# ... and a full stop or question mark it wrote where the speaker paused inside one request ("what
# time is it in? Tokyo.", "what is? 19 times 23."): one utterance is one request, so the mark is a
# pause too (a decimal point has no space after it: "2.5" stays)
_SENTENCE_MARK = re.compile(r"(?<=\w)[.?!]+\s+(?=\w)")
# letters said one by one are one word, as transcripts write them: "u. s. d.", "u.s.d.", "r n b" -> "usd",
# "rnb" (read letter by letter, "five u s d" was a sum of five to the router, and "u"/"s" no words at all).
# Dotted, two letters are enough ("s. d."); without dots three, none of them "a" or "i", which are words
_SPELLED_DOTTED = re.compile(r"(?<![\w.])[a-z]\.(?:\s?[a-z]\.)+(?!\w)")
_SPELLED_BARE = re.compile(r"(?<![\w'.])[b-hj-z](?:\s[b-hj-z]){2,}(?![\w'])")


def join_spelled_letters(text: str) -> str:
    """"what is u. s. d. in aud" -> "what is usd in aud"; "i like r n b" -> "i like rnb" (lower-case text)."""
    def joined(m: re.Match[str]) -> str:
        return re.sub(r"[.\s]", "", m.group(0))
    return _SPELLED_BARE.sub(joined, _SPELLED_DOTTED.sub(joined, text))


def normalize_utterance(text: str) -> str:
    """Lower case, single spaces, no trailing punctuation, curly quotes straightened, pauses written
    inside the request (an ellipsis, a free-standing dash) read as spaces, a leading wake word ("hey
    jarvis", or another assistant's name people say from habit) and politeness removed."""
    t = text.replace("\u2019", "'").replace("\u2018", "'").strip().lower()
    t = join_spelled_letters(t)
    t = _PUNCT_END.sub("", t)
    t = _PAUSE_MARK.sub(" ", t)
    t = _SENTENCE_MARK.sub(" ", t)
    t = _WAKE.sub("", t)
    plain = _SPACES.sub(" ", _FILLERS.sub(" ", t)).strip(" ,")
    if len(plain.split()) >= 2:           # "uh huh", "hmm" alone are what was said
        t = plain
    for _ in range(3):            # "okay so can you please ...", "hey, jarvis, could you ..."
        before = t
        rest = _LEADING_MARKERS.sub("", t)
        if len(rest.split()) >= 2:        # "so what", "oh no", "hey jarvis" stay as said
            t = rest
        t = _WAKE.sub("", t)
        t = _POLITE_ASK.sub("", t)
        if t == before:
            break
    t = _WANTING.sub("", t)
    t = _POLITE_END.sub("", t)
    return _SPACES.sub(" ", t).strip()


# sounds people make while they think ("um set a timer for uh five minutes"): never words of a request
_FILLERS = re.compile(r"(?:^|(?<=[\s,]))(?:u+m+|u+h+|erm*|errm|hm+|mm+)(?=[\s,.?!]|$)[,]?")
# words said before a request that only open it ("okay so remind me ...", "hey, what's the time"), when
# a request follows them
_LEADING_MARKERS = re.compile(r"^(?:ok(?:ay)?|alright|all\s+right|so|hey|oh)[,\s]+(?=\S)")
# a request asked politely: "can you ...", "are you able to ...", "is it possible to ...": the words on are the
# request (the model wrote "it possible" and "you able" as the things to add)
_POLITE_ASK = re.compile(r"^(?:please|(?:are|would)\s+you\s+(?:be\s+)?able\s+to|is\s+it\s+possible(?:\s+for\s+you)?\s+to"
                         r"|(?:can|could|would)\s+you(?:\s+possibly)?)[,\s]+")
# thanks said after it ("set a timer for ten minutes please thanks")
_POLITE_END = re.compile(r"[,\s]+(?:please|thanks|thank\s+you(?:\s+(?:very|so)\s+much)?|cheers)"
                         r"(?:[,\s]+(?:please|thanks|thank\s+you))*$")


# "i want to set a timer ...", "i'd like you to remind me ...": the request is the verb on; only before
# a verb that asks the assistant to do something ("i want to know ..." and "i need to leave at 5" stay)
_WANTING = re.compile(r"^(?:i\s+(?:want|need|would\s+like|wanna)|i'd\s+like|let's|let\s+us)\s+(?:you\s+)?(?:to\s+)?"
                      r"(?=(?:set|start|add|put|remind|make|create|cancel|delete|remove|convert|mute|unmute|clear|"
                      r"snooze|schedule|calculate|email|draft)\b)")


_CONTRACTIONS = re.compile(r"\b(won't|can't|shan't|ain't|\w+n't|\w+'ll|\w+'re|\w+'ve|\w+'m|\w+'d)\b", re.I)
_WHOLE = {"won't": "will not", "can't": "can not", "shan't": "shall not", "ain't": "is not"}
_ENDINGS = (("n't", " not"), ("'ll", " will"), ("'re", " are"), ("'ve", " have"), ("'m", " am"), ("'d", " would"))


def expand_contractions(text: str) -> str:
    """"I'll be late" -> "I will be late", "don't" -> "do not" (for comparing what was said word by
    word: "I will be late" says the words of "I'll be late"). "'s" is left as it is (is, has, or
    whose: "bob's")."""
    def one(m: re.Match) -> str:
        word = m.group(1)
        low = word.lower()
        if low in _WHOLE:
            return _WHOLE[low]
        for ending, full in _ENDINGS:
            if low.endswith(ending):
                return word[: -len(ending)] + full
        return word
    return _CONTRACTIONS.sub(one, text.replace("\u2019", "'"))


_NEGATION = re.compile(r"\b(won't|can't|shan't|ain't|\w+n't)\b", re.I)


def expand_negations(text: str) -> str:
    """"that wasn't funny" -> "that was not funny": only the contractions that say "not", whose
    negation a reader of whole words loses ("wasn't" is read as "wasn", like praise with a typo)."""
    return _NEGATION.sub(lambda m: expand_contractions(m.group(1)), text.replace("\u2019", "'"))


def plain_text(text: str) -> str:
    """Lower case words only: punctuation, brackets and music marks become spaces (for comparing
    transcripts and texts word by word)."""
    t = text.lower().replace("\u2019", "'")
    t = re.sub(r"[\[\]\(\)\*\u266a]", " ", t)
    t = re.sub(r"[^\w' ]+", " ", t)
    return _SPACES.sub(" ", t).strip()


def scoring_words(text: str) -> list[str]:
    """The words of a transcript or a reference for scoring transcription: plain lower-case words,
    numbers said in words as digits ("twenty five" and "25" are the same words said; "seven thirty"
    and "7:30" are "7 30"), and "%" as "percent"."""
    spoken = set(_UNITS) | set(_TENS) | set(_SCALES)
    spoken.discard("oh")
    t = re.sub(r"(\d)\s*%", r"\1 percent", text)
    t = re.sub(r"(\d)[.:](\d\d)\b", r"\1 \2", t)            # a clock time
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        tail = [run.pop()] if run and run[-1] == "and" else []
        value = parse_number(" ".join(run)) if run else None
        if value is not None and value == value.to_integral_value():
            out.append(str(int(value)))
        else:                               # "seven thirty": each number on its own
            for word in run:
                v = parse_number(word) if word != "and" else None
                out.append(str(int(v)) if v is not None else word)
        out.extend(tail)
        run.clear()

    t = re.sub(r"\b(\d+)([a-z]+)\b", r"\1 \2", t.lower())      # "8pm" is "8 pm"
    # letters written with full stops are one word: "p.m." is "pm", "u.s." is "us"
    t = re.sub(r"\b(?:[a-z]\.){2,}", lambda m: m.group(0).replace(".", "") + " ", t)
    for word in plain_text(t).replace("-", " ").split():
        if word in spoken or (word == "and" and run and run[-1] in _SCALES):
            run.append(word)
        else:
            flush()
            out.append(_us_spelling(word))
    flush()
    return _joined_digits(out)


def _us_spelling(word: str) -> str:
    """One spelling for words English writes two ways (speech recognition writes the American
    one): litres/liters, kilometre/kilometer, colour/color, favourite/favorite."""
    if len(word) >= 5:
        word = re.sub(r"tre(s?)$", r"ter\1", word)
    if len(word) >= 6:
        word = re.sub(r"(?<=[a-z]{3})our(s|ite|ites|ed|ing)?$", r"or\1", word)
    return word


def _joined_digits(words: list[str]) -> list[str]:
    """Digits said one by one are one number however they were written ("four one seven", "417")."""
    out: list[str] = []
    run: list[str] = []
    for word in [*words, ""]:
        if len(word) == 1 and word.isdigit():
            run.append(word)
            continue
        if run:
            out.append("".join(run))
            run = []
        if word:
            out.append(word)
    return out


def numbers_said(text: str) -> list[Decimal]:
    """Every number the text says, in order: digits ("3.5", "1,250") and runs of number words
    ("twenty five", "two and a half" -> 2.5). For checking that a number came from the user."""
    out: list[Decimal] = []
    tokens = re.findall(r"\d+/\d+|-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[a-z]+", normalize_utterance(text).replace("-", " "))
    spoken = set(_UNITS) | set(_TENS) | set(_SCALES) | set(_FRACTIONS)
    spoken.discard("oh")
    run: list[str] = []

    def flush() -> None:
        while run and run[-1] in ("and", "point", "a", "an"):
            run.pop()
        if run:
            value = parse_number(" ".join(run))
            if value is None:                   # "3 and a half", "two and a quarter"
                value = _whole_and_part(" ".join(run))
            if value is not None:
                out.append(value)
            elif len(run) > 1:                       # "five and five": two numbers
                for w in run:
                    v = parse_number(w) if w not in ("and", "point", "a", "an") else None
                    if v is not None:
                        out.append(v)
        run.clear()

    for tok in tokens:
        if tok[0].isdigit() or tok[0] == "-":
            flush()
            if re.fullmatch(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?", tok):
                run.append(tok)             # digits a scale word or a fraction may follow: "12 thousand"
                continue
            v = parse_number(tok)
            if v is not None:
                out.append(v)
        elif tok in spoken or (run and tok in ("and", "point")) or tok in ("a", "an"):
            if tok in ("a", "an") and run and run[-1] != "and":
                flush()
            run.append(tok)
        else:
            flush()
    flush()
    return out


_AUX = r"(?:is|are|was|were|am|do|does|did|have|has|had|will|would|can|could|should|shall)"
_SUBJECT = r"(?:i|you|we|they|he|she|it|there|my|your|the|this|that|these|those|a|an|any|all|anything|anyone|someone|\w+'s)"
_PRONOUN = r"(?:i|you|we|they|he|she|it|u)\b"
# a wh-word then the verb ("when is", "what's", "who emailed"), or a noun it asks about ("which reminders",
# "how many emails"), not a clause ("when you get a chance, ...", "what i need is ...")
_WH_QUESTION = re.compile(rf"^(?:what|when|where|who|whom|whose|which|why|how)(?:'s|'re|\s+(?:many|much|long|often|soon|far)\b"
                          rf"|\s+(?!{_PRONOUN})(?:[\w']+\s+){{0,2}}?(?:{_AUX}|\w+ed)\b|\s+(?!{_PRONOUN})\w+s\b"
                          # the verb run into the thing asked about: "what time's the play", "how long's the film"
                          rf"|\s+(?!{_PRONOUN})(?:\w+\s+)?\w+'s\s+(?:the|my|your|our|this|that|it|a|an)\b)")
_YES_NO_QUESTION = re.compile(rf"^{_AUX}(?:n't)?\s+{_SUBJECT}\b")
# asking the assistant to do something, however politely, is a request, not a question
_POLITE_REQUEST = re.compile(r"^(?:(?:can|could|would|will|won't)\s+(?:you|u)\b|(?:can|could|may)\s+i\s+(?:get|have)\b|"
                             r"do\s+you\s+mind\b|would\s+you\s+mind\b|how\s+about\b|why\s+don't\s+you\b|"
                             r"please\b|what\s+if\b)")


# the words around a "there" that is no place: "is there", "there's", "there are", "hi there"
_NOT_PLACE_BEFORE = frozenset("is are was were be been being isn't aren't wasn't weren't hi hello hey".split())
_NOT_PLACE_AFTER = frozenset("is are was were will would isn't aren't wasn't weren't won't has have had must might may "
                             "could should seems seem goes go".split())


def says_there(text: str) -> bool:
    """Whether a request points at a place with "there" ("what time is it there", "will it rain over
    there tomorrow"), not the "there" of "is there a leap year", "there's a meeting", "hi there"."""
    words = re.findall(r"[a-z']+", normalize_utterance(text).lower())
    for i, w in enumerate(words):
        if w != "there":
            continue
        before = words[i - 1] if i else ""
        after = words[i + 1] if i + 1 < len(words) else ""
        if before not in _NOT_PLACE_BEFORE and after not in _NOT_PLACE_AFTER:
            return True
    return False


def asks_question(text: str) -> bool:
    """Whether a request asks about something ("have i got a reminder for the gym", "when's the call
    with the plumber", "is the vet visit on thursday", "how many messages came in this morning")
    rather than asks for it to be done ("can you set an alarm", "please add milk", "when you get a
    chance remind me to call mom"). A parameter that declares `question_value` (a command's read:
    "list") takes it for a question."""
    t = normalize_utterance(text)
    if not t or _POLITE_REQUEST.match(t):
        return False
    return bool(_WH_QUESTION.match(t) or _YES_NO_QUESTION.match(t))


# what a remark opens with: a sigh or a cheer ("ugh", "oh no", "yay"), or a subject that tells of something
# ("i ...", "it's ...", "my ...", "the bus was ...", "that's ...")
# ("oh", "well", "so" lead requests too: "oh, set a timer"; a sigh of its own does not: "ugh, mondays")
_SIGH = (r"(?:u+g+h+|oh+\s+(?:no+|dear|great|well|man|boy|god|gosh)|a+w+|yay+|woo+hoo+|wow|phew|meh|oops|whoops|damn|"
         r"blimey|ooh+|argh+|ha(?:ha)+|boo+|lol|lmao)")
_LEAD_SOUND = r"(?:oh+|ah+|hmm+|well|so|god|gosh)"
_REMARK = re.compile(rf"^(?:{_LEAD_SOUND}\b[,!\s]*)*{_SIGH}\b|^(?:{_LEAD_SOUND}\b[,!\s]*)*(?:{_PRONOUN}|i'm|i've|i'd|i'll|we're|we've|it's|its|"
                     r"that's|there's|here's|you're|they're|he's|she's|(?:that|this)\s+(?:was|is|sounds?|looks?|seems?)\b|"
                     r"(?:my|our|the|this|that|these|those|his|her|their)"
                     r"\s+(?:[\w']+\s+){0,4}?(?:is|are|was|were|has|have|had|just|got|keeps?|never|always|did|does|won't|can't|isn't|"
                     r"aren't|wasn't|weren't|\w+ed)\b)")


# a want said as one's own is a request: "i want to listen to the cricket", "i need a plumber", "i'd love a tea"
_WANTS = re.compile(r"\b(?:i|we)\s+(?:(?:really|just)\s+)?(?:want|wanna|need|wish|would\s+(?:like|love)|'d\s+(?:like|love))\b"
                    r"|\b(?:i|we)'d\s+(?:like|love)\b")


def says_remark(text: str) -> bool:
    """Whether the words tell of something or let out a feeling, asking nothing and ordering nothing: "ugh",
    "oh no i burnt the toast", "i like jazz", "the bus was packed again", "it's dark in here". Not a
    question ("is it hot today"), a request however polite ("please set a timer", "can you ..."), a want
    ("i want to listen to the cricket", "i need a plumber"), a bare order or topic ("broadcast a video", "cars"),
    or words with an order after them ("i don't like this song, turn it off")."""
    t = _WAKE.sub("", plain_text(text))          # the sigh as said: normalising drops a leading "oh"
    if not t or asks_question(text) or _POLITE_REQUEST.match(normalize_utterance(text)) \
            or re.search(r"\b(?:please|can\s+you|could\s+you|would\s+you)\b", t) or _WANTS.search(t):
        return False
    return bool(_REMARK.match(t)) and not _ORDER_AFTER.search(t)


# a remark that reports what happened or has been so: a verb said in the past ("was", "barked", "went", "has
# been"); the common irregular pasts are listed, the regular ones end in "-ed"
_IRREGULAR_PAST = ("was|were|had|did|got|went|came|ate|drank|saw|made|took|left|lost|forgot|bought|ran|fell|broke|won|"
                   "spent|slept|woke|felt|kept|met|told|heard|thought|sat|stood|drove|rode|flew|wore|gave|found|"
                   "began|sang|swam|threw|caught|taught|brought|fought|paid|said|sent|built|hit|hurt|cut|shut")
_PAST_SAID = re.compile(rf"\b(?:{_IRREGULAR_PAST}|\w{{3,}}ed|(?:has|have|'s|'ve)\s+been)\b|\b\w+(?:'ve|'d)\s+(?:been|had)\b")


def reports_past(text: str) -> bool:
    """Whether a remark (`says_remark`) tells of what happened or has been so: "the traffic was terrible today",
    "my neighbour's dog barked all night", "the weather has been awful lately". Such words ask for nothing,
    even when they name a thing the assistant cannot do (traffic): a reply to them, not "I can't ... yet".
    Not a remark on how things are now ("it's gloomy in here" may ask for the lights), nor one with a question
    in it ("i've heard this tune before, what is it")."""
    t = plain_text(text)
    return says_remark(text) and bool(_PAST_SAID.search(t)) and not re.search(rf"\b(?:{'|'.join(QUESTION_WORDS)})\b", t)


def sighs(text: str) -> bool:
    """Whether a remark (`says_remark`) opens with a sigh or a cheer: "ugh, mondays", "oh no, the milk", "yay"."""
    return says_remark(text) and bool(re.match(rf"(?:{_LEAD_SOUND}\b[,!\s]*)*{_SIGH}\b", _WAKE.sub("", plain_text(text))))


# how the speaker feels about a thing: "i hate setting alarms", "i love lists", "we really don't like mondays"
_LIKING = re.compile(r"^(?:(?:oh|ah|well|honestly|man|god|ugh)[,\s]+)*(?:i|we)\s+(?:really\s+|just\s+|absolutely\s+|kind\s+of\s+|"
                     r"kinda\s+|totally\s+|so\s+)?(?:love|loved|hate|hated|like|liked|dislike|enjoy|enjoyed|adore|detest|"
                     r"can't\s+stand|cannot\s+stand|don't\s+like|do\s+not\s+like|didn't\s+like)\b"
                     r"|^(?:i'm|i\s+am|we're|we\s+are)\s+(?:so\s+|really\s+)?(?:fed\s+up\s+with|sick\s+of|tired\s+of)\b")


def says_liking(text: str) -> bool:
    """Whether the words only say how the speaker feels about a thing ("i hate setting alarms", "i love
    lists", "i'm sick of mondays"): a remark that asks for nothing, even when it names what a command does.
    Not a want ("i'd love a coffee", "i would like a timer") nor a question or a request said with it ("i love
    lists, add milk to mine")."""
    t = plain_text(text)
    return bool(_LIKING.match(t)) and not _WANTS.search(t) and not asks_question(text) \
        and not re.search(r"\b(?:please|can\s+you|could\s+you|would\s+you|add|set|remind|put|start|cancel|delete)\b", t[8:])


_REFERENCE = re.compile(r"\b(?:that|it|them|this|those|these|the result|the answer|the same|again|another|one more|once more"
                        r"|the\s+(?:first|last|latest|newest|oldest|next|previous|other|second|third|top)\s+one)\b")
_TIME_NOUN = (r"(?:year|month|week|weekend|morning|afternoon|evening|night|time|day|minute|hour|"
              r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?")
# the same words where they point at nothing said before: "it" as the empty subject ("what time is
# it", "is it going to rain", "it's cold"), "this" / "that" before a time ("this year", "that
# evening"), and "that" opening what is said or remembered ("remember that i parked on level 3")
_NOT_A_REFERENCE = re.compile(
    r"\b(?:is|was|will|would|does|did|has|can|could|should|isn't|wasn't|won't|doesn't)\s+it\b"
    r"|\bit(?:'s|\s+(?:is|was|will|has|gets|feels|looks|seems|going|be)\b)"
    r"|\b(?:this|that|these|those)\s+(?:coming\s+)?" + _TIME_NOUN + r"\b"
    r"|\b(?:remember|remind me|tell me|note|know|think|say|sure|mean|so|make sure|forget)\s+that\b"
    # "that" opening a clause ("text her that i'm on my way"), not pointing at anything
    r"|\bthat\s+(?=(?:i|i'm|i'll|i've|i'd|we|we're|we'll|we've|you|you're|he|he's|she|she's|they|they're|there)\b)"
    # a remark about the last answer says what the user thinks of it, it asks nothing of it
    r"|^(?:(?:haha|ha|lol|wow|oh|ok|okay|well|yeah|hmm)\s+)*(?:that|it|this)(?:'s|\s+is|\s+was)\s+"
    r"(?:so\s+|really\s+|very\s+|pretty\s+|not\s+|quite\s+)?[a-z]+$")


def refers_back(text: str) -> bool:
    """Words that point at an earlier turn ("now multiply that by 2", "add it to my list", "do that
    again", "another one"); not the same words where they point at nothing ("what time is it", "this weekend",
    "remember that ...")."""
    return bool(_REFERENCE.search(_NOT_A_REFERENCE.sub(" ", normalize_utterance(text))))


# ---- asking for the last turn again ------------------------------------------------------------------
def _whole_request(text: str) -> str:
    """The request's words as the whole-request grammars below read them (normalized, commas as spaces)."""
    return " ".join(normalize_utterance(text).replace(",", " ").split())


_ANOTHER = re.compile(r"^(?:(?:go\s+on|come\s+on|ok|okay|alright|yes|yeah|oh|and|so|then|ha|haha|lol|nice|good\s+one)[\s,]+)*"
                      r"(?:(?:give|tell|get)\s+(?:me|us)\s+|(?:let's|can\s+i|can\s+we)\s+(?:have|hear)\s+|do\s+(?:that|it)\s+)?"
                      r"(?:another(?:\s+one)?|one\s+more(?:\s+time)?|once\s+more|again|same\s+again|"
                      r"(?:do\s+)?(?:that|it|the\s+same)\s+again|(?:a\s+)?(?:(?:little|tiny|wee)\s+)?(?:bit\s+)?more|even\s+more)"
                      r"(?:\s+(?:please|then|jarvis))*$")
_HEAR_AGAIN = re.compile(r"^(?:(?:sorry|pardon|what)\s+)?(?:(?:can|could|would)\s+you\s+)?"
                         r"(?:say\s+(?:that|it)\s+again|repeat(?:\s+(?:that|it|yourself|what\s+you\s+said))?"
                         r"|say\s+again|come\s+again|pardon(?:\s+me)?|what\s+did\s+you\s+(?:just\s+)?say"
                         # a question about what it just did: its reply said it ("what did you just set")
                         r"|what\s+(?:did|have)\s+you\s+(?:just\s+)?(?:do|done|set|set\s+up|add|added|save|saved|change|"
                         r"changed|make|made|put|delete|deleted|cancel|cancelled|canceled|remember|write|wrote)"
                         r"|what\s+was\s+that|i\s+(?:didn't|did\s+not)\s+(?:catch|hear|get)\s+(?:that|it|you|what\s+you\s+said)"
                         r"|sorry\s+what|what)(?:\s+(?:please|again|jarvis))*$")


# the ways of saying "no" that lead a correction, a take-back or an answer ("nah, cancel that")
SAYING_NO = r"(?:no|nope|nah|naw)"

# the verbs that do away with something the user keeps: "scrap the vet one", "bin the milk", "get rid
# of the pasta one", "ditch the packing list". One list for every command's fast paths and action words,
# so that a verb one command knows is known to all ("bin the mum one" was no reminder's delete)
DO_AWAY_WORDS = ("cancel", "delete", "remove", "get rid of", "scrap", "ditch", "bin", "drop", "lose", "axe", "nix",
                 "trash", "erase", "kill", "scratch")
DO_AWAY = r"(?:" + "|".join(w.replace(" ", r"\s+") for w in DO_AWAY_WORDS) + r")"
# the same doing away in any tense, and emptying: "removed", "took it off", "cleared", "binned", "got rid of"
_DOING_AWAY_STEMS = frozenset(stem(w) for w in (*(w for w in DO_AWAY_WORDS if " " not in w),
                                                "rid", "off", "clear", "clean", "empty", "wipe"))


def says_doing_away(text: str) -> bool:
    """Whether the words name doing away with something, in any tense ("did you take milk off", "was it
    removed", "have you deleted the eggs"), not putting it somewhere ("did i put the plumber on my list")."""
    return any(stem(w) in _DOING_AWAY_STEMS for w in normalize_utterance(text).split())


# ... and a kept thing said to be done with: "the window cleaner one can go", "the pasta one can be cancelled"
CAN_GO = (r"(?:can|could|should|may)\s+(?:go|come\s+off|be\s+(?:deleted|removed|cancell?ed|scrapped|binned|dropped"
          r"|ditched|got\s+rid\s+of))(?:\s+now)?")
# words that only thank or acknowledge ("lovely, cheers", "great thanks", "ta very much"): said to an
# answer, not an answer to a question ("lovely, cheers" after "Which city?" was taken as the city "Lovely")
_ACKNOWLEDGING = frozenset("""
    thanks thank you ta cheers much very so lots loads many appreciated lovely great brilliant perfect nice
    cool fine good grand fab fabulous awesome super wonderful excellent smashing ace sweet ok okay alright
    right oh ah that's thats that it will do mate jarvis
""".split())


def only_acknowledges(text: str) -> bool:
    """Whether the words only thank or acknowledge ("lovely, cheers", "great, thanks a lot"), with at
    least one word that thanks or praises (a bare "ok" or "right" may be an answer)."""
    words = re.findall(r"[a-z']+", normalize_utterance(text))
    return bool(words) and all(w in _ACKNOWLEDGING for w in words) and bool(
        set(words) - {"ok", "okay", "alright", "right", "oh", "ah", "that's", "thats", "that", "it", "will", "do",
                      "so", "very", "much", "you", "mate", "jarvis"})


# a correction of what was just asked: "actually make that 6:45", "no wait, make it 10", "change it to
# 20 minutes instead", "i meant tuesday", "sorry, 7:30"
_CORRECTION = re.compile(
    r"(?:(?:actually|" + SAYING_NO + r"|oh|oops|whoops|woops|sorry|my\s+bad|wait|hang\s+on|hold\s+on|hmm|um|uh|er|erm|"
    r"on\s+second\s+thought|scratch\s+that)[,\s]+)*"
    r"(?:(?:(?:can|could|would)\s+you\s+|let's\s+)?(?:make|change|set|switch|move|put|push|bring)\s+(?:that|it|this)"
    r"(?:\s+one)?(?:\s+(?:to|for|into|till|until|at|on))?\s+|i\s+(?:meant|mean|said)\s+"
    r"|(?<![\w'])(?:actually|" + SAYING_NO + r"|sorry|oops|whoops|my\s+bad|scratch\s+that)[,\s]+)"
    r"(?P<value>.+?)(?:,?\s+(?:instead|please|then|rather))*")


# the old value said beside the new one: "not apples, pears", "not 6 but 7", "pears not apples"
_NOT_THAT = re.compile(r"not\s+(?P<old>.+?)(?:\s*,\s*(?:but\s+)?|\s+(?:but|i\s+meant|i\s+said|it's|it\s+is)\s+)(?P<new>.+)")
_THIS_NOT = re.compile(r"(?P<new>.+?),?\s+(?:and\s+)?not\s+(?P<old>.+)")


def corrected_value(text: str) -> str | None:
    """The new value's words when the whole request corrects what was just asked ("actually make that
    6:45" -> "6:45", "no wait, make it 10" -> "10", "i meant tuesday" -> "tuesday", "no not apples,
    pears" -> "pears", "not 6 but 7" -> "7"); None for other words. The command that was just asked
    decides whether the value is one it can take."""
    said = " ".join(normalize_utterance(text).split())
    m = _CORRECTION.fullmatch(said)
    value = m.group("value").strip(" ,") if m else (said if _NOT_THAT.fullmatch(said) else None)
    if value is None:
        return None
    shown = _NOT_THAT.fullmatch(value) or (_THIS_NOT.fullmatch(value) if m else None)
    return shown.group("new").strip(" ,") if shown else value


# where a thing stands among several that were set, added or read out, as people point at it ("the first
# one", "the last timer"): 0 the first, -1 the last ("the middle one": `position_said` with the count)
ORDER_WORDS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "sixth": 5, "seventh": 6, "eighth": 7,
               "ninth": 8, "tenth": 9, "last": -1, "latest": -1, "newest": -1, "oldest": 0, "earliest": 0, "top": 0,
               "bottom": -1, "1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4}
_POSITION = re.compile(
    r"(?:the\s+)?(?:very\s+)?(?P<word>" + "|".join([*ORDER_WORDS, "middle"]) + r")(?:\s+(?:one|ones|item|task|thing|entry|bit))?"
    r"(?:\s+(?:on|in|from|of)\s+(?:the|my|our|that|this)\s+list)?"
    r"|(?:number|item|task|entry|no)\s+(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)")


def points_by_order(words: str) -> bool:
    """Whether the words do nothing but point at a thing by its order ("the second one", "the last item",
    "number 3", "the middle one", "the top one on the list"); not "the second hand shop" or "milk"."""
    return _POSITION.fullmatch(normalize_utterance(words).strip(" .?!")) is not None


def position_said(words: str, count: int) -> int | None:
    """Where among `count` things the words point by order: 0 the first, count - 1 the last ("the middle one"
    of three is 1); None for words that point otherwise, or at a place there is not (the fourth of three, the
    middle of four)."""
    m = _POSITION.fullmatch(normalize_utterance(words).strip(" .?!"))
    if m is None:
        return None
    if m.group("word") == "middle":
        return count // 2 if count % 2 == 1 and count > 1 else None
    if m.group("word"):
        place = ORDER_WORDS[m.group("word")]
    else:
        n = parse_number(m.group("n"))
        place = int(n) - 1 if n else count
    place = place + count if place < 0 else place
    return place if 0 <= place < count else None


def words_pointing_by_order(text: str) -> str | None:
    """The words of a request that point at a thing by its order ("cross off the second one" -> "the second
    one", "remove number 3 from the list"); None when it says none. Bare order words that say no thing
    ("last week", "first thing") are none."""
    said = normalize_utterance(text)
    for m in re.finditer(r"\b(?:" + _POSITION.pattern + r")\b", said):
        words = m.group(0)
        if m.group("n") or words.startswith("the ") or len(words.split()) > 1 and words.split()[1] in (
                "one", "ones", "item", "task", "entry"):
            return words
    return None


def asks_for_another(text: str) -> bool:
    """The whole request asks for the last one again, to be done once more ("another one", "one more",
    "again", "do that again", "same again please"): nothing else is said, so nothing else is asked.
    "another joke about dogs" or "one more timer for 5 minutes" say what they want and are not this."""
    t = _whole_request(text)
    t = re.sub(r"^(?:ok(?:ay)?|oh|yeah|and|haha|ha|great|nice|cool|good one)\s+", "", t)
    return bool(_ANOTHER.match(t))


def asks_to_hear_again(text: str) -> bool:
    """The whole request asks the assistant to say its last reply again ("say that again", "sorry,
    what?", "I didn't catch that", "can you repeat that"): nothing is to be done again."""
    t = _whole_request(text)
    return bool(_HEAR_AGAIN.match(t))


# ---- the request without why it is asked -------------------------------------------------------------
_SUBJECT = r"(?:i|we|you|it|there|they|he|she|the\s+\w+|my\s+\w+|our\s+\w+)"
_REASON = re.compile(
    r"\s+(?:because|cause|'cause|cuz|coz|so\s+that)\s+\S.*$"
    # "since" gives a reason when its clause looks ahead or says how things are ("since it might rain",
    # "since we're out of milk"); "since i last called her", "since monday" are about time
    r"|\s+since\s+" + _SUBJECT + r"(?:'s|'ll|'re|'m|\s+(?:might|may|will|could|should|would|is|are|am|isn't|aren't|"
    r"won't|can't|don't|doesn't|needs?|has\s+to|have\s+to|wants?|likes?|is\s+going\s+to|are\s+going\s+to))\b.*$"
    # "so" without "that" gives the purpose when a clause of its own follows ("set a timer so i don't
    # overcook the rice", "so the rice doesn't burn", "so we can leave at six"); the router reads the
    # negation written out ("do not"), and the purpose's words ("not", "burn") are no part of the request
    r"|\s+so\s+" + _SUBJECT + r"(?:'ll|'m|'re|\s+(?:do|does|did|will|would|can|could|won't|can't|don't|doesn't|"
    r"didn't|might|may|must|should|remember|know|get|have|am|is|are)\b(?:\s+not\b)?)\s+\S.*$")


def main_clause(text: str) -> str:
    """`text` without a trailing clause that says why it is asked ("remind me to take an umbrella
    because it might rain" -> "remind me to take an umbrella"; "..., since we're out of milk"; "... so
    that i don't forget"): the reason's words (rain) do not say what is asked. At least two words stay."""
    m = _REASON.search(text)
    if m is None or len(text[:m.start()].split()) < 2:
        return text
    return text[:m.start()].rstrip(" ,")


# ---- something the speaker has to do: "i need to ...", "we must ...", "i've got to ..." ------------------
# (what follows is the thing to do: a task noted down, not a fact about the world)
OBLIGATION = (r"(?:(?:i|we)(?:'ve\s+got\s+to|(?:\s+(?:really|still|also|definitely))?\s+"
              r"(?:(?:need|have|ought|have\s+got|got)\s+to|must|should|gotta))"
              r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:meant|supposed|due)\s+to)\s+(?:(?:really|definitely|also|still)\s+)?")


# ---- taking back what was just done -------------------------------------------------------------------
_TAKE_BACK_LEAD = (
    r"(?:(?:" + SAYING_NO + r"|oh|oops|whoops|woops|actually|wait|sorry|hmm|um|uh|my\s+bad|never\s*mind|on\s+second\s+thought"
    r"|ok|okay|alright|right|so|and|then|forget\s+(?:it|that)|thanks|thank\s+you|cheers)\s+)*"
    r"(?:(?:please|just|(?:can|could|would)\s+you|you\s+can)\s+)*")
_TAKE_BACK_TAIL = r"(?:\s+(?:please|then|jarvis|actually|thanks|thank\s+you))*"
# verbs that end the thing just made or changed, said of "it" too: "kill it", "get rid of that", "call it off"
# ... and "delete it", "remove it", "erase it": the thing, not only its last change (a reminder just moved goes)
_END_IT = (r"(?:(?:kill|scrap|ditch|bin|nix|get\s+rid\s+of|stop|end)\s+(?:it|that|this)(?:\s+(?:last\s+)?one)?(?:\s+now)?"
           r"|(?:delete|remove|erase|cancel)\s+it(?:\s+now)?|call\s+(?:it|that)\s+off)")
_TAKE_BACK = re.compile(
    _TAKE_BACK_LEAD +
    r"(?:(?:cancel|undo|scratch|delete|remove|reverse|forget|drop)\s+(?:that|this)(?:\s+one)?(?:\s+(?:last\s+)?one)?"
    # said of "it" by every verb that undoes but "forget" and "drop" ("forget it", "drop it": let it go)
    r"|(?:cancel|scratch|delete|remove|reverse|erase)\s+it|" + _END_IT +
    r"|undo(?:\s+(?:it|the\s+last\s+(?:one|thing)))?|take\s+(?:that|it)\s+back"
    r"|(?:i\s+)?(?:didn't|did\s+not)\s+mean\s+(?:that|it)|(?:don't|do\s+not)\s+do\s+(?:that|it)"
    r"|that's\s+not\s+what\s+i\s+(?:said|meant|wanted|asked(?:\s+for)?))" + _TAKE_BACK_TAIL)
_ENDS_IT = re.compile(_TAKE_BACK_LEAD + _END_IT + _TAKE_BACK_TAIL)


def asks_to_end_it(text: str) -> bool:
    """The whole request ends the thing just made or changed ("kill it", "scrap that", "call it off"):
    after a change to a timer, the timer goes, not only the change (`IJarvisCommand.end`)."""
    t = _whole_request(text).strip(" .!?")
    return bool(_ENDS_IT.fullmatch(t))


def asks_to_take_back(text: str) -> bool:
    """The whole request takes back what was just done ("cancel that", "undo", "scratch that", "never
    mind, cancel that", "I didn't mean that"): it names nothing else. "Never mind" or "forget it" alone
    dismiss, and "cancel my timer" names what it cancels: neither is this."""
    t = _whole_request(text).strip(" .!?")
    return bool(_TAKE_BACK.fullmatch(t))


# ---- a question about doing something: "what would happen if i cancelled the timer" -------------------
_ABOUT_DOING = re.compile(
    r"(?:(?:so|and|but|ok|okay|hmm|just\s+wondering|i\s+wonder)[,\s]+)*"
    r"(?:what\s+(?:would|will|could|might)\s+happen\s+if|what\s+happens\s+if|what\s+if"
    r"|how\s+(?:do|can|would|could|should)\s+(?:i|we)|is\s+it\s+(?:ok|okay|safe|bad|a\s+good\s+idea|a\s+bad\s+idea)"
    r"\s+(?:to|if\s+(?:i|we))"
    # whether it was done: "did you cancel my timer", "have you deleted the reminder", "did someone clear the list"
    r"|(?:did|have|has)\s+(?:you|i|we|he|she|they|someone|somebody|anyone|anybody)(?:\s+(?:already|just|accidentally|ever))?"
    r")\s+\S.*"
    # ... or said of the thing: "was the timer cancelled", "are my timers stopped", "has the list been cleared",
    # "did the timer get cancelled", "was milk removed", "has my timer been paused"
    r"|(?:was|were|is|are|has|have|did|does)\s+(?:(?:the|my|our|your|all|that|this|it|they|everything)\b)?.*?\s+"
    r"(?:been\s+|get\s+|got\s+|gotten\s+)?"
    r"(?:cancell?ed|deleted|cleared|removed|stopped|turned\s+off|switched\s+off|sent|wiped|emptied|erased"
    r"|paused|resumed|started|restarted)(?:\s+.*)?")


def asks_about_doing(text: str) -> bool:
    """The whole request asks about doing something, not for it to be done: what would happen ("what
    would happen if i cancelled the timer", "what if i clear my list"), how it is done ("how do i delete a
    reminder"), whether it is wise ("is it ok to delete the shopping list"), whether it was done ("did you
    cancel my timer", "was the list cleared": the model had cancelled the timer). The action its words
    name is no order: a destructive one asks first (`Assistant.execute_call`)."""
    return bool(_ABOUT_DOING.fullmatch(normalize_utterance(text).strip(" .!?")))


# ---- words that tell of something, not ask for it: "i already set a timer", "she deleted the list" ------
# what may come before the telling: when, and the fillers of talk
_TELL_LEAD = (r"(?:(?:yesterday|today|earlier|earlier\s+on|this\s+morning|last\s+(?:night|week|time)|the\s+other\s+day"
              r"|so|well|oh|and|but|actually|anyway|yeah|yes|um|uh|like|right|ok|okay|you\s+know|i\s+think|i\s+guess"
              r"|apparently|honestly|funny\s+thing)[,\s]+)*")
_SAYS_NOTHING = re.compile(_TELL_LEAD)
# who did it: the speaker, the assistant, or someone else ("my wife", "the kids", "someone")
_TELLER = r"(?:i|we|you)"
_OTHER = (r"(?:he|she|they|someone|somebody|everyone|nobody|no\s+one|(?:my|our|his|her|their|the)\s+[a-z]+"
          r"(?:\s+[a-z]+)?)")
_HOW_OFTEN = r"(?:(?:already|just|accidentally|never|always|usually|often|finally|also|still|probably|once)\s+)*"
# the doings an assistant is asked for, said in the past: the words tell that it is done ("i already added
# milk"), so it is not asked for again. Other past doings ("i bought the apples", "i've moved to bristol")
# tell what a request is about, and are left to the commands. "set" and "put" are the same in the present:
# said by "you" they count only with a when ("you set a timer for me yesterday")
_DONE = (r"set|put|added|cancell?ed|deleted|cleared|removed|reminded|created|made|stopped|started|paused|resumed"
         r"|turned|sent|emailed|booked|scheduled|wrote|written|noted|ticked|crossed|rang|went\s+off")
_PAST = r"(?P<verb>" + _DONE + r")"
_HAVE = r"(?:'ve|'d|\s+have|\s+had|\s+has|'s)?"
# what comes after a verb of knowing when the words ask after something: "i forgot what's on my list"
_ASKS_AFTER = re.compile(r"\b(?:forgot|forget|remember|know|knew|wonder(?:ed)?|sure|tell)\s+(?:what|when|where|which|who|how|if|whether)\b")
_TOLD_PAST = re.compile(_TELL_LEAD + r"(?P<who>" + _TELLER + "|" + _OTHER + r")" + _HAVE + r"\s+" + _HOW_OFTEN + _PAST
                        + r"\b(?P<rest>.*)")
# a request or a question said after the telling: "the forecast you gave me was wrong, i want to know ..."
_ASKS_TOO = re.compile(r"\b(?:what|what's|how|when|where|which|who|why|can\s+you|could\s+you|would\s+you|will\s+you|please"
                       r"|i\s+want|i'd\s+like|i\s+would\s+like|tell\s+me|let\s+me\s+know|give\s+me|show\s+me|can\s+i)\b")
# an order after what is told, when speech gave no comma: "... started remind me in an hour"
_ORDER_AFTER = re.compile(r"\b(?:remind|set|add|cancel|delete|remove|clear|tell|give|show|put|turn|start|stop|make|create"
                          r"|wake|send)\s+(?:me|us|a|an|the|my|it|that|another|one|all)\b")
# a request passed on: "my wife told me to add bread", "he wants us to set an alarm"
_PASSED_ON = re.compile(r"\b(?:told|tells|asked|asks|wants|wanted)\s+(?:me|us)\s+to\b")
_WHEN_SAID = re.compile(r"\b(?:yesterday|earlier|ago|last\s+(?:night|week|time|month)|this\s+morning|before|already)\b")
# someone else's habits or words: "she always forgets to ...", "the kids keep adding ...", "the recipe says to ..."
_TOLD_HABIT = re.compile(_TELL_LEAD + _OTHER + r"\s+(?:(?:always|usually|never|often)\s+[a-z]+|keeps?|says|said)\b.*")
# the speaker's own plans and habits: "i'll do it myself later", "i used to set alarms", "i was going to"
_TOLD_PLAN = re.compile(
    _TELL_LEAD + r"(?:maybe\s+)?(?:(?:i|we)(?:'ll|\s+will|\s+might|\s+may)\s+(?:.*\s)?(?:myself|ourselves|later)(?:\s.*)?"
    r"|later\s+(?:i|we)(?:'ll|\s+will|\s+might|\s+may)\s+.+"
    r"|(?:i|we)\s+used\s+to\s+.+|(?:i|we)\s+(?:was|were)\s+going\s+to\s+.+"
    r"|(?:i|we)\s+(?:wonder|wondered|am\s+wondering)\s+(?:if|whether)\s+(?:i|we)\s+(?:should|could|might)\s+.+)")


def tells_not_asks(text: str) -> bool:
    """The words tell of something, they do not ask for it: what was done ("i already set a timer for ten
    minutes", "yesterday i cancelled all my timers", "you reminded me to call mom last week"), what someone
    else does or did ("my wife set a timer for the pasta", "the kids keep adding sweets to my list", "the
    recipe says to set a timer for twenty minutes"), or the speaker's own plans and habits ("i'll set one
    later myself", "i used to set alarms"). A command named in such words is no order to act.

    Not telling: a request with a subject ("i need a timer", "we're out of milk"), a polite one ("i wanted
    to ask...", "i was wondering if you could..."), one the speaker forgot ("i forgot to add eggs": add
    them), or a question after something ("i forgot what's on my list"); with a request after it ("i already
    set one for the rice, set another for ten minutes"), it asks."""
    clauses = [c.strip(" .!?") for c in re.split(r"[,;]|\s+(?:and\s+then|so)\s+", normalize_utterance(text))]
    clauses = [c for c in clauses if c and not _SAYS_NOTHING.fullmatch(c + " ")]   # "yesterday, i ..."
    return bool(clauses) and all(_tells(c) for c in clauses)


def _tells(t: str) -> bool:
    """One clause of `tells_not_asks`."""
    if _TOLD_PLAN.fullmatch(t):
        return True
    if _ASKS_AFTER.search(t) or _PASSED_ON.search(t) or _ASKS_TOO.search(t):
        return False
    m = _TOLD_PAST.fullmatch(t)
    if m is not None:
        if _ORDER_AFTER.search(m.group("rest")):
            return False                    # "the washing machine started remind me in an hour" (no comma heard)
        return not (m.group("verb") in ("set", "put") and m.group("who") == "you" and not _WHEN_SAID.search(t))
    return bool(_TOLD_HABIT.fullmatch(t))


# ---- a request said not to be done: "don't set a timer", "no, do not cancel it" -----------------------
_NOT_TO_DO = re.compile(
    r"(?:(?:actually|" + SAYING_NO + r"|wait|oh|and|but|so|just|please|jarvis)[,\s]+)*"
    r"(?:don't|dont|do\s+not|never)\s+(?:(?:ever|please|now)\s+)*(?P<rest>[a-z].*)")
# what follows "don't" when the words order nothing not to be done: a question ("don't you think it's
# cold"), or a verb whose negation asks for something ("don't forget to buy eggs", "don't let me
# oversleep", "never mind the timer")
_NOT_AN_ORDER = frozenset("i you we they he she it u forget let mind".split())
# a request said after the one not to be done: "... but remind me at six", "..., just set an alarm",
# "..., set an alarm instead" (a comma alone does not start one: "don't add milk, eggs and bread")
_THEN_INSTEAD = re.compile(r"\s*,?\s+(?:but|instead|rather)\s+(?:just\s+)?|\s*,\s*(?:just|instead)\s+")
_INSTEAD_END = re.compile(r"[,\s]+instead$")


class NotToDo(NamedTuple):
    """A request said not to be done: what is not to be done ("set a timer for ten minutes"), and the
    request said in its place, if any ("set an alarm for seven")."""
    negated: str
    instead: str | None = None


def request_not_to_do(text: str) -> NotToDo | None:
    """The request the whole utterance says not to do: "don't set a timer for ten minutes", "no, do not
    cancel the timer", "never remind me about the dentist again" (-> "remind me about the dentist");
    with a request said in its place after a comma, "but" or "instead". None for other words, for a
    question ("don't you think it's cold") and for the negations that ask for something ("don't forget
    to buy eggs", "don't let me oversleep", "never mind"). Whether the words not to be done are a
    request a command does is for the caller to decide ("don't worry about it" is none)."""
    t = normalize_utterance(text).strip(" .!?")
    m = _NOT_TO_DO.fullmatch(t)
    if m is None:
        return None
    rest = m.group("rest").strip(" ,")
    if rest.split()[0] in _NOT_AN_ORDER:
        return None
    negated, instead = rest, None
    split = _THEN_INSTEAD.search(rest)
    if split is None and _INSTEAD_END.search(rest) and "," in rest:
        split = re.search(r"\s*,\s*", rest)
    if split is not None:
        negated, instead = rest[:split.start()].strip(" ,"), rest[split.end():].strip(" ,")
        instead = re.sub(r"[,\s]+(?:instead|then|please)$", "", instead).strip(" ,") or None
    negated = re.sub(r"\s+(?:again|any\s*more|ever)$", "", negated).strip(" ,")
    if not negated:
        return None
    return NotToDo(negated, instead)


# ---- calendar dates ---------------------------------------------------------------------------------
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_DAYS = frozenset(WEEKDAYS + ["today", "tomorrow", "tonight"])   # what "make it ..." changes a day for
_MONTH_NAMES = {m: i + 1 for i, m in enumerate(MONTHS)} | {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12}
_ORDINAL_UNITS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9}
_ORDINAL_WORDS = _ORDINAL_UNITS | {
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30}
_DAY_UNITS = "|".join(u for u in _UNITS if 0 < _UNITS[u] < 10)
# a day of the month: "23", "23rd", "twenty third", "twenty-third", "fourth"
_ORDINAL = (r"(?:\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)[\s-]+)?(?:" + "|".join(_ORDINAL_UNITS) + r")|"
            + "|".join(w for w in _ORDINAL_WORDS if w not in _ORDINAL_UNITS) + r")")
_CARDINAL_DAY = r"(?:\d{1,2}|(?:twenty|thirty)(?:[\s-]+(?:" + _DAY_UNITS + r"))?|" + "|".join(
    u for u in _UNITS if 0 < _UNITS[u] < 20) + r")"
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTH_NAMES, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?:,?\s+(?:of\s+)?(?P<year>(?:19|20)\d\d|this year|next year|last year))?"
# holidays on a fixed date, and those on the n-th weekday of a month (-1: the last), as people in
# the US and the UK say them; easter is computed
_FIXED_HOLIDAYS = {"new year's day": (1, 1), "new year's eve": (12, 31), "new year's": (1, 1), "new year": (1, 1),
                   "valentine's day": (2, 14), "valentine's": (2, 14), "st patrick's day": (3, 17), "saint patrick's day": (3, 17),
                   "april fools day": (4, 1), "april fool's day": (4, 1), "independence day": (7, 4),
                   "halloween": (10, 31), "christmas eve": (12, 24), "christmas day": (12, 25),
                   "christmas": (12, 25), "xmas": (12, 25), "boxing day": (12, 26)}
_WEEKDAY_HOLIDAYS = {"thanksgiving": (11, 3, 4), "mother's day": (5, 6, 2), "father's day": (6, 6, 3),
                     "labor day": (9, 0, 1), "memorial day": (5, 0, -1), "presidents day": (2, 0, 3), "martin luther king day": (1, 0, 3)}
_HOLIDAY_NAMES = sorted([*_FIXED_HOLIDAYS, *_WEEKDAY_HOLIDAYS, "easter", "easter sunday"], key=len, reverse=True)
_HOLIDAY = r"(?P<holiday>" + "|".join(re.escape(h).replace("'", "'?").replace(r"\ ", r"\s+") for h in _HOLIDAY_NAMES) + r")"
_COUNT_UNIT = r"(?P<unit>days?|weeks?|fortnights?|months?|years?)"
# days or weeks counted from a date said after them ("a week from friday", "two days before christmas")
_OFFSET = re.compile(r"\b(?P<n>" + NUM + r"|a|an)\s*(?P<unit>days?|weeks?|fortnights?)\s+(?P<dir>from|after|before)\s+$")
_DATE_PATTERNS = [
    ("day_month", re.compile(r"\b(?:the\s+)?(?P<day>" + _ORDINAL + r"|\d{1,2})\s+(?:of\s+)?" + _MONTH + r"(?![a-z])" + _YEAR)),
    ("month_day", re.compile(r"\b" + _MONTH + r"\s+(?:the\s+)?(?P<day>" + _ORDINAL + "|" + _CARDINAL_DAY + r")(?![a-z\d])"
                             + _YEAR)),
    ("holiday", re.compile(r"\b" + _HOLIDAY + r"(?![a-z])" + _YEAR)),
    ("relative_day", re.compile(r"\b(?P<rel>(?:the\s+)?day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday|"
                                r"today|tonight|tomorrow|yesterday)\b")),
    ("period_end", re.compile(r"\b(?:the\s+)?(?P<edge>end|last\s+day)\s+of\s+(?:the\s+|this\s+)?(?P<period>year|month)\b")),
    ("count", re.compile(r"\b(?:in\s+(?P<n1>" + NUM + r"|a|an)\s*" + _COUNT_UNIT.replace("unit", "u1") + r"(?:\s+from\s+(?:now|today))?"
                         r"|(?P<n2>" + NUM + r"|a|an)\s*" + _COUNT_UNIT.replace("unit", "u2")
                         + r"\s+(?P<dir>from\s+(?:now|today)|ago|later))(?![a-z])")),
    ("weekday", re.compile(r"\b(?:(?P<which>this|next|last|coming|this\s+coming|on)\s+)?(?P<wd>" + "|".join(WEEKDAYS) + r")s?\b")),
    ("weekend", re.compile(r"\b(?:(?P<which>this|next|last|the|coming)\s+)?weekend\b")),
    ("day_of_month", re.compile(r"\b(?:on\s+)?the\s+(?P<day>" + _ORDINAL + r")(?P<rest>\s+of\s+(?:this|next)\s+month)?"
                                r"(?=\s*$|\s+(?:at|is|was|will|a|an|in|this|next|when|and|to)\b|,)")),
]


def _day_number(words: str) -> int | None:
    w = " ".join(words.replace("-", " ").split())
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", w)
    if m:
        return int(m.group(1))
    parts = w.split()
    if parts and parts[-1] in _ORDINAL_WORDS:
        tens = {"twenty": 20, "thirty": 30}.get(parts[0], 0) if len(parts) == 2 else 0
        return tens + _ORDINAL_WORDS[parts[-1]] if len(parts) <= 2 else None
    return _words_to_int(parts)


def _easter(year: int) -> _dt.date:
    """Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month, day = divmod(h + l_ - 7 * m + 114, 31)
    return _dt.date(year, month, day + 1)


def _last_day(year: int, month: int) -> _dt.date:
    """The last day of a month."""
    return _dt.date(year + month // 12, month % 12 + 1, 1) - _dt.timedelta(days=1)


# the holidays by their names as said without apostrophes ("new years eve")
_FIXED_BY_NAME = {h.replace("'", ""): rule for h, rule in _FIXED_HOLIDAYS.items()}
_WEEKDAY_BY_NAME = {h.replace("'", ""): rule for h, rule in _WEEKDAY_HOLIDAYS.items()}


def _holiday(name: str, year: int) -> _dt.date:
    key = " ".join(name.replace("'", "").split())
    if key in _FIXED_BY_NAME:
        month, day = _FIXED_BY_NAME[key]
        return _dt.date(year, month, day)
    if key in _WEEKDAY_BY_NAME:
        month, weekday, nth = _WEEKDAY_BY_NAME[key]
        if nth > 0:
            first = _dt.date(year, month, 1)
            return first + _dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))
        last = _last_day(year, month)
        return last - _dt.timedelta(days=(last.weekday() - weekday) % 7)
    return _easter(year)


def _year_of(m: re.Match[str], today: _dt.date) -> int | None:
    said = m.groupdict().get("year")
    if not said:
        return None
    if said.isdigit():
        return int(said)
    return today.year + {"this year": 0, "next year": 1, "last year": -1}[" ".join(said.split())]


def _plus_months(d: _dt.date, months: int) -> _dt.date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return _dt.date(year, month, min(d.day, _last_day(year, month).day))


def _resolve_date(kind: str, m: re.Match[str], today: _dt.date, past: bool = False) -> _dt.date | None:
    g = m.groupdict()
    if kind in ("day_month", "month_day", "holiday"):
        year = _year_of(m, today)
        try:
            if kind == "holiday":
                when = _holiday(g["holiday"], year or today.year)
                if year is None and (when > today if past else when < today):
                    when = _holiday(g["holiday"], today.year + (-1 if past else 1))
                return when
            day = _day_number(g["day"])
            month = _MONTH_NAMES[g["month"]]
            if not day:
                return None
            when = _dt.date(year or today.year, month, day)
            if year is None and (when > today if past else when < today):   # without a year: the next one
                when = _dt.date(today.year + (-1 if past else 1), month, day)
            return when
        except ValueError:                                # "the 31st of june"
            return None
    if kind == "period_end":
        if g["period"] == "year":
            return _dt.date(today.year, 12, 31)
        return _last_day(today.year, today.month)
    if kind == "relative_day":
        rel = " ".join(g["rel"].split()).removeprefix("the ")
        return today + _dt.timedelta(days={"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1,
                                           "day after tomorrow": 2, "day before yesterday": -2}[rel])
    if kind == "count":
        raw, unit = (g["n1"], g["u1"]) if g.get("n1") else (g["n2"], g["u2"])
        n = 1 if raw.strip() in ("a", "an") else parse_number(raw)
        if n is None or n != int(n) or not 0 < n <= 1000:
            return None
        n = int(n) * (-1 if (g.get("dir") or "") == "ago" else 1)
        unit = unit.rstrip("s")
        if unit in ("day", "week", "fortnight"):
            return today + _dt.timedelta(days=n * {"day": 1, "week": 7, "fortnight": 14}[unit])
        return _plus_months(today, n * (12 if unit == "year" else 1))
    if kind == "weekday":
        wd = WEEKDAYS.index(g["wd"])
        which = " ".join((g.get("which") or "").split())
        ahead = (wd - today.weekday()) % 7
        if which == "last":
            return today - _dt.timedelta(days=(today.weekday() - wd) % 7 or 7)
        if which == "next":                               # the one in next week (weeks begin on Monday)
            return today + _dt.timedelta(days=7 - today.weekday() + wd)
        if which in ("coming", "this coming"):
            return today + _dt.timedelta(days=ahead or 7)
        return today + _dt.timedelta(days=ahead)
    if kind == "weekend":                                 # its Saturday (today, on a weekend day)
        which = g.get("which") or ""
        if which == "last":
            return today - _dt.timedelta(days=(today.weekday() - 5) % 7 or 7)
        if which == "next":
            return today + _dt.timedelta(days=12 - today.weekday())
        return today if today.weekday() >= 5 else today + _dt.timedelta(days=5 - today.weekday())
    if kind == "day_of_month":
        day = _day_number(g["day"])
        if not day:
            return None
        try:
            when = today.replace(day=day)
            if (g.get("rest") or "").endswith("next month") or when < today:
                when = _plus_months(today.replace(day=1), 1).replace(day=day)
            return when
        except ValueError:
            return None
    return None


# a bare weekday after these is asked about or repeats, not the date named: "is it friday", "is the
# fourth of july a saturday", "every monday"
_WEEKDAY_CLAIMED = re.compile(r"\b(?:a|an|every|each|is it|it is|it's|is today|today is|is tomorrow|tomorrow is)\s+$")


class FoundDate(NamedTuple):
    when: _dt.date
    words: str          # as said ("next friday")
    kind: str           # day_month, month_day, holiday, relative_day, period_end, count, weekday, day_of_month


class FoundPeriod(NamedTuple):
    start: _dt.date
    end: _dt.date       # the last day in it
    words: str          # as said ("next week")


_PERIOD = re.compile(r"\b(?:(?P<which>this|next|the\s+coming|the\s+rest\s+of\s+the|the|rest\s+of\s+the|my)\s+)"
                     r"(?P<unit>week(?:end)?|month)\b(?!\s+(?:of|after|before|from)\b)")


# a month by its name after a word that makes it a stretch of time ("in may", "for june", "during
# august": "may" alone is as often a verb)
_NAMED_MONTH = re.compile(r"\b(?:in|for|during|throughout|all\s+of)\s+(?P<month>" + "|".join(MONTHS) + r")\b"
                          r"(?!\s+(?:the\s+)?(?:" + _ORDINAL + "|" + _CARDINAL_DAY + r")\b)")


def find_period(text: str, today: _dt.date) -> FoundPeriod | None:
    """A stretch of days a request names, from today on: "this week" or "my week" (today to Sunday;
    weeks begin on Monday), "next week", "the weekend" / "this weekend" (Saturday and Sunday), "next weekend", "this
    month", "next month", a month by name ("in may": the next May, the rest of it when it is May now). None
    for one day ("next friday", "in may the 3rd": `find_date`) or for none."""
    t = normalize_utterance(text)
    m = _PERIOD.search(t)
    named = _NAMED_MONTH.search(t)
    if named is not None and (m is None or named.start() < m.start()):
        month = MONTHS.index(named.group("month")) + 1
        first = today.replace(day=1)
        while first.month != month:
            first = _plus_months(first, 1)
        return FoundPeriod(max(first, today), _last_day(first.year, first.month), named.group(0))
    if m is None:
        return None
    which = " ".join((m.group("which") or "").split())
    unit = m.group("unit")
    later = which in ("next", "the coming") if unit != "weekend" else which == "next"
    if unit == "week":
        monday = today - _dt.timedelta(days=today.weekday())
        start = monday + _dt.timedelta(days=7) if later else today
        return FoundPeriod(start, monday + _dt.timedelta(days=13 if later else 6), m.group(0))
    if unit == "weekend":
        saturday = today + _dt.timedelta(days=(5 - today.weekday()) % 7) if today.weekday() < 6 else today - _dt.timedelta(days=1)
        if later:
            saturday += _dt.timedelta(days=7)
        return FoundPeriod(max(today, saturday), saturday + _dt.timedelta(days=1), m.group(0))
    if which in ("the", "", "my"):                      # "the month" alone names no stretch
        return None
    first = _plus_months(today.replace(day=1), 1) if later else today
    return FoundPeriod(first, _last_day(first.year, first.month), m.group(0))


# the year of a date said at the end of the request, after the date ("... a sunday this year", "... in 2028")
_YEAR_LATER = re.compile(r"\b(?:in\s+|of\s+)?(?P<year>this year|next year|last year|(?:19|20)\d\d)[?.!]*$")
_YEAR_SAID_IN = re.compile(r"\b(?:(?:this|next|last) year|(?:19|20)\d\d)\b")


# a day said from the day the conversation was about: "the day after (that)", "the next day", "the
# following day", "the day before", "the previous day"
_DAY_FROM_ANOTHER = re.compile(r"(?:on\s+|for\s+)?(?:the\s+)?(?:day\s+(?P<dir>after|before)(?:\s+that)?"
                               r"|(?P<next>next|following|previous)\s+day)")


def day_from_another(text: str) -> int | None:
    """The days from the day talked about that words said alone name: "the day after" +1, "the day
    before that" -1, "the next day" +1; None for other words ("the day after tomorrow" is a date)."""
    m = _DAY_FROM_ANOTHER.fullmatch(normalize_utterance(text))
    if m is None:
        return None
    return -1 if m.group("dir") == "before" or m.group("next") == "previous" else 1


def words_for_day(day: _dt.date, today: _dt.date) -> str:
    """A day in the words `find_date` reads back: "today", "tomorrow", "the day after tomorrow", "on
    friday" (this week's), "yesterday", "on december 9" (within the year ahead), else with its year."""
    days = (day - today).days
    if -1 <= days <= 2:
        return {-1: "yesterday", 0: "today", 1: "tomorrow", 2: "the day after tomorrow"}[days]
    if 2 < days < 7:
        return f"on {day.strftime('%A').lower()}"
    year = f" {day.year}" if not 0 < days < 365 else ""
    return f"on {day.strftime('%B').lower()} {day.day}{year}"


# a year said in words after a day and a month ("the first of january two thousand", "march 3rd twenty twenty
# five", "july 4 nineteen ninety nine"): read as its digits, which the date patterns take (`_YEAR`)
_TEEN_OR_TENS = r"(?:" + "|".join(sorted((w for w, n in {**_UNITS, **_TENS}.items() if 10 <= n <= 90), key=len,
                                         reverse=True)) + r")"
_UNIT_WORD = r"(?:" + "|".join(w for w, n in _UNITS.items() if 0 < n < 10) + r")"
_TEN_TO_NINETY_NINE = _TEEN_OR_TENS + r"(?:[\s-]+" + _UNIT_WORD + r")?"
_SPOKEN_YEAR = re.compile(r"(?P<lead>" + _MONTH.replace("?P<month>", "") + r"|\d{1,2}(?:st|nd|rd|th)?|" + _ORDINAL + r")"
                          r",?\s+(?:of\s+)?(?P<year>(?:nineteen|twenty)\s+(?:" + _TEN_TO_NINETY_NINE
                          + r"|(?:oh|o)\s+" + _UNIT_WORD + r"|hundred)"
                          r"|two\s+thousand(?:\s+(?:and\s+)?(?:" + _TEN_TO_NINETY_NINE + r"|" + _UNIT_WORD + r"))?)(?![a-z])")


def _year_in_digits(m: re.Match[str]) -> str:
    words = m.group("year").replace("-", " ").split()
    if words[0] == "two":
        year = parse_number(" ".join(words))
    else:
        rest = [w for w in words[1:] if w not in ("oh", "o")]
        tail = Decimal(0) if rest == ["hundred"] else parse_number(" ".join(rest))
        year = None if tail is None else parse_number(words[0]) * 100 + tail
    return m.group(0) if year is None else f"{m.group('lead')} {int(year)}"


def find_date(text: str, today: _dt.date, past: bool = False) -> FoundDate | None:
    """The calendar date a request names, with the words that name it, or None: "the fourth of july",
    "june 3rd", "december the twenty fifth 2027", "christmas", "thanksgiving", "tomorrow", "the day
    after tomorrow", "the end of the month", "in three days", "two weeks from now", "next friday" (the Friday of next week),
    "this friday", "on friday", "last tuesday", "on the 12th", "the weekend" (its Saturday). A date said without a year is the next
    one (the last one with `past`: "how long since christmas"). "a saturday" is not a date ("is tomorrow a saturday" names tomorrow). The first date said wins.
    A year said in words after the date is its digits ("january 1st two thousand")."""
    t = _SPOKEN_YEAR.sub(_year_in_digits, normalize_utterance(text))
    found: list[tuple[int, int, _dt.date, str]] = []
    for kind, pattern in _DATE_PATTERNS:
        for m in pattern.finditer(t):
            if kind == "weekday" and not m.group("which") and _WEEKDAY_CLAIMED.search(t[:m.start()]):
                continue
            when = _resolve_date(kind, m, today, past)
            if when is not None:
                found.append((m.start(), -(m.end() - m.start()), when, m.group(0).strip(), kind))
    if any(f[4] != "weekday" for f in found):        # "is tomorrow saturday": a bare weekday is what is asked
        found = [f for f in found if f[4] != "weekday" or re.match(r"(?:this|next|last|coming|on)\b", f[3])]
    # a date inside a longer one is part of it ("the 3rd" of "on the 3rd of december")
    found = [f for f in found if not any(o is not f and o[0] <= f[0] and o[0] - o[1] >= f[0] - f[1] and o[1] < f[1]
                                         for o in found)]
    if not found:
        return None
    start, _length, when, words, kind = min(found)
    year_later = _YEAR_LATER.search(t[start + len(words):]) if kind in ("day_month", "month_day", "holiday") else None
    if year_later is not None and not _YEAR_SAID_IN.search(words):     # "is the 3rd of october a sunday this year"
        with_year = find_date(f"{words} {year_later.group('year')}", today, past)
        if with_year is not None and with_year.kind == kind:
            when = with_year.when
    offset = _OFFSET.search(t[:start])                 # "a week from friday", "three days after christmas"
    if offset is not None:
        raw = offset.group("n").strip()
        n = 1 if raw in ("a", "an") else parse_number(raw)
        if n is not None and n == int(n) and 0 < n <= 1000:
            days = int(n) * {"day": 1, "week": 7, "fortnight": 14}[offset.group("unit").rstrip("s")]
            when = when + _dt.timedelta(days=-days if offset.group("dir") == "before" else days)
            words, kind = t[offset.start():start] + words, "offset"
    return FoundDate(when, words, kind)


# ---- a slip said and put right in the same breath ----------------------------------------------
# "set a timer for five, no, ten minutes", "remind me at six sorry seven pm", "add apples i mean pears":
# people put a slip right as they speak; the words before the repair are not the request. Said between
# the slip and its repair: words that only ever mean "what I said was wrong" (SURE), and words that
# also mean other things ("no milk", "say sorry", "make it louder"), taken for a repair only between
# two values of one kind (two numbers, two days, two months: "five no ten").
_REPAIR_SURE = ("i mean", "or rather", "make that", "scratch that", "no wait", "wait no", "no sorry", "sorry no",
                "sorry i mean", "no i mean")
_REPAIR_MAYBE = ("no", "nope", "sorry", "actually", "wait", "oops", "whoops", "make it", "i meant", "no i meant",
                 "no no", "er no", "um no", "uh no")
_REPAIR_TERMS = sorted(((t.split(), True) for t in _REPAIR_SURE), key=lambda x: -len(x[0])) + \
    sorted(((t.split(), False) for t in _REPAIR_MAYBE), key=lambda x: -len(x[0]))
_NUMERIC = (set(_UNITS) | set(_TENS) | set(_SCALES) | set(_FRACTIONS)) - {"oh"}
_NOT_A_SLIP = UNFINISHED_ENDINGS | frozenset("""i me you it we they he she him them us is are was were be am do does did
    this that these those not please oh oops whoops nope sorry on in off up down over under by near after before
    about around onto across""".split()) | DISCOURSE_WORDS
_SAID_IN_A_REPAIR = frozenset(w for t in (*_REPAIR_SURE, *_REPAIR_MAYBE) for w in t.split()) | {"oh", "um", "uh", "er"}


def _value_kind(word: str) -> str | None:
    """What a word is a value of, for telling a slip from its repair: "number" (digits, a clock time, a
    number word), "day", "month"; None for any other word."""
    if re.fullmatch(r"\d[\d:.,/]*(?:am|pm|st|nd|rd|th)?", word) or word in _NUMERIC:
        return "number"
    if word in _DAYS:
        return "day"
    if word in MONTHS:
        return "month"
    return None


def _value_run(words: list[str], start: int, step: int) -> int:
    """The other end of the value that starts at `start`, walking by `step` (-1 back, 1 on): one word, or
    number words in a row ("twenty five", "two and a half")."""
    end = start
    if _value_kind(words[start]) != "number":
        return end
    k = end + step
    while 0 <= k < len(words):
        if _value_kind(words[k]) == "number":
            end = k
        elif words[k] not in ("and", "a", "an", "point"):
            break
        k += step
    return end


def _repaired_once(tokens: list[str]) -> list[str] | None:
    words = [t.lower().strip(".,!?;:\"") for t in tokens]
    for e in range(1, len(words) - 1):
        for term, sure in _REPAIR_TERMS:
            r = e + len(term)
            if words[e:r] != term or r >= len(words):
                continue
            first = words[r]
            kind = _value_kind(first)
            end = _value_run(words, r, 1) + 1           # past the repair's value, or its first word
            b = e                   # where the words that put it right begin ("5 minutes, actually make that 7")
            while b > 0 and words[b - 1] in _SAID_IN_A_REPAIR:
                b -= 1
            start: int | None = None
            carried: list[str] = []
            if kind is not None:
                # the slip is the last value of the same kind before them, with at most one word after it
                # ("five minutes no ten": "minutes", said again after the repair when it leaves it out)
                for back in (1, 2):
                    at = b - back
                    if at >= 0 and _value_kind(words[at]) == kind:
                        start = _value_run(words, at, -1) if kind == "number" else at
                        carried = words[at + 1:b]
                        break
                if start is not None and carried:
                    if end < len(words) and words[end] not in _NOT_A_SLIP:
                        carried = []            # "five minutes no ten seconds": the repair says its own
                    elif words[end:end + len(carried)] == carried:
                        carried = []
            elif sure and (first not in _NOT_A_SLIP or first in words[max(0, b - 4):b]):
                # "add apples i mean pears", "call bob i mean rob": the same word said again marks where the
                # slip began ("set a timer ... scratch that set a reminder"); otherwise as many words before
                # them as the repair says before its next function word or value ("pears" for "apples",
                # "los angeles" for "new york", "rob" of "rob tomorrow" for "bob")
                same = [j for j in range(0 if first not in _NOT_A_SLIP else max(0, b - 4), b) if words[j] == first]
                if same:
                    start = same[-1]
                else:
                    said = 1
                    while r + said < len(words) and said < 3 and words[r + said] not in _NOT_A_SLIP \
                            and _value_kind(words[r + said]) is None:
                        said += 1
                    j = b
                    while j > 0 and b - j < said and words[j - 1] not in _NOT_A_SLIP and _value_kind(words[j - 1]) is None:
                        j -= 1
                    start = j if j < b else None
            if start is None:
                continue
            repaired = tokens[:start] + tokens[r:end] + carried + tokens[end:]
            if start == 0 and tokens[0][:1].isupper():
                repaired[0] = repaired[0][:1].upper() + repaired[0][1:]
            if start > 0:
                repaired[start - 1] = repaired[start - 1].rstrip(",;")
            return repaired
    return None


# ---- words speech recognition hears as their homophones ---------------------------------------------
# Each where the word heard cannot stand ("a timer for to minutes", "what's to plus to", "remind me to by
# milk"), so that nothing said as it was meant is changed ("go to the shop", "whether or not", "by the way").
_UNIT_AFTER = r"(?=\s+(?:minutes?|mins?|hours?|hrs?|seconds?|secs?|days?|weeks?)\b)"
_OPERATOR = r"(?:plus|minus|times|divided\s+by|multiplied\s+by|over|x)"
_NUMBER_SOUNDS = {"to": "two", "too": "two", "for": "four", "tree": "three", "ate": "eight", "won": "one"}
_NUMBER_WORD_BEFORE = "|".join(sorted(set(_UNITS) | set(_TENS) | set(_SCALES) | {"to", "too", "for"} - {"oh"}, key=len, reverse=True))
_MISHEARD = [(re.compile(pattern, re.I), into) for pattern, into in [
    # a number before a unit: "for to minutes", "in too hours", "a timer for for minutes"
    (r"\b(?:for|in|about|another|of|only|just)\s+(?P<w>to|too|for)" + _UNIT_AFTER, "number"),
    (r"^(?P<w>to|too)" + _UNIT_AFTER, "number"),
    # a number said as a clock time: "at ate", "by ate thirty"
    (r"\b(?:at|by|around|until|till|before|after)\s+(?P<w>ate)\b", "number"),
    # a number on either side of an operator: "what's to plus to", "ten times tree", "for times three"
    (r"(?:^|\b(?:what's|whats|what\s+is|is|calculate))\s*(?P<w>to|too|for|tree|won)(?=\s+" + _OPERATOR + r"\b)", "number"),
    (r"(?:\d|\b(?:" + _NUMBER_WORD_BEFORE + r"))\s+" + _OPERATOR + r"\s+(?P<w>to|too|for|tree|won)"
     r"(?=[\s?.!,]*$|\s+(?:" + _OPERATOR + r"|and|please|equals?)\b)", "number"),
    # things counted after "add": "add to eggs to my list" (two eggs)
    (r"^(?:add|buy)\s+(?P<w>to|too)(?=\s+(?!(?:my|the|this|that|our|his|her|its|list|lists)\b)[a-z]+s\b)", "number"),
    # "buy" heard as "by": "remind me to by milk", "add by a birthday card to my to do list"
    (r"\b(?:to|and|then|please|must|gotta)\s+(?P<w>by)(?=\s+(?:a|an|some|more|new|the|milk|bread|eggs|food|groceries"
     r"|presents?|gifts?|tickets?|[a-z]+s)\b)(?!\s+the\s+(?:end|time|way|door|window|side)\b)", "buy"),
    (r"^(?:add|put)\s+(?P<w>by)(?=\s+(?:a|an|some|more|new)\s)", "buy"),
    # "add" heard as "ad" where a request starts with things to put on a list: "Ad coffee beans and butter to
    # my shopping list." (whisper on the piper voice)
    (r"^(?P<w>ad)(?=\s+[a-z][\w\s,'-]*?\b(?:to|on|onto)\s+(?:my|the|our)\s+(?:[a-z-]+\s+){0,2}list\b)", "add"),
    # "weather" heard as "whether": "what's the whether like"
    (r"\b(?:the|what's|whats|how's|hows)\s+(?P<w>whether)\b(?!\s+(?:or|to|it|you|i|we|they|he|she)\b)", "weather"),
]]


def mend_misheard(text: str) -> str:
    """`text` with the words speech recognition wrote for their homophones put right where the word written
    cannot stand: "set a timer for to minutes" -> "... for two minutes", "what's to plus to" -> "what's two
    plus two", "remind me to by milk" -> "remind me to buy milk", "at ate" -> "at eight", "what's the
    whether like" -> "... weather like". Only those words change; everything else stays as said."""
    out = text
    for pattern, into in _MISHEARD:
        def put_right(m: re.Match[str], into: str = into) -> str:
            word = _NUMBER_SOUNDS[m.group("w").lower()] if into == "number" else into
            return m.group(0)[:m.start("w") - m.start()] + word + m.group(0)[m.end("w") - m.start():]
        for _ in range(2):           # "to plus to": the second one after the first is put right
            mended = pattern.sub(put_right, out)
            if mended == out:
                break
            out = mended
    return out


def without_self_repairs(text: str) -> str:
    """`text` as the speaker meant it, each slip they put right in the same breath left out ("set a timer
    for five, no, ten minutes" -> "set a timer for ten minutes"; "remind me at six pm sorry seven" ->
    "remind me at seven pm"; "add apples i mean pears to the list" -> "add pears to the list"). Words that
    only may mark a repair ("no", "sorry", "actually", "make it") count as one only between two values of
    one kind; "there's no milk", "say sorry to jane" and "five or six minutes" are as said."""
    tokens = text.split()
    for _ in range(3):
        repaired = _repaired_once(tokens)
        if repaired is None:
            break
        tokens = repaired
    return " ".join(tokens) if tokens != text.split() else text
