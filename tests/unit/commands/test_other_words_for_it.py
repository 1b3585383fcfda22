"""The same request in other words (holdout 28, said as people talk): "can you time ten minutes for the
eggs" was declined ("time" as the verb), "add phone the bank to my jobs for today" was declined and "what
jobs have i got" listed what the assistant can do (the to-do list by its other names), "do i need a brolly
tomorrow" read the reminders (the things people ask whether to take for the weather), and "thanks, you can
stop it now" after a timer asked "Cancel your eggs timer?" (stopping what was just set). Each is the
command's own grammar; the same words meaning something else are not claimed. Real commands and router,
no LLM."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.sdk.text import asks_to_end_it, asks_to_take_back

COMMANDS = list(discover_commands())


def _claims(text: str) -> list[tuple[str, dict]]:
    return [(c.command_name, r.arguments) for c in COMMANDS if (r := c.pre_route(text)) is not None]


@pytest.mark.parametrize("text,arguments", [
    ("can you time ten minutes for the eggs", {"duration_seconds": 600, "label": "eggs"}),
    ("time my run for half an hour", {"duration_seconds": 1800, "label": "run"}),
    ("time the eggs for six minutes", {"duration_seconds": 360, "label": "eggs"}),
    ("time the pasta, eleven minutes", {"duration_seconds": 660, "label": "pasta"}),
    ("could you time twenty minutes for me", {"duration_seconds": 1200}),
    ("time me for five minutes", {"duration_seconds": 300}),
    ("please time 90 seconds", {"duration_seconds": 90}),
])
def test_time_as_the_verb_sets_a_timer(text, arguments):
    assert _claims(text) == [("set_timer", arguments)]


@pytest.mark.parametrize("text", ["time to go", "time flies", "what time is it", "time in tokyo",
                                  "time for bed", "time the meeting for me"])
def test_time_that_names_no_length_sets_no_timer(text):
    assert "set_timer" not in [name for name, _ in _claims(text)]


@pytest.mark.parametrize("text,arguments", [
    ("add phone the bank to my jobs for today", {"action": "add", "tasks": ["phone the bank"]}),
    ("put clean the car on my chores", {"action": "add", "tasks": ["clean the car"]}),
    ("put ring the vet on the jobs list", {"action": "add", "tasks": ["ring the vet"]}),
    ("add mow the lawn to the jobs", {"action": "add", "tasks": ["mow the lawn"]}),
    ("what jobs have i got", {"action": "read"}),
    ("which chores are left", {"action": "read"}),
    ("what errands do i have today", {"action": "read"}),
])
def test_the_to_do_list_by_its_other_names(text, arguments):
    assert _claims(text) == [("todo_list", arguments)]


@pytest.mark.parametrize("text", ["what jobs are there in london", "add milk to my shopping list",
                                  "steve jobs", "how many jobs did the economy add"])
def test_jobs_that_are_not_the_list_are_not_claimed_by_it(text):
    assert "todo_list" not in [name for name, _ in _claims(text)]


def test_what_jobs_have_i_got_reads_the_list_not_what_it_can_do(rt):
    ask(rt, "add phone the bank to my jobs for today")
    turn, _ = ask(rt, "what jobs have i got")
    assert [c.name for c in turn.tool_calls] == ["todo_list"] and "phone the bank" in turn.spoken


@pytest.mark.parametrize("text,days", [
    ("do i need a brolly tomorrow", ["tomorrow"]),
    ("should i wear shorts today", ["today"]),
    ("should i pack a jumper for the weekend", ["this_weekend"]),
    ("do i need sun cream", ["today"]),
    ("will i need my wellies tomorrow", ["tomorrow"]),
    ("do i need a raincoat", ["today"]),
    # what it is taken with: "should i take a brolly with me later" was declined
    ("should i take a brolly with me later", ["today"]),
    ("should i bring a jacket along tomorrow", ["tomorrow"]),
])
def test_what_to_take_for_the_weather_asks_the_weather(text, days):
    assert _claims(text) == [("get_weather", {"resolved_datetimes": days})]


@pytest.mark.parametrize("text", ["do i need a haircut", "do i need a mac for this course", "should i wear a tie",
                                  "do i need a passport for ireland"])
def test_other_things_needed_are_not_the_weather(text):
    assert "get_weather" not in [name for name, _ in _claims(text)]


@pytest.mark.parametrize("text", ["thanks, you can stop it now", "stop it", "you can end that", "stop that please",
                                  "cheers, kill it"])
def test_stopping_it_ends_what_was_just_made(text):
    assert asks_to_end_it(text) and asks_to_take_back(text)


@pytest.mark.parametrize("text", ["stop", "stop talking", "stop the music", "thanks", "you can go now",
                                  "stop it from raining"])
def test_other_stops_do_not(text):
    assert not asks_to_end_it(text)


def test_thanks_you_can_stop_it_now_cancels_the_timer_just_read(rt, clock):
    ask(rt, "can you time ten minutes for the eggs")
    ask(rt, "actually make it eight")
    ask(rt, "how much longer on those eggs")
    turn, _ = ask(rt, "thanks, you can stop it now")
    assert turn.route == "take_back" and not rt.store.timers.live()


@pytest.mark.parametrize("text,arguments", [
    ("is it going to chuck it down later", {"resolved_datetimes": ["today"]}),
    ("will it pour tomorrow in leeds", {"city": "Leeds", "resolved_datetimes": ["tomorrow"]}),
    ("is it going to bucket down this weekend", {"resolved_datetimes": ["this_weekend"]}),
    ("is it drizzling in glasgow", {"city": "Glasgow", "resolved_datetimes": ["today"]}),
])
def test_rain_in_the_words_people_use_asks_the_weather(text, arguments):
    """"is it going to chuck it down later" read the reminders (holdout 29)."""
    assert _claims(text) == [("get_weather", arguments)]


@pytest.mark.parametrize("text,tasks", [
    ("i'm meant to ring my mum tonight, can you add that to my list of things to do", ["ring my mum tonight"]),
    ("i'm supposed to renew my passport, put it on my to do list", ["renew my passport"]),
    ("jot down that i'm meant to call the school", ["call the school"]),
    ("add call the plumber to my things to do list", ["call the plumber"]),
])
def test_what_the_user_is_meant_to_do_goes_on_the_list_named(text, tasks):
    """"i'm meant to ring my mum tonight, can you add that to my list of things to do" asked "What should I
    remind you about?" (holdout 29): "meant to", "supposed to" say something to do, as "need to" does, and
    "my list of things to do" is the to-do list."""
    assert _claims(text) == [("todo_list", {"action": "add", "tasks": tasks})]
