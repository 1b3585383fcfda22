"""A question about what the assistant can do ("can you set alarms?", "are you able to convert
units?", "do you do reminders?"), told from a request ("can you set an alarm for 7?", "can you tell me
a joke?"): the question names an activity in general, a request names what to do it to or when.
`ability_asked` returns the activity's words; the assistant answers from the command the router
finds for them, in that command's own words (its `capability`), and does nothing. A question about how
to ask for something ("how do i cancel a timer?", "what do i say to add something to my list?") is
answered the same way, with one of that command's own examples (`how_asked`), and a question about what
a kind of thing lets the user do ("what can you do with my shopping list?") with the capability and a
few examples of the commands that keep it (`uses_asked`, `examples_of_uses`)."""
from __future__ import annotations

import re

from jarvis_tui.sdk.text import parse_number

_ASKS = re.compile(
    r"^(?:(?:so|and|also|ok|okay|wait)\s+)*"
    r"(?:(?:can|could)\s+you|are\s+you\s+able\s+to|do\s+you\s+know\s+how\s+to|is\s+it\s+possible\s+(?:for\s+you\s+)?to"
    r"|do\s+you)\s+(?:also\s+|even\s+|actually\s+)?"
    r"(?P<what>.+?)(?:\s+(?:too|as\s+well|at\s+all|for\s+me|jarvis))*$")
# words that make it a request: what to do it to ("an alarm", "my list", "me a joke") or when
_PARTICULAR = frozenset("""
    a an the my your our his her their this that these those some any one me it them us him
    today tonight tomorrow now later morning evening afternoon noon midnight
    monday tuesday wednesday thursday friday saturday sunday weekend week minute minutes hour hours second seconds
    at in on for to about from with by please
    up down off out over back again louder quieter softer slower faster higher lower more less
    i we where what when who whom whose which why how
""".split())
# (the line before it: how to do it, not what: "can you talk louder", "could you turn down" ask for it; the last
# line: a clause of its own says which thing, "do you remember where i parked" asks for it)
MIN_WORDS, MAX_WORDS = 2, 4
# an object that names a kind of thing, not one ("delete things from my list", "add stuff to lists"):
# what follows it may be particular and the words still ask about the activity
_ANY_THING = frozenset("things stuff items something anything several".split())
# how many, said of a kind of thing ("can you set more than one timer", "can you keep multiple lists"): no one thing
# of it, read as "several" (the model had paused the running timer)
_HOW_MANY = re.compile(r"\b(?:more\s+than\s+one|multiple|several|(?<!how )many|(?:a\s+)?lots?\s+of|loads\s+of|a\s+(?:few|couple\s+of)"
                       r"|(?:two|2)\s+or\s+more)\b")
MAX_WORDS_ANY_THING = 8
# "how do i cancel a timer", "how can i get you to set an alarm", "what do i say to add milk", "what's the
# way to get you to start a timer". The forms that name asking the assistant (`asking`) ask how to ask
# whatever the request says, a number included ("how do i get you to set a timer for 5 minutes" had set it)
_GET_YOU_TO = r"(?:(?:get|tell|ask)\s+you\s+to|make\s+you(?:\s+to)?)"
_HOW = re.compile(
    r"^(?:(?:so|and|also|ok|okay|wait|um|uh)\s+)*"
    r"(?:(?P<asking>how\s+(?:do|can|could|would|should)\s+(?:i|we)\s+" + _GET_YOU_TO +
    r"|what(?:'s|s|\s+is)\s+the\s+(?:best\s+|right\s+|easiest\s+)?way\s+to\s+" + _GET_YOU_TO +
    r"|what\s+(?:do|should|would)\s+i\s+(?:have\s+to\s+)?say\s+to)"
    r"|how\s+(?:do|can|could|would|should)\s+(?:i|we|you)|how\s+to)\s+"
    r"(?P<what>.+?)(?:\s+(?:with\s+you|jarvis))*$")
MAX_HOW_WORDS = 8
# "what can you do with my shopping list", "what else can i do with timers", "what are you able to do with reminders"
_USES = re.compile(
    r"^(?:(?:so|and|also|ok|okay|wait|um|uh)\s+)*what\s+(?:else\s+)?"
    r"(?:(?:can|could)\s+(?:you|i|we)|are\s+you\s+able\s+to)(?:\s+else)?\s+do\s+(?:with|for|about)\s+"
    r"(?P<what>.+?)(?:\s+(?:too|jarvis))*$")
MAX_THING_WORDS = 5
MOST_EXAMPLES = 3


def ability_asked(text: str) -> str | None:
    """The activity a question about the assistant's abilities names ("can you set alarms" -> "set
    alarms", "do you do reminders" -> "do reminders", "are you able to delete things from my list"), or
    None for anything else, a request said politely included ("can you set a timer for 5 minutes",
    "could you tell me a joke")."""
    m = _ASKS.match(_plain(text))    # (normalize_utterance drops "can you": the raw words)
    if m is None:
        return None
    words = _HOW_MANY.sub("several", m.group("what")).split()
    general = 1 if len(words) > 1 and words[1] in _ANY_THING else None      # the verb's object
    asked = words if general is None else words[:general + 1]       # what follows a kind of thing may be particular
    most = MAX_WORDS if general is None else MAX_WORDS_ANY_THING
    if not MIN_WORDS <= len(words) <= most or any(w in _PARTICULAR for w in asked):
        return None
    if any(_number(w) for w in words):
        return None
    return " ".join(words)


def how_asked(text: str) -> str | None:
    """The request a question about how to ask for it names ("how do i cancel a timer" -> "cancel a
    timer", "what do i say to add something to my shopping list"), or None; a question with a number in it
    wants the answer ("how do i convert 5 miles to km"), and is None too, unless it names asking the
    assistant ("how do i get you to set a timer for 5 minutes", "what do i say to add 2 apples")."""
    m = _HOW.match(_plain(text))
    if m is None:
        return None
    words = m.group("what").split()
    if not MIN_WORDS <= len(words) <= MAX_HOW_WORDS or (m.group("asking") is None and any(_number(w) for w in words)):
        return None
    return " ".join(words)


def uses_asked(text: str) -> str | None:
    """The kind of thing a question about what it lets the user do names ("what can you do with my
    shopping list" -> "my shopping list", "what else can i do with timers" -> "timers"), or None; a
    thing with a number in it is a particular one, not a kind ("what can you do with 5 dollars")."""
    m = _USES.match(_plain(text))
    if m is None:
        return None
    words = m.group("what").split()
    if len(words) > MAX_THING_WORDS or any(_number(w) for w in words) or all(w in _PARTICULAR for w in words):
        return None             # "what can you do for me": no thing named
    return " ".join(words)


def examples_of_uses(command: object, parts: list[object], most: int = MOST_EXAMPLES) -> list[str]:
    """A few requests that show what `command` lets the user do: its first prompt example of each
    action (each different value of its required choices: add, read, remove), then the first example of each
    of `parts` (the commands that do the rest of the same kind of thing: cancelling a timer, asking how
    long is left), `most` at most, each said once."""
    shown: list[str] = []
    actions: set[tuple] = set()
    choices = {p.name for p in getattr(command, "parameters", []) if p.enum_values and p.required}
    for e in _examples(command):
        action = tuple(sorted((k, str(v).lower()) for k, v in (e.expected_parameters or {}).items() if k in choices))
        if action not in actions:
            actions.add(action)
            shown.append(_said_as(e.voice_command))
    for part in parts:
        shown += [_said_as(e.voice_command) for e in _examples(part)[:1]]
    return list(dict.fromkeys(shown))[:most]


def _examples(command: object) -> list:
    try:
        return [e for e in command.generate_prompt_examples() if e.voice_command.strip()]
    except Exception:  # noqa: BLE001 - a plugin's broken examples: nothing to show of it
        return []


def _plain(text: str) -> str:
    said = " ".join(re.sub(r"[?.!,]+", " ", text.lower().replace("\u2019", "'")).split())
    return re.sub(r"^(?:(?:hey|ok|okay)\s+)?jarvis\s+", "", said)


def _number(word: str) -> bool:
    return parse_number(word) is not None or any(c.isdigit() for c in word)


def closest_example(command: object, words: str, arguments: dict[str, str] | None = None) -> str | None:
    """The example of `command` ("Cancel the pasta timer") that says what the user asked how to say:
    one whose choice arguments are `arguments` (the router's reading of the words: "check my reminders"
    is action "list", not "set") when there is one, sharing the most words with `words`, its prompt
    examples before its adapter ones; None when it has none. `arguments` None: which action is unsure,
    and the first of its examples is told ("keep track of my tasks" is no "Delete all of my tasks")."""
    found: list[tuple[str, dict]] = []
    for source in ("generate_prompt_examples", "generate_adapter_examples"):
        try:
            found += [(e.voice_command, e.expected_parameters or {}) for e in getattr(command, source)()
                      if e.voice_command.strip()]
        except Exception:  # noqa: BLE001 - a plugin's broken examples: the others still serve
            continue
    if arguments is None:
        return _said_as(found[0][0]) if found else None
    agreeing = [text for text, params in found
                if all(str(params.get(k, "")).lower() == str(v).lower() for k, v in arguments.items())]
    texts = agreeing or [text for text, _ in found]
    if not texts:
        return None
    asked = {w for w in re.findall(r"[a-z']+", words.lower()) if w not in _PARTICULAR}
    return _said_as(max(texts, key=lambda e: len(asked & set(re.findall(r"[a-z']+", e.lower())))))   # first best


def _said_as(example: str) -> str:
    said = example.strip().rstrip(".!?")
    return said[:1].upper() + said[1:]
