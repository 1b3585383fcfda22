"""The real model with a one-shape schema (the router chose the tool): the call's fixed start is read
with the prompt, the model writes only the arguments, and the call is the one it writes without it."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.sdk.grammar import single_call_schema

pytestmark = pytest.mark.model


def test_a_chosen_tool_is_not_written_token_by_token(llm_runtime):
    backend = llm_runtime.assistant.brain.backend
    args = {"type": "object", "properties": {"num1": {"type": "number"}, "num2": {"type": "number"},
                                             "operation": {"enum": ["add", "subtract", "multiply", "divide"]}},
            "required": ["num1", "num2", "operation"], "additionalProperties": False}
    schema = single_call_schema({"calculate": args}, "tool", "args")
    messages = [{"role": "system", "content": 'Answer with JSON: {"tool": name, "args": {...}}.'},
                {"role": "user", "content": "what is 12 times 7"}]
    saved = backend.force_start
    try:
        backend.force_start = True
        forced = backend.complete(messages, json_schema=schema, max_tokens=48)
        backend.force_start = False
        written = backend.complete(messages, json_schema=schema, max_tokens=48)
    finally:
        backend.force_start = saved
    assert forced.text.startswith('{"tool": "calculate", "args": ')
    call = json.loads(forced.text)
    assert call["tool"] == "calculate" and call["args"] == json.loads(written.text)["args"]
    assert forced.completion_tokens < written.completion_tokens     # the fixed start was not generated
