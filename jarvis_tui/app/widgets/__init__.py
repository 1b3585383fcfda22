"""Widgets of the main screen."""
from jarvis_tui.app.widgets.actions import ActionsBar
from jarvis_tui.app.widgets.conversation import Conversation
from jarvis_tui.app.widgets.panels import PromptPanel, ToolCallsPanel, ValidationPanel
from jarvis_tui.app.widgets.status import StatusLine

__all__ = ["ActionsBar", "Conversation", "PromptPanel", "StatusLine", "ToolCallsPanel", "ValidationPanel"]
