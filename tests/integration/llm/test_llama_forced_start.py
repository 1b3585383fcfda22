"""The real model with call-only schemas (the router chose the tool, or a shortlist): the calls' fixed
start is read with the prompt, the model writes only the rest, and the call is the one it writes
without it."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.sdk.grammar import single_call_schema

pytestmark = pytest.mark.model


def _with_and_without_start(backend, messages, schema):
    """The same request with the fixed start read with the prompt, then written by the model."""
    saved = backend.force_start
    try:
        backend.force_start = True
        forced = backend.complete(messages, json_schema=schema, max_tokens=48)
        backend.force_start = False
        written = backend.complete(messages, json_schema=schema, max_tokens=48)
    finally:
        backend.force_start = saved
    return forced, written


def test_a_chosen_tool_is_not_written_token_by_token(llm_runtime):
    args = {"type": "object", "properties": {"num1": {"type": "number"}, "num2": {"type": "number"},
                                             "operation": {"enum": ["add", "subtract", "multiply", "divide"]}},
            "required": ["num1", "num2", "operation"], "additionalProperties": False}
    schema = single_call_schema({"calculate": args}, "tool", "args")
    messages = [{"role": "system", "content": 'Answer with JSON: {"tool": name, "args": {...}}.'},
                {"role": "user", "content": "what is 12 times 7"}]
    forced, written = _with_and_without_start(llm_runtime.assistant.brain.backend, messages, schema)
    assert forced.text.startswith('{"tool":"calculate","args":')
    call = json.loads(forced.text)
    assert call["tool"] == "calculate" and call["args"] == json.loads(written.text)["args"]
    assert forced.completion_tokens < written.completion_tokens     # the fixed start was not generated


def test_a_shortlist_choice_is_the_same_with_its_start_read(llm_runtime):
    timer = {"type": "object", "properties": {"duration_seconds": {"type": "integer"}, "label": {"type": "string"}},
             "required": ["duration_seconds"], "additionalProperties": False}
    weather = {"type": "object", "properties": {"city": {"type": "string"}}, "additionalProperties": False}
    schema = single_call_schema({"set_timer": timer, "get_weather": weather}, "tool", "args", decline=True)
    messages = [{"role": "system", "content": 'Tools: set_timer, get_weather. Answer with JSON: '
                                              '{"tool":"<name>","args":{...}}; {"tool":"none","args":{}} if none fits.'},
                {"role": "user", "content": "is it going to rain in Oslo"}]
    forced, written = _with_and_without_start(llm_runtime.assistant.brain.backend, messages, schema)
    assert forced.text.startswith('{"tool":"')
    assert json.loads(forced.text) == json.loads(written.text)
    assert json.loads(forced.text)["tool"] in {"set_timer", "get_weather", "none"}
