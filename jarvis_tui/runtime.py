"""Wires one running assistant: config, stores, event bus, commands, services, the turn orchestrator.

The CLI and the TUI both build a Runtime; the heavy parts (LLM, STT, TTS) attach to it later.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Mapping

from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.events import EventBus
from jarvis_tui.commands_registry import CommandRegistry, discover_commands
from jarvis_tui.config import Config, load_config
from jarvis_tui.sdk.services import CommandServices
from jarvis_tui.store import Store

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    config: Config
    store: Store
    bus: EventBus
    registry: CommandRegistry
    services: CommandServices
    assistant: Assistant
    extras: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def create(cls, config: Config | None = None, *, data_dir: str | None = None,
               config_dir: str | None = None, overrides: Mapping[str, Any] | None = None) -> "Runtime":
        config = config or load_config(config_dir=config_dir, data_dir=data_dir, overrides=overrides)
        assert config.data_dir is not None
        store = Store(config.data_dir)
        bus = EventBus()
        registry = discover_commands(config.config_dir)
        services = CommandServices(store=store, config=config, emit=bus.emit)
        disabled = list(config.routing.disabled_fast_paths) + list(store.settings.get("routing.disabled_fast_paths", []))
        registry.bind(services, disabled)
        assistant = Assistant(registry, emit=bus.emit)
        return cls(config, store, bus, registry, services, assistant)

    def load_brain(self):
        """Attach the LLM loop when the config has an LLM backend; returns the brain or None.
        (The LLM half lands with the brain: jarvis_tui.assistant.conversation.)"""
        if self.config.llm.backend == "none":
            return None
        return self.assistant.brain

    def speak(self, text: str, out_path: str | None = None) -> None:
        """Say `text` through the TTS (or write it to a WAV). Lands with the audio pipeline."""
        return None

    def close(self) -> None:
        for command in self.registry:
            stop = getattr(command, "shutdown", None)
            if callable(stop):
                try:
                    stop()
                except Exception:  # noqa: BLE001
                    log.exception("shutdown of %s failed", command.command_name)
        self.store.close()
