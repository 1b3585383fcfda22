"""A RichLog that also keeps the plain text of what it shows (for copying, searching and tests), and
wraps its text again when its width changes (a RichLog wraps each line once, when it is written: a
line written while the layout was still settling, or before the terminal was resized, would stay cut
at the old width)."""
from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import RichLog

MAX_KEPT = 2000          # renderables kept for re-wrapping (as many lines as a RichLog keeps by default)


class PlainRichLog(RichLog):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         auto_scroll=True, min_width=20)
        self.records: list[str] = []
        self._written: list[RenderableType] = []
        self._wrapped_at = 0

    def add(self, renderable: RenderableType, plain: str | None = None) -> None:
        if plain is None:
            plain = renderable.plain if isinstance(renderable, Text) else str(renderable)
        self.records.append(plain)
        self._written.append(renderable)
        del self._written[:-MAX_KEPT]
        self.write(renderable)

    def add_note(self, text: str) -> None:
        self.add(Text(text, style="italic grey62"), text)

    def reset(self) -> None:
        self.records.clear()
        self._written.clear()
        self.clear()

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._wrapped_at:
            return
        first = self._wrapped_at == 0
        self._wrapped_at = width
        if first or not self._written:
            return
        self.clear()
        for renderable in self._written:
            self.write(renderable)

    @property
    def plain(self) -> str:
        return "\n".join(self.records)
