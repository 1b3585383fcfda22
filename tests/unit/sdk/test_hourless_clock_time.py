"""A clock time said without its hour ("make it half past" right after an alarm at 7:15): read in
the hour of the clock time it changes."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk.text import hourless_clock_time


@pytest.mark.parametrize("said, near, clock", [
    ("half past", "07:15", "07:30"), ("a quarter past", "21:00", "21:15"), ("at twenty past", "19:00", "19:20"),
    ("quarter to", "07:00", "06:45"),       # quarter to the hour it rings at
    ("quarter to", "07:15", "07:45"),       # ... or to the next one
    ("ten to", "00:00", "23:50"), ("five minutes past", "08:40", "08:05"),
])
def test_the_hour_is_the_one_it_changes(said, near, clock):
    assert hourless_clock_time(said, near) == clock


@pytest.mark.parametrize("said", ["half past six", "quarter", "sixty past", "in ten minutes", "half"])
def test_other_words_are_no_hourless_clock_time(said):
    assert hourless_clock_time(said, "07:00") is None


@pytest.mark.parametrize("said, clock", [("530 am", "05:30"), ("0630", "06:30"), ("1145 pm", "23:45"), ("730 pm", "19:30")])
def test_a_clock_time_written_as_one_number_is_read(said, clock):
    """Transcripts write "five thirty" as "530": "alarm at 530 tomorrow morning" set an alarm for 3 PM."""
    from jarvis_tui.sdk.text import parse_clock_time
    assert parse_clock_time(said) == clock


@pytest.mark.parametrize("said", ["2500", "960", "12345", "75"])
def test_a_number_that_is_no_clock_time_is_not_read_as_one(said):
    from jarvis_tui.sdk.text import parse_clock_time
    assert parse_clock_time(said + " pm") is None or said == "75"
