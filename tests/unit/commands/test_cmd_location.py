"""location: "set my location to manchester" was declined ("I can't check trains, flights and traffic
yet."), and the weather kept asking "Which city?". Real settings store, real weather command."""
from __future__ import annotations

import pytest

from command_helpers import ask


@pytest.mark.parametrize("said,place", [
    ("set my location to manchester", "Manchester"), ("i live in new york", "New York"),
    ("change my city to leeds", "Leeds"), ("my home town is york", "York"), ("i've moved to bristol now", "Bristol"),
])
def test_the_place_said_is_kept_for_the_weather(rt, said, place):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == f"OK, your location is {place} now: I'll use it for the weather."
    assert rt.store.settings.get("weather.default_location") == place
    assert rt.registry.get("get_weather")._default_location() == place
    turn, _ = ask(rt, "what's my location")
    assert turn.spoken == f"Your location is {place}."


def test_where_am_i_is_no_question_for_it_until_a_place_is_set(rt):
    """Where the user is now is a map's question: "where am i" is not claimed, and "what's my location"
    only once one is set."""
    location = rt.registry.get("location")
    assert location.pre_route("where am i") is None and location.pre_route("what's my location") is None
    from jarvis_tui.sdk import RequestInformation
    r = location.execute(RequestInformation("what's my location"))
    assert r.message == "I don't know where you are yet. Say, for example: set my location to Leeds."


def test_cancel_that_puts_back_the_place_it_had(rt):
    ask(rt, "set my location to leeds")
    ask(rt, "i live in york")
    turn, _ = ask(rt, "cancel that")
    assert turn.route == "take_back" and turn.spoken == "OK, your location is Leeds again."
    assert rt.store.settings.get("weather.default_location") == "Leeds"


@pytest.mark.parametrize("said", ["i live in a flat", "i'm in a meeting", "set my location to the kitchen",
                                  "where is my phone", "what's the weather in manchester"])
def test_what_names_no_place_of_the_user_is_not_claimed(rt, said):
    assert rt.registry.get("location").pre_route(said) is None


@pytest.fixture(scope="module")
def router():
    from jarvis_tui.assistant.intent_router import IntentRouter
    from jarvis_tui.commands_registry import discover_commands
    return IntentRouter(list(discover_commands()))


@pytest.mark.parametrize("said", ["i'm in london now", "i'm currently in paris", "i'm staying in rome this week",
                                  "i'm at my mum's in cardiff"])
def test_where_the_user_is_for_now_is_routed_to_it(router, said):
    """"i'm in london now" was declined: the router ranked location 0.47 beside "no command fits" 0.44. The
    command declares where the user is for now, told as people tell it."""
    assert router.decide(said).ranked[0][0] == "location", router.decide(said).ranked[:3]


@pytest.mark.parametrize("said", ["i'm in the garden", "i'm in the shower", "i'm in a bad mood", "i'm in a hurry",
                                  "i'm in the car"])
def test_being_in_what_is_no_place_is_a_remark(router, said):
    """A remark: small talk first (taught as "no command" negatives, "i'm in a hurry" made "i'm in a bad mood"
    a decline, so they are not)."""
    assert router.decide(said).ranked[0][0] == "chat", router.decide(said).ranked[:3]
