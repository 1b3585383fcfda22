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


# what a thing is, who owns it, what a word means or how it is done is a question when no command
# serves the thing either: it was declined ("what is jazz music" -> "I can't play music yet."); the
# request to use the thing still is
@pytest.mark.parametrize("said", ["what does the term streaming mean", "what is a thermostat for", "what does a dj do",
                                  "how do taxis set their prices", "what does the word podcast mean",
                                  "how does a microwave oven heat food"])
def test_a_question_about_what_no_command_serves_is_answered(router, said):
    d = router.decide(said)
    assert d.decision == "direct" and d.tool == "answer_question", d.to_dict()


@pytest.mark.parametrize("said", ["play some jazz music", "set the thermostat to twenty degrees",
                                  "order me a taxi to the station", "what's the price of bitcoin right now",
                                  "put on my workout playlist", "text mum that i'm running late"])
def test_asking_for_what_no_command_serves_is_still_declined(router, said):
    assert router.decide(said).decision == "decline"


# the bundled 0.5B cannot translate (it answered "how do you say hello in french" with "Hello! How can I
# assist you today?", and "thank you" in Japanese with a wrong greeting): asked to translate, it says so;
# a question about a language is still a question
@pytest.mark.parametrize("said", ["how do you say hello in french", "translate good morning into german",
                                  "how do i say thank you in japanese"])
def test_a_translation_is_declined_as_one(router, said):
    d = router.decide(said)
    assert d.decision == "decline" and d.topic == "translate between languages", d.to_dict()


@pytest.mark.parametrize("said", ["what language do they speak in brazil", "how many people speak french"])
def test_a_question_about_a_language_is_still_answered(router, said):
    assert router.decide(said).tool == "answer_question"


# where a place is and what a thing is like, asked as people ask a speaker: "where is <a state>" was
# declined as directions, "tell me about <a thing>" as nothing it does (holdout 20: 15/20 answered ->
# 19/20); these phrasings are neither answer_question's examples nor holdout 20's
@pytest.mark.parametrize("said", ["where is the state of montana", "where's the gobi desert", "where is belgium",
                                  "tell me about the titanic", "tell me about honeybees"])
def test_where_a_place_is_and_what_a_thing_is_like_are_answered(router, said):
    d = router.decide(said)
    assert d.decision != "decline" and d.ranked[0][0] == "answer_question", d.to_dict()


@pytest.mark.parametrize("said", ["where's the nearest cash machine", "how do i get to the station from here",
                                  "tell me the news"])
def test_where_to_go_and_the_news_are_still_declined(router, said):
    assert router.decide(said).decision == "decline", router.decide(said).to_dict()


@pytest.mark.parametrize("said", ["another fact", "and another fact", "one more interesting fact"])
def test_one_more_fact_is_a_question(router, said):
    """"another fact" ran a sum (the model chose calculate, the router unsure); answer_question declares facts
    asked for again, these phrasings are not among its examples."""
    assert router.rank(said)[0][0] == "answer_question", router.rank(said)[:3]
