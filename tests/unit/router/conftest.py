"""One intent router of the discovered commands per test module (fitting it takes seconds)."""
from __future__ import annotations

import pytest

from jarvis_tui.assistant.intent_router import IntentRouter
from jarvis_tui.commands_registry import discover_commands


@pytest.fixture(scope="module")
def router() -> IntentRouter:
    return IntentRouter(list(discover_commands()))
