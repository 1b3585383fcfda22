"""What the remember / recall / forget commands share: reading a fact into (topic, value), finding the
memory a question is about, turning "my" into "your", and telling a secret from a plain fact.
This module defines no commands.

Finding a memory uses scikit-learn's TF-IDF over character n-grams and words (the library the intent
router already uses): "what's my locker code" finds "my locker code is 4512" and "forget the code for
my locker" does too, without a hand-written similarity. Words are read as their stems first, so that
"forget my parking spot" finds "my car is parked on level 2 row c"; whole words count as much as
their letters, so that it does not find "the spare key is under the blue pot" by "spot"."""
from __future__ import annotations

import re
from typing import Any

from jarvis_tui.sdk import PreRouteResult
from jarvis_tui.sdk.memories import Fact, looks_secret, read_fact, second_person  # noqa: F401
from jarvis_tui.sdk.text import QUESTION_WORDS, stem

# question and command words that do not say which memory ("what's my", "forget about the", "where
# did i"), and the words of a question about all of them ("what have i asked you to remember")
_NOT_TOPIC = QUESTION_WORDS | {
    "is", "are", "was", "my", "our", "the", "a", "an", "do", "does", "did", "you", "remember", "recall", "forget",
    "about", "that", "tell", "me", "please", "i", "say", "said", "told", "again", "it", "of", "for", "delete",
    "remove", "erase", "can", "could", "your", "memory", "memories", "know", "just", "have", "has", "asked", "to",
    "everything", "anything", "all", "things", "thing", "stuff", "saved", "stored", "kept", "got", "so", "far",
    "us", "we", "any", "remind"}
TALKED_ABOUT = "memory.talked_about"   # services.note: the memory just told or said back (its id)
CORRECTION_WINDOW_S = 120              # how long after that "actually it was level 4" corrects it
MATCH_MIN = 0.28         # cosine similarity below which no memory is "the one" asked about
LOOSE_MATCH_MIN = 0.14   # ... for a guess that is confirmed before it acts (forgetting)


def answer(memory: dict[str, Any]) -> str:
    """The spoken answer, made only of the stored words."""
    said = second_person(memory["text"])
    return said[0].upper() + said[1:] + ("" if said.endswith((".", "!", "?")) else ".")


def topic_words(question: str) -> str:
    words = re.findall(r"[\w']+", question.lower())
    return " ".join(w for w in words if w not in _NOT_TOPIC)


# words that ask for the memories as a whole ("show me everything", "list my memories"), kept out of
# _NOT_TOPIC because they name things too ("forget my shopping list" is not about my shoe size)
_LISTING = {"list", "show", "read", "give", "out", "hear", "let"}


def asked_topic(question: str) -> str:
    """The words of a question that say what it asks about ("what's my wifi password" -> "wifi
    password"); "" for a question about everything remembered ("what do you know about me")."""
    return " ".join(w for w in topic_words(question).split() if w not in _LISTING)


def _stems(text: str) -> str:
    return " ".join(stem(w) for w in topic_words(text).split())


def find_memory(question: str, memories: list[dict[str, Any]],
                min_score: float = MATCH_MIN) -> tuple[dict[str, Any] | None, float]:
    """The memory `question` is about and its similarity (0..1); (None, best) when none is close."""
    want = _stems(question)
    if not want or not memories:
        return None, 0.0
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.metrics.pairwise import cosine_similarity
    from sklearn.pipeline import make_union

    docs = [f"{_stems(m['topic'])} {_stems(m['text'])}" for m in memories]
    vec = make_union(TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), sublinear_tf=True),
                     TfidfVectorizer(analyzer="word", token_pattern=r"[\w']+", sublinear_tf=True)).fit(docs + [want])
    sims = cosine_similarity(vec.transform([want]), vec.transform(docs))[0]
    best = int(sims.argmax())
    score = float(sims[best])
    return (memories[best] if score >= min_score else None), score


MEANING_MATCH_MIN = 0.45    # sentence-vector cosine at which a question means a memory said in other words
MEANING_MARGIN = 0.1       # ... and by this much more than any other memory


def find_meant_memory(services: Any, question: str, memories: list[dict[str, Any]]
                      ) -> tuple[dict[str, Any] | None, float]:
    """The memory a question means when it shares no words with it ("who is my gp" -> "my doctor is
    dr patel", "can i eat nuts" -> "i'm allergic to peanuts"): first by all the question's own words
    (the model's topic may be one word of it: "floor" for "what floor did i park on"), then by
    meaning (`services.similarities`), only when one memory is clearly nearer than the others
    ("what's my horoscope" is near no memory). For answering only: nothing is changed on a guess."""
    found, score = find_memory(asked_topic(question), memories)
    if found is not None or services is None or not memories:
        return found, score
    sims = services.similarities(question, [second_person(m["text"]) for m in memories])
    if not sims:
        return None, score
    ranked = sorted(range(len(sims)), key=lambda i: -sims[i])
    best = sims[ranked[0]]
    second = sims[ranked[1]] if len(ranked) > 1 else 0.0
    if best >= MEANING_MATCH_MIN and best - second >= MEANING_MARGIN:
        return memories[ranked[0]], best
    return None, score


def names_exactly(said_topic: str, memory: dict[str, Any]) -> bool:
    """Whether the words name that memory itself ("forget my favourite tea": the memory "favourite
    tea"), not a description of it ("forget where i parked")."""
    return _stems(said_topic) in (_stems(memory["topic"]), _stems(memory["text"]))


def spoken_topic(topic: str, voice_command: str) -> str:
    """What a request was about, said back: "wifi password" asked as "what's my wifi password" ->
    "your wifi password", "boiler" as "the boiler"; "where i parked" -> "where you parked"."""
    said = re.search(r"\b(?:my|our|the)\s+" + re.escape(topic.lower()) + r"\b", voice_command.lower())
    return second_person(said.group(0) if said else topic)


def memory_store(services: Any):
    return services.store.memories


def claim_remembered(services: Any, said_topic: str) -> PreRouteResult | None:
    """A recall/forget fast-path claim of `said_topic`, made only when a stored memory is about it
    ("what's my schedule", "delete my shopping list" stay with the commands they belong to)."""
    if services is None:
        return None
    found, _ = find_memory(said_topic, memory_store(services).all())
    return PreRouteResult(arguments={"topic": topic_words(said_topic) or said_topic}) if found else None
