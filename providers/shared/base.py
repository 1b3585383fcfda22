"""The base class the bundled providers build on. A provider decides four things:
the system prompt (stable content first, tools last), how a request and the history become chat
messages, the constrained-output schema/grammar (if any), and how raw output becomes Jarvis JSON."""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider
from jarvis_tui.sdk.history import HistoryTurn
from providers.shared import context_builders, core_rules, tool_formatters
from providers.shared.command_converters import arguments_schema, direct_answer_commands
from providers.shared.parsing import parse_generic


class JarvisPromptProvider(IJarvisPromptProvider):
    """Shared behaviour; subclasses set the class attributes and override the hooks they need."""

    __jarvis_abstract__ = True

    provider_name = "Base"
    description = ""
    #: regexes on "<general.name> <general.architecture> <size_label>" of a loaded GGUF
    model_patterns: tuple[str, ...] = ()
    match_priority = 0                  # the higher wins when several providers match
    allow_direct_answer = True          # the model may answer in words without a tool
    primary_examples_only = True
    include_rules = True
    include_command_rules = True
    tool_descriptions = True
    system_role = True                  # False: the system prompt is merged into the first user message
    max_prompt_chars = 12000            # the character budget of history + context
    history_turns = 6

    # ---- identity -----------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.provider_name

    def get_capabilities(self) -> dict[str, Any]:
        caps = super().get_capabilities()
        caps.update({
            "description": self.description,
            "allow_direct_answer": self.allow_direct_answer,
            "output_format": self.output_format,
            "constrained": self.wants_constrained_output,
            "primary_examples_only": self.primary_examples_only,
            "system_role": self.system_role,
        })
        return caps

    output_format = "json"
    wants_constrained_output = False

    def match_score(self, metadata: dict[str, Any]) -> int:
        """How well this provider fits a loaded GGUF (0 = not at all)."""
        if not self.model_patterns:
            return 0
        hay = " ".join(str(metadata.get(k, "")) for k in
                       ("general.name", "general.architecture", "general.size_label", "general.basename"))
        hits = sum(1 for p in self.model_patterns if re.search(p, hay, re.I))
        return 0 if hits < len(self.model_patterns) else 10 + self.match_priority

    # ---- rendering a call in this family's output form (examples, history) -------------------
    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False, separators=(",", ":"))

    def render_assistant(self, calls: list[dict[str, Any]], message: str | None) -> str:
        if calls:
            return "\n".join(self.render_call(c["name"], c.get("arguments", {})) for c in calls)
        return message or ""

    # ---- the system prompt: stable first, tools last -----------------------------------------
    def output_instructions(self, commands: list[Any]) -> str:
        return ("To use a tool, reply with JSON only: "
                '{"name": "<tool>", "arguments": {...}}. Several calls: one JSON object per line. '
                "Otherwise reply in plain words.")

    def extra_rules(self, commands: list[Any]) -> list[str]:
        rules: list[str] = []
        if self.include_command_rules:
            rules.extend(core_rules.command_rules(commands, critical_only=self.primary_examples_only))
        return rules

    def build_system_prompt(self, node_context: dict[str, Any], timezone: str | None,
                            tools: list[dict[str, Any]], available_commands: list[Any]) -> str:
        commands = list(available_commands)
        parts = [core_rules.identity_header(node_context)]
        if self.include_rules:
            parts.append(core_rules.rules_block(self.extra_rules(commands)))
            parts.append(core_rules.ANTI_HALLUCINATION)
            parts.append(core_rules.FALLBACK_LINE)
        parts.append(self.output_instructions(commands))
        if not self.supports_native_tools:
            parts.append(self.tools_block(commands))
        parts.append(core_rules.memory_block(node_context))
        return "\n\n".join(p for p in parts if p)

    def tools_block(self, commands: list[Any]) -> str:
        return tool_formatters.format_tools(commands, self.render_call, self.primary_examples_only,
                                            self.tool_descriptions)

    # ---- messages ----------------------------------------------------------------------------
    def format_user(self, text: str, node_context: dict[str, Any] | None, timezone: str | None,
                    source: str = "text") -> str:
        ctx = context_builders.request_context(node_context, timezone)
        return f"[{ctx}]\n{text}" if ctx else text

    def history_messages(self, history: list[HistoryTurn]) -> list[dict[str, Any]]:
        msgs: list[dict[str, Any]] = []
        for h in history:
            msgs.append({"role": "user", "content": h.user})
            msgs.append({"role": "assistant", "content": h.raw if h.raw is not None
                         else self.render_assistant(h.calls, h.message)})
            for r in h.results:
                msgs.append({"role": "tool", "name": r.get("name", ""), "content": str(r.get("result", ""))})
        return msgs

    def trim_history(self, history: list[HistoryTurn], budget_chars: int | None = None) -> list[HistoryTurn]:
        """Oldest turns go first until the history fits the character budget."""
        budget = self.max_prompt_chars if budget_chars is None else budget_chars
        kept = list(history[-self.history_turns:]) if self.history_turns else []
        while kept and sum(h.size() for h in kept) > budget:
            kept.pop(0)
        return kept

    def build_messages(self, system_prompt: str, history: list[HistoryTurn], user_text: str,
                       node_context: dict[str, Any] | None = None, timezone: str | None = None,
                       source: str = "text", budget_chars: int | None = None) -> list[dict[str, Any]]:
        msgs = self.history_messages(self.trim_history(history, budget_chars))
        msgs.append({"role": "user", "content": self.format_user(user_text, node_context, timezone, source)})
        if self.system_role:
            return [{"role": "system", "content": system_prompt}, *msgs]
        first = msgs[0]
        msgs[0] = {"role": first["role"], "content": f"{system_prompt}\n\n{first['content']}"}
        return msgs

    # ---- constrained output ------------------------------------------------------------------
    def tool_argument_schemas(self, commands: Iterable[Any]) -> dict[str, dict[str, Any]]:
        return {c.command_name: arguments_schema(c) for c in commands}

    def get_response_format(self) -> dict[str, Any] | None:
        schema = self.response_schema(getattr(self, "_last_commands", []))
        return {"type": "json_object", "schema": schema} if schema else None

    def remember_commands(self, commands: list[Any]) -> None:
        self._last_commands = list(commands)

    def has_direct_tools(self, commands: list[Any]) -> bool:
        return bool(direct_answer_commands(commands))

    # ---- reading the output ------------------------------------------------------------------
    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
