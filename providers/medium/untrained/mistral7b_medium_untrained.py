"""Mistral7bMediumUntrained: Mistral 7B instruct v0.3 style: '[TOOL_CALLS] [{"name", "arguments"}]'."""
from __future__ import annotations

import json
from typing import Any

from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class Mistral7bMediumUntrained(JarvisPromptProvider):
    provider_name = "Mistral7bMediumUntrained"
    description = "Mistral 7B, [TOOL_CALLS] JSON list"
    model_patterns = (r"mistral",)
    match_priority = 2
    output_format = "[TOOL_CALLS]"
    primary_examples_only = True
    system_role = False     # the v0.3 template only takes user/assistant turns

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return "[TOOL_CALLS] " + json.dumps([{"name": name, "arguments": arguments}], ensure_ascii=False)

    def render_assistant(self, calls, message):
        if calls:
            return "[TOOL_CALLS] " + json.dumps([{"name": c["name"], "arguments": c.get("arguments", {})}
                                                 for c in calls], ensure_ascii=False)
        return message or ""

    def output_instructions(self, commands: list[Any]) -> str:
        return ('To call tools, answer with [TOOL_CALLS] followed by a JSON list: '
                '[TOOL_CALLS] [{"name": "<tool>", "arguments": {...}}]. Otherwise answer in plain words.')

    def history_messages(self, history):
        # no tool role in the template: results go back as user turns
        msgs = []
        for m in super().history_messages(history):
            if m["role"] == "tool":
                msgs.append({"role": "user", "content": f"[TOOL_RESULTS] {m['content']}"})
                msgs.append({"role": "assistant", "content": "OK."})
            else:
                msgs.append(m)
        return msgs

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
