"""Is the request finished? The end of a turn follows what was said, not only the silence.

When speech pauses, the transcriber already decodes the words so far (speculative STT). If they
end where no request ends, the endpointer waits longer for the rest, so that "set a timer for ...
ten minutes" is one request, not a timer of the wrong length and a stray second turn.

Where requests do not end is known two ways, neither written for particular sentences:
- English grammar: a transcript that ends in a preposition, conjunction or determiner
  (`sdk.text.UNFINISHED_ENDINGS`: "... for", "remind me to", "... and");
- the commands' own examples (every discovered command's, plus the router's out-of-scope set):
  a word that starts requests but never ends one (a bare verb: "remind", "add", "tell"), a
  pair that opens requests and never ends one ("remind me", "how many"), or a word the examples
  have inside again and again and (almost) never at the end ("weather in ...", "what is ...").
  So a command dropped into `commands/` teaches it its own phrasings.

And where the words cannot say it: speech recognition makes least sense of a fragment. A request cut
at a pause leaves a word or a few that whisper is unsure of ("mute for" heard "Mute forward.",
"remind me to" heard "very mind meter", "put" heard "Blood?") or that it rejects as unsure; such
words cannot tell that the request is finished, so the endpointer waits for the rest as it does for
"... for" (`heard_unfinished`). A finished request of a few words that whisper is unsure of waits
too; the README says how often, with the figures.
"""
from __future__ import annotations

import collections
from typing import Iterable

from jarvis_tui.audio.stt import LOW_CONFIDENCE
from jarvis_tui.sdk.text import QUESTION_WORDS, STRANDED_PREPOSITIONS, UNFINISHED_ENDINGS, normalize_utterance

# the pronouns speech recognition puts after a preposition the talker has not finished yet
FILLED_OBJECTS = frozenset("it this that them us".split())
# prepositions that close almost no request people say (none of the 201 "in"s of SLURP's 1,990
# dev requests ends one; "on", "off" and "up" close 8-26 % of theirs, as particles: "radio on"),
# though an example may close with one ("what month are we in", "fill me in"): a request ending in
# one is unfinished unless the examples end requests so after the same word, or open with the same
# verb and close so often enough
PARTICLE_ENDINGS = frozenset({"in"})
# how speech recognition writes a dangling function word ("remind me to" -> "remind me too",
# "start a timer for" -> "start a timer 4", "one hour and" -> "one hour end"): its homophones
# (none of SLURP's 1,990 requests ends in "end")
HEARD_FOR = {"too": "to", "two": "to", "2": "to", "four": "for", "4": "for", "end": "and"}
MIN_SEEN = 3              # a word or pair counts only when the examples show it this often
MAX_FINAL_SHARE = 0.02    # ... and end a request at most this share of the times
MIN_INNER = 8             # a word inside requests this often ...
MAX_INNER_FINAL_SHARE = 0.03   # ... that ends at most this share of them is a connector ("in", "minus")
# a transcript so far this short and less sure than `unsure_below` is a fragment whisper could not
# make out, not a request (the fragments left of requests cut at a pause are 1-5 words; README)
UNSURE_MAX_WORDS = 5
# an embedded question puts its verb last ("do you know what day of the week it is", "what my
# locker code was"): there "is" ends the request, though the examples have it inside requests far
# more often
CLAUSE_FINAL_VERBS = frozenset("is was are were".split())
SUBJECT_MARKERS = frozenset("it i you we they he she this that these those my your our his her their the".split())
# the beam's next readings of the words so far count when they differ only in this many last words
REREAD_WORDS = 2


class TurnEnd:
    def __init__(self, examples: Iterable[str] = (), unsure_below: float = 0.0) -> None:
        """`examples`: whole requests, for where requests end; `unsure_below`: a transcript so far
        of a few words with speech recognition's confidence under this is not an end (0: off)."""
        self.unsure_below = unsure_below
        first: collections.Counter[str] = collections.Counter()
        final: collections.Counter[str] = collections.Counter()
        inner: collections.Counter[str] = collections.Counter()
        pairs_final: collections.Counter[tuple[str, str]] = collections.Counter()
        pairs_inner: collections.Counter[tuple[str, str]] = collections.Counter()
        frames: collections.Counter[tuple[str, str]] = collections.Counter()   # (first word, last word)
        for text in examples:
            words = normalize_utterance(text).split()
            if not words:
                continue
            first[words[0]] += 1
            final[words[-1]] += 1
            frames[(words[0], words[-1])] += 1
            for w in words[:-1]:
                inner[w] += 1
            pairs = list(zip(words, words[1:]))
            if pairs:
                pairs_final[pairs[-1]] += 1
                for p in pairs[:-1]:
                    pairs_inner[p] += 1

        def never_ends(seen: int, ended: int) -> bool:
            return seen >= MIN_SEEN and ended <= MAX_FINAL_SHARE * (seen + ended)

        # openers: words that mostly start requests ("remind", "tell") and never end one; a word that
        # is as often inside requests ("is", "my") is not one
        self.openers = frozenset(w for w, n in first.items()
                                 if n >= MIN_SEEN and n >= 0.5 * (inner[w] + final[w]) and never_ends(inner[w], final[w]))
        # only pairs that open a request ("remind me", "how many"): pairs of content words are too
        # sparse in a few hundred examples to say where requests end
        self.pairs = frozenset(p for p, n in pairs_inner.items()
                               if p[0] in self.openers and never_ends(n, pairs_final[p]))
        # connectors: words the examples have inside requests again and again and (almost) never
        # at the end ("in", "minus", "is", "about"): the object or the rest is still to come
        self.connectors = frozenset(w for w, n in inner.items()
                                    if n >= MIN_INNER and final[w] <= MAX_INNER_FINAL_SHARE * (n + final[w]))
        # how the examples close requests with a particle: the word before it, and the opening verbs
        # seen closing so often enough ("turn ... on")
        self.particle_pairs = frozenset(p for p in pairs_final if p[1] in PARTICLE_ENDINGS)
        self.particle_frames = frozenset(f for f, n in frames.items()
                                         if f[1] in PARTICLE_ENDINGS and n >= MIN_SEEN and f[0] not in QUESTION_WORDS)

    @classmethod
    def learned_from(cls, registry, unsure_below: float = 0.0) -> "TurnEnd":
        """As the voice loop learns it: from the whole sentences the router trains on (the
        commands' examples and negatives, the out-of-scope set), not the lone domain words."""
        from jarvis_tui.assistant.intent_router import build_training_set
        examples = build_training_set(registry)
        return cls((t for t, w in zip(examples.texts, examples.weights) if w >= 1.0), unsure_below)

    def heard_unfinished(self, text: str, accepted: bool, reason: str = "", confidence: float = 1.0,
                         alternatives: Iterable[str] = ()) -> bool:
        """For a transcription of the words so far (text, whether the guards accept it, why not,
        whisper's confidence, the beam's next readings): True when they do not end a request. Words
        rejected as unsure (`low_confidence`) or a short transcript under `unsure_below` cannot say
        that the request is finished; other rejections (noise, the wake word alone) end the utterance
        as before, and words made out clearly are read by `unfinished`, as is each next reading of
        the beam that reads only their end otherwise (`rereads_the_end`: "... at 7.2" and "... at 7
        to"). Waiting costs no reply: an unsure fragment would have been rejected or misheard."""
        if not accepted:
            return reason == LOW_CONFIDENCE and self.unsure_below > 0
        if confidence < self.unsure_below and 0 < len(normalize_utterance(text).split()) <= UNSURE_MAX_WORDS:
            return True
        return self.unfinished(text) or any(self.unfinished(a) for a in alternatives if rereads_the_end(text, a))

    def result_unfinished(self, result) -> bool:
        """`heard_unfinished` for an `SttResult`, and for its reading without whisper's initial
        prompt when it has one: the prompt of whole requests makes whisper finish a fragment as a
        sentence ("start a timer for" -> "Start a timer first."), so either reading that stops where
        no request ends keeps the request open."""
        return any(self.heard_unfinished(r.text, r.accepted, r.reason, r.confidence, r.alternatives)
                   for r in (result, getattr(result, "unprompted", None)) if r is not None)

    def unfinished(self, text: str) -> bool:
        """True when `text` (a transcript so far) stops where a request does not end.

        The last word of a fragment is the one speech recognition is least sure of: a dangling
        "to" is written "too", and a dangling preposition gets a pronoun ("set a timer for" is
        heard as "set a timer for it"). Those readings are tried too: waiting a little longer
        costs less than a request cut in two."""
        # a hyphen whisper puts inside the last word ("at noon-two") joins two words
        words = normalize_utterance(text).replace("-", " ").split()
        if not words:
            return False
        readings = [words]
        if words[-1] in HEARD_FOR:
            readings.append(words[:-1] + [HEARD_FOR[words[-1]]])
        if len(words) >= 3 and words[-1] in FILLED_OBJECTS and words[-2] in STRANDED_PREPOSITIONS:
            readings.append(words[:-1])
        return any(self._unfinished(w) for w in readings)

    def _unfinished(self, words: list[str]) -> bool:
        last = words[-1]
        if last in CLAUSE_FINAL_VERBS and _embedded_question(words):
            return False
        if last in self.openers or last in self.connectors:
            return True
        if last in PARTICLE_ENDINGS:
            return len(words) < 2 or not ((words[-2], last) in self.particle_pairs
                                          or (words[0], last) in self.particle_frames)
        if last in UNFINISHED_ENDINGS:
            # a question may strand its preposition: "what town are you from", "what is it set for"
            return not (last in STRANDED_PREPOSITIONS and words[0] in QUESTION_WORDS)
        return len(words) >= 2 and (words[-2], last) in self.pairs


def _embedded_question(words: list[str]) -> bool:
    """Whether the last word is the verb of a question word's clause whose subject stands between
    them, a pronoun or a noun with its determiner ("what time it is", "where my keys are"): not the
    verb right after it ("tell me what is ...") nor after the question's own phrase ("how many
    grams is ...")."""
    starts = [k for k, w in enumerate(words[:-1]) if w in QUESTION_WORDS]
    return bool(starts) and any(w in SUBJECT_MARKERS for w in words[starts[-1] + 1:-1])


def rereads_the_end(best: str, other: str) -> bool:
    """Whether `other`, another reading of the same audio, differs from `best` only in its last
    REREAD_WORDS words and is as long or one word longer: how it heard the end, where a fragment's
    words are least sure ("at 7.2" / "at 7 to"). A reading that stops early ("what is the capital
    of") or loops on the words ("... today? Do I need an umbrella today?") is the beam's noise,
    not a reading of the end."""
    # whisper spells a word with or without its hyphen from one reading to the next ("e-mail")
    a, b = (normalize_utterance(t).replace("-", "").split() for t in (best, other))
    keep = max(0, len(a) - REREAD_WORDS)
    return bool(b) and len(a) <= len(b) <= len(a) + 1 and b[:keep] == a[:keep] and b != a
