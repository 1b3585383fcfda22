"""One turn's control: the stage it is in (TurnStage events, for whoever shows it) and its cancel flag.

The assistant makes one per turn. The brain and the LLM backend report through it (`stage`,
`on_prefill`, `on_text`) and ask it whether to go on; `check()` raises TurnCancelledError at the
points where the turn is about to do something (an LLM call, a command), so a cancel never leaves
half a decision executed.
"""
from __future__ import annotations

import threading
import time

from jarvis_tui.assistant import events as ev

PROGRESS_INTERVAL_S = 0.25      # at most ~4 progress events a second reach the bus


class TurnCancelledError(Exception):
    """Raised inside a turn that the user cancelled; the assistant ends the turn as cancelled."""


class TurnControl:
    def __init__(self, emit: ev.EventSink, turn_id: str) -> None:
        self.emit = emit
        self.turn_id = turn_id
        self.cancelled = threading.Event()
        self.current = ""                  # the stage last reported
        self.detail = ""
        self._last_progress = 0.0
        self._generated = 0
        self._total = 0                    # the prompt tokens of the read last reported

    # ---- reporting ------------------------------------------------------------------------------
    def stage(self, stage: str, detail: str = "", done: int = 0, total: int = 0) -> None:
        self.current, self.detail = stage, detail
        self._last_progress = time.monotonic()
        self.emit(ev.TurnStage(stage=stage, detail=detail, done=done, total=total, turn_id=self.turn_id))

    def on_prefill(self, done: int, total: int) -> bool:
        """The LLM backend reads the prompt: `done` of `total` tokens. False: stop (cancelled)."""
        if self.cancelled.is_set():
            return False
        now = time.monotonic()
        if self.current != "prefill" or total != self._total or done >= total \
                or now - self._last_progress >= PROGRESS_INTERVAL_S:
            self._total = total
            self.stage("prefill", self.detail if self.current == "prefill" else "", done, total)
        return True

    def on_text(self, piece: str) -> bool:
        """The LLM writes `piece`. False: stop at this token (cancelled)."""
        if self.cancelled.is_set():
            return False
        self._generated += 1
        now = time.monotonic()
        if self.current != "generating":
            self._generated = 1
            self.stage("generating", "", 1)
        elif now - self._last_progress >= PROGRESS_INTERVAL_S:
            self.stage("generating", "", self._generated)
        return True

    # ---- cancelling -----------------------------------------------------------------------------
    def cancel(self) -> None:
        self.cancelled.set()

    @property
    def is_cancelled(self) -> bool:
        return self.cancelled.is_set()

    def check(self) -> None:
        """Raise TurnCancelledError when the turn was cancelled (before the next thing it does)."""
        if self.cancelled.is_set():
            raise TurnCancelledError(self.current or "turn")
