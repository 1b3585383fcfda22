"""The actions bar: a response's IJarvisButtons as real buttons in their style."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Label

VARIANTS = {"primary": "primary", "secondary": "default", "destructive": "error"}

# IJarvisButton.button_icon names (as the upstream mobile app uses them) -> a terminal glyph;
# an icon without a glyph is left out rather than shown as its name.
ICON_GLYPHS = {"trash": "✗", "delete": "✗", "send": "➤", "mail": "✉", "check": "✓", "done": "✓",
               "close": "✕", "cancel": "✕", "x": "✕", "play": "▶", "stop": "■", "edit": "✎",
               "refresh": "↻", "snooze": "◷", "alarm": "◷", "timer": "◷"}


@dataclass(frozen=True)
class Offered:
    command: str
    action: str
    label: str
    button_type: str
    context: dict[str, Any] = field(default_factory=dict)


class ActionButton(Button):
    def __init__(self, offered: Offered, group: int, index: int) -> None:
        super().__init__(offered.label, variant=VARIANTS.get(offered.button_type, "default"),  # type: ignore[arg-type]
                         id=f"action-{group}-{index}", classes=f"action -{offered.button_type}")
        self.offered = offered
        self.group = group


class ActionsBar(Horizontal):
    """Shows the latest offer; a click posts Chosen; used offers disable their buttons."""

    class Chosen(Message):
        def __init__(self, button: ActionButton) -> None:
            super().__init__()
            self.button = button
            self.offered = button.offered

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._group = 0

    def compose(self):
        yield Label("No actions", id="actions-empty", classes="dim")

    async def offer(self, command: str, actions: list[dict[str, Any]], context: dict[str, Any]) -> None:
        self._group += 1
        await self.remove_children()
        widgets = [Label(f"{command}:", classes="actions-command")]
        for i, a in enumerate(actions):
            text = a.get("button_text") or a.get("button_action", "?")
            glyph = ICON_GLYPHS.get(str(a.get("button_icon") or "").lower())
            if glyph:
                text = f"{glyph} {text}"
            widgets.append(ActionButton(Offered(command, str(a.get("button_action")), str(text),
                                                str(a.get("button_type", "primary")), dict(context)),
                                        self._group, i))
        await self.mount_all(widgets)

    @property
    def buttons(self) -> list[ActionButton]:
        return list(self.query(ActionButton))

    @property
    def group(self) -> int:
        """The number of the latest offer (0: none yet)."""
        return self._group

    def disable_group(self, group: int) -> None:
        for b in self.buttons:
            if b.group == group:
                b.disabled = True

    def disable_up_to(self, group: int) -> None:
        """The buttons of offer `group` and of any before it, used up."""
        for b in self.buttons:
            if b.group <= group:
                b.disabled = True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if isinstance(event.button, ActionButton):
            event.stop()
            self.post_message(self.Chosen(event.button))
