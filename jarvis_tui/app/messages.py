"""Textual messages. Pipeline events reach the main screen wrapped in PipelineEvent (posted from
whatever thread emitted them); the app's workers post the others to the app with their result (a
worker that raises posts nothing: its failure reaches the app's worker-state handler)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

from jarvis_tui.assistant.events import Event

if TYPE_CHECKING:
    from jarvis_tui.assistant.brain import Brain
    from jarvis_tui.assistant.turn import TurnResult
    from jarvis_tui.audio.voice_loop import VoiceLoop


class PipelineEvent(Message, bubble=False):
    """One event from runtime.bus, delivered to the main screen on the UI thread."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event


class TurnCompleted(Message):
    """A typed turn or a button click finished in a worker."""

    def __init__(self, turn: TurnResult, origin: str) -> None:
        super().__init__()
        self.turn = turn
        self.origin = origin          # text | action


class BrainLoaded(Message):
    """The LLM loaded (`brain`), or None: no LLM (its failure came as an Error event)."""

    def __init__(self, brain: Brain | None) -> None:
        super().__init__()
        self.brain = brain


class VoiceLoopReady(Message):
    """The voice loop started."""

    def __init__(self, loop: VoiceLoop) -> None:
        super().__init__()
        self.loop = loop


class ChoicesReady(Message):
    """A list for a menu (microphones, voices) was read in a worker."""

    def __init__(self, kind: str, items: list[dict[str, Any]]) -> None:
        super().__init__()
        self.kind = kind
        self.items = items


class PromptPreview(Message):
    """A provider's system prompt, built without the LLM (after a provider switch)."""

    def __init__(self, provider: str, text: str, tools: list[Any]) -> None:
        super().__init__()
        self.provider = provider
        self.text = text
        self.tools = tools


class Notice(Message):
    """A line for a notification, from a worker."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ProviderCosts(Message):
    """What each prompt provider's prompt costs, measured in a worker for the provider menu:
    {name: {"tokens": int, "prepared": "memory" | "disk" | ""}}; None without an LLM."""

    def __init__(self, costs: dict[str, dict[str, Any]] | None) -> None:
        super().__init__()
        self.costs = costs
