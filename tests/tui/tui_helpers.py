"""Helpers for the TUI tests."""
from __future__ import annotations


async def settle(pilot) -> None:
    """Let the workers finish and the messages they posted be handled."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
