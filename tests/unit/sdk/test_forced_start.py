"""forced_start: the text every answer of a call-only schema starts with, and the grammar of the rest.
The rest is checked with llama.cpp's own grammar parser, and start + a rest the grammar allows must
be an answer the whole schema allows (parsed back as JSON)."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.sdk.grammar import forced_start, single_call_schema

ARGS = {"type": "object", "properties": {"num1": {"type": "number"}, "operation": {"enum": ["add", "subtract"]}},
        "required": ["num1"], "additionalProperties": False}
LABEL = {"type": "object", "properties": {"label": {"type": "string"}}, "additionalProperties": False}


def _compiles(gbnf: str) -> None:
    from llama_cpp import LlamaGrammar
    assert sum(line.startswith("root ::=") for line in gbnf.splitlines()) == 1
    LlamaGrammar.from_string(gbnf, verbose=False)       # raises on a malformed grammar or an undefined rule


def test_a_call_to_the_one_chosen_tool_starts_with_its_name_and_the_arguments_key():
    start, gbnf = forced_start(single_call_schema({"calculate": ARGS}, "tool", "args"))
    assert start == '{"tool":"calculate","args":'
    assert gbnf.splitlines()[0] == 'root ::= forced-rest "}"'
    _compiles(gbnf)
    assert json.loads(start + '{"num1": 4, "operation": "add"}' + "}") == {
        "tool": "calculate", "args": {"num1": 4, "operation": "add"}}


@pytest.mark.parametrize("required, rest, parsed", [
    (["operation", "num1"], '","num1":4}', {"operation": "add", "num1": 4}),
    (["operation"], '"}', {"operation": "add"}),
    (["operation"], '","num1":4}', {"operation": "add", "num1": 4}),
])
def test_arguments_the_router_decided_are_read_with_the_prompt_too(required, rest, parsed):
    from jarvis_tui.sdk.grammar import with_fixed_arguments
    args = dict(ARGS, required=[r for r in required if r != "operation"])
    schema = with_fixed_arguments(single_call_schema({"calculate": args}, "tool", "args"), "calculate",
                                  {"operation": "add"})
    start, gbnf = forced_start(schema)
    assert start == '{"tool":"calculate","args":{"operation":"add'       # the model's token joins '"' with what follows
    _compiles(gbnf)
    forced_rest = next(line for line in gbnf.splitlines() if line.startswith("forced-rest ::="))
    assert ("num1-kv" in forced_rest) and ('"{"' not in forced_rest)       # the rest, without the object's start
    assert forced_rest.startswith('forced-rest ::= "\\"" "," space num1-kv') == ("num1" in required)
    assert json.loads(start + rest + "}") == {"tool": "calculate", "args": parsed}


def test_a_shortlist_starts_with_the_name_key_and_each_branch_continues_with_its_own_arguments():
    schema = single_call_schema({"calculate": ARGS, "set_timer": LABEL}, "tool", "args", decline=True)
    start, gbnf = forced_start(schema)
    assert start == '{"tool":"'
    _compiles(gbnf)
    root = next(line for line in gbnf.splitlines() if line.startswith("root ::="))
    assert root == "root ::= forced-rest-0 | forced-rest-1 | forced-rest-2"
    # each branch: the rest of its own name, then that tool's argument value (calculate's, set_timer's, none's)
    branches = {line.split(" ::= ")[0]: line.split(" ::= ")[1] for line in gbnf.splitlines() if line.startswith("forced-rest-")}
    assert branches["forced-rest-0"] == r'"calculate\",\"args\":" alternative-0-args "}"'
    assert branches["forced-rest-1"] == r'"set_timer\",\"args\":" alternative-1-args "}"'
    assert branches["forced-rest-2"] == r'"none\",\"args\":" alternative-2-args "}"'
    assert json.loads(start + 'set_timer","args":{"label":"tea"}}') == {"tool": "set_timer", "args": {"label": "tea"}}


@pytest.mark.parametrize("schema", [
    single_call_schema({"calculate": ARGS}, "tool", "args", reply_key="reply"),          # or words
    {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"],
     "additionalProperties": False},
    {"type": "object", "properties": {"tool": {"const": "x"}, "args": ARGS}, "required": ["tool"],
     "additionalProperties": False},                                                     # args may be left out
    {"anyOf": [single_call_schema({"a": ARGS}, "tool", "args"), single_call_schema({"b": ARGS}, "name", "arguments")]},
    None,
])
def test_nothing_is_forced_where_the_model_has_a_choice_of_shape(schema):
    assert forced_start(schema) is None


def test_the_choices_of_a_shortlist_are_its_tool_names_after_the_shared_start():
    from jarvis_tui.sdk.grammar import call_choices
    start, names = call_choices(single_call_schema({"calculate": ARGS, "set_timer": LABEL}, "tool", "args",
                                                   None, decline=True))
    assert start == '{"tool":"' and names == ["calculate", "set_timer", "none"]
    assert all(json.loads(start + n + '","args":{}}')["tool"] == n for n in names)
    assert call_choices(single_call_schema({"calculate": ARGS}, "tool", "args")) is None     # nothing to choose
    assert call_choices(single_call_schema({"calculate": ARGS, "set_timer": LABEL}, "tool", "args", "reply")) is None
    assert call_choices(None) is None


def test_a_list_argument_holds_a_bounded_number_of_items():
    """A small model repeating one task ("make myself rich" nine times) wrote until the token limit; the
    grammar now closes a list at MAX_LIST_ITEMS (a list that declares its own maxItems keeps it)."""
    from jarvis_tui.sdk.grammar import MAX_LIST_ITEMS, schema_to_gbnf
    tasks = {"type": "object", "properties": {"tasks": {"type": "array", "items": {"type": "string"}},
                                              "few": {"type": "array", "items": {"type": "string"}, "maxItems": 2}},
             "additionalProperties": False}
    schema = single_call_schema({"todo_list": tasks}, "tool", "args")
    props = schema["properties"]["args"]["properties"]
    assert props["tasks"]["maxItems"] == MAX_LIST_ITEMS and props["few"]["maxItems"] == 2
    assert "maxItems" not in tasks["properties"]["tasks"]              # the command's own schema is not changed
    _compiles(schema_to_gbnf(schema))
    start, gbnf = forced_start(schema)
    _compiles(gbnf)


def test_the_prompts_schema_bounds_every_list_argument():
    from jarvis_tui.commands_registry import discover_commands
    from jarvis_tui.llm.provider_factory import PromptProviderFactory
    from jarvis_tui.sdk.grammar import MAX_LIST_ITEMS
    provider = PromptProviderFactory(None).select(setting="Qwen25SmallUntrainedCompact").provider
    schema = provider.response_schema(list(discover_commands()))
    text = json.dumps(schema)
    assert schema is not None and '"type": "array"' in text
    assert text.count('"type": "array"') == text.count(f'"maxItems": {MAX_LIST_ITEMS}')
