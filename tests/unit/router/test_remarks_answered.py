"""A remark the model declined is answered in words, not told "Sorry, I can't help with that yet.":
"ugh, mondays" and "oh no, i burnt the toast" were declined plainly though the router ranked small talk
first. The runtime, commands and router are real; the model's words are scripted."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.assistant.intent_router import OUT_OF_SCOPE
from jarvis_tui.sdk.text import reports_past, says_remark, sighs

DECLINE = json.dumps({"tool": "none", "args": {}})


def _ranked(router, pairs):
    named = dict(pairs)
    rest = [c for c in router.classes if c not in named]
    left = max(0.0, 1.0 - sum(named.values()))
    return list(pairs) + [(c, left / len(rest)) for c in rest]


def test_a_remark_the_model_declined_is_answered_by_small_talk(runtime, model_writes, monkeypatch):
    router = runtime.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: _ranked(router, [("chat", 0.54), ("get_current_time", 0.19),
                                                                     ("reminder", 0.12), (OUT_OF_SCOPE, 0.05)]))
    backend = model_writes([DECLINE, "Oh no, what a nuisance!"])
    turn = runtime.assistant.handle_text("oh no i burnt the toast")
    assert [c.name for c in turn.tool_calls] == ["chat"]
    assert turn.spoken == "Oh no, what a nuisance!" and len(backend.requests) == 2


@pytest.mark.parametrize("said", ["ugh", "ugh, mondays", "Oh no, I burnt the toast.", "oh great another bill", "phew",
                                  "i like jazz", "it's dark in here", "the bus was packed again", "hey jarvis, ugh, mondays",
                                  "damn i forgot my keys",
                                  # a verdict on what was just said ("that was terrible" after a joke), a laugh
                                  "that was terrible", "this is great", "lol"])
def test_remarks(said):
    assert says_remark(said)


@pytest.mark.parametrize("said", ["oh, set a timer", "please set a timer", "ugh can you set a timer", "broadcast a video",
                                  "cars", "go forward please", "is it hot today", "what's the score", "oh", "details",
                                  # a want is a request
                                  "i want to listen to the cricket", "i need a plumber for the sink",
                                  "i'd love a cup of tea right now", "we would like a table for two",
                                  "i really want a new bike"])
def test_not_remarks(said):
    assert not says_remark(said)


@pytest.mark.parametrize("said, pairs", [
    # a question the model declined is still declined: an answer in words would be made up
    ("what's the score in the match", [("chat", 0.54), ("answer_question", 0.2), (OUT_OF_SCOPE, 0.1)]),
    # a remark on how things are (it may ask for what cannot be done), small talk ranked first but no likelier
    # than no command: declined
    ("this room is so cold", [("chat", 0.35), (OUT_OF_SCOPE, 0.35), ("reminder", 0.1)]),
    # ... or an action ranked first: the model's decline stands
    ("my desk is a mess", [("reminder", 0.5), ("chat", 0.3), (OUT_OF_SCOPE, 0.05)]),
    # an order no command serves, small talk ranked first: answered in words it got made-up text
    ("broadcast a video of my cat", [("chat", 0.5), ("answer_question", 0.2), (OUT_OF_SCOPE, 0.1)]),
    # an order said after a feeling
    ("i don't like this song turn it off", [("chat", 0.5), ("answer_question", 0.2), (OUT_OF_SCOPE, 0.1)]),
])
def test_a_question_or_a_remark_not_ranked_as_small_talk_stays_declined(runtime, model_writes, monkeypatch, said, pairs):
    router = runtime.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: _ranked(router, pairs))
    router.topic = lambda text: None
    model_writes([DECLINE])
    turn = runtime.assistant.handle_text(said)
    assert turn.tool_calls == [] and turn.spoken == "Sorry, I can't help with that yet."


@pytest.mark.parametrize("said", ["i hate setting alarms", "i love lists", "we're fed up with timers",
                                  "i really don't like mondays"])
def test_how_the_user_feels_about_a_thing(said):
    from jarvis_tui.sdk.text import says_liking
    assert says_liking(said)


@pytest.mark.parametrize("said", ["i'd love a coffee", "i would like a timer for ten minutes", "i'm tired",
                                  "i love lists, add milk to mine", "do you like lists"])
def test_a_want_a_state_or_a_request_is_no_feeling_about_a_thing(said):
    from jarvis_tui.sdk.text import says_liking
    assert not says_liking(said)


def test_a_feeling_the_model_answered_with_an_action_is_answered_in_words(runtime, model_writes):
    """"i hate setting alarms": the model set an alarm and asked when; "i love lists" read the lists. Nothing
    runs but the reply in words."""
    backend = model_writes([json.dumps({"tool": "reminder", "args": {"action": "set", "text": "alarm"}}),
                            "Alarms can be a pain!"])
    turn = runtime.assistant.handle_text("i hate setting alarms")
    assert [c.name for c in turn.tool_calls] == ["chat"] and turn.spoken == "Alarms can be a pain!"
    assert runtime.store.reminders.active() == [] and len(backend.requests) == 2


@pytest.mark.parametrize("said, pairs", [
    # what happened, or a feeling let out, is answered whatever the router ranks first: nothing is asked for
    ("ugh, the printer", [("chat", 0.35), (OUT_OF_SCOPE, 0.35), ("reminder", 0.1)]),
    ("ugh mondays again", [("reminder", 0.5), ("chat", 0.3), (OUT_OF_SCOPE, 0.05)]),
    ("my neighbour's dog barked all night", [("remember", 0.3), (OUT_OF_SCOPE, 0.3), ("chat", 0.2)]),
    # ... by the command that answers in words alone: not the one that needs a question to look up
    ("the stock market was wild today", [("answer_question", 0.5), ("chat", 0.2), (OUT_OF_SCOPE, 0.1)]),
])
def test_what_happened_or_a_sigh_the_model_declined_is_answered_in_words(runtime, model_writes, monkeypatch, said, pairs):
    router = runtime.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: _ranked(router, pairs))
    router.topic = lambda text: None
    model_writes([DECLINE, "That sounds rough."])
    turn = runtime.assistant.handle_text(said)
    assert [c.name for c in turn.tool_calls] == ["chat"] and turn.spoken == "That sounds rough."


TRAFFIC = "check trains, flights and traffic"


def test_what_happened_is_answered_though_the_router_declines_it_with_a_topic(runtime, model_writes, monkeypatch):
    """"the traffic was terrible today" was told "I can't check trains, flights and traffic yet.": the router
    declined it with no model. It tells of what happened; it asks for nothing."""
    router = runtime.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: _ranked(router, [(OUT_OF_SCOPE, 0.8), ("chat", 0.1)]))
    router.topic = lambda text: TRAFFIC
    assert router.decide("the traffic was terrible today").decision == "decline"
    model_writes(["Sorry to hear that, what a slog."])
    turn = runtime.assistant.handle_text("the traffic was terrible today")
    assert [c.name for c in turn.tool_calls] == ["chat"] and turn.spoken == "Sorry to hear that, what a slog."


@pytest.mark.parametrize("said, topic", [
    ("it's gloomy in here", "control the lights"),       # how things are now: it may ask for the lights
    ("i love this song", "play music"),                    # a liking near a thing not done yet
    ("the traffic is terrible, what's the best route", TRAFFIC),   # a question after what is told
])
def test_a_remark_that_may_ask_for_what_cannot_be_done_is_declined_with_its_topic(runtime, model_writes, monkeypatch,
                                                                                  said, topic):
    router = runtime.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: _ranked(router, [(OUT_OF_SCOPE, 0.8), ("chat", 0.1)]))
    router.topic = lambda text: topic
    model_writes([DECLINE])
    turn = runtime.assistant.handle_text(said)
    assert turn.tool_calls == [] and turn.spoken == f"I can't {topic} yet."


@pytest.mark.parametrize("said", ["the traffic was terrible today", "my neighbour's dog barked all night",
                                  "the weather has been awful lately", "i had loads of calls today",
                                  "we went to the coast at the weekend", "i'm exhausted"])
def test_what_happened(said):
    assert reports_past(said)


@pytest.mark.parametrize("said", ["it's gloomy in here", "ugh mondays", "i love this song", "i need more milk",
                                  "did you set a timer", "set a timer for ten minutes",
                                  "i've heard this tune before what is it called",
                                  # the remark's subject is a few words: "-ed" far later is no verb of it
                                  "the list of things for the weekend includes a sealed box"])
def test_not_what_happened(said):
    assert not reports_past(said)


@pytest.mark.parametrize("said, sigh", [("ugh, mondays", True), ("oh no the milk", True), ("yay", True),
                                        ("oh, set a timer", False), ("i love this song", False)])
def test_a_sigh(said, sigh):
    assert sighs(said) is sigh


def test_a_remark_the_model_gave_to_a_question_s_answer_is_answered_in_words(runtime, model_writes):
    """"my cat is sitting on my keyboard": the model looked the remark itself up as a question."""
    backend = model_writes([json.dumps({"tool": "answer_question", "args": {"query": "my cat is sitting on my keyboard"}}),
                            "Cats love a warm keyboard!"])
    turn = runtime.assistant.handle_text("my cat is sitting on my keyboard")
    assert [c.name for c in turn.tool_calls] == ["chat"] and turn.spoken == "Cats love a warm keyboard!"
    assert len(backend.requests) == 2
