"""Secrets: per command (or service), which secrets are set and which are missing; new values are
typed masked and saved to the secret store. Values are never shown."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

if TYPE_CHECKING:
    from jarvis_tui.runtime import Runtime


def declared_secrets(runtime: Runtime) -> list[tuple[str, Any]]:
    """(owner, JarvisSecret) for every secret any command may read, each key once."""
    out: list[tuple[str, Any]] = []
    seen: set[str] = set()
    for command in runtime.registry:
        try:
            secrets = list(command.all_possible_secrets or command.required_secrets)
        except Exception:  # noqa: BLE001 - a broken command must not break the menu
            continue
        owner = command.command_name
        service = command.associated_service
        if service:
            owner = f"{service} ({command.command_name})"
        for s in secrets:
            if s.key in seen:
                continue
            seen.add(s.key)
            out.append((owner, s))
    return out


class SecretsScreen(ModalScreen[int]):
    """Returns how many secrets were saved."""

    BINDINGS = [Binding("escape", "cancel", "Close", id="secrets.cancel")]

    def __init__(self, runtime: Any) -> None:
        super().__init__()
        self.runtime = runtime
        self.saved = 0

    def compose(self) -> ComposeResult:
        store = self.runtime.store.secrets
        items = declared_secrets(self.runtime)
        with Vertical(id="secrets-box", classes="dialog -wide"):
            yield Label("Secrets", classes="dialog-title")
            with VerticalScroll(id="secrets-scroll"):
                if not items:
                    yield Label("No command declares a secret.", classes="dim")
                owner_shown = None
                for i, (owner, secret) in enumerate(items):
                    if owner != owner_shown:
                        yield Label(owner, classes="setting-section")
                        owner_shown = owner
                    value = store.get(secret.key)
                    is_set = value is not None and str(value).strip() != ""
                    if is_set:
                        state = ("set", "green")
                    elif secret.required:
                        state = ("MISSING", "bold red")
                    else:
                        state = ("not set (optional)", "yellow")
                    label = Text.assemble((secret.key, "bold"), "  ", state,
                                          (f"  {secret.label}" if secret.friendly_name else "", ""),
                                          (f"  {secret.description}" if secret.description else "", "dim"))
                    yield Label(label, classes="secret-label", id=f"secret-label-{i}")
                    yield Input(placeholder="type a new value (hidden)" if not is_set else
                                "•••••• (saved; type to replace)",
                                password=secret.is_sensitive, id=f"secret-{i}", name=secret.key)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", id="secrets-close")
                yield Button("Save", id="secrets-save", variant="primary")

    def save(self) -> int:
        count = 0
        for field in self.query(Input):
            if field.id and field.id.startswith("secret-") and field.value.strip():
                self.runtime.store.secrets.set(field.name, field.value.strip())
                field.value = ""
                count += 1
        return count

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.saved += self.save()
        self.dismiss(self.saved)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "secrets-save":
            self.saved += self.save()
        self.dismiss(self.saved)

    def action_cancel(self) -> None:
        self.dismiss(self.saved)
