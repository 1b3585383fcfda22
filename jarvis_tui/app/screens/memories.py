"""Memories: what the user asked the assistant to remember. Each can be edited in place or deleted;
secret ones are shown masked (type over them to change them)."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label


class MemoriesScreen(ModalScreen[int]):
    """Returns how many memories were changed or deleted."""

    BINDINGS = [Binding("escape", "cancel", "Close", id="memories.cancel")]

    def __init__(self, runtime: Any) -> None:
        super().__init__()
        self.runtime = runtime
        self.changed = 0

    @property
    def store(self):
        return self.runtime.store.memories

    def compose(self) -> ComposeResult:
        memories = self.store.all()
        with Vertical(id="memories-box", classes="dialog -wide"):
            yield Label(f"Memories ({len(memories)})", classes="dialog-title", id="memories-title")
            with VerticalScroll(id="memories-scroll"):
                if not memories:
                    yield Label('Nothing remembered yet. Say "remember that ..." to add one.', classes="dim",
                                id="memories-empty")
                for m in memories:
                    with Horizontal(classes="memory-row", id=f"memory-row-{m['id']}"):
                        yield Input(value="" if m["secret"] else m["text"], password=bool(m["secret"]),
                                    placeholder=f"{m['topic']}: •••••• (secret; type to replace)" if m["secret"] else "",
                                    id=f"memory-{m['id']}", name=str(m["id"]))
                        yield Button("Delete", id=f"memory-delete-{m['id']}", variant="error", name=str(m["id"]))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="memories-close")
                yield Button("Save", id="memories-save", variant="primary")

    def save(self) -> int:
        count = 0
        for field in self.query(Input):
            if not (field.id or "").startswith("memory-") or not field.name:
                continue
            old = self.store.get(int(field.name))
            new = field.value.strip()
            if old is None or not new or (not old["secret"] and new == old["text"]):
                continue                  # unchanged, or a secret left masked
            if self.store.edit(int(field.name), new):
                count += 1
        return count

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.changed += self.save()
        self.dismiss(self.changed)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        if (button.id or "").startswith("memory-delete-") and button.name:
            if self.store.delete(int(button.name)):
                self.changed += 1
            self.query_one(f"#memory-row-{button.name}").remove()
            self.query_one("#memories-title", Label).update(f"Memories ({len(self.store.all())})")
            return
        if button.id == "memories-save":
            self.changed += self.save()
        self.dismiss(self.changed)

    def action_cancel(self) -> None:
        self.dismiss(self.changed)
