"""When a reminder or an alarm rings, read from how people say it: a clock time said without "at"
("alarm 7 am tomorrow" rang at 9, "set alarm of 6:30 am" asked when), the evening said before a bare
hour ("tonight at 9", "dinner ... at 7" rang in the morning), an alarm's name the model left out; a
calendar cleared in few words; and a request to be told about the alarms sets none. The commands,
the store and the grounding are the real ones; the model's call is written out as it came."""
from __future__ import annotations

import datetime as _dt

import pytest

from command_helpers import ask
from jarvis_tui.assistant.grounding import ground_arguments
from jarvis_tui.sdk import RequestInformation

UTC = _dt.timezone.utc


def _read(rt, said: str, **model) -> dict:
    return rt.registry.get("reminder").post_process_tool_call({"action": "set", **model}, said)


@pytest.mark.parametrize("said,model,text,time", [
    ("alarm 7 am tomorrow", {"text": "alarm 7 am", "time": "09:00"}, "alarm", "07:00"),
    ("set alarm of 6:30 am", {"text": "set alarm of 6:30 am"}, "alarm", "06:30"),
    ("new alarm 5:45 am please", {"text": "alarm"}, "alarm", "05:45"),
    ("i need an alarm 8 pm", {"text": "alarm"}, "alarm", "20:00"),
    ("remind me 4:15 pm to feed the cat", {"text": "feed the cat"}, "feed the cat", "16:15"),
])
def test_a_clock_time_said_without_at_is_when_it_rings(rt, clock, said, model, text, time):
    out = _read(rt, said, **model)
    assert (out.get("text"), out.get("time")) == (text, time)


@pytest.mark.parametrize("said,model", [
    ("remind me tomorrow at two pm", {"text": "tomorrow at two pm", "time": "14:00"}),
    ("set a reminder for wednesdays at two pm", {"text": "wednesdays at two pm", "time": "14:00"}),
    ("remind me at 5 every day", {"text": "every day", "time": "17:00"}),
])
def test_a_text_that_says_only_when_is_no_text(rt, clock, said, model):
    """What to remind of is asked for, not set to "tomorrow" or "wednesdays"."""
    assert "text" not in _read(rt, said, **model)


def test_numbers_that_say_no_clock_time_set_none_and_a_named_time_stays_in_the_text(rt, clock):
    out = _read(rt, "buzz me in 20 minutes to check the oven", text="check the oven", relative_minutes=20)
    assert "time" not in out and out["relative_minutes"] == 20
    out = _read(rt, "remind me about the 7:30 train", text="the 7:30 train")
    assert out["text"] == "the 7:30 train" and out["time"] == "07:30"


@pytest.mark.parametrize("said,model,time", [
    ("remind me to take the bins out tonight at 9", {"text": "take the bins out", "time": "09:00"}, "21:00"),
    ("remind me this evening at 7:30 to call dad", {"text": "call dad", "time": "07:30"}, "19:30"),
    ("set an alarm this evening for 8", {"text": "alarm", "time": "08:00"}, "20:00"),
    ("remind me at 10 in the morning to water the plants", {"text": "water the plants"}, "10:00"),
    ("remind me at 9 to water the plants", {"text": "water the plants", "time": "09:00"}, "09:00"),
    ("set an alarm for 8", {"text": "alarm", "time": "08:00"}, "08:00"),
])
def test_the_evening_said_before_a_bare_hour_makes_it_an_evening_hour(rt, clock, said, model, time):
    assert _read(rt, said, **model)["time"] == time


def test_dinner_at_a_bare_hour_is_in_the_evening(rt, clock):
    """"schedule dinner with the team on friday at 7" rang at 7 in the morning."""
    turn, r = ask(rt, "schedule dinner with the team on friday at 7")
    assert turn.route == "pre_route" and r.success
    (row,) = rt.store.reminders.active()
    assert _dt.datetime.fromisoformat(row["due_at"]) == _dt.datetime(2025, 3, 7, 19, 0, tzinfo=UTC)
    assert turn.spoken.endswith("on Friday at 7 PM.")


@pytest.mark.parametrize("said,model,text", [
    ("put an alarm on for quarter to seven called school run", {"text": "alarm", "time": "06:45"}, "school run alarm"),
    ("set an alarm at 6 named taxi", {"text": "alarm", "time": "06:00"}, "taxi alarm"),
    ("wake me at 6 with an alarm labelled gym", {"text": "wake me up", "time": "06:00"}, "gym"),
    ("set an alarm for 7 called gym", {"text": "gym", "time": "07:00"}, "gym alarm"),
    ("set an alarm for 7 to feed the dog", {"text": "feed the dog", "time": "07:00"}, "feed the dog"),
])
def test_an_alarms_name_the_model_left_out_is_read_from_the_words(rt, clock, said, model, text):
    assert _read(rt, said, **model)["text"] == text


@pytest.mark.parametrize("said", ["wipe calendar clean", "empty diary", "clear calendar", "wipe my calendar clean"])
def test_a_calendar_cleared_in_few_words_is_cleared(rt, clock, said):
    """"wipe calendar clean" without "my" was declined ("Sorry, I can't help with that yet."), and "wipe
    my calendar clean" with two reminders in it asked which one (the "all" it means is not a word said)."""
    reminder = rt.registry.get("reminder")
    for text, when in (("pay the rent", "10:00"), ("call the plumber", "11:00")):
        out = reminder.post_process_tool_call({"action": "set", "text": text, "time": when}, f"remind me to {text} at {when}")
        assert reminder.execute(RequestInformation(said), **out).success
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and rt.store.reminders.active() == [], (turn.spoken, turn.tool_calls)


def test_being_told_about_the_alarms_sets_none(rt, clock):
    """"let me know the morning alarm time for weekdays": the model set a weekday alarm at 9 AM (the
    word "alarm" says set, nothing said a read). "Report" and "let me know the / what / if I" ask for a
    read; "let me know at 5 to ..." still sets one."""
    reminder = rt.registry.get("reminder")
    for said in ("let me know the morning alarm time for weekdays", "report my alarm settings",
                 "let me know what alarms are on tomorrow", "let me know if i have an alarm on friday"):
        out = ground_arguments(reminder, {"action": "set", "text": "alarm", "time": "09:00"}, said).arguments
        assert out["action"] == "list", said
    out = ground_arguments(reminder, {"action": "set", "text": "call mom", "time": "17:00"}, "let me know at 5 to call mom")
    assert out.arguments["action"] == "set"


@pytest.mark.parametrize("said,model,text,time", [
    ("alarm for quarter past six called swim", {"text": "call swim", "time": "06:15"}, "swim alarm", "06:15"),
    ("set an alarm 7:45 and call it gym bag", {"text": "alarm", "time": "07:45"}, "gym bag alarm", "07:45"),
    ("remind me to call the man called bob at 5", {"text": "call the man called bob", "time": "17:00"},
     "call the man called bob", "17:00"),
])
def test_an_alarms_name_said_is_its_name_whatever_the_model_made_of_it(rt, clock, said, model, text, time):
    """"alarm for quarter past six called swim" became a reminder "to call swim" at 6:15 PM; "call it gym
    bag" was not read as a name. A name inside a task ("the man called bob") names no alarm."""
    out = _read(rt, said, **model)
    assert (out["text"], out["time"]) == (text, time)


@pytest.mark.parametrize("said,text,due", [
    ("put in my diary drinks with tom on thursday at 8", "drinks with tom", (6, 8)),
    ("add to my calendar dentist on friday at 3pm", "dentist", (7, 15)),
])
def test_an_event_put_in_the_calendar_before_it_is_named_is_that_event(rt, clock, said, text, due):
    """"put in my diary drinks with tom ..." set a reminder "to put in your diary drinks with tom"."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    (row,) = rt.store.reminders.active()
    assert row["text"] == text
    assert _dt.datetime.fromisoformat(row["due_at"]).replace(tzinfo=UTC) == _dt.datetime(2025, 3, *due, tzinfo=UTC)
    assert _read(rt, said, text=f"put in my diary {text}")["text"] == text
    assert turn.spoken.startswith(f"OK, I'll remind you about your {text} ")     # not "to drinks with tom"


@pytest.mark.parametrize("said,model,text,time,recurrence", [
    ("remind me to water the plants every sunday morning", {"text": "water the plants every sunday morning"},
     "water the plants", "09:00", "weekly"),
    ("remind me to take the bins out every thursday evening", {"text": "take the bins out every thursday evening"},
     "take the bins out", "18:00", "weekly"),
    ("remind me to stretch in the morning", {"text": "stretch in the morning"}, "stretch", "09:00", None),
    ("remind me to go for a run this evening", {"text": "go for a run this evening"}, "go for a run", "18:00", None),
    ("add a party to my calendar for this evening", {"text": "party for this evening"}, "party", "18:00", None),
])
def test_a_repeat_or_a_part_of_the_day_the_model_left_in_the_text_is_no_part_of_it(rt, clock, said, model, text,
                                                                                 time, recurrence):
    """"remind me to water the plants every sunday morning" was said back "... to water the plants every
    sunday morning every Sunday at 9 AM": the part of the day after the repeat stayed in the text."""
    out = _read(rt, said, **model)
    assert (out["text"], out.get("time"), out.get("recurrence")) == (text, time, recurrence)


def test_a_part_of_the_day_that_names_the_thing_stays(rt, clock):
    assert _read(rt, "remind me to call the morning show at 9", text="call the morning show")["text"] == \
        "call the morning show"


@pytest.mark.parametrize("said,text,time", [
    ("i need to call the dentist tomorrow morning", "call the dentist", "09:00"),
    ("i have to pick up the dry cleaning on friday", "pick up the dry cleaning", "09:00"),
    ("we've got to renew the car insurance tomorrow at 5 pm", "renew the car insurance", "17:00"),
    ("don't let me forget to feed the fish tonight at 8", "feed the fish", "20:00"),
])
def test_a_task_said_as_what_the_user_must_do_is_the_text_the_model_left_out(rt, clock, said, text, time):
    """"i need to call the dentist tomorrow morning": the model set the reminder without its text and it
    asked "What should I remind you about?" though the user had said it."""
    out = _read(rt, said)
    assert (out.get("text"), out.get("time")) == (text, time)


def test_a_text_the_model_wrote_is_kept(rt, clock):
    assert _read(rt, "i need to call the dentist tomorrow", text="dentist call")["text"] == "dentist call"


@pytest.mark.parametrize("said,model,minutes", [
    ("i started the dishwasher remind me to empty it in two hours", 2, 120),   # hours written as minutes
    ("remind me to check the oven in an hour and a half", 1, 90),
    ("remind me in 2 hours and 30 minutes to move the car", 150, 150),
    ("remind me in 5 minutes about the tea", 5, 5),
])
def test_in_a_while_is_as_long_as_the_words_say(rt, clock, said, model, minutes):
    assert _read(rt, said, text="x", relative_minutes=model)["relative_minutes"] == minutes


@pytest.mark.parametrize("said,model", [
    ("i forgot to set the alarm for tomorrow", {"text": "set the alarm for", "time": "09:00"}),
    ("set an alarm for tomorrow", {"text": "alarm"}),
    ("wake me up tomorrow morning", {"text": "wake up"}),
])
def test_an_alarm_without_a_time_said_gets_none_guessed(rt, clock, said, model):
    """An alarm rings when the user says: with no time said it asks, where a reminder "tomorrow" is at 9."""
    out = _read(rt, said, **model)
    assert "time" not in out and out["text"] in ("alarm", "wake up")
    assert _read(rt, "remind me to call mom tomorrow", text="call mom")["time"] == "09:00"


def test_an_alarm_without_a_time_asks_what_time(rt, clock):
    response = rt.registry.get("reminder").execute(
        RequestInformation("set an alarm for tomorrow", "c1"),
        **_read(rt, "set an alarm for tomorrow", text="alarm"))
    assert response.wait_for_input and "time" in response.message.lower()
    assert rt.services.store.reminders.active() == []
