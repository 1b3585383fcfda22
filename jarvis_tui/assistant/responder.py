"""The words the assistant speaks for a command's response."""
from __future__ import annotations

from jarvis_tui.sdk.responses import CommandResponse


def spoken_text(response: CommandResponse, pre_route_spoken: str | None = None) -> str | None:
    """PreRouteResult.spoken_response, else context_data["message"], else the error in words.
    None means the caller must summarise context_data (the brain does this with the LLM)."""
    if pre_route_spoken and response.success:
        return pre_route_spoken
    if response.message:
        return response.message
    if not response.success:
        return f"Sorry, that didn't work: {response.error_details or 'unknown error'}"
    return None
