"""A correction said right after a timer was set changes that timer ("actually make it 10"), and a
follow-up is first offered to the command the user was just talking to."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.sdk.text import corrected_value


@pytest.mark.parametrize("text,value", [("actually make that 6:45", "6:45"), ("no wait, make it 10", "10"),
                                        ("change it to 20 minutes instead", "20 minutes"), ("i meant tuesday", "tuesday"),
                                        ("sorry, 7:30", "7:30"), ("Oops, make it fifteen minutes please.", "fifteen minutes"),
                                        # the old value said beside the new one
                                        ("no not apples, pears", "pears"), ("not apples, pears", "pears"),
                                        ("no not 6 but 7", "7"), ("no, pears not apples", "pears"),
                                        ("i meant the blue folder not the red one", "the blue folder")])
def test_a_correction_gives_the_new_value(text, value):
    assert corrected_value(text) == value


@pytest.mark.parametrize("text", ["set a timer for 5 minutes", "make a list", "no", "what time is it", "sorry", "not now",
                                  "no thanks"])
def test_other_words_are_no_correction(text):
    assert corrected_value(text) is None


def _running(rt):
    return [(t["label"], t["duration_seconds"]) for t in rt.store.timers.running()]


@pytest.mark.parametrize("correction,seconds", [("actually make it 10", 600), ("no wait, make that 15 minutes", 900),
                                                ("change it to half an hour", 1800), ("sorry, twelve", 720),
                                                ("i meant 6 minutes", 360)])
def test_a_correction_changes_the_timer_just_set(rt, clock, correction, seconds):
    ask(rt, "set a timer for 8 minutes")
    clock.advance(seconds=20)
    turn, r = ask(rt, correction)
    assert turn.route == "pre_route" and r.success and r.context_data.get("corrected")
    assert _running(rt) == [(None, seconds)]                              # the same timer, no second one
    left = seconds - 20
    assert turn.spoken.startswith("OK, your timer is ") and f"{left // 60} minutes" in turn.spoken


def test_a_named_timer_keeps_its_name(rt, clock):
    ask(rt, "set a pasta timer for 10 minutes")
    turn, _ = ask(rt, "no, make it 12")
    assert _running(rt) == [("pasta", 720)] and "your pasta timer is 12 minutes now" in turn.spoken


def test_no_timer_just_set_is_no_timer_correction(rt, clock):
    turn, _ = ask(rt, "actually make it 10")
    assert "set_timer" not in [c.name for c in turn.tool_calls] and _running(rt) == []
    ask(rt, "set a timer for 8 minutes")
    clock.advance(minutes=3)                                             # too long ago to be corrected
    turn, _ = ask(rt, "actually make it 10")
    assert _running(rt) == [(None, 480)] and "set_timer" not in [c.name for c in turn.tool_calls]


def test_a_correction_that_says_no_length_is_not_the_timers(rt, clock):
    ask(rt, "set a timer for 8 minutes")
    turn, _ = ask(rt, "actually make it pasta")
    assert _running(rt) == [(None, 480)] and "set_timer" not in [c.name for c in turn.tool_calls]


def test_the_correction_goes_to_the_command_just_used(rt, clock):
    """A reminder and a timer both set a moment ago: "actually make it 10" belongs to the last one asked
    for (the last turn's command sees a follow-up first)."""
    ask(rt, "remind me to call mom at 3 pm")
    ask(rt, "set a timer for 8 minutes")
    due = rt.store.reminders.active()[0]["due_at"]
    ask(rt, "actually make it 10")
    assert _running(rt) == [(None, 600)] and rt.store.reminders.active()[0]["due_at"] == due


def _set(rt, text, **args):
    from jarvis_tui.sdk import RequestInformation
    return rt.registry.get("set_timer").execute(RequestInformation(text), **args)


@pytest.mark.parametrize("text", ["add 2 minutes", "now add two minutes please", "another 2 minutes",
                                  "give me another couple of minutes"])
def test_more_time_said_alone_goes_on_the_running_timer(rt, clock, text):
    ask(rt, "set a laundry timer for 45 minutes")
    r = _set(rt, text, duration_seconds=120)
    assert r.context_data.get("extended") and _running(rt) == [("laundry", 2820)]


@pytest.mark.parametrize("text,label", [("and another one for the oven, 20 minutes", "oven"),
                                        ("another one for 20 minutes", None), ("set another timer for 20 minutes", None)])
def test_another_one_is_a_new_timer(rt, clock, text, label):
    """"another one" is one more timer, not more time ("another one for the oven" put 20 minutes on the laundry)."""
    ask(rt, "set a laundry timer for 45 minutes")
    r = _set(rt, text, duration_seconds=1200, **({"label": label} if label else {}))
    assert not r.context_data.get("extended")
    assert sorted(_running(rt), key=lambda t: t[1]) == [(label, 1200), ("laundry", 2700)]


@pytest.mark.parametrize("text", ["add five minutes to it", "put 5 more minutes on the laundry", "now add 5 minutes to the timer"])
def test_more_time_on_the_running_timer_is_claimed_at_once(rt, clock, text):
    """"add five minutes to it" after checking the pizza timer went to the calculator ("What num2 should I use?")."""
    ask(rt, "set a laundry timer for 45 minutes")
    turn, r = ask(rt, text)
    assert turn.route == "pre_route" and r.context_data.get("extended") and _running(rt) == [("laundry", 3000)]


def test_more_time_said_with_no_such_timer_running_is_not_the_timers(rt, clock):
    assert [c.name for c in ask(rt, "add five minutes to it")[0].tool_calls] != ["set_timer"]
    ask(rt, "set a laundry timer for 45 minutes")
    ask(rt, "set a pasta timer for 10 minutes")
    turn, r = ask(rt, "add five minutes to it")          # two running: the timer asks which (the model summed 5 and 5)
    assert turn.route == "pre_route" and r.wait_for_input and turn.spoken.startswith("You have 2 timers. Which one:")
    assert sorted(t["duration_seconds"] for t in rt.store.timers.running()) == [600, 2700]
    ask(rt, "never mind")
    turn, _ = ask(rt, "add 5 minutes to the recipe")
    assert turn.route != "pre_route"


@pytest.mark.parametrize("answer,left", [("the pasta one", ["rice"]), ("rice", ["pasta"]), ("all of them", []),
                                         ("both", [])])
def test_which_timer_is_answered_by_its_name_or_all(rt, clock, answer, left):
    """"You have 2 timers. Which one: the pasta timer or the rice timer? Or say all." then the answer: the
    timer command reads it (read_answer); "the pasta one" was routed as a new request before."""
    ask(rt, "set a pasta timer for 10 minutes")
    ask(rt, "set a rice timer for 20 minutes")
    turn, r = ask(rt, "cancel my timer")
    assert "Which one" in turn.spoken and rt.assistant.awaiting is not None
    ask(rt, answer)
    assert sorted(t["label"] for t in rt.store.timers.running()) == left


def test_words_that_name_no_running_timer_are_a_request_of_their_own(rt, clock):
    ask(rt, "set a pasta timer for 10 minutes")
    ask(rt, "set a rice timer for 20 minutes")
    ask(rt, "cancel my timer")
    turn, _ = ask(rt, "what time is it")
    assert [c.name for c in turn.tool_calls] == ["get_current_time"] and len(rt.store.timers.running()) == 2


@pytest.mark.parametrize("text,seconds", [("whoops, make that 25", 1500), ("my bad, 25 minutes", 1500),
                                          ("scratch that, make it 25", 1500)])
def test_more_ways_to_correct(rt, clock, text, seconds):
    """"whoops, make that 25" after a 20 minute timer set a second timer of 41 minutes and 40 seconds."""
    ask(rt, "start a 20 minute timer for the lasagna")
    ask(rt, text)
    assert _running(rt) == [("lasagna", seconds)]


def test_more_time_stuck_on_it_and_one_more_named_timer(rt, clock):
    ask(rt, "start a 20 minute timer for the lasagna")
    turn, r = ask(rt, "stick another 3 minutes on it")
    assert r.context_data.get("extended") and _running(rt) == [("lasagna", 1380)]
    turn, r = ask(rt, "and one more for the garlic bread, 8 minutes")       # its name was lost
    assert turn.route == "pre_route" and sorted(_running(rt)) == [("garlic bread", 480), ("lasagna", 1380)]
