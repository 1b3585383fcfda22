"""A slip put right in the same breath ("set a timer for five, no, ten minutes") is not part of the
request: the turn and `route` act on the words as meant (`without_self_repairs`). Before, the timer was
set for five minutes, the reminder for six, and "apples no pears" went on the list as one item."""
from __future__ import annotations

import json

import pytest

from command_helpers import ask
from jarvis_tui.sdk.text import without_self_repairs


@pytest.mark.parametrize("said, meant", [
    # a value put right by one of its kind: numbers, clock times, days; the word after the slip is kept
    ("set a timer for five no make that ten minutes", "set a timer for ten minutes"),
    ("Set a timer for five, no, ten minutes.", "Set a timer for ten minutes."),
    ("set a timer for five minutes no ten minutes", "set a timer for ten minutes"),
    ("set a timer for ten minutes i mean twelve", "set a timer for twelve minutes"),
    ("set a timer for 5 minutes, actually make that 7", "set a timer for 7 minutes"),
    ("set a timer for two and a half no three hours", "set a timer for three hours"),
    ("set a timer for twenty five no thirty minutes", "set a timer for thirty minutes"),
    ("remind me at six sorry seven pm to call bob", "remind me at seven pm to call bob"),
    ("remind me at six pm sorry seven to call bob", "remind me at seven pm to call bob"),
    ("set an alarm for 6:30 sorry 7:30", "set an alarm for 7:30"),
    ("on friday no saturday remind me to ring jane", "on saturday remind me to ring jane"),
    ("five minutes no ten seconds", "ten seconds"),
    ("set the volume to 5 actually 6", "set the volume to 6"),
    # words put right after words that only ever mean a repair ("i mean", "or rather", "scratch that")
    ("add apples i mean pears to my shopping list", "add pears to my shopping list"),
    ("put butter i mean margarine on the shopping list", "put margarine on the shopping list"),
    ("remind me to call bob i mean rob tomorrow", "remind me to call rob tomorrow"),
    ("what's the weather in new york i mean los angeles", "what's the weather in los angeles"),
    ("call my mum i mean my dad", "call my dad"),
    ("set a timer for 5 minutes scratch that set a reminder for 5 pm", "set a reminder for 5 pm"),
])
def test_the_slip_is_left_out(said, meant):
    assert without_self_repairs(said) == meant


@pytest.mark.parametrize("said", [
    "add no salt crisps to the shopping list",          # "no" that is no repair
    "there's no milk left add some to the list",
    "remind me to say sorry to tom at five",
    "remind me to say no to the offer",
    "remind me at six to tell jim no",
    "set a timer for five or six minutes",               # a choice, not a repair
    "tell bob i mean it",
    "i mean it set a timer for five minutes",
    "remind me that i meant to call the bank",
    "forget what i said about my coat",
    "make it louder",
    "actually make that 6:45",                           # a correction of the last request: nothing before it
    "no i don't want a timer",
    "sorry can you set a timer for ten minutes",
    "what's 5 minus no wait",
])
def test_words_that_put_nothing_right_are_as_said(said):
    assert without_self_repairs(said) == said


def _running(rt):
    return [t["duration_seconds"] for t in rt.store.timers.running()]


@pytest.mark.parametrize("said, seconds", [("set a timer for five no ten minutes", 600),
                                           ("set a timer for five minutes, no, make that ten", 600),
                                           ("start a timer for three no four minutes", 240)])
def test_the_turn_sets_the_timer_meant(rt, said, seconds):
    turn, response = ask(rt, said)
    assert response.success and _running(rt) == [seconds]
    assert turn.text == without_self_repairs(said)


def test_the_turn_adds_the_item_meant(rt):
    ask(rt, "add apples i mean pears to my shopping list")
    assert [r["text"] for r in rt.store.lists.items("shopping")] == ["pears"]


def test_route_reads_the_words_as_meant(isolated_dirs, capsys):
    from jarvis_tui.cli import main
    assert main(["route", "--no-llm", "set a timer for five no ten minutes"]) == 0
    line = next(json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{"))
    assert line["text"] == "set a timer for five no ten minutes"          # what was said, as the corpus has it
    assert line["tool_calls"] == [{"name": "set_timer", "arguments": {"duration_seconds": 600}}]
