"""Reading a fact to remember: words that only point at something ("this", "that") are no fact; the
memory command then asks what to remember (tests/unit/llm/test_clarification_answers.py)."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk.memories import Fact, read_fact


@pytest.mark.parametrize("said", ["this", "that.", "it", "this for me", "something", "  "])
def test_words_that_only_point_are_no_fact(said):
    assert read_fact(said) is None


@pytest.mark.parametrize("said, fact", [
    ("that my locker code is 4512", Fact("locker code", "4512", "my locker code is 4512")),
    ("this is my spare key", Fact("this", "my spare key", "this is my spare key")),
    ("the wifi is upstairs", Fact("wifi", "upstairs", "the wifi is upstairs")),
    ("I parked on level 3", Fact("i parked on level 3", None, "I parked on level 3")),
])
def test_a_fact_is_read_into_topic_and_value(said, fact):
    assert read_fact(said) == fact
