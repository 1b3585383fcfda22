"""get_current_time: one part of the calendar ("what year is it" was told the time), and days counted to,
from or between dates ("how many days between today and march 1st" was told today's date). Today is the
FakeClock's Tuesday, March 4, 2025. A date said without a year that has passed is the next one when the
question looks forward and the last one when it looks back; a personal date is never guessed."""
from __future__ import annotations

import datetime as _dt

import pytest

from command_helpers import ask
from jarvis_tui.sdk import RequestInformation


def run(rt, text, **args):
    return rt.registry.get("get_current_time").execute(RequestInformation(text), **args)


@pytest.mark.parametrize("said,spoken", [
    ("what year are we in", "It's 2025."),
    ("Which month is it?", "It's March 2025."),
    ("what's the date of the month", "It's the 4th of March."),
    ("what season are we in", "It's spring in the northern hemisphere (March to May)."),
    ("is it still winter", "No, it's spring in the northern hemisphere (March to May)."),
    ("is it a leap year", "No, 2025 is not a leap year; the next one is 2028."),
    ("was 2000 a leap year", "Yes, 2000 was a leap year."),
    ("will 2100 be a leap year", "No, 2100 will not be a leap year; the next one is 2104."),
    ("when's the next leap year", "The next leap year is 2028."),
    ("how many days are left in this month", "There are 27 days left this month, after today."),
    ("how many days are left this week", "There are 5 days left this week, after today."),
    ("how many days does june have", "June 2025 has 30 days."),
    ("how many days are there in february 2028", "February 2028 has 29 days."),
    ("how many days in february", "February has 28 days in 2025 (29 in a leap year)."),
])
def test_one_part_of_the_calendar(rt, clock, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["get_current_time"]
    assert turn.spoken == spoken


@pytest.mark.parametrize("said,spoken", [
    ("how many days until the 15th of may", "That's in 72 days (about 10 weeks), on Thursday, May 15, 2025."),
    ("how many days till march 1st", "That's in 362 days (about 52 weeks), on Sunday, March 1, 2026."),    # passed: the next
    ("how many days since march 10th", "That was 359 days (about 51 weeks) ago, on Sunday, March 10, 2024."),  # the last
    ("how long ago was the 3rd of february", "That was 29 days (about 4 weeks) ago, on Monday, February 3, 2025."),
    ("how many weeks until june", "The start of June is in 12 weeks and 5 days, on Sunday, June 1, 2025."),
    ("how many days till new year's eve", "New Year's Eve is in 302 days (about 43 weeks), on Wednesday, December 31, 2025."),
    ("how many days until valentine's day", "Valentine's Day is in 347 days (about 50 weeks), on Saturday, February 14, 2026."),
    ("how many weeks until independence day", "Independence Day is in 17 weeks and 3 days, on Friday, July 4, 2025."),
    ("how many days between march 1st and april 10th", "There are 40 days (about 6 weeks) between March 1 and April 10, 2025."),
    ("how many days between today and march 1st", "There are 362 days (about 52 weeks) between today and March 1, 2026."),
    ("how many weeks between christmas and new year's day", "There is 1 week between December 25, 2025 and January 1, 2026."),
    ("count the days from the 2nd of june to june 30th", "There are 28 days (about 4 weeks) between June 2 and June 30, 2025."),
    ("what's the number of weeks between the 1st of may and the 30th of june",     # split in two at "and"
     "There are 8 weeks and 4 days between May 1 and June 30, 2025."),
    ("count how many days there are from christmas to new year's day please",
     "There are 7 days between December 25, 2025 and January 1, 2026."),
])
def test_days_counted_to_from_or_between_dates(rt, clock, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["get_current_time"]
    assert turn.spoken == spoken


@pytest.mark.parametrize("said,spoken", [
    ("what year is it", "It's 2025."),                                   # it said the time
    ("how many days between today and march 1st",                       # it said today's date
     "There are 362 days (about 52 weeks) between today and March 1, 2026."),
    ("so how many days are remaining in the month then", "There are 27 days left this month, after today."),
    ("is it a leap year next year", "No, 2026 will not be a leap year; the next one is 2028."),
    ("tell me whether 2030 is a leap year", "No, 2030 will not be a leap year; the next one is 2032."),   # said the time
])
def test_the_same_questions_sent_by_the_router_or_the_model(rt, clock, said, spoken):
    assert run(rt, said).message == spoken


def test_the_calendar_of_another_day(rt, clock):
    clock.now = _dt.datetime(2028, 12, 4, 9, 0, tzinfo=_dt.timezone.utc)
    assert run(rt, "what season is it").message == "It's winter in the northern hemisphere (December to February)."
    assert run(rt, "is this a leap year").message == "Yes, 2028 is a leap year."
    assert run(rt, "how many days are there in february").message == "February has 29 days in 2028, a leap year."
    assert run(rt, "how many days since the start of the year").message == \
        "The start of 2028 was 338 days (about 48 weeks) ago, on Saturday, January 1, 2028."


def test_a_personal_or_unknown_date_is_not_guessed(rt, clock):
    assert run(rt, "how many days until my anniversary").message.startswith("I don't know when your anniversary is.")
    assert run(rt, "how many days until diwali").message.startswith("I don't know when diwali is.")
    assert run(rt, "how many days since my last haircut").message.startswith("I don't know when your last haircut was.")
    ask(rt, "remember my last haircut was on february 12th")
    assert run(rt, "how many days since my last haircut").message == \
        "Your last haircut was 20 days (about 3 weeks) ago, on Wednesday, February 12, 2025."


@pytest.mark.parametrize("said", [
    "remind me in 3 days", "set a timer for 10 days", "what's the weather on march 1st",
    "how many days is a 72 hour trip", "what's 365 divided by 7", "how many days in 3 weeks",
    "how long until the pasta is done", "how many days between my flights", "how long is it from london to paris",
    "what year was the eiffel tower built", "is it a good year for wine", "how many days until my birthday",
])
def test_other_requests_are_not_claimed(rt, said):
    assert rt.registry.get("get_current_time").pre_route(said) is None
