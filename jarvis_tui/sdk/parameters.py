"""Command parameters: declared types, safe coercion, validation."""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from jarvis_tui.sdk.responses import ValidationResult

_ALIASES = {
    "str": "string", "string": "string", "text": "string",
    "int": "int", "integer": "int",
    "float": "float", "number": "float", "double": "float",
    "bool": "bool", "boolean": "bool",
    "datetime": "datetime", "date": "datetime",
    "enum": "enum",
    "array": "array<string>", "list": "array<string>",
}
_ARRAY_RE = re.compile(r"^(?:array|list)\s*[<\[]\s*(\w+)\s*[>\]]$")
_TRUE = {"true", "yes", "1", "on", "y"}
_FALSE = {"false", "no", "0", "off", "n"}
_JSON_TYPES = {"string": "string", "int": "integer", "float": "number", "bool": "boolean",
               "datetime": "string", "enum": "string"}


def normalize_type(param_type: str) -> str:
    """'str' -> 'string', 'list[int]' -> 'array<int>'; unknown names raise ValueError."""
    t = param_type.strip().lower()
    m = _ARRAY_RE.match(t)
    if m:
        inner = normalize_type(m.group(1))
        if inner.startswith("array"):
            raise ValueError(f"nested arrays are not supported: {param_type!r}")
        return f"array<{inner}>"
    if t in _ALIASES:
        return _ALIASES[t]
    raise ValueError(f"unknown parameter type {param_type!r}")


class CoercionError(ValueError):
    """A value that cannot be safely turned into the declared type."""


def _coerce_scalar(kind: str, value: Any, enum_values: list[str] | None) -> Any:
    if kind == "string":
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        raise CoercionError(f"expected text, got {type(value).__name__}")
    if kind == "int":
        if isinstance(value, bool):
            raise CoercionError("expected a whole number, got true/false")
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            if value.is_integer():
                return int(value)
            raise CoercionError(f"expected a whole number, got {value}")
        if isinstance(value, str) and re.fullmatch(r"\s*[-+]?\d+(\.0+)?\s*", value):
            return int(float(value))
        raise CoercionError(f"expected a whole number, got {value!r}")
    if kind == "float":
        if isinstance(value, bool):
            raise CoercionError("expected a number, got true/false")
        if isinstance(value, (int, float)):
            return value
        if isinstance(value, str) and re.fullmatch(r"\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*", value):
            f = float(value)
            return int(f) if re.fullmatch(r"\s*[-+]?\d+\s*", value) else f
        raise CoercionError(f"expected a number, got {value!r}")
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise CoercionError(f"expected true or false, got {value!r}")
    if kind == "datetime":
        if isinstance(value, (_dt.datetime, _dt.date)):
            return value
        if isinstance(value, str):
            try:
                return _dt.datetime.fromisoformat(value.strip())
            except ValueError:
                pass
        raise CoercionError(f"expected an ISO date/time, got {value!r}")
    if kind == "enum":
        if not isinstance(value, str):
            raise CoercionError(f"expected one of {enum_values}, got {value!r}")
        for allowed in enum_values or []:
            if value.strip().lower() == allowed.lower():
                return allowed
        raise CoercionError(f"{value!r} is not one of {', '.join(enum_values or [])}")
    raise CoercionError(f"unknown type {kind}")


@dataclass(frozen=True)
class JarvisParameter:
    """One argument of a command (the upstream IJarvisParameter)."""

    name: str
    param_type: str = "string"
    required: bool = False
    description: str = ""
    enum_values: list[str] | None = None
    default: Any = None
    validation_function: Callable[[Any], bool] | None = field(default=None, compare=False)
    #: the value must come from the user's words (or the conversation): a free-text value the model
    #: wrote that the user never said is dropped before the command sees it. False for text the
    #: assistant writes itself (chat's reply).
    from_user: bool = True
    #: for an enum: the words or phrases that say each value ("up": ["louder", "turn it up"]). A
    #: value the *model* chose is checked against the user's words: when they said the words of some
    #: values, the first said is used (usually the verb); when they said none and the chosen value
    #: declares words (and is not the parameter's `default`), the argument is dropped and, if
    #: required, asked for.
    #: Values without an entry are taken as the model chose them.
    enum_evidence: dict[str, list[str]] | None = field(default=None, compare=False)
    #: for an enum: the value a question means (a read: "list"). A request that asks about something
    #: ("have i got a reminder for the gym", "when's the call with the plumber", "did my sister write
    #: back") takes it, whatever verb it says and the model chose; a request for something to be
    #: done, however polite ("can you set an alarm"), is not a question (`sdk.text.asks_question`).
    question_value: Any = None
    #: how the assistant asks for it when a call lacks it ("For how long?"); the next words answer it
    question: str | None = None
    #: the value is a place (a city, a country): a request that says "there" and names none means the
    #: place the conversation named last, in any command's call ("what's the weather in tokyo" ...
    #: "what time is it there")
    place: bool = False
    #: the command reads the value from the request's words itself (`post_process_tool_call`), as it
    #: is not something a model can know (a date: the model does not know today's): the model is not
    #: asked for it (prompts and grammars leave it out) and a value a model wrote anyway is dropped
    from_words: bool = False

    def __post_init__(self) -> None:
        kind = normalize_type(self.param_type)
        if self.enum_values and kind == "string":
            kind = "enum"
        object.__setattr__(self, "param_type", kind)
        if kind == "enum" and not self.enum_values:
            raise ValueError(f"parameter {self.name!r} is an enum without enum_values")

    @property
    def is_array(self) -> bool:
        return self.param_type.startswith("array<")

    @property
    def item_type(self) -> str:
        """The scalar kind of one value (of each item, for an array); strings with enum_values are enums."""
        kind = self.param_type[6:-1] if self.is_array else self.param_type
        return "enum" if kind == "string" and self.enum_values else kind

    def coerce(self, value: Any) -> Any:
        """Return the value in the declared type, converting only what is safe; else CoercionError."""
        if self.is_array:
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                value = [value]  # a lone item where a list is expected
            if not isinstance(value, (list, tuple)):
                raise CoercionError(f"expected a list, got {type(value).__name__}")
            return [_coerce_scalar(self.item_type, v, self.enum_values) for v in value]
        return _coerce_scalar(self.param_type, value, self.enum_values)

    def validate(self, value: Any, command_name: str = "") -> tuple[Any, ValidationResult]:
        """(coerced value, result). A failed enum carries valid_values for the LLM's retry."""
        try:
            coerced = self.coerce(value)
        except CoercionError as exc:
            return value, ValidationResult(
                success=False, param_name=self.name, command_name=command_name,
                message=f"{self.name}: {exc}",
                valid_values=list(self.enum_values) if self.enum_values else None,
            )
        if self.validation_function is not None:
            try:
                ok = bool(self.validation_function(coerced))
            except Exception as exc:  # noqa: BLE001 - a user's validator must not crash the turn
                ok, why = False, f"{self.name}: validator failed: {exc}"
            else:
                why = f"{self.name}: {coerced!r} is not valid"
            if not ok:
                return coerced, ValidationResult(
                    success=False, param_name=self.name, command_name=command_name, message=why,
                    valid_values=list(self.enum_values) if self.enum_values else None)
        return coerced, ValidationResult(success=True, param_name=self.name,
                                         command_name=command_name, message="ok")

    def json_schema(self) -> dict[str, Any]:
        def scalar(kind: str) -> dict[str, Any]:
            s: dict[str, Any] = {"type": _JSON_TYPES[kind]}
            if kind == "enum":
                s["enum"] = list(self.enum_values or [])
            if kind == "datetime":
                s["format"] = "date-time"
            return s

        schema = {"type": "array", "items": scalar(self.item_type)} if self.is_array else scalar(self.param_type)
        if self.description:
            schema["description"] = self.description
        if self.default is not None:
            schema["default"] = self.default
        return schema

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.param_type, "required": self.required,
                "description": self.description, "enum_values": self.enum_values,
                "default": self.default}
