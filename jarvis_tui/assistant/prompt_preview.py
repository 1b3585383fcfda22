"""The system prompt a prompt provider would send for the current commands, built without the LLM
(the TUI shows it when the user switches provider, before the next turn builds the real one)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from jarvis_tui.config import Config
from jarvis_tui.sdk.command import IJarvisCommand
from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider

if TYPE_CHECKING:
    from jarvis_tui.assistant.brain import Brain


def preview(provider: IJarvisPromptProvider, commands: Iterable[IJarvisCommand], config: Config,
            brain: Brain | None = None) -> tuple[str, list[dict[str, Any]]]:
    """(system prompt, native tools) of `provider` for `commands`. With the brain loaded its node
    context (the user's memories included) is used, as a turn would; without it, the configured
    user, room, location and response style."""
    commands = list(commands)
    tools = provider.build_tools(commands) if provider.supports_native_tools else []
    if brain is not None:
        context = brain.node_context()
    else:
        g = config.general
        context = {k: v for k, v in {"user_name": g.user_name, "room": g.room, "location": g.location,
                                     "response_style": g.response_style}.items() if v}
    return provider.build_system_prompt(context, config.general.timezone, tools, commands), tools
