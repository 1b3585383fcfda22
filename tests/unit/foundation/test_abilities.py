"""A question about what the assistant can do ("can you set alarms?") is answered from the command
the router finds for the activity, in that command's own words (its `capability`), and nothing runs;
a request said politely ("can you set an alarm for 7") is still done. Real commands and router, no LLM."""
from __future__ import annotations

import textwrap

import pytest

from command_helpers import plugin_runtime
from jarvis_tui.assistant.ability import ability_asked, how_asked, uses_asked


@pytest.mark.parametrize("said, activity", [
    ("can you set alarms", "set alarms"), ("Can you do math?", "do math"), ("are you able to convert units", "convert units"),
    ("do you do reminders", "do reminders"), ("is it possible to set timers", "set timers"),
    ("hey jarvis, can you send emails too?", "send emails"),
])
def test_the_activity_a_question_about_abilities_names(said, activity):
    assert ability_asked(said) == activity


@pytest.mark.parametrize("said", ["can you set an alarm for 7", "could you tell me a joke", "can you help me",
                                  "can you set a timer for 5 minutes", "can you remind me to call mom", "can you stop",
                                  "can you check the weather", "what can you do", "do you have a name",
                                  "can you talk louder", "could you turn down", "can you say that again",
                                  # a clause of its own says which thing ("Yes, I can remember things for you.")
                                  "do you remember where i parked", "can you recall what i told you",
                                  "do you know when my dentist is"])
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


@pytest.mark.parametrize("said, spoken", [
    ("can you set more than one timer", "Yes, I can set, pause and cancel timers."),
    ("can you keep multiple lists", "Yes, I can keep lists of your own, like a packing list or a christmas list."),
    ("can you set several reminders", "Yes, I can set reminders and alarms."),
])
def test_an_ability_asked_of_several_things_is_told_and_nothing_runs(rt, said, spoken):
    """"can you set more than one timer" paused the running timer: how many, said of a kind of thing, names
    no one thing of it."""
    rt.assistant.handle_text("set a timer for 10 minutes")
    turn = rt.assistant.handle_text(said)
    assert turn.spoken == spoken and turn.tool_calls == []
    assert len(rt.store.timers.running()) == 1          # still running: not paused, not cancelled


@pytest.mark.parametrize("said, calls, spoken", [
    ("what's on the shopping list and also can you send emails", ["shopping_list"],
     "Your shopping list is empty. Yes, I can draft e-mails."),
    ("add eggs to my shopping list, and can you set alarms", ["shopping_list"],
     "Added eggs to your shopping list. Yes, I can set reminders and alarms."),
    ("i already set a timer for the rice, add milk to the shopping list", ["shopping_list"], None),
])
def test_a_question_about_an_ability_after_a_request_is_told_too(rt, said, calls, spoken):
    """Said after a request, "can you send emails" was routed as a request of its own (an e-mail "send"
    ran), and a telling of what was done fired what it told of: each piece is read as a piece said alone."""
    turn = rt.assistant.handle_text(said)
    assert [c.name for c in turn.tool_calls] == calls and rt.store.timers.running() == []
    if spoken is not None:
        assert turn.spoken == spoken


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


@pytest.mark.parametrize("said, activity", [
    ("are you able to delete things from my shopping list", "delete things from my shopping list"),
    ("could you add stuff to my to do list", "add stuff to my to do list"),
])
def test_a_kind_of_thing_keeps_it_a_question_whatever_follows(said, activity):
    assert ability_asked(said) == activity


@pytest.mark.parametrize("said", ["can you delete my shopping list", "could you add milk and things to my list",
                                  "can you add 3 things to my list"])
def test_a_particular_object_before_the_kind_of_thing_is_a_request(said):
    assert ability_asked(said) is None


@pytest.mark.parametrize("said, asked", [
    ("how do i cancel a timer?", "cancel a timer"), ("How can I get you to set an alarm", "set an alarm"),
    ("what do i say to add something to my shopping list", "add something to my shopping list"),
    ("so how do you check the weather", "check the weather"),
])
def test_the_request_a_question_about_how_to_ask_names(said, asked):
    assert how_asked(said) == asked


@pytest.mark.parametrize("said", ["how do i convert 5 miles to km", "how do i convert five miles to km",
                                  "how do i look", "how are you", "how long is left on my timer", "cancel a timer"])
def test_no_how_to_question_or_one_that_wants_the_answer(said):
    assert how_asked(said) is None


@pytest.mark.parametrize("said, asked", [
    ("how do i get you to set a timer for 5 minutes", "set a timer for 5 minutes"),
    ("what's the way to get you to start a timer", "start a timer"),
    ("what is the easiest way to make you add eggs to my list", "add eggs to my list"),
    ("what do i say to add 2 apples to my list", "add 2 apples to my list"),
])
def test_a_question_that_names_asking_the_assistant_asks_how_whatever_it_says(said, asked):
    """"how do i get you to set a timer for 5 minutes" set the timer (a number made it a question that
    wants the answer) and "what's the way to get you to start a timer" asked "Cancel your 10 minute
    timer?": a question that names asking the assistant asks how to ask, whatever the request says."""
    assert how_asked(said) == asked


def test_how_to_ask_with_a_number_said_is_told_and_sets_nothing(rt):
    turn = rt.assistant.handle_text("how do i get you to set a timer for 5 minutes")
    assert turn.tool_calls == [] and turn.spoken.startswith('Just say, for example: "Set a timer')
    assert rt.store.timers.running() == []


@pytest.mark.parametrize("said", ["can you forget things", "do you know how to forget things"])
def test_an_ability_no_capability_says_is_told_by_the_commands_own_example(rt, said):
    """"can you forget things" forgot a topic "things" (forget declares no capability, and no command
    that does keeps its kind of thing): it is told with one of forget's own examples, and nothing runs."""
    turn = rt.assistant.handle_text(said)
    examples = {e.voice_command.rstrip(".!?").lower() for e in rt.registry.get("forget").generate_prompt_examples()}
    assert turn.tool_calls == [] and turn.spoken.startswith('Yes. Just say, for example: "'), turn.spoken
    assert turn.spoken.split('"')[1].lower() in examples


def test_how_to_ask_is_told_from_the_commands_own_examples_and_nothing_runs(rt, events):
    rt.assistant.handle_text("set a timer for 10 minutes")
    turn = rt.assistant.handle_text("how do i cancel a timer?")
    parsed = [e for e in events.of("ToolCallsParsed") if e.turn_id == turn.turn_id]
    assert [(e.calls, [r["name"] for r in e.rejected], e.origin) for e in parsed] == [([], ["cancel_timer"], "about")]
    cancel_examples = {e.voice_command.rstrip(".!?").lower()
                       for e in rt.registry.get("cancel_timer").generate_prompt_examples()}
    assert turn.tool_calls == [] and turn.spoken.startswith('Just say, for example: "')
    assert turn.spoken.split('"')[1].lower() in cancel_examples
    assert len(rt.store.timers.running()) == 1                 # the model had cancelled it


def test_how_to_do_what_no_command_does_is_routed_as_said(rt):
    assert rt.assistant.handle_text("how do i make pancakes").spoken == "I can't find recipes yet."


def test_a_timers_ability_is_told_by_the_timer_command_that_says_it(rt):
    # the router ranks cancel_timer first for "set timers"; it declares no capability, set_timer does
    for said in ("do you set timers", "do you cancel timers"):
        turn = rt.assistant.handle_text(said)
        assert turn.spoken == "Yes, I can set, pause and cancel timers." and turn.tool_calls == [], said


def test_a_fast_path_claim_of_a_question_about_an_ability_asks_before_it_destroys(rt):
    rt.assistant.handle_text("set a timer for 10 minutes")
    turn = rt.assistant.handle_text("can you cancel timers")
    assert turn.spoken == "Cancel your 10 minute timer?" and len(rt.store.timers.running()) == 1
    assert rt.assistant.pending is not None
    rt.assistant.handle_text("yes")
    assert rt.store.timers.running() == []


def test_a_plugin_is_asked_about_in_its_own_examples(isolated_dirs):
    _data, conf = isolated_dirs
    with plugin_runtime(conf, "garden.py", PLUGIN) as rt:
        turn = rt.assistant.handle_text("how do i water the ferns")
        assert turn.spoken == 'Just say, for example: "Water the ferns".' and turn.tool_calls == []


def test_route_prints_the_answer_about_an_ability(isolated_dirs, capsys):
    import json

    from jarvis_tui.cli import main
    assert main(["route", "--no-llm", "how do i cancel a timer", "can you set alarms", "cancel all timers"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(x["route"], x["tool_calls"]) for x in lines[:2]] == [("router", []), ("router", [])]
    assert lines[0]["about"] == {"activity": "cancel a timer", "command": "cancel_timer"}
    assert lines[0]["message"].startswith("Just say")
    assert lines[1]["message"] == "Yes, I can set reminders and alarms."
    assert lines[2]["route"] == "pre_route" and lines[2]["tool_calls"][0]["name"] == "cancel_timer"


@pytest.mark.parametrize("said, command, action", [
    ("how can i check my reminders", "reminder", "list"), ("how do i delete a reminder", "reminder", "delete"),
    ("how do you pause a timer", "cancel_timer", "pause"),
])
def test_the_example_told_does_what_was_asked_about(rt, said, command, action):
    # "check my reminders" shares "check" with "remind me ... to check the laundry": the action decides
    turn = rt.assistant.handle_text(said)
    example = turn.spoken.split('"')[1].lower()
    found = rt.registry.get(command)
    said_as = {e.voice_command.rstrip(".!?").lower(): e.expected_parameters
               for e in [*found.generate_prompt_examples(), *found.generate_adapter_examples()]}
    assert turn.tool_calls == [] and said_as[example].get("action") == action, turn.spoken


def test_a_question_the_router_declines_as_a_whole_is_routed_as_said(rt, monkeypatch):
    """The activity alone can read as a command ("get to york from leeds" as a location change) where the
    whole question is one no command serves (directions): the whole question's decline wins."""
    from jarvis_tui.assistant.intent_router import RouterResult
    router = rt.assistant.router
    decide = router.decide

    def whole_declined(text, *a, **kw):
        if text.startswith("how do i"):
            return RouterResult([("out_of_scope", 0.9)], "decline", topic="give directions")
        return decide(text, *a, **kw)
    monkeypatch.setattr(router, "decide", whole_declined)
    assert rt.assistant.how_answer("how do i cancel a timer") is None
    monkeypatch.undo()
    assert rt.assistant.how_answer("how do i cancel a timer") is not None


# ---- "what can you do with my shopping list?" ----------------------------------------------------------
@pytest.mark.parametrize("said, thing", [
    ("what can you do with my shopping list", "my shopping list"), ("What else can I do with timers?", "timers"),
    ("what are you able to do with reminders", "reminders"), ("so what can we do about the weather", "the weather"),
])
def test_the_kind_of_thing_a_question_about_its_uses_names(said, thing):
    assert uses_asked(said) == thing


@pytest.mark.parametrize("said", ["what can you do", "what can you do for me", "what can i do with 5 dollars",
                                  "what do you do with my personal data", "what can you tell me about the weather",
                                  "what can i cook with eggs and flour and milk and butter"])
def test_no_question_about_the_uses_of_a_kind_of_thing(said):
    assert uses_asked(said) is None


def _told_examples(spoken: str) -> list[str]:
    return spoken.split(" For example: ", 1)[1].split('"')[1::2]


def test_what_a_list_lets_you_do_is_told_and_the_list_is_not_read(rt, events):
    rt.assistant.handle_text("add milk to my shopping list")
    turn = rt.assistant.handle_text("what can you do with my shopping list?")
    assert turn.tool_calls == [] and turn.spoken.startswith("I can keep your shopping list. For example: ")
    shopping = rt.registry.get("shopping_list")
    own = {e.voice_command.rstrip(".!?"): e.expected_parameters["action"] for e in shopping.generate_prompt_examples()}
    shown = _told_examples(turn.spoken)
    assert len(shown) == 3 and len({own[e] for e in shown}) == 3          # three different actions, its own words
    parsed = [e for e in events.of("ToolCallsParsed") if e.turn_id == turn.turn_id]
    assert [(e.calls, e.origin) for e in parsed] == [([], "about")]       # the fast path had read the list


def test_what_timers_let_you_do_shows_the_commands_that_do_each_part(rt):
    rt.assistant.handle_text("set a timer for 10 minutes")
    turn = rt.assistant.handle_text("what can you do with the timer")
    assert turn.tool_calls == [] and turn.spoken.startswith("I can set, pause and cancel timers. For example: ")
    makers = {}
    for name in ("set_timer", "cancel_timer", "check_timers"):
        for e in rt.registry.get(name).generate_prompt_examples():
            makers[e.voice_command.rstrip(".!?")] = name
    assert {makers[e] for e in _told_examples(turn.spoken)} == {"set_timer", "cancel_timer", "check_timers"}
    assert len(rt.store.timers.running()) == 1                 # the model had asked to cancel it


def test_the_uses_of_what_no_command_keeps_are_declined(rt):
    # the capabilities' fast path had told all it can do
    turn = rt.assistant.handle_text("what can you do with my music")
    assert turn.spoken == "I can't play music yet." and turn.tool_calls == []


ACTIONS_PLUGIN = textwrap.dedent('''
    from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter

    class Aquarium(JarvisCommandBase):
        command_name = "aquarium"
        description = "Feed the fish, switch the aquarium light and read the water temperature"
        capability = "look after your aquarium"
        domain_words = ["aquarium", "fish", "fish tank"]
        parameters = [JarvisParameter("action", "string", required=True, enum_values=["feed", "light", "temperature"])]

        def generate_prompt_examples(self):
            return [CommandExample("Feed the fish", {"action": "feed"}),
                    CommandExample("Feed the fish in the aquarium now", {"action": "feed"}),
                    CommandExample("Switch on the aquarium light", {"action": "light"}),
                    CommandExample("How warm is the fish tank", {"action": "temperature"})]

        def generate_adapter_examples(self):
            return [CommandExample(t, {"action": a}) for t, a in (
                ("feed the fish", "feed"), ("give the fish their food", "feed"), ("time to feed the goldfish", "feed"),
                ("feed the aquarium", "feed"), ("did the fish get fed", "feed"), ("turn on the aquarium light", "light"),
                ("switch off the fish tank light", "light"), ("lights on in the aquarium", "light"),
                ("what temperature is the aquarium", "temperature"), ("how warm is the fish tank water", "temperature"),
                ("is the aquarium too cold", "temperature"), ("check the fish tank temperature", "temperature"),
                ("the aquarium", "feed"), ("my fish tank", "temperature"))]

        def run(self, request_info, **kw):
            return CommandResponse.final_response({"message": "Done."})
''')


def test_a_plugins_uses_are_told_with_one_example_of_each_of_its_actions(isolated_dirs):
    _data, conf = isolated_dirs
    with plugin_runtime(conf, "aquarium.py", ACTIONS_PLUGIN) as rt:
        turn = rt.assistant.handle_text("what can you do with my aquarium")
        assert turn.tool_calls == []
        assert turn.spoken == ('I can look after your aquarium. For example: "Feed the fish", '
                               '"Switch on the aquarium light" or "How warm is the fish tank".')


def test_route_prints_the_answer_about_uses(isolated_dirs, capsys):
    import json

    from jarvis_tui.cli import main
    assert main(["route", "--no-llm", "what can you do with my shopping list", "what can you do with my music"]) == 0
    line, music = [json.loads(x) for x in capsys.readouterr().out.splitlines()[:2]]
    assert (music["route"], music["tool_calls"], music["message"]) == ("none", [], "I can't play music yet.")
    assert line["route"] == "router" and line["tool_calls"] == []
    assert line["about"] == {"activity": "my shopping list", "command": "shopping_list"}
    assert line["message"].startswith("I can keep your shopping list. For example: ")
