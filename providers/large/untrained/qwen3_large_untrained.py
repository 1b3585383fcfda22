"""Qwen3LargeUntrained: Qwen3 (thinking models). <tool_call> tags; '/no_think' on each request and
<think> blocks stripped from the output."""
from __future__ import annotations

from typing import Any

from providers.shared import core_rules
from providers.small.untrained.qwen25_small_untrained import Qwen25SmallUntrained


class Qwen3LargeUntrained(Qwen25SmallUntrained):
    provider_name = "Qwen3LargeUntrained"
    description = "Qwen3, <tool_call> tags, thinking switched off (/no_think), <think> stripped"
    model_patterns = (r"qwen3",)
    match_priority = 2
    primary_examples_only = False
    history_turns = 16
    max_prompt_chars = 24000

    def extra_rules(self, commands: list[Any]) -> list[str]:
        return core_rules.command_rules(commands) + core_rules.antipattern_lines(commands)

    def format_user(self, text: str, node_context: dict[str, Any] | None, timezone: str | None,
                    source: str = "text") -> str:
        return super().format_user(text, node_context, timezone, source) + " /no_think"

    def response_grammar(self, commands: list[Any]) -> str | None:
        return None   # the model opens with <think></think>; parse instead of constraining
