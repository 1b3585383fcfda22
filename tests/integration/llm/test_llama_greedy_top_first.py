"""The real model's greedy calls ask the grammar about its top token first (LlamaCppBackend._greedy):
the text is the one llama-cpp-python's constrained sampler writes (the grammar over the whole
vocabulary at every step), for calls, shortlists, declines and free text, and stop strings, the
token limit and a stop from on_text behave as they did."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.sdk.grammar import single_call_schema

pytestmark = pytest.mark.model

TIMER = {"type": "object", "properties": {"duration_seconds": {"type": "integer"}, "label": {"type": "string"}},
         "required": ["duration_seconds"], "additionalProperties": False}
WEATHER = {"type": "object", "properties": {"city": {"type": "string"}}, "additionalProperties": False}
SYSTEM = ('Tools: set_timer, get_weather. Answer with JSON: {"tool":"<name>","args":{...}}; '
          '{"tool":"none","args":{}} if none fits.')


def _both(backend, messages, **kw):
    """The same request written by the top-first loop and by llama-cpp-python's sampler."""
    saved = backend.greedy_top_first
    try:
        backend.greedy_top_first = True
        top_first = backend.complete(messages, **kw)
        backend.greedy_top_first = False
        sampled = backend.complete(messages, **kw)
    finally:
        backend.greedy_top_first = saved
    return top_first, sampled


@pytest.mark.parametrize("text", ["set a timer for ten minutes for the pasta", "is it going to rain in Oslo",
                                  "play some jazz", "wake me up in half an hour, call it nap"])
def test_constrained_calls_are_the_ones_the_sampler_writes(llm_runtime, text):
    backend = llm_runtime.assistant.brain.backend
    schema = single_call_schema({"set_timer": TIMER, "get_weather": WEATHER}, "tool", "args", decline=True)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": text}]
    top_first, sampled = _both(backend, messages, json_schema=schema, max_tokens=48)
    assert top_first.text == sampled.text and top_first.finish_reason == sampled.finish_reason == "stop"
    call = json.loads(top_first.text)                       # the grammar held: a whole call
    assert call["tool"] in {"set_timer", "get_weather", "none"}


def test_a_grammar_that_forbids_the_models_choice_is_obeyed(llm_runtime):
    """The user asks about the weather, the grammar allows only a timer: the model's top token is
    rejected at the tool name and the whole vocabulary is asked, as the sampler would."""
    backend = llm_runtime.assistant.brain.backend
    schema = single_call_schema({"set_timer": TIMER}, "tool", "args")
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "what's the weather in Paris"}]
    top_first, sampled = _both(backend, messages, json_schema=schema, max_tokens=48)
    assert top_first.text == sampled.text
    assert json.loads(top_first.text)["tool"] == "set_timer"
    assert isinstance(json.loads(top_first.text)["args"]["duration_seconds"], int)


def test_free_text_with_a_stop_string_and_the_token_limit(llm_runtime):
    backend = llm_runtime.assistant.brain.backend
    messages = [{"role": "user", "content": "Count from one to twenty in words, separated by commas."}]
    top_first, sampled = _both(backend, messages, max_tokens=64, stop=["Five"])
    assert top_first.text == sampled.text and "Five" not in top_first.text and "Four" in top_first.text
    assert top_first.finish_reason == "stop"
    short, short_sampled = _both(backend, messages, max_tokens=3)
    assert short.text == short_sampled.text and short.finish_reason == "length"
    assert 1 <= short.completion_tokens <= 3


def test_on_text_stops_the_loop(llm_runtime):
    backend = llm_runtime.assistant.brain.backend
    seen: list[str] = []
    out = backend.complete([{"role": "user", "content": "Tell me a long story about a dragon."}], max_tokens=100,
                           on_text=lambda piece: seen.append(piece) or len(seen) < 3)
    assert out.finish_reason == "stopped" and len(seen) == 3 and out.text == "".join(seen)
