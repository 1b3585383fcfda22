"""Wires one running assistant: config, stores, event bus, commands, services, the turn orchestrator.

The CLI and the TUI both build a Runtime; the heavy parts (LLM, STT, TTS) attach to it later.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from jarvis_tui import paths
from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.intent_router import RouterThresholds
from jarvis_tui.assistant.events import Error, EventBus, ModelLoadProgress
from jarvis_tui.commands_registry import CommandRegistry, discover_commands, speech_context
from jarvis_tui.config import Config, load_config
from jarvis_tui.sdk.services import CommandServices
from jarvis_tui.store import Store

if TYPE_CHECKING:
    from jarvis_tui.assistant.brain import Brain
    from jarvis_tui.audio.playback import Speaker
    from jarvis_tui.audio.stt import Transcriber
    from jarvis_tui.audio.tts import Synthesizer
    from jarvis_tui.audio.vad import SileroVad
    from jarvis_tui.llm.provider_factory import PromptProviderFactory

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    config: Config
    store: Store
    bus: EventBus
    registry: CommandRegistry
    services: CommandServices
    assistant: Assistant
    llm_error: str | None = None            # why the LLM did not load, when it did not
    # the parts loaded later (load_all), shared by the voice loop, the CLI and the bench
    stt: "Transcriber | None" = None
    tts: "Synthesizer | None" = None
    vad: "SileroVad | None" = None
    speaker: "Speaker | None" = None
    llm_warm_ms: float = 0.0                # the prompt prefill when the LLM loaded
    startup_announced: bool = False
    _provider_factory: "PromptProviderFactory | None" = None

    @classmethod
    def create(cls, config: Config | None = None, *, data_dir: str | None = None,
               config_dir: str | None = None, overrides: Mapping[str, Any] | None = None) -> "Runtime":
        config = config or load_config(config_dir=config_dir, data_dir=data_dir, overrides=overrides)
        assert config.data_dir is not None
        store = Store(config.data_dir)
        bus = EventBus()
        registry = discover_commands(config.config_dir)
        services = CommandServices(store=store, config=config, emit=bus.emit)
        services.capabilities = lambda: [c.capability for c in registry if c.capability]
        disabled = list(config.routing.disabled_fast_paths) + list(store.settings.get("routing.disabled_fast_paths", []))
        registry.bind(services, disabled)
        r = config.routing
        thresholds = RouterThresholds(decline=r.decline_threshold, direct=r.direct_threshold,
                                      tool=r.tool_threshold, shortlist_size=r.shortlist_size,
                                      declinable=r.declinable_threshold, argument=r.argument_threshold,
                                      act_margin=r.act_margin)
        # the fitted router depends only on the commands' declarations and the models: kept beside
        # the other derived model files, shared by every data dir (its name is a hash of its inputs)
        assistant = Assistant(registry, emit=bus.emit, router_thresholds=thresholds, use_router=r.router,
                              router_cache_dir=paths.model_cache_dir() / "router", router_embedding=r.embedding)
        services.run_request = assistant.run_request
        services.last_commands = assistant.last_commands
        services.last_exchange = assistant.last_exchange
        services.similarities = assistant.similarities
        return cls(config, store, bus, registry, services, assistant)

    def load_brain(self, progress: Callable[[ModelLoadProgress], None] | None = None) -> "Brain | None":
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
                except Exception:
                    log.exception("progress callback failed")

        report("started", 0.0, f"{self.config.llm.backend} backend, model {self.config.llm.model}")
        try:
            backend = self._make_llm_backend(report)
            brain = ConversationBrain(backend, self.provider_factory, self.config, self.store.settings,
                                      memories=self.store.memories)
            report("progress", 0.7, f"prefilling the {brain.active_provider().name} prompt")
            warm_ms = brain.warm(list(self.registry))
        except (LlmError, ValueError, OSError) as exc:
            self.llm_error = str(exc)
            report("failed", 1.0, str(exc))
            self.bus.emit(Error(stage="llm_load", message=str(exc)))
            return None
        except Exception as exc:  # whatever the model file does, the assistant runs on
            log.exception("loading the LLM failed")
            self.llm_error = f"{type(exc).__name__}: {exc}"
            report("failed", 1.0, self.llm_error)
            self.bus.emit(Error(stage="llm_load", message=self.llm_error))
            return None
        self.llm_warm_ms = warm_ms
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
            path = resolve_model(self.model_spec(), progress=lambda stage, f: report("progress", 0.1 * f, stage))
            from jarvis_tui import paths
            from jarvis_tui.cpu import threads
            return LlamaCppBackend(path, n_ctx=llm.n_ctx, n_threads=threads(llm.threads, "llm"),
                                   n_threads_batch=threads(llm.threads, "llm_prefill"),
                                   n_threads_most=threads(llm.threads, "llm_most"),
                                   progress=lambda stage, f, msg: report("progress", f, msg),
                                   state_cache_dir=paths.model_cache_dir() / "prefix-states")
        if llm.backend == "openai":
            from jarvis_tui.llm.openai_backend import OpenAICompatBackend
            backend = OpenAICompatBackend(llm.base_url or "", llm.remote_model, timeout_s=llm.timeout_s,
                                          api_key=self.store.secrets.get("llm.api_key"))
            backend.probe()
            return backend
        raise LlmError(f"unknown llm.backend {llm.backend!r} (use llama, openai or none)")

    def load_all(self, progress: Callable[[ModelLoadProgress], None] | None = None, *, llm: bool = True,
                 stt: bool = True, tts: bool = True, vad: bool = True) -> dict[str, Any]:
        """Load (and warm) the LLM, STT, TTS and VAD models concurrently, once: start-up to
        ready-to-listen is the slowest of them instead of their sum. The loaded parts land in
        `stt` (Transcriber), `tts` (Synthesizer), `vad` (SileroVad) and the brain as load_brain() puts it. Never raises: a part that fails emits Error and
        ModelLoadProgress(stage="failed") and is left out. Returns {"seconds": {part: s},
        "errors": {part: message}, "wall_s": s}."""
        import threading as _threading

        seconds: dict[str, float] = {}
        errors: dict[str, str] = {}
        t_all = time.perf_counter()

        def emit(model: str, stage: str, message: str = "", elapsed: float = 0.0) -> None:
            event = ModelLoadProgress(model=model, stage=stage, fraction=1.0 if stage in ("ready", "failed") else 0.0,
                                      message=message, seconds=elapsed)
            self.bus.emit(event)
            if progress is not None:
                try:
                    progress(event)
                except Exception:
                    log.exception("progress callback failed")

        def make_stt():
            from jarvis_tui.audio.stt import Transcriber
            return Transcriber.from_config(self.config.stt, context=lambda: speech_context(self.registry))

        def make_tts():
            from jarvis_tui.audio.tts import Synthesizer
            voice = self.store.settings.get("tts.voice") or self.config.tts.voice
            return Synthesizer(voice, self.config.tts.length_scale, threads=self._tts_threads())

        def make_vad():
            from jarvis_tui.audio.vad import SileroVad
            return SileroVad()

        def part(name: str, make) -> None:
            t0 = time.perf_counter()
            if getattr(self, name) is None:
                emit(name, "started")
                try:
                    setattr(self, name, make())
                except Exception as exc:  # noqa: BLE001 - the assistant runs on without this part
                    errors[name] = f"{type(exc).__name__}: {exc}"
                    emit(name, "failed", errors[name], time.perf_counter() - t0)
                    self.bus.emit(Error(stage=f"{name}_load", message=errors[name]))
                    return
                emit(name, "ready", "", time.perf_counter() - t0)
            seconds[name] = time.perf_counter() - t0

        def brain() -> None:
            t0 = time.perf_counter()
            if self.load_brain(progress) is None and self.config.llm.backend != "none":
                errors["llm"] = "the LLM did not load (see the Error event)"
            seconds["llm"] = time.perf_counter() - t0

        if stt and self.stt is None:
            try:   # before the loader threads: its OpenMP wait policy must not leak into llama.cpp's
                from jarvis_tui.audio.stt import load_ctranslate2
                load_ctranslate2()
            except Exception:  # noqa: BLE001 - make_stt reports a broken install
                pass
        def router() -> None:
            t0 = time.perf_counter()
            try:
                self.assistant.prepare_router()
            except Exception as exc:  # noqa: BLE001 - without the router, fast paths and the LLM still route
                errors["router"] = f"{type(exc).__name__}: {exc}"
                self.assistant.use_router = False
                self.bus.emit(Error(stage="router_load", message=errors["router"]))
            seconds["router"] = time.perf_counter() - t0

        jobs = [_threading.Thread(target=router, name="load-router", daemon=True)]
        if llm:
            jobs.append(_threading.Thread(target=brain, name="load-llm", daemon=True))
        for name, enabled, make in (("stt", stt, make_stt), ("tts", tts and self.config.tts.enabled, make_tts),
                                    ("vad", vad, make_vad)):
            if enabled:
                jobs.append(_threading.Thread(target=part, args=(name, make), name=f"load-{name}", daemon=True))
        for job in jobs:
            job.start()
        for job in jobs:
            job.join()
        return {"seconds": seconds, "errors": errors, "wall_s": time.perf_counter() - t_all}

    def startup_notices(self) -> list[str]:
        """What the user must hear at start: a damaged data file kept aside, then what the commands
        have to say (e.g. how many inbox events wait)."""
        out = []
        kept = self.store.db.moved_aside
        if kept is not None:
            out.append(f"Your data file was damaged. I kept it as {kept.name} in {kept.parent} and started a new one.")
        for command in self.registry:
            try:
                text = command.startup_notice()
            except Exception as exc:  # a broken notice is reported, the start goes on
                log.exception("startup_notice of %s failed", command.command_name)
                self.bus.emit(Error(stage="startup", message=f"{command.command_name}: {exc}"))
                continue
            if text:
                out.append(str(text))
        return out

    def announce_startup(self) -> list[str]:
        """Announce the start-up notices on the bus once per run (shown, and spoken by a running
        voice loop); returns them."""
        if self.startup_announced:
            return []
        self.startup_announced = True
        from jarvis_tui.sdk.events import Announcement
        notices = self.startup_notices()
        for text in notices:
            self.bus.emit(Announcement(text=text, source="start-up"))
        return notices

    def _tts_threads(self) -> int:
        from jarvis_tui.cpu import threads
        return threads(self.config.tts.threads, "tts")

    def model_spec(self) -> str:
        """The LLM to load: a model chosen in the menu (settings llm.model) unless config, environment
        or a flag name one other than the default."""
        configured = self.config.llm.model or "bundled"
        chosen = self.store.settings.get("llm.model")
        return chosen if configured == "bundled" and chosen else configured

    def model_choices(self) -> list[dict[str, Any]]:
        """The LLM tiers for the menu: alias, label, whether it is ready to load, and what it costs."""
        from jarvis_tui.llm import bundled
        out = []
        for m in bundled.TIERS:
            state = "ready" if m.is_ready() or m.installed() else f"not installed: jarvis-tui models install {m.alias}"
            out.append({"alias": "bundled" if m is bundled.BUNDLED else m.alias, "label": m.label,
                        "size_gb": round(m.size / 1e9, 2), "state": state,
                        "available": m.is_ready() or m.installed()})
        return out

    def set_model(self, alias: str) -> str:
        """Remember the menu's choice (used from the next start); ValueError for an unknown or missing tier."""
        choice = next((c for c in self.model_choices() if c["alias"] == alias), None)
        if choice is None:
            raise ValueError(f"unknown model {alias!r}")
        if not choice["available"]:
            raise ValueError(f"{choice['label']} is {choice['state']}")
        self.store.settings.set("llm.model", alias)
        return alias

    @property
    def provider_factory(self) -> "PromptProviderFactory":
        if self._provider_factory is None:
            from jarvis_tui.llm.provider_factory import PromptProviderFactory
            self._provider_factory = PromptProviderFactory(self.config.config_dir)
        return self._provider_factory

    def available_providers(self) -> list[dict[str, Any]]:
        factory = self.provider_factory
        return [factory.get_provider_info(name) for name in factory.get_available_providers()]

    @property
    def active_provider_name(self) -> str:
        brain = self.assistant.brain
        if brain is not None:
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
        if brain is not None:
            brain.provider_override = resolved
        return resolved

    def speak(self, text: str, out_path: str | None = None) -> None:
        """Say `text` through the TTS, sentence by sentence (or write it to a WAV at `out_path`).
        Blocks until played. Raises TtsError / AudioUnavailable with a clear message."""
        import time as _time

        from jarvis_tui.audio.tts import Synthesizer

        t_ready = _time.monotonic()             # first audio is counted from here, the voice's loading included
        syn = self.tts
        if syn is None:
            voice = self.store.settings.get("tts.voice") or self.config.tts.voice
            syn = self.tts = Synthesizer(voice, self.config.tts.length_scale, threads=self._tts_threads())
        if out_path:
            from jarvis_tui.audio.wavsource import write_wav
            write_wav(out_path, syn.synthesize(text), syn.sample_rate)
            return None
        from jarvis_tui.audio.devices import AudioUnavailable
        from jarvis_tui.audio.playback import Speaker
        from jarvis_tui.audio.speech_output import SpeechOutput
        speaker = self.speaker = self.speaker or Speaker(self.config.audio.output_device)
        result = SpeechOutput(self.bus.emit, speaker, lambda: syn, earcons=False).say_now(text, t_ready=t_ready)
        if result.lost:
            said = f" after {result.spoken_text!r}" if result.spoken_text else ""
            raise AudioUnavailable(f"{result.lost}; it stopped{said}")
        return None

    def stop_commands(self) -> None:
        """Stop the commands' own background work (their shutdown()); one that fails is logged."""
        for command in self.registry:
            try:
                command.shutdown()
            except Exception:
                log.exception("shutdown of %s failed", command.command_name)

    def close(self) -> None:
        self.stop_commands()
        brain = self.assistant.brain
        if brain is not None:
            try:
                brain.close()
            except Exception:
                log.exception("closing the LLM failed")
        self.store.close()
