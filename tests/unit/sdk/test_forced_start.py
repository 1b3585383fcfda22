"""forced_start / rest_gbnf: the text every answer of a one-shape schema starts with, and the grammar
of the rest. Checked with llama.cpp's own grammar parser, and that start + any text the rest's
grammar allows is an answer the whole schema allows."""
from __future__ import annotations

import json

import pytest

from jarvis_tui.sdk.grammar import forced_start, rest_gbnf, single_call_schema

ARGS = {"type": "object", "properties": {"num1": {"type": "number"}, "operation": {"enum": ["add", "subtract"]}},
        "required": ["num1"], "additionalProperties": False}


def test_a_call_to_the_one_chosen_tool_starts_with_its_name_and_the_arguments_key():
    start, rest = forced_start(single_call_schema({"calculate": ARGS}, "tool", "args"))
    assert start == '{"tool": "calculate", "args": '
    assert rest == ARGS
    # start + an argument object + the closing brace is the whole call
    assert json.loads(start + '{"num1": 4, "operation": "add"}' + "}") == {
        "tool": "calculate", "args": {"num1": 4, "operation": "add"}}


@pytest.mark.parametrize("schema", [
    single_call_schema({"calculate": ARGS, "set_timer": ARGS}, "tool", "args"),          # a choice of tools
    single_call_schema({"calculate": ARGS}, "tool", "args", decline=True),               # or "no command fits"
    single_call_schema({"calculate": ARGS}, "tool", "args", reply_key="reply"),          # or words
    {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"],
     "additionalProperties": False},
    {"type": "object", "properties": {"tool": {"const": "x"}, "args": ARGS}, "required": ["tool"],
     "additionalProperties": False},                                                     # args may be left out
    None,
])
def test_nothing_is_forced_where_the_model_has_a_choice(schema):
    assert forced_start(schema) is None


def test_the_rest_grammar_compiles_and_ends_the_object():
    from llama_cpp import LlamaGrammar
    gbnf = rest_gbnf(ARGS)
    assert gbnf.splitlines()[0] == 'root ::= forced-rest "}"'
    assert sum(line.startswith("root ::=") for line in gbnf.splitlines()) == 1
    LlamaGrammar.from_string(gbnf, verbose=False)       # raises on a malformed grammar
