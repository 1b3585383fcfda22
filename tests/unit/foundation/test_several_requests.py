"""Several requests said in one sentence run one after the other, each through the whole pipeline, when
each stands alone; a sentence that is one request with an "and" inside stays one. Real commands, router
and SQLite; no LLM (the fast paths and the router decide)."""
from __future__ import annotations

import pytest


def test_a_timer_and_a_list_item_in_one_sentence(rt):
    """Only the timer was set; the milk was lost."""
    turn = rt.assistant.handle_text("set a timer for 5 minutes and add milk to my shopping list")
    assert turn.route == "several" and [c.name for c in turn.tool_calls] == ["set_timer", "shopping_list"]
    assert turn.spoken == "Timer set for 5 minutes. Added milk to your shopping list."
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["milk"] and len(rt.store.timers.running()) == 1


def test_what_no_command_does_is_declined_and_the_rest_done(rt):
    """A cancel_timer fast path took the whole sentence for a timer named "2 minutes" ("You have no timers running.")."""
    turn = rt.assistant.handle_text("turn off the lights and set a timer for 2 minutes")
    assert turn.route == "several" and turn.spoken == "I can't control the lights yet. Timer set for 2 minutes."
    assert [t["duration_seconds"] for t in rt.store.timers.running()] == [120]


@pytest.mark.parametrize("text", ["add bread and milk to my shopping list", "set a timer for 10 minutes and 30 seconds",
                                  "remind me to call mom and tell her happy birthday"])
def test_one_request_with_an_and_inside_stays_one(rt, text):
    turn = rt.assistant.handle_text(text)
    assert turn.route != "several"


def test_each_request_is_a_step_of_the_turn(rt):
    events: list = []
    rt.bus.subscribe(events.append)
    rt.assistant.handle_text("what time is it and set a timer for 3 minutes")
    steps = [e.text for e in events if type(e).__name__ == "StepStarted"]
    assert steps == ["what time is it", "set a timer for 3 minutes"]


@pytest.mark.parametrize("text, seconds", [("set timers for 5 and 10 minutes", [300, 600]),
                                           ("start a 3 and a 7 minute timer", [180, 420]),
                                           ("set two timers for five and ten minutes", [300, 600])])
def test_two_lengths_said_with_one_unit_are_one_timer_each(rt, text, seconds):
    """"set timers for 5 and 10 minutes" set one timer of 10 minutes called "5 minute timer"."""
    turn = rt.assistant.handle_text(text)
    assert turn.route == "several" and [c.name for c in turn.tool_calls] == ["set_timer", "set_timer"]
    assert sorted(t["duration_seconds"] for t in rt.store.timers.running()) == seconds
    turn = rt.assistant.handle_text("cancel the 5 minute one" if 300 in seconds else "cancel the 3 minute one")
    assert turn.route == "pre_route" and [t["duration_seconds"] for t in rt.store.timers.running()] == seconds[1:]


def test_the_words_for_each_of_two_amounts():
    from jarvis_tui.sdk.text import shared_amount_requests
    assert shared_amount_requests("set timers for 5 and 10 minutes") == ["set a timer for 5 minutes", "set a timer for 10 minutes"]
    assert shared_amount_requests("start a 5 and a 10 minute timer") == ["start a 5 minute timer", "start a 10 minute timer"]
    for one in ("add bread and milk", "set a timer for 10 minutes and 30 seconds", "what is 5 and 10 minutes in seconds"):
        assert shared_amount_requests(one) is None, one
