"""Spoken answers streamed sentence by sentence while the LLM still writes them.

While a command runs (chat, answer_question: commands that ask the LLM for words to say), the
LLM's text goes through a `SentenceStream`: every finished sentence is sent on at once as a
`ReplySentence` event, so the voice loop starts speaking the first sentence while the rest is
generated. `stop()` (barge-in) ends the generation at the next token.
"""
from __future__ import annotations

import re
import threading
from typing import Callable

# a sentence ends at . ! ? (closing quotes/brackets kept) followed by a space; not after a number's
# decimal point ("3.5") or a common abbreviation
_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=\S)")
_ABBREV = re.compile(r"\b(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|no|approx)\.$", re.I)
# The bundled model writes a space token inside a number ("1. 4 billion", "10, 000 kilometers": its
# tokenizer has digits alone and a space alone). A decimal point between a number of one to three
# digits and a number said with a word after it, or a thousands comma before three digits, is one
# number ("In 1990, 300 people" is two: four digits before the comma).
_SPLIT_DECIMAL = re.compile(r"(?<![\d.,])(\d{1,3})\. (\d+)(?= [a-z%])")
_SPLIT_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3}(?:,\d{3})*), (\d{3})(?![\d.,]\d)(?!\d)")


def mend_numbers(text: str) -> str:
    """The numbers of the model's words written whole again: "approximately 1. 4 billion" ->
    "approximately 1.4 billion", "10, 000, 000" -> "10,000,000"."""
    text = _SPLIT_DECIMAL.sub(r"\1.\2", text)
    while True:
        mended = _SPLIT_THOUSANDS.sub(r"\1,\2", text)
        if mended == text:
            return text
        text = mended


def _splits_a_number(buffer: str, m: re.Match[str]) -> bool:
    """A sentence end found inside a number the model spaced ("1. 4"): not an end."""
    return buffer[m.start() - 2:m.start() - 1].isdigit() and buffer[m.end():m.end() + 1].isdigit()


_WORD = re.compile(r"\S+")
LOOP_UNIT_MAX = 12          # words in the longest phrase checked for repeating itself


def repetition_cut(text: str) -> str | None:
    """A small model sometimes writes one phrase over and over until its token limit ("necessary,
    necessary, necessary, ..."). When `text` ends with a phrase said three times in a row (a single
    word four times), the text up to its first saying, ended as a sentence; None otherwise."""
    spans = [m.span() for m in _WORD.finditer(text)]
    words = [text[a:b].lower().strip(",;:.!?\"'") for a, b in spans]
    for n in range(1, LOOP_UNIT_MAX + 1):
        times = 4 if n == 1 else 3
        if len(words) < n * times:
            continue
        unit = words[-n:]
        if all(words[len(words) - n * (k + 1): len(words) - n * k] == unit for k in range(times)):
            first = len(words) - n * times          # the first saying of the repeated phrase
            while first >= n and words[first - n:first] == unit:
                first -= n
            end = spans[first + n - 1][1]
            cut = text[:end].rstrip(" ,;:")
            return cut if cut.endswith((".", "!", "?")) else cut + "."
    return None


class SentenceStream:
    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send
        self._buffer = ""
        self.sent: list[str] = []
        self.stopped = threading.Event()
        self.looped = False                 # the generation was ended because it repeated itself

    def feed(self, piece: str) -> bool:
        """Add generated text; sends each sentence it completes. False once stopped (the caller
        ends the generation)."""
        if self.stopped.is_set():
            return False
        self._buffer += piece
        cut = repetition_cut(self._buffer)
        if cut is not None:                 # the model repeats itself: say it once and end the generation
            self._buffer = cut
            self.looped = True
            return False
        while True:
            m = next((m for m in _END.finditer(self._buffer)
                      if not _ABBREV.search(self._buffer[:m.start()]) and not _splits_a_number(self._buffer, m)), None)
            if m is None:
                break
            sentence, self._buffer = self._buffer[:m.end()].strip(), self._buffer[m.end():]
            self._send(sentence)
        return not self.stopped.is_set()

    def finish(self) -> None:
        """The generation ended: what is left is the last sentence."""
        rest, self._buffer = self._buffer.strip(), ""
        if rest and not self.stopped.is_set():
            self._send(rest)

    def stop(self) -> None:
        self.stopped.set()

    @property
    def text(self) -> str:
        return " ".join(self.sent)

    def _send(self, sentence: str) -> None:
        sentence = mend_numbers(re.sub(r"\s+", " ", sentence).strip())
        if sentence and sentence in self.sent[-2:]:       # a sentence written again: a loop, said once
            self.looped = True
            self.stopped.set()
            return
        if sentence and not re.fullmatch(r"[\W_]+", sentence):
            self.sent.append(sentence)
            self.send(sentence)
