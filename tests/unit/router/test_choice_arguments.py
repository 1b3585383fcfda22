"""A command's choice arguments (an enum such as "action") learned from its own examples: the
router decides them when its examples say so clearly, the constrained output then has them as
constants (the model writes the rest), and grounding keeps them against the model's choice and
against another value's verb said in passing. Real scikit-learn, real commands, a real plugin."""
from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path


sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend
from command_helpers import plugin_runtime

from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.grounding import ground_arguments
from jarvis_tui.assistant.intent_router import build_training_set
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk.grammar import forced_start, schema_to_gbnf, single_call_schema, with_fixed_arguments

BLINDS = textwrap.dedent('''
    from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter

    class Blinds(JarvisCommandBase):
        command_name = "blinds"
        description = "Open, close or report the window blinds of a room"
        parameters = [JarvisParameter("action", "string", required=True, enum_values=["open", "close", "status"]),
                      JarvisParameter("room", "string")]

        @property
        def domain_words(self):
            return ["blinds", "shutters", "curtains"]

        def generate_adapter_examples(self):
            said = {"open": ("open the blinds", "raise the shutters in the study", "let some daylight in",
                             "pull the curtains back", "blinds up please", "roll up the bedroom blinds"),
                    "close": ("close the blinds", "lower the shutters", "shut the curtains in the lounge",
                              "blinds down please", "block out the sun", "draw the bedroom curtains"),
                    "status": ("are the blinds open", "did i leave the shutters up", "how far open are the curtains",
                               "are the kitchen blinds down", "check the state of the blinds",
                               "is the sun getting in through the shutters")}
            return [CommandExample(t, {"action": a}) for a, texts in said.items() for t in texts]

        def pre_route(self, voice_command):
            return None

        def run(self, request_info, **kw):
            return CommandResponse.final_response({"message": "Done."})
''')


def test_choice_arguments_are_learned_from_each_commands_examples(router):
    data = build_training_set(list(discover_commands()))
    assert {"set", "list", "delete"} <= set(data.values[("reminder", "action")].values())
    assert ("reminder", "action") in router.value_models and ("email", "action") in router.value_models
    # a command whose choice argument has too few examples of each value is not learned
    assert ("get_weather", "day") not in router.value_models or len(router.value_models[("get_weather", "day")].classes_) >= 2
    # what the words mean, not which verb they say: reading what is set is a list
    value, p = router.argument_values("reminder", "tell me which alarm times are already set up")["action"]
    assert value == "list" and 0.5 < p <= 1.0
    assert router.argument_values("reminder", "put a dentist appointment in for thursday at two")["action"][0] == "set"
    assert router.argument_values("email", "have i had any messages from my landlord in my inbox")["action"][0] == "list"
    assert router.argument_values("no_such_command", "anything") == {}
    # decided only at the threshold or more
    router.thresholds = type(router.thresholds)(argument=1.01)
    try:
        assert router.decided_arguments("reminder", "which alarms have i set") == {}
    finally:
        router.thresholds = type(router.thresholds)()
    assert router.decided_arguments("reminder", "which alarms have i set") == {"action": "list"}
    # ... and under it, the model writes the value (this one sits at the threshold: 0.705, then 0.698 once the
    # reminder's examples had twelve more lists)
    assert router.decided_arguments("reminder", "tell me which alarm times are already set up") == (
        {"action": "list"} if p >= router.thresholds.argument else {})


def test_the_digest_follows_the_values_the_examples_give():
    """A command that changes what one example means (same words, another action) is another
    training set: a cached router of the old meaning is not read."""
    commands = list(discover_commands())
    data = build_training_set(commands)
    before = data.digest()
    key = next(iter(data.values[("reminder", "action")]))
    data.values[("reminder", "action")][key] = "snooze"
    assert data.digest() != before


def test_fixed_arguments_are_constants_of_the_constrained_output():
    args = {"type": "object", "properties": {"text": {"type": "string"},
                                             "action": {"type": "string", "enum": ["set", "list"]}},
            "additionalProperties": False}
    schema = single_call_schema({"reminder": args, "email": {"type": "object", "properties": {},
                                                              "additionalProperties": False}}, "tool", "args")
    fixed = with_fixed_arguments(schema, "reminder", {"action": "list"})
    reminder = next(a for a in fixed["anyOf"] if a["properties"]["tool"]["const"] == "reminder")
    assert reminder["properties"]["args"]["properties"]["action"] == {"const": "list"}
    assert reminder["properties"]["args"]["required"] == ["action"]
    assert list(reminder["properties"]["args"]["properties"])[0] == "action"
    assert schema["anyOf"][1]["properties"]["args"]["properties"]["action"]["enum"] == ["set", "list"]   # a copy
    assert with_fixed_arguments(schema, "reminder", {"colour": "red"}) is schema     # not an argument of it
    assert with_fixed_arguments(schema, "volume", {"action": "up"}) is schema        # not a tool of it
    one = with_fixed_arguments(single_call_schema({"reminder": args}, "tool", "args"), "reminder", {"action": "list"})
    start, grammar = forced_start(one)
    assert start == '{"tool":"reminder","args":{"action":"list' and "set" not in grammar     # read, not written
    assert "list" in schema_to_gbnf(one)


def test_grounding_keeps_a_decided_value_but_a_question_is_still_a_read():
    reminder = next(c for c in discover_commands() if c.command_name == "reminder")
    # the model wrote "set", and "alarm" is a word of setting: the examples say it is a list
    said = "the alarm rundown for tomorrow please"
    assert ground_arguments(reminder, {"action": "list"}, said).arguments["action"] == "set"
    g = ground_arguments(reminder, {"action": "set", "text": "alarm"}, said, learned={"action": "list"})
    assert g.arguments["action"] == "list" and g.corrected == {"action": "set"}
    # the model left it out: the decided value is there
    assert ground_arguments(reminder, {}, said, learned={"action": "list"}).arguments["action"] == "list"
    # without a decided value the said verb wins as before
    assert ground_arguments(reminder, {"action": "list"}, "set an alarm for ten").arguments["action"] == "set"
    # a question asks about something: a read, whatever was decided
    assert ground_arguments(reminder, {"action": "set"}, "have i put the dentist in for thursday",
                            learned={"action": "set"}).arguments["action"] == "list"


def test_a_plugin_commands_choice_argument_is_decided_and_given_to_the_model(isolated_dirs):
    data, conf = isolated_dirs
    with plugin_runtime(conf, "blinds.py", BLINDS) as rt:
        router = rt.assistant.router
        assert ("blinds", "action") in router.value_models
        decided = router.decide("are the living room shutters still down")
        assert decided.decision == "tool" and decided.tool == "blinds", decided.ranked[:3]
        assert decided.argument_values["action"][0] == "status"
        assert decided.to_dict()["arguments"]["action"][0] == "status"
        backend = ScriptedBackend([json.dumps({"tool": "blinds", "args": {"action": "status", "room": "living room"}})])
        brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
        rt.assistant.brain = brain
        d = brain.route_only(rt.assistant, "are the living room shutters still down")
        schema = backend.requests[0]["json_schema"]
        alts = schema.get("anyOf", [schema])
        assert [a["properties"]["args"]["properties"]["action"] for a in alts] == [{"const": "status"}]
        assert d.tool_calls == [{"name": "blinds", "arguments": {"action": "status", "room": "living room"}}]
        # a model that writes another value anyway (another provider, a grammar it ignores) is corrected
        backend2 = ScriptedBackend([json.dumps({"tool": "blinds", "args": {"action": "close"}})])
        brain2 = ConversationBrain(backend2, PromptProviderFactory(None), rt.config)
        rt.assistant.brain = brain2
        turn = rt.assistant.handle_text("are the living room shutters still down")
        assert [(c.name, c.arguments.get("action")) for c in turn.tool_calls] == [("blinds", "status")]
