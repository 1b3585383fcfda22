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


def test_the_model_weighs_a_shortlist_as_it_would_choose_from_it(llm_runtime):
    """weigh_choices reads the model's own next-token probabilities of each tool name after the
    prompt and the fixed start: they add up to one, the most probable is the tool the model writes
    when it chooses itself, and the prompt stays cached for the call that writes the arguments."""
    from jarvis_tui.llm.backend import ChoosingBackend
    backend = llm_runtime.assistant.brain.backend
    assert isinstance(backend, ChoosingBackend)
    names = ["get_weather", "get_current_time", "reminder", "none"]
    schema = single_call_schema({n: {"type": "object"} for n in names[:-1]}, "tool", "args", None, decline=True)
    system = ('Answer with JSON: {"tool": name, "args": {...}}. Tools: get_weather (the weather), '
              'get_current_time (the time and date), reminder (reminders and calendar events), '
              'none (no tool fits).')
    for text, expected in (("what's the weather in paris", "get_weather"), ("what time is it", "get_current_time"),
                           ("remind me to call mom at six", "reminder"), ("play some jazz", None)):
        messages = [{"role": "system", "content": system}, {"role": "user", "content": text}]
        weights = backend.weigh_choices(messages, '{"tool":"', names)
        assert set(weights) == set(names) and abs(sum(weights.values()) - 1.0) < 1e-6
        best = max(weights, key=weights.__getitem__)
        written = json.loads(backend.complete(messages, json_schema=schema, max_tokens=48).text)["tool"]
        assert best == written and expected in (None, best), (text, weights, written)
        again = backend.complete(messages, json_schema=schema, max_tokens=48)
        assert again.cached_tokens >= again.prompt_tokens - 2       # weighing left the prompt in the cache


def test_a_decided_choice_argument_is_read_and_the_model_still_writes_the_rest(llm_runtime):
    """The router decided the action from the command's examples (`with_fixed_arguments`): it is read
    with the prompt, and the model still copies the user's words into the other arguments, as it
    does when it writes the action itself (cut after the value's closing quote, it closed the object
    at once: "cancel my yoga reminder" became a delete with no text)."""
    from jarvis_tui.sdk.grammar import with_fixed_arguments
    args = {"type": "object", "properties": {"action": {"enum": ["set", "list", "delete"]}, "text": {"type": "string"},
                                             "time": {"type": "string"}},
            "required": ["action"], "additionalProperties": False}
    schema = with_fixed_arguments(single_call_schema({"reminder": args}, "tool", "args"), "reminder",
                                  {"action": "delete"})
    system = ('Answer with JSON: {"tool": "reminder", "args": {"action": ..., "text": what the reminder says, '
              '"time": "HH:MM"}}.')
    for said in ("cancel my yoga reminder", "delete the reminder about the dentist"):
        messages = [{"role": "system", "content": system}, {"role": "user", "content": said}]
        forced, written = _with_and_without_start(llm_runtime.assistant.brain.backend, messages, schema)
        assert forced.text.startswith('{"tool":"reminder","args":{"action":"delete')
        call = json.loads(forced.text)
        assert call["args"] == json.loads(written.text)["args"], (said, forced.text, written.text)
        assert call["args"]["action"] == "delete" and call["args"].get("text"), (said, forced.text)
