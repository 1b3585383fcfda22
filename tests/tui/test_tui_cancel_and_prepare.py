"""The TUI while a turn is slow and after a provider switch, driven by keys with the messages
recorded: the status line says what the turn waits for, Esc cancels it (the panels and the
conversation say so, the next request runs at once); choosing a provider in the F2 menu prepares
its prompt in the background (progress, then ready) and the menu says what each prompt costs.

The LLM here is the gated fake of the unit tests (it reads and writes only as the test lets it), so
that a turn is slow exactly as long as the test needs; tests/integration/llm/test_cancel_and_prepare.py
does the same with the real bundled model."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from textual.widgets import OptionList

sys.path.append(str(Path(__file__).resolve().parents[1] / "unit" / "llm"))   # the gated fake backend

from gated_fakes import GatedBackend
from tui_helpers import Recorder, highlight, open_from_menu, settle, type_request

from jarvis_tui.app.screens import ChoiceScreen
from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.conversation import ConversationBrain

SLOW_REQUEST = "could you tell me how warm it gets in Paris tomorrow"    # the router leaves it to the LLM


def attach_brain(runtime, outputs, prefill_steps=6) -> GatedBackend:
    backend = GatedBackend(outputs, prefill_steps=prefill_steps)
    brain = ConversationBrain(backend, runtime.provider_factory, runtime.config, runtime.store.settings)
    runtime.assistant.brain = brain
    return backend


async def wait_until(pilot, predicate, what: str, tries: int = 400) -> None:
    for _ in range(tries):
        if predicate():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


def status_text(app) -> str:
    return str(app.main_screen.status.query_one("#status-state").render())


async def test_esc_cancels_a_slow_turn(make_app, runtime):
    backend = attach_brain(runtime, [json.dumps({"tool": "get_weather", "args": {"city": "Paris"}})])
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
        await pilot.pause()
        await pilot.click("#input")
        await pilot.press(*SLOW_REQUEST, "enter")
        await wait_until(pilot, backend.waiting.is_set, "the LLM reading the prompt")
        await wait_until(pilot, lambda: "reading the prompt" in status_text(app), "the stage in the status line")
        shown = status_text(app)
        assert shown.startswith("● thinking: the LLM is reading the prompt") and "(Esc cancels)" in shown
        assert " s (Esc" in shown                         # how long it has waited
        assert app.main_screen.status.has_class("-busy")
        stages = [e.stage for e in recorder.events(ev.TurnStage)]
        assert stages[0] == "routing" and "prefill" in stages

        await pilot.press("escape")
        await pilot.pause()
        assert "cancelling" in status_text(app)
        backend.step()                                    # the chunk being read ends; the next is refused
        await settle(pilot)

        assert backend.stopped == ["prefill"]
        [cancelled] = recorder.events(ev.TurnCancelled)
        assert cancelled.stage == "prefill" and cancelled.executed == []
        assert not recorder.events(ev.CommandFinished) and not recorder.events(ev.LlmOutput)
        assert "Jarvis [llm]: Cancelled." in app.main_screen.conversation.plain
        assert "✗ Cancelled while the LLM is reading the prompt: nothing more ran." in app.main_screen.tool_panel.plain
        assert "Cancelled while the LLM is reading the prompt." in app.main_screen.prompt_panel.plain
        assert not app.main_screen.status.has_class("-busy") and "thinking" not in status_text(app)
        assert runtime.assistant.control is None

        # the next request runs at once (a fast path: no LLM)
        await type_request(pilot, "probe 3 green")
        assert "Jarvis [pre_route]: 3 green probes ready." in app.main_screen.conversation.plain


async def test_esc_after_the_turn_ended_cancels_nothing(make_app, runtime):
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(100, 30), message_hook=recorder) as pilot:
        await type_request(pilot, "probe 2 blue")
        await pilot.press("escape")
        await settle(pilot)
        assert not recorder.events(ev.TurnCancelled)
        assert "Jarvis [pre_route]: 2 blue probes ready." in app.main_screen.conversation.plain
        assert "Cancelled" not in app.main_screen.conversation.plain


async def test_choosing_a_provider_prepares_its_prompt_in_the_background(make_app, runtime):
    backend = attach_brain(runtime, [], prefill_steps=3)
    backend.open()
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
        before = runtime.active_provider_name
        await open_from_menu(pilot, "switch_provider")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the provider menu")
        menu = app.screen
        names = [c.value for c in menu.choices]
        target = "Qwen25MediumUntrained" if before != "Qwen25MediumUntrained" else "Qwen25SmallUntrained"
        detail = next(c.detail for c in menu.choices if c.value == target)
        assert "tokens, not prepared yet" in detail       # what its prompt costs
        await highlight(pilot, menu.query_one(OptionList), f"choice-{names.index(target)}")
        await pilot.press("enter")
        await settle(pilot)
        stages = [(e.provider, e.stage) for e in recorder.events(ev.ProviderPrepared)]
        assert stages[0] == (target, "started") and stages[-1] == (target, "ready")
        assert "(ready)" in str(app.main_screen.status.query_one("#status-brain").render())
        assert f"Prompt provider {target} ready (" in app.main_screen.conversation.plain
        system = runtime.assistant.brain._prepared(runtime.provider_factory.get(target), list(runtime.registry))[0]
        assert backend.prepared == {system}
        # the menu now says it is prepared
        await open_from_menu(pilot, "switch_provider")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the provider menu again")
        assert "tokens, prepared" in next(c.detail for c in app.screen.choices if c.value == target)
        await pilot.press("escape")
