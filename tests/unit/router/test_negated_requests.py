"""A request the user says not to do is not done ("don't cancel the timer" cancelled it: the 0.5B picked
the action the words name, "don't" or not). The grammar is the SDK's (`request_not_to_do`); whether the
words not to do ask for an action is the commands' (their fast paths and the intent router)."""
from __future__ import annotations

import json

import pytest

from command_helpers import EventLog

from jarvis_tui.assistant.assistant import KEPT
from jarvis_tui.sdk.text import NotToDo, asks_about_doing, request_not_to_do


@pytest.mark.parametrize("said, negated, instead", [
    ("don't set a timer for ten minutes", "set a timer for ten minutes", None),
    ("No, don't cancel the timer.", "cancel the timer", None),
    ("please do not add oat milk to the shopping list", "add oat milk to the shopping list", None),
    ("hey jarvis, never remind me about the plumber again", "remind me about the plumber", None),
    ("actually don't turn it down", "turn it down", None),
    ("don't set a timer, set an alarm for seven instead", "set a timer", "set an alarm for seven"),
    ("don't start the laundry timer but remind me at six", "start the laundry timer", "remind me at six"),
    ("don't set a timer, just tell me the time", "set a timer", "tell me the time"),
    # a comma alone starts no other request: the items of a list said not to be added
    ("don't add pears, plums and figs to the list", "add pears, plums and figs to the list", None),
])
def test_the_request_said_not_to_be_done(said, negated, instead):
    assert request_not_to_do(said) == NotToDo(negated, instead)


@pytest.mark.parametrize("said", [
    "don't forget to water the ferns",           # asks to be reminded
    "don't let me forget my keys",               # ditto
    "never mind the timer",                      # dismisses (or cancels)
    "don't you think it's chilly",               # a question
    "do you not have a clock",                   # a question
    "i don't want the rice timer any more",      # says what to do away with
    "set a timer so i don't burn the toast",     # "don't" inside a request
    "don't",                                     # nothing said not to do
    "no, don't",
])
def test_words_that_say_no_request_not_to_do(said):
    assert request_not_to_do(said) is None


def test_a_timer_said_not_to_be_set_is_not_set(runtime, model_writes):
    backend = model_writes([json.dumps({"tool": "set_timer", "args": {"duration_seconds": 600}})] * 3)
    events = EventLog()
    runtime.bus.subscribe(events)
    turn = runtime.assistant.handle_text("don't set a timer for ten minutes")
    assert turn.tool_calls == [] and turn.route == "negated"
    assert turn.spoken == "Okay, I won't set a timer for ten minutes."
    assert runtime.services.store.timers.running() == []
    assert backend.requests == []                 # the model is not asked
    parsed = events.of("ToolCallsParsed")
    assert parsed and parsed[-1].origin == "negated" and parsed[-1].calls == []
    assert parsed[-1].rejected[0]["name"] == "set_timer" and "not to" in parsed[-1].rejected[0]["reason"]


def test_a_timer_said_not_to_be_cancelled_keeps_running(runtime, model_writes):
    assert runtime.assistant.handle_text("set a timer for twenty minutes").tool_calls[0].name == "set_timer"
    model_writes([json.dumps({"tool": "cancel_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text("no, don't cancel the timer")
    assert turn.tool_calls == [] and runtime.assistant.pending is None        # nothing done, nothing asked
    assert len(runtime.services.store.timers.running()) == 1
    # the words name the timer it holds: "I won't" is said of what is there, so it says it left it
    runtime.assistant.handle_text("set a timer for five minutes for the eggs")
    turn = runtime.assistant.handle_text("please don't cancel the eggs timer")
    assert turn.spoken == KEPT and len(runtime.services.store.timers.running()) == 2


def test_an_item_said_not_to_be_added_is_not_added_and_the_users_words_are_said_back(runtime, model_writes):
    model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "add", "items": ["oat milk"]}})] * 3)
    turn = runtime.assistant.handle_text("please do not add oat milk to my shopping list")
    assert turn.tool_calls == [] and turn.spoken == "Okay, I won't add oat milk to your shopping list."
    assert runtime.services.store.lists.items("shopping") == []


def test_the_request_said_in_its_place_runs(runtime, model_writes):
    model_writes([])
    turn = runtime.assistant.handle_text("don't set a timer for an hour, set a five minute timer instead")
    assert [c.name for c in turn.tool_calls] == ["set_timer"]
    assert [t["duration_seconds"] for t in runtime.services.store.timers.running()] == [300]
    assert turn.understood_as == "set a five minute timer"


def test_words_no_command_acts_on_go_their_usual_way(runtime):
    """"don't worry about it" orders nothing a command does: it is routed as before (dismissed), and
    "don't forget to ..." is a request to be reminded, not one not to do."""
    assert runtime.assistant.not_to_do("don't worry about it") is None
    assert runtime.assistant.not_to_do("don't be silly") is None
    assert runtime.assistant.not_to_do("don't forget to water the ferns") is None
    found = runtime.assistant.not_to_do("don't wake me up at seven tomorrow")
    assert found is not None and found[1].command_name == "reminder"


def test_route_prints_a_request_said_not_to_be_done(isolated_dirs, capsys):
    from jarvis_tui.cli import main
    rc = main(["route", "--no-llm", "do not set a timer for ten minutes",
               "don't set a timer for an hour, set a timer for two minutes instead"])
    assert rc == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert lines[0]["route"] == "negated" and lines[0]["tool_calls"] == []
    assert lines[0]["negated"] == {"request": "set a timer for ten minutes", "command": "set_timer"}
    assert lines[0]["message"] == "Okay, I won't set a timer for ten minutes."
    assert lines[1]["route"] == "pre_route" and lines[1]["tool_calls"] == [
        {"name": "set_timer", "arguments": {"duration_seconds": 120}}]
    assert lines[1]["negated"]["command"] == "set_timer"


@pytest.mark.parametrize("said, asks", [
    ("what would happen if i cancelled the timer", True),
    ("What if I clear my to-do list?", True),
    ("how do i delete a reminder", True),
    ("is it ok to delete the shopping list", True),
    ("did you cancel my timer?", True), ("have you deleted the dentist reminder", True),
    ("was the timer cancelled", True), ("has my shopping list been cleared", True),
    ("did someone clear the to-do list", True),
    ("did the timer get cancelled", True), ("was milk removed from the list", True),
    ("did the timer get paused", True), ("has my timer been started", True), ("was it resumed", True),
    ("pause the timer", False), ("start a timer for ten minutes", False),
    ("cancel the timer", False),
    ("is the timer still going", False), ("what did you cancel", False),
    ("what time is it", False),
    ("how do you cook rice", False),
])
def test_a_question_about_doing_something_is_told_from_an_order(said, asks):
    assert asks_about_doing(said) is asks


@pytest.mark.parametrize("said", ["did you cancel my timer", "was the timer cancelled"])
def test_a_question_whether_it_was_done_asks_before_it_does_it(runtime, model_writes, said):
    """The model cancelled the running timer for "did you cancel my timer" (a question about the past):
    a destructive call for such words is a guess, and asks first."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text(said)
    assert turn.tool_calls[0].name == "cancel_timer" and turn.tool_calls[0].response.context_data.get("confirm")
    assert len(runtime.services.store.timers.running()) == 1
    runtime.assistant.handle_text("no")
    assert len(runtime.services.store.timers.running()) == 1


def test_a_question_about_cancelling_the_timer_asks_before_it_cancels(runtime, model_writes):
    """The router is sure of cancel_timer (0.95: the words are the timer's) and the model fills it in: the
    question about doing it cancelled the timer with no word asked. Now it asks first, like a guess."""
    assert runtime.assistant.handle_text("set a timer for twenty minutes").tool_calls[0].name == "set_timer"
    model_writes([json.dumps({"tool": "cancel_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text("what would happen if i cancelled the timer")
    assert turn.router_confident and turn.tool_calls[0].name == "cancel_timer"
    assert turn.tool_calls[0].response.context_data.get("confirm") and runtime.assistant.pending is not None
    assert len(runtime.services.store.timers.running()) == 1
    runtime.assistant.handle_text("no")
    assert len(runtime.services.store.timers.running()) == 1
