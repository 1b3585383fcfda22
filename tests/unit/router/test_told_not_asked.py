"""Words that tell of a doing are no order ("yesterday i cancelled all my timers" cancelled them, "i already
added milk to the shopping list" added it again, "the recipe says to set a timer for twenty minutes" set one:
the 0.5B picks the action the words name, whoever did it and whenever). The grammar is the SDK's
(`tells_not_asks`); whether the words name an action is the commands' (fast paths and the intent router)."""
from __future__ import annotations

import json

import pytest

from command_helpers import EventLog

from jarvis_tui.assistant.assistant import TOLD
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.sdk.text import tells_not_asks


@pytest.mark.parametrize("said", [
    "i already set a timer for ten minutes",           # done, by the speaker
    "Yesterday, I cancelled all my timers.",
    "we've put eggs on the list already",
    "you set a timer for me yesterday",                # done, by the assistant
    "my wife set a timer for the pasta",               # done, by someone else
    "someone deleted my reminders",
    "the alarm went off at six",
    "the kids keep adding sweets to my shopping list", # someone else's habits and words
    "the recipe says to set a timer for twenty minutes",
    "i'll set a timer later myself",                   # the speaker's own plans and habits
    "maybe later i'll add eggs to the list",
    "i used to set alarms every morning",
    "i was going to set an alarm but i forgot",
    "i wonder if i should set a timer",
])
def test_words_that_tell_of_a_doing(said):
    assert tells_not_asks(said)


@pytest.mark.parametrize("said", [
    "set a timer for ten minutes",
    "i want a timer",                                  # a request with a subject
    "we need eggs",
    "we're out of milk",
    "i need to cancel my timer",
    "i forgot to add eggs to the list",                # forgotten: do it
    "i was wondering if you could set a timer",        # polite
    "i wanted to ask you to add milk",
    "my wife told me to add bread to the list",        # passed on
    "you set a timer for ten minutes",                 # "set" in the present, said to the assistant
    "i forgot what's on my shopping list",             # a question after something
    "i put the pasta on, set a timer for ten minutes", # told, then asked
    "the washing machine started remind me in an hour",  # ... with no comma heard
    "i bought the apples",                             # a past doing that is no assistant's doing
    "i've moved to bristol",
])
def test_words_that_ask(said):
    assert not tells_not_asks(said)


def test_no_commands_example_tells():
    """Every discovered command's examples ask for something (plugins' too): none is read as telling."""
    telling = [(c.command_name, e.voice_command) for c in discover_commands()
               for e in list(c.generate_adapter_examples()) + list(c.generate_prompt_examples())
               if tells_not_asks(e.voice_command)]
    assert telling == []


def test_timers_told_of_as_cancelled_keep_running(runtime, model_writes):
    assert runtime.assistant.handle_text("set a timer for twenty minutes").tool_calls[0].name == "set_timer"
    backend = model_writes([json.dumps({"tool": "cancel_timer", "args": {"label": "all"}})] * 3)
    events = EventLog()
    runtime.bus.subscribe(events)
    turn = runtime.assistant.handle_text("yesterday i cancelled all my timers")
    assert turn.tool_calls == [] and turn.route == "told" and turn.spoken == TOLD
    assert len(runtime.services.store.timers.running()) == 1 and runtime.assistant.pending is None
    assert backend.requests == []                 # the model is not asked
    parsed = events.of("ToolCallsParsed")
    assert parsed and parsed[-1].origin == "told" and parsed[-1].calls == []
    assert parsed[-1].rejected[0]["name"] == "cancel_timer" and "tell" in parsed[-1].rejected[0]["reason"]


def test_an_item_told_of_as_added_is_not_added_again(runtime, model_writes):
    model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "add", "items": ["milk"]}})] * 3)
    turn = runtime.assistant.handle_text("i already added milk to the shopping list")
    assert turn.tool_calls == [] and runtime.services.store.lists.items("shopping") == []


def test_a_request_after_what_is_told_runs(runtime, model_writes):
    model_writes([json.dumps({"tool": "set_timer", "args": {"duration_seconds": 480}})] * 3)
    turn = runtime.assistant.handle_text("i put the pasta in, set a timer for eight minutes")
    assert [c.name for c in turn.tool_calls] == ["set_timer"]
    assert [t["duration_seconds"] for t in runtime.services.store.timers.running()] == [480]


def test_telling_that_names_no_action_is_talk(runtime):
    """"i got invited to the pub on saturday" names no command's doing: routed as any talk (chat)."""
    assert runtime.assistant.told_not_asked("i went to the dentist this morning") is None
    assert runtime.assistant.told_not_asked("my wife set a timer for the pasta").command_name == "set_timer"


def test_route_prints_words_that_tell(isolated_dirs, capsys):
    from jarvis_tui.cli import main
    rc = main(["route", "--no-llm", "i already set a timer for ten minutes", "set a timer for ten minutes"])
    assert rc == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert lines[0]["route"] == "told" and lines[0]["tool_calls"] == [] and lines[0]["message"] == TOLD
    assert lines[0]["told"] == {"command": "set_timer"}
    assert lines[1]["route"] == "pre_route" and lines[1]["tool_calls"][0]["name"] == "set_timer"
