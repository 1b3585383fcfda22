"""Qwen25SmallUntrained: Qwen2.5 0.5B-3B with its native <tool_call> tag format, primary examples
only, constrained to '<tool_call>{json}</tool_call>' or plain text."""
from __future__ import annotations

import json
from typing import Any

from jarvis_tui.sdk.grammar import single_call_schema, tagged_gbnf
from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class Qwen25SmallUntrained(JarvisPromptProvider):
    provider_name = "Qwen25SmallUntrained"
    description = "Qwen2.5 small models, <tool_call> tags, primary examples only"
    model_patterns = (r"qwen2", r"\b(0\.5|1\.5|3)B\b")
    match_priority = 1
    output_format = "<tool_call>"
    wants_constrained_output = True
    primary_examples_only = True
    history_turns = 4
    max_prompt_chars = 4000

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False) + "\n</tool_call>"

    def output_instructions(self, commands: list[Any]) -> str:
        return ("For each tool call, return a JSON object with the tool name and arguments inside "
                "<tool_call></tool_call> tags:\n<tool_call>\n{\"name\": <tool>, \"arguments\": {...}}\n</tool_call>\n"
                "If no tool is needed, reply in plain words without tags.")

    def response_grammar(self, commands: list[Any]) -> str | None:
        schema = single_call_schema(self.tool_argument_schemas(commands))
        return tagged_gbnf(schema, allow_text=self.allow_direct_answer)

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
