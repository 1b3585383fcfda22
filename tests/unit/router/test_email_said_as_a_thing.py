""""keep this email in my contacts" drafted a message and asked who it goes to: "email" said as the thing, not the
doing, gives the model's draft no action, and nothing is drafted. The runtime, commands and router are real; the model's words are scripted."""
from __future__ import annotations

import json


def test_a_request_about_an_email_as_a_thing_drafts_nothing(runtime, model_writes):
    model_writes([json.dumps({"tool": "email", "args": {"action": "draft"}})])
    turn = runtime.assistant.handle_text("keep this email in my contacts")
    # declined as what it cannot do yet (the router's topic), or asked again: no draft, no question who it goes to
    assert turn.tool_calls == [] and turn.spoken.startswith(("I can't", "Sorry")), turn.spoken
    assert runtime.assistant.registry.get("email").pre_route("keep this email in my contacts") is None


def test_an_email_asked_for_is_still_drafted(runtime, model_writes):
    model_writes([json.dumps({"tool": "email", "args": {"action": "draft", "to": "tom@example.com",
                                                         "body": "The car is ready"}})])
    turn = runtime.assistant.handle_text("email tom@example.com saying the car is ready")
    assert [c.name for c in turn.tool_calls] == ["email"] and turn.tool_calls[0].arguments["action"] == "draft"
