"""Reading model output in the forms families really write: <tool_call> tags, bare JSON, fenced
JSON, several calls, [TOOL_CALLS] lists, <|python_tag|>, <think> blocks, plain text.
Everything ends as Jarvis JSON: {"message", "tool_calls": [{"name", "arguments"}], "error"}."""
from __future__ import annotations

import re
from typing import Any

from jarvis_tui.sdk.tool_calls import extract_json_values, normalize_call

_THINK = re.compile(r"<think>.*?(?:</think>|$)", re.S | re.I)
_FENCE = re.compile(r"```[a-zA-Z_]*\s*\n?(.*?)```", re.S)


def jarvis_json(message: str | None = None, tool_calls: list[dict[str, Any]] | None = None,
                error: str | None = None) -> dict[str, Any]:
    return {"message": message or "", "tool_calls": list(tool_calls or []), "error": error}


def strip_thinking(raw: str) -> str:
    return _THINK.sub("", raw).strip()


def _calls_from_values(values: list[Any]) -> tuple[list[dict[str, Any]], str | None]:
    calls: list[dict[str, Any]] = []
    message = None
    for v in values:
        items = v if isinstance(v, list) else [v]
        for item in items:
            if isinstance(item, dict) and ("tool_calls" in item or "message" in item) and normalize_call(item)[0] is None:
                inner, _ = _calls_from_values([item.get("tool_calls") or []])
                calls.extend(inner)
                if item.get("message"):
                    message = str(item["message"])
                continue
            name, args, failure = normalize_call(item)
            if name is not None:
                call = {"name": name, "arguments": args if args is not None else {}}
                if failure:
                    call["failure_message"] = failure
                calls.append(call)
    return calls, message


def parse_tagged(raw: str, tag: str = "tool_call") -> dict[str, Any] | None:
    """<tool_call>{...}</tool_call> (any number); text outside the tags is the message."""
    text = strip_thinking(raw)
    pattern = re.compile(rf"<{tag}>\s*(.*?)\s*(?:</{tag}>|$)", re.S)
    bodies = pattern.findall(text)
    if not bodies:
        return None
    values: list[Any] = []
    for body in bodies:
        values.extend(extract_json_values(body))
    calls, _ = _calls_from_values(values)
    message = pattern.sub("", text).strip()
    return jarvis_json(message, calls, None if calls else f"unreadable <{tag}> block")


def parse_generic(raw: str | None, tags: tuple[str, ...] = ("tool_call", "function_call")) -> dict[str, Any] | None:
    """Any of the forms above; None for empty output."""
    if raw is None:
        return None
    text = strip_thinking(str(raw))
    if not text:
        return None
    for tag in tags:
        tagged = parse_tagged(text, tag)
        if tagged is not None:
            return tagged
    text = text.replace("<|python_tag|>", "").replace("[TOOL_CALLS]", "").strip()
    fenced = _FENCE.findall(text)
    prose = _FENCE.sub("", text).strip() if fenced else None
    sources = fenced or [text]
    values: list[Any] = []
    for s in sources:
        values.extend(extract_json_values(s))
    calls, message = _calls_from_values(values)
    if calls or message is not None:
        if prose is None:
            prose = _strip_json_spans(text)
        return jarvis_json(message if message is not None else prose, calls)
    if values and all(isinstance(v, dict) for v in values):
        # JSON but not a call: a {"reply": ...}/{"response": ...} style answer
        for v in values:
            for key in ("reply", "response", "answer", "text", "message"):
                if isinstance(v.get(key), str):
                    return jarvis_json(v[key], [])
    return jarvis_json(text, [])


def _strip_json_spans(text: str) -> str:
    """The prose around JSON values (for a message next to calls)."""
    out = []
    depth = 0
    in_str = False
    prev = ""
    for ch in text:
        if depth and in_str:
            if ch == '"' and prev != "\\":
                in_str = False
        elif depth and ch == '"':
            in_str = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
        prev = ch
    return re.sub(r"\s+", " ", "".join(out)).strip()
