"""SynthJsonMediumUntrained: the prompt is ONE JSON object, after the SyntH prompt engine:

  {"instructions": "<one minified line>", "actions": [minified tool schemas], "context": {
     "recent_history": [...], "current_chat": [...], "memories": [...], "other": {...}},
   "input": {"text": ..., "input_source": "voice"|"text", "timestamp": ...}}

Stable keys first (instructions, actions) so the prefix is cacheable. It is reduced to the
model's character budget in SyntH's order: recent history, then current-chat history, then
memories, then other context, then the whole context; actions fall back to lite mode; the
instructions are never cut. Output: Jarvis JSON, schema-constrained."""
from __future__ import annotations

import datetime as _dt
import json
from typing import Any

from jarvis_tui.sdk.grammar import jarvis_json_schema
from providers.shared import context_builders, core_rules
from providers.shared.base import HistoryTurn, JarvisPromptProvider
from providers.shared.command_converters import minified_tool
from providers.shared.parsing import parse_generic

_COMPACT = (",", ":")


class SynthJsonMediumUntrained(JarvisPromptProvider):
    provider_name = "SynthJsonMediumUntrained"
    description = "SyntH-style single JSON prompt (context/input/instructions/actions), Jarvis JSON out"
    output_format = "jarvis-json"
    wants_constrained_output = True
    max_prompt_chars = 9000
    lite_actions = False
    history_turns = 12

    def instructions(self, commands: list[Any]) -> str:
        rules = [core_rules.identity_header(None), core_rules.ANTI_HALLUCINATION, core_rules.FALLBACK_LINE,
                 "Reply with one JSON object {\"message\": words to speak, \"tool_calls\": "
                 "[{\"name\": action, \"arguments\": {...}}]}; tool_calls is [] when you answer in words."]
        return " ".join(" ".join(r.split()) for r in rules)

    def build_system_prompt(self, node_context: dict[str, Any], timezone: str | None,
                            tools: list[dict[str, Any]], available_commands: list[Any]) -> str:
        self.remember_commands(available_commands)
        return "You read one JSON request and answer with one JSON object."

    def build_prompt_object(self, commands: list[Any], history: list[HistoryTurn], text: str,
                            node_context: dict[str, Any] | None, timezone: str | None, source: str,
                            now: _dt.datetime | None = None, budget_chars: int | None = None) -> dict[str, Any]:
        ctx = node_context or {}
        cmds = sorted(commands, key=lambda c: c.command_name)
        obj: dict[str, Any] = {
            "instructions": self.instructions(cmds),
            "actions": [minified_tool(c, lite=self.lite_actions) for c in cmds],
            "context": {
                "recent_history": [dict(h) for h in ctx.get("recent_history", [])],
                "current_chat": [self._turn(h) for h in history],
                "memories": list(ctx.get("user_memories", [])),
                "other": {k: v for k, v in {"location": ctx.get("location"), "room": ctx.get("room"),
                                            "user": ctx.get("user_name")}.items() if v},
            },
            "input": {"text": text, "input_source": "voice" if source == "voice" else "text",
                      "timestamp": context_builders.now_in(timezone, now).isoformat(timespec="seconds")},
        }
        return self.reduce(obj, cmds, self.max_prompt_chars if budget_chars is None else budget_chars)

    @staticmethod
    def _turn(h: HistoryTurn) -> dict[str, Any]:
        d: dict[str, Any] = {"user": h.user}
        if h.calls:
            d["tool_calls"] = h.calls
        if h.message:
            d["assistant"] = h.message
        if h.results:
            d["results"] = h.results
        return d

    def reduce(self, obj: dict[str, Any], commands: list[Any], budget: int) -> dict[str, Any]:
        def size() -> int:
            return len(json.dumps(obj, ensure_ascii=False, separators=_COMPACT, default=str))

        ctx = obj["context"]
        for key in ("recent_history", "current_chat", "memories"):
            while size() > budget and ctx.get(key):
                ctx[key].pop(0)            # oldest first
        while size() > budget and ctx.get("other"):
            ctx["other"].pop(next(iter(ctx["other"])))
        if size() > budget and "context" in obj:
            del obj["context"]
        if size() > budget and not self.lite_actions:
            obj["actions"] = [minified_tool(c, lite=True) for c in commands]
        return obj

    def build_messages(self, system_prompt: str, history: list[HistoryTurn], user_text: str,
                       node_context: dict[str, Any] | None = None, timezone: str | None = None,
                       source: str = "text", budget_chars: int | None = None) -> list[dict[str, Any]]:
        commands = getattr(self, "_last_commands", [])
        obj = self.build_prompt_object(commands, history, user_text, node_context, timezone, source,
                                       budget_chars=budget_chars)
        return [{"role": "system", "content": system_prompt},
                {"role": "user", "content": json.dumps(obj, ensure_ascii=False, separators=_COMPACT, default=str)}]

    def render_call(self, name: str, arguments: dict[str, Any]) -> str:
        return json.dumps({"message": "", "tool_calls": [{"name": name, "arguments": arguments}]},
                          separators=_COMPACT)

    def response_schema(self, commands: list[Any]) -> dict[str, Any] | None:
        return jarvis_json_schema(self.tool_argument_schemas(commands))

    def parse_response(self, raw: str) -> dict[str, Any] | None:
        return parse_generic(raw)
