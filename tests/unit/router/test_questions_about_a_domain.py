"""What a thing is or how it works is a question, even when the thing is another command's domain:
"what's the difference between weather and climate" went to the weather at 0.85 (and asked which
city). answer_question declares such questions; these phrasings are not among its examples."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("said", ["how is the temperature measured", "how do reminders on phones work"])
def test_a_question_about_a_domain_is_a_question(router, said):
    assert router.rank(said)[0][0] == "answer_question", router.rank(said)[:3]


def test_it_is_never_a_confident_call_of_the_domains_command(router):
    d = router.decide("what's the difference between weather and climate")
    assert not (d.decision == "tool" and d.tool == "get_weather") and "answer_question" in d.shortlist


@pytest.mark.parametrize("said", ["will it be windy", "what's the temperature outside", "is it cold out"])
def test_asking_for_the_weather_is_still_the_weather(router, said):
    assert router.rank(said)[0][0] == "get_weather"
