"""A running timer asked about or cancelled by what it is for, not by the word "timer": "is the pizza
done yet" and "get rid of the pasta one" were declined ("Sorry, I can't help with that yet."). The fast
paths read the timers' names (running, paused, or rung lately), so the same words with no timer of
that name are left to the router, and other commands' requests are never claimed."""
from __future__ import annotations

import pytest

from command_helpers import ask
from commands._background import timer_service, timers_named
from jarvis_tui.assistant.intent_router import IntentRouter
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.sdk import RequestInformation

KITCHEN = ["pizza", "cookies", "eggs", "tea", "roast", "laundry", "pasta"]


@pytest.fixture
def kitchen(rt, clock):
    """Seven named timers, 10 to 16 minutes long, on the fake clock (no thread rings them)."""
    timer_service(rt.services).shutdown()
    for minutes, label in enumerate(KITCHEN, start=10):
        ask(rt, f"set a {minutes} minute timer for the {label}")
    return {label: minutes for minutes, label in enumerate(KITCHEN, start=10)}


def _labels_running(rt) -> list[str]:
    return sorted(t["label"] for t in rt.store.timers.live())


def _claims(rt, text: str) -> list[str]:
    return [c.command_name for c in rt.registry if c.command_name in ("check_timers", "cancel_timer")
            and c.pre_route(text) is not None]


@pytest.mark.parametrize("said,label", [
    ("is the pizza done yet", "pizza"), ("are the cookies ready", "cookies"), ("is the cookie done", "cookies"),
    ("is the laundry finished", "laundry"), ("how long until the eggs are ready", "eggs"),
    ("how long until the egg is done", "eggs"), ("how's the tea doing", "tea"), ("how is the tea coming along", "tea"),
    ("how much longer on the roast", "roast"), ("how long left on the roast", "roast"),
    ("when will the pizza be ready", "pizza"), ("when's the laundry done", "laundry"),
    ("has the laundry finished yet", "laundry"), ("are my cookies done yet", "cookies"),
    ("is the roast nearly done", "roast"), ("how much time does the pizza have left", "pizza"),
    ("how many minutes until the eggs are done", "eggs"), ("what's left on the tea", "tea"),
    ("Hey Jarvis, is the pizza done yet?", "pizza"), ("is the egg timer done", "eggs"),
])
def test_a_question_about_what_a_timer_is_for_is_answered_from_that_timer(rt, kitchen, said, label):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["check_timers"]
    assert turn.spoken == f"Your {label} timer has {kitchen[label]} minutes left."


def test_a_timer_that_rang_is_said_to_have_gone_off(rt, clock):
    timer_service(rt.services).shutdown()
    ask(rt, "start a 12 minute timer for the pizza")
    clock.advance(minutes=12)
    timer_service(rt.services).tick()
    clock.advance(minutes=2)
    turn, r = ask(rt, "is the pizza done yet")
    assert turn.route == "pre_route" and turn.spoken == "Your pizza timer went off 2 minutes ago."
    turn, r = ask(rt, "i took the pizza out, you can stop that")
    assert turn.route == "pre_route" and turn.spoken == "Your pizza timer already went off 2 minutes ago."
    clock.advance(hours=3)                       # long ago: no longer "the pizza timer"
    assert _claims(rt, "is the pizza done yet") == []


def test_a_question_about_a_timer_that_is_not_there_is_answered_not_claimed(rt, clock):
    ask(rt, "set a 5 minute timer for the tea")
    for said in ("is the pizza done yet", "how much longer on the steak", "is the steak done"):
        assert _claims(rt, said) == [], said          # left to the router ("steak" is no "tea")
    check = rt.registry.get("check_timers")
    r = check.execute(RequestInformation("is the pizza done yet"), label="pizza")
    assert r.success and r.context_data["message"] == "You don't have a pizza timer. Running: the tea timer."
    ask(rt, "cancel the tea timer")
    r = check.execute(RequestInformation("is the pizza done yet"), label="pizza")
    assert r.context_data["message"] == "You don't have a pizza timer."


def test_the_thing_asked_about_is_the_label_when_the_model_leaves_it_out(rt):
    """With no timer running the model called check_timers without a label ("You have no timers running.")."""
    check = rt.registry.get("check_timers")
    for said, name in [("is the pizza done", "pizza"), ("how much longer on the roast", "roast"),
                       ("are the cookies ready yet", "cookies")]:
        args = check.post_process_tool_call({}, said)
        assert check.execute(RequestInformation(said), **args).context_data["message"] == f"You don't have a {name} timer."
    for said in ("how are you", "is it done", "what timers are running"):
        assert check.post_process_tool_call({}, said) == {}, said


@pytest.mark.parametrize("said,label", [
    ("get rid of the pasta one", "pasta"), ("stop the egg one", "eggs"),
    ("i took the cookies out, you can stop that", "cookies"), ("the tea's done, cancel it", "tea"),
    ("cancel the one for the pasta", "pasta"), ("stop the pizza", "pizza"), ("kill the pasta one please", "pasta"),
    ("turn off the cookie one", "cookies"), ("you can cancel the eggs", "eggs"), ("the eggs are done, turn it off", "eggs"),
    ("stop the timer, the pizza's ready", "pizza"), ("i've taken the roast out so cancel that", "roast"),
    ("ok the eggs are done, stop that one", "eggs"), ("alright the pasta's ready, you can turn that off", "pasta"),
])
def test_a_timer_cancelled_by_what_it_is_for_stops_that_timer_only(rt, kitchen, said, label):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["cancel_timer"]
    assert turn.spoken == f"Cancelled your {label} timer." and not turn.wait_for_input
    assert _labels_running(rt) == sorted(set(KITCHEN) - {label})


def test_a_timer_paused_by_what_it_is_for_is_paused_not_cancelled(rt, kitchen):
    turn, r = ask(rt, "pause the pasta one")
    assert turn.route == "pre_route" and turn.spoken == "Paused your pasta timer: 16 minutes left."
    assert {t["label"]: t["state"] for t in rt.store.timers.live()}["pasta"] == "paused"


def test_a_name_no_timer_has_cancels_nothing_and_says_so(rt, clock):
    ask(rt, "set a 5 minute timer for the tea")
    for said in ("get rid of the pasta one", "stop the pasta", "the pasta's done, cancel it"):
        assert _claims(rt, said) == [], said
    r = rt.registry.get("cancel_timer").execute(RequestInformation("get rid of the pasta one"), label="pasta")
    assert not r.success and r.context_data["message"] == "You don't have a pasta timer. Running: the tea timer."
    assert _labels_running(rt) == ["tea"]


@pytest.mark.parametrize("said", [
    "is the pizza place open", "remind me when the laundry is done", "cancel my pizza order", "is dinner ready",
    "how long does pizza take to bake", "order a pizza", "cancel the pizza delivery", "remove the pasta",
    "how are you doing", "stop the music", "is the pizza place still open", "the meeting is over, cancel it",
])
def test_other_requests_are_not_claimed_by_a_timers_name(rt, kitchen, said):
    assert _claims(rt, said) == []


@pytest.mark.parametrize("said,label,meant", [
    ("cookie", "cookies", True), ("the egg one", "eggs", True), ("bread", "garlic bread", True),
    ("the tea's", "tea", True), ("pizza order", "pizza", False), ("steak", "tea", False), ("5 minute", "tea", False),
])
def test_a_timer_is_named_by_its_words_in_any_form(said, label, meant):
    timers = [{"id": 1, "label": label, "duration_seconds": 600}]
    assert bool(timers_named(timers, said)) is meant


@pytest.fixture(scope="module")
def router() -> IntentRouter:
    return IntentRouter(list(discover_commands()))


@pytest.mark.parametrize("said,tool", [
    ("is the pizza done yet", "check_timers"), ("are the cookies ready", "check_timers"),
    ("how's the tea doing", "check_timers"), ("is the laundry finished", "check_timers"),
    ("how long until the eggs are ready", "check_timers"), ("get rid of the pasta one", "cancel_timer"),
    ("stop the egg one", "cancel_timer"), ("i took the cookies out, you can stop that", "cancel_timer"),
    ("the tea's done, cancel it", "cancel_timer"),
])
def test_the_router_learns_the_class_of_a_timer_named_by_what_it_is_for(router, said, tool):
    """With no timer of that name running nothing claims these: the router sends them to the command,
    which says there is no such timer."""
    assert router.rank(said)[0][0] == tool


def test_timers_named_by_the_order_they_were_set(rt, clock):
    """"set a 10 minute timer and a 20 minute timer", then "how long is left on the second one": "You
    don't have a second timer."; "cancel the first one" the same."""
    ask(rt, "set a 10 minute timer and a 20 minute timer")
    turn, _ = ask(rt, "how long is left on the second one")
    assert turn.spoken == "Your 20 minute timer has 20 minutes left."
    turn, _ = ask(rt, "cancel the first one")
    assert turn.route == "pre_route" and turn.spoken == "Cancelled your 10 minute timer."
    assert [t["duration_seconds"] for t in rt.store.timers.running()] == [1200]
    assert rt.registry.get("cancel_timer").pre_route("cancel the last one") is None    # one left: no order
