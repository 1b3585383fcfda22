"""Facts the user asks the assistant to remember: reading one into (topic, value), telling a secret
from a plain fact, and saying it back in the second person. Used by the memory commands, the store
(editing a memory re-reads it) and the Memories screen."""
from __future__ import annotations

import re
from dataclasses import dataclass

# a fact of the form "<my|our|the> <topic> <is|are|was> <value>"
_FACT = re.compile(r"^(?:(?P<owner>my|our|the)\s+)?(?P<topic>[\w' -]+?)\s+(?:is|are|was|were|=)\s+(?P<value>.+)$", re.I)
# words that say a fact is a secret: it is stored only after a yes, and masked in the prompt and panels
_SECRET = re.compile(r"\b(?:password|passcode|pass\s*code|passphrase|pin(?:\s*(?:code|number))?|code|combination|"
                     r"secret|cvv|cvc|security\s+(?:code|question|answer)|card\s+number|account\s+number|"
                     r"social\s+security|ssn|iban|api\s+key|token)\b", re.I)
_PERSON = {"my": "your", "i": "you", "me": "you", "mine": "yours", "myself": "yourself", "i'm": "you're",
           "i've": "you've", "i'll": "you'll", "i'd": "you'd", "our": "your", "we": "you", "us": "you",
           "we're": "you're", "ours": "yours"}
# words that point at something without saying it: "remember this" holds nothing to remember yet
_POINTERS = frozenset({"this", "that", "it", "these", "those", "something", "for", "me", "please", "down"})


@dataclass(frozen=True)
class Fact:
    topic: str
    value: str | None
    text: str


def read_fact(said: str) -> Fact | None:
    """"that my locker code is 4512." -> Fact("locker code", "4512", "my locker code is 4512")."""
    text = " ".join(said.strip().strip(".!?").split())
    text = re.sub(r"^(?:that|this)\s+(?!(?:is|was|are|were)\b)", "", text, flags=re.I)   # "that" the conjunction
    if len(text) < 3 or all(w in _POINTERS for w in re.findall(r"[\w']+", text.lower())):
        return None
    m = _FACT.match(text)
    if m and len(m.group("topic").split()) <= 6:
        return Fact(m.group("topic").strip().lower(), m.group("value").strip(), text)
    return Fact(text.lower(), None, text)


# a value that says where a secret is kept, not the secret: "the wifi password is on the fridge"
_WHERE_KEPT = re.compile(r"(?:(?:written|taped|stuck|kept|stored|printed|pinned)\s+)?(?:down\s+)?"
                         r"(?:on|in|inside|under|underneath|behind|beside|by|at|next\s+to|in\s+front\s+of)\s+\D+", re.I)


def looks_secret(fact: Fact) -> bool:
    if fact.value is not None and _WHERE_KEPT.fullmatch(fact.value):
        return False
    return bool(_SECRET.search(fact.topic) or (fact.value is None and _SECRET.search(fact.text)))


def second_person(text: str) -> str:
    """"my locker code is 4512" -> "your locker code is 4512"; "I am" -> "you are" (but "6 am" stays)."""
    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        if word.lower() == "i am":
            return "you are"
        out = _PERSON.get(word.lower(), word)
        return out.capitalize() if word[0].isupper() and word.lower() != "i" else out
    return re.sub(r"\bi\s+am\b|[\w']+", swap, text, flags=re.I)


