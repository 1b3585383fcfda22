"""Wires one running assistant: config, stores, event bus, commands, services, the turn orchestrator.

The CLI and the TUI both build a Runtime; the heavy parts (LLM, STT, TTS) attach to it later.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.events import Error, EventBus, ModelLoadProgress
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

    def load_brain(self, progress: Callable[[ModelLoadProgress], None] | None = None):
        """Load the LLM backend once and attach the brain (the LLM loop) to the assistant.

        Emits ModelLoadProgress on the bus (and hands each one to `progress`), sets
        `assistant.brain` and `services.llm`. Returns None when llm.backend is "none"; a missing or
        corrupt model (or an unreachable server) emits an Error event and returns None."""
        if self.config.llm.backend == "none":
            return None
        if self.assistant.brain is not None:
            return self.assistant.brain
        from jarvis_tui.assistant.conversation import ConversationBrain
        from jarvis_tui.llm.backend import LlmError

        t0 = time.perf_counter()

        def report(stage: str, fraction: float, message: str = "") -> None:
            event = ModelLoadProgress(model="llm", stage=stage, fraction=fraction, message=message,
                                      seconds=time.perf_counter() - t0)
            self.bus.emit(event)
            if progress is not None:
                try:
                    progress(event)
                except Exception:  # noqa: BLE001
                    log.exception("progress callback failed")

        report("started", 0.0, f"{self.config.llm.backend} backend, model {self.config.llm.model}")
        try:
            backend = self._make_llm_backend(report)
            brain = ConversationBrain(backend, self.provider_factory, self.config, self.store.settings)
            report("progress", 0.7, f"prefilling the {brain.active_provider().name} prompt")
            warm_ms = brain.warm(list(self.registry))
        except (LlmError, ValueError, OSError) as exc:
            report("failed", 1.0, str(exc))
            self.bus.emit(Error(stage="llm_load", message=str(exc)))
            return None
        except Exception as exc:  # noqa: BLE001 - whatever the model file does, the assistant runs on
            log.exception("loading the LLM failed")
            report("failed", 1.0, f"{type(exc).__name__}: {exc}")
            self.bus.emit(Error(stage="llm_load", message=f"{type(exc).__name__}: {exc}"))
            return None
        self.extras["llm_warm_ms"] = warm_ms
        self.assistant.brain = brain
        self.services.llm = brain.answerer
        report("ready", 1.0, f"{backend.model_label} ready, prompt prefilled in {warm_ms / 1000:.1f} s")
        return brain

    def _make_llm_backend(self, report: Callable[[str, float, str], None]):
        from jarvis_tui.llm.backend import LlmError
        llm = self.config.llm
        if llm.backend == "llama":
            from jarvis_tui.llm.llama_backend import LlamaCppBackend
            from jarvis_tui.llm.models import resolve_model
            path = resolve_model(llm.model, progress=lambda stage, f: report("progress", 0.1 * f, stage))
            from jarvis_tui import paths
            return LlamaCppBackend(path, n_ctx=llm.n_ctx, n_threads=llm.threads,
                                   progress=lambda stage, f, msg: report("progress", f, msg),
                                   state_cache_dir=paths.model_cache_dir() / "prefix-states")
        if llm.backend == "openai":
            from jarvis_tui.llm.openai_backend import OpenAICompatBackend
            backend = OpenAICompatBackend(llm.base_url or "", llm.remote_model, timeout_s=llm.timeout_s,
                                          api_key=self.store.secrets.get("llm.api_key"))
            backend.probe()
            return backend
        raise LlmError(f"unknown llm.backend {llm.backend!r} (use llama, openai or none)")

    @property
    def provider_factory(self):
        factory = self.extras.get("provider_factory")
        if factory is None:
            from jarvis_tui.llm.provider_factory import PromptProviderFactory
            factory = PromptProviderFactory(self.config.config_dir)
            self.extras["provider_factory"] = factory
        return factory

    def available_providers(self) -> list[dict[str, Any]]:
        factory = self.provider_factory
        return [factory.get_provider_info(name) for name in factory.get_available_providers()]

    @property
    def active_provider_name(self) -> str:
        brain = self.assistant.brain
        if brain is not None and hasattr(brain, "active_provider"):
            return brain.active_provider().name
        sel = self.provider_factory.select(setting=self.store.settings.get("llm.interface"),
                                           configured=self.config.llm.interface)
        return sel.provider.name

    def set_provider(self, name: str, persist: bool = True) -> str:
        """Use prompt provider `name` from the next turn on (persisted as setting llm.interface).
        ValueError, naming the known providers, for an unknown name."""
        resolved = self.provider_factory.resolve_name(name)
        if resolved is None:
            known = ", ".join(self.provider_factory.get_available_providers())
            raise ValueError(f"unknown prompt provider {name!r}; known: {known}")
        if persist:
            self.store.settings.set("llm.interface", resolved)
        brain = self.assistant.brain
        if brain is not None and hasattr(brain, "provider_override"):
            brain.provider_override = resolved
        return resolved

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
        brain = self.assistant.brain
        if brain is not None and callable(getattr(brain, "close", None)):
            try:
                brain.close()
            except Exception:  # noqa: BLE001
                log.exception("closing the LLM failed")
        self.store.close()
