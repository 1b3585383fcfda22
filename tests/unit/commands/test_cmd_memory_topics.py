"""recall and forget by what a request is about: a question about a topic no memory is about says so
("what's my wifi password" listed every memory), and a memory is forgotten by a description
("forget where i parked" asked "What topic should I use?"), after a Yes where the match is a guess."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from command_helpers import ask
from jarvis_tui.runtime import Runtime
from jarvis_tui.sdk import RequestInformation

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend

CAR = "remember that my car is parked on level 2 row c"


def _remember(rt, *facts: str) -> None:
    for fact in facts:
        assert ask(rt, fact)[1].success, fact


def _scripted_model(rt, outputs: list[str]) -> ScriptedBackend:
    """The real turn with a scripted model in place of the LLM (the router and grounding are real)."""
    from jarvis_tui.assistant.conversation import ConversationBrain
    from jarvis_tui.llm.provider_factory import PromptProviderFactory

    backend = ScriptedBackend(outputs)
    rt.assistant.brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.services.llm = rt.assistant.brain.answerer
    return backend


@pytest.fixture
def routed(isolated_dirs):
    rt = Runtime.create()
    yield rt
    rt.close()


def test_a_question_about_a_topic_no_memory_is_about_says_so(routed):
    """The report: the model called recall with no topic, and it listed the car."""
    _remember(routed, CAR)
    _scripted_model(routed, [json.dumps({"tool": "recall", "args": {}})])
    turn = routed.assistant.handle_text("what's my wifi password")
    assert [c.name for c in turn.tool_calls] == ["recall"]
    assert turn.spoken == "I don't have anything saved about your wifi password."


@pytest.mark.parametrize("question,about", [
    ("what's my wifi password", "your wifi password"),
    ("what is my bank pin", "your bank pin"),
    ("do you know my blood type", "your blood type"),
    ("what's our door code", "your door code"),
    ("remind me what my sister's phone number is", "your sister's phone number"),
    ("when is my dentist appointment", "your dentist appointment"),
    ("what did i tell you about the boiler", "the boiler"),
])
def test_recall_never_lists_unrelated_memories_for_a_topic(rt, question, about):
    _remember(rt, CAR)
    recall = rt.registry.get("recall")
    for model_args in ({}, {"topic": ""}):
        args = recall.post_process_tool_call(dict(model_args), question)
        r = recall.execute(RequestInformation(question), **args)
        assert r.message == f"I don't have anything saved about {about}.", (question, model_args)


@pytest.mark.parametrize("question", ["what do you remember about me", "what do you know about me",
                                      "what have i asked you to remember", "show me everything you remember",
                                      "tell me what you know about me", "what have you got saved"])
def test_a_question_about_everything_still_lists_everything(rt, question):
    _remember(rt, CAR, "remember my favourite tea is earl grey")
    recall = rt.registry.get("recall")
    args = recall.post_process_tool_call({}, question)
    assert args == {}
    assert recall.execute(RequestInformation(question), **args).message == \
        "I remember 2 things: your car is parked on level 2 row c and your favourite tea is earl grey."


def test_a_question_about_a_stored_topic_is_answered_from_it(rt):
    _remember(rt, CAR)
    recall = rt.registry.get("recall")
    for question in ("where's my car", "where did i park"):
        args = recall.post_process_tool_call({}, question)
        assert recall.execute(RequestInformation(question), **args).message == "Your car is parked on level 2 row c."
    # a topic the model wrote from the user's words is kept
    assert recall.post_process_tool_call({"topic": "car"}, "where's my car") == {"topic": "car"}


MEMORIES = (CAR, "remember that the spare key is under the blue pot", "remember my gym locker is number 18",
            "remember my favourite tea is earl grey")


@pytest.mark.parametrize("said,asked", [
    # the phrasings of the report
    ("forget where i parked", "Forget that your car is parked on level 2 row c?"),
    ("forget what i said about the key", "Forget that the spare key is under the blue pot?"),
    ("delete the memory about my locker", "Forget that your gym locker is number 18?"),
    ("you can forget my parking spot", "Forget that your car is parked on level 2 row c?"),
    # not looked at while fixing
    ("please forget where i left the car", "Forget that your car is parked on level 2 row c?"),
    ("erase what i told you about the key", "Forget that the spare key is under the blue pot?"),
    ("stop remembering where i parked", "Forget that your car is parked on level 2 row c?"),
    ("delete the note about my locker number", "Forget that your gym locker is number 18?"),
    ("remove my parking spot from your memory", "Forget that your car is parked on level 2 row c?"),
    ("forget where the key is", "Forget that the spare key is under the blue pot?"),
    ("forget what i told you about the tea", "Forget that your favourite tea is earl grey?"),
])
def test_a_memory_described_is_found_and_forgotten_after_a_yes(rt, said, asked):
    _remember(rt, *MEMORIES)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["forget"]
    assert turn.spoken == asked and r.wait_for_input and len(rt.store.memories.all()) == 4   # nothing gone yet
    asked_about = r.context_data["memory_id"]
    turn = rt.assistant.handle_text("yes")
    assert turn.spoken == "OK, I've forgotten that " + asked[len("Forget that "):-1] + "."
    assert sorted(m["id"] for m in rt.store.memories.all()) == sorted({1, 2, 3, 4} - {asked_about})


def test_no_keeps_the_memory(rt):
    _remember(rt, *MEMORIES)
    ask(rt, "forget where i parked")
    assert rt.assistant.handle_text("no").spoken == "OK, I kept it."
    assert len(rt.store.memories.all()) == 4


@pytest.mark.parametrize("said,spoken", [
    ("forget my favourite tea", "OK, I've forgotten your favourite tea."),
    ("erase what i told you about the spare key", "OK, I've forgotten your spare key."),
    ("delete the note about my gym locker", "OK, I've forgotten your gym locker."),
    ("please forget where my car is", "OK, I've forgotten your car."),
])
def test_a_memory_named_by_its_topic_is_forgotten_at_once(rt, said, spoken):
    _remember(rt, *MEMORIES)
    turn, r = ask(rt, said)
    assert turn.spoken == spoken and not r.wait_for_input
    assert len(rt.store.memories.all()) == 3


@pytest.mark.parametrize("said,about", [
    ("delete the memory about my passport", "your passport"),
    ("forget what i said about the boiler", "the boiler"),
    ("remove my wifi password from your memory", "your wifi password"),
])
def test_nothing_matching_a_description_says_so(rt, said, about):
    _remember(rt, *MEMORIES)
    turn, r = ask(rt, said)
    assert [c.name for c in turn.tool_calls] == ["forget"]
    assert turn.spoken == f"I don't have anything saved about {about}." and len(rt.store.memories.all()) == 4


def test_a_description_the_model_left_out_is_taken_from_the_words(routed):
    """The report: the model called forget with no topic, and it asked "What topic should I use?"."""
    _remember(routed, "remember that the spare key is under the blue pot")
    _scripted_model(routed, [json.dumps({"tool": "forget", "args": {}})])
    turn = routed.assistant.handle_text("forget where i parked")
    assert [c.name for c in turn.tool_calls] == ["forget"]
    assert turn.spoken == "I don't have anything saved about where you parked."
    assert len(routed.store.memories.all()) == 1
    forget = routed.registry.get("forget")
    assert forget.post_process_tool_call({}, "you can forget my parking spot") == {"topic": "parking spot"}


def test_a_guessed_forget_asks_once(rt):
    """A described memory asks with the command's own Yes/No; the assistant's question for a guessed
    call is left to a memory named exactly (so a guess is never asked twice)."""
    _remember(rt, *MEMORIES)
    forget = rt.registry.get("forget")
    assert forget.confirmation_question({"topic": "where i parked"}) is None
    r = forget.execute(RequestInformation("forget where i parked"), topic="where i parked")
    assert r.wait_for_input and r.message == "Forget that your car is parked on level 2 row c?"
    assert [a.button_action for a in r.actions] == ["forget_memory", "cancel_click"]
    assert len(rt.store.memories.all()) == 4
    assert forget.confirmation_question({"topic": "favourite tea"}) == "Forget that your favourite tea is earl grey?"


@pytest.mark.parametrize("said", ["forget it", "forget what i just said", "forget about it", "delete my shopping list",
                                  "forget about the pasta timer", "remove milk from my shopping list",
                                  "delete my reminder to call mom", "forget the meeting"])
def test_forget_claims_nothing_that_is_not_about_a_memory(rt, said):
    _remember(rt, *MEMORIES)
    assert rt.registry.get("forget").pre_route(said) is None


@pytest.mark.parametrize("question,answer", [("who is my doctor", "Your doctor is dr patel."),
                                             ("where is my car", "Your car is on level 3.")])
def test_who_and_where_questions_about_a_memory_are_answered_from_it(rt, question, answer):
    """"who is my doctor" went to answer_question, and the model made up "Dr. Jane Smith"."""
    ask(rt, "remember that my doctor is dr patel")
    ask(rt, "remember that my car is on level 3")
    turn, _ = ask(rt, question)
    assert turn.route == "pre_route" and turn.spoken == answer


@pytest.mark.parametrize("said", ["forget everything you know about me", "delete all my memories", "wipe your memory"])
def test_forgetting_everything_asks_first_and_yes_forgets_all(rt, said):
    """"forget everything you know about me" answered "I don't have anything saved about everything you know about you"."""
    ask(rt, "remember that my doctor is dr patel")
    ask(rt, "remember that my car is on level 3")
    turn, _ = ask(rt, said)
    assert turn.spoken == "Forget all 2 things you asked me to remember?" and len(rt.store.memories.all()) == 2
    ask(rt, "no")
    assert len(rt.store.memories.all()) == 2
    ask(rt, said)
    turn, _ = ask(rt, "yes")
    assert rt.store.memories.all() == [] and turn.spoken == "OK, I've forgotten everything you asked me to remember."


def test_who_is_a_person_with_no_memory_is_not_claimed(rt):
    turn, _ = ask(rt, "who is the president of france")
    assert turn.route != "pre_route" or turn.tool_calls[0].name != "recall"
    turn, _ = ask(rt, "who is my doctor")             # nothing saved: not claimed by recall's fast path
    assert turn.route != "pre_route"
