"""The built-in commands read text through the SDK's one text grammar (jarvis_tui.sdk.text); this
module keeps the names they import, and what more than one command reads (money)."""
import re

from jarvis_tui.sdk.text import (NUM, NUMBER_WORDS, find_duration, join_words, normalize_utterance,  # noqa: F401
                                 parse_amount, parse_clock_time, parse_duration, parse_number, plural, say_clock,
                                 say_date, say_duration, say_number, say_when, split_items)


# money: a currency's name, sign or ISO code (those that are no English word: not "try", "cup", "all"),
# letter by letter as speech recognition writes them too ("u. s. d.")
_CURRENCY = re.compile(r"\b(?:dollars?|bucks|euros?|yen|yuan|renminbi|rupees?|pesos?|francs?|rubles?|roubles?|"
                       r"lira|dirhams?|kronas?|kroner|krone|baht|ringgits?|shekels?|bitcoins?|sterling|"
                       r"currenc(?:y|ies)|exchange\s+rate|u\s?s\s?d|usd|eur|gbp|aud|cad|nzd|inr|jpy|cny|chf|mxn|sek|nok|dkk|"
                       r"hkd|sgd|zar|brl|krw|pln|thb|idr|huf|czk|ils|aed|sar)\b|[$€£¥₹]")


def names_a_currency(text: str) -> bool:
    """Whether a request names money of some currency ("what's 100 eur in jpy", "convert one pound to
    us dollars": the pound is money there)."""
    return bool(_CURRENCY.search(normalize_utterance(text)))
