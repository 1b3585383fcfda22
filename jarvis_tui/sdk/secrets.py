"""Secrets a command declares; values live in the secret store, never in prompts or logs."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, Protocol


@dataclass(frozen=True)
class JarvisSecret:
    key: str
    description: str = ""
    scope: Literal["integration", "node"] = "integration"
    value_type: Literal["string", "int", "bool"] = "string"
    required: bool = True
    is_sensitive: bool = True
    friendly_name: str | None = None

    @property
    def label(self) -> str:
        return self.friendly_name or self.key

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class SecretReader(Protocol):
    def get(self, key: str) -> str | None: ...


@dataclass(frozen=True)
class AuthenticationConfig:
    """How the service behind a command authenticates (upstream `authentication`)."""

    type: Literal["none", "api_key", "basic", "oauth"] = "none"
    provider: str | None = None
    secret_keys: tuple[str, ...] = ()
    setup_url: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
