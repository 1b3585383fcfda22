"""Words that name what the last reply told: "take the teabags off, found some" right after "Your
shopping list has 3 items: toilet paper, teabags and oat milk." was declined by the router ("Sorry, I
can't help with that yet."): it knows "take X off my list", not "take the teabags off" with nothing
named. Such words continue the conversation, so the router may not decline them on its own: the model
decides, with the command that told it first in the shortlist, and may still decline. The same words
after an unrelated reply are declined as before. Real commands and router; the scripted LLM of the
brain's unit tests."""
from __future__ import annotations

import json
import pytest

from jarvis_tui.assistant.intent_router import OUT_OF_SCOPE
from jarvis_tui.sdk.grounding import named_from_reply

LIST_READ = "Your shopping list has 3 items: toilet paper, teabags and oat milk."


@pytest.mark.parametrize("text,reply,asked,named", [
    ("take the teabags off, found some", LIST_READ, "read me back the shopping", ["teabags"]),
    ("the teabag can go", LIST_READ, "what's on my shopping list", ["teabag"]),
    ("scrap the oat milk", LIST_READ, "", ["oat", "milk"]),
    ("get rid of the jam, we've got loads", "Your shopping list has 3 items: bread, butter and jam.", "", ["jam"]),
    # words the user said in the request the reply answered, or generic ones, name nothing it told
    ("book a train to leeds", "It's sunny in Leeds today.", "what's the weather in leeds", []),
    ("what's on my christmas list", LIST_READ, "read my list", []),
    ("what time is it", "It's 2:39 PM.", "time please", []),
    ("play something", LIST_READ, "", []),
])
def test_the_words_named_by_the_last_reply(text, reply, asked, named):
    assert named_from_reply(text, reply, asked) == named




def _no_command_first(runtime, monkeypatch):
    router = runtime.assistant.router
    rest = [c for c in router.classes if c not in (OUT_OF_SCOPE, "shopping_list")]
    ranked = [(OUT_OF_SCOPE, 0.52), ("shopping_list", 0.26)] + [(c, 0.22 / len(rest)) for c in rest]
    real = router.rank
    monkeypatch.setattr(router, "rank", lambda text: ranked if "teabags off" in text else real(text))


def test_the_model_decides_words_that_name_what_the_list_read_said(runtime, model_writes, monkeypatch):
    backend = model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "remove", "items": ["teabags"]}})])
    runtime.assistant.handle_text("add toilet paper, teabags and oat milk to my shopping list")
    read = runtime.assistant.handle_text("what's on my shopping list")
    assert "teabags" in read.spoken
    _no_command_first(runtime, monkeypatch)
    turn = runtime.assistant.handle_text("take the teabags off, found some")
    assert len(backend.requests) == 1 and turn.route == "llm"
    assert turn.router_result.shortlist[0] == "shopping_list"
    # a guessed removal is asked first ("A guess never destroys")
    assert turn.spoken == "Remove teabags from your shopping list?"


def test_the_same_words_after_another_reply_are_declined_without_the_model(runtime, model_writes, monkeypatch):
    backend = model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "remove", "items": ["teabags"]}})])
    runtime.assistant.handle_text("what time is it")
    _no_command_first(runtime, monkeypatch)
    turn = runtime.assistant.handle_text("take the teabags off, found some")
    assert backend.requests == [] and turn.tool_calls == [] and turn.route == "none"
