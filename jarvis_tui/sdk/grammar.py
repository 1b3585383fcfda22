"""Constrained output: JSON schemas built from the active tools' argument schemas, and GBNF
grammars built from them for llama.cpp. A constrained call can only name a real tool, with
arguments typed as that tool declares them (anyOf, one branch per tool)."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping


def call_alternatives(tool_args: Mapping[str, dict[str, Any]], name_key: str = "name",
                      args_key: str = "arguments") -> list[dict[str, Any]]:
    """One object schema per tool: {name_key: const name, args_key: that tool's argument schema}."""
    out = []
    for name in sorted(tool_args):
        out.append({
            "type": "object",
            "properties": {name_key: {"const": name}, args_key: tool_args[name]},
            "required": [name_key, args_key],
            "additionalProperties": False,
        })
    return out


DECLINE_TOOL = "none"


def single_call_schema(tool_args: Mapping[str, dict[str, Any]], name_key: str = "name",
                       args_key: str = "arguments", reply_key: str | None = None,
                       decline: bool = False) -> dict[str, Any]:
    """A call to exactly one tool, or (reply_key given) {reply_key: "text"} for a direct answer, or
    (decline) the call {name_key: "none", args_key: {}} that says no tool fits the request."""
    alts = call_alternatives(tool_args, name_key, args_key)
    if decline:
        alts.append({"type": "object",
                     "properties": {name_key: {"const": DECLINE_TOOL},
                                    args_key: {"type": "object", "properties": {}, "additionalProperties": False}},
                     "required": [name_key, args_key], "additionalProperties": False})
    if reply_key:
        alts.append({"type": "object", "properties": {reply_key: {"type": "string"}},
                     "required": [reply_key], "additionalProperties": False})
    if not alts:
        raise ValueError("no tools and no direct answer: nothing the model could say")
    return alts[0] if len(alts) == 1 else {"anyOf": alts}


def jarvis_json_schema(tool_args: Mapping[str, dict[str, Any]], max_calls: int = 3) -> dict[str, Any]:
    """{"message": str, "tool_calls": [call, ...]} with calls typed per tool."""
    alts = call_alternatives(tool_args)
    calls: dict[str, Any] = {"type": "array", "maxItems": max_calls}
    if alts:
        calls["items"] = alts[0] if len(alts) == 1 else {"anyOf": alts}
    else:
        calls["maxItems"] = 0
    return {"type": "object", "properties": {"message": {"type": "string"}, "tool_calls": calls},
            "required": ["message", "tool_calls"], "additionalProperties": False}


def schema_to_gbnf(schema: dict[str, Any]) -> str:
    """GBNF text for a JSON schema (llama.cpp's own converter)."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf
    return json_schema_to_gbnf(json.dumps(schema))


def forced_start(schema: dict[str, Any] | None) -> tuple[str, dict[str, Any]] | None:
    """The text every output of `schema` starts with, and the schema of the value that follows it,
    when the schema allows one shape only: an object of exactly two required properties whose first
    is a constant ({"tool": "calculate", "args": {...}}, a call the router has already chosen). A
    backend can read that text as part of the prompt (one batch) instead of writing it token by
    token under the grammar. None for anything else (alternatives, free text)."""
    if not isinstance(schema, dict) or schema.get("type") != "object" or schema.get("additionalProperties") is not False:
        return None
    props = schema.get("properties") or {}
    keys = list(props)
    if len(keys) != 2 or list(schema.get("required") or []) != keys:
        return None
    first, rest = keys
    if not isinstance(props[first], dict) or "const" not in props[first] or not isinstance(props[rest], dict):
        return None
    start = "{" + json.dumps(first) + ": " + json.dumps(props[first]["const"]) + ", " + json.dumps(rest) + ": "
    return start, props[rest]


def rest_gbnf(rest_schema: dict[str, Any]) -> str:
    """The grammar of what follows `forced_start`'s text: the last value, then the closing brace."""
    body = re.sub(r"^root ::=", "forced-rest ::=", schema_to_gbnf(rest_schema), count=1, flags=re.M)
    return 'root ::= forced-rest "}"\n' + body


def tagged_gbnf(schema: dict[str, Any], open_tag: str = "<tool_call>\n", close_tag: str = "\n</tool_call>",
                allow_text: bool = True) -> str:
    """A grammar for '<tool_call>\\n{json}\\n</tool_call>' (one or more), or plain text."""
    body = schema_to_gbnf(schema)
    body = body.replace("root ::=", "call ::=", 1)
    tagged = f"{json.dumps(open_tag)} call {json.dumps(close_tag)}"   # GBNF string literals use JSON escapes
    root = f"root ::= ({tagged})+" + (" | text" if allow_text else "")
    text_rule = '\ntext ::= [^<] [^\\x00]*' if allow_text else ""
    return f"{root}\n{body}{text_rule}\n"
