"""ToolCallParser lives in the SDK (jarvis_tui.sdk.tool_calls) so that prompt providers can use it
without importing the core; the turn imports it from here."""
from jarvis_tui.sdk.tool_calls import (ParsedToolCalls, ToolCallParser, extract_json_values,  # noqa: F401
                                       loads_lenient, normalize_call, strip_json_comments)
