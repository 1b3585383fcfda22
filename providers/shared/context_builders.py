"""The changing context of a request (time, place, history, memories). It goes AFTER the stable
prompt (into the user part), so the cached prefix survives from turn to turn."""
from __future__ import annotations

import datetime as _dt
from typing import Any
from zoneinfo import ZoneInfo
from jarvis_tui.sdk.history import result_summary  # noqa: F401 - re-exported for providers


def now_in(timezone: str | None, now: _dt.datetime | None = None) -> _dt.datetime:
    now = now or _dt.datetime.now().astimezone()
    if timezone:
        try:
            return now.astimezone(ZoneInfo(timezone))
        except Exception:  # noqa: BLE001 - an unknown zone name falls back to local time
            return now
    return now


def time_context(timezone: str | None, now: _dt.datetime | None = None) -> str:
    t = now_in(timezone, now)
    zone = timezone or (t.tzname() or "local")
    return f"Now: {t.strftime('%A %Y-%m-%d %H:%M')} ({zone})."


def place_context(node_context: dict[str, Any] | None) -> str:
    ctx = node_context or {}
    parts = []
    if ctx.get("location"):
        parts.append(f"Default location: {ctx['location']}.")
    if ctx.get("room"):
        parts.append(f"Room: {ctx['room']}.")
    return " ".join(parts)


def request_context(node_context: dict[str, Any] | None, timezone: str | None,
                    now: _dt.datetime | None = None) -> str:
    return " ".join(p for p in (time_context(timezone, now), place_context(node_context)) if p)


