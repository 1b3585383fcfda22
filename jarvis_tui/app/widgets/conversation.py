"""The conversation: what the user said (spoken or typed), what the assistant said, with route badges."""
from __future__ import annotations

from rich.text import Text

from jarvis_tui.app.widgets.log import PlainRichLog

BADGES = {
    "pre_route": ("FAST PATH", "bold black on green"),
    "llm": ("LLM", "bold white on blue"),
    "none": ("NONE", "bold black on grey62"),
    "action": ("ACTION", "bold black on yellow"),
    "router": ("ROUTER", "bold white on magenta"),
    "several": ("SEVERAL", "bold black on cyan"),
    "follow_up": ("FOLLOW-UP", "bold black on bright_cyan"),     # an answer, or words that continue the last request
    "take_back": ("UNDO", "bold black on bright_yellow"),        # "cancel that": what the last turn did, put back
}


def badge(route: str) -> Text:
    label, style = BADGES.get(route, (route.upper() or "?", "bold reverse"))
    return Text(f" {label} ", style=style)


class Conversation(PlainRichLog):
    BORDER_TITLE = "Conversation"

    def user(self, text: str, source: str = "text") -> None:
        icon = "🎤" if source == "voice" else "⌨"
        line = Text.assemble((f"{icon} You  ", "bold cyan"), text)
        self.add(line, f"You ({source}): {text}")

    def assistant(self, text: str, route: str) -> None:
        line = Text.assemble(("🤖 Jarvis ", "bold magenta"), badge(route), " ", text or "")
        self.add(line, f"Jarvis [{route}]: {text or ''}")

    def rejected(self, text: str, reason: str) -> None:
        shown = text.strip() or "(nothing)"
        line = Text.assemble(("🎤 ", "grey50"), (f"“{shown}”", "grey50 italic"),
                             (f"  rejected: {reason}", "grey50"))
        self.add(line, f"Rejected transcript {shown!r}: {reason}")

    def clicked(self, label: str, command: str) -> None:
        line = Text.assemble(("▸ You  ", "bold cyan"), ("clicked ", "dim"), (f"[{label}]", "bold"),
                             (f" ({command})", "dim"))
        self.add(line, f"You clicked [{label}] ({command})")

    def announce(self, text: str, source: str = "") -> None:
        line = Text.assemble(("🔔 Jarvis ", "bold magenta"), text, (f"  ({source})" if source else "", "dim"))
        self.add(line, f"Announcement ({source}): {text}")

    def note(self, text: str) -> None:
        self.add(Text(f"ℹ {text}", style="dim"), f"Note: {text}")

    def error(self, text: str) -> None:
        self.add(Text.assemble(("⚠ ", "bold red"), (text, "red")), f"Error: {text}")
