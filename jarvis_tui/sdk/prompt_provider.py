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

    # ---- what the brain calls on every provider (the defaults suit a free-text provider) ----------
    def remember_commands(self, commands: list["IJarvisCommand"]) -> None:
        """The commands of the coming turns (a provider whose response format depends on them)."""

    def response_schema(self, commands: list["IJarvisCommand"]) -> dict[str, Any] | None:
        """A JSON schema the backend constrains output to, for these commands (None: free text, or
        the schema of `get_response_format`)."""
        return None

    def match_score(self, metadata: dict[str, Any]) -> int:
        """How well this provider fits a loaded model's GGUF metadata, for choosing one when none is
        configured (0: not at all; the best score wins)."""
        return 0

    def narrowed_schema(self, commands: list["IJarvisCommand"], decline: bool = False) -> dict[str, Any] | None:
        """The schema when the router has narrowed the tools to `commands` (with `decline`, the "no
        command fits" answer allowed too)."""
        return self.response_schema(commands)

    def response_grammar(self, commands: list["IJarvisCommand"]) -> str | None:
        """A GBNF grammar for output that is not bare JSON, or None."""
        return None

    def build_messages(self, system_prompt: str, history: list[Any], user_text: str,
                       node_context: dict[str, Any] | None = None, timezone: str | None = None,
                       source: str = "text", budget_chars: int | None = None) -> list[dict[str, Any]]:
        """The chat messages of one turn (`history`: the SDK's HistoryTurn list, oldest first)."""
        return [{"role": "system", "content": system_prompt}, {"role": "user", "content": user_text}]

    def retry_message(self, hint: str) -> dict[str, Any]:
        """The message that asks the model again after an unusable answer."""
        return {"role": "user", "content": hint}

    def native_calls_to_jarvis(self, tool_calls: list[dict[str, Any]], content: str | None) -> dict[str, Any]:
        """Jarvis JSON from a backend's native tool calls (OpenAI form or {name, arguments})."""
        calls = [{"name": (tc.get("function") or tc).get("name"),
                  "arguments": (tc.get("function") or tc).get("arguments", {})} for tc in tool_calls]
        return {"message": content or "", "tool_calls": calls, "error": None}

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
