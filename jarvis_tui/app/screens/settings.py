"""Settings: listening mode, spoken replies, fast paths (saved in the settings store), and the
effective config (read-only: it comes from config.toml, JARVIS_* variables and flags)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static, Switch

if TYPE_CHECKING:
    from jarvis_tui.runtime import Runtime

MODES = [("Wake word (“Hey Jarvis”)", "wake_word"), ("Push-to-talk (F4)", "push_to_talk"),
         ("Always listening: every voice in the room, a TV too, is a request", "hands_free")]


def fast_path_ids(runtime: Runtime) -> list[tuple[str, str, str]]:
    """(command, fast path id, description) of every command's fast paths."""
    out = []
    for command in runtime.registry:
        for fp in command.fast_paths:
            out.append((command.command_name, fp.id, fp.description))
    return out


class SettingsScreen(ModalScreen[bool]):
    BINDINGS = [Binding("escape", "cancel", "Close", id="settings.cancel")]

    def __init__(self, runtime: Any, mode: str, speak_replies: bool) -> None:
        super().__init__()
        self.runtime = runtime
        self.mode = mode
        self.speak_replies = speak_replies

    def _disabled(self) -> set[str]:
        return set(self.runtime.store.settings.get("routing.disabled_fast_paths", []) or [])

    def compose(self) -> ComposeResult:
        disabled = self._disabled() | set(self.runtime.config.routing.disabled_fast_paths)
        with Vertical(id="settings-box", classes="dialog -wide"):
            yield Label("Settings", classes="dialog-title")
            with VerticalScroll(id="settings-scroll"):
                with Horizontal(classes="setting-row"):
                    yield Label("Listening mode", classes="setting-label")
                    yield Select(MODES, value=self.mode, allow_blank=False, id="setting-mode")
                with Horizontal(classes="setting-row"):
                    yield Label("Speak replies", classes="setting-label")
                    yield Switch(value=self.speak_replies, id="setting-speak")
                paths = fast_path_ids(self.runtime)
                yield Label("Fast paths (off = the LLM decides)", classes="setting-section")
                if not paths:
                    yield Label("No command has a fast path.", classes="dim")
                for i, (command, fp_id, description) in enumerate(paths):
                    on = fp_id not in disabled and f"{command}:{fp_id}" not in disabled
                    with Horizontal(classes="setting-row"):
                        yield Label(f"{command}:{fp_id}", classes="setting-label")
                        yield Switch(value=on, id=f"fastpath-{i}", name=f"{command}:{fp_id}")
                        if description:
                            yield Label(description, classes="dim")
                yield Label("Effective config (config.toml < JARVIS_* < flags; read-only here)",
                            classes="setting-section")
                yield Static(self._config_text(), id="settings-config")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="settings-close")
                yield Button("Save", id="settings-save", variant="primary")

    def _config_text(self) -> Text:
        lines = []
        for section, values in self.runtime.config.as_dict().items():
            lines.append(f"[{section}]")
            for key, value in values.items():
                lines.append(f"  {key} = {value!r}")
        return Text("\n".join(lines), style="grey70")

    def save(self) -> None:
        settings = self.runtime.store.settings
        mode = self.query_one("#setting-mode", Select).value
        settings.set("audio.mode", mode)
        settings.set("tts.enabled", bool(self.query_one("#setting-speak", Switch).value))
        off = []
        for switch in self.query(Switch):
            if switch.id and switch.id.startswith("fastpath-") and not switch.value:
                off.append(switch.name)
        settings.set("routing.disabled_fast_paths", sorted(off))
        # apply now: the same rule as Runtime.create (config entries + settings entries)
        self.runtime.registry.bind(self.runtime.services,
                                   list(self.runtime.config.routing.disabled_fast_paths) + off)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "settings-save":
            self.save()
            self.dismiss(True)
        else:
            self.dismiss(False)

    def action_cancel(self) -> None:
        self.dismiss(False)
