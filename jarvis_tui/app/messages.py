"""Textual messages the app posts to itself. Pipeline events arrive wrapped in PipelineEvent
(posted from whatever thread emitted them); workers report with the other messages."""
from __future__ import annotations

from typing import Any

from textual.message import Message

from jarvis_tui.assistant.events import Event


class PipelineEvent(Message):
    """One event from runtime.bus, delivered on the UI thread."""

    def __init__(self, event: Event) -> None:
        super().__init__()
        self.event = event


class TurnCompleted(Message):
    """A typed turn or a button click finished in a worker."""

    def __init__(self, turn: Any, origin: str) -> None:
        super().__init__()
        self.turn = turn
        self.origin = origin          # text | action


class WorkFailed(Message):
    """A worker's job raised: what it was doing and the error, for a notification."""

    def __init__(self, what: str, error: str) -> None:
        super().__init__()
        self.what = what
        self.error = error


class BrainLoaded(Message):
    def __init__(self, brain: Any, error: str | None = None) -> None:
        super().__init__()
        self.brain = brain
        self.error = error


class VoiceLoopReady(Message):
    def __init__(self, loop: Any, error: str | None = None) -> None:
        super().__init__()
        self.loop = loop
        self.error = error


class ChoicesReady(Message):
    """A list for a menu (microphones, voices) was read in a worker."""

    def __init__(self, kind: str, items: list[dict[str, Any]], error: str | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.items = items
        self.error = error


class PromptPreview(Message):
    """A provider's system prompt, built without the LLM (after a provider switch)."""

    def __init__(self, provider: str, system_prompt: str, tools: list[Any]) -> None:
        super().__init__()
        self.provider = provider
        self.system_prompt = system_prompt
        self.tools = tools


class Notice(Message):
    """A line for a notification, from a worker."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
