"""A question about how to ask for something is told, not done, also when the model routes it: the
action it picks is answered with that command's own example and nothing runs. Real commands and
router; the model scripted (its choice is the one it made: "how do you pause a timer" paused the timer)."""
from __future__ import annotations

import json

from command_helpers import EventLog


def test_an_action_the_model_picks_for_a_how_to_question_is_told_not_done(runtime, model_writes, monkeypatch):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    monkeypatch.setattr(runtime.assistant, "how_answer", lambda text: None)   # the model decides, as when unsure
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"action": "pause"}})] * 3)
    log = EventLog()
    runtime.bus.subscribe(log)
    turn = runtime.assistant.handle_text("how do you pause a timer")
    pausing = {e.voice_command.rstrip(".!?").lower() for e in runtime.registry.get("cancel_timer").generate_adapter_examples()
               if e.expected_parameters.get("action") == "pause"}
    assert turn.spoken.startswith('Just say, for example: "') and turn.spoken.split('"')[1].lower() in pausing
    assert turn.tool_calls == [] and runtime.assistant.pending is None
    assert len(runtime.services.store.timers.running()) == 1                  # running, not paused
    assert any(e.origin == "about" and [r["name"] for r in e.rejected] == ["cancel_timer"]
               for e in log.of("ToolCallsParsed"))


def test_a_how_to_question_the_model_answers_in_words_is_answered(runtime, model_writes, monkeypatch):
    monkeypatch.setattr(runtime.assistant, "how_answer", lambda text: None)
    model_writes([json.dumps({"tool": "answer_question", "args": {"query": "how do i stick to a routine"}}),
                  "Start small and keep the same times every day."] * 2)
    turn = runtime.assistant.handle_text("how do i stick to a routine")
    assert [c.name for c in turn.tool_calls] == ["answer_question"]


def test_unsure_of_the_action_the_first_example_is_told(runtime):
    """"keep track of my tasks" shares "my tasks" with "Delete all of my tasks": no action is guessed."""
    turn = runtime.assistant.handle_text("how do i keep track of my tasks")
    first = runtime.registry.get("todo_list").generate_prompt_examples()[0].voice_command.rstrip(".!?")
    assert turn.spoken == f'Just say, for example: "{first}".' and turn.tool_calls == []
