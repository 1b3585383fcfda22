from decimal import Decimal

import pytest

from commands._parsing import (parse_clock_time, parse_duration, parse_number, say_duration, say_number,
                               split_items)


@pytest.mark.parametrize("text,value", [
    ("3.5", "3.5"), ("1,250", "1250"), ("three point five", "3.5"), ("one point two five", "1.25"),
    ("twenty-five", "25"), ("a hundred and ten", "110"), ("one thousand two hundred", "1200"),
    ("minus four", "-4"), ("1/2", "0.5"), ("zero", "0"), ("ninety nine", "99"),
    ("negative 12.5", "-12.5"), ("minus 1,250", "-1250"), ("-3", "-3")])
def test_numbers(text, value):
    assert parse_number(text) == Decimal(value)


@pytest.mark.parametrize("text", ["twenty eleven", "five six", "pizza", "", "one two", "point"])
def test_not_numbers(text):
    assert parse_number(text) is None


@pytest.mark.parametrize("text,seconds", [
    ("10 minutes", 600), ("an hour and a half", 5400), ("1 minute 30 seconds", 90), ("ninety seconds", 90),
    ("half an hour", 1800), ("1 and a 1/2 hours", 5400), ("1 hour, 15 minutes, and 30 seconds", 4530),
    ("two-minute", 120), ("5 and a half minutes", 330), ("half a minute", 30), ("1/2 a minute", 30),
    ("twenty five minutes", 1500), ("1.5 hours", 5400), ("quarter of an hour", 900), ("three quarters of an hour", 2700), ("10 min", 600),
    ("one hour and thirty minutes", 5400), ("a minute", 60)])
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["10", "pizza", "10 minutes for pizza", "5 minutes and pizza", "minutes", ""])
def test_not_durations(text):
    assert parse_duration(text) is None


@pytest.mark.parametrize("text,hhmm", [("3 pm", "15:00"), ("3:30 p.m.", "15:30"), ("15:00", "15:00"), ("noon", "12:00"),
                                       ("midnight", "00:00"), ("8 am", "08:00"), ("seven thirty pm", "19:30"),
                                       ("12 am", "00:00"), ("8 in the morning", "08:00"), ("08:00", "08:00"),
                                       ("lunchtime", "12:00"), ("lunch time", "12:00"), ("dinnertime", "18:00"),
                                       ("bedtime", "22:00"), ("breakfast time", "08:00")])
def test_clock_times(text, hhmm):
    assert parse_clock_time(text) == hhmm


@pytest.mark.parametrize("text", ["lunch", "dinner", "breakfast", "bed", "time"])
def test_a_meal_said_alone_is_no_clock_time(text):
    assert parse_clock_time(text) is None and parse_clock_time(text, require_meridiem=False) is None


def test_bare_hour_is_ambiguous():
    assert parse_clock_time("8") is None and parse_clock_time("8:30") is None
    assert parse_clock_time("8", require_meridiem=False) == "08:00"
    assert parse_clock_time("13 pm") is None


def test_items_split():
    assert split_items("tomatoes, onions and garlic") == ["tomatoes", "onions", "garlic"]
    assert split_items("salt and pepper and some milk") == ["salt and pepper", "milk"]


def test_spoken_forms():
    assert say_duration(90) == "1 minute and 30 seconds"
    assert say_duration(4530) == "1 hour, 15 minutes and 30 seconds"
    assert say_duration(3600) == "1 hour"
    assert say_number(Decimal("4.75")) == "4.75"
    assert say_number(Decimal("1250")) == "1,250"
    assert say_number(Decimal(10) / 3) == "3.33"


@pytest.mark.parametrize("text,strict,loose", [
    ("3 pm", "15:00", "15:00"), ("seven thirty am", "07:30", "07:30"), ("six oh five am", "06:05", "06:05"),
    ("half past six", None, "06:30"), ("quarter to eight", None, "07:45"), ("ten past nine pm", "21:10", "21:10"),
    ("half six", None, "06:30"), ("half seven in the evening", "19:30", "19:30"), ("half an hour", None, None),
    ("six in the evening", "18:00", "18:00"), ("nine at night", "21:00", "21:00"), ("6 o'clock", None, "06:00"),
    ("eight tomorrow morning", "08:00", "08:00"), ("twenty five past six in the morning", "06:25", "06:25"),
    ("seven fifteen", None, "07:15"), ("noon", "12:00", "12:00"), ("banana", None, None), ("25:00", None, None),
])
def test_clock_times_in_the_words_people_use(text, strict, loose):
    from jarvis_tui.sdk.text import parse_clock_time
    assert parse_clock_time(text) == strict and parse_clock_time(text, require_meridiem=False) == loose


def test_a_clock_time_is_found_in_a_sentence_longest_reading_first():
    from jarvis_tui.sdk.text import find_clock_time, numbers_said
    assert find_clock_time("remind me to stretch at half past six in the evening") == ("18:30", "half past six in the evening")
    assert find_clock_time("wake me up at six thirty tomorrow")[0] == "06:30"
    assert find_clock_time("add milk to my list") is None
    assert [float(x) for x in numbers_said("what is twenty five plus 3.5")] == [25.0, 3.5]


@pytest.mark.parametrize("text,values", [
    ("the average of 3, 8 and 10", [3, 8, 10]),          # a list's comma is not a thousands comma
    ("1,250 and 3", [1250, 3]),
    ("half of 1/2 is 1/4", [0.5, 0.25]),                   # a fraction in digits is one number
    ("five and five", [5, 5])])
def test_every_number_said_in_order(text, values):
    from jarvis_tui.sdk.text import numbers_said
    assert [float(x) for x in numbers_said(text)] == values


@pytest.mark.parametrize("text,value", [
    ("12 thousand", 12000), ("2.5 million", 2500000), ("1,200 million", 1_200_000_000), ("5 hundred", 500),
    ("3 thousand and 5", 3005), ("two billion", 2_000_000_000), ("twelve thousand", 12000),
])
def test_digits_and_a_scale_word_are_one_number(text, value):
    """"what's 3 and a half percent of 12 thousand" (holdout 32) asked "And the other number?": digits said
    with "thousand" or "million" were no number."""
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["12 thousand and fish", "thousand", "12 thousands", "2.5.1 million"])
def test_other_words_with_a_scale_word_are_no_number(text):
    assert parse_number(text) is None


@pytest.mark.parametrize("said,args,spoken", [
    ("what's 3 and a half percent of 12 thousand", {"num1": 0.035, "num2": 12000, "operation": "multiply"},
     "3.5 percent of 12,000 is 420."),
    ("what's 12 thousand divided by 3", {"num1": 12000, "num2": 3, "operation": "divide"}, None),
    ("what's 2.5 million plus 500 thousand", {"num1": 2500000, "num2": 500000, "operation": "add"}, None),
])
def test_numbers_said_with_scale_words_and_fractions_are_worked_out(rt, said, args, spoken):
    from command_helpers import ask
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success and turn.tool_calls[0].arguments == args
    assert spoken is None or turn.spoken == spoken, turn.spoken
