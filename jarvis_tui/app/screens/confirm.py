"""Ask before a destructive button runs."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="confirm.cancel")]

    def __init__(self, question: str, detail: str = "", confirm_label: str = "Yes, do it") -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.confirm_label = confirm_label

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog -destructive"):
            yield Label(self.question, classes="dialog-title")
            if self.detail:
                yield Label(self.detail, classes="dialog-hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Cancel", id="confirm-no", variant="default")
                yield Button(self.confirm_label, id="confirm-yes", variant="error")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_cancel(self) -> None:
        self.dismiss(False)
