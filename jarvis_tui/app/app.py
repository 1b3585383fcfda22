"""The Textual application."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, RichLog

from jarvis_tui.config import Config
from jarvis_tui.runtime import Runtime


class JarvisApp(App[int]):
    TITLE = "Jarvis"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", id="quit")]

    def __init__(self, config: Config, runtime: Runtime | None = None) -> None:
        super().__init__()
        self.config = config
        self.runtime = runtime or Runtime.create(config)

    def compose(self) -> ComposeResult:
        yield Header()
        yield RichLog(id="conversation", wrap=True, markup=True)
        yield Input(placeholder="Type a request and press Enter", id="input")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        log = self.query_one("#conversation", RichLog)
        log.write(f"[b]You:[/b] {text}")
        turn = self.runtime.assistant.handle_text(text)
        log.write(f"[b]Jarvis[/b] ({turn.route}): {turn.spoken or ''}")

    def on_unmount(self) -> None:
        self.runtime.close()
