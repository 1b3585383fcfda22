"""A question about what the assistant can do ("can you set alarms?", "are you able to convert
units?", "do you do reminders?"), told from a request ("can you set an alarm for 7?", "can you tell me
a joke?"): the question names an activity in general, a request names what to do it to or when.
`ability_asked` returns the activity's words; the assistant answers from the command the router
finds for them, in that command's own words (its `capability`), and does nothing."""
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
""".split())
MIN_WORDS, MAX_WORDS = 2, 4


def ability_asked(text: str) -> str | None:
    """The activity a question about the assistant's abilities names ("can you set alarms" -> "set
    alarms", "do you do reminders" -> "do reminders"), or None for anything else, a request said
    politely included ("can you set a timer for 5 minutes", "could you tell me a joke")."""
    said = " ".join(re.sub(r"[?.!,]+", " ", text.lower().replace("\u2019", "'")).split())
    m = _ASKS.match(re.sub(r"^(?:(?:hey|ok|okay)\s+)?jarvis\s+", "", said))    # (normalize_utterance drops "can you")
    if m is None:
        return None
    words = m.group("what").split()
    if not MIN_WORDS <= len(words) <= MAX_WORDS:
        return None
    if any(w in _PARTICULAR or parse_number(w) is not None or any(c.isdigit() for c in w) for w in words):
        return None
    return " ".join(words)
