"""ToolCallParser: Jarvis JSON (or raw model text) in, tool calls out.

Tolerant of what small models write: // and /* */ comments, trailing commas, Python literals,
string-encoded arguments ("arguments": "{\"x\": 1}"), {"function": {...}}
wrappers, {"tool": .., "args": ..} / {"name": .., "parameters": ..} spellings, prose around the
JSON (brace-balanced extraction). It never raises on model output: unknown tool names and
arguments that are not objects are reported in `rejected`, not executed.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

_NAME_KEYS = ("name", "tool", "tool_name", "function_name", "command", "command_name")
_ARG_KEYS = ("arguments", "args", "parameters", "params", "input", "tool_input")


def strip_json_comments(text: str) -> str:
    """Remove // line comments and /* block */ comments outside strings; drop trailing commas."""
    out: list[str] = []
    i, n = 0, len(text)
    in_str = False
    while i < n:
        ch = text[i]
        if in_str:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_str = False
            i += 1
            continue
        if ch == '"':
            in_str = True
            out.append(ch)
            i += 1
            continue
        if ch == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if ch == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        out.append(ch)
        i += 1
    cleaned = "".join(out)
    return re.sub(r",(\s*[}\]])", r"\1", cleaned)


def loads_lenient(text: str) -> Any:
    """json.loads, then again without comments/trailing commas, then Python-literal booleans.
    Raises ValueError when none of them works."""
    text = text.strip()
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        pass
    cleaned = strip_json_comments(text)
    try:
        return json.loads(cleaned)
    except (ValueError, TypeError):
        pass
    swapped = re.sub(r"\bTrue\b", "true", re.sub(r"\bFalse\b", "false", re.sub(r"\bNone\b", "null", cleaned)))
    try:
        return json.loads(swapped)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"not JSON: {exc}") from None


def extract_json_values(text: str) -> list[Any]:
    """Every top-level JSON object or array in `text`, by brace balancing (strings respected).
    Pieces that do not parse are skipped."""
    found: list[Any] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] not in "{[":
            i += 1
            continue
        end = _balanced_end(text, i)
        if end is None:
            # unbalanced: try closing it (a model that stopped early)
            candidate = _close_open(text[i:])
            if candidate is not None:
                try:
                    found.append(loads_lenient(candidate))
                except ValueError:
                    pass
            break
        piece = text[i:end + 1]
        try:
            found.append(loads_lenient(piece))
            i = end + 1
        except ValueError:
            i += 1
    return found


_CLOSERS = {"{": "}", "[": "]"}


def _scan_brackets(text: str, start: int, strict: bool) -> tuple[int | None, list[str], bool]:
    """Walk JSON-ish text from `start`, tracking strings and open brackets.
    strict: stop where the outermost bracket closes (its index is returned) and give up (None) on a
    closer that does not match; otherwise read to the end, skipping stray closers.
    Returns (end index or None, closers still open, inside a string at the end)."""
    stack: list[str] = []
    in_str = False
    i = start
    while i < len(text):
        ch = text[i]
        if in_str:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in _CLOSERS:
            stack.append(_CLOSERS[ch])
        elif ch in "}]":
            if stack and stack[-1] == ch:
                stack.pop()
                if strict and not stack:
                    return i, stack, in_str
            elif strict:
                return None, stack, in_str
        i += 1
    return None, stack, in_str


def _balanced_end(text: str, start: int) -> int | None:
    return _scan_brackets(text, start, strict=True)[0]


def _close_open(fragment: str) -> str | None:
    """A truncated object/array completed with the closers it still needs (None if nothing is open)."""
    _, stack, in_str = _scan_brackets(fragment, 0, strict=False)
    if not stack:
        return None
    tail = '"' if in_str else ""
    return fragment.rstrip().rstrip(",") + tail + "".join(reversed(stack))


def _decode_arguments(value: Any) -> tuple[Any, bool]:
    """(arguments, ok). Strings holding JSON are decoded; None/'' become {}."""
    if value is None or value == "":
        return {}, True
    if isinstance(value, str):
        try:
            decoded = loads_lenient(value)
        except ValueError:
            return value, False
        if isinstance(decoded, str):   # doubly encoded
            return _decode_arguments(decoded)
        return decoded, isinstance(decoded, dict)
    return value, isinstance(value, dict)


def normalize_call(obj: Any) -> tuple[str | None, Any, str | None]:
    """(name, arguments, failure_message) of one call-shaped object; name None if it is not one."""
    if not isinstance(obj, dict):
        return None, None, None
    if "function" in obj and isinstance(obj["function"], (dict, str)):
        inner = obj["function"]
        if isinstance(inner, str):       # {"function": "name", "arguments": {...}}
            return inner, _first(obj, _ARG_KEYS, {}), obj.get("failure_message")
        name, args, failure = normalize_call(inner)
        if name is not None:
            if args in (None, {}) and any(k in obj for k in _ARG_KEYS):
                args = _first(obj, _ARG_KEYS, {})
            return name, args, failure or obj.get("failure_message")
    name = _first(obj, _NAME_KEYS, None)
    if not isinstance(name, str) or not name.strip():
        return None, None, None
    return name.strip(), _first(obj, _ARG_KEYS, {}), obj.get("failure_message")


def _first(obj: dict[str, Any], keys: Iterable[str], default: Any) -> Any:
    for k in keys:
        if k in obj:
            return obj[k]
    return default


@dataclass
class ParsedToolCalls:
    calls: list[dict[str, Any]] = field(default_factory=list)       # [{"name", "arguments"}]
    rejected: list[dict[str, Any]] = field(default_factory=list)    # [{"name", "reason"}]
    message: str | None = None
    error: str | None = None
    declined: bool = False          # the model said no tool fits (the decline call, tool "none")

    @property
    def names(self) -> list[str]:
        return [c["name"] for c in self.calls]


class ToolCallParser:
    """Turns Jarvis JSON ({"message", "tool_calls", "error"}) or raw text into validated calls.

    `known_tools`: the names that may be executed (None = accept any name)."""

    def __init__(self, known_tools: Iterable[str] | None = None) -> None:
        self.known = None if known_tools is None else {n: n for n in known_tools}
        self._folded = None if known_tools is None else {n.lower().replace("-", "_"): n for n in known_tools}

    def parse(self, data: Any) -> ParsedToolCalls:
        try:
            return self._parse(data)
        except Exception as exc:  # noqa: BLE001 - never raise on model output
            return ParsedToolCalls(error=f"could not read the model output: {type(exc).__name__}: {exc}")

    # ---- internals ----------------------------------------------------------------------------
    def _parse(self, data: Any) -> ParsedToolCalls:
        if data is None:
            return ParsedToolCalls(error="empty model output")
        if isinstance(data, str):
            values = extract_json_values(data)
            if not values:
                text = data.strip()
                return ParsedToolCalls(message=text or None, error=None if text else "empty model output")
            data = values[0] if len(values) == 1 else values
        out = ParsedToolCalls()
        raw_calls: list[Any] = []
        if isinstance(data, list):
            raw_calls = list(data)
        elif isinstance(data, dict):
            if "tool_calls" in data or "message" in data or "error" in data:
                tc = data.get("tool_calls")
                if isinstance(tc, str):
                    try:
                        tc = loads_lenient(tc)
                    except ValueError:
                        out.rejected.append({"name": None, "reason": "tool_calls is text, not a list"})
                        tc = []
                if isinstance(tc, dict):
                    tc = [tc]
                raw_calls = list(tc or []) if isinstance(tc, list) else []
                msg = data.get("message")
                out.message = str(msg).strip() if msg not in (None, "") else None
                err = data.get("error")
                out.error = str(err) if err not in (None, "") else None
                if not raw_calls and normalize_call(data)[0] is not None and "tool_calls" not in data:
                    raw_calls = [data]
            else:
                raw_calls = [data]
        else:
            return ParsedToolCalls(message=str(data))
        for raw in raw_calls:
            self._add(out, raw)
        return out

    def _add(self, out: ParsedToolCalls, raw: Any) -> None:
        name, args, failure = normalize_call(raw)
        if name is None:
            out.rejected.append({"name": None, "reason": f"not a tool call: {json.dumps(raw, default=str)[:120]}"})
            return
        resolved = self._resolve(name)
        if resolved is None:
            out.rejected.append({"name": name, "reason": f"unknown tool {name!r}"})
            return
        args, ok = _decode_arguments(args)
        if not ok:
            out.rejected.append({"name": resolved, "reason": f"arguments are not an object: {args!r}"[:200]})
            return
        call: dict[str, Any] = {"name": resolved, "arguments": dict(args)}
        if failure:
            call["failure_message"] = str(failure)
        out.calls.append(call)

    def _resolve(self, name: str) -> str | None:
        if self.known is None:
            return name
        if name in self.known:
            return name
        return self._folded.get(name.strip().lower().replace("-", "_").replace(" ", "_")) if self._folded else None
