"""Ordinals read as durations: "and a second one for the sauce, 20 minutes" set a 1 second sauce timer
(find_duration took "a second" for one second, and the set_timer post-processing let the words win
over the fast path's 20 minutes). "second" is a length only where a number counts it, or "a" / "one"
with no word after it that the ordinal would qualify."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.sdk.text import find_duration, parse_duration


@pytest.mark.parametrize("text,seconds", [
    ("and a second one for the sauce, 20 minutes", 1200),
    ("a second timer for 5 minutes for the rice", 300),
    ("start a second pasta timer for ten minutes", 600),
    ("set a second 5 minute timer", 300),
    ("i need a second timer, 12 minutes, for the potatoes", 720),
    ("a second countdown for 4 minutes please", 240),
    ("a second timer for the rice", None),
    ("the second timer", None),
    # a second counted: a length
    ("set a timer for a second", 1),
    ("timer for a second please", 1),
    ("for one second", 1),
    ("set a one second timer", 1),
    ("30 seconds", 30),
    ("a second and a half", 2),
    ("a minute and a second", 61),
    ("hold on a second", 1),
])
def test_a_second_is_a_length_only_where_it_is_counted(text, seconds):
    assert find_duration(text) == seconds


def test_parse_duration_reads_the_words_after_a_phrase():
    assert parse_duration("a second") == 1
    assert parse_duration("a second", followed_by=" timer for the rice") is None
    assert parse_duration("a second", followed_by=", then the rice") == 1
    assert parse_duration("a second", followed_by=" and a half") == 1
    assert parse_duration("a second 5 minute") is None


def test_a_second_timer_after_the_first_gets_the_length_said(rt):
    ask(rt, "set a timer for 11 minutes")
    turn, r = ask(rt, "and a second one for the sauce, 20 minutes")
    assert r.success and turn.spoken == "Sauce timer set for 20 minutes."
    assert sorted(t["duration_seconds"] for t in rt.store.timers.running()) == [660, 1200]


@pytest.mark.parametrize("text,args", [
    ("set a second 5 minute timer", {"duration_seconds": 300}),
    ("set a third timer for 5 minutes", {"duration_seconds": 300}),
    ("start a second pasta timer for ten minutes", {"duration_seconds": 600, "label": "pasta"}),
    ("and a third one for the beans, 6 minutes", {"duration_seconds": 360, "label": "beans"}),
    ("give me a second one for the peas, 3 minutes", {"duration_seconds": 180, "label": "peas"}),
    ("start a new one for the tea, four minutes", {"duration_seconds": 240, "label": "tea"}),
    ("set a timer for a second", {"duration_seconds": 1}),
])
def test_set_timer_fast_paths_read_the_ordinal_as_which_timer(rt, text, args):
    claim = rt.registry.get("set_timer").pre_route(text)
    assert claim is not None and claim.arguments == args


def test_a_second_timer_with_no_length_is_not_a_one_second_timer(rt):
    set_timer = rt.registry.get("set_timer")
    assert set_timer.pre_route("set a second timer for the rice") is None
    # the model's number for a request that says no length ("second") is a guess: the length is asked
    out = set_timer.post_process_tool_call({"duration_seconds": 1, "label": "rice"}, "set a second timer for the rice")
    assert "duration_seconds" not in out
    out = set_timer.post_process_tool_call({"duration_seconds": 1800}, "set a half hour timer")
    assert out == {"duration_seconds": 1800}           # a length said that the grammar does not read stays


@pytest.mark.parametrize("text,seconds", [
    ("set a timer for an hour and a quarter", 4500),
    ("two hours and a quarter", 8100),
    ("an hour and three quarters please", 6300),
    ("a minute and a quarter", 75),
    ("a quarter of an hour", 900),
    ("remind me at quarter past three", None),
])
def test_a_quarter_after_a_length_is_part_of_it(text, seconds):
    """"set a timer for an hour and a quarter" set a timer for an hour: the phrase was looked for only up to
    a unit or "half", and "three quarters" after "and" was no fraction."""
    assert find_duration(text) == seconds


def test_a_timer_for_an_hour_and_a_quarter_is_that_long(rt):
    turn, r = ask(rt, "set a timer for an hour and a quarter")
    assert r.success and turn.spoken == "Timer set for 1 hour and 15 minutes."
