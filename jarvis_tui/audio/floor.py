"""Who has the floor: the state the voice loop's stages share.

The listener asks it whether a frame may become a request (the listening mode: push-to-talk,
wake word or always listening; the key held, the wake word just heard, the follow-up window after
a question; the assistant's own speech and the echo right after it); the
speaker tells it when the assistant talks; every stage reports the one listening state the status
line shows (`ListeningStateChanged`) through it. All methods are thread-safe.
"""
from __future__ import annotations

import threading
import time

from jarvis_tui.assistant import events as ev

MODES = ("push_to_talk", "wake_word", "hands_free")
PTT_TIMEOUT_S = 10.0          # push-to-talk armed without speech gives up after this
WAKE_WINDOW_S = 8.0           # after "Hey Jarvis", a request may start this long
ECHO_GUARD_S = 0.3            # after playback, room echo is not taken as speech


class Floor:
    def __init__(self, emit: ev.EventSink, mode: str = "push_to_talk", follow_up_s: float = 6.0) -> None:
        self.emit = emit
        self.mode = mode if mode in MODES else "push_to_talk"
        self.follow_up_s = follow_up_s
        self.state = "idle"
        self.speaking = False
        self._lock = threading.RLock()
        self._ptt_armed = False
        self._ptt_since = 0.0
        self._follow_up_until = 0.0
        self._wake_until = 0.0
        self._echo_guard_until = 0.0

    # ---- the state the user sees --------------------------------------------------------------------
    def set_state(self, state: str, detail: str = "") -> None:
        with self._lock:
            if state == self.state and not detail:
                return
            self.state = state
        self.emit(ev.ListeningStateChanged(state=state, detail=detail))

    def idle_state(self) -> str:
        return {"hands_free": "listening", "wake_word": "waiting"}.get(self.mode, "idle")

    def settle(self) -> None:
        """Back to waiting: listening when a request may come now, else the mode's idle state."""
        if not self.speaking:
            self.set_state("listening" if self.accepts_speech(time.monotonic()) else self.idle_state())

    # ---- may speech become a request now? -----------------------------------------------------------
    def accepts_speech(self, now: float) -> bool:
        with self._lock:
            if now < self._echo_guard_until:
                return False
            return (self.mode == "hands_free" or self._ptt_armed or now < self._follow_up_until
                    or now < self._wake_until)

    def set_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} ({' or '.join(MODES)})")
        with self._lock:
            self.mode = mode
            self._ptt_armed = False
            self._wake_until = 0.0

    @property
    def ptt_armed(self) -> bool:
        return self._ptt_armed

    def arm_ptt(self) -> None:
        with self._lock:
            self._ptt_armed = True
            self._ptt_since = time.monotonic()

    def woken(self) -> None:
        """The wake word was heard: a request may start within WAKE_WINDOW_S."""
        with self._lock:
            self._wake_until = time.monotonic() + WAKE_WINDOW_S
        self.set_state("listening", "wake word")

    def wake_expired(self, now: float, in_speech: bool) -> bool:
        """True once when the wake word's window passed without a request."""
        with self._lock:
            if self._wake_until and not in_speech and now >= self._wake_until:
                self._wake_until = 0.0
                return True
            return False

    def ptt_expired(self, now: float, in_speech: bool) -> bool:
        """True once (and disarms) when push-to-talk waited PTT_TIMEOUT_S without speech."""
        with self._lock:
            if self._ptt_armed and not in_speech and now - self._ptt_since > PTT_TIMEOUT_S:
                self._ptt_armed = False
                return True
            return False

    def open_follow_up(self) -> None:
        """After a reply that waits for an answer, the next utterance needs no key (or wake word)."""
        with self._lock:
            self._follow_up_until = time.monotonic() + self.follow_up_s
        self.set_state("listening", "follow-up")

    def utterance_taken(self, now: float) -> bool:
        """An utterance was captured: push-to-talk and the follow-up window are used up. Returns
        whether it came inside the follow-up window."""
        with self._lock:
            follow_up = now < self._follow_up_until
            self._ptt_armed = False
            self._follow_up_until = 0.0
            self._wake_until = 0.0
            return follow_up

    def in_follow_up(self, now: float) -> bool:
        return now < self._follow_up_until

    def disarm(self) -> None:
        with self._lock:
            self._ptt_armed = False

    # ---- the assistant's own speech -----------------------------------------------------------------
    def speech_started(self) -> None:
        self.speaking = True
        self.set_state("speaking")

    def speech_ended(self) -> None:
        with self._lock:
            self.speaking = False
            self._echo_guard_until = time.monotonic() + ECHO_GUARD_S
