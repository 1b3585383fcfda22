"""Helpers for the TUI tests: drive the app by keys and clicks, and record the messages it posts."""
from __future__ import annotations

from textual.message import Message
from textual.notifications import Notification, Notify
from textual.widgets import OptionList

from jarvis_tui.app.messages import PipelineEvent
from jarvis_tui.assistant import events as ev


async def settle(pilot) -> None:
    """Let the workers finish and the messages they posted be handled."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def type_request(pilot, text: str) -> None:
    """Click the input, type `text` key by key, press Enter, and wait for the turn to be shown."""
    await pilot.click("#input")
    await pilot.press(*text, "enter")
    await settle(pilot)


async def highlight(pilot, options: OptionList, option_id: str) -> None:
    """Move the highlight of `options` down with the arrow key until it is on `option_id`."""
    for _ in range(options.option_count):
        if options.highlighted_option is not None and options.highlighted_option.id == option_id:
            return
        await pilot.press("down")
    raise AssertionError(f"no option {option_id!r} in {options.id}")


async def tab_to(pilot, widget) -> None:
    """Press Tab until `widget` has the focus (as a user reaches a field below the fold)."""
    for _ in range(len(pilot.app.screen.focus_chain)):
        if pilot.app.focused is widget:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reaches {widget!r}")


async def open_from_menu(pilot, item: str) -> None:
    """F2, the arrow keys to the menu item, Enter."""
    await pilot.press("f2")
    await pilot.pause()
    await highlight(pilot, pilot.app.screen.query_one("#menu-list", OptionList), item)
    await pilot.press("enter")
    await pilot.pause()


class Recorder:
    """A message_hook for app.run_test: every message any part of the app handles, in order."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def __call__(self, message: Message) -> None:
        self.messages.append(message)

    def of(self, kind: type[Message]) -> list[Message]:
        return [m for m in self.messages if isinstance(m, kind)]

    def events(self, kind: type[ev.Event] = ev.Event) -> list[ev.Event]:
        """The pipeline events that reached the main screen."""
        return [m.event for m in self.of(PipelineEvent) if isinstance(m.event, kind)]

    def event_kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events()]

    def notifications(self) -> list[Notification]:
        return [m.notification for m in self.of(Notify)]

    def clear(self) -> None:
        self.messages.clear()
