"""Snapshots (pytest-textual-snapshot) of the main screen after a turn, the provider menu and a
destructive confirmation. Deterministic: no clock in the header, timings hidden, tmp paths never
shown, no models loaded. Update with `pytest tests/tui --snapshot-update` after a deliberate change."""
from __future__ import annotations

from tui_helpers import open_from_menu, type_request


async def _steady_cursor(pilot) -> None:
    await pilot.pause()                                    # the main screen is composed
    pilot.app.main_screen.input.cursor_blink = False       # a blinking cursor is a coin toss


async def _probe_turn(pilot) -> None:
    await _steady_cursor(pilot)
    await type_request(pilot, "probe 12 reed")


def test_main_screen_after_a_turn(snap_compare, make_app):
    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=_probe_turn)


def test_main_screen_small_terminal(snap_compare, make_app):
    assert snap_compare(make_app(show_timings=False), terminal_size=(100, 30), run_before=_probe_turn)


def test_provider_menu(snap_compare, make_app):
    async def open_menu(pilot) -> None:
        await _steady_cursor(pilot)
        await open_from_menu(pilot, "switch_provider")

    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=open_menu)


def test_destructive_confirmation(snap_compare, make_app):
    async def ask(pilot) -> None:
        await _probe_turn(pilot)
        await pilot.click("#action-1-2")          # "Destroy all"
        await pilot.pause()

    assert snap_compare(make_app(show_timings=False), terminal_size=(160, 48), run_before=ask)
