"""The brain's contract: everything the assistant, the runtime, the app, the bench and the CLI call
on the LLM half of a turn (jarvis_tui.assistant.conversation.ConversationBrain is the one
implementation; tests/unit/llm/test_brain_contract.py keeps the two in step).

When no LLM is loaded there is no brain (`Assistant.brain is None`); whatever a brain is, it has
every member below, so callers use them directly instead of probing with getattr/hasattr.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from jarvis_tui.sdk.services import TextAnswerer

if TYPE_CHECKING:
    from jarvis_tui.assistant.assistant import Assistant
    from jarvis_tui.assistant.conversation import RouteDecision
    from jarvis_tui.assistant.events import EventSink, ProviderPrepared
    from jarvis_tui.assistant.reply_stream import SentenceStream
    from jarvis_tui.assistant.turn import TurnResult
    from jarvis_tui.assistant.turn_control import TurnControl
    from jarvis_tui.llm.backend import LlmBackend
    from jarvis_tui.sdk.command import IJarvisCommand
    from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider
    from jarvis_tui.sdk.responses import RequestInformation


class ReplyAnswerer(TextAnswerer, Protocol):
    """The TextAnswerer the brain lends to commands (chat, answer_question), with the two hooks the
    assistant sets while a command runs: where its words go sentence by sentence, and the turn's
    control (a cancel stops the words at the next token)."""

    stream: SentenceStream | None
    control: TurnControl | None


class Brain(Protocol):
    """The LLM half of a turn. It fills `turn`: route, tool_calls (executed through
    assistant.execute_call), spoken, wait_for_input; it keeps the conversation's history."""

    backend: LlmBackend                 # the model it completes with (local or remote)
    answerer: ReplyAnswerer             # lent to commands as CommandServices.llm
    provider_override: str | None       # a provider chosen in this session (Runtime.set_provider)

    # ---- the turn ---------------------------------------------------------------------------------
    def run_turn(self, assistant: Assistant, turn: TurnResult, request: RequestInformation) -> None:
        """Route `turn` with the LLM and run what it calls."""
        ...

    def route_only(self, assistant: Assistant, text: str, conversation_id: str = "default") -> RouteDecision:
        """The routing decision for `text` with nothing executed (jarvis-tui route, the bench)."""
        ...

    def note_turn(self, turn: TurnResult, request: RequestInformation) -> None:
        """Remember a turn a fast path answered, so follow-ups can refer to it."""
        ...

    def truncate_reply(self, turn_id: str, spoken: str) -> bool:
        """Barge-in: keep only the part of the reply the user heard."""
        ...

    def in_follow_up(self, text: str, conversation_id: str = "default") -> bool:
        """Whether `text` answers or continues the previous turn (the router must not decline it)."""
        ...

    def recent_text(self, conversation_id: str = "default", turns: int = 3) -> str:
        """What was said in the last turns (arguments may be grounded in it too)."""
        ...

    def reset(self, conversation_id: str | None = None) -> None:
        """Forget the history of one conversation, or of all."""
        ...

    # ---- the prompt provider ----------------------------------------------------------------------
    def active_provider(self) -> IJarvisPromptProvider:
        """The prompt provider the next turn uses."""
        ...

    def node_context(self) -> dict[str, Any]:
        """The user's context for a system prompt (name, room, location, style, memories)."""
        ...

    def warm(self, commands: list[IJarvisCommand]) -> float:
        """Prefill the active provider's system prompt; milliseconds."""
        ...

    def prepare_provider(self, name: str, commands: list[IJarvisCommand],
                         emit: EventSink | None = None) -> ProviderPrepared:
        """Prefill provider `name`'s prompt now (in a background thread), with progress events."""
        ...

    def provider_costs(self, names: list[str], commands: list[IJarvisCommand]) -> dict[str, dict[str, Any]]:
        """What each provider's prompt costs (empty for a backend that cannot tell)."""
        ...

    # ---- lifecycle --------------------------------------------------------------------------------
    def close(self) -> None:
        """Free the model."""
        ...
