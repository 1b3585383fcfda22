"""Qwen25MediumUntrained: Qwen2.5 7B-14B, <tool_call> tags, several examples and the commands' rules."""
from __future__ import annotations

from providers.small.untrained.qwen25_small_untrained import Qwen25SmallUntrained


class Qwen25MediumUntrained(Qwen25SmallUntrained):
    provider_name = "Qwen25MediumUntrained"
    description = "Qwen2.5 7B-14B, <tool_call> tags, all examples and rules"
    model_patterns = (r"qwen2", r"\b(7|14)B\b")
    match_priority = 1
    primary_examples_only = False
    history_turns = 8
    max_prompt_chars = 12000
