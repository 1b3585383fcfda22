"""A RichLog that also keeps the plain text of what it shows (for copying, searching and tests)."""
from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widgets import RichLog


class PlainRichLog(RichLog):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         auto_scroll=True, min_width=20)
        self.records: list[str] = []

    def add(self, renderable: RenderableType, plain: str | None = None) -> None:
        if plain is None:
            plain = renderable.plain if isinstance(renderable, Text) else str(renderable)
        self.records.append(plain)
        self.write(renderable)

    def add_note(self, text: str) -> None:
        self.add(Text(text, style="italic grey62"), text)

    def reset(self) -> None:
        self.records.clear()
        self.clear()

    @property
    def plain(self) -> str:
        return "\n".join(self.records)
