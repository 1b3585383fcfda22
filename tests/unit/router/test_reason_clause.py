"""A clause that says why a request is asked ("... because it might rain", "... since we're out of
milk", "... so that i don't forget") does not say what is asked: the router reads the request without
it. Before, "remind me to X because <the weather>" was routed to the weather at 0.94-0.99."""
from __future__ import annotations

import pytest

from jarvis_tui.sdk.text import main_clause


@pytest.mark.parametrize("said,main", [
    ("remind me to bring an umbrella since it might rain", "remind me to bring an umbrella"),
    ("remind me to wear sunscreen because it will be sunny", "remind me to wear sunscreen"),
    ("add eggs to my list since we're out", "add eggs to my list"),
    ("set an alarm for 6 so that i catch the train", "set an alarm for 6"),
    ("turn it down cuz the baby is sleeping", "turn it down"),
])
def test_the_reason_is_left_out(said, main):
    assert main_clause(said) == main


@pytest.mark.parametrize("said", ["how many days since the party", "how long since i last called mom",
                                  "why is the sky blue", "because", "it's been a week since monday",
                                  "what happened since we spoke"])
def test_since_about_time_and_a_reason_alone_stay(said):
    assert main_clause(said) == said


@pytest.mark.parametrize("said", [
    "remind me to pack an umbrella because it could rain later",
    "remind me to bring a jumper since it's going to be chilly",
    "remind me to water the garden because it'll be hot",
    "please remind me to shut the windows since a storm is coming",
])
def test_a_reminder_with_a_reason_about_the_weather_is_a_reminder(router, said):
    ranked = dict(router.rank(said))
    assert max(ranked, key=ranked.get) == "reminder", ranked
