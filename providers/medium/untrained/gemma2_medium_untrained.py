"""Gemma2MediumUntrained: Gemma 2 (no system role: the prompt opens the first user turn);
calls in a ```tool_code``` or ```json``` fence."""
from __future__ import annotations

import json
from typing import Any

from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class Gemma2MediumUntrained(JarvisPromptProvider):
    provider_name = "Gemma2MediumUntrained"
    description = "Gemma 2, system prompt merged into the first user turn, fenced JSON calls"
    model_patterns = (r"gemma",)
    match_priority = 2
    output_format = "```json```"
    primary_examples_only = True
    system_role = False

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return "```json\n" + json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False) + "\n```"

    def output_instructions(self, commands: list[Any]) -> str:
        return ("To use a tool, answer with a ```json fenced block holding "
                '{"name": "<tool>", "arguments": {...}} and nothing else. Otherwise answer in plain words.')

    def history_messages(self, history):
        msgs = []
        for m in super().history_messages(history):
            if m["role"] == "tool":
                msgs.append({"role": "user", "content": f"Tool result: {m['content']}"})
                msgs.append({"role": "assistant", "content": "Noted."})
            else:
                msgs.append(m)
        return msgs

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
