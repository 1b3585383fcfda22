"""The panels that show every step of a turn: prompt, tool calls, validation."""
from __future__ import annotations

import json
from typing import Any, Callable

from rich.console import Group
from rich.json import JSON
from rich.text import Text

from jarvis_tui.app.widgets.log import PlainRichLog

Redactor = Callable[[str], str]


def _json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str, sort_keys=False)


class PromptPanel(PlainRichLog):
    """The system prompt the active provider built, the messages sent, the raw LLM output."""

    def __init__(self, redact: Redactor, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.redact = redact
        self.provider = ""

    def set_provider(self, name: str, info: str = "") -> None:
        self.provider = name
        self.border_title = f"Prompt · {name}" if name else "Prompt"
        self.border_subtitle = info

    def prompt(self, provider: str, system: str, messages: list[dict[str, Any]],
               tools: list[dict[str, Any]], iteration: int, preview: bool = False) -> None:
        what = "system prompt preview" if preview else "system prompt"
        head = (f"── {what} ({provider}" + (f", retry {iteration}" if iteration else "")
                + f", {len(system)} chars) ──")
        self.add(Text(head, style="bold"), head)
        body = self.redact(system)
        self.add(Text(body, style="grey85"), body)
        if tools:
            names = ", ".join(str((t.get("function") or t).get("name", "?")) if isinstance(t, dict) else str(t)
                              for t in tools)
            self.add(Text(f"tools: {names}", style="dim"), f"tools: {names}")
        for m in messages:
            role = str(m.get("role", "?"))
            content = m.get("content")
            text = self.redact(content if isinstance(content, str) else _json(content))
            self.add(Text.assemble((f"{role}: ", "bold yellow"), text), f"{role}: {text}")

    def llm_output(self, raw: str, prefill_ms: float, generate_ms: float, prompt_tokens: int,
                   completion_tokens: int, cached_tokens: int) -> None:
        head = (f"── raw LLM output ({prompt_tokens} prompt tok, {cached_tokens} cached, "
                f"{completion_tokens} generated) ──")
        self.add(Text(head, style="bold"), head)
        raw = self.redact(raw)
        self.add(Text(raw, style="green"), raw)


class ToolCallsPanel(PlainRichLog):
    """Each tool call: name, arguments as JSON, origin, post-processing changes, result."""

    def __init__(self, redact: Redactor, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.redact = redact
        self._last_call: str | None = None        # the call shown last
        self._stepping: str | None = None         # the call whose steps are running (a routine)

    def reset(self) -> None:
        super().reset()
        self._last_call = self._stepping = None

    def calls(self, calls: list[dict[str, Any]], rejected: list[dict[str, Any]], origin: str) -> None:
        if calls:
            self._last_call = str(calls[0].get("name", "?"))
        for call in calls:
            name = str(call.get("name", "?"))
            args = self.redact(_json(call.get("arguments", {})))
            head = Text.assemble(("▶ ", "bold"), (name, "bold cyan"), (f"  via {_origin(origin)}", "dim"))
            self.add(Group(head, JSON(args, indent=2)), f"call {name} via {_origin(origin)} {args}")
        for r in rejected:
            line = f"✗ rejected {r.get('name', '?')}: {r.get('reason', '')}"
            self.add(Text(line, style="red"), line)

    def step(self, text: str) -> None:
        """A command runs one more request in this turn (a routine's step); its calls follow."""
        if self._stepping is None:
            self._stepping = self._last_call
        line = f"┄ step: {text}"
        self.add(Text.assemble(("┄ step: ", "bold yellow"), (text, "yellow")), line)

    def routed(self, top: list[list[Any]], decision: str, tool: str | None, shortlist: list[str],
               arguments: dict[str, list[Any]] | None = None) -> None:
        """The intent router's top scores and what it decided (with the decided tool's choice
        arguments as its examples say them: "action list 0.93")."""
        scores = "  ".join(f"{name} {float(p):.2f}" for name, p in top)
        said = ", ".join(f"{k} {v} {float(q):.2f}" for k, (v, q) in (arguments or {}).items())
        what = {"decline": "no command fits: declined", "direct": f"{tool}, no routing call",
                "tool": f"{tool}" + (f" ({said})" if said else "") + ", the model fills its arguments",
                "shortlist": "not sure: the model chooses among " + ", ".join(shortlist)}.get(decision, decision)
        line = f"router: {scores}  → {what}"
        self.add(Text.assemble(("◆ router ", "bold magenta"), (scores, "magenta"), (f"  → {what}", "dim")), line)

    def weighed(self, router: dict[str, float], model: dict[str, float], chosen: str) -> None:
        """The shortlist decided by the router and the model together ("none": declining)."""
        scores = "  ".join(f"{name} {router.get(name, 0.0):.2f}×{model.get(name, 0.0):.2f}" for name in router)
        what = "declined" if chosen == "none" else chosen
        line = f"weighed (router×model): {scores}  → {what}"
        self.add(Text.assemble(("◆ weighed ", "bold magenta"), (scores, "magenta"), (f"  → {what}", "dim")), line)

    def finished(self, command: str, origin: str, success: bool, message: str | None,
                 error: str | None, post_processed: dict[str, Any], arguments: dict[str, Any]) -> None:
        parts: list[Any] = []
        plain = []
        if self._stepping is not None and command == self._stepping and origin != "action":
            self._stepping = None          # the command that ran the steps ends: say which one
            line = f"◀ {command}, after its steps"
            parts.append(Text(line, style="bold cyan"))
            plain.append(line)
        if origin == "action":
            line = f"▶ {command} handle_action({arguments.get('action', '')!r})"
            parts.append(Text(line, style="bold cyan"))
            plain.append(line)
        for arg, change in post_processed.items():
            line = (f"  post-processed {arg}: {json.dumps(change.get('from'), default=str)} → "
                    f"{json.dumps(change.get('to'), default=str)}")
            parts.append(Text(line, style="yellow"))
            plain.append(line)
        status = "✓ success" if success else "✗ failed"
        line = f"  {status}: {self.redact(message or '')}"
        parts.append(Text(line, style="green" if success else "red"))
        plain.append(line)
        if error and error != message:
            line = f"  error: {self.redact(error)}"
            parts.append(Text(line, style="red"))
            plain.append(line)
        self.add(Group(*parts), "\n".join(plain))


def _origin(origin: str) -> str:
    return {"pre_route": "fast path (pre_route)", "llm": "LLM", "action": "button",
            "router": "intent router (no routing call)",
            "follow_up": "your answer to its question",
            "repeat": "the last request again (\"one more\")",
            "take_back": "the last request taken back (\"cancel that\")"}.get(origin, origin)


class ValidationPanel(PlainRichLog):
    """Each ValidationResult, the corrections applied, retries taken and questions asked."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.retries = 0

    def reset(self) -> None:
        super().reset()
        self.retries = 0
        self.border_subtitle = ""

    def completed(self, command: str, results: list[dict[str, Any]], corrections: dict[str, Any],
                  retry: bool, clarification: str | None) -> None:
        head = f"{command}:"
        self.add(Text(head, style="bold"), head)
        if not results:
            self.add(Text("  (no parameter checks)", style="dim"), "  (no parameter checks)")
        for r in results:
            ok = bool(r.get("success"))
            name = r.get("param_name") or "(call)"
            line = f"  {'✓' if ok else '✗'} {name}"
            if r.get("message"):
                line += f": {r['message']}"
            style = "green" if ok else "red"
            parts = [Text(line, style=style)]
            plain = [line]
            if r.get("suggested_value") is not None:
                extra = f"    suggested: {json.dumps(r['suggested_value'], default=str)}"
                if name in corrections:
                    extra += " (applied)"
                parts.append(Text(extra, style="yellow"))
                plain.append(extra)
            if r.get("valid_values"):
                extra = "    valid: " + ", ".join(map(str, r["valid_values"]))
                parts.append(Text(extra, style="dim"))
                plain.append(extra)
            self.add(Group(*parts), "\n".join(plain))
        for arg, change in corrections.items():
            if any((r.get("param_name") == arg) for r in results):
                continue
            line = f"  corrected {arg}: {change.get('from')!r} → {change.get('to')!r}"
            self.add(Text(line, style="yellow"), line)
        if retry:
            self.retries += 1
            line = f"  ↻ LLM asked again with the hint (retry {self.retries})"
            self.add(Text(line, style="yellow"), line)
        if clarification:
            line = f"  ? asked the user: {clarification}"
            self.add(Text(line, style="cyan"), line)
        self.border_subtitle = f"retries: {self.retries}" if self.retries else ""
