"""A follow-up that leaves out what was just said: "what about tomorrow", "and in london", "how about
two cups". People say only what changes; the rest is the last request's. `elided_fragment` finds
such words, `completed_request` puts them into the last request's words, where the words they
replace stood ("what time is it in sydney" + "what about new york" -> "what time is it in new york"),
or after them ("what's the weather like" + "tomorrow" -> "what's the weather like tomorrow"). The
completed request is then routed as any other, so every command's fast paths, examples and
post-processing read it as they read a request said whole. No command is named here: what a
fragment replaces is found from English grammar (prepositions, determiners, dates, clock times)
and from the arguments the last turn's calls were given."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any, NamedTuple

from jarvis_tui.sdk.text import (
    MONTHS,
    NUMBER_WORDS,
    REQUEST_OPENERS,
    day_from_another,
    find_clock_time,
    find_date,
    normalize_utterance,
    parse_clock_time,
    parse_number,
    stem,
    words_for_day,
)

# "what about X", "how about X", "and X", "same for X", "and what about X then"
_OPENER = re.compile(
    r"^(?:(?:ok|okay|oh|so|hmm|right|now)[,\s]+)*"
    r"(?:(?:and\s+)?(?:what|how)\s+about|(?:and\s+)?(?:the\s+)?same(?:\s+thing)?(?=\s+(?:for|in|at|on)\b)|and)\s+"
    r"(?P<rest>.+?)(?:[,\s]+(?:then|instead|too|as\s+well|please|jarvis))*$")
MAX_FRAGMENT_WORDS = 6
MAX_SLOT_WORDS = 3          # an argument of more words (a question, a message) is no slot a word replaces
# a fragment that points at a person or at nothing said ("what about you", "and me", "how about that")
# is small talk, not a request's slot
_PRONOUNS = frozenset("you me it that this them us him her yourself myself yours mine".split())
_PEOPLE = frozenset("you me us him her them yourself myself".split())
_ONE_MORE = frozenset("another more again".split())
PREPOSITIONS = frozenset("in at for on to from by near around with during".split())
# words that open a noun phrase before its head ("in a cup", "two cups", "half a pound")
_NOUN_PHRASE_OPENERS = frozenset("a an the my your our this that these those some half quarter".split()) | NUMBER_WORDS
# words that open a time phrase ("next week", "this coming friday")
_TIME_OPENERS = frozenset("next this last coming every early late".split())
# words a day is said after without "on" ("until december 26")
_BEFORE_A_DAY = frozenset("until till since before after from".split())
_TIME_WORDS = re.compile(r"\b(?:today|tonight|tomorrow|weekend|morning|afternoon|evening|night|week|month|year|"
                         r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|midnight)s?\b")


def elided_fragment(text: str) -> str | None:
    """The words a follow-up adds when it leaves out the rest of the request ("what about tomorrow"
    -> "tomorrow", "and in london" -> "in london", "how about two cups then" -> "two cups"); None
    for a request said whole, a long one, or one about a person ("what about you")."""
    m = _OPENER.match(normalize_utterance(text))
    if m is None:
        return None
    rest = m.group("rest").strip(" ,?")
    words = rest.split()
    if words and day_from_another(rest) is not None:
        return rest             # "and the day after that": "that" is the day talked about, not a thing
    if not words or len(words) > MAX_FRAGMENT_WORDS or words[-1] in _PRONOUNS or words[0] in _PEOPLE \
            or words[0] in REQUEST_OPENERS or words[0] in _ONE_MORE:
        return None             # "and set an alarm for 7" is a request said whole, "and another" asks again
    return rest


def fragment_said_alone(text: str) -> str | None:
    """A follow-up said with no "what about" or "and": a when or a place and nothing else ("tomorrow?",
    "on saturday", "in new york", "in paris tomorrow"); None otherwise. Words that could be a thing ("for
    the kids", "with milk") need the opener."""
    rest = normalize_utterance(text).strip(" ,?.!")
    chunks = _chunks(rest) if rest else []
    if chunks and len(rest.split()) <= MAX_FRAGMENT_WORDS and all(_is_time(c) or says_a_place(" ".join(c)) for c in chunks):
        return rest
    return None


def says_only_when_or_where(fragment: str) -> bool:
    """Whether every part of the fragment is a time or a phrase after a preposition ("the weekend", "in
    chicago on sunday"): words that cannot ask for anything of their own."""
    return all(_is_time(chunk) or chunk[0] in PREPOSITIONS for chunk in _chunks(fragment))


def says_a_place(fragment: str) -> bool:
    """Whether the fragment is a place said after "in" and nothing else ("in york", "in new york"; not
    "in the morning", "in 10 minutes")."""
    chunks = _chunks(fragment)
    return len(chunks) == 1 and chunks[0][0] == "in" and len(chunks[0]) > 1 and not _is_time(chunks[0]) \
        and not any(w[0].isdigit() or w in _NOUN_PHRASE_OPENERS or w in MONTHS for w in chunks[0][1:])


def _chunks(fragment: str) -> list[list[str]]:
    """The fragment cut before each preposition and each time word that follows other words:
    "in chicago on sunday" -> [in chicago] [on sunday]; "tomorrow in paris" -> [tomorrow] [in paris]."""
    out: list[list[str]] = []
    for w in fragment.split():
        starts = w in PREPOSITIONS or (bool(_TIME_WORDS.fullmatch(w)) and bool(out) and not _TIME_WORDS.fullmatch(
            out[-1][-1]) and out[-1][-1] not in PREPOSITIONS | _NOUN_PHRASE_OPENERS | _TIME_OPENERS)
        if not out or (starts and out[-1][-1] not in PREPOSITIONS | _NOUN_PHRASE_OPENERS):   # "to my to do list"
            out.append([w])
        else:
            out[-1].append(w)
    return out


def _is_time(words: list[str]) -> bool:
    """The words say when: a date, a clock time said whole ("at 8", "7:30 pm"), a time word, or a day
    from the day talked about ("the day after")."""
    text = " ".join(words)
    if day_from_another(text) is not None:
        return True
    said = " ".join(w for w in words if w not in PREPOSITIONS)
    return bool(find_date(text, _dt.date(2000, 1, 1)) or parse_clock_time(said, require_meridiem=False)
                or _TIME_WORDS.search(text))


def _find(words: list[str], part: list[str], start: int = 0) -> int | None:
    for i in range(start, len(words) - len(part) + 1):
        if words[i:i + len(part)] == part:
            return i
    return None


def _time_span(words: list[str], clock_too: bool = True) -> tuple[int, int] | None:
    """Where the request says when: a date ("on friday", "tomorrow", "the weekend") or a clock time (not
    with `clock_too` False: a day said alone takes no clock time's place)."""
    text = " ".join(words)
    found = find_date(text, _dt.date(2000, 1, 1))
    spans = []
    if found is not None:
        part = found.words.split()
        i = _find(words, part)
        if i is not None:
            spans.append((i - 1 if i > 0 and words[i - 1] in ("on", "for", "by") else i, i + len(part)))
    clock = find_clock_time(text) if clock_too else None
    if clock is not None:
        part = clock[1].split()
        i = _find(words, part)
        if i is not None:
            spans.append((i - 1 if i > 0 and words[i - 1] in PREPOSITIONS else i, i + len(part)))
    for m in _TIME_WORDS.finditer(text):
        if not spans:
            i = len(text[:m.start()].split())
            spans.append((i, i + 1))
    return min(spans) if spans else None


def _head_span(words: list[str], chunk: list[str]) -> tuple[int, int] | None:
    """Where the request says the thing the chunk says again ("in half a cup" -> "in a cup" of "how many
    tablespoons in a cup", "to my to do list" -> "to my shopping list"): its last word's stem, back to
    the chunk's preposition when the request has it a few words before, else back over the noun
    phrase's determiners and numbers."""
    if chunk[-1] in NUMBER_WORDS or parse_number(chunk[-1]) is not None:
        return None
    head = stem(chunk[-1])
    for end in range(len(words) - 1, -1, -1):
        if stem(words[end]) != head:
            continue
        if chunk[0] in PREPOSITIONS:
            back = next((i for i in range(end - 1, max(-1, end - 6), -1) if words[i] == chunk[0]), None)
            if back is not None:
                return back, end + 1
        i = end
        while i > 0 and _opens_phrase(words[i - 1]):
            i -= 1
        return i, end + 1
    return None


def _is_number_word(word: str) -> bool:
    return parse_number(word) is not None and word not in ("a", "an", "and", "point")


def _says_only_a_number(chunk: list[str]) -> bool:
    """"26.2", "twenty five": a number and nothing else."""
    return parse_number(" ".join(chunk)) is not None and not {"a", "an"} & set(chunk)


def _number_span(words: list[str]) -> tuple[int, int] | None:
    """Where the request says its one number ("10" of "convert 10 miles to km"); None when it says none,
    or more than one (which one a bare number replaces is not known)."""
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(words):
        if _is_number_word(words[i]):
            j = i + 1
            while j < len(words) and (_is_number_word(words[j]) or (words[j] in ("and", "point") and j + 1 < len(words)
                                                                   and _is_number_word(words[j + 1]))):
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return runs[0] if len(runs) == 1 else None


def _opens_phrase(word: str) -> bool:
    return word in _NOUN_PHRASE_OPENERS or parse_number(word) is not None


def _value_span(words: list[str], chunk: list[str], values: list[str]) -> tuple[int, int] | None:
    """Where the request says an argument's words that the chunk says anew ("in sydney" for the
    place, when the chunk is "new york" or "in new york"; "for the pasta" for "for the rice"): a word
    argument said after the chunk's own preposition first, after another one next, and for a chunk
    without one, anywhere."""
    found = []
    for value in values:
        part = normalize_utterance(value).split()
        if not part or all(w in NUMBER_WORDS or parse_number(w) is not None for w in part):
            continue
        i = _find(words, part)
        if i is None:
            continue
        j = i + len(part)
        while i > 0 and _opens_phrase(words[i - 1]):
            i -= 1
        before = words[i - 1] if i > 0 else ""
        if before in PREPOSITIONS:
            found.append((0 if before == chunk[0] else 1, i - 1 if chunk[0] in PREPOSITIONS else i, j))
        elif chunk[0] not in PREPOSITIONS and len(part) <= MAX_SLOT_WORDS:
            found.append((2, i, j))      # "eggs" for the "milk" of "add milk to my shopping list"
    return min(found)[1:] if found else None


def _phrase_end(words: list[str], i: int) -> int:
    j = i + 1
    while j < len(words) and words[j] not in PREPOSITIONS:
        j += 1
    return j


def _preposition_span(words: list[str], chunk: list[str]) -> tuple[int, int] | None:
    """The request's last phrase after the chunk's preposition, or, for a chunk without one, after
    its last preposition ("in an ounce" for "in a pound"; "of france" for "germany"), not a time."""
    for i in range(len(words) - 2, -1, -1):
        w = words[i]
        if w in PREPOSITIONS | {"of"} and (w == chunk[0] or chunk[0] not in PREPOSITIONS):
            j = _phrase_end(words, i)
            # a number after "of" is no clock time ("12 percent of 250" + "and of 400" was 250 times 400)
            if not _is_time(words[i + 1:j]) or (w == "of" and _says_only_a_number(words[i + 1:j])):
                return i, j
    return None


# the things' own ("his" and "her" point at a person, whom "the president of france" does not put first)
_POSSESSIVES = frozenset(("its", "their"))


def _attribute_span(words: list[str]) -> tuple[int, int] | None:
    """Where the request says what it asks of a thing, "the capital city" of "what's the capital city of
    japan": the phrase from its determiner up to the first "of"; None without a determiner a few words
    before it."""
    if "of" not in words[1:]:
        return None
    j = words.index("of", 1)
    i = next((k for k in range(j - 1, max(-1, j - 5), -1) if words[k] in ("the", "a", "an")), None)
    return (i, j) if i is not None and i < j - 1 else None


def _counted_span(words: list[str], chunk: list[str]) -> tuple[int, int] | None:
    """What "how many" / "how much" counts in the request ("tablespoons" of "how many tablespoons in a cup"),
    for a thing said bare, with no determiner or preposition ("teaspoons"): the same question of it, not
    of the "a cup" it is counted in."""
    if chunk[0] in PREPOSITIONS or _opens_phrase(chunk[0]) or says_a_place(" ".join(chunk)):
        return None
    ends = PREPOSITIONS | {"is", "are", "was", "were", "do", "does", "did", "can", "will", "would", "should"}
    for i in range(len(words) - 3):
        # "how many <noun> <in|is|...>": the one word counted, right before what it is counted in
        if words[i] == "how" and words[i + 1] in ("many", "much") and words[i + 2] not in ends \
                and not _opens_phrase(words[i + 2]) and words[i + 3] in ends:
            return i + 2, i + 3
    return None


def _last_noun_phrase(words: list[str]) -> tuple[int, int] | None:
    """The request's last noun phrase opened by a determiner ("the eiffel tower" of "how tall is the
    eiffel tower"), for a thing said without a preposition."""
    for i in range(len(words) - 1, 0, -1):
        if words[i] in ("the", "a", "an", "my", "your", "our"):
            return i, _phrase_end(words, i)
    return None


def _string_values(arguments: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for args in arguments:
        for v in args.values():
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, list):
                out.extend(x for x in v if isinstance(x, str))
    return out


class Completion(NamedTuple):
    text: str
    added: bool          # some of the fragment's words replaced nothing and were added at the end


def completed_request(fragment: str, last_request: str, arguments: list[dict[str, Any]],
                      today: _dt.date | None = None) -> Completion:
    """The last request with the fragment's words in place of the words they replace: a time for the
    time it said, a thing for the same thing ("half a cup" for "a cup"), a word argument's value for
    that value; words that replace nothing are added at the end. A day said from the day talked
    about ("the day after") is that day in words of its own ("what's the weather tomorrow" + "the day
    after" -> "... the day after tomorrow"; from today when the request said no day)."""
    words = normalize_utterance(last_request).split()
    added = False
    values = _string_values(arguments)
    for chunk in _chunks(fragment):
        offset = day_from_another(" ".join(chunk))
        if offset is not None:
            today = today or _dt.date.today()
            said = find_date(last_request, today)
            chunk = words_for_day((said.when if said is not None else today) + _dt.timedelta(days=offset), today).split()
        number, when = (_number_span(words), _time_span(words)) if _says_only_a_number(chunk) else (None, None)
        if number is not None and (when is None or when[0] <= number[0] < when[1]):
            # "and 26.2" after "convert 10 miles to km": the amount again ("and 8" after "at 7": the hour)
            span = number
        elif _is_time(chunk):
            # "tomorrow" after "remind me ... at 5 pm" is the day of that time, not in its place
            said = " ".join(chunk)
            day_alone = find_date(said, _dt.date(2000, 1, 1)) is not None and find_clock_time(said) is None
            span = _time_span(words, clock_too=not day_alone)
        elif chunk[0] in _POSSESSIVES and len(chunk) > 1 and (attribute := _attribute_span(words)) is not None:
            # "and its population" after "what's the capital of japan": what is asked of the same thing
            span, chunk = attribute, ["the", *chunk[1:]]
        else:
            span = _head_span(words, chunk) or _value_span(words, chunk, values) or _counted_span(words, chunk) \
                or _preposition_span(words, chunk)
            if span is None and chunk[0] not in PREPOSITIONS:
                span = _last_noun_phrase(words)
        if span is None:
            words, added = words + chunk, True
            continue
        i, j = span
        if offset is not None and chunk[0] == "on" and i > 0 and words[i - 1] in PREPOSITIONS | _BEFORE_A_DAY:
            chunk = chunk[1:]           # "how many days until christmas" + "the day after": "until december 26"
        if chunk[0] not in PREPOSITIONS and words[i] in PREPOSITIONS | {"of"} and words[i] != chunk[0] \
                and not _is_time(chunk):
            i += 1                      # "new york" for "in sydney": the preposition stays ("of canada" has its own)
        words = words[:i] + chunk + words[j:]
    return Completion(" ".join(words), added)
