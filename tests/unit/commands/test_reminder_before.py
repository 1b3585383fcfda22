"""A reminder some time before the time said: "i need to leave at quarter past eight, remind me ten
minutes before" asked "When should I remind you?" (the comma hid the clock time, and the model's text was
the whole sentence); "remind me ten minutes before my 3 pm meeting" rang at 3 PM, about "ten minutes
before my 3 pm meeting". The model's call is post-processed as the turn does it."""
from __future__ import annotations

import datetime as _dt

import pytest

from commands.reminder import ReminderCommand
from jarvis_tui.sdk import RequestInformation
from jarvis_tui.sdk.text import find_clock_time


@pytest.mark.parametrize("said,model_args,text,time", [
    ("i need to leave at quarter past eight, remind me ten minutes before",
     {"text": "leave at quarter past eight, remind me ten minutes before"}, "leave", "08:05"),
    ("i need to leave at quarter past eight, remind me ten minutes before", {}, "leave", "08:05"),   # AM or PM: run()
    ("remind me ten minutes before my 3 pm meeting tomorrow",
     {"text": "ten minutes before my 3 pm meeting", "time": "15:00"}, "my 3 pm meeting", "14:50"),
    ("remind me ten minutes before my 3 pm meeting tomorrow", {"time": "14:50"}, "my 3 pm meeting", "14:50"),
    ("the train is at 7:40 tomorrow morning, remind me half an hour before", {"time": "07:40"}, "the train", "07:10"),
    ("remind me an hour before the match at 7 pm", {"text": "an hour before the match", "time": "19:00"}, "the match", "18:00"),
])
def test_the_time_said_less_the_lead_and_what_it_is_before(said, model_args, text, time):
    out = ReminderCommand().post_process_tool_call({"action": "set", **model_args}, said)
    assert (out.get("text"), out.get("time")) == (text, time)


def test_without_a_lead_the_time_said_is_kept():
    out = ReminderCommand().post_process_tool_call({"action": "set", "text": "call mum", "time": "17:00"},
                                                   "remind me to call mum at 5 pm before i forget")
    assert out["time"] == "17:00"


def test_a_clock_time_before_a_comma_is_read():
    assert find_clock_time("i need to leave at quarter past eight, remind me") == ("08:15", "quarter past eight")


def test_the_reminder_rings_then_and_says_what_about(rt, clock):
    reminder = rt.registry.get("reminder")
    said = "remind me ten minutes before my 3 pm meeting tomorrow"
    args = reminder.post_process_tool_call({"action": "set", "time": "14:50"}, said)
    r = reminder.execute(RequestInformation(said), **args)
    assert r.message == "OK, I'll remind you about your 3 pm meeting tomorrow at 2:50 PM."
    (row,) = rt.store.reminders.active()
    assert _dt.datetime.fromisoformat(row["due_at"]) == _dt.datetime(2025, 3, 5, 14, 50, tzinfo=_dt.timezone.utc)


def test_a_new_reminder_said_to_what_about_is_no_answer(rt):
    reminder = rt.registry.get("reminder")
    assert reminder.read_answer("text", "the train is at 7:40, remind me half an hour before", {"action": "set"}) is None
    assert reminder.read_answer("text", "to call the bank", {"action": "set"}) == {"action": "set", "text": "call the bank"}


@pytest.mark.parametrize("said", ["nudge me in an hour about the laundry", "remind me to ring gran at 6 pm",
                                  "wake me up at 7 tomorrow"])
def test_a_whole_reminder_said_to_what_about_is_set_as_said(rt, said):
    """"can you give me a shout at 5" asked "What should I remind you about?"; "nudge me in an hour about the
    laundry" then became a reminder "to in an hour about the laundry" at 5: a request the reminders' own fast
    paths take whole is a request of its own (routed as usual), not the answer."""
    reminder = rt.registry.get("reminder")
    assert reminder.pre_route(said) is not None
    assert reminder.read_answer("text", said, {"action": "set", "time": "17:00"}) is None
    assert reminder.read_answer("text", "the laundry", {"action": "set", "time": "17:00"}) == \
        {"action": "set", "time": "17:00", "text": "the laundry"}
