"""Snapshots (pytest-textual-snapshot) of the main screen after a turn, the provider menu and a
destructive confirmation. Deterministic: no clock in the header, timings hidden, tmp paths never
shown, no models loaded. Update with `pytest tests/tui --snapshot-update` after a deliberate change."""
from __future__ import annotations

from textual.widgets import Input

from tui_helpers import settle


def _steady_cursor(pilot) -> None:
    pilot.app.query_one("#input", Input).cursor_blink = False     # a blinking cursor is a coin toss


async def _probe_turn(pilot) -> None:
    _steady_cursor(pilot)
    pilot.app.query_one("#input", Input).value = "probe 12 reed"
    await pilot.press("enter")
    await settle(pilot)


def test_main_screen_after_a_turn(snap_compare, make_app):
    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=_probe_turn)


def test_main_screen_small_terminal(snap_compare, make_app):
    assert snap_compare(make_app(show_timings=False), terminal_size=(100, 30), run_before=_probe_turn)


def test_provider_menu(snap_compare, make_app):
    async def open_menu(pilot) -> None:
        _steady_cursor(pilot)
        pilot.app.run_menu_item("switch_provider")
        await pilot.pause()

    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=open_menu)


def test_destructive_confirmation(snap_compare, make_app):
    async def ask(pilot) -> None:
        await _probe_turn(pilot)
        await pilot.click("#action-1-2")          # "Destroy all"
        await pilot.pause()

    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=ask)
