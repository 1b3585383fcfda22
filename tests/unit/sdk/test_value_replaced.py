"""`with_value_replaced`: "make it thursday" said after words that hold one day changes that day; a
clock time, a month and numbers likewise; more than one of the kind, or none, is not guessed."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk.text import with_value_replaced


@pytest.mark.parametrize("text,new,out", [
    ("The meeting moved to friday", "thursday", "The meeting moved to thursday"),
    ("Meeting moved to Friday.", "thursday", "Meeting moved to Thursday."),
    ("See you tomorrow", "monday", "See you monday"),
    ("Lunch is at noon", "one pm", "Lunch is at one pm"),
    ("Dinner at 7 pm, then drinks", "8 pm", "Dinner at 8 pm, then drinks"),
    ("The party is on the 3rd of may", "june", "The party is on the 3rd of june"),
    ("Please bring 3 chairs", "4 chairs", "Please bring 4 chairs"),
])
def test_the_one_value_of_that_kind_is_changed(text, new, out):
    assert with_value_replaced(text, new) == out


@pytest.mark.parametrize("text,new", [
    ("Either monday or tuesday works", "friday"),      # two days: which one is not guessed
    ("From 9 am to 5 pm", "6 pm"),                     # two clock times
    ("Lunch is ready", "thursday"),                    # no day to change
    ("Bring 3 chairs", "bananas"),                     # not a value
    ("Bring 3 chairs", ""),
])
def test_none_or_more_than_one_of_that_kind_is_not_guessed(text, new):
    assert with_value_replaced(text, new) is None
