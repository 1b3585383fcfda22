"""The Textual application: one screen that shows every step of a turn.

Pipeline events arrive on `runtime.bus` from any thread; the bus callback only posts a
PipelineEvent message, and the message handlers own the UI state. Blocking work (loading the LLM,
a turn, a button's handle_action, starting and stopping audio, listing devices) runs in thread
workers that only post messages.
"""
from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any, Callable

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input
from textual.worker import Worker, WorkerState

from jarvis_tui.app.executor import DaemonThreadExecutor
from jarvis_tui.app.messages import (BrainLoaded, ChoicesReady, Notice, PipelineEvent, PromptPreview,
                                     TurnCompleted, VoiceLoopReady, WorkFailed)
from jarvis_tui.app.palette import JarvisCommands
from jarvis_tui.app.screens import (Choice, ChoiceScreen, ConfirmScreen, InboxScreen, MemoriesScreen, MenuScreen, RoutinesResult,
                                    RoutinesScreen, SecretsScreen,
                                    SettingsScreen)
from jarvis_tui.app.widgets import (ActionsBar, Conversation, PromptPanel, StatusLine, ToolCallsPanel,
                                    ValidationPanel)
from jarvis_tui.assistant import events as ev
from jarvis_tui.config import Config

log = logging.getLogger(__name__)

PLACEHOLDER = "Type a request and press Enter"
MIC_LEVEL_INTERVAL_S = 0.08     # at most ~12 meter updates a second reach the UI
DEVICE_STAGES = {"tts", "capture", "playback", "audio", "devices"}

class JarvisApp(App[int]):
    TITLE = "Jarvis"
    SUB_TITLE = "local voice assistant"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    COMMANDS = App.COMMANDS | {JarvisCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    BINDINGS = [
        Binding("f2", "menu", "Menu", id="menu"),
        Binding("f4", "push_to_talk", "Talk", id="push_to_talk", priority=True),
        Binding("f5", "toggle_hands_free", "Hands-free", id="hands_free", priority=True),
        Binding("escape", "stop_speaking", "Stop speaking", id="stop_speaking"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(self, config: Config | None = None, runtime: Any = None, *, load_models: bool = True,
                 audio: bool | None = None, show_timings: bool = True) -> None:
        """`runtime`: a Runtime to show (the caller keeps owning it); without one the app builds
        and closes its own from `config`. `load_models=False` skips the LLM (and, unless `audio`
        says otherwise, the audio loop): the fast paths still answer."""
        super().__init__()
        self._reported: set[tuple[str, str]] = set()
        if runtime is None:
            from jarvis_tui.runtime import Runtime
            runtime = Runtime.create(config)
            self._owns_runtime = True
        else:
            self._owns_runtime = False
        self.runtime = runtime
        self.config = runtime.config
        self.load_models = load_models
        self.audio_enabled = load_models if audio is None else audio
        self.show_timings = show_timings
        self.voice_loop: Any = None
        self.brain: Any = None
        self._brain_state = "not loaded" if self.config.llm.backend != "none" else ""
        self._unsubscribe: Callable[[], None] | None = None
        self._last_level = 0.0
        self._ptt_down = False
        self._shutting_down = False
        self._timings: dict[str, float] = {}
        settings = runtime.store.settings
        self.mode: str = settings.get("audio.mode", self.config.audio.mode) or "push_to_talk"
        self.speak_replies: bool = bool(settings.get("tts.enabled", self.config.tts.enabled))

    # ---- layout -------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="◉")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Conversation(id="conversation")
                yield ActionsBar(id="actions")
                yield Input(placeholder=PLACEHOLDER,
                            id="input")
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

    def on_mount(self) -> None:
        asyncio.get_running_loop().set_default_executor(DaemonThreadExecutor())
        self.query_one("#tool-calls").border_title = "Tool calls"
        self.query_one("#validation").border_title = "Validation"
        self.query_one("#actions").border_title = "Actions"
        self._unsubscribe = self.runtime.bus.subscribe(self._on_bus_event)
        status = self.status
        status.mode = self.mode
        status.state = "loading" if self.audio_enabled else "off"
        self._show_provider()
        status.model = self._model_label()
        for err in getattr(self.runtime.registry, "errors", []):
            self._report("commands", f"command module skipped: {err}")
        if self.load_models and self.config.llm.backend != "none":
            self._brain_state = "loading"
            self.status.model = self._model_label()
            self.load_brain()
        elif self.config.llm.backend == "none":
            self.conversation.note("No LLM (llm.backend = none): the fast paths and the intent router answer.")
        else:
            self.conversation.note("The LLM is not loaded in this session: the fast paths and the intent router answer.")
        if self.audio_enabled:
            self.start_audio()
        else:
            self.conversation.note("Audio is off in this session: type your requests.")
            self.runtime.announce_startup()
        self.query_one("#input", Input).focus()

    # ---- the event bus (any thread) -> messages ---------------------------------------------------
    def _on_bus_event(self, event: ev.Event) -> None:
        if isinstance(event, ev.MicLevel):
            now = time.monotonic()
            if now - self._last_level < MIC_LEVEL_INTERVAL_S:
                return
            self._last_level = now
        if not self._shutting_down:
            self.post_message(PipelineEvent(event))

    async def on_pipeline_event(self, message: PipelineEvent) -> None:
        event = message.event
        handler = self.EVENT_HANDLERS.get(type(event))
        if handler is None:
            return
        try:
            result = handler(self, event)
            if hasattr(result, "__await__"):
                await result
        except Exception as exc:  # noqa: BLE001 - a display bug must not take the app down
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
        self._new_turn()
        self.conversation.user(e.text, e.source)

    def _on_TranscriptRejected(self, e: ev.TranscriptRejected) -> None:
        self.conversation.rejected(e.text, e.reason)

    def _on_PreRouted(self, e: ev.PreRouted) -> None:
        self.prompt_panel.add_note(f"No prompt this turn: the fast path of {e.command} claimed it"
                                   + (f" ({e.fast_path_id})" if e.fast_path_id else "") + ".")

    def _on_StepStarted(self, e: ev.StepStarted) -> None:
        self.tool_panel.step(self.redact(e.text))

    def _on_Routed(self, e: ev.Routed) -> None:
        self.tool_panel.routed(e.top, e.decision, e.tool, e.shortlist)

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
            self.notify(f"{e.error or e.message} (F2 → Secrets)",
                        title="Missing secret", severity="warning")

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

    def _on_TurnFinished(self, e: ev.TurnFinished) -> None:
        self.conversation.assistant(self.redact(e.spoken or ""), e.route)
        self._timings.update({k: v for k, v in e.timings_ms.items() if v is not None})
        self.status.timings = dict(self._timings)
        if e.wait_for_input:
            self.query_one("#input", Input).placeholder = "Jarvis is waiting for your answer…"
        else:
            self.query_one("#input", Input).placeholder = (
                PLACEHOLDER)

    def _on_ModelLoadProgress(self, e: ev.ModelLoadProgress) -> None:
        if e.model != "llm":
            name = {"stt": "speech recognition", "tts": "voice", "vad": "voice detection"}.get(e.model, e.model)
            if e.stage == "ready":
                self.conversation.note(f"{name} ready ({e.seconds:.1f} s)")
            return          # a failure also comes as an Error event, reported there
        if e.stage == "started":
            self._brain_state = "loading"
            self.conversation.note(f"Loading the LLM… {e.message}".rstrip())
        elif e.stage == "progress":
            self._brain_state = f"loading {e.fraction:.0%}"
        elif e.stage == "ready":
            self._brain_state = ""
            self.conversation.note(f"LLM ready ({e.seconds:.1f} s). {e.message}".rstrip())
        elif e.stage == "failed":
            self._brain_state = "failed"
        self.status.model = self._model_label()

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
        self._report(e.stage, e.message)

    # the panels each pipeline event reaches (an event not named here is not shown)
    EVENT_HANDLERS: dict[type[ev.Event], Any] = {
        ev.ListeningStateChanged: _on_ListeningStateChanged,
        ev.MicLevel: _on_MicLevel,
        ev.SpeechStarted: _on_SpeechStarted,
        ev.UtteranceCaptured: _on_UtteranceCaptured,
        ev.TranscriptReady: _on_TranscriptReady,
        ev.TranscriptRejected: _on_TranscriptRejected,
        ev.PreRouted: _on_PreRouted,
        ev.StepStarted: _on_StepStarted,
        ev.Routed: _on_Routed,
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
        ev.TurnFinished: _on_TurnFinished,
        ev.ModelLoadProgress: _on_ModelLoadProgress,
        ev.DeviceLost: _on_DeviceLost,
        ev.DeviceRestored: _on_DeviceRestored,
        ev.Error: _on_Error,
    }

    # ---- turns ----------------------------------------------------------------------------------------
    def _new_turn(self) -> None:
        self.prompt_panel.reset()
        self.tool_panel.reset()
        self.validation_panel.reset()

    @on(Input.Submitted, "#input")
    def submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        self.status.state = "thinking"
        self.run_text_turn(text)

    @work(thread=True, exit_on_error=False, group="turn")
    def run_text_turn(self, text: str) -> None:
        try:
            turn = self.runtime.assistant.handle_text(text, source="text")
        except Exception as exc:  # handle_text catches turn errors; this is the last net
            self.post_message(WorkFailed("turn", f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(TurnCompleted(turn, "text"))

    @work(thread=True, exit_on_error=False, group="turn")
    def run_button_action(self, command: str, action: str, context: dict[str, Any]) -> None:
        try:
            turn = self.runtime.assistant.handle_action(command, action, context)
        except Exception as exc:
            self.post_message(WorkFailed("button", f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(TurnCompleted(turn, "action"))

    def on_turn_completed(self, message: TurnCompleted) -> None:
        turn = message.turn
        spoken = getattr(turn, "spoken", None)
        if self.voice_loop is None:
            self.status.state = "off" if not self.audio_enabled else "idle"
            return
        self.status.state = self.voice_loop.state
        if spoken and self.speak_replies and self.config.tts.enabled:
            try:
                self.voice_loop.speak(spoken, turn_id=getattr(turn, "turn_id", ""),
                                      follow_up=bool(getattr(turn, "wait_for_input", False)))
            except Exception as exc:  # noqa: BLE001
                self._report("speech", f"could not speak: {exc}")

    def on_work_failed(self, message: WorkFailed) -> None:
        self._report(message.what, message.error)
        if self.voice_loop is None:
            self.status.state = "off" if not self.audio_enabled else "idle"

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR:
            self._report(event.worker.group or "worker", f"{event.worker.name} failed: {event.worker.error}")

    # ---- buttons --------------------------------------------------------------------------------------
    def on_actions_bar_chosen(self, message: ActionsBar.Chosen) -> None:
        offered = message.offered
        button = message.button

        def go(confirmed: bool | None = True) -> None:
            if not confirmed:
                self.conversation.note(f"[{offered.label}] not confirmed.")
                return
            self.actions_bar.disable_group(button.group)
            self.conversation.clicked(offered.label, offered.command)
            self.run_button_action(offered.command, offered.action, offered.context)
            self.query_one("#input", Input).focus()          # the user goes on typing or speaking

        if offered.button_type == "destructive":
            self.push_screen(ConfirmScreen(f"{offered.label}?",
                                           f"{offered.command} will run “{offered.action}”. This cannot be undone.",
                                           confirm_label=offered.label), go)
        else:
            go(True)

    # ---- the LLM ----------------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="brain")
    def load_brain(self) -> None:
        try:
            brain = self.runtime.load_brain()
        except Exception as exc:  # load_brain reports its own failures as events; this is the net
            self.post_message(BrainLoaded(None, f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(BrainLoaded(brain))

    def on_brain_loaded(self, message: BrainLoaded) -> None:
        self.brain = message.brain
        if message.error:
            self._brain_state = "failed"
            self._report("llm", f"the LLM did not load: {message.error}")
        elif message.brain is None:
            if self._brain_state != "failed":
                self._brain_state = "not available"
                self.conversation.note("No LLM is available: the fast paths and the intent router answer.")
        else:
            self._brain_state = ""
        self._show_provider()
        self.status.model = self._model_label()

    def _model_label(self) -> str:
        llm = self.config.llm
        if llm.backend == "none":
            return "none (fast paths only)"
        name = getattr(self.brain, "model_name", None)
        if not name:
            if llm.backend == "openai":
                name = f"{llm.remote_model or 'remote'} over HTTP"
            elif llm.model == "bundled":
                name = "Qwen2.5-Coder-0.5B Q4 (bundled)"
            else:
                name = Path(llm.model).name
        return f"{name} · {self._brain_state}" if self._brain_state else str(name)

    # ---- prompt providers -------------------------------------------------------------------------------
    def _provider_name(self) -> str:
        try:
            name = getattr(self.runtime, "active_provider_name", None)
        except Exception:  # noqa: BLE001
            name = None
        return str(name or self.runtime.store.settings.get("llm.interface") or self.config.llm.interface or "")

    def _show_provider(self) -> None:
        name = self._provider_name()
        info = ""
        for p in self._providers(quiet=True):
            if p.get("name") == name:
                info = _provider_detail(p)
        self.prompt_panel.set_provider(name or "no provider", info)
        self.status.provider = name or "—"

    def _providers(self, quiet: bool = False) -> list[dict[str, Any]]:
        fn = getattr(self.runtime, "available_providers", None)
        if fn is None:
            if not quiet:
                self._report("providers", "no prompt providers: the LLM part is not installed")
            return []
        try:
            return list(fn())
        except Exception as exc:  # noqa: BLE001
            if not quiet:
                self._report("providers", f"could not list the prompt providers: {exc}")
            return []

    def action_choose_model(self) -> None:
        current = self.runtime.model_spec()
        choices = [Choice(c["alias"], f"{c['label']} ({c['size_gb']} GB)", c["state"], c["alias"] == current)
                   for c in self.runtime.model_choices()]
        self.push_screen(ChoiceScreen("Choose model", choices, "Loads at the next start · saved as llm.model",
                                      id="model-menu"), self._model_chosen)

    def _model_chosen(self, choice: Choice | None) -> None:
        if choice is None or choice.value is None:
            return
        try:
            alias = self.runtime.set_model(choice.value)
        except ValueError as exc:
            self._report("model", str(exc))
            return
        self.conversation.note(f"Model: {alias} (loads the next time Jarvis starts)")
        self.notify(f"Model: {alias}, from the next start", title="Model")

    def action_switch_provider(self) -> None:
        providers = self._providers()
        if not providers:
            self.notify("No prompt providers were found.", severity="warning")
            return
        current = self._provider_name()
        choices = [Choice(p["name"], p["name"], _provider_detail(p), p["name"] == current) for p in providers]
        self.push_screen(ChoiceScreen("Switch prompt provider", choices,
                                      "Applies from the next turn · saved as llm.interface", id="provider-menu"),
                         self._provider_chosen)

    def _provider_chosen(self, choice: Choice | None) -> None:
        if choice is None or choice.value is None:
            return
        try:
            self.runtime.set_provider(choice.value)
        except (ValueError, AttributeError) as exc:
            self._report("providers", str(exc))
            return
        self._show_provider()
        self.prompt_panel.reset()
        self.prompt_panel.add_note(f"Provider switched to {choice.value}: the next turn's prompt is built by it.")
        self.preview_prompt(choice.value)
        self.conversation.note(f"Prompt provider: {choice.value} (from the next turn)")
        self.notify(f"Prompt provider: {choice.value}", title="Provider")

    @work(thread=True, exclusive=True, exit_on_error=False, group="prompt")
    def preview_prompt(self, name: str) -> None:
        """Build the provider's system prompt for the current commands (no LLM needed)."""
        try:
            provider = self.runtime.provider_factory.get(name)
            commands = list(self.runtime.registry)
            tools = provider.build_tools(commands) if provider.supports_native_tools else []
            brain = self.runtime.assistant.brain
            if brain is not None and hasattr(brain, "node_context"):
                context = brain.node_context()
            else:
                g = self.config.general
                context = {k: v for k, v in {"user_name": g.user_name, "room": g.room, "location": g.location,
                                             "response_style": g.response_style}.items() if v}
            system = provider.build_system_prompt(context, self.config.general.timezone, tools, commands)
        except Exception as exc:  # noqa: BLE001
            self.post_message(WorkFailed("providers", f"could not build the {name} prompt: {exc}"))
            return
        self.post_message(PromptPreview(name, system, tools))

    def on_prompt_preview(self, message: PromptPreview) -> None:
        if message.provider != self._provider_name():
            return
        self.prompt_panel.prompt(message.provider, message.system_prompt, [], message.tools, 0, preview=True)

    # ---- audio --------------------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="audio")
    def start_audio(self) -> None:
        try:
            from jarvis_tui.audio.voice_loop import VoiceLoop
        except Exception as exc:  # noqa: BLE001 - audio is optional for a typed session
            self.post_message(VoiceLoopReady(None, f"audio is not available: {type(exc).__name__}: {exc}"))
            return
        try:
            # the loop reads audio.input_device and tts.voice from the settings itself
            loop = VoiceLoop(self.runtime, speak_replies=self.speak_replies)
            loop.set_mode(self.mode)
            loop.start()
        except Exception as exc:  # noqa: BLE001
            self.post_message(VoiceLoopReady(None, f"audio did not start: {type(exc).__name__}: {exc}"))
            return
        if self._shutting_down:
            loop.stop()
            return
        self.post_message(VoiceLoopReady(loop))

    def on_voice_loop_ready(self, message: VoiceLoopReady) -> None:
        if message.loop is None:
            self.audio_enabled = False
            self.status.state = "off"
            self._report("audio", message.error or "audio did not start")
            self.runtime.announce_startup()
            return
        if self._shutting_down:
            message.loop.stop()
            return
        self.voice_loop = message.loop
        state = getattr(message.loop, "state", None)
        if isinstance(state, str) and state:
            self.status.state = state
        mode = "hands-free: just talk" if self.mode == "hands_free" else "press F4 to talk, F4 again to stop"
        self.conversation.note(f"Audio on ({mode}).")
        self.runtime.announce_startup()          # spoken by the loop that now runs

    def _need_audio(self) -> bool:
        if self.voice_loop is None:
            self.notify("Audio is not running in this session.", severity="warning")
            return False
        return True

    def action_push_to_talk(self) -> None:
        if not self._need_audio():
            return
        if self.mode == "hands_free":
            self.notify("Hands-free is on: just talk (F5 switches to push-to-talk).")
            return
        self._ptt_down = not self._ptt_down
        try:
            self.voice_loop.push_to_talk(self._ptt_down)
        except Exception as exc:  # noqa: BLE001
            self._report("audio", f"push-to-talk failed: {exc}")

    def action_toggle_hands_free(self) -> None:
        self.mode = "push_to_talk" if self.mode == "hands_free" else "hands_free"
        self.runtime.store.settings.set("audio.mode", self.mode)
        self.status.mode = self.mode
        self._ptt_down = False
        if self.voice_loop is not None:
            try:
                self.voice_loop.set_mode(self.mode)
            except Exception as exc:  # noqa: BLE001
                self._report("audio", f"could not switch mode: {exc}")
        self.notify("Hands-free listening" if self.mode == "hands_free" else "Push-to-talk (F4)")

    def action_stop_speaking(self) -> None:
        if self.voice_loop is None:
            return
        try:
            self.voice_loop.stop_speaking()
        except Exception as exc:  # noqa: BLE001
            self._report("audio", f"could not stop speaking: {exc}")

    def action_choose_microphone(self) -> None:
        self.list_choices("microphone")

    def action_choose_voice(self) -> None:
        self.list_choices("voice")

    @work(thread=True, exclusive=True, exit_on_error=False, group="lists")
    def list_choices(self, kind: str) -> None:
        try:
            if kind == "microphone":
                from jarvis_tui.audio.devices import list_devices
                items = [d for d in list_devices() if d.get("is_input")]
            else:
                from jarvis_tui.audio.tts import available_voices
                items = list(available_voices())
        except Exception as exc:  # noqa: BLE001
            self.post_message(ChoicesReady(kind, [], f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(ChoicesReady(kind, items))

    def on_choices_ready(self, message: ChoicesReady) -> None:
        if message.error:
            self._report(message.kind, f"cannot list {message.kind}s: {message.error}")
            return
        settings = self.runtime.store.settings
        if message.kind == "microphone":
            current = settings.get("audio.input_device", self.config.audio.input_device)
            choices = [Choice(None, "System default", "", current is None)]
            for d in message.items:
                detail = " · ".join(x for x in (str(d.get("hostapi") or ""),
                                                "default" if d.get("is_default_input") else "") if x)
                choices.append(Choice(str(d["name"]), str(d["name"]), detail, d["name"] == current))
            self.push_screen(ChoiceScreen("Choose microphone", choices, "Saved as audio.input_device",
                                          id="microphone-menu"), self._microphone_chosen)
        else:
            current = settings.get("tts.voice", None)
            choices = [Choice(None, "Bundled voice", "joe (en_US, medium)", current is None)]
            for v in message.items:
                choices.append(Choice(str(v["path"]), str(v["name"]), "", str(v["path"]) == current))
            self.push_screen(ChoiceScreen("Choose voice", choices, "Saved as tts.voice", id="voice-menu"),
                             self._voice_chosen)

    def _microphone_chosen(self, choice: Choice | None) -> None:
        if choice is None:
            return
        settings = self.runtime.store.settings
        if choice.value is None:
            settings.delete("audio.input_device")
        else:
            settings.set("audio.input_device", choice.value)
        if self.voice_loop is not None:
            try:
                self.voice_loop.select_input_device(choice.value)
            except Exception as exc:  # noqa: BLE001
                self._report("audio", f"could not switch microphone: {exc}")
                return
        self.notify(f"Microphone: {choice.label}")

    def _voice_chosen(self, choice: Choice | None) -> None:
        if choice is None:
            return
        settings = self.runtime.store.settings
        if choice.value is None:
            settings.delete("tts.voice")
        else:
            settings.set("tts.voice", choice.value)
        if self.voice_loop is not None:
            self.switch_voice(choice.value, choice.label)
        else:
            self.notify(f"Voice: {choice.label} (used when audio starts)")

    @work(thread=True, exclusive=True, exit_on_error=False, group="voice")
    def switch_voice(self, path: str | None, label: str) -> None:
        loop = self.voice_loop
        if loop is None:
            return
        try:
            loop.select_voice(path)
        except Exception as exc:  # noqa: BLE001
            self.post_message(WorkFailed("voice", f"could not switch voice: {exc}"))
            return
        self.post_message(Notice(f"Voice: {label}"))

    def on_notice(self, message: Notice) -> None:
        self.notify(message.text)

    # ---- menus ----------------------------------------------------------------------------------------------
    def action_menu(self) -> None:
        self.push_screen(MenuScreen(), lambda key: self.run_menu_item(key) if key else None)

    def run_menu_item(self, key: str) -> None:
        action = getattr(self, f"action_{key}", None)
        if action is not None:
            action()

    def action_settings(self) -> None:
        self.push_screen(SettingsScreen(self.runtime, self.mode, self.speak_replies), self._settings_saved)

    def _settings_saved(self, saved: bool | None) -> None:
        if not saved:
            return
        settings = self.runtime.store.settings
        mode = settings.get("audio.mode", self.mode)
        if mode != self.mode:
            self.action_toggle_hands_free()
        self.speak_replies = bool(settings.get("tts.enabled", self.speak_replies))
        if self.voice_loop is not None:
            self.voice_loop.speak_replies = self.speak_replies
        self.notify("Settings saved.")

    def action_memories(self) -> None:
        self.push_screen(MemoriesScreen(self.runtime), self._memories_changed)

    def _memories_changed(self, count: int | None) -> None:
        if count:
            self.notify(f"{count} memor{'ies' if count != 1 else 'y'} changed.", title="Memories")

    def action_inbox(self) -> None:
        self.push_screen(InboxScreen(self.runtime))

    def action_routines(self) -> None:
        self.push_screen(RoutinesScreen(self.runtime), self._routines_done)

    def _routines_done(self, result: RoutinesResult | None) -> None:
        if result is None:
            return
        if result.changed:
            self.notify(f"{result.changed} routine{'s' if result.changed != 1 else ''} changed.", title="Routines")
        if result.run:
            self.status.state = "thinking"
            self.run_text_turn(f"run the {result.run} routine")

    def action_secrets(self) -> None:
        self.push_screen(SecretsScreen(self.runtime), self._secrets_saved)

    def _secrets_saved(self, count: int | None) -> None:
        if count:
            self.notify(f"Saved {count} secret{'s' if count != 1 else ''}.", title="Secrets")

    def action_clear_panels(self) -> None:
        self.conversation.reset()
        self._new_turn()

    # ---- failures, secrets, quitting ---------------------------------------------------------------------
    def _report(self, stage: str, message: str) -> None:
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
            for value in values:
                if value and len(value) >= 4 and value in text:
                    text = text.replace(value, "••••••")
        except Exception:  # noqa: BLE001 - a closed store during shutdown
            pass
        return text

    def _stop_audio(self) -> None:
        loop, self.voice_loop = self.voice_loop, None
        if loop is not None:
            try:
                loop.stop()
            except Exception:  # noqa: BLE001
                log.exception("stopping audio failed")

    async def action_quit(self) -> None:
        self._shutting_down = True
        self._stop_audio()
        self.exit(0)

    def on_unmount(self) -> None:
        self._shutting_down = True
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._stop_audio()
        if self._owns_runtime:
            busy = [w for w in self.workers if w.is_running and w.group in ("turn", "brain")]
            if busy:
                # the LLM is still loading or generating on a daemon thread: freeing the model
                # under it could crash; stop the commands' own threads and let the process end
                for command in self.runtime.registry:
                    stop = getattr(command, "shutdown", None)
                    if callable(stop):
                        try:
                            stop()
                        except Exception:  # noqa: BLE001
                            log.exception("shutdown of %s failed", command.command_name)
            else:
                self.runtime.close()


def _provider_detail(p: dict[str, Any]) -> str:
    parts = [str(p[k]) for k in ("family", "size", "tier") if p.get(k)]
    return " · ".join(parts)
