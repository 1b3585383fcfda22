"""The main screen: the conversation, the actions and the input on the left; the steps of a turn
(prompt, tool calls, validation) on the right; the status line below.

The screen composes the panels and owns what they show. Pipeline events reach it as PipelineEvent
messages and go to their panel through EVENT_HANDLERS, an explicit map; the app (lifecycle,
bindings, workers) calls the methods below to show what its workers did.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Header, Input

from jarvis_tui.app.messages import PipelineEvent
from jarvis_tui.app.widgets import (ActionsBar, Conversation, PromptPanel, StatusLine, ToolCallsPanel,
                                    ValidationPanel)
from jarvis_tui.app.widgets.status import describe_stage
from jarvis_tui.assistant import events as ev

if TYPE_CHECKING:
    from jarvis_tui.runtime import Runtime

log = logging.getLogger(__name__)

PLACEHOLDER = "Type a request and press Enter"
WAITING_PLACEHOLDER = "Jarvis is waiting for your answer…"
DEVICE_STAGES = {"tts", "capture", "playback", "audio", "devices"}
PART_NAMES = {"stt": "speech recognition", "tts": "voice", "vad": "voice detection"}


def provider_detail(p: dict[str, Any], cost: dict[str, Any] | None = None) -> str:
    """A prompt provider's family · size · tier, as the menus and the prompt panel show it; with
    `cost` ({"tokens", "prefix", "prepared", "fits"}, ConversationBrain.provider_costs) what its
    prompt costs the LLM."""
    parts = [str(p[k]) for k in ("family", "size", "tier") if p.get(k)]
    if cost and cost.get("tokens"):
        tokens, prefix = int(cost["tokens"]), int(cost.get("prefix", cost["tokens"]))
        if not cost.get("fits", True):
            where = "too long for the model's context"
        elif prefix * 2 < tokens:
            where = "read again every turn (the prompt is in the user's message)"
        else:
            where = {"memory": "prepared", "disk": "prepared (on disk)",
                     "preparing": "being prepared now"}.get(cost.get("prepared") or "", "not prepared yet")
        parts.append(f"{tokens:,} tokens, {where}")
    return " · ".join(parts)


class MainScreen(Screen[None]):
    class Ready(Message):
        """The panels are mounted: the app may start loading and listening."""

    def __init__(self, runtime: Runtime, *, show_timings: bool = True) -> None:
        super().__init__()
        self.runtime = runtime
        self.config = runtime.config
        self.show_timings = show_timings
        self.brain_state = "not loaded" if self.config.llm.backend != "none" else ""
        self._timings: dict[str, float] = {}
        self._reported: set[tuple[str, str]] = set()
        self._cancel_asked: str | None = None      # the turn id Esc asked to cancel
        self._cancelled: set[str] = set()
        self._stage_turn = ""                      # the turn the status line's stage is about
        self._offers_before: dict[str, int] = {}   # turn id -> the last offer shown when it was heard

    # ---- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◉")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Conversation(id="conversation")
                yield ActionsBar(id="actions")
                yield Input(placeholder=PLACEHOLDER, id="input")
            with Vertical(id="right"):
                yield PromptPanel(self.redact, id="prompt")
                yield ToolCallsPanel(self.redact, id="tool-calls")
                yield ValidationPanel(id="validation")
        yield StatusLine(show_timings=self.show_timings, id="status")
        yield Footer()

    @property
    def conversation(self) -> Conversation:
        return self.query_one("#conversation", Conversation)

    @property
    def status(self) -> StatusLine:
        return self.query_one("#status", StatusLine)

    @property
    def prompt_panel(self) -> PromptPanel:
        return self.query_one("#prompt", PromptPanel)

    @property
    def tool_panel(self) -> ToolCallsPanel:
        return self.query_one("#tool-calls", ToolCallsPanel)

    @property
    def validation_panel(self) -> ValidationPanel:
        return self.query_one("#validation", ValidationPanel)

    @property
    def actions_bar(self) -> ActionsBar:
        return self.query_one("#actions", ActionsBar)

    @property
    def input(self) -> Input:
        return self.query_one("#input", Input)

    def on_mount(self) -> None:
        self.tool_panel.border_title = "Tool calls"
        self.validation_panel.border_title = "Validation"
        self.actions_bar.border_title = "Actions"
        self.show_provider()
        self.show_model()
        self.input.focus()
        self.post_message(self.Ready())

    # ---- what the app shows -----------------------------------------------------------------------
    def new_turn(self) -> None:
        self.prompt_panel.reset()
        self.tool_panel.reset()
        self.validation_panel.reset()

    def clear(self) -> None:
        self.conversation.reset()
        self.new_turn()

    def show_model(self, state: str | None = None) -> None:
        """The model in the status line, with its state (loading, failed, …) when it is not ready."""
        if state is not None:
            self.brain_state = state
        llm = self.config.llm
        if llm.backend == "none":
            self.status.model = "none (fast paths only)"
            return
        if llm.backend == "openai":
            name = f"{llm.remote_model or 'remote'} over HTTP"
        elif llm.model == "bundled":
            name = "Qwen2.5-Coder-0.5B Q4 (bundled)"
        else:
            name = Path(llm.model).name
        self.status.model = f"{name} · {self.brain_state}" if self.brain_state else str(name)

    def show_provider(self) -> None:
        """The active prompt provider in the prompt panel's title and the status line."""
        try:
            name = self.runtime.active_provider_name
            info = next((provider_detail(p) for p in self.runtime.available_providers() if p.get("name") == name), "")
        except Exception as exc:  # noqa: BLE001 - a broken provider plugin is said, the screen stays
            self.report("providers", f"could not read the prompt providers: {type(exc).__name__}: {exc}")
            name, info = "", ""
        self.prompt_panel.set_provider(name or "no provider", info)
        self.status.provider = name or "—"

    def show_prompt_preview(self, provider: str, text: str, tools: list[Any]) -> None:
        if provider == self.status.provider:                 # not one the user has switched away from
            self.prompt_panel.prompt(provider, text, [], tools, 0, preview=True)

    def cancel_asked(self, turn_id: str) -> None:
        """Esc: the running turn was asked to stop; the status line says so until it ends."""
        self._cancel_asked = turn_id
        self.status.turn_stage(describe_stage("cancelling"))

    def turn_over(self) -> None:
        """No turn runs any more (its worker ended, even without a TurnFinished): no stage shown."""
        self.status.turn_done()

    def report(self, stage: str, message: str) -> None:
        """Every failure: a notification and a line in the conversation; the app keeps running."""
        message = self.redact(message)
        key = (stage, message)
        if stage in DEVICE_STAGES and key in self._reported:
            return      # a missing speaker or microphone fails the same way every turn: say it once
        self._reported.add(key)
        self.notify(message, title=stage, severity="error", timeout=8)
        self.conversation.error(f"{stage}: {message}")

    def redact(self, text: str) -> str:
        """Secret values never reach a panel: any stored secret in `text` is masked."""
        if not text:
            return text
        try:
            store = self.runtime.store.secrets
            values = [store.get(key) for key in store.keys()] + self.runtime.store.memories.secret_values()
        except Exception:  # noqa: BLE001 - a closed store during shutdown
            return text
        for value in values:
            if value and len(value) >= 4 and value in text:
                text = text.replace(value, "••••••")
        return text

    # ---- pipeline events -> panels -------------------------------------------------------------------
    async def on_pipeline_event(self, message: PipelineEvent) -> None:
        event = message.event
        handler = self.EVENT_HANDLERS.get(type(event))
        if handler is None:
            return
        try:
            result = handler(self, event)
            if result is not None:
                await result
        except Exception as exc:  # a display bug must not take the app down
            log.exception("showing %s failed", event.kind)
            self.notify(f"Could not show {event.kind}: {exc}", severity="error")

    # one handler per event kind ---------------------------------------------------------------------
    def _on_ListeningStateChanged(self, e: ev.ListeningStateChanged) -> None:
        self.status.state = e.state
        if e.state in ("idle", "muted", "no_device"):
            self.status.level = 0.0

    def _on_MicLevel(self, e: ev.MicLevel) -> None:
        self.status.level = e.rms

    def _on_SpeechStarted(self, e: ev.SpeechStarted) -> None:
        self.status.state = "hearing"

    def _on_UtteranceCaptured(self, e: ev.UtteranceCaptured) -> None:
        self._timings = {"endpoint": e.endpoint_ms}
        self.status.state = "thinking"

    def _on_TranscriptReady(self, e: ev.TranscriptReady) -> None:
        if e.source == "text":
            self._timings = {}
        elif e.stt_ms:
            self._timings["stt"] = e.stt_ms
        self.new_turn()
        self.conversation.user(e.text, e.source)
        self._offers_before[e.turn_id] = self.actions_bar.group

    def _on_TranscriptRejected(self, e: ev.TranscriptRejected) -> None:
        self.conversation.rejected(e.text, e.reason)

    def _on_PreRouted(self, e: ev.PreRouted) -> None:
        self.prompt_panel.add_note(f"No prompt this turn: the fast path of {e.command} claimed it"
                                   + (f" ({e.fast_path_id})" if e.fast_path_id else "") + ".")

    def _on_StepStarted(self, e: ev.StepStarted) -> None:
        self.tool_panel.step(self.redact(e.text))

    def _on_Routed(self, e: ev.Routed) -> None:
        self.tool_panel.routed(e.top, e.decision, e.tool, e.shortlist, e.arguments)

    def _on_ShortlistWeighed(self, e: ev.ShortlistWeighed) -> None:
        self.tool_panel.weighed(e.router, e.model, e.chosen)

    def _on_Declined(self, e: ev.Declined) -> None:
        self.conversation.note(f"declined: no command for {e.topic or 'this request'} ({e.reason})")

    def _on_PromptBuilt(self, e: ev.PromptBuilt) -> None:
        self.prompt_panel.prompt(e.provider, e.system_prompt, e.messages, e.tools, e.iteration)

    def _on_LlmOutput(self, e: ev.LlmOutput) -> None:
        self.prompt_panel.llm_output(e.raw, e.prefill_ms, e.generate_ms, e.prompt_tokens,
                                     e.completion_tokens, e.cached_tokens)

    def _on_ToolCallsParsed(self, e: ev.ToolCallsParsed) -> None:
        self.tool_panel.calls(e.calls, e.rejected, e.origin)
        for r in e.rejected:
            self.conversation.note(f"tool call rejected: {r.get('name', '?')}: {r.get('reason', '')}")

    def _on_ValidationCompleted(self, e: ev.ValidationCompleted) -> None:
        self.validation_panel.completed(e.command, e.results, e.corrections, e.retry, e.clarification)

    def _on_CommandFinished(self, e: ev.CommandFinished) -> None:
        self.tool_panel.finished(e.command, e.origin, e.success, e.message, e.error, e.post_processed,
                                 e.arguments)
        if not e.success and "validation_errors" not in e.context_data and "missing_secrets" not in e.context_data:
            self.notify(e.error or e.message or f"{e.command} failed", title=f"{e.command} failed",
                        severity="error")
            self.conversation.error(f"{e.command} failed: {e.error or e.message}")
        elif "missing_secrets" in e.context_data:
            keys = ", ".join(str(k) for k in e.context_data.get("missing_secrets") or [])
            self.notify(f"{e.error or e.message} ({keys}: F2 → Secrets)", title="Missing secret", severity="warning")

    async def _on_ActionsOffered(self, e: ev.ActionsOffered) -> None:
        await self.actions_bar.offer(e.command, e.actions, e.context)

    def _on_SpeechOutStarted(self, e: ev.SpeechOutStarted) -> None:
        self.status.state = "speaking"
        if e.first_audio_ms:
            self._timings["first_audio"] = e.first_audio_ms
            self.status.timings = dict(self._timings)

    def _on_SpeechOutFinished(self, e: ev.SpeechOutFinished) -> None:
        if e.interrupted:
            self.conversation.note(f"(stopped speaking after: “{e.spoken_text.strip()}”)"
                                   if e.spoken_text.strip() else "(stopped speaking)")

    def _on_Announcement(self, e: ev.Announcement) -> None:
        self.conversation.announce(self.redact(e.text), e.source)
        self.notify(e.text, title=e.source or "Jarvis")

    def _on_TurnStage(self, e: ev.TurnStage) -> None:
        if e.turn_id != self._stage_turn:
            self._stage_turn = e.turn_id
            self.status.turn_done()                 # a new turn: its seconds count from its own start
        if self._cancel_asked == e.turn_id:
            return                                  # "cancelling" stays until the turn ends
        self.status.turn_stage(describe_stage(e.stage, e.detail, e.done, e.total), since=e.t)

    def _on_TurnCancelled(self, e: ev.TurnCancelled) -> None:
        self._cancelled.add(e.turn_id)
        where = describe_stage(e.stage) if e.stage else "the turn"
        kept = f"; {', '.join(e.executed)} had already run and is kept" if e.executed else ""
        line = f"✗ Cancelled while {where}: nothing more ran{kept}."
        self.tool_panel.add_note(line)
        self.prompt_panel.add_note(f"Cancelled while {where}.")

    def _on_TurnFinished(self, e: ev.TurnFinished) -> None:
        self.status.turn_done()
        shown = self._offers_before.pop(e.turn_id, None)
        if e.route == "action" and shown is not None:
            # a spoken or typed yes/no answered the offer: its buttons are used up, as after a click
            # (they stayed live after "no"); an offer this turn made is left as it is
            self.actions_bar.disable_up_to(shown)
        if self._cancel_asked and self._cancel_asked == e.turn_id and e.turn_id not in self._cancelled:
            self.conversation.note("Too late to cancel: the turn had already finished.")
        if self._cancel_asked == e.turn_id:
            self._cancel_asked = None
        self._cancelled.discard(e.turn_id)
        self.conversation.assistant(self.redact(e.spoken or ""), e.route)
        self._timings.update({k: v for k, v in e.timings_ms.items() if v is not None})
        self.status.timings = dict(self._timings)
        self.input.placeholder = WAITING_PLACEHOLDER if e.wait_for_input else PLACEHOLDER

    def _on_ModelLoadProgress(self, e: ev.ModelLoadProgress) -> None:
        if e.model != "llm":
            if e.stage == "ready":
                self.conversation.note(f"{PART_NAMES.get(e.model, e.model)} ready ({e.seconds:.1f} s)")
            return          # a failure also comes as an Error event, reported there
        if e.stage == "started":
            self.conversation.note(f"Loading the LLM… {e.message}".rstrip())
            self.show_model("loading")
        elif e.stage == "progress":
            self.show_model(f"loading {e.fraction:.0%}")
        elif e.stage == "ready":
            self.conversation.note(f"LLM ready ({e.seconds:.1f} s). {e.message}".rstrip())
            self.show_model("")
        elif e.stage == "failed":
            self.show_model("failed")

    def _on_ProviderPrepared(self, e: ev.ProviderPrepared) -> None:
        if e.provider != self.status.provider:
            return                                  # one the user has switched away from
        if e.stage in ("started", "progress"):
            self.status.show_preparing(f"{e.fraction:.0%}".replace("%", " %"))
        elif e.stage == "ready":
            self.status.show_preparing("ready")
            tokens = f"{e.tokens:,} tokens, " if e.tokens else ""
            how = {"prefill": "read by the LLM", "disk": "from the prepared state on disk",
                   "memory": "already in memory"}.get(e.source, e.source)
            self.conversation.note(f"Prompt provider {e.provider} ready ({tokens}{how}, {e.seconds:.1f} s).")
        elif e.stage == "failed":
            self.status.show_preparing("")
            self.report("providers", f"could not prepare {e.provider}: {e.message} (the next turn reads its prompt)")

    def _on_DeviceLost(self, e: ev.DeviceLost) -> None:
        if e.direction == "input":
            # the Error event of the same outage is reported once; the status line says no_device
            self.status.state = "no_device"
            return
        # the speaker: said once per outage; replies stay on screen meanwhile
        self.conversation.note(f"The speaker ({e.device or 'default'}) is not available: {e.reason}. "
                               "Replies are shown here until it works.")
        self.notify("No speaker; replies are shown as text.", title="Audio", severity="warning")

    def _on_DeviceRestored(self, e: ev.DeviceRestored) -> None:
        label = "microphone" if e.direction == "input" else "speaker"
        self.conversation.note(f"The {label} ({e.device or 'default'}) is back after {e.down_s} s.")
        self.notify(f"The {label} is back.", title="Audio")

    def _on_Error(self, e: ev.Error) -> None:
        self.report(e.stage, e.message)

    # the panels each pipeline event reaches (an event not named here is not shown)
    EVENT_HANDLERS: dict[type[ev.Event], Callable[[MainScreen, Any], Awaitable[None] | None]] = {
        ev.ListeningStateChanged: _on_ListeningStateChanged,
        ev.MicLevel: _on_MicLevel,
        ev.SpeechStarted: _on_SpeechStarted,
        ev.UtteranceCaptured: _on_UtteranceCaptured,
        ev.TranscriptReady: _on_TranscriptReady,
        ev.TranscriptRejected: _on_TranscriptRejected,
        ev.PreRouted: _on_PreRouted,
        ev.StepStarted: _on_StepStarted,
        ev.Routed: _on_Routed,
        ev.ShortlistWeighed: _on_ShortlistWeighed,
        ev.Declined: _on_Declined,
        ev.PromptBuilt: _on_PromptBuilt,
        ev.LlmOutput: _on_LlmOutput,
        ev.ToolCallsParsed: _on_ToolCallsParsed,
        ev.ValidationCompleted: _on_ValidationCompleted,
        ev.CommandFinished: _on_CommandFinished,
        ev.ActionsOffered: _on_ActionsOffered,
        ev.SpeechOutStarted: _on_SpeechOutStarted,
        ev.SpeechOutFinished: _on_SpeechOutFinished,
        ev.Announcement: _on_Announcement,
        ev.TurnStage: _on_TurnStage,
        ev.TurnCancelled: _on_TurnCancelled,
        ev.TurnFinished: _on_TurnFinished,
        ev.ProviderPrepared: _on_ProviderPrepared,
        ev.ModelLoadProgress: _on_ModelLoadProgress,
        ev.DeviceLost: _on_DeviceLost,
        ev.DeviceRestored: _on_DeviceRestored,
        ev.Error: _on_Error,
    }
