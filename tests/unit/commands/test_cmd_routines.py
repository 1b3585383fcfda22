"""Routines through the real pipeline: made by voice-like text, run by their phrase, each step
routed like any request (its calls in the turn and a StepStarted event), a failing step reported
while the others run, stored across restarts, unknown names answered clearly, no routine inside a
routine."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.sdk import RequestInformation
from jarvis_tui.sdk.text import split_requests


@pytest.mark.parametrize("text, steps", [
    ("turn the volume down and read my to-do list", ["turn the volume down", "read my to-do list"]),
    ("add bread and milk to my shopping list", ["add bread and milk to my shopping list"]),
    ("tell me the time, the weather and my reminders",
     ["tell me the time", "tell me the weather", "tell me my reminders"]),
    ("set a timer for 5 minutes and then add eggs to the list", ["set a timer for 5 minutes", "add eggs to the list"]),
    ("what time is it; what's the weather", ["what time is it", "what's the weather"]),
    ("read my to-do list. Then tell me a joke", ["read my to-do list", "tell me a joke"]),
    ("mute for ten minutes", ["mute for ten minutes"]),
    ("salt and pepper", ["salt and pepper"]),
    # a request after "and also" / ", please": the bread was not added
    ("add bread and also remind me to pay the gas bill tonight", ["add bread", "remind me to pay the gas bill tonight"]),
    ("set a timer for ten minutes, please add pasta to my list", ["set a timer for ten minutes", "add pasta to my list"]),
    ("add bread and also milk to my list", ["add bread and also milk to my list"]),
    ("add eggs and please", ["add eggs and please"]),
    # the end of the first request said again with its own words and numbers: the toast timer was not set
    ("set a tea timer for 4 minutes and a toast timer for 2 minutes",
     ["set a tea timer for 4 minutes", "set a toast timer for 2 minutes"]),
    ("set an alarm for 7 am and an alarm for 8 am", ["set an alarm for 7 am", "set an alarm for 8 am"]),
    ("add a pint of milk and a loaf of bread", ["add a pint of milk and a loaf of bread"]),
    ("remind me to call a plumber and a builder", ["remind me to call a plumber and a builder"]),
    # the first request said again with other numbers: "one" stands for what the first one set
    ("set a 3 minute timer for the tea and a 12 minute one for the rice",
     ["set a 3 minute timer for the tea", "set a 12 minute timer for the rice"]),
    ("set a timer for 5 minutes for the eggs and ten minutes for the toast",
     ["set a timer for 5 minutes for the eggs", "set a timer for ten minutes for the toast"]),
    ("what is 5 plus 3 and 6 plus 2", ["what is 5 plus 3", "what is 6 plus 2"]),
    ("add 2 cups of flour and 3 cups of sugar to the list", ["add 2 cups of flour and 3 cups of sugar to the list"]),
    ("add 2 apples and 3 pears to my list", ["add 2 apples and 3 pears to my list"]),
    ("set a timer for ten minutes and a big one", ["set a timer for ten minutes and a big one"]),
    # "another" at another time or length: only the first alarm was set
    ("set an alarm for 6:45 and another for 7:15", ["set an alarm for 6:45", "set an alarm for 7:15"]),
    ("wake me up at half six and again at seven", ["wake me up at half six", "wake me up at seven"]),
    ("set a timer for 5 minutes and another for 10", ["set a timer for 5 minutes", "set a timer for 10 minutes"]),
    ("remind me to stretch in 5 minutes and again in 10 minutes",
     ["remind me to stretch in 5 minutes", "remind me to stretch in 10 minutes"]),
    ("add milk and another for the road", ["add milk and another for the road"]),
    ("set a timer for the pasta and another for the rice", ["set a timer for the pasta and another for the rice"]),
    # a verb that points back at words that ask nothing acts on them: "remember that" was kept as a fact
    ("my wifi password is bluefish99, remember that", ["my wifi password is bluefish99, remember that"]),
    ("the spare key is under the mat, note that down please", ["the spare key is under the mat, note that down please"]),
    # ... after a request it is a request of its own
    ("add milk to my list and read it", ["add milk to my list", "read it"]),
])
def test_split_requests(text, steps):
    assert split_requests(text) == steps


def test_two_timers_said_in_one_sentence_are_two_timers(rt):
    """"set a 3 minute timer for the tea and a 12 minute one for the rice" set one timer, "tea and rice",
    for 3 minutes."""
    turn, _ = ask(rt, "set a 3 minute timer for the tea and a 12 minute one for the rice")
    assert turn.route == "several"
    assert sorted((t["label"], t["duration_seconds"]) for t in rt.store.timers.running()) == [("rice", 720), ("tea", 180)]
    assert turn.spoken == "Tea timer set for 3 minutes. Rice timer set for 12 minutes."


def test_create_by_voice_then_run_by_its_phrase(rt, events):
    turn, r = ask(rt, "When I say good night, set a timer for 5 minutes and add milk to my shopping list")
    assert turn.route == "pre_route" and r.success
    assert rt.store.routines.get("good night")["steps"] == ["set a timer for 5 minutes", "add milk to my shopping list"]
    assert 'When you say "good night"' in turn.spoken

    turn, r = ask(rt, "Good night!")
    names = [c.name for c in turn.tool_calls]
    assert names == ["routine", "set_timer", "shopping_list"]              # the routine first, then its steps
    assert [t["duration_seconds"] for t in rt.store.timers.running()] == [300]
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["milk"]
    assert turn.spoken.startswith("Timer set for 5 minutes.") and "milk" in turn.spoken
    steps = [e for e in events.of("StepStarted") if e.turn_id == turn.turn_id]
    assert [e.text for e in steps] == ["set a timer for 5 minutes", "add milk to my shopping list"]
    finished = [e.command for e in events.of("CommandFinished") if e.turn_id == turn.turn_id]
    assert finished == ["set_timer", "shopping_list", "routine"]          # each step shown as it runs


def test_a_failing_step_is_reported_and_the_others_still_run(rt):
    ask(rt, "when i say leaving, turn off the lights, add keys to my shopping list")
    turn, r = ask(rt, "run my leaving routine")
    assert r.success and r.context_data["failed"] == 1
    assert [s["ok"] for s in r.context_data["steps"]] == [False, True]
    assert "I couldn't turn off the lights" in turn.spoken and "keys" in turn.spoken
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["keys"]


def test_routines_survive_a_restart(make_runtime):
    first = make_runtime()
    ask(first, "whenever I say focus time set a timer for 25 minutes")
    first.close()
    second = make_runtime()
    turn, r = ask(second, "focus time")
    assert [c.name for c in turn.tool_calls] == ["routine", "set_timer"]
    assert [t["duration_seconds"] for t in second.store.timers.running()] == [1500]


def test_unknown_routine_list_show_and_delete(rt):
    turn, r = ask(rt, "run my bedtime routine")
    assert not r.success and turn.spoken == "I don't have a routine called bedtime. You have none yet."
    turn, r = ask(rt, "what routines do i have")
    assert "no routines yet" in turn.spoken
    ask(rt, "when i say movie time, mute the sound")
    ask(rt, "when i say good morning, what time is it and read my to-do list")
    turn, r = ask(rt, "list my routines")
    assert turn.spoken == "You have 2 routines: good morning and movie time."
    turn, r = ask(rt, "what's in my good morning routine")
    assert turn.spoken == 'When you say "good morning", I do 2 things: what time is it; and read my to-do list.'
    turn, r = ask(rt, "delete the bedtime routine")
    assert not r.success and "Your routines: good morning and movie time." in turn.spoken
    turn, r = ask(rt, "delete the movie time routine")
    assert r.success and rt.store.routines.names() == ["good morning"]


def test_saying_it_again_replaces_it(rt):
    ask(rt, "when i say break, set a timer for 10 minutes")
    turn, r = ask(rt, "when i say break, set a timer for 15 minutes")
    assert r.context_data["replaced"] and rt.store.routines.get("break")["steps"] == ["set a timer for 15 minutes"]


def test_an_ordinary_request_is_not_taken_for_a_routine(rt):
    ask(rt, "when i say good night, read my to-do list")
    turn, r = ask(rt, "what time is it")
    assert [c.name for c in turn.tool_calls] == ["get_current_time"]
    turn, r = ask(rt, "start the dishwasher")        # "start X" claims only a stored routine
    assert "routine" not in [c.name for c in turn.tool_calls]


def test_a_routine_cannot_run_a_routine(rt):
    rt.store.routines.save("inner", ["what time is it"])
    rt.store.routines.save("outer", ["inner", "read my to-do list"])
    turn, r = ask(rt, "outer")
    assert [s["ok"] for s in r.context_data["steps"]] == [False, True]
    assert "can't start more steps" in r.context_data["steps"][0]["error"]


def test_llm_style_call_with_steps_and_bad_arguments(rt):
    cmd = rt.registry.get("routine")
    info = RequestInformation("when i say bedtime mute the sound and read my to-do list")
    r = cmd.execute(info, action="create", name="bedtime", steps=["mute the sound", "read my to-do list"])
    assert r.success and rt.store.routines.get("bedtime")["steps"] == ["mute the sound", "read my to-do list"]
    r = cmd.execute(info, action="create", name="bedtime", steps=[])
    assert r.success and r.wait_for_input and r.message == "What should I do when you say bedtime?"
    r = cmd.execute(info, action="explode", name="bedtime")
    assert r.is_validation_error
    # steps the user did not say never reach the store: the turn's grounding drops them
    from jarvis_tui.assistant.turn import TurnResult
    rt.store.routines.delete("bedtime")
    turn = TurnResult(text="when i say bedtime mute the sound", turn_id="t1")
    record = rt.assistant.execute_call(cmd, {"action": "create", "name": "bedtime",
                                             "steps": ["What is the capital of France?"]},
                                       RequestInformation("when i say bedtime mute the sound"), "llm", turn)
    assert "steps" in record.post_processed and rt.store.routines.get("bedtime") is None


def test_a_name_is_found_however_a_transcript_spaces_it(rt):
    ask(rt, "when I say good night, read my to-do list")
    turn, _ = ask(rt, "Goodnight.")
    assert [c.name for c in turn.tool_calls] == ["routine", "todo_list"]
    ask(rt, "when i say goodnight, read my shopping list")            # the same routine, replaced
    assert rt.store.routines.names() == ["good night"]
    assert rt.store.routines.get("good-night")["steps"] == ["read my shopping list"]


def test_a_pause_after_the_name_asks_for_the_steps(rt, events):
    turn, r = ask(rt, "When I say good night.")                   # the endpointer cut the sentence here
    assert turn.spoken == "What should I do when you say good night?" and turn.wait_for_input
    turn, r = ask(rt, "Set a timer for five minutes and add milk to my shopping list.")
    assert turn.route == "follow_up" and [c.name for c in turn.tool_calls] == ["routine"]
    assert rt.store.routines.get("good night")["steps"] == ["Set a timer for five minutes",
                                                            "add milk to my shopping list"]
    assert rt.store.timers.running() == []                        # the steps were stored, not run
    turn, r = ask(rt, "when i say bedtime")
    turn, r = ask(rt, "never mind")
    assert turn.spoken == "Okay, I've left it as it is." and rt.store.routines.get("bedtime") is None
    turn, r = ask(rt, "set a timer for two minutes")               # asked once: the next turn is ordinary
    assert [c.name for c in turn.tool_calls] == ["set_timer"]


def test_a_model_written_name_loses_the_word_routine_and_a_missing_one_is_taken_from_the_words(rt):
    routine = rt.registry.get("routine")
    assert routine.post_process_tool_call({"action": "delete", "name": "workout routine"},
                                          "scrap the workout routine") == {"action": "delete", "name": "workout"}
    assert routine.post_process_tool_call({"action": "run"}, "kick off my workout routine") == \
        {"action": "run", "name": "workout"}
    assert routine.post_process_tool_call({"action": "run", "name": "good night"}, "good night") == \
        {"action": "run", "name": "good night"}
    assert routine.post_process_tool_call({"action": "list"}, "which routines did i save") == {"action": "list"}


def test_a_routine_is_renamed_by_voice(rt):
    """"rename the good morning routine to wake up" took 14 s and answered "Which action do you mean: run,
    create, list or delete?"."""
    rt.assistant.handle_text("when i say good morning tell me the time")
    turn = rt.assistant.handle_text("rename the good morning routine to wake up")
    assert turn.route == "pre_route" and turn.spoken == 'OK, your good morning routine is called wake up now: say "wake up" to run it.'
    assert rt.store.routines.names() == ["wake up"]
    assert [c.name for c in rt.assistant.handle_text("wake up").tool_calls] == ["routine", "get_current_time"]
    rt.assistant.handle_text("when i say bedtime tell me the time")
    turn = rt.assistant.handle_text("change the name of my bedtime routine to wake up")
    assert turn.spoken == "You already have a routine called wake up." and sorted(rt.store.routines.names()) == ["bedtime", "wake up"]


@pytest.mark.parametrize("said", [
    "every morning when i say good morning tell me the weather and read my reminders",
    "in the morning, when i say good morning, tell me the weather and read my reminders",
])
def test_a_routine_said_with_how_often_is_made_from_the_rest(rt, said):
    """"every morning when i say good morning ..." asked "What should I do when you say good morning?"
    (the model), and the "good morning" said next became the routine's one step."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    assert rt.store.routines.get("good morning")["steps"] == ["tell me the weather", "read my reminders"]


@pytest.mark.parametrize("said, name, steps", [
    ("create a routine called morning that tells me the time and the weather", "morning",
     ["tell me the time", "tell me the weather"]),
    ("make a routine called bedtime that mutes the sound and reads my to-do list", "bedtime",
     ["mute the sound", "read my to-do list"]),
    ("set up a routine named evening which reads my reminders and sets a timer for 10 minutes", "evening",
     ["read my reminders", "set a timer for 10 minutes"]),
])
def test_a_routine_said_with_what_it_does_is_made_with_those_steps(rt, said, name, steps):
    """"create a routine called morning that tells me the time and the weather" asked "What should I do
    when you say morning?", and "run my morning routine" said next became its one step."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    assert rt.store.routines.get(name)["steps"] == steps
