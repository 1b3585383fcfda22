"""HermesMediumUntrained: Hermes 2/3 (and Hermes-format fine-tunes): tools as JSON schemas in
<tools></tools>, calls in <tool_call> tags, results in <tool_response>."""
from __future__ import annotations

import json
from typing import Any

from providers.shared import tool_formatters
from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class HermesMediumUntrained(JarvisPromptProvider):
    provider_name = "HermesMediumUntrained"
    description = "Hermes function-calling format: <tools> schemas, <tool_call> tags"
    model_patterns = (r"hermes",)
    match_priority = 3
    output_format = "<tool_call>"
    primary_examples_only = True

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return "<tool_call>\n" + json.dumps({"arguments": arguments, "name": name}, ensure_ascii=False) + "\n</tool_call>"

    def output_instructions(self, commands: list[Any]) -> str:
        return ("You are a function calling AI model. You may call one or more functions to assist with the "
                "user query. Don't make assumptions about what values to plug into functions. For each "
                "function call return a json object with function name and arguments within "
                "<tool_call></tool_call> XML tags as follows:\n<tool_call>\n"
                "{\"arguments\": <args-dict>, \"name\": <function-name>}\n</tool_call>")

    def tools_block(self, commands: list[Any]) -> str:
        examples = "\n".join(
            f'"{ex.voice_command}" -> {self.render_call(c.command_name, dict(ex.expected_parameters))}'
            for c in sorted(commands, key=lambda c: c.command_name)
            for ex in tool_formatters.examples_of(c, primary_only=True))
        return ("Examples:\n" + examples + "\n\n" if examples else "") + \
            "<tools>\n" + tool_formatters.format_tools_json(commands) + "\n</tools>"

    def history_messages(self, history):
        msgs = super().history_messages(history)
        return [{"role": "tool", "content": f"<tool_response>\n{m['content']}\n</tool_response>"}
                if m["role"] == "tool" else m for m in msgs]

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
