"""sdk.text's amount said before a thing (`with_amount_said`, `says_amount`) and doing away in any tense
(`says_doing_away`): one grammar for every command (the lists used their own)."""
import pytest

from jarvis_tui.sdk.text import says_amount, says_doing_away, with_amount_said


@pytest.mark.parametrize("thing, said, expected", [
    ("pints of milk", "add two pints of milk to my list", "two pints of milk"),
    ("eggs", "put a dozen eggs on the shopping list", "a dozen eggs"),
    ("eggs", "add half a dozen eggs", "half a dozen eggs"),
    ("lemons", "add a couple of lemons", "a couple of lemons"),
    ("bagels", "add 6 bagels please", "6 bagels"),
    ("apples", "add apples", "apples"),                              # no amount said
    ("3 apples", "add three apples", "3 apples"),                    # it has its own
    ("a dozen eggs", "add a dozen eggs", "a dozen eggs"),
    ("pears", "add the pears", "pears"),                             # "the" is no amount
    ("milk", "add oat milk", "milk"),                                # a word of the thing, not an amount
    ("cheese", "add two bread and cheese", "cheese"),                # "and" sits between
    ("tea", "add tea and two coffees", "tea"),                      # the amount said is another thing's
])
def test_the_amount_said_right_before_a_thing_is_put_back(thing, said, expected):
    assert with_amount_said(thing, said) == expected


@pytest.mark.parametrize("words, expected", [
    ("two", True), ("12", True), ("a dozen", True), ("a couple of", True), ("a few", True),
    ("the", False), ("some", False), ("oat", False), ("", False),
])
def test_amount_words(words, expected):
    assert says_amount(words) is expected


@pytest.mark.parametrize("text", [
    "did you take milk off my list", "was milk removed", "have you deleted the eggs",
    "did you get rid of the bread", "has the list been cleared", "did someone bin the pasta one",
    "were they cancelled", "is the list emptied",
])
def test_doing_away_is_read_in_any_tense(text):
    assert says_doing_away(text)


@pytest.mark.parametrize("text", [
    "did i put the plumber on my to-do list", "did you add milk", "is milk on my list",
    "have you set a timer",
])
def test_putting_on_or_keeping_is_no_doing_away(text):
    assert not says_doing_away(text)
