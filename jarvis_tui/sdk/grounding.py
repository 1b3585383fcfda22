"""Grounding of LLM arguments in the user's words: the turn applies it to every free-text argument
the LLM wrote (jarvis_tui.assistant.grounding), and commands use it in post_process_tool_call.

A small model copies text from its prompt examples into arguments ("Tokyo", "john@example.com",
"pasta") when the user said nothing of the kind. Free-text arguments whose content words do not
appear in the utterance are dropped: an optional one simply goes, a required one then gets the
command's own validation question ("Who should it go to?") instead of a made-up value.
This module defines no commands and names none."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Iterable

from jarvis_tui.sdk.text import (TIME_UNIT_SECONDS, expand_contractions, find_duration, normalize_utterance, numbers_said,
                                 plain_text)

_STOP = frozenset("""a an the to of for on in at by with and or my me i you your it its this that these those
is are be was were am do does did please some any all from about up out off into""".split())


def _norm(text: str) -> str:
    text = expand_contractions(str(text).lower())
    return " " + re.sub(r"[^a-z0-9@.']+", " ", text).strip() + " "


def _forms(word: str) -> set[str]:
    forms = {word}
    if word.endswith("ies") and len(word) > 4:
        forms.add(word[:-3] + "y")
    if word.endswith("es") and len(word) > 3:
        forms.add(word[:-2])
    if word.endswith("s") and len(word) > 2:
        forms.add(word[:-1])
    forms.update({word + "s", word + "es"})
    if word == "all":                     # "cancel everything on friday": the model writes "all"
        forms.update({"every", "everything", "each", "both"})
    return forms


def content_words(value: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9@.']+", _norm(value)) if w.strip(".'") and w not in _STOP]


def _function_words(value: str) -> list[str]:
    """The words with letters of a value made only of function words ("all", "it", "everything of
    it"): such a value is grounded only when those words were said. A model that writes "all" the
    user never said would widen a delete from the one named to every item."""
    return [w for w in re.findall(r"[a-z']+", _norm(value)) if w.strip("'")]


def _said_words(utterance: str) -> set[str]:
    """The words said, each also without its "'s" ("the plumber's sorted": "plumber", as in "the
    plumber is sorted") or a plural's "'" ("the kids' shoes"), and an address also by its name part."""
    said = set(re.findall(r"[a-z0-9@.']+", _norm(utterance)))
    said |= {w.strip(".'") for w in said}
    said |= {w[:-2] for w in said if w.endswith("'s")}
    said |= {w.split("@", 1)[0] for w in said if "@" in w}
    return said


def grounded(value: Any, utterance: str) -> bool:
    """Whether a free-text value comes from the utterance (any content word of it is said)."""
    if value is None:
        return True
    words = content_words(str(value)) or _function_words(str(value))
    if not words:
        return True                      # nothing to check (numbers, "HH:MM")
    said = _said_words(utterance)
    return any(_forms(w.strip(".'")) & said for w in words)


def said_share(value: Any, heard: str) -> float:
    """The share of a value's content words (words with letters; an address counts by its name part)
    that were said in `heard`; of its function words when it has nothing else ("all"). 1.0 when the
    value has no word with letters (numbers, "HH:MM")."""
    words = []
    for w in content_words(str(value)) or _function_words(str(value)):
        w = w.strip(".'")
        if "@" in w:
            w = w.split("@", 1)[0]
        if re.search(r"[a-z]", w):
            words.append(w)
    if not words:
        return 1.0
    said = _said_words(heard)
    return sum(1 for w in words if _forms(w) & said) / len(words)


def number_said(value: Any, heard: str) -> bool:
    """Whether a number the model wrote was said in `heard`: as a number ("25", "twenty five"), as a
    fraction of a percentage said ("15 percent": 0.15), or as a length of time said, in seconds,
    minutes or hours ("in an hour and a half": 5400, 90 or 1.5; "push it back 10 minutes": 10 or
    600; a sign is the model's). A small model fills a number the user never said (relative_minutes
    30 on "what alarms do i have", 7 minutes for "next week"); such a number is not theirs."""
    try:
        v = abs(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        return True                                  # not a number: nothing to check here
    said = {abs(n) for n in numbers_said(heard)}
    if v in said or v * 100 in said:
        return True
    words = set(re.findall(r"[a-z]+", heard.lower()))
    units = [u for w, u in TIME_UNIT_SECONDS.items() if w in words or w + "s" in words]
    counts = said | {Decimal(1)} | ({Decimal(2)} if "couple" in words else set()) \
        | ({Decimal("0.5")} if "half" in words else set())
    seconds = {n * u for n in counts for u in units}
    seconds |= {Decimal(d) for d in (find_duration(line) for line in heard.splitlines()) if d}
    return any(v in (s, s / 60, s / 3600) for s in seconds)


def address_grounded(value: Any, utterance: str) -> bool:
    """An e-mail address is grounded when it is in the utterance, or when both its name and its
    domain's name are said as words ("sarah at gmail dot com", as speech recognition writes it). A
    name alone is not: "email sarah" with "sarah@test.com" is the prompt's example address."""
    if not value:
        return True
    v = str(value).strip().lower()
    said = _norm(utterance)
    if v in said:
        return True
    local, _, domain = v.partition("@")
    words = [w for w in re.split(r"[._+-]+", local) if w] + [w for w in domain.split(".")[:1] if w]
    return bool(local and domain) and all(
        re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", said) for w in words)


def drop_ungrounded(args: dict[str, Any], utterance: str, keys: Iterable[str]) -> dict[str, Any]:
    """Drop each of `keys` whose value (a string, or each string of a list) is not in the utterance."""
    out = dict(args)
    for key in keys:
        if key not in out:
            continue
        value = out[key]
        if isinstance(value, list):
            kept = [v for v in value if not isinstance(v, str) or grounded(v, utterance)]
            if kept:
                out[key] = kept
            else:
                del out[key]
        elif isinstance(value, str) and not grounded(value, utterance):
            del out[key]
    return out


_LEFT_OUT = frozenset("a an the my our his her their this that these those".split())   # what a retelling drops


def as_said(value: str, utterance: str, most: int = 3) -> str:
    """A value the model wrote from the user's words with a few small words left out ("lock back door"
    for "lock the back door", "call mom" for "call my mom"): those words as the user said them. The
    value itself when it is not such a shortening (words reordered, changed or added, or nothing left
    out)."""
    wanted = value.lower().split()
    said = [w.strip(",.!?") for w in utterance.split()]
    heard = [w.lower() for w in said]
    for start in (i for i, w in enumerate(heard) if wanted and w == wanted[0]):
        j, k, left_out = start, 0, 0
        while j < len(heard) and k < len(wanted):
            if heard[j] == wanted[k]:
                k += 1
            elif heard[j] in _LEFT_OUT and left_out < most:
                left_out += 1
            else:
                break
            j += 1
        if k == len(wanted) and left_out:
            return " ".join(said[start:j])
    return value


def said_values(evidence: dict[str, list[str]], utterance: str) -> dict[str, int]:
    """The enum values whose words or phrases the utterance contains (whole words, any case), each
    with where its first word was said."""
    said = f" {plain_text(normalize_utterance(utterance))} "
    found: dict[str, int] = {}
    for value, words in evidence.items():
        places = [said.find(f" {plain_text(w)} ") for w in words if plain_text(w)]
        places = [i for i in places if i >= 0]
        if places:
            found[value] = min(places)
    return found


# words of a reply that name nothing the user could point back at
_GENERIC = frozenset("""have has had got what when where which there here just like yes yeah okay sure sorry thanks thank done will
would could should can cannot can't don't doesn't didn't isn't aren't wasn't that's there's it's what's item
items thing things one ones more less much many very also still now then today tonight tomorrow yesterday week
weekend morning afternoon evening night minute minutes hour hours second seconds time list lists your yours been
being said says tell told know want need make made take took find found going right left next last first every
nothing something anything everything none get two new old big all any day way out too let see say put set add
how why who not but did was are its our his her min hrs sec lot bit off own""".split())


def named_from_reply(text: str, reply: str, asked: str = "") -> list[str]:
    """The words of `text` that name something the assistant's `reply` told the user and their own
    request before it (`asked`) did not: "take the teabags off" after "Your shopping list has 3 items:
    toilet paper, teabags and oat milk." names "teabags". Words of three letters or more ("jam"), not
    numbers, not generic ones ("list", "today", "what", "got"), in any of their forms ("teabag"). Such words continue
    the conversation: the request is about what was just said."""
    told = set(re.findall(r"[a-z']+", _norm(reply))) - set(re.findall(r"[a-z']+", _norm(asked)))
    return _words_naming(text, told)


def _words_naming(text: str, words: Iterable[str]) -> list[str]:
    """The words of `text` that are one of `words` in some form ("teabag" for "teabags"): words of
    three letters or more, not numbers, not generic ones ("list", "today", "what")."""
    kept = {w.strip("'") for w in words if len(w.strip("'")) >= 3 and w.strip("'") not in _GENERIC}
    out = []
    for w in content_words(text):
        w = w.strip(".'")
        if len(w) >= 3 and w.isalpha() and w not in _GENERIC and _forms(w) & kept:
            out.append(w)
    return out


def names_any_of(text: str, names: Iterable[str]) -> list[str]:
    """The words of `text` that name one of `names` (the things the user keeps: "ring the vet",
    "pasta"): words of three letters or more, not numbers, not generic ones, in any of their forms
    ("the cats one" names "feed the cat")."""
    held = [w for name in names for w in re.findall(r"[a-z']+", _norm(str(name)))]
    return _words_naming(text, held)
