"""The menu (F2): the same entries as the command palette's Jarvis commands."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

# (id, label, help) -- the app's action_<id> does the work
MENU_ITEMS: list[tuple[str, str, str]] = [
    ("switch_provider", "Switch prompt provider", "Choose the prompt provider used from the next turn"),
    ("choose_model", "Choose model", "The LLM tier (bundled 0.5B, or the 1.5B once installed), from the next start"),
    ("choose_microphone", "Choose microphone", "Pick the input device"),
    ("choose_voice", "Choose voice", "Pick the piper voice for spoken replies"),
    ("settings", "Settings", "Listening mode, spoken replies, fast paths, the effective config"),
    ("memories", "Memories", "What you asked Jarvis to remember: edit or delete"),
    ("inbox", "Inbox", "Timers that ended and reminders missed while Jarvis was closed"),
    ("routines", "Routines", "Phrases that run several requests: create, edit, delete, run"),
    ("secrets", "Secrets", "Which secrets each command is missing; set them (masked)"),
    ("toggle_wake_word", "Wake word on/off", "Switch between “Hey Jarvis” and push-to-talk (F4); "
     "always listening is in Settings"),
    ("stop_speaking", "Stop speaking", "Interrupt the spoken reply"),
    ("clear_panels", "Clear panels", "Empty the conversation and the step panels"),
]


class MenuScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Close", id="menu.cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box", classes="dialog"):
            yield Label("Menu", classes="dialog-title")
            yield OptionList(*[Option(label, id=key) for key, label, _ in MENU_ITEMS], id="menu-list")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
