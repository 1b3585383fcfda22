""""how many days until then" right after an answer about a day ("what day is christmas this year")
was "I don't know when then is. Tell me ("remember that then is on ...") and I'll know.": "then",
"that day" point at the day just answered about."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk import RequestInformation


def _time(rt, said: str):
    return rt.registry.get("get_current_time").execute(RequestInformation(said))


@pytest.mark.parametrize("said,spoken", [
    ("how many days until then", "That's in 21 days (about 3 weeks), on Tuesday, March 25, 2025."),
    ("how many weeks till that day", "That's in 3 weeks, on Tuesday, March 25, 2025."),
    ("how long until it", "That's in 21 days (about 3 weeks), on Tuesday, March 25, 2025."),
])
def test_the_day_just_answered_about_is_the_day_pointed_at(rt, clock, said, spoken):
    first = _time(rt, "what date is three weeks from today")
    assert first.context_data["date"] == "2025-03-25"
    assert _time(rt, said).message == spoken


def test_a_day_pointed_at_with_none_answered_about_is_asked_for(rt, clock):
    assert _time(rt, "how many days until then").message == \
        "Until when? Name the day, like: how many days until christmas."


def test_the_day_is_pointed_at_only_a_moment_after(rt, clock):
    _time(rt, "what date is three weeks from today")
    clock.advance(minutes=10)
    assert _time(rt, "how many days until then").message.startswith("Until when?")


def test_the_places_just_asked_about_are_the_ones_pointed_at(rt, clock):
    """"what's the time difference between them" after the time in new york and in tokyo said the time
    here ("It's 4:04 PM.")."""
    time = rt.registry.get("get_current_time")
    time.execute(RequestInformation("what time is it in new york"), location="new york")
    time.execute(RequestInformation("and in tokyo"), location="tokyo")
    assert _time(rt, "what's the time difference between them").message == "New York is 14 hours behind Tokyo."
    assert _time(rt, "what's the time difference between the two").message == "New York is 14 hours behind Tokyo."
