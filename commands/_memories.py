"""What the remember / recall / forget commands share: reading a fact into (topic, value), finding the
memory a question is about, turning "my" into "your", and telling a secret from a plain fact.
This module defines no commands.

Finding a memory uses scikit-learn's TF-IDF over character n-grams (the library the intent router
already uses): "what's my locker code" finds "my locker code is 4512" and "forget the code for my
locker" does too, without a hand-written similarity."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# a fact of the form "<my|our|the> <topic> <is|are|was> <value>"
_FACT = re.compile(r"^(?:(?P<owner>my|our|the)\s+)?(?P<topic>[\w' -]+?)\s+(?:is|are|was|were|=)\s+(?P<value>.+)$", re.I)
# words that say a fact is a secret: it is stored only after a yes, and masked in the prompt and panels
_SECRET = re.compile(r"\b(?:password|passcode|pass\s*code|passphrase|pin(?:\s*(?:code|number))?|code|combination|"
                     r"secret|cvv|cvc|security\s+(?:code|question|answer)|card\s+number|account\s+number|"
                     r"social\s+security|ssn|iban|api\s+key|token)\b", re.I)
# question and command words that do not say which memory ("what's my", "forget about the")
_NOT_TOPIC = {"what", "what's", "whats", "is", "are", "was", "my", "our", "the", "a", "an", "do", "you", "remember",
              "recall", "forget", "about", "that", "tell", "me", "please", "did", "i", "say", "said", "told", "again",
              "it", "of", "for", "delete", "remove", "erase", "can", "could", "your", "memory", "know"}
_PERSON = {"my": "your", "i": "you", "me": "you", "mine": "yours", "myself": "yourself", "i'm": "you're",
           "i've": "you've", "i'll": "you'll", "i'd": "you'd", "am": "are", "our": "your", "we": "you", "us": "you",
           "we're": "you're", "ours": "yours"}
MATCH_MIN = 0.3          # cosine similarity below which no memory is "the one" asked about


@dataclass(frozen=True)
class Fact:
    topic: str
    value: str | None
    text: str


def read_fact(said: str) -> Fact | None:
    """"that my locker code is 4512." -> Fact("locker code", "4512", "my locker code is 4512")."""
    text = " ".join(said.strip().strip(".!?").split())
    text = re.sub(r"^(?:that|this)\s+", "", text, flags=re.I)
    if len(text) < 3:
        return None
    m = _FACT.match(text)
    if m and len(m.group("topic").split()) <= 6:
        return Fact(m.group("topic").strip().lower(), m.group("value").strip(), text)
    return Fact(text.lower(), None, text)


def looks_secret(fact: Fact) -> bool:
    return bool(_SECRET.search(fact.topic) or (fact.value is None and _SECRET.search(fact.text)))


def second_person(text: str) -> str:
    """"my locker code is 4512" -> "your locker code is 4512"."""
    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        out = _PERSON.get(word.lower(), word)
        return out.capitalize() if word[0].isupper() and word.lower() != "i" else out
    return re.sub(r"[\w']+", swap, text)


def answer(memory: dict[str, Any]) -> str:
    """The spoken answer, made only of the stored words."""
    said = second_person(memory["text"])
    return said[0].upper() + said[1:] + ("" if said.endswith((".", "!", "?")) else ".")


def topic_words(question: str) -> str:
    words = re.findall(r"[\w']+", question.lower())
    return " ".join(w for w in words if w not in _NOT_TOPIC)


def find_memory(question: str, memories: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, float]:
    """The memory `question` is about and its similarity (0..1); (None, best) when none is close."""
    want = topic_words(question)
    if not want or not memories:
        return None, 0.0
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.metrics.pairwise import cosine_similarity

    docs = [f"{m['topic']} {m['topic']} {topic_words(m['text'])}" for m in memories]
    vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True).fit(docs + [want])
    sims = cosine_similarity(vec.transform([want]), vec.transform(docs))[0]
    best = int(sims.argmax())
    score = float(sims[best])
    return (memories[best] if score >= MATCH_MIN else None), score


def memory_store(services: Any):
    return services.store.memories
