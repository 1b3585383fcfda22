"""A prompt provider for the TUI tests, found by discovery in <config dir>/providers/ like any user
plugin. It lists and selects fine, but building its system prompt raises: the TUI's prompt preview
(a worker) fails, and the failure must be said by the app's one worker-failure handler."""
from __future__ import annotations

from typing import Any

from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider


class ProbeSmallBroken(IJarvisPromptProvider):
    @property
    def name(self) -> str:
        return "ProbeSmallBroken"

    def build_system_prompt(self, node_context: dict[str, Any], timezone: str | None,
                            tools: list[dict[str, Any]], available_commands: list[Any]) -> str:
        raise RuntimeError("probe provider has no prompt")

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return None
