"""The status line: listening state, mic level meter, provider and model, the last turn's timings.

While a turn runs it says what the turn waits for and for how long ("thinking: the LLM is reading
the prompt 40 %, 12 s (Esc cancels)"), from the pipeline's TurnStage events; the seconds count on by
themselves once a second."""
from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Static

STATES = {
    "idle": ("● idle", "grey62"),
    "waiting": ("● say “Hey Jarvis”", "grey70"),
    "listening": ("● listening", "green"),
    "hearing": ("● hearing speech", "bold green"),
    "thinking": ("● thinking", "yellow"),
    "speaking": ("● speaking", "magenta"),
    "muted": ("● muted", "grey50"),
    "no_device": ("● no microphone", "red"),
    "off": ("● audio off", "grey50"),
    "loading": ("● loading", "yellow"),
}

MODE_LABELS = {"push_to_talk": "push-to-talk", "wake_word": "wake word", "hands_free": "always listening"}

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


STAGE_LABELS = {
    "routing": "routing",
    "waiting": "waiting",
    "prefill": "the LLM is reading the prompt",
    "generating": "the LLM is writing",
    "running": "running",
    "cancelling": "cancelling",
}


def describe_stage(stage: str, detail: str = "", done: int = 0, total: int = 0) -> str:
    """A turn's stage as the status line says it."""
    label = STAGE_LABELS.get(stage, stage)
    if stage == "prefill" and total:
        label += f" {done / total:.0%}".replace("%", " %")
    elif stage == "generating" and done > 1:
        label += f" ({done} tokens)"
    if detail and stage in ("running", "waiting"):
        label += f" {detail}" if stage == "running" else f": {detail}"
    return label


class StatusLine(Horizontal):
    state: reactive[str] = reactive("idle")
    activity: reactive[str] = reactive("")             # what the running turn waits for ("" = no turn)
    level: reactive[float] = reactive(0.0)
    mode: reactive[str] = reactive("push_to_talk")
    provider: reactive[str] = reactive("")
    model: reactive[str] = reactive("")
    timings: reactive[dict[str, Any]] = reactive(dict, always_update=True)

    def __init__(self, show_timings: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.show_timings = show_timings
        self.busy_since: float | None = None          # monotonic start of the running turn
        self.preparing = ""                            # a provider prepared in the background: "40 %", "ready"

    def turn_stage(self, activity: str, since: float | None = None) -> None:
        """A turn is running and now waits for `activity` (since `since`, monotonic)."""
        if self.busy_since is None:
            self.busy_since = since if since is not None else time.monotonic()
        self.activity = activity

    def turn_done(self) -> None:
        self.busy_since = None
        self.activity = ""

    def _tick(self) -> None:
        if self.busy_since is not None:
            self.watch_state(self.state)

    def compose(self):
        yield Static(id="status-state")
        yield Static(id="status-meter")
        yield Static(id="status-brain")
        yield Static(id="status-timings")

    def on_mount(self) -> None:
        self._refresh_all()
        self.set_interval(1.0, self._tick)

    def _refresh_all(self) -> None:
        self.watch_state(self.state)
        self.watch_level(self.level)
        self.watch_provider(self.provider)
        self.watch_timings(self.timings)

    def watch_state(self, state: str) -> None:
        if not self.is_mounted:
            return
        self.set_class(bool(self.activity), "-busy")
        if self.activity:
            seconds = time.monotonic() - (self.busy_since or time.monotonic())
            self.query_one("#status-state", Static).update(Text.assemble(
                ("● thinking: ", "yellow"), (self.activity, "bold yellow"), (f", {seconds:.0f} s", "yellow"),
                (" (Esc cancels)", "dim")))
            return
        label, style = STATES.get(state, (f"● {state}", "white"))
        mode = MODE_LABELS.get(self.mode, self.mode)
        self.query_one("#status-state", Static).update(Text.assemble((label, style), (f" [{mode}]", "dim")))

    def watch_mode(self, mode: str) -> None:
        self.watch_state(self.state)

    def watch_activity(self, _: str) -> None:
        self.watch_state(self.state)

    def watch_level(self, level: float) -> None:
        if self.is_mounted:
            self.query_one("#status-meter", Static).update(meter(level))

    @property
    def _preparing_now(self) -> bool:
        return bool(self.preparing) and self.preparing != "ready"

    def watch_provider(self, _: str) -> None:
        if not self.is_mounted:
            return
        if self._preparing_now:          # "preparing <provider>: 40 %": the progress before the model's name
            head = Text.assemble(("preparing ", "yellow"), self.provider or "—", (f": {self.preparing}", "bold yellow"))
        else:
            head = Text.assemble(("provider ", "dim"), self.provider or "—",
                                 (" (ready)" if self.preparing else "", "yellow"))
        self.query_one("#status-brain", Static).update(Text.assemble(head, ("  model ", "dim"), self.model or "—"))

    def show_preparing(self, state: str) -> None:
        """The provider's prompt being prepared in the background: "40 %", "ready", or "" (nothing).
        While it runs, the last turn's timings give their room to it (a narrow terminal cut it off)."""
        self.preparing = state
        self.watch_provider(self.provider)
        self.watch_timings(self.timings)

    def watch_model(self, _: str) -> None:
        self.watch_provider(self.provider)

    def watch_timings(self, timings: dict[str, Any]) -> None:
        if self.is_mounted:
            text = format_timings(timings) if self.show_timings and not self._preparing_now else ""
            self.query_one("#status-timings", Static).update(Text(text, style="dim"))
