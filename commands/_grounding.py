"""The built-in commands ground LLM arguments with the SDK's helpers (jarvis_tui.sdk.grounding);
this module keeps the names they import."""
from jarvis_tui.sdk.grounding import address_grounded, as_said, content_words, drop_ungrounded, grounded  # noqa: F401
