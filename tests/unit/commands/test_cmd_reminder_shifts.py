"""Moving a reminder or an alarm by an amount: "push it back 10 minutes" after "what reminders do i
have" set a new reminder whose text was the request and asked when. A shift moves the reminder just
set (or the only one, or the one named) by that much, and the reply says the new time; right after a
reminder rang it rings again that much from now, as "snooze it" does."""
from __future__ import annotations

import datetime as _dt

import pytest

from command_helpers import ask
from commands._background import ReminderService


def _due(rt) -> dict[str, _dt.datetime]:
    return {r["text"]: _dt.datetime.fromisoformat(r["due_at"]) for r in rt.store.reminders.active()}


def _at(hour: int, minute: int, day: int = 4) -> _dt.datetime:
    return _dt.datetime(2025, 3, day, hour, minute, tzinfo=_dt.timezone.utc)


def test_push_it_back_moves_the_reminder_just_listed(rt, clock):
    ask(rt, "remind me in 20 minutes to take the laundry out")
    ask(rt, "what reminders do i have")
    turn, r = ask(rt, "push it back 10 minutes")
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == "OK, I'll remind you to take the laundry out 10 minutes later, at 9:30 AM."
    assert _due(rt) == {"take the laundry out": _at(9, 30)}


@pytest.mark.parametrize("said,minutes", [
    ("push it back 10 minutes", 10), ("move it 15 minutes later", 15), ("make it half an hour earlier", -30),
    ("postpone it by an hour", 60), ("can you push that back by five minutes", 5), ("bump it back half an hour", 30),
    ("could you delay it by 5 minutes", 5), ("actually make that reminder 20 minutes earlier", -20),
    ("bring it forward a quarter of an hour", -15),
])
def test_it_is_moved_by_the_amount_said(rt, clock, said, minutes):
    ask(rt, "remind me to call the plumber at 4 pm")
    turn, r = ask(rt, said)
    assert r.success and turn.tool_calls[0].arguments.get("shift_minutes") == minutes, turn.spoken
    assert _due(rt) == {"call the plumber": _at(16, 0) + _dt.timedelta(minutes=minutes)}
    assert ("later" if minutes > 0 else "earlier") in turn.spoken


@pytest.mark.parametrize("said,text,due", [
    ("bring the dentist reminder forward an hour", "go to the dentist", _at(14, 0, day=5)),
    ("shift the dentist appointment an hour later", "go to the dentist", _at(16, 0, day=5)),
    ("put the dentist reminder off by 15 minutes", "go to the dentist", _at(15, 15, day=5)),
    ("delay my alarm by 10 minutes", "alarm", _at(7, 10, day=5)),
    ("set my alarm 10 minutes earlier", "alarm", _at(6, 50, day=5)),
    ("push back my alarm by 20 minutes", "alarm", _at(7, 20, day=5)),
    ("move the alarm forward by 15 minutes", "alarm", _at(6, 45, day=5)),
])
def test_the_reminder_named_is_moved_and_the_others_stay(rt, clock, said, text, due):
    ask(rt, "remind me to go to the dentist tomorrow at 3 pm")
    ask(rt, "set an alarm for 7 am")
    before = _due(rt)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success, turn.spoken
    assert _due(rt) == {**before, text: due}


def test_an_alarm_reply_says_its_new_time(rt, clock):
    ask(rt, "set an alarm for 7 am")
    turn, r = ask(rt, "delay my alarm by 10 minutes")
    assert turn.spoken == "OK, your alarm is now 10 minutes later, tomorrow at 7:10 AM."


def test_earlier_than_now_changes_nothing(rt, clock):
    ask(rt, "remind me in 20 minutes to take the laundry out")
    turn, r = ask(rt, "make it half an hour earlier")
    assert not r.success and "past" in turn.spoken
    assert _due(rt) == {"take the laundry out": _at(9, 20)}


def test_pushing_back_a_reminder_that_just_rang_rings_it_again_that_much_from_now(rt, clock, events):
    ask(rt, "remind me in 5 minutes to check the oven")
    svc = rt.services.kept(ReminderService)
    svc.shutdown()
    clock.advance(minutes=6)
    svc.tick()
    assert rt.store.reminders.active() == []
    turn, r = ask(rt, "push it back 10 minutes")
    assert r.success and "check the oven" in turn.spoken and "in 10 minutes" in turn.spoken
    assert _due(rt) == {"check the oven": clock.now + _dt.timedelta(minutes=10)}


def test_snooze_before_it_rings_moves_it_after_its_time(rt, clock):
    ask(rt, "remind me in 5 minutes to check the oven")
    turn, r = ask(rt, "snooze it for 5 minutes")
    assert r.success and turn.spoken == "Snoozed. I'll remind you to check the oven at 9:10 AM."
    assert _due(rt) == {"check the oven": _at(9, 10)}


@pytest.mark.parametrize("said", ["snooze it for five minutes", "snooze for five minutes"])
def test_a_snooze_length_in_words_is_its_length_not_a_reminders_name(rt, clock, said):
    """"snooze it for ten minutes" was a snooze of the reminder named "ten minutes" ("There's no
    reminder to snooze."): a length in words is the snooze's length, as in digits."""
    ask(rt, "remind me in 5 minutes to check the oven")
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].arguments == {"action": "snooze", "relative_minutes": 5}
    assert r.success and turn.spoken == "Snoozed. I'll remind you to check the oven at 9:10 AM."


def test_snooze_right_after_setting_one_that_is_not_about_to_ring_moves_it(rt, clock):
    """"snooze that for 10 minutes" right after a reminder in 20 minutes said "There's no reminder to
    snooze.": only one about to ring (5 minutes) or one that rang counted."""
    ask(rt, "remind me in 20 minutes to check the washing")
    turn, r = ask(rt, "snooze that for 10 minutes")
    assert r.success and turn.spoken == "Snoozed. I'll remind you to check the washing at 9:30 AM."
    assert _due(rt) == {"check the washing": _at(9, 30)}


def test_the_model_reading_a_shift_as_a_new_reminder_is_corrected(rt):
    reminder = rt.registry.get("reminder")
    out = reminder.post_process_tool_call({"action": "set", "text": "push it back 10 minutes"}, "push it back 10 minutes")
    assert out == {"action": "move", "shift_minutes": 10}
    out = reminder.post_process_tool_call({"action": "move", "text": "dentist", "shift_minutes": 30},
                                          "move my dentist reminder to 4 pm")
    assert "shift_minutes" not in out and out["time"] == "16:00"      # an amount the user did not say


@pytest.mark.parametrize("said", ["push it back 10 minutes", "move it 10 minutes", "push the pasta timer back 5 minutes",
                                  "make it 10"])
def test_not_claimed_without_a_reminder_or_a_way(rt, said):
    ask(rt, "set a 10 minute timer for pasta")
    assert rt.registry.get("reminder").pre_route(said) is None


@pytest.mark.parametrize("said", ["what have i got coming up", "what's coming up", "anything coming up today",
                                  "do i have anything coming up"])
def test_what_is_coming_up_lists_the_reminders(rt, clock, said):
    """"what have i got coming up" looked up a memory about "coming up"."""
    ask(rt, "remind me at 6 pm to call grandma")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and "call grandma" in turn.spoken
