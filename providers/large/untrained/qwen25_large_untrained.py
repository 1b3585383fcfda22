"""Qwen25LargeUntrained: Qwen2.5 32B-72B; full rules, antipatterns and examples, long history."""
from __future__ import annotations

from typing import Any

from providers.shared import core_rules
from providers.small.untrained.qwen25_small_untrained import Qwen25SmallUntrained


class Qwen25LargeUntrained(Qwen25SmallUntrained):
    provider_name = "Qwen25LargeUntrained"
    description = "Qwen2.5 32B-72B, <tool_call> tags, full rules, antipatterns and examples"
    model_patterns = (r"qwen2", r"\b(32|72)B\b")
    match_priority = 1
    primary_examples_only = False
    history_turns = 16
    max_prompt_chars = 24000

    def extra_rules(self, commands: list[Any]) -> list[str]:
        return core_rules.command_rules(commands) + core_rules.antipattern_lines(commands)
