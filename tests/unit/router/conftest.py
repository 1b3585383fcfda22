"""One intent router of the discovered commands per test module (fitting it takes seconds); a runtime
of the real commands per test, and its LLM scripted (`model_writes`) where a test needs the model's
choice to be one it made."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.intent_router import IntentRouter
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.runtime import Runtime

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend


@pytest.fixture(scope="module")
def router() -> IntentRouter:
    return IntentRouter(list(discover_commands()))


@pytest.fixture
def runtime(isolated_dirs):
    rt = Runtime.create()
    yield rt
    rt.close()


@pytest.fixture
def model_writes(runtime):
    """`model_writes(outputs)`: the runtime's LLM writes `outputs` in turn (a scripted backend, which
    fails a test that calls it more often); returns the backend, whose `requests` the test may read."""
    def write(outputs: list[str]) -> ScriptedBackend:
        backend = ScriptedBackend(outputs)
        runtime.assistant.brain = ConversationBrain(backend, PromptProviderFactory(None), runtime.config)
        runtime.services.llm = runtime.assistant.brain.answerer
        return backend
    return write
