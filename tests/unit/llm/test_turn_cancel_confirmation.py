"""A cancel that comes after the LLM chose a destructive call but before the assistant asks the user
to confirm it: the turn ends cancelled, nothing is asked and nothing waits for a yes (a spoken 'yes'
later must not run the call the user cancelled)."""
from __future__ import annotations

import json

from brain_fakes import Calc
from gated_fakes import GatedBackend

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.config import load_config
from jarvis_tui.sdk import CommandResponse, JarvisCommandBase


class ClearNotes(JarvisCommandBase):
    command_name = "clear_notes"
    description = "Delete all notes"
    parameters = []

    def __init__(self):
        super().__init__()
        self.ran = 0

    def pre_route(self, voice_command):
        return None

    def confirmation_question(self, args):
        return "Delete all your notes?"

    def run(self, request_info, **kw):
        self.ran += 1
        return CommandResponse.success_response({"message": "All notes deleted."})


def make(tmp_path, factory):
    config = load_config(config_dir=tmp_path / "c", data_dir=tmp_path / "d", environ={})
    config.llm.interface = "Qwen25SmallUntrainedCompact"
    registry = CommandRegistry()
    clear = ClearNotes()
    for c in (clear, Calc()):
        registry.add(c, "tests")
    events: list[ev.Event] = []
    backend = GatedBackend([json.dumps({"tool": "clear_notes", "args": {}})], prefill_steps=1)
    backend.open()
    brain = ConversationBrain(backend, factory, config)
    assistant = Assistant(registry, emit=events.append, brain=brain, use_router=False)
    return assistant, clear, events


def test_the_llm_guess_asks_first_when_not_cancelled(tmp_path, factory):
    assistant, clear, events = make(tmp_path, factory)
    turn = assistant.handle_text("get rid of everything I wrote down")
    assert not turn.cancelled and turn.spoken == "Delete all your notes?"
    assert assistant.pending is not None and clear.ran == 0


def test_a_cancel_before_the_confirmation_question_asks_nothing(tmp_path, factory):
    assistant, clear, events = make(tmp_path, factory)
    original = assistant.emit

    def emit(event):
        original(event)
        if isinstance(event, ev.ToolCallsParsed):
            assert assistant.cancel() is True         # the call is parsed, the question not yet asked
    assistant.emit = emit
    turn = assistant.handle_text("get rid of everything I wrote down")
    assert turn.cancelled and turn.spoken == "Cancelled." and not turn.tool_calls
    assert assistant.pending is None
    assert not [e for e in events if isinstance(e, (ev.ActionsOffered, ev.CommandFinished))]
    [cancelled] = [e for e in events if isinstance(e, ev.TurnCancelled)]
    assert cancelled.executed == []
    # a 'yes' afterwards runs nothing: there is no question it could answer
    assistant.emit = original
    assistant.handle_text("yes")
    assert clear.ran == 0
