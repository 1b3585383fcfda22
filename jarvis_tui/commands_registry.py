"""The set of available commands: built-ins from commands/ plus <config dir>/commands/."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from jarvis_tui.discovery import DiscoveryError, walk_directory, walk_package
from jarvis_tui.sdk.command import IJarvisCommand, JarvisCommandBase
from jarvis_tui.sdk.services import CommandServices

log = logging.getLogger(__name__)


class DuplicateCommandError(Exception):
    def __init__(self, name: str, first: str, second: str) -> None:
        super().__init__(f"two commands are named {name!r}: {first} and {second}")
        self.name, self.first, self.second = name, first, second


@dataclass
class CommandRegistry:
    commands: dict[str, IJarvisCommand] = field(default_factory=dict)
    modules: dict[str, str] = field(default_factory=dict)           # command name -> module
    errors: list[DiscoveryError] = field(default_factory=list)

    def __iter__(self):
        return iter(self.commands.values())

    def __len__(self) -> int:
        return len(self.commands)

    def __contains__(self, name: str) -> bool:
        return name in self.commands

    def get(self, name: str) -> IJarvisCommand | None:
        return self.commands.get(name)

    @property
    def names(self) -> list[str]:
        return list(self.commands)

    def add(self, command: IJarvisCommand, module: str) -> None:
        name = command.command_name
        if name in self.commands:
            raise DuplicateCommandError(name, self.modules[name], module)
        self.commands[name] = command
        self.modules[name] = module

    def bind(self, services: CommandServices, disabled_fast_paths: Iterable[str] = ()) -> None:
        disabled = set(disabled_fast_paths)
        for command in self.commands.values():
            if isinstance(command, JarvisCommandBase):
                command.bind(services)
                command.disabled_fast_paths = {d for d in disabled} | {
                    d.split(":", 1)[1] for d in disabled if d.startswith(command.command_name + ":")}


def discover_commands(config_dir: Path | None = None, package: str = "commands") -> CommandRegistry:
    """Instantiate every concrete command. Import failures are collected in .errors; a duplicate
    name raises DuplicateCommandError naming both modules."""
    registry = CommandRegistry()
    found = walk_package(package, IJarvisCommand)
    registry.errors.extend(found.errors)
    sources = [found]
    if config_dir is not None:
        user = walk_directory(Path(config_dir) / "commands", IJarvisCommand, "jarvis_user_commands")
        registry.errors.extend(user.errors)
        sources.append(user)
    for source in sources:
        for cls, module in source.classes:
            try:
                command = cls()
                _ = command.command_name
            except Exception as exc:  # noqa: BLE001 - a plugin's broken constructor is a discovery error, not a crash
                registry.errors.append(DiscoveryError(module, f"{cls.__name__}() failed: {type(exc).__name__}: {exc}"))
                continue
            registry.add(command, f"{module}.{cls.__name__}")
    for err in registry.errors:
        log.warning("command module skipped: %s", err)
    return registry


def speech_context(commands: Iterable[IJarvisCommand]) -> list[str]:
    """What whisper reads before each utterance (its initial prompt): one short request per command,
    the shortest of its prompt examples, so that the words and the style of requests (digits,
    units, "to-do list") are what it expects; a plugin command's example joins as a built-in's does.
    Used when `stt.context` is on (README: "Whisper reads the commands' examples first")."""
    sentences: list[str] = []
    for command in commands:
        try:
            said = [e.voice_command.strip() for e in command.generate_prompt_examples() if e.voice_command.strip()]
        except Exception:  # a plugin's broken examples only leave it out of the context
            log.exception("prompt examples of %s", getattr(command, "command_name", command))
            continue
        if said:
            shortest = min(said, key=len)
            sentences.append(shortest if shortest[-1] in ".?!" else shortest + ".")
    return sentences
