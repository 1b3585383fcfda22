from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).parent))   # append: never shadow another directory's conftest

from brain_fakes import Calc, Chat, Crash, ScriptedBackend, Timer, Weather

from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.config import load_config
from jarvis_tui.llm.provider_factory import PromptProviderFactory


@pytest.fixture(scope="session")
def factory():
    return PromptProviderFactory(None)


@pytest.fixture
def make_brain(factory, tmp_path):
    """make_brain(outputs, provider=..., max_iterations=3, router=False) -> (assistant, brain, backend, events).
    The LLM loop's own tests run without the intent router (it would decide before the scripted
    model on this five-command registry); router=True puts it in front, as in the app."""
    def make(outputs, provider="Qwen25SmallUntrainedCompact", max_iterations=3, commands=None, router=False):
        config = load_config(config_dir=tmp_path / "c", data_dir=tmp_path / "d", environ={})
        config.llm.interface = provider
        config.llm.max_iterations = max_iterations
        registry = CommandRegistry()
        for c in commands or [Calc(), Timer(), Weather(), Chat(), Crash()]:
            registry.add(c, "tests")
        events = []
        backend = ScriptedBackend(outputs)
        brain = ConversationBrain(backend, factory, config)
        assistant = Assistant(registry, emit=events.append, brain=brain, use_router=router)
        return assistant, brain, backend, events
    return make
