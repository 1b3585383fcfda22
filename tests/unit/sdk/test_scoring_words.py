"""Transcripts are scored word by word with numbers said either way counted as the same word."""
import jiwer
import pytest

from jarvis_tui.sdk.text import scoring_words


@pytest.mark.parametrize("text, words", [
    ("Set a timer for 10 minutes.", ["set", "a", "timer", "for", "10", "minutes"]),
    ("set a timer for ten minutes", ["set", "a", "timer", "for", "10", "minutes"]),
    ("What is twenty-five times 4?", ["what", "is", "25", "times", "4"]),
    ("one hundred and five", ["105"]),
    ("rock and roll", ["rock", "and", "roll"]),
    ("five and six", ["5", "and", "6"]),
    ("It's two point five", ["it's", "2", "point", "5"]),
    ("wake me at seven thirty", ["wake", "me", "at", "7", "30"]),
    ("Wake me at 7:30.", ["wake", "me", "at", "7", "30"]),
    ("turn it down to 40%", ["turn", "it", "down", "to", "40", "percent"]),
    ("the code is four one seven", ["the", "code", "is", "417"]),      # digits said one by one
    ("the code is 417", ["the", "code", "is", "417"]),
    ("at 8pm", ["at", "8", "pm"]),
    ("Take the bins out at 8 p.m.", ["take", "the", "bins", "out", "at", "8", "pm"]),   # letters with stops
    ("flights to the U.S. at 6 a.m.", ["flights", "to", "the", "us", "at", "6", "am"]),
    ("two litres in the centre", ["2", "liters", "in", "the", "center"]),  # British and American spelling
    ("my favourite colour", ["my", "favorite", "color"]),
    ("four hours on your tour", ["4", "hours", "on", "your", "tour"]),
])
def test_scoring_words(text, words):
    assert scoring_words(text) == words


def test_word_error_rate_ignores_how_numbers_are_written_but_not_wrong_words():
    ref = " ".join(scoring_words("add milk to my shopping list"))
    assert jiwer.wer(" ".join(scoring_words("Remind me at five.")), " ".join(scoring_words("remind me at 5"))) == 0
    assert jiwer.wer(ref, " ".join(scoring_words("and note to my shopping list"))) == pytest.approx(2 / 6)

