"""The desktop's output volume through the sound server (PulseAudio, or PipeWire's PulseAudio
service), with `pulsectl`: a maintained ctypes binding to libpulse, so there is no `pactl` output to
parse and the errors say what failed. This module defines no commands.

Every call opens a short connection and closes it: the server may restart between two requests
(a desktop session does that), and a held connection would then fail until the app restarts."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Iterator


class SoundServerError(RuntimeError):
    """The sound server cannot be reached or refused: the message says which and why."""


@dataclass(frozen=True)
class OutputState:
    device: str          # the default output's description, as the desktop shows it
    percent: int         # volume, averaged over the channels, 100 = the device's normal level
    muted: bool


class DesktopVolume:
    """Volume and mute of the default output device ("sink")."""

    client_name = "jarvis-tui"

    @contextlib.contextmanager
    def _sink(self) -> Iterator[tuple[object, object]]:
        try:
            import pulsectl
        except (ImportError, OSError) as exc:     # OSError: libpulse.so.0 is not installed
            raise SoundServerError(f"no PulseAudio client library ({exc})") from exc
        try:
            pulse = pulsectl.Pulse(self.client_name, connect=False)
            pulse.connect(wait=False, timeout=2.0)
        except Exception as exc:  # pulsectl raises PulseError, or OSError on a dead socket
            raise SoundServerError(f"no sound server is running or reachable ({exc or type(exc).__name__})") from exc
        try:
            try:
                name = pulse.server_info().default_sink_name
                sink = pulse.get_sink_by_name(name) if name else None
            except Exception as exc:
                raise SoundServerError(f"the sound server has no default output device ({exc})") from exc
            if sink is None:
                raise SoundServerError("the sound server has no output device")
            yield pulse, sink
        finally:
            pulse.close()

    @staticmethod
    def _state(pulse, sink) -> OutputState:
        sink = pulse.get_sink_by_name(sink.name)          # fresh values after a change
        percent = int(round(pulse.volume_get_all_chans(sink) * 100))
        return OutputState(device=sink.description or sink.name, percent=percent, muted=bool(sink.mute))

    def state(self) -> OutputState:
        with self._sink() as (pulse, sink):
            return self._state(pulse, sink)

    def set_percent(self, percent: int) -> OutputState:
        with self._sink() as (pulse, sink):
            pulse.volume_set_all_chans(sink, max(0, percent) / 100.0)
            if sink.mute and percent > 0:                  # "volume 30 percent" means the user wants to hear it
                pulse.mute(sink, False)
            return self._state(pulse, sink)

    def change_percent(self, delta: int, ceiling: int = 100) -> OutputState:
        """Up or down by `delta` points, never above `ceiling` (only an explicit level goes above 100)
        and never below 0. Turning it up unmutes."""
        with self._sink() as (pulse, sink):
            now = int(round(pulse.volume_get_all_chans(sink) * 100))
            target = max(0, now + delta) if delta < 0 else max(now, min(ceiling, now + delta))
            pulse.volume_set_all_chans(sink, target / 100.0)
            if delta > 0 and sink.mute:
                pulse.mute(sink, False)
            return self._state(pulse, sink)

    def set_muted(self, muted: bool) -> OutputState:
        with self._sink() as (pulse, sink):
            pulse.mute(sink, muted)
            return self._state(pulse, sink)
