"""PromptProviderFactory: discovers prompt providers (the providers/ package and
<config dir>/providers/), looks them up case-insensitively, and picks the active one:
setting llm.interface -> config llm.interface (JARVIS_MODEL_INTERFACE / TOML / --provider)
-> the provider matching the loaded GGUF's metadata -> the default."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jarvis_tui.discovery import DiscoveryError, walk_directory, walk_package
from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider

log = logging.getLogger(__name__)

DEFAULT_PROVIDER = "Qwen25SmallUntrainedCompact"


class UnknownProviderError(ValueError):
    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown prompt provider {name!r}; known: {', '.join(known)}")
        self.name, self.known = name, known


@dataclass(frozen=True)
class Selection:
    provider: IJarvisPromptProvider
    reason: str            # setting | config | metadata | default


class PromptProviderFactory:
    def __init__(self, config_dir: Path | None = None, package: str = "providers") -> None:
        self.errors: list[DiscoveryError] = []
        self._classes: dict[str, type[IJarvisPromptProvider]] = {}
        self._modules: dict[str, str] = {}
        self._instances: dict[str, IJarvisPromptProvider] = {}
        sources = [walk_package(package, IJarvisPromptProvider)]
        if config_dir is not None:
            sources.append(walk_directory(Path(config_dir) / "providers", IJarvisPromptProvider,
                                          "jarvis_user_providers"))
        for found in sources:
            self.errors.extend(found.errors)
            for cls, module in found.classes:
                try:
                    name = cls().name
                except Exception as exc:  # noqa: BLE001
                    self.errors.append(DiscoveryError(module, f"{cls.__name__}() failed: {type(exc).__name__}: {exc}"))
                    continue
                if name in self._classes and module.startswith("jarvis_user_providers"):
                    log.info("user provider %s (%s) replaces %s", name, module, self._modules[name])
                elif name in self._classes:
                    self.errors.append(DiscoveryError(module, f"a second provider named {name!r} "
                                                              f"(first in {self._modules[name]}); skipped"))
                    continue
                self._classes[name] = cls
                self._modules[name] = module
        for err in self.errors:
            log.warning("provider module skipped: %s", err)

    # ---- lookup -------------------------------------------------------------------------------
    def get_available_providers(self) -> list[str]:
        return sorted(self._classes)

    def resolve_name(self, name: str) -> str | None:
        if name in self._classes:
            return name
        folded = name.strip().lower()
        for known in self._classes:
            if known.lower() == folded:
                return known
        return None

    def get(self, name: str) -> IJarvisPromptProvider:
        resolved = self.resolve_name(name)
        if resolved is None:
            raise UnknownProviderError(name, self.get_available_providers())
        if resolved not in self._instances:
            self._instances[resolved] = self._classes[resolved]()
        return self._instances[resolved]

    def get_provider_info(self, name: str) -> dict[str, Any]:
        provider = self.get(name)
        caps = provider.get_capabilities()
        parts = provider.name_parts
        return {"name": provider.name, "family": parts["family"], "size": parts["size"].lower(),
                "tier": parts["tier"].lower(), "variant": parts.get("variant", ""),
                "module": self._modules[provider.name],
                "description": caps.get("description", ""), "capabilities": caps}

    # ---- selection ----------------------------------------------------------------------------
    def match_metadata(self, metadata: dict[str, Any] | None) -> IJarvisPromptProvider | None:
        if not metadata:
            return None
        best, best_score = None, 0
        for name in self.get_available_providers():
            provider = self.get(name)
            score = provider.match_score(metadata)
            if score > best_score:
                best, best_score = provider, score
        return best

    def select(self, setting: str | None = None, configured: str | None = None,
               metadata: dict[str, Any] | None = None, default: str = DEFAULT_PROVIDER) -> Selection:
        """The cascade. An unknown name at one step is logged and the next step decides."""
        for value, reason in ((setting, "setting"), (configured, "config")):
            if value:
                resolved = self.resolve_name(str(value))
                if resolved is not None:
                    return Selection(self.get(resolved), reason)
                log.warning("prompt provider %r (%s) is unknown; known: %s", value, reason,
                            ", ".join(self.get_available_providers()))
        matched = self.match_metadata(metadata)
        if matched is not None:
            return Selection(matched, "metadata")
        if self.resolve_name(default):
            return Selection(self.get(default), "default")
        names = self.get_available_providers()
        if not names:
            raise UnknownProviderError(default, [])
        return Selection(self.get(names[0]), "default")
