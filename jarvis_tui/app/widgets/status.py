"""The status line: listening state, mic level meter, provider and model, the last turn's timings."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

STATES = {
    "idle": ("● idle", "grey62"),
    "listening": ("● listening", "green"),
    "hearing": ("● hearing speech", "bold green"),
    "thinking": ("● thinking", "yellow"),
    "speaking": ("● speaking", "magenta"),
    "muted": ("● muted", "grey50"),
    "no_device": ("● no microphone", "red"),
    "off": ("● audio off", "grey50"),
    "loading": ("● loading", "yellow"),
}

METER = 10


def meter(level: float) -> Text:
    level = max(0.0, min(1.0, level))
    # speech RMS sits far below 1.0: a square-root scale makes the meter move for normal voices
    filled = round((level ** 0.5) * METER)
    color = "green" if filled < 7 else ("yellow" if filled < 9 else "red")
    return Text.assemble(("▮" * filled, color), ("▯" * (METER - filled), "grey35"))


def format_timings(t: dict[str, float]) -> str:
    parts = []
    for key, label in (("endpoint", "endpoint"), ("stt", "stt"), ("pre_route", "route"), ("llm", "llm"),
                       ("execute", "exec"), ("total", "turn"), ("first_audio", "first audio")):
        if key in t and t[key] is not None:
            parts.append(f"{label} {t[key]:.0f}")
    return (" → ".join(parts) + " ms") if parts else ""


class StatusLine(Horizontal):
    state: reactive[str] = reactive("idle")
    level: reactive[float] = reactive(0.0)
    mode: reactive[str] = reactive("push_to_talk")
    provider: reactive[str] = reactive("")
    model: reactive[str] = reactive("")
    timings: reactive[dict[str, Any]] = reactive(dict, always_update=True)

    def __init__(self, show_timings: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.show_timings = show_timings

    def compose(self):
        yield Static(id="status-state")
        yield Static(id="status-meter")
        yield Static(id="status-brain")
        yield Static(id="status-timings")

    def on_mount(self) -> None:
        self._refresh_all()

    def _refresh_all(self) -> None:
        self.watch_state(self.state)
        self.watch_level(self.level)
        self.watch_provider(self.provider)
        self.watch_timings(self.timings)

    def watch_state(self, state: str) -> None:
        if not self.is_mounted:
            return
        label, style = STATES.get(state, (f"● {state}", "white"))
        mode = "hands-free" if self.mode == "hands_free" else "push-to-talk"
        self.query_one("#status-state", Static).update(Text.assemble((label, style), (f" [{mode}]", "dim")))

    def watch_mode(self, mode: str) -> None:
        self.watch_state(self.state)

    def watch_level(self, level: float) -> None:
        if self.is_mounted:
            self.query_one("#status-meter", Static).update(meter(level))

    def watch_provider(self, _: str) -> None:
        if self.is_mounted:
            self.query_one("#status-brain", Static).update(
                Text.assemble(("provider ", "dim"), self.provider or "—", ("  model ", "dim"), self.model or "—"))

    def watch_model(self, _: str) -> None:
        self.watch_provider(self.provider)

    def watch_timings(self, timings: dict[str, Any]) -> None:
        if self.is_mounted:
            text = format_timings(timings) if self.show_timings else ""
            self.query_one("#status-timings", Static).update(Text(text, style="dim"))
