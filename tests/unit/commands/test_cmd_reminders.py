"""Reminders: SQLite, a settable clock for the schedule, the real checker thread for firing."""
from __future__ import annotations

import datetime as _dt

import pytest

from command_helpers import ask
from jarvis_tui.sdk import RequestInformation
from commands._background import ReminderService


def test_set_at_time_list_delete(rt, clock):
    turn, r = ask(rt, "remind me to call mom at 3 pm")
    assert r.success and turn.spoken == "OK, I'll remind you to call mom at 3 PM."
    due = _dt.datetime.fromisoformat(rt.store.reminders.active()[0]["due_at"])
    assert (due.hour, due.minute, due.date()) == (15, 0, clock.now.date())
    turn, r = ask(rt, "remind me in 30 minutes to check the laundry")
    assert "in 30 minutes" in turn.spoken
    turn, r = ask(rt, "what reminders do I have")
    assert "2 reminders" in turn.spoken and "call mom" in turn.spoken and "check the laundry" in turn.spoken
    turn, r = ask(rt, "cancel my reminder to call mom")
    assert r.success and [x["text"] for x in rt.store.reminders.active()] == ["check the laundry"]
    turn, r = ask(rt, "delete all my reminders")
    assert rt.store.reminders.active() == []


def test_time_already_past_means_tomorrow(rt, clock):
    ask(rt, "remind me to stretch at 8 am")   # clock is 9:00
    due = _dt.datetime.fromisoformat(rt.store.reminders.active()[0]["due_at"])
    assert due.date() == clock.now.date() + _dt.timedelta(days=1) and due.hour == 8


def test_tomorrow_is_honoured(rt, clock):
    ask(rt, "remind me to call mom tomorrow at 3 pm")
    due = _dt.datetime.fromisoformat(rt.store.reminders.active()[0]["due_at"])
    assert due.date() == clock.now.date() + _dt.timedelta(days=1) and due.hour == 15


def test_fires_and_recurring_reschedules(rt, clock, events):
    ask(rt, "remind me every day at 10 am to take my medicine")
    ask(rt, "remind me in 15 minutes to flip the chicken")
    svc = rt.services.kept(ReminderService)
    svc.shutdown()                      # drive the checker by hand with the fake clock
    clock.advance(minutes=16)
    svc.tick()
    texts = [e.text for e in events.of("Announcement")]
    assert texts == ["Reminder: flip the chicken."]
    clock.advance(hours=1)
    svc.tick()
    assert events.of("Announcement")[-1].text == "Reminder: take your medicine."    # said back to the user
    rows = rt.store.reminders.active()
    assert [r["text"] for r in rows] == ["take my medicine"]      # one-off is done, daily goes on
    nxt = _dt.datetime.fromisoformat(rows[0]["due_at"])
    assert nxt.date() == clock.now.date() + _dt.timedelta(days=1) and nxt.hour == 10
    svc.tick()
    assert len(events.of("Announcement")) == 2                    # never twice


def test_snooze_last_fired(rt, clock, events):
    ask(rt, "remind me in 5 minutes to check the oven")
    svc = rt.services.kept(ReminderService)
    svc.shutdown()
    clock.advance(minutes=6)
    svc.tick()
    turn, r = ask(rt, "snooze for 10 minutes")
    assert r.success and "check the oven" in turn.spoken and "10 minutes" in turn.spoken
    due = _dt.datetime.fromisoformat(rt.store.reminders.active()[0]["due_at"])
    assert due == clock.now + _dt.timedelta(minutes=10)


def test_real_thread_fires(rt, events):
    rt.store.reminders.add("drink water", _dt.datetime.now().astimezone() + _dt.timedelta(seconds=1))
    from commands._background import reminder_service
    reminder_service(rt.services).ensure_running()
    got = events.wait_for("Announcement", timeout=8)
    assert got and got[0].text == "Reminder: drink water." and got[0].source == "reminder"


def test_reminder_survives_restart(make_runtime):
    first = make_runtime()
    ask(first, "remind me to water the plants at 11:30 pm")
    first.close()
    second = make_runtime()
    turn, _ = ask(second, "list my reminders")
    assert "water the plants" in turn.spoken


@pytest.mark.parametrize("said,args,due", [
    ("remind me on june 3rd at 5 pm to call mom", {"text": "call mom", "time": "17:00"}, (2025, 6, 3, 17, 0)),
    ("remind me to pay the rent on the first of april", {"text": "pay the rent on the first of april"}, (2025, 4, 1, 9, 0)),
    ("remind me next friday at 9 am to call the bank", {"text": "call the bank", "time": "09:00"}, (2025, 3, 14, 9, 0)),
    ("remind me the day after tomorrow to water the plants", {"text": "water the plants"}, (2025, 3, 6, 9, 0)),
])
def test_a_reminder_on_a_date_rings_on_that_date(rt, clock, said, args, due):
    """"remind me on june 3rd at 5 pm" rang today at 5 PM (the date was not read); "on the first of
    april" without a time asked when. A date without a time rings at 9 AM."""
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call({"action": "set", **args}, said)
    r = reminder.execute(RequestInformation(said), **out)
    assert r.success, r.message
    row = rt.store.reminders.active()[0]
    got = _dt.datetime.fromisoformat(row["due_at"])
    assert (got.year, got.month, got.day, got.hour, got.minute) == due
    assert "first of april" not in row["text"]


def test_an_alarm_the_model_wrote_as_wake_me_up_is_the_alarm(rt, clock):
    """The model wrote the text "wake me up at 6:30 on the first of december": it was said back as
    "I'll remind you to wake you up at 6:30 on ..."; it is the wake-up alarm, on that day."""
    reminder = rt.registry.get("reminder")
    said = "wake me up at 6:30 on the first of april"
    out = reminder.post_process_tool_call({"action": "set", "text": "wake me up at 6:30 on the first of april",
                                           "time": "06:30"}, said)
    assert out == {"action": "set", "text": "wake up", "time": "06:30"}
    r = reminder.execute(RequestInformation(said), **out)
    assert r.success and r.message == "OK, your wake-up alarm is set for April 1 at 6:30 AM.", r.message
    # what to be woken for stays a reminder
    out = reminder.post_process_tool_call({"action": "set", "text": "wake me up to feed the baby"},
                                          "wake me up at 3 am to feed the baby")
    assert out["text"] == "wake me up to feed the baby"


def test_a_list_for_a_named_day_says_that_days_reminders(rt, clock):
    """"what's on my calendar for the 2nd of december" listed every reminder; now the ones that ring
    that day (a recurring one on each day it repeats), or that there are none."""
    reminder = rt.registry.get("reminder")
    for said, args in (("remind me on friday at 5 pm to call mom", {"text": "call mom", "time": "17:00"}),
                       ("remind me every day at 8 am to take my pills",
                        {"text": "take my pills", "time": "08:00", "recurrence": "daily"}),
                       ("remind me on the 20th of march at 10 am to renew the car tax",
                        {"text": "renew the car tax", "time": "10:00"})):
        out = reminder.post_process_tool_call({"action": "set", **args}, said)
        assert reminder.execute(RequestInformation(said), **out).success

    def listed(said: str) -> str:
        return reminder.execute(RequestInformation(said), action="list").message

    assert listed("what do i have on friday") == \
        "On Friday, March 7 you have 2 reminders: take your pills at 8 AM; call mom at 5 PM."
    assert listed("what's on my calendar for the 20th of march") == \
        "On Thursday, March 20 you have 2 reminders: take your pills at 8 AM; renew the car tax at 10 AM."
    assert listed("any reminders tomorrow") == "Tomorrow you have one reminder: take your pills at 8 AM."
    assert listed("what reminders do i have").startswith("You have 3 reminders: ")
    assert reminder.execute(RequestInformation("delete the pills reminder"), action="delete", text="pills").success
    assert listed("what have i got on the 25th of march") == \
        "You have nothing on Tuesday, March 25 (2 reminders on other days)."


def test_a_list_for_a_week_or_a_weekend_says_the_reminders_in_it(rt, clock):
    """"what's my schedule for next week" listed every reminder, this week's too, and "am i busy this
    weekend" only Saturday's. Today is Tuesday, March 4; weeks begin on Monday."""
    reminder = rt.registry.get("reminder")
    for said, args in (("remind me on friday at 5 pm to call mom", {"text": "call mom", "time": "17:00"}),
                       ("remind me every weekday at 8 am to take my pills",
                        {"text": "take my pills", "time": "08:00", "recurrence": "weekdays"}),
                       ("remind me on sunday at 10 am to water the garden", {"text": "water the garden", "time": "10:00"}),
                       ("remind me on the 12th of march at 9 am to renew the car tax",
                        {"text": "renew the car tax", "time": "09:00"})):
        out = reminder.post_process_tool_call({"action": "set", **args}, said)
        assert reminder.execute(RequestInformation(said), **out).success

    def listed(said: str) -> str:
        return reminder.execute(RequestInformation(said), action="list").message

    assert listed("what does my week look like") == listed("what have i got this week")
    assert listed("what have i got this week") == ("This week you have 3 reminders: take your pills every weekday "
                                                   "at 8 AM; call mom on Friday, March 7 at 5 PM; water the garden "
                                                   "on Sunday, March 9 at 10 AM.")
    assert listed("am i busy this weekend") == "This weekend you have one reminder: water the garden on Sunday, March 9 at 10 AM."
    assert listed("what's my schedule for next week") == ("Next week you have 2 reminders: take your pills every weekday "
                                                          "at 8 AM; renew the car tax on Wednesday, March 12 at 9 AM.")
    assert listed("anything on next weekend") == "You have nothing next weekend (4 reminders at other times)."
    assert listed("what reminders do i have").startswith("You have 4 reminders: ")


@pytest.mark.parametrize("said,args,text,spoken", [
    ("set an alarm for 7 am called gym", {"text": "set an alarm for 7 am called gym", "time": "07:00"},
     "gym alarm", "OK, your gym alarm is set for tomorrow at 7 AM."),
    ("set a reminder for 4 pm that says call the vet", {"text": "says call the vet", "time": "16:00"},
     "call the vet", "OK, I'll remind you to call the vet at 4 PM."),
    ("add a reminder for the meeting at 10 pm", {"text": "meeting", "time": "22:00"},
     "meeting", "OK, I'll remind you about the meeting at 10 PM."),
    ("remind me at 11 am that the laundry is done", {"text": "the laundry is done", "time": "11:00"},
     "the laundry is done", "OK, I'll remind you that the laundry is done at 11 AM."),
])
def test_what_a_reminder_is_called_and_how_it_is_said_back(rt, clock, said, args, text, spoken):
    """The model copied the request into the text ("... to set an alarm for 7 am called gym"), kept
    "says" of "that says", and the reply said "remind you to meeting", "remind you to the laundry is done"."""
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call({"action": "set", **args}, said)
    assert out["text"] == text
    r = reminder.execute(RequestInformation(said), **out)
    assert r.success and r.message == spoken


@pytest.mark.parametrize("said,args,expected", [
    ("set a daily alarm for 6", {"text": "set a daily alarm for 6", "time": "18:00", "recurrence": "daily"},
     {"text": "alarm", "time": "06:00", "recurrence": "daily"}),
    ("i need an alarm for 6 every day", {"text": "i need an alarm", "time": "18:00"},
     {"text": "alarm", "time": "06:00", "recurrence": "daily"}),
    ("i want a weekday alarm at 6:30", {"text": "weekday alarm", "time": "06:30"},
     {"text": "alarm", "time": "06:30", "recurrence": "weekdays"}),
    ("wake me up at 6 monday to friday", {"text": "wake up", "time": "06:00"},
     {"text": "wake up", "time": "06:00", "recurrence": "weekdays"}),
    ("set an alarm for 5 called gym", {"text": "gym", "time": "17:00"}, {"text": "gym alarm", "time": "05:00"}),
    ("set my morning alarm for 7", {"text": "morning alarm", "time": "19:00"}, {"text": "morning alarm", "time": "07:00"}),
    ("remind me at 5 to call mom", {"text": "call mom", "time": "05:00"}, {"text": "call mom", "time": "17:00"}),
])
def test_an_alarm_is_an_alarm_however_it_is_said(rt, said, args, expected):
    """An alarm said with how often it rings ("a daily alarm", "a weekday alarm") or with a name is an
    alarm: its text is not the request, and a bare hour is the hour as said (alarms ring in the
    morning); a reminder to do something "at 5" is still 5 PM."""
    out = rt.registry.get("reminder").post_process_tool_call({"action": "set", **args}, said)
    assert out == {"action": "set", **expected}


def test_a_reminder_is_moved_to_a_new_time_or_day_and_keeps_the_rest(rt, clock):
    """Moving used to make a second reminder whose text was the request ("move my dentist reminder to
    4 pm"). A time alone keeps the day it had, a day alone keeps the time; an alarm's hour is as said."""
    def due():
        return {r["text"]: _dt.datetime.fromisoformat(r["due_at"]) for r in rt.store.reminders.active()}
    ask(rt, "remind me to go to the dentist tomorrow at 3 pm")
    turn, r = ask(rt, "move my dentist reminder to 4 pm")
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == "OK, I'll remind you to go to the dentist tomorrow at 4 PM instead."
    assert due() == {"go to the dentist": _dt.datetime(2025, 3, 5, 16, 0, tzinfo=_dt.timezone.utc)}
    turn, r = ask(rt, "move my dentist appointment to friday")
    assert due()["go to the dentist"] == _dt.datetime(2025, 3, 7, 16, 0, tzinfo=_dt.timezone.utc)
    ask(rt, "set an alarm for 6 am")
    turn, r = ask(rt, "change my alarm to 7")
    assert turn.spoken == "OK, your alarm is now set for tomorrow at 7 AM."
    assert due()["alarm"] == _dt.datetime(2025, 3, 5, 7, 0, tzinfo=_dt.timezone.utc) and len(due()) == 2
    turn, r = ask(rt, "move my yoga reminder to 5")
    assert not r.success and turn.spoken == "I can't find a reminder about yoga." and len(due()) == 2
    # the model copied the request into the text: the reminder is found by the words it was named by
    reminder = rt.registry.get("reminder")
    assert reminder.post_process_tool_call({"action": "move", "text": "push the bins reminder to tuesday", "time": "09:00"},
                                           "push the bins reminder to tuesday") == {"action": "move", "text": "bins"}


@pytest.mark.parametrize("said, model, text, gap, spoken", [
    ("remind me to stretch every hour", {"text": "stretch", "time": "09:00"}, "stretch", 60,
     "OK, I'll remind you to stretch every hour, starting at 10 AM."),
    ("remind me to drink water every 30 minutes", {"text": "drink water", "time": "00:30"}, "drink water", 30,
     "OK, I'll remind you to drink water every 30 minutes, starting at 9:30 AM."),
    ("remind me to water the plants every 2 hours", {"text": "water the plants every 2 hours", "time": "2 hours",
                                                     "recurrence": "hourly"}, "water the plants", 120,
     "OK, I'll remind you to water the plants every 2 hours, starting at 11 AM."),
    ("hourly reminder to check the oven", {"text": "check the oven"}, "check the oven", 60,
     "OK, I'll remind you to check the oven every hour, starting at 10 AM."),
    ("remind me every hour and a half to move", {"text": "move", "relative_minutes": 90}, "move", 90,
     "OK, I'll remind you to move every 1 hour and 30 minutes, starting at 10:30 AM."),
])
def test_a_repeat_more_often_than_daily_rings_that_often(rt, clock, events, said, model, text, gap, spoken):
    """"remind me to water the plants every 2 hours" was asked about ("When should I remind you?", the
    model had written the time "2 hours"), and before that it was a one-off: it rings every 2 hours,
    the first one gap from now (the clock is at 9:00), and goes on after each ring."""
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call({"action": "set", **model}, said)
    assert out["recurrence"] == "hourly" and out["every_minutes"] == gap and out["text"] == text
    r = reminder.execute(RequestInformation(said), **out)
    assert r.success and r.message == spoken
    [row] = rt.store.reminders.active()
    assert row["recurrence"] == f"every {gap} minutes"
    svc = rt.services.kept(ReminderService)
    svc.shutdown()
    for ring in (1, 2):
        clock.advance(minutes=gap)
        svc.tick()
        assert len(events.of("Announcement")) == ring
    [row] = rt.store.reminders.active()
    assert _dt.datetime.fromisoformat(row["due_at"]) == clock.now.replace(second=0, microsecond=0) + _dt.timedelta(minutes=gap)
    turn, _ = ask(rt, "what reminders do i have")
    assert "every " in turn.spoken and ", next at " in turn.spoken


def test_a_repeat_from_a_clock_time_starts_then(rt, clock):
    reminder = rt.registry.get("reminder")
    said = "every 2 hours from 11 am remind me to take a break"
    out = reminder.post_process_tool_call({"action": "set", "text": "take a break", "time": "11:00"}, said)
    r = reminder.execute(RequestInformation(said), **out)
    assert r.message == "OK, I'll remind you to take a break every 2 hours, starting at 11 AM."


@pytest.mark.parametrize("said, text, words", [
    ("remind me every few hours to stand up", "stand up",
     "How often should it repeat? Say from every 5 minutes to every 12 hours."),
    ("remind me to blink every minute", "blink",
     "I can repeat a reminder from every 5 minutes to every 12 hours, or every day."),
])
def test_a_repeat_without_a_gap_it_can_keep_says_so_and_sets_nothing(rt, clock, said, text, words):
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call({"action": "set", "text": text, "time": "09:00"}, said)
    r = reminder.execute(RequestInformation(said), **out)
    assert not r.success and r.message == words and rt.store.reminders.active() == []


def test_the_gap_between_rings_is_never_the_models():
    """every_minutes is read from the words: the model is not asked for it and its value is dropped."""
    from jarvis_tui.assistant.grounding import ground_arguments
    from commands.reminder import ReminderCommand
    grounded = ground_arguments(ReminderCommand(), {"action": "set", "text": "stretch", "every_minutes": 7},
                                "remind me to stretch every hour")
    assert "every_minutes" not in grounded.arguments


def test_all_deletes_only_what_the_request_names(rt, clock):
    """"turn off all my alarms" deleted every reminder (the vet's too); "all" is the alarms when
    alarms are said, and that day's when a day is said."""
    reminder = rt.registry.get("reminder")
    ask(rt, "remind me to call the vet tomorrow at noon")
    reminder.execute(RequestInformation("remind me to pay rent on friday at 10 am"), action="set", text="pay rent",
                     time="10:00")
    ask(rt, "set an alarm for 6 am")
    ask(rt, "set an alarm for 7 am on friday")
    def texts():
        return sorted(r["text"] for r in rt.store.reminders.active())
    r = reminder.execute(RequestInformation("turn off all my alarms"), action="delete", text="all")
    assert r.message == "Deleted all 2 alarms." and texts() == ["call the vet", "pay rent"]
    r = reminder.execute(RequestInformation("clear all my reminders for tomorrow"), action="delete", text="all")
    assert r.message == "Deleted your reminder for tomorrow." and texts() == ["pay rent"]
    r = reminder.execute(RequestInformation("delete all my alarms"), action="delete", text="all")
    assert r.message == "You have no alarms." and texts() == ["pay rent"]


@pytest.mark.parametrize("model_text", ["all alarms", "all my alarms", "every alarm", "all of them"])
def test_all_in_the_models_words_is_all_and_the_fast_path_claims_it(rt, clock, model_text):
    """"turn off all my alarms" went to the model, whose text "all alarms" was looked for as a name: "I
    can't find a reminder about all alarms"."""
    reminder = rt.registry.get("reminder")
    assert reminder.pre_route("turn off all my alarms").arguments == {"action": "delete", "text": "all"}
    ask(rt, "remind me to call the vet tomorrow at noon")
    ask(rt, "set an alarm for 6 am")
    ask(rt, "set an alarm for 7 am on friday")
    r = reminder.execute(RequestInformation("switch them all off, the alarms"), action="delete", text=model_text)
    assert r.message == "Deleted all 2 alarms."
    assert [row["text"] for row in rt.store.reminders.active()] == ["call the vet"]


def test_set_without_time_asks(rt):
    r = rt.registry.get("reminder").execute(RequestInformation("remind me to call"), action="set", text="call")
    assert r.is_validation_error and "When" in r.message
    r = rt.registry.get("reminder").execute(RequestInformation("x"), action="set", text="x", time="25:99")
    assert r.is_validation_error
    r = rt.registry.get("reminder").execute(RequestInformation("x"), action="set", text="x", time="09:00",
                                            recurrence="hourly")
    assert not r.success and r.message.startswith("How often should it repeat?")


def test_delete_unknown(rt, clock):
    ask(rt, "remind me to call mom at 3 pm")
    turn, r = ask(rt, "delete the dentist reminder")
    assert not r.success and "dentist" in turn.spoken and len(rt.store.reminders.active()) == 1


def test_llm_reminder_text_loses_the_when_words_it_repeats(rt):
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call(
        {"action": "set", "text": "stretch every weekday at 10:30", "time": "10:30", "recurrence": "weekly"},
        "I'd like a reminder to stretch every weekday at 10:30")
    assert out == {"action": "set", "text": "stretch", "time": "10:30", "recurrence": "weekdays"}
    out = reminder.post_process_tool_call({"action": "set", "text": "call the dentist at 3 pm tomorrow"},
                                          "remind me to call the dentist at 3 pm tomorrow")
    assert out["text"] == "call the dentist" and out["time"] == "15:00"
    # a text that is nothing but when-words is no text: what to remind about is asked (it set a
    # reminder "to tomorrow")
    out = reminder.post_process_tool_call({"action": "set", "text": "tomorrow"}, "remind me tomorrow")
    assert "text" not in out
    from jarvis_tui.sdk import RequestInformation
    asked = reminder.execute(RequestInformation("remind me tomorrow"), **out)
    assert not asked.success and "What should I remind you about?" in str(asked.validation_results)


def test_a_reminder_is_said_back_in_the_second_person(rt):
    """"remind me to take my pills" is said back as "take your pills" (stored as said); "6 am" and
    other words stay as they are."""
    turn, r = ask(rt, "remind me to take my pills at 8 pm")
    assert turn.spoken.startswith("OK, I'll remind you to take your pills ") and "8 PM" in turn.spoken
    assert [x["text"] for x in rt.store.reminders.active()] == ["take my pills"]
    turn, r = ask(rt, "what reminders do i have")
    assert "take your pills" in turn.spoken
    from jarvis_tui.sdk.memories import second_person
    assert second_person("I am at the gym at 6 am") == "you are at the gym at 6 am"


def test_asking_for_alarms_when_none_are_set_says_alarms(rt):
    reminder = rt.registry.get("reminder")
    assert reminder.execute(RequestInformation("what time is my alarm set for"), action="list").message == \
        "You have no alarms set."
    assert reminder.execute(RequestInformation("what reminders do i have"), action="list").message == \
        "You have no reminders."


def test_a_reminder_named_by_when_it_rings_is_found(rt, clock):
    """"delete my monday reminder" said "I can't find a reminder about monday"."""
    reminder = rt.registry.get("reminder")
    for said, args in (("remind me every monday at 9 am to take out the bins",
                        {"text": "take out the bins", "time": "09:00", "recurrence": "weekly"}),
                       ("remind me on friday at 5 pm to call mom", {"text": "call mom", "time": "17:00"}),
                       ("set an alarm for 7 am tomorrow", {"text": "alarm", "time": "07:00"})):
        out = reminder.post_process_tool_call({"action": "set", **args}, said)
        assert reminder.execute(RequestInformation(said), **out).success

    def delete(text: str) -> str:
        return reminder.execute(RequestInformation(f"delete {text}"), action="delete", text=text).message

    assert delete("my monday reminder") == "Deleted the reminder to take out the bins."
    assert delete("the 5 pm reminder") == "Deleted the reminder to call mom."
    assert delete("the 7 am alarm") == "Deleted your alarm tomorrow at 7 AM."
    assert delete("my tuesday reminder") == "I can't find a reminder about my tuesday reminder."


def test_a_clock_time_without_am_or_pm_is_the_next_one(rt, clock):
    """"remind me to pick up the kids at 3:30" said at noon rang at 3:30 AM the next day."""
    clock.now = clock.now.replace(hour=12, minute=10)
    reminder = rt.registry.get("reminder")
    said = "can you remind me to pick up the kids at 3:30"
    out = reminder.post_process_tool_call({"action": "set", "text": "pick up the kids", "time": "03:30"}, said)
    r = reminder.execute(RequestInformation(said), **out)
    assert r.success and r.message == "OK, I'll remind you to pick up the kids at 3:30 PM."
    said = "remind me at 3:30 am to feed the baby"                 # said: kept
    out = reminder.post_process_tool_call({"action": "set", "text": "feed the baby", "time": "03:30"}, said)
    assert "tomorrow at 3:30 AM" in reminder.execute(RequestInformation(said), **out).message


def test_the_request_copied_into_the_text_is_taken_off(rt, clock):
    reminder = rt.registry.get("reminder")
    said = "remind me about the dentist next tuesday at 2 pm"
    out = reminder.post_process_tool_call({"action": "set", "text": said, "time": "14:00"}, said)
    assert out["text"] == "the dentist"
    assert reminder.execute(RequestInformation(said), **out).message == \
        "OK, I'll remind you about the dentist on March 11 at 2 PM."
    said = "i need to remember to call the bank on friday morning"
    out = reminder.post_process_tool_call({"action": "set", "text": "call the bank on friday morning"}, said)
    assert out == {"action": "set", "text": "call the bank", "time": "09:00"}


def test_a_reminder_cancelled_as_the_one_about_something(rt, clock):
    """"cancel the washing one" went to the model, which cancelled a timer: "You don't have a washing
    timer." It is the reminder when exactly one is about it; a timer of that name is the timer's."""
    ask(rt, "remind me in 20 minutes to check the washing")
    ask(rt, "remind me at 6 pm to call mom")
    ask(rt, "set a pasta timer for 10 minutes")
    reminder = rt.registry.get("reminder")
    assert reminder.pre_route("cancel the pasta one") is None
    assert reminder.pre_route("delete the dentist one") is None
    turn, _ = ask(rt, "cancel the washing one")
    assert turn.route == "pre_route" and turn.spoken == "Deleted the reminder to check the washing."
    assert [r["text"] for r in rt.store.reminders.active()] == ["call mom"]
    assert [t["label"] for t in rt.store.timers.running()] == ["pasta"]


@pytest.mark.parametrize("said, spoken", [
    ("remind me every 30 minutes to drink some water",
     "OK, I'll remind you to drink some water every 30 minutes, starting at 9:30 AM."),
    ("set an hourly reminder to stretch", "OK, I'll remind you to stretch every hour, starting at 10 AM."),
    ("remind me to check the bread every 20 mins", "OK, I'll remind you to check the bread every 20 minutes, starting at 9:20 AM."),
])
def test_a_repeat_more_often_than_daily_is_claimed_without_the_model(rt, clock, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == spoken


def test_the_next_one_is_told_with_how_long_until_it(rt, clock):
    """"how long until my next alarm" read the whole list ("You have one alarm: every weekday at 7 AM."),
    with no when: the one that rings first, when, and how long until then (the clock: Tuesday 9 AM)."""
    turn, _ = ask(rt, "how long until my alarm goes off")
    assert turn.route == "pre_route" and turn.spoken == "You have no alarms set."
    ask(rt, "set an alarm for every weekday at 7")
    turn, _ = ask(rt, "how long until my next alarm")
    assert turn.route == "pre_route" and turn.spoken == "Your next alarm rings tomorrow at 7 AM, in 22 hours."
    ask(rt, "remind me to call the bank at 4 pm")
    for said in ("when's my next reminder", "how long till my next reminder"):
        turn, _ = ask(rt, said)
        assert turn.spoken == "Your next reminder is to call the bank, at 4 PM, in 7 hours."
    turn, _ = ask(rt, "when does my alarm go off")
    assert turn.spoken == "Your next alarm rings tomorrow at 7 AM, in 22 hours."
    clock.advance(hours=6, minutes=59, seconds=30)
    turn, _ = ask(rt, "when's my next reminder")
    assert turn.spoken == "Your next reminder is to call the bank, at 4 PM, in less than a minute."


def test_how_long_until_is_said_as_people_say_it():
    from jarvis_tui.sdk.text import say_while
    assert [say_while(s) for s in (20, 90, 3600 * 5 + 1790, 86400 * 2 + 3600 * 10 + 60, 86400)] == \
        ["less than a minute", "2 minutes", "5 hours and 30 minutes", "2 days and 10 hours", "1 day"]
