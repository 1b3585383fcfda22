"""Words that point at a thing by its order: where it stands among several, and which words of a request say it."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk.text import points_by_order, position_said, words_pointing_by_order


@pytest.mark.parametrize("words,place", [
    ("the second one", 1), ("last one", 4), ("the last item", 4), ("number 3", 2), ("item two", 1),
    ("the top one on the list", 0), ("the 2nd one", 1), ("the very first one", 0), ("first", 0),
    ("the middle one", 2),
])
def test_the_place_said_among_five(words, place):
    assert points_by_order(words) and position_said(words, 5) == place


@pytest.mark.parametrize("words,count", [("the fourth one", 3), ("number 7", 3), ("the middle one", 4),
                                         ("the middle one", 1), ("the last one", 0)])
def test_a_place_there_is_not(words, count):
    assert points_by_order(words) and position_said(words, count) is None


@pytest.mark.parametrize("words", ["milk", "the second hand shop", "number", "the last of the milk", "one"])
def test_words_that_name_a_thing_are_no_place(words):
    assert not points_by_order(words) and position_said(words, 5) is None


@pytest.mark.parametrize("said,words", [
    ("remove the second one", "the second one"), ("take off the first item", "the first item"),
    ("remove number 3 from the list", "number 3"), ("could you cross off the last one please", "the last one"),
    ("what did i do last week", None), ("first thing tomorrow remind me", None),
])
def test_the_words_of_a_request_that_point_by_order(said, words):
    assert words_pointing_by_order(said) == words


def test_a_number_of_minutes_is_no_clock_time():
    from jarvis_tui.sdk.text import find_clock_span
    words = "remind me 15 minutes before my 4 pm call".split()
    assert find_clock_span(words, bare_digits=True) == ("16:00", range(6, 8))
    assert find_clock_span("set it for 15 tomorrow".split()) == ("15:00", range(3, 4))
