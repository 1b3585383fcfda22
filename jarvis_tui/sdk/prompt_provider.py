"""The prompt-provider interface: how one model family is prompted and how its output is read."""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jarvis_tui.sdk.command import IJarvisCommand

_NAME_RE = re.compile(r"^(?P<family>[A-Z][A-Za-z0-9]*?)(?P<size>Small|Medium|Large)(?P<tier>Trained|Untrained)?(?P<variant>[A-Za-z0-9]*)$")


class IJarvisPromptProvider(ABC):
    """Named `{Family}{Size}{Tier}`, e.g. Qwen25SmallUntrained. Produces Jarvis JSON:
    {"message": str, "tool_calls": [{"name", "arguments"}], "error": None}."""

    @property
    @abstractmethod
    def name(self) -> str: ...

    @abstractmethod
    def build_system_prompt(self, node_context: dict[str, Any], timezone: str | None,
                            tools: list[dict[str, Any]],
                            available_commands: list["IJarvisCommand"]) -> str: ...

    @abstractmethod
    def parse_response(self, raw: str) -> dict[str, Any] | None: ...

    def get_response_format(self) -> dict[str, Any] | None:
        """A response_format for the backend (e.g. {"type": "json_object", "schema": ...}) or None."""
        return None

    @property
    def supports_native_tools(self) -> bool:
        return False

    def build_tools(self, available_commands: list["IJarvisCommand"]) -> list[dict[str, Any]]:
        return [c.to_openai_tool_schema() for c in available_commands]

    @property
    def use_tool_classifier(self) -> bool:
        return False

    @property
    def name_parts(self) -> dict[str, str]:
        m = _NAME_RE.match(self.name)
        if not m:
            return {"family": self.name, "size": "", "tier": "", "variant": ""}
        return {k: (v or "") for k, v in m.groupdict().items()}

    def get_capabilities(self) -> dict[str, Any]:
        parts = self.name_parts
        return {
            "name": self.name,
            "family": parts["family"],
            "size": parts["size"].lower(),
            "tier": parts["tier"].lower(),
            "supports_native_tools": self.supports_native_tools,
            "use_tool_classifier": self.use_tool_classifier,
            "has_response_format": self.get_response_format() is not None,
        }
