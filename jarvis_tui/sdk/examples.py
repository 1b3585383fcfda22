"""Examples and antipatterns that providers put into prompts and adapters train on."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class CommandExample:
    voice_command: str
    expected_parameters: dict[str, Any] = field(default_factory=dict)
    is_primary: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class CommandAntipattern:
    """A request that looks like it belongs here but belongs to `command_name`."""

    command_name: str
    description: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class JarvisPackage:
    """A Python package a command needs (upstream `required_packages`)."""

    name: str
    version: str | None = None

    @property
    def requirement(self) -> str:
        return f"{self.name}{'==' + self.version if self.version and self.version[0].isdigit() else self.version or ''}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
