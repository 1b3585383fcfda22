"""Constrained output: JSON schemas built from the active tools' argument schemas, and GBNF
grammars built from them for llama.cpp. A constrained call can only name a real tool, with
arguments typed as that tool declares them (anyOf, one branch per tool)."""
from __future__ import annotations

import json
import re
from typing import Any, Mapping


MAX_LIST_ITEMS = 12     # items of one list argument a call may hold: a small model that repeats an item ("work",
                        # "work", ...) stops there, not at the token limit (about 15 s on two cores)


def bounded_lists(schema: Any) -> Any:
    """`schema` with every array that sets no maxItems given MAX_LIST_ITEMS (a copy)."""
    if isinstance(schema, list):
        return [bounded_lists(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bounded_lists(v) for k, v in schema.items()}
    if out.get("type") == "array" and "maxItems" not in out:
        out["maxItems"] = MAX_LIST_ITEMS
    return out


def call_alternatives(tool_args: Mapping[str, dict[str, Any]], name_key: str = "name",
                      args_key: str = "arguments") -> list[dict[str, Any]]:
    """One object schema per tool: {name_key: const name, args_key: that tool's argument schema, its
    lists bounded (`bounded_lists`)}."""
    out = []
    for name in sorted(tool_args):
        out.append({
            "type": "object",
            "properties": {name_key: {"const": name}, args_key: bounded_lists(tool_args[name])},
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


def _call_shape(alt: Any) -> tuple[str, Any, str, dict[str, Any]] | None:
    """(name key, constant name, arguments key, arguments schema) of an object schema of exactly two
    required properties whose first is a constant: a call to one named tool."""
    if not isinstance(alt, dict) or alt.get("type") != "object" or alt.get("additionalProperties") is not False:
        return None
    props = alt.get("properties") or {}
    keys = list(props)
    if len(keys) != 2 or list(alt.get("required") or []) != keys:
        return None
    first, rest = keys
    if not isinstance(props[first], dict) or "const" not in props[first] or not isinstance(props[rest], dict):
        return None
    return first, props[first]["const"], rest, props[rest]


def with_fixed_arguments(schema: dict[str, Any] | None, tool: str, values: Mapping[str, Any]) -> dict[str, Any] | None:
    """`schema` with `tool`'s arguments in `values` fixed (each a required constant, first in order),
    for a call the router has already decided part of ("what alarms have i got": `reminder` with
    action "list"): the model writes the rest. A copy; `schema` unchanged when it has no call to
    `tool` whose arguments declare those names (a provider of another shape, a free-text one)."""
    if not isinstance(schema, dict) or not values:
        return schema
    multi = set(schema) == {"anyOf"} and isinstance(schema["anyOf"], list)
    alts = list(schema["anyOf"]) if multi else [schema]
    for i, alt in enumerate(alts):
        call = _call_shape(alt)
        if call is None or call[1] != tool:
            continue
        name_key, _, args_key, args = call
        props = args.get("properties") or {}
        if not all(k in props for k in values):
            return schema
        fixed = {k: {"const": v} for k, v in values.items()}
        new_args = dict(args, properties={**fixed, **{k: v for k, v in props.items() if k not in values}},
                        required=list(values) + [k for k in args.get("required", []) if k not in values])
        alts[i] = dict(alt, properties={**alt["properties"], args_key: new_args})
        return {"anyOf": alts} if multi else alts[0]
    return schema


def forced_start(schema: dict[str, Any] | None) -> tuple[str, str] | None:
    """The text every output of `schema` starts with, and the GBNF grammar of what may follow it,
    when every output is a call to a named tool: '{"tool":"calculate","args":' for the one tool the
    router chose, '{"tool":"' for a shortlist (JSON without optional spaces, as the providers write
    their examples). A backend reads that text with the prompt, in one batch, instead of having the
    model write tokens it has no choice about. None when the model has a choice of shape (a reply
    in words, free text) or the grammar cannot be split."""
    if not isinstance(schema, dict):
        return None
    alts = schema["anyOf"] if set(schema) == {"anyOf"} and isinstance(schema["anyOf"], list) else [schema]
    calls = [call for call in map(_call_shape, alts) if call is not None]
    if not calls or len(calls) != len(alts) or len({(name_key, args_key) for name_key, _, args_key, _ in calls}) != 1:
        return None
    name_key, const, args_key, args = calls[0]
    if len(calls) == 1:
        start = "{" + json.dumps(name_key) + ":" + json.dumps(const) + "," + json.dumps(args_key) + ":"
        gbnf = schema_to_gbnf(args)
        fixed = _leading_constants(args, gbnf)
        if fixed is not None:                   # '{"tool":"reminder","args":{"action":"list' is read too
            text, root_rest = fixed
            body = re.sub(r"^root ::=.*$", f"forced-rest ::= {root_rest}", gbnf, count=1, flags=re.M)
            return start + text, 'root ::= forced-rest "}"\n' + body
        body = re.sub(r"^root ::=", "forced-rest ::=", gbnf, count=1, flags=re.M)
        return start, 'root ::= forced-rest "}"\n' + body
    consts = [call[1] for call in calls]
    if not all(isinstance(c, str) for c in consts):
        return None
    body = schema_to_gbnf(schema)
    rests = []
    for i, const in enumerate(consts):
        value_rule = f"alternative-{i}-{args_key}"     # llama.cpp's converter's name for branch i's value
        if not re.search(rf"^{re.escape(value_rule)} ::=", body, flags=re.M):
            return None
        tail = json.dumps(const)[1:] + "," + json.dumps(args_key) + ":"      # 'calculate","args":'
        rests.append(f'forced-rest-{i} ::= {json.dumps(tail)} {value_rule} "}}"')
    root = "root ::= " + " | ".join(f"forced-rest-{i}" for i in range(len(consts)))
    body = re.sub(r"^root ::=.*$", root, body, count=1, flags=re.M)
    return "{" + json.dumps(name_key) + ':"', body.rstrip("\n") + "\n" + "\n".join(rests) + "\n"


def _leading_constants(args: dict[str, Any], gbnf: str) -> tuple[str, str] | None:
    """For an arguments object whose first properties are required constants (the choice arguments
    the router decided, `with_fixed_arguments`): the text of the object up to the last of them
    ('{"action":"list"') and what llama.cpp's converter's root rule allows after it. None when it has
    none, or the rule is not of the shape expected (then the grammar writes them, as before). The
    text stops before the last value's closing quote, which the rule then starts with."""
    props = args.get("properties") or {}
    required = list(args.get("required") or [])
    names: list[str] = []
    for name, spec in props.items():
        if not (isinstance(spec, dict) and set(spec) == {"const"} and name in required):
            break
        names.append(name)
    if not names or required[: len(names)] != names:
        return None
    root = next((line for line in gbnf.splitlines() if line.startswith("root ::= ")), None)
    head = 'root ::= "{" space ' + ' "," space '.join(re.sub(r"[^a-zA-Z0-9-]+", "-", n) + "-kv" for n in names)
    if root is None or not root.startswith(head + " "):
        return None
    if not isinstance(props[names[-1]]["const"], str):
        return None
    # up to the last value's closing quote, not past it: the model's own token there joins the quote
    # with what follows ('","' or '"}}' in Qwen's vocabulary); cut after it, the model would see a split
    # it never saw written, and closed the object at once, leaving out the words it should have copied
    text = "{" + ",".join(json.dumps(n) + ":" + json.dumps(props[n]["const"]) for n in names)[:-1]
    return text, '"\\"" ' + root[len(head):].strip()


def call_choices(schema: dict[str, Any] | None) -> tuple[str, list[str]] | None:
    """The text every output of `schema` starts with and the tool names that may follow it, when
    every output is a call to one of several named tools ('{"tool":"', ["get_weather", "none"]):
    what a backend weighs to say how likely the model finds each choice. None otherwise."""
    if not isinstance(schema, dict) or set(schema) != {"anyOf"} or not isinstance(schema["anyOf"], list):
        return None
    calls = [_call_shape(alt) for alt in schema["anyOf"]]
    if len(calls) < 2 or any(c is None for c in calls) or len({c[0] for c in calls}) != 1:   # type: ignore[index]
        return None
    names = [c[1] for c in calls]     # type: ignore[index]
    if not all(isinstance(n, str) and n for n in names):
        return None
    return "{" + json.dumps(calls[0][0]) + ':"', names     # type: ignore[index]


def tagged_gbnf(schema: dict[str, Any], open_tag: str = "<tool_call>\n", close_tag: str = "\n</tool_call>",
                allow_text: bool = True) -> str:
    """A grammar for '<tool_call>\\n{json}\\n</tool_call>' (one or more), or plain text."""
    body = schema_to_gbnf(schema)
    body = body.replace("root ::=", "call ::=", 1)
    tagged = f"{json.dumps(open_tag)} call {json.dumps(close_tag)}"   # GBNF string literals use JSON escapes
    root = f"root ::= ({tagged})+" + (" | text" if allow_text else "")
    text_rule = '\ntext ::= [^<] [^\\x00]*' if allow_text else ""
    return f"{root}\n{body}{text_rule}\n"
