"""How long until a clock time: "how many minutes until 8" set an 80-second timer. It is the time
left until the next time the clock shows it (8 AM or 8 PM when the half of the day is not said)."""
from __future__ import annotations

import pytest

from command_helpers import ask


@pytest.mark.parametrize("said,spoken", [
    ("how many minutes until 8", "It's 9 AM; 8 PM is in 11 hours."),
    ("how long until 5 pm", "It's 9 AM; 5 PM is in 8 hours."),
    ("how long till noon", "It's 9 AM; 12 PM is in 3 hours."),
    ("how many minutes till 9:45", "It's 9 AM; 9:45 AM is in 45 minutes."),
    ("how much time is there before half past ten", "It's 9 AM; 10:30 AM is in 1 hour and 30 minutes."),
    ("how many hours until 5 am", "It's 9 AM; 5 AM is in 20 hours."),
    ("how many hours until midnight", "It's 9 AM; 12 AM is in 15 hours."),
])
def test_the_time_left_until_a_clock_time(rt, clock, said, spoken):
    turn, r = ask(rt, said)
    assert [c.name for c in turn.tool_calls] == ["get_current_time"] and turn.route == "pre_route"
    assert turn.spoken == spoken
    assert rt.store.timers.running() == []


@pytest.mark.parametrize("said", ["how long until the pasta is done", "how long until my timer goes off",
                                  "how many minutes until the bus comes"])
def test_what_is_no_clock_time_is_not_claimed(rt, clock, said):
    turn, _ = ask(rt, said)
    assert turn.route != "pre_route" or [c.name for c in turn.tool_calls] != ["get_current_time"]
