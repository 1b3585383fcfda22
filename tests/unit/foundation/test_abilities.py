"""A question about what the assistant can do ("can you set alarms?") is answered from the command
the router finds for the activity, in that command's own words (its `capability`), and nothing runs;
a request said politely ("can you set an alarm for 7") is still done. Real commands and router, no LLM."""
from __future__ import annotations

import textwrap

import pytest

from command_helpers import plugin_runtime
from jarvis_tui.assistant.ability import ability_asked


@pytest.mark.parametrize("said, activity", [
    ("can you set alarms", "set alarms"), ("Can you do math?", "do math"), ("are you able to convert units", "convert units"),
    ("do you do reminders", "do reminders"), ("is it possible to set timers", "set timers"),
    ("hey jarvis, can you send emails too?", "send emails"),
])
def test_the_activity_a_question_about_abilities_names(said, activity):
    assert ability_asked(said) == activity


@pytest.mark.parametrize("said", ["can you set an alarm for 7", "could you tell me a joke", "can you help me",
                                  "can you set a timer for 5 minutes", "can you remind me to call mom", "can you stop",
                                  "can you check the weather", "what can you do", "do you have a name"])
def test_a_request_said_politely_is_no_question_about_abilities(said):
    assert ability_asked(said) is None


@pytest.mark.parametrize("said, spoken", [
    ("can you set alarms", "Yes, I can set reminders and alarms."),      # set a reminder "alarm" and asked when
    ("are you able to convert units", "Yes, I can convert units."),
    ("can you tell jokes?", "Yes, I can tell jokes."),
])
def test_an_ability_is_told_and_nothing_runs(rt, said, spoken):
    turn = rt.assistant.handle_text(said)
    assert turn.spoken == spoken and turn.tool_calls == []
    assert rt.store.reminders.active() == []


def test_what_no_command_does_is_declined_and_a_polite_request_is_done(rt):
    assert rt.assistant.handle_text("can you play music").spoken == "I can't play music yet."
    turn = rt.assistant.handle_text("can you set a timer for 5 minutes")
    assert [c.name for c in turn.tool_calls] == ["set_timer"]


PLUGIN = textwrap.dedent('''
    from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter

    class WaterPlants(JarvisCommandBase):
        command_name = "water_plants"
        description = "Start the watering system for the plants of a room"
        capability = "water your plants"
        parameters = [JarvisParameter("room", "string")]

        def generate_adapter_examples(self):
            return [CommandExample(t) for t in (
                "water the plants", "water the plants in the living room", "give the plants some water",
                "start watering the garden", "the plants look thirsty", "turn on the sprinkler",
                "run the watering system", "water my houseplants", "water the ferns", "water the tomatoes",
                "the herbs need watering", "water the balcony flowers", "start the drip irrigation")]

        def run(self, request_info, **kw):
            return CommandResponse.final_response({"message": "Watering."})
''')


def test_a_plugin_commands_ability_is_told_in_its_own_words(isolated_dirs):
    _data, conf = isolated_dirs
    with plugin_runtime(conf, "garden.py", PLUGIN) as rt:
        turn = rt.assistant.handle_text("can you water plants")
        assert turn.spoken == "Yes, I can water your plants." and turn.tool_calls == []
