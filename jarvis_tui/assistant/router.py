"""pre_route: ask each command's fast paths, in a stable order; the first claim wins."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Iterable

from jarvis_tui.sdk.command import IJarvisCommand
from jarvis_tui.sdk.responses import PreRouteResult

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PreRouteMatch:
    command: IJarvisCommand
    result: PreRouteResult


def pre_route(text: str, commands: Iterable[IJarvisCommand]) -> PreRouteMatch | None:
    if not text or not text.strip():
        return None
    for command in commands:
        try:
            result = command.pre_route(text)
        except Exception:  # a broken fast path is "not sure", never a crash
            log.exception("pre_route of %s failed", command.command_name)
            continue
        if result is not None:
            if not isinstance(result, PreRouteResult):
                log.warning("pre_route of %s returned %r, not a PreRouteResult", command.command_name, result)
                continue
            return PreRouteMatch(command, result)
    return None
