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


class SentenceStream:
    def __init__(self, send: Callable[[str], None]) -> None:
        self.send = send
        self._buffer = ""
        self.sent: list[str] = []
        self.stopped = threading.Event()

    def feed(self, piece: str) -> bool:
        """Add generated text; sends each sentence it completes. False once stopped (the caller
        ends the generation)."""
        if self.stopped.is_set():
            return False
        self._buffer += piece
        while True:
            m = next((m for m in _END.finditer(self._buffer) if not _ABBREV.search(self._buffer[:m.start()])), None)
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
        sentence = re.sub(r"\s+", " ", sentence).strip()
        if sentence and not re.fullmatch(r"[\W_]+", sentence):
            self.sent.append(sentence)
            self.send(sentence)
