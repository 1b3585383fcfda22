"""The Textual application: lifecycle, bindings and workers. The panels are MainScreen's.

Pipeline events arrive on `runtime.bus` from any thread; the bus callback only posts a
PipelineEvent message to the main screen, which shows it. Blocking work (loading the LLM, a turn,
a button's handle_action, starting audio, listing devices, building a prompt preview) runs in
thread workers of a few lines that post their result as a message; an exception in any of them
reaches one handler, on_worker_state_changed, which says it.
"""
from __future__ import annotations

import asyncio
import logging
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from jarvis_tui.app.executor import DaemonThreadExecutor
from jarvis_tui.app.messages import (BrainLoaded, ChoicesReady, Notice, PipelineEvent, PromptPreview,
                                     ProviderCosts, TurnCompleted, VoiceLoopReady)
from jarvis_tui.app.palette import JarvisCommands
from jarvis_tui.app.screens import (Choice, ChoiceScreen, ConfirmScreen, InboxScreen, MainScreen, MemoriesScreen,
                                    MenuScreen, RoutinesResult, RoutinesScreen, SecretsScreen, SettingsScreen)
from jarvis_tui.app.screens.main import provider_detail
from jarvis_tui.app.widgets import ActionsBar
from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant import prompt_preview
from jarvis_tui.config import Config

if TYPE_CHECKING:
    from jarvis_tui.audio.voice_loop import VoiceLoop
    from jarvis_tui.runtime import Runtime

log = logging.getLogger(__name__)

MIC_LEVEL_INTERVAL_S = 0.08     # at most ~12 meter updates a second reach the UI
MODE_HINTS = {"wake_word": "say “Hey Jarvis”, or press F4 to talk",
              "push_to_talk": "press F4 to talk, F4 again to stop",
              "hands_free": "always listening: just talk"}

# a worker that raised: (stage, what it was doing), by worker name, for the one failure handler
WORKER_FAILURES = {
    "load_brain": ("llm", "the LLM did not load"),
    "start_audio": ("audio", "audio did not start"),
    "run_text_turn": ("turn", "the turn failed"),
    "run_button_action": ("button", "the button's action failed"),
    "preview_prompt": ("providers", "could not build the prompt preview"),
    "prepare_provider": ("providers", "could not prepare the provider's prompt"),
    "list_providers": ("providers", "could not list the prompt providers"),
    "list_microphones": ("microphone", "cannot list microphones"),
    "list_voices": ("voice", "cannot list voices"),
    "switch_voice": ("voice", "could not switch voice"),
}


class JarvisApp(App[int]):
    TITLE = "Jarvis"
    SUB_TITLE = "local voice assistant"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    COMMANDS = App.COMMANDS | {JarvisCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    BINDINGS = [
        Binding("f2", "menu", "Menu", id="menu"),
        Binding("f4", "push_to_talk", "Talk", id="push_to_talk", priority=True),
        Binding("f5", "toggle_wake_word", "Wake word", id="wake_word", priority=True),
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
    ]

    def __init__(self, config: Config | None = None, runtime: Runtime | None = None, *, load_models: bool = True,
                 audio: bool | None = None, show_timings: bool = True) -> None:
        """`runtime`: a Runtime to show (the caller keeps owning it); without one the app builds
        and closes its own from `config`. `load_models=False` skips the LLM (and, unless `audio`
        says otherwise, the audio loop): the fast paths still answer."""
        super().__init__()
        if runtime is None:
            from jarvis_tui.runtime import Runtime
            runtime = Runtime.create(config)
            self._owns_runtime = True
        else:
            self._owns_runtime = False
        self.runtime: Runtime = runtime
        self.config = runtime.config
        self.load_models = load_models
        self.audio_enabled = load_models if audio is None else audio
        self.voice_loop: VoiceLoop | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._last_level = 0.0
        self._ptt_down = False
        self._shutting_down = False
        settings = runtime.store.settings
        self.mode: str = settings.get("audio.mode", self.config.audio.mode) or "wake_word"
        self.speak_replies: bool = bool(settings.get("tts.enabled", self.config.tts.enabled))
        self.main_screen = MainScreen(runtime, show_timings=show_timings)

    def get_default_screen(self) -> MainScreen:
        return self.main_screen

    # ---- lifecycle ------------------------------------------------------------------------------------
    def on_mount(self) -> None:
        asyncio.get_running_loop().set_default_executor(DaemonThreadExecutor())

    def on_main_screen_ready(self) -> None:
        """The panels are there: subscribe to the bus, load the LLM, start listening."""
        screen = self.main_screen
        self._unsubscribe = self.runtime.bus.subscribe(self._on_bus_event)
        screen.status.mode = self.mode
        screen.status.state = "loading" if self.audio_enabled else "off"
        for err in self.runtime.registry.errors:
            screen.report("commands", f"command module skipped: {err}")
        if self.load_models and self.config.llm.backend != "none":
            screen.show_model("loading")
            self.load_brain()
        elif self.config.llm.backend == "none":
            screen.conversation.note("No LLM (llm.backend = none): the fast paths and the intent router answer.")
        else:
            screen.conversation.note("The LLM is not loaded in this session: the fast paths and the intent "
                                     "router answer.")
        if self.audio_enabled:
            self.start_audio()
        else:
            screen.conversation.note("Audio is off in this session: type your requests.")
            self.runtime.announce_startup()

    def _on_bus_event(self, event: ev.Event) -> None:
        """Any thread: the event goes to the main screen as a message."""
        if isinstance(event, ev.MicLevel):
            now = time.monotonic()
            if now - self._last_level < MIC_LEVEL_INTERVAL_S:
                return
            self._last_level = now
        if not self._shutting_down:
            self.main_screen.post_message(PipelineEvent(event))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The one place a worker's failure is said (the workers have no try/except of their own)."""
        if event.state != WorkerState.ERROR:
            return
        worker, error = event.worker, event.worker.error
        stage, what = WORKER_FAILURES.get(worker.name, (worker.group or "worker", f"{worker.name} failed"))
        log.error("worker %s failed", worker.description, exc_info=error)
        self.main_screen.report(stage, f"{what}: {type(error).__name__}: {error}")
        if worker.name == "load_brain":
            self.main_screen.show_model("failed")
        elif worker.name == "start_audio":
            self._audio_off()
        elif worker.name in ("run_text_turn", "run_button_action"):
            self.main_screen.turn_over()
            self._show_idle()

    @contextmanager
    def reporting(self, stage: str, what: str) -> Iterator[None]:
        """A call into a part from the UI thread (the voice loop): if it fails it is said, and the
        app goes on."""
        try:
            yield
        except Exception as exc:  # a failing part is reported; the app keeps running
            log.exception("%s", what)
            self.main_screen.report(stage, f"{what}: {exc}")

    # ---- turns ----------------------------------------------------------------------------------------
    @on(Input.Submitted, "#input")
    def submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        self.main_screen.status.state = "thinking"
        self.run_text_turn(text)

    @work(thread=True, exit_on_error=False, group="turn")
    def run_text_turn(self, text: str) -> None:
        self.post_message(TurnCompleted(self.runtime.assistant.handle_text(text, source="text"), "text"))

    @work(thread=True, exit_on_error=False, group="turn")
    def run_button_action(self, command: str, action: str, context: dict[str, Any]) -> None:
        self.post_message(TurnCompleted(self.runtime.assistant.handle_action(command, action, context), "action"))

    def on_turn_completed(self, message: TurnCompleted) -> None:
        turn = message.turn
        if self.voice_loop is None:
            self._show_idle()
            return
        self.main_screen.status.state = self.voice_loop.state
        if turn.spoken and self.speak_replies and self.config.tts.enabled:
            with self.reporting("speech", "could not speak"):
                self.voice_loop.speak(turn.spoken, turn_id=turn.turn_id, follow_up=turn.wait_for_input)

    def _show_idle(self) -> None:
        if self.voice_loop is None:
            self.main_screen.status.state = "off" if not self.audio_enabled else "idle"

    def on_actions_bar_chosen(self, message: ActionsBar.Chosen) -> None:
        offered, group = message.offered, message.button.group
        screen = self.main_screen

        def go(confirmed: bool | None = True) -> None:
            if not confirmed:
                screen.conversation.note(f"[{offered.label}] not confirmed.")
                return
            screen.actions_bar.disable_group(group)
            screen.conversation.clicked(offered.label, offered.command)
            self.run_button_action(offered.command, offered.action, offered.context)
            screen.input.focus()          # the user goes on typing or speaking

        if offered.button_type == "destructive":
            self.push_screen(ConfirmScreen(f"{offered.label}?",
                                           f"{offered.command} will run “{offered.action}”. This cannot be undone.",
                                           confirm_label=offered.label), go)
        else:
            go(True)

    # ---- the LLM ----------------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="brain")
    def load_brain(self) -> None:
        self.post_message(BrainLoaded(self.runtime.load_brain()))

    def on_brain_loaded(self, message: BrainLoaded) -> None:
        screen = self.main_screen
        if message.brain is not None:
            screen.show_model("")
        elif screen.brain_state != "failed":      # a failure was said by its Error event
            screen.show_model("not available")
            screen.conversation.note("No LLM is available: the fast paths and the intent router answer.")
        screen.show_provider()

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
            self.main_screen.report("model", str(exc))
            return
        self.main_screen.conversation.note(f"Model: {alias} (loads the next time Jarvis starts)")
        self.notify(f"Model: {alias}, from the next start", title="Model")

    # ---- prompt providers -------------------------------------------------------------------------------
    def action_switch_provider(self) -> None:
        """The provider menu; with the LLM loaded each entry says what its prompt costs (tokens, and
        whether it is prepared), measured in a worker (it builds and tokenizes every prompt)."""
        if self.runtime.assistant.brain is not None:
            self.list_providers()
        else:
            self._show_provider_menu(None)

    @work(thread=True, exclusive=True, exit_on_error=False, group="lists")
    def list_providers(self) -> None:
        brain = self.runtime.assistant.brain
        names = self.runtime.provider_factory.get_available_providers()
        self.post_message(ProviderCosts(brain.provider_costs(names, list(self.runtime.registry))
                                        if brain is not None else None))

    def on_provider_costs(self, message: ProviderCosts) -> None:
        self._show_provider_menu(message.costs)

    def _show_provider_menu(self, costs: dict[str, dict[str, Any]] | None) -> None:
        providers: list[dict[str, Any]] = []
        current = ""
        with self.reporting("providers", "could not list the prompt providers"):
            providers = self.runtime.available_providers()
            current = self.runtime.active_provider_name
        if not providers:
            self.notify("No prompt providers were found.", severity="warning")
            return
        choices = [Choice(p["name"], p["name"], provider_detail(p, (costs or {}).get(p["name"])), p["name"] == current)
                   for p in providers]
        hint = "Applies from the next turn · saved as llm.interface"
        if costs:
            hint = "Its prompt is prepared at once (in the background) · saved as llm.interface"
        self.push_screen(ChoiceScreen("Switch prompt provider", choices, hint, id="provider-menu"),
                         self._provider_chosen)

    def _provider_chosen(self, choice: Choice | None) -> None:
        if choice is None or choice.value is None:
            return
        screen = self.main_screen
        try:
            self.runtime.set_provider(choice.value)
        except ValueError as exc:
            screen.report("providers", str(exc))
            return
        screen.show_provider()
        screen.prompt_panel.reset()
        screen.prompt_panel.add_note(f"Provider switched to {choice.value}: the next turn's prompt is built by it.")
        self.preview_prompt(choice.value)
        if self.runtime.assistant.brain is not None:
            screen.status.show_preparing("0 %")
            self.prepare_provider(choice.value)
            screen.conversation.note(f"Prompt provider: {choice.value} (preparing its prompt now)")
        else:
            screen.status.show_preparing("")
            screen.conversation.note(f"Prompt provider: {choice.value} (from the next turn)")
        self.notify(f"Prompt provider: {choice.value}", title="Provider")

    @work(thread=True, exclusive=True, exit_on_error=False, group="prepare")
    def prepare_provider(self, name: str) -> None:
        """Prefill the chosen provider's prompt now (ProviderPrepared events show the progress); a
        second switch supersedes this one, which then stops between two chunks of the prompt."""
        brain = self.runtime.assistant.brain
        if brain is not None:
            brain.prepare_provider(name, list(self.runtime.registry), emit=self.runtime.bus.emit)

    @work(thread=True, exclusive=True, exit_on_error=False, group="prompt")
    def preview_prompt(self, name: str) -> None:
        """The provider's system prompt for the current commands (no LLM needed)."""
        text, tools = prompt_preview.preview(self.runtime.provider_factory.get(name), self.runtime.registry,
                                             self.config, self.runtime.assistant.brain)
        self.post_message(PromptPreview(name, text, tools))

    def on_prompt_preview(self, message: PromptPreview) -> None:
        self.main_screen.show_prompt_preview(message.provider, message.text, message.tools)

    # ---- audio --------------------------------------------------------------------------------------------
    @work(thread=True, exclusive=True, exit_on_error=False, group="audio")
    def start_audio(self) -> None:
        from jarvis_tui.audio.voice_loop import VoiceLoop

        # the loop reads audio.input_device and tts.voice from the settings itself
        loop = VoiceLoop(self.runtime, speak_replies=self.speak_replies)
        loop.set_mode(self.mode)
        loop.start()
        if self._shutting_down:
            loop.stop()
        else:
            self.post_message(VoiceLoopReady(loop))

    def on_voice_loop_ready(self, message: VoiceLoopReady) -> None:
        if self._shutting_down:
            message.loop.stop()
            return
        self.voice_loop = message.loop
        if message.loop.state:
            self.main_screen.status.state = message.loop.state
        self.main_screen.conversation.note(f"Audio on ({MODE_HINTS.get(self.mode, self.mode)}).")
        self.runtime.announce_startup()          # spoken by the loop that now runs

    def _audio_off(self) -> None:
        """Audio did not start: the session goes on typed."""
        self.audio_enabled = False
        self.main_screen.status.state = "off"
        self.runtime.announce_startup()

    def _need_audio(self) -> bool:
        if self.voice_loop is None:
            self.notify("Audio is not running in this session.", severity="warning")
            return False
        return True

    def action_push_to_talk(self) -> None:
        if not self._need_audio():
            return
        if self.mode == "hands_free":
            self.notify("Always listening is on: just talk (F5 switches to the wake word).")
            return
        self._ptt_down = not self._ptt_down
        with self.reporting("audio", "push-to-talk failed"):
            self.voice_loop.push_to_talk(self._ptt_down)

    def action_toggle_wake_word(self) -> None:
        """F5: the wake word on or off (push-to-talk); always listening only from the settings."""
        self.set_listening_mode("push_to_talk" if self.mode == "wake_word" else "wake_word")

    def set_listening_mode(self, mode: str) -> None:
        self.mode = mode
        self.runtime.store.settings.set("audio.mode", self.mode)
        self.main_screen.status.mode = self.mode
        self._ptt_down = False
        if self.voice_loop is not None:
            with self.reporting("audio", "could not switch mode"):
                self.voice_loop.set_mode(self.mode)
        if mode == "hands_free":
            self.main_screen.conversation.note(
                "Always listening: everything said near the microphone, a TV or a conversation too, is taken "
                "as a request. F5 goes back to the wake word.")
        self.notify(MODE_HINTS.get(mode, mode).capitalize())

    def action_cancel(self) -> None:
        """Esc: cancel the running turn (the LLM stops, nothing it was about to do runs) and stop
        speaking."""
        control = self.runtime.assistant.control
        if control is not None and self.runtime.assistant.cancel():
            self.main_screen.cancel_asked(control.turn_id)
        self.action_stop_speaking()

    def action_stop_speaking(self) -> None:
        if self.voice_loop is not None:
            with self.reporting("audio", "could not stop speaking"):
                self.voice_loop.stop_speaking()

    def action_choose_microphone(self) -> None:
        self.list_microphones()

    def action_choose_voice(self) -> None:
        self.list_voices()

    @work(thread=True, exclusive=True, exit_on_error=False, group="lists")
    def list_microphones(self) -> None:
        from jarvis_tui.audio.devices import list_devices
        self.post_message(ChoicesReady("microphone", [d for d in list_devices() if d.get("is_input")]))

    @work(thread=True, exclusive=True, exit_on_error=False, group="lists")
    def list_voices(self) -> None:
        from jarvis_tui.audio.tts import available_voices
        self.post_message(ChoicesReady("voice", list(available_voices())))

    def on_choices_ready(self, message: ChoicesReady) -> None:
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
        with self.reporting("audio", "could not switch microphone"):
            if self.voice_loop is not None:
                self.voice_loop.select_input_device(choice.value)
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
        if self.voice_loop is not None:
            self.voice_loop.select_voice(path)
            self.post_message(Notice(f"Voice: {label}"))

    def on_notice(self, message: Notice) -> None:
        self.notify(message.text)

    # ---- menus ----------------------------------------------------------------------------------------------
    def action_menu(self) -> None:
        self.push_screen(MenuScreen(), self._menu_chosen)

    async def _menu_chosen(self, key: str | None) -> None:
        if key:
            await self.run_action(key)      # a menu entry's id is an action of the app (MENU_ITEMS)

    def action_settings(self) -> None:
        self.push_screen(SettingsScreen(self.runtime, self.mode, self.speak_replies), self._settings_saved)

    def _settings_saved(self, saved: bool | None) -> None:
        if not saved:
            return
        settings = self.runtime.store.settings
        mode = settings.get("audio.mode", self.mode)
        if mode != self.mode:
            self.set_listening_mode(mode)
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
            self.main_screen.status.state = "thinking"
            self.run_text_turn(f"run the {result.run} routine")

    def action_secrets(self) -> None:
        self.push_screen(SecretsScreen(self.runtime), self._secrets_saved)

    def _secrets_saved(self, count: int | None) -> None:
        if count:
            self.notify(f"Saved {count} secret{'s' if count != 1 else ''}.", title="Secrets")

    def action_clear_panels(self) -> None:
        self.main_screen.clear()

    # ---- quitting -------------------------------------------------------------------------------------------
    def _stop_audio(self) -> None:
        loop, self.voice_loop = self.voice_loop, None
        if loop is not None:
            try:
                loop.stop()
            except Exception:  # quitting goes on
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
            busy = [w for w in self.workers if w.is_running and w.group in ("turn", "brain", "prepare")]
            if busy:
                # the LLM is still loading or generating on a daemon thread: freeing the model
                # under it could crash; stop the commands' own threads and let the process end
                self.runtime.stop_commands()
            else:
                self.runtime.close()
