"""Routines: a name (the phrase that runs it) and its steps, one request per step, separated by ';'.
Each routine can be edited, deleted or run; the last row adds a new one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

SEPARATOR = ";"


@dataclass
class RoutinesResult:
    changed: int = 0              # routines created, edited or deleted
    run: str | None = None        # a routine the user asked to run now


def steps_text(steps: list[str]) -> str:
    return f"{SEPARATOR} ".join(steps)


def parse_steps(text: str) -> list[str]:
    return [s.strip() for s in text.split(SEPARATOR) if s.strip()]


class RoutinesScreen(ModalScreen[RoutinesResult]):
    BINDINGS = [Binding("escape", "cancel", "Close", id="routines.cancel")]

    def __init__(self, runtime: Any) -> None:
        super().__init__()
        self.runtime = runtime
        self.result = RoutinesResult()

    @property
    def store(self):
        return self.runtime.store.routines

    def compose(self) -> ComposeResult:
        routines = self.store.all()
        with Vertical(id="routines-box", classes="dialog -wide"):
            yield Label(f"Routines ({len(routines)})", classes="dialog-title", id="routines-title")
            yield Label("Say the name to run one. Steps are requests, separated by ';'.", classes="dim")
            with VerticalScroll(id="routines-scroll"):
                for r in routines:
                    with Horizontal(classes="routine-row", id=f"routine-row-{r['id']}"):
                        yield Input(value=r["name"], id=f"routine-name-{r['id']}", name=str(r["id"]),
                                    classes="routine-name")
                        yield Input(value=steps_text(r["steps"]), id=f"routine-steps-{r['id']}", name=str(r["id"]),
                                    classes="routine-steps")
                        yield Button("Run", id=f"routine-run-{r['id']}", name=str(r["id"]))
                        yield Button("Delete", id=f"routine-delete-{r['id']}", variant="error", name=str(r["id"]))
                with Horizontal(classes="routine-row", id="routine-row-new"):
                    yield Input(placeholder="new: its name", id="routine-name-new", classes="routine-name")
                    yield Input(placeholder="what's the time; what's the weather today; read my reminders",
                                id="routine-steps-new", classes="routine-steps")
            yield Label("", id="routines-error", classes="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="routines-close")
                yield Button("Save", id="routines-save", variant="primary")

    def _error(self, text: str) -> None:
        self.query_one("#routines-error", Label).update(text)

    def save(self) -> bool:
        """Write the edited rows and the new one; False (and the reason shown) when one is invalid."""
        for r in self.store.all():
            try:
                name = self.query_one(f"#routine-name-{r['id']}", Input).value
                steps = parse_steps(self.query_one(f"#routine-steps-{r['id']}", Input).value)
            except Exception:  # noqa: BLE001 - a row deleted on this screen
                continue
            if self.store.key(name) == r["name"] and steps == r["steps"]:
                continue
            try:
                if self.store.update(r["id"], name, steps):
                    self.result.changed += 1
            except ValueError as exc:
                self._error(f"{r['name']}: {exc}")
                return False
        name = self.query_one("#routine-name-new", Input).value.strip()
        steps = parse_steps(self.query_one("#routine-steps-new", Input).value)
        if name or steps:
            if not name or not steps:
                self._error("A new routine needs a name and at least one step.")
                return False
            if self.store.get(name) is not None:
                self._error(f"There is already a routine called {self.store.key(name)!r}: edit it above.")
                return False
            self.store.save(name, steps)
            self.result.changed += 1
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.save():
            self.dismiss(self.result)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button
        bid = button.id or ""
        if bid.startswith("routine-delete-") and button.name:
            if self.store.delete_id(int(button.name)):
                self.result.changed += 1
            self.query_one(f"#routine-row-{button.name}").remove()
            self.query_one("#routines-title", Label).update(f"Routines ({len(self.store.all())})")
            return
        if bid.startswith("routine-run-") and button.name:
            if not self.save():
                return
            routine = self.store.get_id(int(button.name))
            self.result.run = routine["name"] if routine else None
            self.dismiss(self.result)
            return
        if bid == "routines-save" and not self.save():
            return
        self.dismiss(self.result)

    def action_cancel(self) -> None:
        self.dismiss(self.result)
