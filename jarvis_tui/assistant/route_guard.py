"""Deterministic routing checks around the LLM (the brain runs them; fast paths have already passed).

Before the LLM (`classify`):
- small talk (greetings, thanks, how are you, opinions about the assistant) -> `chat`;
- a general-knowledge question with NO action cue -> `answer_question` with the question as query.
Both refuse whenever the text carries any cue of an action (timers, reminders, lists, weather,
time, email, jokes, units, arithmetic, the user's own things, day words): those go to the LLM. The
guard never guesses on an action request; a text it is unsure about is left to the model.

After the LLM (`grounding_problem`): `calculate` needs two numbers in the user's words;
`convert_measurement` needs a unit word. A call that fails is not acted on as is.

`shortlist` narrows the tools the constrained output may name when the text names exactly the
domain of some commands (e.g. "inbox" -> email) -- a cue, not a guess: the model still decides
among the shortlisted tools and the direct-answer ones.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from jarvis_tui.sdk.text import normalize_utterance, numbers_in, refers_back  # noqa: F401

# ---- cues of an action ---------------------------------------------------------------------------
_ACTION_WORDS = (
    r"timers?|countdown|alarms?|remind\w*|snooze|lists?|shopping|groceries|grocery|to-?do|tasks?|"
    r"weather|forecast|rain\w*|snow\w*|sunny|cloudy|windy|storm\w*|temperature|degrees?|hot|cold|warm|"
    r"umbrella|jacket|coat|humid\w*|"
    r"time|clock|date|today|tonight|tomorrow|yesterday|weekend|morning|afternoon|evening|noon|midnight|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|year|days?|hours?|minutes?|seconds?|"
    r"e-?mails?|mail|gmail|inbox|messages?|send|draft|"
    r"jokes?|funny|laugh|pun|"
    r"convert|conversion|plus|minus|times|divided|multiplied|percent|calculate|compute|sum|"
    r"set|start|stop|cancel|add|remove|delete|clear|check|play|turn|open|close|call|text|buy|order|book|"
    r"multiply|divide|subtract|"
    r"schedule|calendar|appointment|meeting|note|notes|"
    r"my|mine|me|i|i'm|i've|i'd|we|our|us"
)
_CUE = re.compile(rf"(?<![\w'-])(?:{_ACTION_WORDS})(?![\w'-])")
_DIGITS = re.compile(r"\d")


@lru_cache(maxsize=1)
def _unit_words() -> frozenset[str]:
    """Unit names, plurals and aliases (>= 3 letters) from the converter's table, if it is there."""
    path = Path(__file__).resolve().parents[2] / "assets" / "units.json"
    words: set[str] = set()
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        table = {}
    for key, cat in table.items():
        if key.startswith("_") or not isinstance(cat, dict):
            continue
        for name, u in (cat.get("units") or {}).items():
            for w in [name, u.get("plural", ""), *u.get("aliases", [])]:
                w = str(w).lower()
                if len(w) >= 3:
                    words.add(w)
    words.update({"celsius", "fahrenheit", "kelvin"})
    return frozenset(words)


def _words(t: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]*", t)


def action_cue(text: str) -> str | None:
    """The first word that hints at an action (None: there is none)."""
    t = normalize_utterance(text)
    m = _CUE.search(t)
    if m:
        return m.group(0)
    units = _unit_words()
    for w in _words(t):
        if w in units:
            return w
    if numbers_in(t) >= 2:
        return "numbers"
    return None


# ---- small talk ------------------------------------------------------------------------------------
_NAME = r"(?:\s*,?\s*(?:jarvis|buddy|friend|there|mate|pal))?"
_SMALL_TALK = [re.compile(p) for p in (
    rf"(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|good night|night night|"
    rf"bye|goodbye|see you(?: later| soon)?|later){_NAME}(?:\s*,?\s*how(?: are|'re) you(?: doing)?(?: today| tonight)?)?",
    r"how(?:'s| are|'re| is|s) (?:you|it going|things|your day|your day going|life)(?: doing| going)?(?: today| tonight| lately)?",
    r"how(?: have|'ve) you been",
    r"what'?s up|whats up|sup|what'?s new|what is up",
    rf"(?:thanks|thank you|thank you so much|thanks a lot|cheers|much appreciated)(?:{_NAME})?"
    r"(?:\s*,?\s*(?:you're|you are) (?:awesome|great|the best|amazing|a star|brilliant))?",
    r"(?:you're|you are) (?:awesome|great|the best|amazing|funny|smart|clever|brilliant|cool|kind|sweet|hilarious)",
    r"nice to (?:meet|see|talk to) you(?: too)?",
    r"i(?:'m| am) (?:so |really |very |a bit |kind of )?(?:bored|tired|sleepy|happy|sad|hungry|stressed|excited|"
    r"fine|good|great|okay|ok|back|home)(?: today| right now| now)?",
    r"i(?:'m| am) having (?:a |an )?(?:great|good|bad|rough|long|lovely|wonderful|terrible|awful) (?:day|week|morning|evening)",
    r"let'?s (?:just )?(?:chat|talk)(?: for a (?:bit|while|minute))?",
    r"(?:tell me|talk) about yourself|who are you|what are you|are you (?:a robot|a human|human|real|alive|there|listening|awake)",
    r"what'?s your (?:name|favou?rite \w+)|what is your (?:name|favou?rite \w+)|do you have a (?:favou?rite \w+|name)",
    r"do you (?:like|love|enjoy|dream|sleep|get bored|have feelings)(?: [a-z' ]{1,30})?",
    r"what do you think (?:about|of) [a-z' -]{1,40}",
    r"tell me something (?:interesting|fun|cool|nice|new)",
    r"(?:good|great|nice|awesome|cool|wow|okay|ok|lol|haha|ha ha)(?: job| work| one)?",
)]

# ---- questions ---------------------------------------------------------------------------------------
_PREFIX = re.compile(r"^(?:(?:do you know|can you tell me|could you tell me|tell me|i wonder|i was wondering)\s+)(?!about\b)")
_FOLLOW_UP = re.compile(r"^(?:and|also|now|then|what about|how about|same|again)\b|\b(?:that|it|this|those|them|these|one)\b")
_QUESTION = re.compile(
    r"^(?:who|whom|whose|what|what's|whats|when|where|where's|why|which|how|is|are|was|were|does|did|can|could|"
    r"tell me about|explain|describe|define|what does|what is|give me (?:a|the) (?:definition|summary) of)\b")
_ABOUT_YOU = re.compile(r"\b(?:you|your|yourself)\b")


@dataclass(frozen=True)
class GuardDecision:
    tool: str                      # chat | answer_question
    kind: str                      # small_talk | question
    arguments: dict[str, Any]      # {} for chat: the model writes the reply; {"query"} for questions
    reason: str


def classify(text: str, available: Iterable[str]) -> GuardDecision | None:
    """chat / answer_question for text that is certainly not an action request; else None."""
    names = set(available)
    t = normalize_utterance(text)
    if not t:
        return None
    if "chat" in names and any(p.fullmatch(t) for p in _SMALL_TALK):
        # a few small-talk forms contain cue words ("good morning", "i'm tired"): they match whole
        return GuardDecision("chat", "small_talk", {}, "small talk")
    if "answer_question" not in names:
        return None
    q = _PREFIX.sub("", t)
    subject = re.sub(r"^tell me about\s+", "", q)
    if action_cue(subject) is not None or _FOLLOW_UP.search(subject):
        return None
    if not _QUESTION.match(q) or len(_words(q)) < 3:
        return None
    if _ABOUT_YOU.search(q):
        return None                  # questions to the assistant itself: the model decides (often chat)
    query = re.sub(r"^(?:hey |ok |okay )?jarvis[,\s]+", "", text.strip(), flags=re.I)
    return GuardDecision("answer_question", "question", {"query": query}, "question with no action cue")


# ---- after the model -------------------------------------------------------------------------------
_NUM_WORDS = ("zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
              "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
              "hundred|thousand|million|half|quarter|dozen")
_NUMBER = re.compile(rf"\d+(?:[.,]\d+)?|(?<![a-z])(?:{_NUM_WORDS})(?![a-z])")


def grounding_problem(call: dict[str, Any], text: str) -> str | None:
    """Why a model's call cannot be what the user said (None: no objection)."""
    name = call.get("name")
    if name == "calculate" and numbers_in(text) < 2:
        return "calculate needs two numbers in the request"
    if name == "convert_measurement":
        words = set(_words(normalize_utterance(text)))
        if not words & _unit_words() and not re.search(r"\b(?:convert|conversion)\b", normalize_utterance(text)):
            return "convert_measurement needs a unit in the request"
    return None


# ---- a shortlist of tools by domain words ------------------------------------------------------------
_DOMAINS: dict[str, re.Pattern[str]] = {
    "email": re.compile(r"\b(?:e-?mails?|gmail|inbox|mailbox|mail|messages?)\b|[\w.+-]+@[\w-]+\.[\w.]+"),
    "get_weather": re.compile(r"\b(?:weather|forecast|rain\w*|snow\w*|umbrella|sunny|cloudy|windy|humid\w*|"
                              r"cold|hot|chilly|freezing)\b"),
    "reminder": re.compile(r"\b(?:remind\w*|reminders?|snooze)\b"),
    "tell_joke": re.compile(r"\b(?:jokes?|pun|puns)\b"),
    "shopping_list": re.compile(r"\b(?:shopping|grocery|groceries)\b"),
    "todo_list": re.compile(r"\b(?:to-?do|todos|task list)\b"),
}


def shortlist(text: str, available: Iterable[str]) -> list[str] | None:
    """The action tools whose domain words the text contains (None: no domain word, use all)."""
    t = normalize_utterance(text)
    names = set(available)
    hits = [n for n, p in _DOMAINS.items() if n in names and p.search(t)]
    if "reminder" in hits and "set_timer" in names:
        hits.append("set_timer")         # "remind me in 10 minutes" (no task) is a timer
    return sorted(set(hits)) or None
