"""Small helpers the built-in commands share (examples from tables, spoken replies, asset paths).
This module defines no commands."""
from __future__ import annotations

import json
import re
from functools import lru_cache
from decimal import Decimal
from pathlib import Path
from typing import Any

from jarvis_tui.sdk import CommandExample, CommandResponse, PreRouteResult

ASSETS = Path(__file__).resolve().parent.parent / "assets"


@lru_cache(maxsize=None)
def load_asset_json(name: str) -> Any:
    return json.loads((ASSETS / name).read_text(encoding="utf-8"))


def examples(rows: list[tuple[str, dict[str, Any]]], primary: int | None = 0) -> list[CommandExample]:
    """(voice command, expected arguments) rows -> CommandExample, row `primary` marked primary."""
    return [CommandExample(text, dict(args), is_primary=(i == primary)) for i, (text, args) in enumerate(rows)]


def json_number(d: Decimal) -> int | float:
    """A JSON number for a command's arguments (a whole number stays an int)."""
    return int(d) if d == d.to_integral_value() else float(d)


def say(message: str, **data: Any) -> CommandResponse:
    return CommandResponse.success_response({"message": message, **data})


def fail(message: str, **data: Any) -> CommandResponse:
    return CommandResponse.error_response(message, context_data={"message": message, **data})


def claim(**arguments: Any) -> PreRouteResult:
    """A fast-path claim with the arguments that are set (None values dropped)."""
    return PreRouteResult(arguments={k: v for k, v in arguments.items() if v is not None})


STOP_LABELS = {"", "a", "an", "the", "my", "this", "that", "there", "any", "some", "current", "running", "active", "new", "kitchen's"}


_NOT_A_NAME = re.compile(r"^(?:there\s+)?(?:(?:the|my|a|an|any|some|this|that)\s+)?")


def clean_label(label: str | None) -> str | None:
    """' the pasta ' -> 'pasta', 'pasta timer' -> 'pasta'; articles and filler alone -> None; 'all'/'every' -> 'all'."""
    if label is None:
        return None
    t = " ".join(label.strip().lower().split())
    # the words that only say which one or that one is there: "is there a timer running" named no timer
    # "there a"; "any"/"some" as "the"
    t = _NOT_A_NAME.sub("", t)
    if t in ("all", "every", "all the", "all my", "all of my", "all of the", "each", "them", "they", "those", "these",
             "all of them", "both", "both of them"):       # "how long is left on them": no timer called "them"
        return "all"
    if t.endswith((" timer", " timers")):      # "the pasta timer": the timer is called "pasta"
        t = t.rsplit(" ", 1)[0]
    if t in STOP_LABELS or t in ("timer", "timers"):
        return None
    return t
