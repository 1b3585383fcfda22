"""The fixed parts of every system prompt: identity header, rules block, anti-hallucination
mandate, fallback line. Pure functions of stable inputs, so the prompt prefix stays cacheable."""
from __future__ import annotations

from typing import Any, Iterable

STYLES = {
    "brief": "Keep spoken replies short: one or two sentences.",
    "friendly": "Be warm and conversational, but keep replies short enough to speak.",
    "detailed": "Give complete answers, still in plain spoken sentences.",
}

ANTI_HALLUCINATION = ("Never invent tool names, arguments, facts or results. Use only the tools listed. "
                      "Take argument values from the user's words; leave out optional ones you were not given.")

FALLBACK_LINE = "If no tool fits and you cannot answer, say so briefly instead of guessing."

BASE_RULES = (
    "Requests that change or look up the user's data (timers, reminders, lists, email, weather, time) "
    "always need a tool call.",
    "Answer small talk and general questions without pretending to run a tool.",
    "Convert durations to seconds and clock times to 24 h HH:MM.",
)


def identity_header(node_context: dict[str, Any] | None = None, assistant_name: str = "Jarvis") -> str:
    ctx = node_context or {}
    who = f"You are {assistant_name}, a voice assistant on the user's computer"
    if ctx.get("user_name"):
        who += f", talking with {ctx['user_name']}"
    if ctx.get("room"):
        who += f" in the {ctx['room']}"
    who += "."
    style = STYLES.get(str(ctx.get("response_style") or "brief"), STYLES["brief"])
    return f"{who} Your replies are spoken aloud. {style}"


def memory_block(node_context: dict[str, Any] | None) -> str:
    """What the user asked the assistant to remember. It goes last in a system prompt: a new memory
    then changes only the end of the prompt, and the model's cached prefix before it stays valid."""
    memories = [str(m) for m in (node_context or {}).get("user_memories") or [] if str(m).strip()]
    if not memories:
        return ""
    return ("The user asked you to remember (use these when they help; never make up others):\n"
            + "\n".join(f"- {m}" for m in memories))


def rules_block(extra: Iterable[str] = (), base: Iterable[str] = BASE_RULES, title: str = "Rules") -> str:
    rules = [r for r in [*base, *extra] if r]
    if not rules:
        return ""
    return f"{title}:\n" + "\n".join(f"- {r}" for r in rules)


def command_rules(commands: Iterable[Any], critical_only: bool = False) -> list[str]:
    """The commands' own rules (critical ones always, the others unless critical_only)."""
    out: list[str] = []
    for c in commands:
        out.extend(f"{c.command_name}: {r}" for r in getattr(c, "critical_rules", []) or [])
        if not critical_only:
            out.extend(f"{c.command_name}: {r}" for r in getattr(c, "rules", []) or [])
    return out


def antipattern_lines(commands: Iterable[Any]) -> list[str]:
    out = []
    for c in commands:
        for a in getattr(c, "antipatterns", []) or []:
            out.append(f"not {c.command_name} but {a.command_name}: {a.description}")
    return out
