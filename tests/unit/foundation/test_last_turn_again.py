"""Asking for the last turn again: "one more" runs its calls once more, "say that again" says its reply
again. Real commands, real router and SQLite; no LLM (the fast paths and the router decide), except
where a test gives the brain a scripted backend to show that nothing reaches the model."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk.text import asks_for_another, asks_to_hear_again


@pytest.mark.parametrize("text", ["one more", "Another one, please.", "again", "do that again", "same again",
                                  "okay one more", "give me another one", "can you do it again", "once more",
                                  "haha one more time", "go on then another", "go on, one more", "good one, another please",
                                  "come on, again", "bit more", "a little bit more", "even more please"])
def test_asking_for_another(text):
    assert asks_for_another(text)


@pytest.mark.parametrize("text", ["another joke about dogs", "one more timer for 5 minutes", "another day",
                                  "add one more egg to the list", "what else can you do", "tell me more about mars",
                                  "go on then", "go on another adventure", "and another thing"])
def test_a_request_that_says_what_it_wants_is_not_a_bare_repeat(text):
    assert not asks_for_another(text)


@pytest.mark.parametrize("text", ["say that again", "Sorry, what?", "what did you say", "I didn't catch that",
                                  "could you repeat that", "pardon?", "come again", "what did you just say"])
def test_asking_to_hear_the_reply_again(text):
    assert asks_to_hear_again(text)


@pytest.mark.parametrize("text", ["repeat my reminders", "what time is it", "say hello to my mom",
                                  "what did you do today", "what was that song"])
def test_other_requests_are_not_asking_to_hear_it_again(text):
    assert not asks_to_hear_again(text)


def test_one_more_tells_another_joke(rt):
    first = rt.assistant.handle_text("tell me a joke")
    assert [c.name for c in first.tool_calls] == ["tell_joke"] and first.spoken
    again = rt.assistant.handle_text("one more")
    assert again.route == "repeat" and [c.name for c in again.tool_calls] == ["tell_joke"]
    assert again.spoken and again.spoken != first.spoken          # the joke command does not repeat its last joke
    third = rt.assistant.handle_text("another one please")         # and again: it still points at the joke
    assert [c.name for c in third.tool_calls] == ["tell_joke"] and third.spoken not in (first.spoken, again.spoken)


@pytest.mark.parametrize("reaction, reply", [("haha good one", "Glad you liked it!"),
                                             ("that was terrible", "Sorry, I'll try harder.")])   # a verdict on it
def test_another_after_a_reaction_tells_another_joke(rt, reaction, reply):
    """"haha good one" or "that was terrible" between the joke and "another": it repeated the small talk (a thanks,
    an apology), not the joke. The model writes the one reply in words; nothing else reaches it."""
    backend = ScriptedBackend([reply])
    brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    first = rt.assistant.handle_text("tell me a joke")
    reacted = rt.assistant.handle_text(reaction)
    assert [c.name for c in reacted.tool_calls] == ["chat"]
    again = rt.assistant.handle_text("another")
    assert again.route == "repeat" and [c.name for c in again.tool_calls] == ["tell_joke"]
    assert again.spoken and again.spoken != first.spoken
    third = rt.assistant.handle_text("one more")
    assert [c.name for c in third.tool_calls] == ["tell_joke"]


def test_one_more_repeats_on_the_words_that_asked_for_it(rt):
    """The repeated call is post-processed on the first request's words: a joke about cats stays about cats."""
    first = rt.assistant.handle_text("tell me a joke about cats")
    again = rt.assistant.handle_text("one more")
    assert first.tool_calls[0].arguments.get("topic") == "cats"
    assert again.tool_calls[0].arguments.get("topic") == "cats"


def test_say_that_again_says_the_reply_and_runs_nothing(rt):
    events: list = []
    rt.bus.subscribe(events.append)
    first = rt.assistant.handle_text("convert 5 kilometers to miles")
    assert first.spoken
    n = len(events)
    again = rt.assistant.handle_text("sorry, what did you say?")
    assert again.route == "repeat" and again.spoken == first.spoken and again.tool_calls == []
    assert not [e for e in events[n:] if isinstance(e, (ev.CommandFinished, ev.ToolCallsParsed))]


def test_doing_a_destructive_call_again_asks_first(rt):
    """"Again" after a cancel is a guess at what to cancel now: it asks, and nothing stops before a yes."""
    from commands._background import TimerService
    rt.assistant.handle_text("set a timer for 10 minutes called pasta")
    rt.assistant.handle_text("set a timer for 20 minutes called rice")
    cancel = rt.assistant.handle_text("cancel the pasta timer")
    assert [c.name for c in cancel.tool_calls] == ["cancel_timer"]
    rt.services.kept(TimerService).add(300, "pasta")          # a second pasta timer, started meanwhile
    again = rt.assistant.handle_text("again")
    assert again.route == "repeat" and again.spoken == "Cancel your pasta timer?" and again.actions
    assert sorted(t["label"] for t in rt.store.timers.running()) == ["pasta", "rice"]   # nothing stopped yet
    rt.assistant.handle_text("no")
    assert sorted(t["label"] for t in rt.store.timers.running()) == ["pasta", "rice"]
    rt.assistant.handle_text("cancel the pasta timer")
    rt.assistant.handle_text("one more time")                 # nothing left to cancel: harmless, it just runs
    assert [t["label"] for t in rt.store.timers.running()] == ["rice"]


def test_nothing_to_repeat_routes_the_words_as_usual(rt):
    turn = rt.assistant.handle_text("one more")
    assert turn.route != "repeat" and turn.tool_calls == []


def test_say_that_again_keeps_the_question_waiting(rt):
    """A yes/no the assistant asked is said again and still waits for its answer."""
    rt.assistant.handle_text("add eggs and milk to my shopping list")
    asked = rt.assistant.handle_text("clear my shopping list")
    assert asked.actions, asked.spoken
    again = rt.assistant.handle_text("say that again")
    assert again.spoken == asked.spoken and again.wait_for_input
    rt.assistant.handle_text("yes")
    assert rt.store.lists.items("shopping") == []


def test_the_model_never_sees_a_repeat(rt):
    backend = ScriptedBackend([])
    brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    rt.assistant.handle_text("tell me a joke")
    rt.assistant.handle_text("one more")
    rt.assistant.handle_text("what did you say")
    assert backend.requests == []


def test_say_that_again_with_nothing_said_says_so(rt):
    """It was sent to chat, which answered "I'm an open-source project, running right here on your computer."."""
    turn = rt.assistant.handle_text("say that again")
    assert turn.route == "repeat" and turn.spoken == "I haven't said anything yet." and turn.tool_calls == []


@pytest.mark.parametrize("answer", ["actually don't clear it", "no, leave it", "don't", "wait no"])
def test_a_no_said_in_other_words_answers_the_question(rt, answer):
    """"actually don't send it" after a draft's Send / Cancel went to the model, which chose send and asked
    "Send the email ...?": a no in other words is the answer, and nothing is done."""
    rt.assistant.handle_text("add eggs and milk to my shopping list")
    asked = rt.assistant.handle_text("clear my shopping list")
    assert asked.actions
    turn = rt.assistant.handle_text(answer)
    assert turn.route == "action" and len(rt.store.lists.items("shopping")) == 2


@pytest.mark.parametrize("asked", ["crack me a joke", "hit me with a joke", "can you give us one of your jokes"])
def test_the_words_that_ask_for_a_joke_are_no_topic_and_one_more_is_another(rt, asked):
    """"crack me a joke" was a joke about "crack me a" (the one joke with "crack" in it), and "another
    one" told that same joke again: the only one matching."""
    first = rt.assistant.handle_text(asked)
    assert [c.name for c in first.tool_calls] == ["tell_joke"] and "topic" not in first.tool_calls[0].arguments
    told = {first.spoken}
    for _ in range(3):
        told.add(rt.assistant.handle_text("another one").spoken)
    assert len(told) == 4


def test_when_every_joke_about_a_topic_was_told_one_more_is_another_not_the_same(rt):
    command = rt.registry.get("tell_joke")
    from jarvis_tui.sdk import RequestInformation
    first = command.execute(RequestInformation("tell me a joke about skeletons"), topic="skeletons").message
    assert "skeleton" in first.lower() and not first.startswith("I don't know")
    again = command.execute(RequestInformation("tell me a joke about skeletons"), topic="skeletons").message
    assert again.startswith("That's all I know about skeletons. Here's another: ") and first not in again


def test_a_topic_said_that_the_model_left_out_is_kept(rt):
    """"give me a funny one about dogs" was written tell_joke {} and told a joke about cows."""
    command = rt.registry.get("tell_joke")
    assert command.post_process_tool_call({}, "give me a funny one about dogs") == {"topic": "dogs"}
    assert command.post_process_tool_call({}, "got another one about the weather?") == {"topic": "weather"}
    assert command.post_process_tool_call({}, "tell me another") == {}
    from jarvis_tui.sdk import RequestInformation
    told = command.execute(RequestInformation("give me a funny one about dogs"),
                           **command.post_process_tool_call({}, "give me a funny one about dogs")).message
    assert "dog" in told.lower()


def test_one_about_something_right_after_a_joke_is_a_joke_about_it(rt):
    """"got any about the sea" after a joke went to the model, which answered "Yes, I've heard about the
    sea."; said with no joke before, it is still the model's to decide."""
    first = rt.assistant.handle_text("let's hear a joke")
    assert first.route == "pre_route" and [c.name for c in first.tool_calls] == ["tell_joke"]
    turn = rt.assistant.handle_text("got any about computers")
    assert turn.route == "pre_route" and turn.tool_calls[0].arguments == {"topic": "computers"}
    assert "comput" in turn.spoken.lower()
    assert rt.registry.get("tell_joke").pre_route("what about one on the weather") is not None
    rt.assistant.handle_text("what time is it")
    assert rt.registry.get("tell_joke").pre_route("got any about the sea") is None


@pytest.mark.parametrize("remark", ["that was a rubbish joke", "that's a terrible joke", "it was not a funny joke"])
def test_a_remark_about_a_joke_is_no_request_for_one(rt, remark):
    assert rt.registry.get("tell_joke").pre_route(remark) is None
