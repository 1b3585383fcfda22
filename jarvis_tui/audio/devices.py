"""Audio devices through PortAudio (sounddevice): listing, choosing by name, a short input level."""
from __future__ import annotations

import contextlib
import threading
from typing import Any, Callable, Iterator

import numpy as np


class AudioUnavailable(RuntimeError):
    """PortAudio is missing, or no device fits: the message says what to install or choose."""


class DeviceNotFound(AudioUnavailable):
    pass


def sd():
    """The sounddevice module; AudioUnavailable when the PortAudio library is not installed."""
    try:
        import sounddevice
    except OSError as exc:
        raise AudioUnavailable(f"PortAudio is not installed ({exc}); install libportaudio2 "
                               "(apt-get install libportaudio2). Text input keeps working.") from None
    except ImportError as exc:
        raise AudioUnavailable(f"the sounddevice package is missing: {exc}") from None
    return sounddevice


class Outage:
    """One device's outage, for the stage that retries it: the reason, when it began, and when to
    try again (0.5 s doubling to 10 s; `reset_backoff()` starts the doubling over without ending
    the outage)."""

    def __init__(self, reason: str, now: float, first_backoff: float = 0.5, max_backoff: float = 10.0) -> None:
        self.reason = reason
        self.lost_at = now
        self.first_backoff = first_backoff
        self.max_backoff = max_backoff
        self.backoff = first_backoff
        self.retry_at = now + first_backoff

    def failed_again(self, reason: str, now: float) -> None:
        self.reason = reason
        self.backoff = min(self.max_backoff, self.backoff * 2) if self.backoff else self.first_backoff
        self.retry_at = now + self.backoff

    def reset_backoff(self) -> None:
        self.backoff = 0.0

    def due(self, now: float) -> bool:
        return now >= self.retry_at

    @classmethod
    def after_failure(cls, outage: "Outage | None", reason: str, now: float,
                      on_new: Callable[["Outage"], None]) -> "Outage":
        """The outage a failure starts (`on_new` says it, once) or the one it continues (backed off)."""
        if outage is None:
            outage = cls(reason, now)
            on_new(outage)
        else:
            outage.failed_again(reason, now)
        return outage


_refresh_lock = threading.Lock()
_open_streams = 0


def stream_opened() -> None:
    """Say a stream is about to open (until `stream_closed()`): a re-scan (which restarts PortAudio
    and so ends every open stream) is skipped while one is open, and no stream opens during one."""
    global _open_streams
    with _refresh_lock:
        _open_streams += 1


def stream_closed() -> None:
    global _open_streams
    with _refresh_lock:
        _open_streams -= 1


@contextlib.contextmanager
def stream_in_use() -> Iterator[None]:
    stream_opened()
    try:
        yield
    finally:
        stream_closed()


def start_stream(kind: Callable[..., Any], what: str, **options: Any) -> Any:
    """A PortAudio stream (`sd().InputStream` / `OutputStream`) made and started, or AudioUnavailable
    naming `what` and PortAudio's reason; a stream made but not started is closed again."""
    stream = None
    try:
        stream = kind(**options)
        stream.start()
    except Exception as exc:  # noqa: BLE001 - PortAudio's message names the cause
        if stream is not None:
            close_quietly(stream)
        raise AudioUnavailable(f"cannot open {what}: {exc}") from None
    return stream


def close_quietly(stream: Any) -> None:
    """Abort and close a PortAudio stream whose device may already be gone (errors are expected)."""
    for end in (stream.abort, stream.close):
        try:
            end()
        except Exception:  # noqa: BLE001 - a failed device fails these too; nothing is left to do
            pass


def refresh() -> bool:
    """Re-scan devices (PortAudio caches the list from its start): finds a device plugged in later.
    Skipped (False) while another stream is open, since restarting PortAudio would end it."""
    s = sd()
    with _refresh_lock:
        if _open_streams:
            return False
        try:
            s._terminate()
            s._initialize()
        except Exception:  # noqa: BLE001 - keep the old list when re-scanning fails
            return False
        return True


def list_devices() -> list[dict[str, Any]]:
    s = sd()
    try:
        devices = s.query_devices()
        hostapis = s.query_hostapis()
        default_in, default_out = s.default.device
    except Exception as exc:  # noqa: BLE001 - PortAudio errors
        raise AudioUnavailable(f"cannot list audio devices: {exc}") from None
    out = []
    for i, d in enumerate(devices):
        out.append({
            "name": d["name"], "index": i,
            "is_input": d["max_input_channels"] > 0, "is_output": d["max_output_channels"] > 0,
            "is_default_input": i == default_in, "is_default_output": i == default_out,
            "hostapi": hostapis[d["hostapi"]]["name"] if 0 <= d["hostapi"] < len(hostapis) else "",
            "default_samplerate": d.get("default_samplerate"),
        })
    return out


def has_device(name: str, kind: str = "input") -> bool:
    """Whether a device of that name (or a unique part of it) is there now."""
    try:
        find_device(name, kind)
        return True
    except AudioUnavailable:
        return False


def find_device(name: str | None, kind: str = "input") -> int | None:
    """A device index by exact name, else by a unique case-insensitive substring; None = the
    system default. DeviceNotFound lists the devices there are."""
    devices = [d for d in list_devices() if d["is_input" if kind == "input" else "is_output"]]
    if not devices:
        raise DeviceNotFound(f"no audio {kind} device")
    if name is None or name == "" or name == "default":
        default = next((d for d in devices if d[f"is_default_{kind}"]), None)
        if default is None:
            # PortAudio has no default: the first device that can do it
            return devices[0]["index"]
        return None
    for d in devices:
        if d["name"] == name:
            return d["index"]
    matches = [d for d in devices if name.lower() in d["name"].lower()]
    if len(matches) == 1:
        return matches[0]["index"]
    known = ", ".join(repr(d["name"]) for d in devices)
    if matches:
        raise DeviceNotFound(f"{kind} device {name!r} is ambiguous; matches: "
                             + ", ".join(repr(d["name"]) for d in matches))
    raise DeviceNotFound(f"no {kind} device named {name!r}; there are: {known}")


def input_level(index: int | None, seconds: float = 0.3, rate: int = 16000) -> float:
    """RMS (0..1) of a short recording from an input device; raises AudioUnavailable on failure.
    Waits at most `seconds` + 1 s (a stalled device reads as 0.0)."""
    s = sd()
    blocks: list[np.ndarray] = []
    done = threading.Event()
    need = int(seconds * rate)

    def callback(indata, frames, time_info, status):
        blocks.append(indata[:, 0].copy())
        if sum(len(b) for b in blocks) >= need:
            done.set()

    try:
        stream = s.InputStream(device=index, channels=1, samplerate=rate, dtype="float32", callback=callback)
        stream.start()
    except Exception as exc:  # noqa: BLE001
        raise AudioUnavailable(f"cannot open input device {index}: {exc}") from None
    done.wait(seconds + 1.0)
    # abort, not stop: stopping waits for a buffer that a stalled device never delivers
    try:
        stream.abort()
        stream.close()
    except Exception:  # noqa: BLE001
        pass
    if not blocks:
        return 0.0
    x = np.concatenate(blocks)
    return float(np.sqrt(np.mean(x ** 2)))


def level_bar(rms: float, width: int = 20) -> str:
    """A dBFS-scaled bar: -60 dB empty, 0 dB full."""
    db = 20 * np.log10(max(rms, 1e-6))
    filled = int(round(max(0.0, min(1.0, (db + 60) / 60)) * width))
    return "#" * filled + "." * (width - filled) + f" {db:6.1f} dBFS"
