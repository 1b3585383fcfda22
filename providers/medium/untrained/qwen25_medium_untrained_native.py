"""Qwen25MediumUntrainedNative: tools go through the backend's native tool support (the chat
template's `tools`, or the HTTP server's `tools` field) instead of prompt text."""
from __future__ import annotations

from typing import Any

from providers.shared.base import JarvisPromptProvider
from providers.shared.parsing import parse_generic


class Qwen25MediumUntrainedNative(JarvisPromptProvider):
    provider_name = "Qwen25MediumUntrainedNative"
    description = "Native tools: schemas passed to the backend's tools support, calls read back from it"
    model_patterns = ()
    output_format = "native"
    primary_examples_only = True

    @property
    def supports_native_tools(self) -> bool:
        return True

    def build_tools(self, available_commands: list[Any]) -> list[dict[str, Any]]:
        return [c.to_openai_tool_schema() for c in sorted(available_commands, key=lambda c: c.command_name)]

    def output_instructions(self, commands: list[Any]) -> str:
        return "Call the provided functions for actions and lookups; answer in words otherwise."

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
