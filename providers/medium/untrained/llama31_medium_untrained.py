"""Llama31MediumUntrained: Llama 3.1/3.2 instruct. Calls as bare JSON {"name", "parameters"}
(sometimes after <|python_tag|>), results as ipython-role messages."""
from __future__ import annotations

import json
from typing import Any

from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class Llama31MediumUntrained(JarvisPromptProvider):
    provider_name = "Llama31MediumUntrained"
    description = "Llama 3.1 JSON tool calls {name, parameters}, <|python_tag|> tolerated"
    model_patterns = (r"llama", r"3\.[123]")
    match_priority = 2
    output_format = "json:{name,parameters}"
    primary_examples_only = True

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return json.dumps({"name": name, "parameters": arguments}, ensure_ascii=False)

    def output_instructions(self, commands: list[Any]) -> str:
        return ("When you call a function, respond only with JSON in the format "
                '{"name": function name, "parameters": dictionary of argument name and its value}. '
                "Do not use variables. For anything else, answer in plain words.")

    def history_messages(self, history):
        msgs = super().history_messages(history)
        return [{"role": "ipython", "content": m["content"]} if m["role"] == "tool" else m for m in msgs]

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
