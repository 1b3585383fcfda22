"""The Textual app driven with Pilot over the real pipeline (fast paths; no LLM loaded): requests
are typed key by key, menus opened with F2 and the arrow keys, buttons clicked; what the app did is
read from its panels and from the messages it handled (run_test's message_hook)."""
from __future__ import annotations

import re

from textual.widgets import Input, OptionList, Switch
from textual.worker import Worker, WorkerState

from jarvis_tui.app.messages import PromptPreview, TurnCompleted
from jarvis_tui.app.screens import ChoiceScreen, ConfirmScreen, MainScreen, SecretsScreen, SettingsScreen
from jarvis_tui.app.widgets.actions import ActionButton
from jarvis_tui.assistant import events as ev

from tui_helpers import Recorder, highlight, open_from_menu, settle, tab_to, type_request


async def test_input_is_focused_at_start(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.focused is app.main_screen.input


async def test_a_typed_request_posts_the_turns_messages(make_app):
    """From the recorded messages: Enter on the input submits the text, the pipeline's events of
    the turn reach the main screen in the order the pipeline emitted them, and the worker hands
    the finished turn to the app."""
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
        await pilot.pause()
        recorder.clear()
        await type_request(pilot, "probe 3 green")
        submitted = recorder.of(Input.Submitted)
        assert submitted and {m.value for m in submitted} == {"probe 3 green"}
        assert [k for k in recorder.event_kinds() if k != "TurnStage"] == ["TranscriptReady", "PreRouted", "ToolCallsParsed", "ValidationCompleted",
                                          "CommandFinished", "ActionsOffered", "TurnFinished"]
        heard = recorder.events(ev.TranscriptReady)[0]
        assert (heard.text, heard.source) == ("probe 3 green", "text")
        finished = recorder.events(ev.CommandFinished)[0]
        assert finished.command == "tui_probe" and finished.success
        [completed] = recorder.of(TurnCompleted)
        assert completed.origin == "text" and completed.turn.spoken == "3 green probes ready."
        turns = [m.worker for m in recorder.of(Worker.StateChanged) if m.worker.name == "run_text_turn"]
        assert [w.state for w in turns][-1] == WorkerState.SUCCESS
        # and what the messages carried is what the panels show
        assert recorder.events(ev.TurnFinished)[0].spoken == "3 green probes ready."
        assert "Jarvis [pre_route]: 3 green probes ready." in app.main_screen.conversation.plain


async def test_typed_request_shows_tool_call_validation_and_buttons(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "probe 12 reed")
        conversation = app.main_screen.conversation.plain
        assert "You (text): probe 12 reed" in conversation
        assert "Jarvis [pre_route]: 10 red probes ready." in conversation
        tools = app.main_screen.tool_panel.plain
        assert "call tui_probe via fast path (pre_route)" in tools
        assert '"count": 12' in tools and '"color": "reed"' in tools       # as routed
        assert "post-processed count: 12 → 10" in tools                     # post_process_tool_call
        assert "✓ success: 10 red probes ready." in tools
        validation = app.main_screen.validation_panel.plain
        assert "✗ color: 'reed' is not a probe colour" in validation
        assert 'suggested: "red" (applied)' in validation
        assert "valid: red, green, blue" in validation
        assert "✓ count" in validation
        buttons = app.query(ActionButton)
        assert [(b.label.plain, b.variant) for b in buttons] == [
            ("Launch", "primary"), ("Later", "default"), ("✗ Destroy all", "error")]   # icon names: glyph or nothing
        assert "No prompt this turn: the fast path of tui_probe claimed it." in app.main_screen.prompt_panel.plain
        # the input stays usable: a second turn replaces the step panels
        await type_request(pilot, "probe 2 blue")
        assert "reed" not in app.main_screen.tool_panel.plain
        assert "✓ success: 2 blue probes ready." in app.main_screen.tool_panel.plain


async def test_clicking_a_button_runs_handle_action(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "probe 3 green")
        launch = app.query(ActionButton).first()
        await pilot.click(launch)
        await settle(pilot)
        conversation = app.main_screen.conversation.plain
        assert "You clicked [Launch] (tui_probe)" in conversation
        assert "Jarvis [action]: Launched 3 green probes." in conversation
        assert "▶ tui_probe handle_action('launch')" in app.main_screen.tool_panel.plain
        assert all(b.disabled for b in app.query(ActionButton))       # the offer is used up


async def test_an_offer_answered_in_words_is_used_up(make_app):
    """A typed (or spoken) "no" answers the buttons as a click does: they stayed live after it."""
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "probe 3 green")
        assert not any(b.disabled for b in app.query(ActionButton))
        await type_request(pilot, "no")
        assert "Jarvis [action]" in app.main_screen.conversation.plain
        assert app.query(ActionButton) and all(b.disabled for b in app.query(ActionButton))
        await type_request(pilot, "probe 2 blue")                   # a new offer is live
        assert not any(b.disabled for b in app.query(ActionButton))


async def test_destructive_button_asks_first(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "probe 4 blue")
        destroy = app.query(ActionButton).last()
        await pilot.click(destroy)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.click("#confirm-no")                          # not confirmed: nothing runs
        await settle(pilot)
        assert "Destroyed" not in app.main_screen.conversation.plain
        assert not destroy.disabled
        await pilot.click(destroy)
        await pilot.pause()
        await pilot.click("#confirm-yes")
        await settle(pilot)
        assert "Jarvis [action]: Destroyed 4 probes." in app.main_screen.conversation.plain
        assert destroy.disabled


async def test_crashing_command_is_reported_and_the_app_keeps_running(make_app):
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(100, 30), message_hook=recorder) as pilot:
        await type_request(pilot, "crash probe")
        assert "Error: tui_crash failed: tui_crash failed: RuntimeError: probe exploded" in app.main_screen.conversation.plain
        assert any("probe exploded" in n.message and n.severity == "error" for n in recorder.notifications())
        assert "✗ failed" in app.main_screen.tool_panel.plain
        await type_request(pilot, "probe 1 red")
        assert "Jarvis [pre_route]: 1 red probes ready." in app.main_screen.conversation.plain
        assert app.is_running


async def test_unrouted_text_without_llm_says_so(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await type_request(pilot, "what is the meaning of life")
        # the router knows it is to be answered in words (chat or a question); that needs the model,
        # and the reply says so
        assert "Jarvis [router]: The language model isn't loaded, so I can't" in app.main_screen.conversation.plain


async def test_events_on_the_bus_reach_their_panels(make_app, runtime):
    """The bus delivers from any thread (the audio loop's, a worker's): each event is posted to the
    main screen as a message, recorded here, and the explicit event map shows it in its panel."""
    import threading

    emitted = [
        ev.ListeningStateChanged(state="hearing"),
        ev.TranscriptRejected(text="uh", reason="no speech (no_speech_prob 0.91)"),
        ev.Routed(top=[["tui_probe", 0.91], ["out_of_scope", 0.05]], decision="tool", tool="tui_probe",
                  shortlist=["tui_probe"]),
        ev.ShortlistWeighed(router={"tui_probe": 0.6, "none": 0.4}, model={"tui_probe": 0.3, "none": 0.7},
                            weight=1.0, chosen="none"),
        ev.PromptBuilt(provider="ProbeProvider", system_prompt="You are the probe prompt.", messages=[], tools=[],
                       iteration=1),
        ev.ValidationCompleted(command="tui_probe", arguments={"color": "teal"},
                               results=[{"param_name": "color", "success": False,
                                         "message": "'teal' is not a probe colour"}]),
        ev.Error(stage="audio", message="no input device"),
        ev.Announcement(text="Your pasta timer is done.", source="set_timer"),
    ]
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
        await pilot.pause()
        recorder.clear()
        thread = threading.Thread(target=lambda: [runtime.bus.emit(e) for e in emitted])
        thread.start()
        thread.join()
        await settle(pilot)
        assert recorder.events() == emitted                     # each one, once, in order
        screen = app.main_screen
        assert screen.status.state == "hearing"
        assert "Rejected transcript 'uh': no speech (no_speech_prob 0.91)" in screen.conversation.plain
        assert "router: tui_probe 0.91  out_of_scope 0.05  → tui_probe, the model fills its arguments" \
            in screen.tool_panel.plain
        assert "weighed (router×model): tui_probe 0.60×0.30  none 0.40×0.70  → declined" in screen.tool_panel.plain
        assert "You are the probe prompt." in screen.prompt_panel.plain
        assert "✗ color: 'teal' is not a probe colour" in screen.validation_panel.plain
        assert "Error: audio: no input device" in screen.conversation.plain
        assert "Announcement (set_timer): Your pasta timer is done." in screen.conversation.plain
        assert [(n.title, n.severity) for n in recorder.notifications()] == [("audio", "error"),
                                                                            ("set_timer", "information")]


async def test_a_failing_worker_is_said_by_the_one_handler(data_dir, probe_config_dir):
    """A worker has no try/except of its own: the exception ends it in ERROR and the app's worker
    handler says what failed (here the prompt preview of a provider plugin whose prompt raises)."""
    import shutil
    from pathlib import Path

    from jarvis_tui.app.app import JarvisApp
    from jarvis_tui.runtime import Runtime

    plugins = Path(__file__).parent / "plugins"     # (not `from conftest`: another conftest may own the name)
    (probe_config_dir / "providers").mkdir()
    shutil.copy(plugins / "broken_provider.py", probe_config_dir / "providers" / "broken_provider.py")
    runtime = Runtime.create(data_dir=str(data_dir), config_dir=str(probe_config_dir))
    recorder = Recorder()
    try:
        app = JarvisApp(runtime=runtime, load_models=False)
        async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
            await open_from_menu(pilot, "switch_provider")
            menu = app.screen
            assert isinstance(menu, ChoiceScreen) and menu.id == "provider-menu"
            index = [c.value for c in menu.choices].index("ProbeSmallBroken")
            await highlight(pilot, menu.query_one(OptionList), f"choice-{index}")
            await pilot.press("enter")
            await settle(pilot)
            failed = [m.worker for m in recorder.of(Worker.StateChanged) if m.state == WorkerState.ERROR]
            assert [w.name for w in failed] == ["preview_prompt"]
            assert not recorder.of(PromptPreview)
            said = "providers: could not build the prompt preview: RuntimeError: probe provider has no prompt"
            assert f"Error: {said}" in app.main_screen.conversation.plain
            assert [(n.title, n.severity) for n in recorder.notifications() if n.severity == "error"] == \
                [("providers", "error")]
            assert runtime.active_provider_name == "ProbeSmallBroken"        # the switch itself stands
            await type_request(pilot, "probe 1 red")                       # and the app goes on
            assert "Jarvis [pre_route]: 1 red probes ready." in app.main_screen.conversation.plain
    finally:
        runtime.close()


async def test_device_failures_are_said_once_other_failures_every_time(make_app, runtime):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        for _ in range(3):
            runtime.bus.emit(ev.Error(stage="tts", message="DeviceNotFound: no audio output device"))
            runtime.bus.emit(ev.Error(stage="turn", message="ValueError: boom"))
        await settle(pilot)
        plain = app.main_screen.conversation.plain
        assert plain.count("Error: tts: DeviceNotFound: no audio output device") == 1
        assert plain.count("Error: turn: ValueError: boom") == 3


async def test_secrets_menu_saves_masked_values_and_panels_never_show_them(make_app, runtime):
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=recorder) as pilot:
        await type_request(pilot, "secret probe")
        assert "until Probe Cloud token is set" in app.main_screen.conversation.plain
        assert any("PROBE_TOKEN" in n.message for n in recorder.notifications()), [n.message for n in recorder.notifications()]   # named in the notice
        await open_from_menu(pilot, "secrets")
        screen = app.screen
        assert isinstance(screen, SecretsScreen)
        field = next(f for f in screen.query(Input) if f.name == "PROBE_TOKEN")
        label = screen.query_one(f"#secret-label-{field.id.split('-')[-1]}").render()
        assert "PROBE_TOKEN" in str(label) and "MISSING" in str(label)
        assert field.password
        await tab_to(pilot, field)
        await pilot.press(*"tok-123456")
        await pilot.click("#secrets-save")
        await pilot.pause()
        assert runtime.store.secrets.get("PROBE_TOKEN") == "tok-123456"
        await type_request(pilot, "secret probe")
        shown = "\n".join([app.main_screen.conversation.plain, app.main_screen.tool_panel.plain, app.main_screen.prompt_panel.plain])
        assert "Signed in with ••••••." in shown
        assert "tok-123456" not in shown


async def test_settings_toggle_a_fast_path_and_persist(make_app, runtime):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await open_from_menu(pilot, "settings")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        switch = next(s for s in screen.query(Switch) if s.name == "tui_probe:probe")
        assert switch.value
        await tab_to(pilot, switch)
        await pilot.press("space")
        assert not switch.value
        await pilot.click("#settings-save")
        await pilot.pause()
        assert runtime.store.settings.get("routing.disabled_fast_paths") == ["tui_probe:probe"]
        await type_request(pilot, "probe 2 red")                # no fast path now, no LLM
        assert "Jarvis [none]: I can't handle that yet." in app.main_screen.conversation.plain


async def test_wake_word_toggle_persists_and_push_to_talk_without_audio_is_explained(make_app, runtime):
    recorder = Recorder()
    app = make_app()
    async with app.run_test(size=(100, 30), message_hook=recorder) as pilot:
        await pilot.pause()
        assert app.main_screen.status.mode == "wake_word"                  # the default
        await pilot.press("f5")
        await pilot.pause()
        assert runtime.store.settings.get("audio.mode") == "push_to_talk"
        assert "[push-to-talk]" in str(app.query_one("#status-state").render())
        await pilot.press("f5")
        await pilot.pause()
        assert runtime.store.settings.get("audio.mode") == "wake_word"
        assert "[wake word]" in str(app.query_one("#status-state").render())
        await pilot.press("f4")
        await pilot.pause()
        assert any("Audio is not running" in n.message for n in recorder.notifications())


async def test_quit_closes_cleanly(make_app):
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
    assert app.return_code == 0


async def test_switch_provider_from_the_palette(make_app, runtime):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        before = runtime.active_provider_name
        assert app.main_screen.prompt_panel.border_title == f"Prompt · {before}"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"switch prompt")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceScreen) and menu.id == "provider-menu"
        names = [c.value for c in menu.choices]
        assert before in names and len(names) >= 2
        target = next(n for n in names if n != before)
        await highlight(pilot, menu.query_one(OptionList), f"choice-{names.index(target)}")
        await pilot.press("enter")
        await settle(pilot)
        assert runtime.store.settings.get("llm.interface") == target       # persisted
        assert runtime.active_provider_name == target
        assert app.main_screen.prompt_panel.border_title == f"Prompt · {target}"
        assert f"system prompt preview ({target}" in app.main_screen.prompt_panel.plain
        assert f"Prompt provider: {target} (from the next turn)" in app.main_screen.conversation.plain
        assert app.main_screen.status.provider == target


async def test_router_scores_and_a_decline_are_shown(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "turn on the lights in the kitchen")
        tools = app.main_screen.tool_panel.plain
        assert "router: out_of_scope 0." in tools and "→ no command fits: declined" in tools
        conversation = app.main_screen.conversation.plain
        assert "Jarvis [none]: I can't control the lights yet." in conversation
        assert "declined: no command for control the lights (router)" in conversation
        assert "call " not in tools                                    # nothing fired


async def test_choose_model_from_the_menu_persists_for_the_next_start(make_app, runtime):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await open_from_menu(pilot, "choose_model")
        chooser = app.screen
        assert isinstance(chooser, ChoiceScreen) and chooser.id == "model-menu"
        values = [c.value for c in chooser.choices]
        assert values[0] == "bundled" and "qwen2.5-coder-1.5b" in values
        bundled = chooser.choices[0]
        assert bundled.current and bundled.detail == "ready"
        await pilot.press("enter")                                  # keep the bundled one
        await settle(pilot)
        assert runtime.store.settings.get("llm.model") == "bundled"
        assert "Model: bundled (loads the next time Jarvis starts)" in app.main_screen.conversation.plain
        assert runtime.model_spec() == "bundled"


async def test_memories_screen_lists_edits_and_deletes_and_secrets_stay_masked(make_app, runtime):
    from jarvis_tui.app.screens import MemoriesScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await type_request(pilot, "remember my favourite tea is earl grey")
        await type_request(pilot, "remember that i parked on level 3")
        await type_request(pilot, "remember that my locker code is 4512")
        assert "looks like a secret" in app.main_screen.conversation.plain
        await pilot.click(app.query(ActionButton).first())                 # Yes
        await settle(pilot)
        assert runtime.store.memories.secret_values() == ["4512"]        # the value, not the panel's mask
        assert app.focused is app.main_screen.input                       # typing goes on after a click
        await type_request(pilot, "what's my locker code")
        shown = "\n".join([app.main_screen.conversation.plain, app.main_screen.tool_panel.plain, app.main_screen.prompt_panel.plain])
        assert "Your locker code is ••••••." in shown and "4512" not in shown.split("You (text)")[-1]
        await open_from_menu(pilot, "memories")
        screen = app.screen
        assert isinstance(screen, MemoriesScreen)
        fields = {f.name: f for f in screen.query(Input) if (f.id or "").startswith("memory-")}
        rows = {m["topic"]: m for m in runtime.store.memories.all()}
        assert fields[str(rows["favourite tea"]["id"])].value == "my favourite tea is earl grey"
        secret = fields[str(rows["locker code"]["id"])]
        assert secret.password and secret.value == "" and "4512" not in secret.placeholder
        fields[str(rows["favourite tea"]["id"])].value = "my favourite tea is rooibos"
        await pilot.click(f"#memory-delete-{rows['i parked on level 3']['id']}")
        await pilot.pause()
        await pilot.click("#memories-save")
        await pilot.pause()
    texts = sorted(m["text"] for m in runtime.store.memories.all())
    assert texts == ["my favourite tea is rooibos", "my locker code is 4512"]
    assert runtime.store.memories.all()[0]["secret"] == 0


async def test_routine_steps_show_in_the_tool_panel_and_the_routines_screen_edits_them(make_app, runtime):
    from jarvis_tui.app.screens import RoutinesScreen

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await type_request(pilot, "when I say good night, set a timer for 5 minutes and add milk to my shopping list")
        assert 'When you say "good night"' in app.main_screen.conversation.plain
        await type_request(pilot, "good night")
        tools = app.main_screen.tool_panel.plain
        assert "step: set a timer for 5 minutes" in tools and "step: add milk to my shopping list" in tools
        assert tools.index("step: set a timer") < tools.index("call set_timer") < tools.index("step: add milk") \
            < tools.index("◀ routine, after its steps")
        assert "Timer set for 5 minutes." in app.main_screen.conversation.plain

        await open_from_menu(pilot, "routines")
        screen = app.screen
        assert isinstance(screen, RoutinesScreen)
        rid = runtime.store.routines.get("good night")["id"]
        assert screen.query_one(f"#routine-steps-{rid}", Input).value == \
            "set a timer for 5 minutes; add milk to my shopping list"
        screen.query_one(f"#routine-steps-{rid}", Input).value = "add eggs to my shopping list"
        screen.query_one("#routine-name-new", Input).value = "Movie Time"
        screen.query_one("#routine-steps-new", Input).value = "what time is it; read my to-do list"
        await pilot.click("#routines-save")
        await pilot.pause()
        assert not isinstance(app.screen, RoutinesScreen)
        assert runtime.store.routines.get("good night")["steps"] == ["add eggs to my shopping list"]
        assert runtime.store.routines.get("movie time")["steps"] == ["what time is it", "read my to-do list"]

        await open_from_menu(pilot, "routines")                   # a bad row: said clearly, nothing lost
        app.screen.query_one("#routine-name-new", Input).value = "good night"
        app.screen.query_one("#routine-steps-new", Input).value = "tell me a joke"
        await pilot.click("#routines-save")
        await pilot.pause()
        assert isinstance(app.screen, RoutinesScreen)
        assert "already a routine called 'good night'" in str(app.screen.query_one("#routines-error").render())
        mid = runtime.store.routines.get("movie time")["id"]
        await pilot.click(f"#routine-delete-{mid}")
        await pilot.pause()
        app.screen.query_one("#routine-name-new", Input).value = ""
        app.screen.query_one("#routine-steps-new", Input).value = ""
        await pilot.click(f"#routine-run-{rid}")                 # Run: the routine runs as a turn
        await settle(pilot)
        assert runtime.store.routines.names() == ["good night"]
        assert [i["text"] for i in runtime.store.lists.items("shopping")] == ["milk", "eggs"]
        assert "step: add eggs to my shopping list" in app.main_screen.tool_panel.plain


async def test_inbox_screen_and_the_start_up_notice(data_dir, probe_config_dir):
    import datetime as _dt

    from jarvis_tui.app.app import JarvisApp
    from jarvis_tui.app.screens import InboxScreen
    from jarvis_tui.runtime import Runtime

    first = Runtime.create(data_dir=str(data_dir), config_dir=str(probe_config_dir))
    past = _dt.datetime.now().astimezone() - _dt.timedelta(minutes=30)
    first.store.timers.add("pasta", 60, past)
    first.store.reminders.add("call mom", past + _dt.timedelta(minutes=5))
    first.close()
    runtime = Runtime.create(data_dir=str(data_dir), config_dir=str(probe_config_dir))
    try:
        app = JarvisApp(runtime=runtime, load_models=False, audio=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert '2 things happened while I was off. Say "what\'s up?" to hear them.' in app.main_screen.conversation.plain
            await open_from_menu(pilot, "inbox")
            screen = app.screen
            assert isinstance(screen, InboxScreen)
            rows = [str(label.render()) for label in screen.query(".inbox-row")]
            assert len(rows) == 2 and all("● new" in r for r in rows)
            # "ended yesterday at" when the test runs just after midnight
            assert any(re.search(r"Your pasta timer ended (?:yesterday )?at", r) for r in rows), rows
            assert any("call mom" in r for r in rows)
            await pilot.click("#inbox-read")
            await pilot.pause()
            assert runtime.store.inbox.waiting() == [] and "Inbox (0 new)" in str(screen.query_one("#inbox-title").render())
            await pilot.click("#inbox-clear")
            await pilot.pause()
            assert runtime.store.inbox.recent() == [] and screen.query("#inbox-empty")
            await pilot.press("escape")
            await pilot.pause()
            await type_request(pilot, "what did i miss")
            assert "Nothing's waiting" in app.main_screen.conversation.plain
    finally:
        runtime.close()


def test_every_handler_of_the_main_screen_is_in_its_event_map():
    """The event map is explicit (no getattr by name): a handler written but left out of it would
    silently show nothing, as ActionsOffered once did."""
    import inspect

    handlers = {name for name, fn in inspect.getmembers(MainScreen, inspect.isfunction) if name.startswith("_on_")
                and name[4:5].isupper()}
    mapped = {fn.__name__ for fn in MainScreen.EVENT_HANDLERS.values()}
    assert handlers == mapped
    assert all(fn.__name__ == f"_on_{kind.__name__}" for kind, fn in MainScreen.EVENT_HANDLERS.items())


async def test_a_follow_up_that_leaves_words_out_shows_what_it_was_understood_as(make_app):
    """"what about new york" after the time in Sydney: the step the completed request ran as is in the
    tool panel, and the reply has the follow-up badge."""
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await type_request(pilot, "what time is it in sydney")
        await type_request(pilot, "what about new york")
        assert "what time is it in new york" in app.main_screen.tool_panel.plain
        assert re.search(r"Jarvis \[follow_up\]: It's .* in New York", app.main_screen.conversation.plain)
