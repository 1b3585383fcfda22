"""ToolCallParser: tolerant reading of model output, never raising, unknown tools reported."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from jarvis_tui.assistant.tool_calls import ToolCallParser, extract_json_values, loads_lenient

TOOLS = ["set_timer", "get_weather", "calculate"]


def parse(data):
    return ToolCallParser(TOOLS).parse(data)


def test_jarvis_json_with_one_call():
    out = parse({"message": "", "tool_calls": [{"name": "set_timer", "arguments": {"duration_seconds": 60}}], "error": None})
    assert out.calls == [{"name": "set_timer", "arguments": {"duration_seconds": 60}}]
    assert out.rejected == [] and out.message is None


def test_string_encoded_arguments_and_function_wrapper():
    out = parse({"tool_calls": [{"function": {"name": "calculate", "arguments": '{"num1": 2, "num2": 3, "operation": "add"}'}}]})
    assert out.calls == [{"name": "calculate", "arguments": {"num1": 2, "num2": 3, "operation": "add"}}]


def test_doubly_encoded_arguments():
    inner = json.dumps(json.dumps({"city": "Paris"}))
    out = parse(f'{{"name": "get_weather", "arguments": {inner}}}')
    assert out.calls[0]["arguments"] == {"city": "Paris"}


def test_comments_trailing_commas_and_prose():
    raw = 'Sure! Here you go:\n{"name": "set_timer", // the timer\n "arguments": {"duration_seconds": 300,}, /* done */}\nHope that helps.'
    out = parse(raw)
    assert out.calls == [{"name": "set_timer", "arguments": {"duration_seconds": 300}}]


def test_unknown_tool_and_non_dict_arguments_are_rejected_not_called():
    out = parse({"tool_calls": [{"name": "launch_rockets", "arguments": {}},
                                {"name": "set_timer", "arguments": "five minutes"},
                                {"name": "get_weather", "arguments": [1, 2]}]})
    assert out.calls == []
    reasons = [r["reason"] for r in out.rejected]
    assert "unknown tool 'launch_rockets'" in reasons[0]
    assert "not an object" in reasons[1] and "not an object" in reasons[2]


def test_tool_args_spelling_and_case_folding():
    out = parse('{"tool": "Set_Timer", "args": {"duration_seconds": 5}}')
    assert out.calls == [{"name": "set_timer", "arguments": {"duration_seconds": 5}}]


def test_several_calls_in_a_list():
    out = parse('[{"name": "set_timer", "arguments": {"duration_seconds": 5}}, {"name": "get_weather"}]')
    assert [c["name"] for c in out.calls] == ["set_timer", "get_weather"]
    assert out.calls[1]["arguments"] == {}


def test_plain_text_is_a_message():
    out = parse("The capital of France is Paris.")
    assert out.calls == [] and out.message == "The capital of France is Paris."


def test_truncated_json_is_closed():
    values = extract_json_values('{"name": "set_timer", "arguments": {"duration_seconds": 30')
    assert values == [{"name": "set_timer", "arguments": {"duration_seconds": 30}}]


def test_python_literals():
    assert loads_lenient("{'a': True}".replace("'", '"')) == {"a": True}


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.binary().map(lambda b: b.decode("latin-1")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
                              max_leaves=10)))
def test_never_raises_and_only_known_tools_pass(data):
    out = parse(data)
    assert all(c["name"] in TOOLS for c in out.calls)
    assert all(isinstance(c["arguments"], dict) for c in out.calls)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(TOOLS), st.dictionaries(st.sampled_from(["a", "b", "label"]), st.integers() | st.text(max_size=5), max_size=3),
       st.text(alphabet="abc .!?\n", max_size=20), st.text(alphabet="abc .!?\n", max_size=20))
def test_a_call_survives_surrounding_prose(name, args, before, after):
    raw = before + json.dumps({"name": name, "arguments": args}) + after
    out = parse(raw)
    assert out.calls == [{"name": name, "arguments": args}]
