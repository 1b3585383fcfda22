"""What a running assistant lends its commands: stores, secrets, an event sink, the LLM."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence, TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from jarvis_tui.config import Config
    from jarvis_tui.store import Store


class TextAnswerer(Protocol):
    """A plain-text LLM completion, for commands that answer in words (chat, answer_question)."""

    # how sure the model was of its last answer, the geometric mean of its words' token probabilities
    # (0..1); None when the model cannot say (a remote server). Read it right after `answer`.
    sureness: float | None

    def answer(self, user_text: str, system: str | None = None, max_tokens: int = 160,
               stream: bool = True, earlier: Sequence[tuple[str, str]] = ()) -> str:
        """The model's words for `user_text`. `stream`: a voice may speak them sentence by sentence
        as they are written; False when the command checks the whole reply before any of it is said.
        `earlier`: what was asked and answered just before (oldest first), for words that point back
        at it ("which one is bigger")."""
        ...


@dataclass
class RequestOutcome:
    """What one request run on a command's behalf did (a routine's step): what was said back, whether
    a command ran and succeeded, and which commands ran."""

    text: str
    spoken: str | None = None
    success: bool = False
    commands: list[str] = field(default_factory=list)
    error: str | None = None          # why it failed, in words, when it did
    route: str = ""                   # what decided it: pre_route, router, llm, none


T = TypeVar("T")


def _now() -> _dt.datetime:
    return _dt.datetime.now().astimezone()


@dataclass
class CommandServices:
    store: "Store"
    config: "Config"
    emit: Callable[[Any], None] = lambda event: None
    llm: TextAnswerer | None = None
    clock: Callable[[], _dt.datetime] = _now
    # run another request through the whole pipeline (fast paths, router, LLM) inside the current
    # turn, its tool calls shown as it runs; None outside a running assistant
    run_request: Callable[[str], RequestOutcome] | None = None
    # what the discovered commands let the user do (each command's `capability`), in their order
    capabilities: Callable[[], list[str]] = lambda: []
    # the commands the last turn ran, a question back included, when it was a moment ago ([] otherwise):
    # what a follow-up that names nothing ("what's left", "undo that") may be about
    last_commands: Callable[[], list[str]] = lambda: []
    # the last turn's words and what was said back, when it was a moment ago (None otherwise): what a
    # remark that points back at it ("that was terrible" after a joke) is about
    last_exchange: Callable[[], "tuple[str, str] | None"] = lambda: None
    # how alike in meaning a text is to each of others (cosine of sentence vectors, -1..1), for finding
    # what a request means in other words ("who is my gp" -> "my doctor is dr patel"); None when no
    # embedding model is loaded (the caller then goes by the words alone)
    similarities: Callable[[str, list[str]], list[float] | None] = lambda text, others: None

    _kept: dict[type, Any] = field(default_factory=dict, repr=False)
    _noted: dict[str, tuple[Any, _dt.datetime]] = field(default_factory=dict, repr=False)

    def keep(self, kind: type[T], make: Callable[[], T]) -> T:
        """The one `kind` object this running assistant keeps for its commands (a background
        service several commands share, e.g. the timer thread), made by `make` the first time."""
        found = self._kept.get(kind)
        if found is None:
            found = self._kept[kind] = make()
        return found

    def kept(self, kind: type[T]) -> T | None:
        """The `kind` object kept so far, or None (a command's shutdown uses this: it starts nothing)."""
        return self._kept.get(kind)

    def note(self, key: str, value: Any) -> None:
        """Keep what the user just talked about ("weather.city": "London"), with the clock's time, for
        a request said a moment later that leaves it out ("will i need an umbrella on saturday")."""
        self._noted[key] = (value, self.clock())

    def noted(self, key: str, within_s: float) -> Any | None:
        """What was noted under `key` at most `within_s` seconds ago, or None."""
        found = self._noted.get(key)
        if found is None or (self.clock() - found[1]).total_seconds() > within_s:
            return None
        return found[0]

    @property
    def secrets(self):
        return self.store.secrets

    @property
    def settings(self):
        return self.store.settings
