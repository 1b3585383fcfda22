"""What the remember / recall / forget commands share: reading a fact into (topic, value), finding the
memory a question is about, turning "my" into "your", and telling a secret from a plain fact.
This module defines no commands.

Finding a memory uses scikit-learn's TF-IDF over character n-grams (the library the intent router
already uses): "what's my locker code" finds "my locker code is 4512" and "forget the code for my
locker" does too, without a hand-written similarity."""
from __future__ import annotations

import re
from typing import Any

from jarvis_tui.sdk import PreRouteResult
from jarvis_tui.sdk.memories import Fact, looks_secret, read_fact, second_person  # noqa: F401

# question and command words that do not say which memory ("what's my", "forget about the")
_NOT_TOPIC = {"what", "what's", "whats", "is", "are", "was", "my", "our", "the", "a", "an", "do", "you", "remember",
              "recall", "forget", "about", "that", "tell", "me", "please", "did", "i", "say", "said", "told", "again",
              "it", "of", "for", "delete", "remove", "erase", "can", "could", "your", "memory", "know"}
MATCH_MIN = 0.3          # cosine similarity below which no memory is "the one" asked about


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


def claim_remembered(services: Any, said_topic: str) -> PreRouteResult | None:
    """A recall/forget fast-path claim of `said_topic`, made only when a stored memory is about it
    ("what's my schedule", "delete my shopping list" stay with the commands they belong to)."""
    if services is None:
        return None
    found, _ = find_memory(said_topic, memory_store(services).all())
    return PreRouteResult(arguments={"topic": topic_words(said_topic) or said_topic}) if found else None
