"""Tools as prompt text. The tools block comes LAST in a system prompt (it is the part that
changes when a command is added), with examples rendered in the provider's own output format."""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable

from providers.shared.command_converters import signature

CallRenderer = Callable[[str, dict[str, Any]], str]


def default_render(name: str, args: dict[str, Any]) -> str:
    return json.dumps({"name": name, "arguments": args}, ensure_ascii=False, separators=(",", ":"))


def examples_of(command: Any, primary_only: bool = True, limit: int = 3) -> list[Any]:
    try:
        examples = list(command.generate_prompt_examples())
    except Exception:  # noqa: BLE001 - a broken example generator costs the examples, not the prompt
        return []
    if primary_only:
        primary = [e for e in examples if getattr(e, "is_primary", False)]
        return primary[:1] or examples[:1]
    return examples[:limit]


def short_description(text: str, sentences: int = 1) -> str:
    """The first sentence(s) of a description ("e.g. pasta" does not end a sentence)."""
    parts = re.split(r"(?<![ei]\.[ge]\.)(?<=[.!?])\s+(?=[A-Z`'\"(])", (text or "").strip())
    return " ".join(parts[:sentences]).strip()


def format_tool(command: Any, render: CallRenderer = default_render, primary_only: bool = True,
                with_description: bool = True, limit: int = 3, description_sentences: int | None = None) -> str:
    line = f"- {signature(command)}"
    if with_description and command.description:
        desc = command.description.strip()
        if description_sentences:
            desc = short_description(desc, description_sentences)
        line += f": {desc}"
    for ex in examples_of(command, primary_only, limit):
        line += f'\n  "{ex.voice_command}" -> {render(command.command_name, dict(ex.expected_parameters))}'
    return line


def format_tools(commands: Iterable[Any], render: CallRenderer = default_render, primary_only: bool = True,
                 with_description: bool = True, title: str = "Tools", limit: int = 3) -> str:
    cmds = sorted(commands, key=lambda c: c.command_name)
    body = "\n".join(format_tool(c, render, primary_only, with_description, limit) for c in cmds)
    return f"{title}:\n{body}" if body else f"{title}: none"


def format_tools_json(commands: Iterable[Any]) -> str:
    """One OpenAI tool schema per line (the Hermes / Qwen <tools> block)."""
    cmds = sorted(commands, key=lambda c: c.command_name)
    return "\n".join(json.dumps(c.to_openai_tool_schema(), ensure_ascii=False, separators=(",", ":")) for c in cmds)
