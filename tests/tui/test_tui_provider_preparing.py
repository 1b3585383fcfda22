"""The status line while a newly chosen provider's prompt is prepared in the background, on a narrow
terminal: "preparing <provider>: N %" comes first and the last turn's timings give it their room
(at 100 columns they cut it off), then "(ready)" and the timings come back. The LLM is the gated
fake of the unit tests (the preparation goes on only as the test lets it);
tests/integration/llm/test_cancel_and_prepare.py prepares a provider with the real bundled model."""
from __future__ import annotations

from test_tui_cancel_and_prepare import attach_brain, wait_until
from textual.widgets import OptionList
from tui_helpers import highlight, open_from_menu, settle

from jarvis_tui.app.screens import ChoiceScreen


def brain_text(app) -> str:
    return str(app.main_screen.status.query_one("#status-brain").render())


def timings_text(app) -> str:
    return str(app.main_screen.status.query_one("#status-timings").render())


async def test_the_preparation_shows_on_a_narrow_terminal(make_app, runtime):
    backend = attach_brain(runtime, [], prefill_steps=3)        # the gate stays shut: it stays preparing
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        status = app.main_screen.status
        status.timings = {"pre_route": 43, "llm": 14389, "total": 14616}      # a last turn's figures
        await settle(pilot)
        assert timings_text(app).strip()
        before = runtime.active_provider_name
        target = "Qwen25MediumUntrained" if before != "Qwen25MediumUntrained" else "Qwen25SmallUntrained"
        await open_from_menu(pilot, "switch_provider")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the provider menu")
        names = [c.value for c in app.screen.choices]
        await highlight(pilot, app.screen.query_one(OptionList), f"choice-{names.index(target)}")
        await pilot.press("enter")
        await wait_until(pilot, backend.waiting.is_set, "the preparation reading the prompt")
        await wait_until(pilot, lambda: brain_text(app).startswith(f"preparing {target}: 0 %"),
                         "the progress in the status line")
        assert timings_text(app).strip() == ""                   # their room goes to the progress
        # what the user sees on the screen: the provider and its progress, not cut off
        status_region = status.query_one("#status-brain").region
        assert status_region.width >= len(f"preparing {target}: 67 %")
        backend.open()
        await wait_until(pilot, lambda: "(ready)" in brain_text(app), "ready in the status line")
        await settle(pilot)
        assert brain_text(app).startswith(f"provider {target} (ready)")
        assert timings_text(app).strip()                         # the timings are back
