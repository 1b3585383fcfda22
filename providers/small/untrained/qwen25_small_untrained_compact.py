"""Qwen25SmallUntrainedCompact: tuned for the bundled Qwen2.5-Coder-0.5B on a 2-core CPU.

A short system prompt (prefilled once at load and reused from the KV cache every turn), tools
last, and a compact constrained output: {"tool": <one of the real tools>, "args": {typed per
tool}} so the model emits a dozen tokens. The user part is the bare utterance."""
from __future__ import annotations

import json
from typing import Any, Iterable

from jarvis_tui.sdk.grammar import single_call_schema
from providers.shared import core_rules, tool_formatters
from providers.shared.base import JarvisPromptProvider


class Qwen25SmallUntrainedCompact(JarvisPromptProvider):
    provider_name = "Qwen25SmallUntrainedCompact"
    description = "Compact prompt + constrained {tool,args} JSON for Qwen2.5 0.5B-1.5B on CPU (default)"
    model_patterns = (r"qwen2(?!\.?5?-?vl)", r"\b(0\.5|1\.5)B\b")
    match_priority = 5
    output_format = "json:{tool,args}"
    wants_constrained_output = True
    primary_examples_only = False
    include_command_rules = False
    tool_descriptions = True
    history_turns = 3
    max_prompt_chars = 2400
    examples_per_tool = 2
    description_sentences: int | None = None   # None: whole descriptions; N: their first N sentences

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return json.dumps({"tool": name, "args": arguments}, ensure_ascii=False, separators=(",", ":"))

    def render_assistant(self, calls: list[dict[str, Any]], message: str | None) -> str:
        if calls:
            return self.render_call(calls[0]["name"], calls[0].get("arguments", {}))
        return json.dumps({"reply": message or ""}, ensure_ascii=False)

    def build_system_prompt(self, node_context: dict[str, Any], timezone: str | None,
                            tools: list[dict[str, Any]], available_commands: list[Any]) -> str:
        commands = sorted(available_commands, key=lambda c: c.command_name)
        direct = self._reply_allowed(commands)
        who = "You are Jarvis, a voice assistant."
        if (node_context or {}).get("user_name"):
            who = f"You are Jarvis, {node_context['user_name']}'s voice assistant."
        lines = [
            who + " Pick the one tool that does what the user asks and fill its args from the user's words.",
            'Answer with JSON only: {"tool":"<name>","args":{...}}'
            + (' or {"reply":"<words>"} when no tool fits.' if direct else "."),
            "Leave out args the user did not give. Durations in seconds, times as HH:MM (24 h).",
            'If no tool can do what the user asks, answer {"tool":"none","args":{}}.',
        ]
        body = "\n".join(tool_formatters.format_tool(c, self.render_call, primary_only=False,
                                                     with_description=self.tool_descriptions,
                                                     limit=self.examples_per_tool,
                                                     description_sentences=self.description_sentences)
                         for c in commands)
        memories = core_rules.memory_block(node_context)
        return "\n".join(lines) + "\nTools:\n" + body + ("\n" + memories if memories else "")

    def _reply_allowed(self, commands: list[Any]) -> bool:
        # with chat/answer_question tools present, words go through them: one fewer choice
        return self.allow_direct_answer and not self.has_direct_tools(commands)

    def format_user(self, text: str, node_context: dict[str, Any] | None, timezone: str | None,
                    source: str = "text") -> str:
        return text

    #: longest words the model may write into a direct-answer tool (chat's reply): a 0.5B model
    #: otherwise runs on to max_tokens ("Space travel is a fascinating ..." for 190 tokens)
    direct_text_max_chars = 160

    def tool_argument_schemas(self, commands: Iterable[Any]) -> dict[str, dict[str, Any]]:
        out = super().tool_argument_schemas(commands)
        for c in commands:
            if not getattr(c, "allow_direct_answer", False):
                continue
            props = out.get(c.command_name, {}).get("properties", {})
            for prop in props.values():
                if prop.get("type") == "string" and "enum" not in prop:
                    prop["maxLength"] = self.direct_text_max_chars
        return out

    def response_schema(self, commands: list[Any]) -> dict[str, Any] | None:
        return single_call_schema(self.tool_argument_schemas(commands), "tool", "args",
                                  "reply" if self._reply_allowed(commands) else None, decline=True)

    def narrowed_schema(self, commands: list[Any], decline: bool = False) -> dict[str, Any] | None:
        # narrowed by the brain to these tools: a call to one of them (or the decline call), no words
        return single_call_schema(self.tool_argument_schemas(commands), "tool", "args", None, decline=decline)
