"""Commands in the shapes prompts and grammars need: compact signatures, minified schemas,
argument JSON schemas (for constrained output) and OpenAI tool schemas (for native tools)."""
from __future__ import annotations

from typing import Any, Iterable

_SHORT_TYPES = {"string": "str", "int": "int", "float": "number", "bool": "bool", "datetime": "datetime"}


def param_type_label(p: Any) -> str:
    kind = p.param_type
    if kind == "enum" or (p.enum_values and not p.is_array):
        return "|".join(p.enum_values or [])
    if p.is_array:
        inner = p.item_type
        if inner == "enum":
            return "list[" + "|".join(p.enum_values or []) + "]"
        return f"list[{_SHORT_TYPES.get(inner, inner)}]"
    return _SHORT_TYPES.get(kind, kind)


def asked_of_the_model(command: Any) -> list[Any]:
    """The parameters a model fills: all but those the command reads from the words itself (`from_words`)."""
    return [p for p in command.parameters if not getattr(p, "from_words", False)]


def signature(command: Any, with_types: bool = True) -> str:
    """set_timer(duration_seconds*: int, label: str); * marks required arguments."""
    parts = []
    for p in asked_of_the_model(command):
        star = "*" if p.required else ""
        parts.append(f"{p.name}{star}: {param_type_label(p)}" if with_types else f"{p.name}{star}")
    return f"{command.command_name}({', '.join(parts)})"


def arguments_schema(command: Any, descriptions: bool = False) -> dict[str, Any]:
    """JSON schema of a command's arguments; `additionalProperties: false` so a grammar built from it
    only admits declared names."""
    props: dict[str, Any] = {}
    for p in asked_of_the_model(command):
        s = dict(p.json_schema())
        if not descriptions:
            s.pop("description", None)
        s.pop("default", None)
        if s.get("format") == "date-time":
            s.pop("format")
        props[p.name] = s
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    required = [p.name for p in asked_of_the_model(command) if p.required]
    if required:
        schema["required"] = required
    return schema


def minified_tool(command: Any, lite: bool = False) -> dict[str, Any]:
    """The SyntH 'actions' entry: name, description, parameters (lite: names and types only)."""
    if lite:
        return {"name": command.command_name,
                "params": {p.name: param_type_label(p) + ("*" if p.required else "") for p in asked_of_the_model(command)}}
    return {"name": command.command_name, "description": command.description,
            "parameters": arguments_schema(command, descriptions=True)}


def direct_answer_commands(commands: Iterable[Any]) -> list[Any]:
    return [c for c in commands if getattr(c, "allow_direct_answer", False)]
