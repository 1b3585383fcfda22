"""Questions about time that the time command reads whole by itself go to it before the router: a
clock time converted between places, the time in two places, whether a day named is a given weekday.
Seen: "what time is 9am eastern in london" was ranked below "no command fits" and declined, "convert new
york time to london" declined, "is the twenty third of april a saturday" answered with the reminders
(the model's reminder list, the question as its text). The command claims them only when its own
reading finds the answer; a journey's times ("train times from x to y") stay unclaimed."""
from __future__ import annotations

import datetime as _dt

import pytest

from command_helpers import ask
from commands.get_current_time import _place_label, resolve_place
from jarvis_tui.sdk.text import find_date


@pytest.mark.parametrize("said,spoken", [
    ("what time is 9am eastern in london", "When it's 9 AM Eastern time, it's 2 PM in London."),
    ("please convert nine am cst to est time", "When it's 9 AM CST, it's 10 AM EST."),
    ("so what's 3 pm tokyo time in paris", "When it's 3 PM in Tokyo, it's 7 AM in Paris."),
])
def test_a_clock_time_converted_between_places_is_claimed_and_answered(rt, clock, said, spoken):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "get_current_time", turn.route
    assert turn.spoken == spoken


def test_the_time_in_two_places_is_claimed(rt, clock):
    turn, r = ask(rt, "convert new york time to london")
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == "It's 4 AM in New York and 9 AM in London."      # the clock: 09:00 UTC, in March


@pytest.mark.parametrize("said", ["what are the train times from leeds to york",
                                  "what time does the bus from leeds get to york",
                                  "remind me at 3 pm london time to call mum",
                                  "what time is it"])
def test_what_the_command_cannot_read_whole_is_not_claimed_by_it(rt, said):
    claim = rt.registry.get("get_current_time").pre_route(said)
    if said == "what time is it":       # its own plain fast path claims it
        assert claim is not None
        return
    assert claim is None


def _next(month: int, day: int) -> _dt.date:
    today = _dt.date.today()
    when = _dt.date(today.year, month, day)
    return when if when >= today else _dt.date(today.year + 1, month, day)


def test_is_a_day_a_weekday_is_claimed_and_answered_yes_or_no(rt):
    when = _next(4, 23)
    weekday = when.strftime("%A").lower()
    other = (when + _dt.timedelta(days=1)).strftime("%A").lower()
    turn, _ = ask(rt, f"is the twenty third of april a {weekday}")
    assert turn.route == "pre_route" and turn.spoken.startswith("Yes. "), turn.spoken
    turn, _ = ask(rt, f"is the twenty third of april a {other}")
    assert turn.route == "pre_route" and turn.spoken.startswith("No. "), turn.spoken


def test_a_year_said_at_the_end_is_the_dates_year():
    today = _dt.date(2026, 11, 27)
    assert find_date("is the 3rd of october a sunday this year", today).when == _dt.date(2026, 10, 3)
    assert find_date("was christmas on a friday last year", today).when == _dt.date(2025, 12, 25)
    assert find_date("is may 5th a monday in 2030", today).when == _dt.date(2030, 5, 5)
    # without one, the next; a year inside a name ("this year's taxes") is not the date's
    assert find_date("is the 3rd of october a sunday", today).when == _dt.date(2027, 10, 3)
    assert find_date("remind me on june 5th about this year's taxes", today).when == _dt.date(2027, 6, 5)


@pytest.mark.parametrize("word", ["time", "march", "noon", "morning", "sunday", "weekend"])
def test_words_of_the_calendar_and_the_clock_are_no_city(word):
    # GeoNames has a "Time" (Norway) and a "March" (England): "... when the time in the us is 12 pm" said
    # "in Time" at Oslo's hour
    assert resolve_place(word) is None


def test_a_city_named_like_an_ordinary_word_is_still_a_city():
    assert resolve_place("reading") == ("reading", "Europe/London")


@pytest.mark.parametrize("said,arguments", [("what time is it in the morning in tokyo", {"location": "Tokyo"}),
                                            ("what time is it in the morning", None)])
def test_a_part_of_the_day_is_no_place(rt, said, arguments):
    """"what time is it in the morning" asked the time of a place called "The Morning"."""
    claim = rt.registry.get("get_current_time").pre_route(said)
    assert (claim.arguments if claim else None) == arguments


def test_the_days_just_counted_are_counted_again_in_weeks(rt):
    """"how many weeks is that" after "Christmas is in 28 days" said the time ("It's 5:09 PM.")."""
    command = rt.registry.get("get_current_time")
    assert command.pre_route("how many weeks is that") is None          # no count said before: not claimed
    days = (_next(12, 25) - _dt.date.today()).days
    if days == 0:
        pytest.skip("christmas is today: no count of days to say")
    turn, _ = ask(rt, "how many days till christmas")
    assert turn.route == "pre_route" and f"in {days} day" in turn.spoken
    turn, _ = ask(rt, "how many weeks is that")
    assert turn.route == "pre_route" and " week" in turn.spoken and turn.spoken.startswith("That"), turn.spoken
    turn, _ = ask(rt, "and in days")
    assert turn.route == "pre_route" and f"in {days} day" in turn.spoken


@pytest.mark.parametrize("said, spoken", [
    ("what time will it be in 3 hours", "In 3 hours it'll be 12 PM."),            # the clock: 9 AM
    ("what time is it 45 minutes from now", "In 45 minutes it'll be 9:45 AM."),
    ("what's the time in an hour and a half", "In 1 hour and 30 minutes it'll be 10:30 AM."),
    ("what time will it be in 16 hours", "In 16 hours it'll be 1 AM, tomorrow."),
    ("what time was it two hours ago", "2 hours ago it was 7 AM."),
])
def test_the_clock_some_time_from_now_is_told(rt, clock, said, spoken):
    """"what time will it be in 3 hours" went to the model and was told the time now ("It's 9 PM.")."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "get_current_time"
    assert turn.spoken == spoken


def test_a_place_after_in_is_no_length_of_time(rt, clock):
    assert rt.registry.get("get_current_time").pre_route("what time will it be in tokyo") is None or \
        "it'll be" not in ask(rt, "what time will it be in tokyo")[0].spoken


@pytest.mark.parametrize("said, place", [("what time is it in the uk", "in the UK"),
                                         ("what time is it in the netherlands", "in the Netherlands"),
                                         ("what time is it in the us", "in USA"),
                                         ("what's the time in new york", "in New York")])
def test_a_place_said_with_the_is_said_back_with_it(rt, said, place):
    """"what time is it in the uk" was answered "It's 12:30 AM in UK."; "in the us" asked "Which
    location do you mean: Usa?"."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success and f" {place}" in turn.spoken, turn.spoken


@pytest.mark.parametrize("location, said, label", [
    ("the UK", "", "the UK"), ("UK", "what time is it in the uk", "the UK"), ("uk", "what time is it in uk", "UK"),
    ("the us", "", "the USA"), ("netherlands", "time in the netherlands please", "the Netherlands"),
    ("new york", "what's the time in new york", "New York"),
])
def test_the_is_written_the_same_whether_the_location_or_the_words_hold_it(location, said, label):
    assert _place_label(location, said) == label
