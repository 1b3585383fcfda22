"""Typed events, one per pipeline stage. Frozen, keyword-only, each with a monotonic timestamp.

The TUI turns them into Textual messages, the CLI prints them as JSON lines, tests assert on them.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable


from jarvis_tui.sdk.events import Announcement, Event  # noqa: F401 - part of the event set


# ---- audio in ------------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class ListeningStateChanged(Event):
    state: str                 # idle | waiting (for the wake word) | listening | hearing | thinking | speaking | muted | no_device
    detail: str = ""


@dataclass(frozen=True, kw_only=True)
class WakeWordHeard(Event):
    score: float
    barge_in: bool = False     # said while the assistant was talking: it stopped talking


@dataclass(frozen=True, kw_only=True)
class MicLevel(Event):
    rms: float                 # 0..1
    speech_prob: float = 0.0


@dataclass(frozen=True, kw_only=True)
class SpeechStarted(Event):
    pass


@dataclass(frozen=True, kw_only=True)
class UtteranceCaptured(Event):
    duration_s: float
    t_speech_start: float
    t_speech_end: float
    endpoint_ms: float = 0.0   # from the last speech frame to the endpoint decision


@dataclass(frozen=True, kw_only=True)
class TranscriptReady(Event):
    text: str
    confidence: float = 1.0
    source: str = "voice"      # voice | text
    stt_ms: float = 0.0


@dataclass(frozen=True, kw_only=True)
class TranscriptRejected(Event):
    text: str
    reason: str


# ---- routing and the LLM -------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class PreRouted(Event):
    command: str
    arguments: dict[str, Any]
    fast_path_id: str | None = None
    spoken_response: str | None = None


@dataclass(frozen=True, kw_only=True)
class Routed(Event):
    """The intent router's view of an utterance: its top scores and what it decided."""

    top: list[list[Any]] = field(default_factory=list)    # [[tool or "out_of_scope", probability], ...]
    out_of_scope: float = 0.0
    decision: str = ""                                     # decline | direct | tool | shortlist
    tool: str | None = None
    shortlist: list[str] = field(default_factory=list)
    confident: bool = False
    # the decided tool's choice arguments as its examples say them: {"action": ["list", 0.93]}
    arguments: dict[str, list[Any]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class ShortlistWeighed(Event):
    """An unsure router's shortlist decided with the model's own probabilities: router x model^weight."""

    router: dict[str, float] = field(default_factory=dict)    # choice ("none": declining) -> probability
    model: dict[str, float] = field(default_factory=dict)
    weight: float = 1.0
    chosen: str = ""


@dataclass(frozen=True, kw_only=True)
class StepStarted(Event):
    """A command runs one more request inside this turn (a routine's step); its calls follow."""

    text: str


@dataclass(frozen=True, kw_only=True)
class Declined(Event):
    """No command fits: nothing fired, the assistant said what it cannot do yet."""

    text: str
    topic: str = ""
    reason: str = ""                                       # router | llm


@dataclass(frozen=True, kw_only=True)
class DeviceLost(Event):
    """An audio device stopped working (said once per outage; the stage retries with backoff)."""

    direction: str                                         # input | output
    device: str = ""                                       # by name; "" = the system default
    reason: str = ""
    retry_in_s: float = 0.0


@dataclass(frozen=True, kw_only=True)
class DeviceRestored(Event):
    """The audio device works again after an outage."""

    direction: str
    device: str = ""
    down_s: float = 0.0


@dataclass(frozen=True, kw_only=True)
class PromptBuilt(Event):
    provider: str
    system_prompt: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]] = field(default_factory=list)
    iteration: int = 0


@dataclass(frozen=True, kw_only=True)
class LlmOutput(Event):
    raw: str
    parsed: dict[str, Any] | None = None
    prefill_ms: float = 0.0
    generate_ms: float = 0.0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    iteration: int = 0


@dataclass(frozen=True, kw_only=True)
class ToolCallsParsed(Event):
    calls: list[dict[str, Any]]                    # [{"name", "arguments"}]
    rejected: list[dict[str, Any]] = field(default_factory=list)   # [{"name", "reason"}]
    origin: str = "llm"                            # llm | pre_route


@dataclass(frozen=True, kw_only=True)
class ValidationCompleted(Event):
    command: str
    arguments: dict[str, Any]
    results: list[dict[str, Any]]                  # ValidationResult.to_dict()
    corrections: dict[str, Any] = field(default_factory=dict)
    retry: bool = False                            # the LLM is asked again with the hint
    clarification: str | None = None               # the question put to the user


@dataclass(frozen=True, kw_only=True)
class CommandFinished(Event):
    command: str
    arguments: dict[str, Any]
    origin: str                                    # pre_route | llm | action
    success: bool
    message: str | None = None
    error: str | None = None
    context_data: dict[str, Any] = field(default_factory=dict)
    post_processed: dict[str, Any] = field(default_factory=dict)   # {arg: {"from", "to"}}
    duration_ms: float = 0.0


@dataclass(frozen=True, kw_only=True)
class ActionsOffered(Event):
    command: str
    actions: list[dict[str, Any]]                  # IJarvisButton.to_dict()
    context: dict[str, Any] = field(default_factory=dict)


# ---- audio out and the end of the turn -----------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class SpeechOutStarted(Event):
    text: str
    first_audio_ms: float = 0.0                    # response text ready -> first sample played


@dataclass(frozen=True, kw_only=True)
class SpeechOutFinished(Event):
    text: str
    spoken_text: str = ""                          # what was actually played before any barge-in
    interrupted: bool = False


@dataclass(frozen=True, kw_only=True)
class ReplySentence(Event):
    """A sentence of the reply, sent on while the LLM still writes the rest (reply_stream.py)."""

    text: str


@dataclass(frozen=True, kw_only=True)
class TurnFinished(Event):
    text: str
    route: str                                     # pre_route | llm | none
    spoken: str | None = None
    wait_for_input: bool = False
    timings_ms: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class TurnStage(Event):
    """What the turn being handled waits for now (jarvis_tui.assistant.turn_control): the status
    line shows it with the time the turn has taken, and Esc cancels the turn."""

    stage: str                                     # routing | waiting | prefill | generating | running
    detail: str = ""                               # the command running, the provider prepared, …
    done: int = 0                                  # prompt tokens read / tokens written so far
    total: int = 0                                 # prompt tokens to read (prefill), else 0


@dataclass(frozen=True, kw_only=True)
class TurnCancelled(Event):
    """The user cancelled the turn (Assistant.cancel): nothing it was about to do ran. `executed`
    names the commands that had already run before the cancel (they are kept, not undone)."""

    text: str
    stage: str = ""                                # the stage it was in when cancelled
    executed: list[str] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class ProviderPrepared(Event):
    """A prompt provider's system prompt being prefilled in the background after a switch, so the
    next turn does not wait for it (ConversationBrain.prepare_provider)."""

    provider: str
    stage: str                                     # started | progress | ready | superseded | failed
    fraction: float = 0.0
    tokens: int = 0                                # the prompt prefix's length in tokens
    source: str = ""                               # ready: memory | disk | prefill
    seconds: float = 0.0
    message: str = ""


@dataclass(frozen=True, kw_only=True)
class ModelLoadProgress(Event):
    model: str                                     # llm | stt | tts | vad
    stage: str                                     # started | progress | ready | failed
    fraction: float = 0.0
    message: str = ""
    seconds: float = 0.0


@dataclass(frozen=True, kw_only=True)
class Error(Event):
    stage: str
    message: str
    detail: str = ""


EventSink = Callable[[Event], None]


class EventBus:
    """Fan-out of events to subscribers, from any thread. A failing subscriber is dropped from
    that delivery, never from the pipeline."""

    def __init__(self) -> None:
        self._subscribers: list[EventSink] = []
        self._lock = threading.Lock()

    def subscribe(self, sink: EventSink) -> Callable[[], None]:
        with self._lock:
            self._subscribers.append(sink)

        def unsubscribe() -> None:
            with self._lock:
                if sink in self._subscribers:
                    self._subscribers.remove(sink)
        return unsubscribe

    def emit(self, event: Event) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for sink in subscribers:
            try:
                sink(event)
            except Exception:  # a broken listener must not break the turn
                import logging
                logging.getLogger(__name__).exception("event subscriber failed on %s", event.kind)

    __call__ = emit
