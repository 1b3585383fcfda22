"""The built-in commands read text through the SDK's one text grammar (jarvis_tui.sdk.text); this
module keeps the names they import."""
from jarvis_tui.sdk.text import (NUM, NUMBER_WORDS, find_duration, join_words, parse_amount,  # noqa: F401
                                 parse_clock_time, parse_duration, parse_number, plural, say_clock, say_date,
                                 say_duration, say_number, say_when, split_items)
