"""sdk.text.find_date: the calendar date a request names, in the ways people say dates."""
from __future__ import annotations

import datetime as _dt

import pytest

from jarvis_tui.sdk.text import find_date

TODAY = _dt.date(2026, 11, 25)          # a Wednesday


@pytest.mark.parametrize("text,when,words", [
    ("which day of the week is the fourth of july", (2027, 7, 4), "the fourth of july"),
    ("is the twenty third of may a sunday", (2027, 5, 23), "the twenty third of may"),
    ("remind me on june 3rd at 5 pm to call mom", (2027, 6, 3), "june 3rd"),
    ("what day of the week is december 25", (2026, 12, 25), "december 25"),
    ("december the thirty first 2030", (2030, 12, 31), "december the thirty first 2030"),
    ("march three", (2027, 3, 3), "march three"),
    ("remind me on the 3rd of december to pay the rent", (2026, 12, 3), "the 3rd of december"),
    ("what's on the 5th", (2026, 12, 5), "on the 5th"),              # the 5th of this month is past: next month's
    ("when is the 28th", (2026, 11, 28), "the 28th"),
    ("is the 1st of next month a sunday", (2026, 12, 1), "the 1st of next month"),
    ("how many days until christmas", (2026, 12, 25), "christmas"),
    ("what day is new years eve", (2026, 12, 31), "new years eve"),
    ("how many weeks until new year", (2027, 1, 1), "new year"),         # said without "'s day"
    ("when is valentines", (2027, 2, 14), "valentines"),
    ("when is presidents day", (2027, 2, 15), "presidents day"),         # the third Monday of February
    ("when is thanksgiving", (2026, 11, 26), "thanksgiving"),            # the fourth Thursday of November
    ("when's labor day", (2027, 9, 6), "labor day"),                     # this year's is past
    ("memorial day 2027", (2027, 5, 31), "memorial day 2027"),           # the last Monday of May
    ("when is easter next year", (2027, 3, 28), "easter next year"),
    ("how long until the weekend", (2026, 11, 28), "the weekend"),      # its Saturday
    ("remind me next weekend", (2026, 12, 5), "next weekend"),
    ("what date is next friday", (2026, 12, 4), "next friday"),         # the Friday of next week
    ("what's the date on saturday", (2026, 11, 28), "on saturday"),
    ("what was the date last tuesday", (2026, 11, 24), "last tuesday"),
    ("is tomorrow a monday", (2026, 11, 26), "tomorrow"),               # "a monday" is what is asked
    ("what's the date the day after tomorrow", (2026, 11, 27), "the day after tomorrow"),
    ("what day will it be in three days", (2026, 11, 28), "in three days"),
    ("what date is it in two weeks", (2026, 12, 9), "in two weeks"),
    ("what day was it 10 days ago", (2026, 11, 15), "10 days ago"),
    ("in a month", (2026, 12, 25), "in a month"),
    ("how many days are left until the end of the year", (2026, 12, 31), "the end of the year"),
    ("when is the last day of the month", (2026, 11, 30), "the last day of the month"),
])
def test_dates_as_people_say_them(text, when, words):
    found = find_date(text, TODAY)
    assert found is not None and (found.when, found.words) == (_dt.date(*when), words)


@pytest.mark.parametrize("text,when", [
    # a year said in words after the date was left out: "the first of january two thousand" was 2027's
    ("what day was the first of january two thousand", (2000, 1, 1)),
    ("the first of january nineteen ninety nine", (1999, 1, 1)),
    ("march 3rd twenty twenty five", (2025, 3, 3)),
    ("on the 4th of july two thousand and five", (2005, 7, 4)),
    ("the twenty seventh of march two thousand seventeen", (2017, 3, 27)),
    ("the first of may nineteen oh five", (1905, 5, 1)),
    ("june 2, twenty ten", (2010, 6, 2)),
    # number words after a date that are no year
    ("remind me on march 3rd twenty minutes before", (2027, 3, 3)),
    ("on the 3rd of december twenty five people are coming", (2026, 12, 3)),
])
def test_a_year_said_in_words(text, when):
    found = find_date(text, TODAY)
    assert found is not None and found.when == _dt.date(*when)


@pytest.mark.parametrize("text", [
    "set a timer for 3 minutes", "what time is it", "remind me in 2 hours", "delete the first reminder",
    "is the 31st of june a monday", "remind me every friday to water the plants", "is it friday",
    "add may to the list of names", "how many days in february 2028",
])
def test_no_date_is_read_where_none_is_said(text):
    assert find_date(text, TODAY) is None


def test_a_date_without_a_year_is_the_next_one_or_with_past_the_last_one():
    assert find_date("how long since halloween", TODAY, past=True).when == _dt.date(2026, 10, 31)
    assert find_date("how long until halloween", TODAY).when == _dt.date(2027, 10, 31)
    assert find_date("what day was christmas", TODAY, past=True).when == _dt.date(2025, 12, 25)


@pytest.mark.parametrize("text,when,words", [
    ("what's the date a week from friday", _dt.date(2026, 12, 4), "a week from friday"),
    ("three days after christmas", _dt.date(2026, 12, 28), "three days after christmas"),
    ("two days before new year's eve", _dt.date(2026, 12, 29), "two days before new year's eve"),
    ("a week from tomorrow", _dt.date(2026, 12, 3), "a week from tomorrow"),
])
def test_days_counted_from_a_date(text, when, words):
    """"what's the date a week from friday" was answered with Friday itself."""
    found = find_date(text, _dt.date(2026, 11, 25))
    assert found is not None and (found.when, found.words) == (when, words)


@pytest.mark.parametrize("said,start,end", [
    ("what have i got this week", (11, 26), (11, 29)),           # today (a Thursday) to Sunday
    ("what's my schedule for next week", (11, 30), (12, 6)),    # weeks begin on Monday
    ("am i busy this weekend", (11, 28), (11, 29)),
    ("anything on the weekend", (11, 28), (11, 29)),
    ("what about next weekend", (12, 5), (12, 6)),
    ("what's on for the rest of the week", (11, 26), (11, 29)),
    ("anything this month", (11, 26), (11, 30)),
    ("what do i have next month", (12, 1), (12, 31)),
])
def test_a_stretch_of_days_is_found_from_today_on(said, start, end):
    import datetime as dt
    from jarvis_tui.sdk.text import find_period
    found = find_period(said, dt.date(2026, 11, 26))
    assert (found.start, found.end) == (dt.date(2026, *start), dt.date(2026, *end))


@pytest.mark.parametrize("said", ["next friday", "a week from friday", "the week after next", "in a week",
                                  "what month is it", "remind me every week"])
def test_one_day_or_no_stretch_is_no_period(said):
    import datetime as dt
    from jarvis_tui.sdk.text import find_period
    assert find_period(said, dt.date(2026, 11, 26)) is None


@pytest.mark.parametrize("said,start,end", [
    ("what's on my calendar in may", (2027, 5, 1), (2027, 5, 31)),       # the next May
    ("am i busy in december", (2026, 12, 1), (2026, 12, 31)),
    ("anything in november", (2026, 11, 26), (2026, 11, 30)),             # this month: from today
])
def test_a_month_said_by_name_is_that_month(said, start, end):
    import datetime as dt
    from jarvis_tui.sdk.text import find_period
    found = find_period(said, dt.date(2026, 11, 26))
    assert found is not None and (found.start, found.end) == (dt.date(*start), dt.date(*end))


@pytest.mark.parametrize("said", ["it may rain later", "in may the 3rd", "what's on in may 3rd", "on may twenty first",
                                  "what have i got on the 3rd of may"])
def test_a_month_with_its_day_or_may_the_verb_is_no_period(said):
    import datetime as dt
    from jarvis_tui.sdk.text import find_period
    assert find_period(said, dt.date(2026, 11, 26)) is None
