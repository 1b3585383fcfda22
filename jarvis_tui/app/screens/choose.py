"""Pick one item from a list (prompt providers, microphones, voices)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option


@dataclass(frozen=True)
class Choice:
    value: str | None          # what the caller gets back (None = e.g. the system default)
    label: str
    detail: str = ""
    current: bool = False


class ChoiceScreen(ModalScreen[Choice | None]):
    BINDINGS = [Binding("escape", "cancel", "Close", id="choice.cancel")]

    def __init__(self, title: str, choices: list[Choice], hint: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.choices = choices
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            options = []
            for i, c in enumerate(self.choices):
                prompt = Text.assemble(("● " if c.current else "  ", "green"), (c.label, "bold" if c.current else ""))
                if c.detail:
                    prompt.append(f"  {c.detail}", style="dim")
                options.append(Option(prompt, id=f"choice-{i}"))
            yield OptionList(*options, id="choice-list")
            if self.hint:
                yield Label(self.hint, classes="dialog-hint")

    def on_mount(self) -> None:
        lst = self.query_one(OptionList)
        current = next((i for i, c in enumerate(self.choices) if c.current), 0)
        if self.choices:
            lst.highlighted = current
        lst.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)
