"""Inbox: what happened while nobody heard it (timers that ended and reminders that came due while
the assistant was closed), newest first, with their time; new ones marked. "Mark all read" marks
them seen (as the briefing does), "Clear read" deletes the seen ones."""
from __future__ import annotations

import datetime as _dt
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label

SHOWN = 100


def when(at: str) -> str:
    """'Mon 14:05' for an ISO time (the local day and time)."""
    try:
        d = _dt.datetime.fromisoformat(at)
    except ValueError:
        return at
    return d.astimezone().strftime("%a %d %b %H:%M")


class InboxScreen(ModalScreen[int]):
    """Returns how many events are still waiting."""

    BINDINGS = [Binding("escape", "close", "Close", id="inbox.close")]

    def __init__(self, runtime: Any) -> None:
        super().__init__()
        self.runtime = runtime

    @property
    def store(self):
        return self.runtime.store.inbox

    def compose(self) -> ComposeResult:
        with Vertical(id="inbox-box", classes="dialog -wide"):
            yield Label(self._title(), classes="dialog-title", id="inbox-title")
            yield VerticalScroll(id="inbox-scroll")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="inbox-close")
                yield Button("Clear read", id="inbox-clear")
                yield Button("Mark all read", id="inbox-read", variant="primary")

    async def on_mount(self) -> None:
        await self.refresh_rows()

    def _title(self) -> str:
        return f"Inbox ({len(self.store.waiting())} new)"

    async def refresh_rows(self) -> None:
        scroll = self.query_one("#inbox-scroll", VerticalScroll)
        await scroll.remove_children()
        events = self.store.recent(SHOWN)
        rows: list[Label] = []
        if not events:
            rows.append(Label("Nothing here: timers that end and reminders that come due while Jarvis is "
                               "closed are kept here.", classes="dim", id="inbox-empty"))
        for e in events:
            mark = "● new " if not e["seen"] else "      "
            rows.append(Label(f"{mark}{when(e['at'])}  {e['text']}", classes="inbox-row" + ("" if e["seen"] else " -new"),
                              id=f"inbox-{e['id']}"))
        await scroll.mount_all(rows)
        self.query_one("#inbox-title", Label).update(self._title())

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "inbox-read":
            self.store.mark_seen()
            await self.refresh_rows()
            return
        if event.button.id == "inbox-clear":
            self.store.clear()
            await self.refresh_rows()
            return
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(len(self.store.waiting()))
