"""Arguments only from the user's words (generic, in the turn) and no destructive action on a guess.

The LLM is the scripted backend of the brain's unit tests; the commands, the store, the router and
the provider that builds the prompt are the real ones."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.assistant import CONFIRM_ACTION
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.grounding import ground_arguments, in_users_spelling, with_said_words
from jarvis_tui.assistant.intent_router import IntentRouter, RouterThresholds
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.runtime import Runtime
from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter
from jarvis_tui.sdk.grounding import content_words, said_share
from jarvis_tui.sdk.text import plain_text

UTTERANCE = "mmm hmm"        # says nothing any prompt string could be grounded in


RETRIES = ["You must call a tool for this request: it needs calculate. Reply with the calculate call.",
           "There is no tool launch_rockets. Use one of: calculate, chat."]


def _system_prompt() -> str:
    commands = list(discover_commands())
    provider = PromptProviderFactory(None).select(setting="Qwen25SmallUntrainedCompact").provider
    return provider.build_system_prompt({}, None, [], commands)


def _prompt_strings() -> list[str]:
    """Every string the prompt shows the model: the default provider's system prompt lines, every
    command's prompt/adapter example arguments and texts, and the brain's retry and hint messages."""
    commands = list(discover_commands())
    system = _system_prompt()
    out = {line.strip() for line in system.splitlines() if len(line.strip()) > 3}
    for c in commands:
        for e in list(c.generate_prompt_examples()) + list(c.generate_adapter_examples()):
            out.add(e.voice_command)
            for v in e.expected_parameters.values():
                for x in (v if isinstance(v, list) else [v]):
                    if isinstance(x, str) and len(x) > 2:
                        out.add(x)
    out |= set(RETRIES) | {ConversationBrain._validation_hint("reminder", [])}
    # strings with words (numbers and clock times like "10:00" are formats, which each command
    # reads from the user's words itself: reminder times, durations)
    return sorted(x for x in out if any(re.search(r"[a-z]", w) for w in content_words(x)))


def _free_text_targets() -> list[tuple[object, str]]:
    out = []
    for c in discover_commands():
        for p in c.parameters:
            if p.from_user and not p.enum_values and (p.param_type == "string" or p.is_array):
                out.append((c, p.name))
    return out


PROMPT_STRINGS = _prompt_strings()
TARGETS = _free_text_targets()
SHOWN = "\n".join([_system_prompt(), *RETRIES])     # what the model read in a turn with a retry


def _said_in_part(value: str) -> str | None:
    """An utterance that says the first half of a value's words, and not all of them."""
    words = [w for w in content_words(value) if any(ch.isalpha() for ch in w)]
    said = " ".join(words[: (len(words) + 1) // 2])
    return said if len(words) >= 2 and said_share(value, said) < 1.0 else None


SHOWN_IN_PART = [(s, u) for s in PROMPT_STRINGS
                 if f" {plain_text(s)} " in f" {plain_text(SHOWN)} " and (u := _said_in_part(s))]


def test_the_fuzz_covers_the_prompt_and_every_free_text_argument():
    assert len(PROMPT_STRINGS) > 300 and len(TARGETS) >= 10
    assert any("capital of France" in s for s in PROMPT_STRINGS)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PROMPT_STRINGS), st.sampled_from(TARGETS))
def test_no_prompt_text_survives_grounding(value, target):
    command, name = target
    param = next(p for p in command.parameters if p.name == name)
    arg = [value] if param.is_array else value
    out = ground_arguments(command, {name: arg}, UTTERANCE)
    assert name not in out.arguments, (command.command_name, name, value)


def test_the_partial_fuzz_covers_example_requests_answers_and_retries():
    values = [s for s, _ in SHOWN_IN_PART]
    assert len(values) > 40
    assert "What is the capital of France?" in values and RETRIES[0] in values
    assert "Pretty good, thanks! What can I do for you?" in values


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHOWN_IN_PART), st.sampled_from(TARGETS))
def test_prompt_text_the_user_said_half_of_is_dropped_too(pair, target):
    """Saying some of its words ("tell me what to do" beside the example "tell me a joke") does not
    make text of the prompt the user's own."""
    value, utterance = pair
    command, name = target
    param = next(p for p in command.parameters if p.name == name)
    arg = [value] if param.is_array else value
    out = ground_arguments(command, {name: arg}, utterance, prompt=SHOWN)
    assert name not in out.arguments, (command.command_name, name, value, utterance)


# the user's own words, that no prompt string shares a word with (the blend fuzz below)
OWN_WORDS = ["feed the goldfish", "collect grandma's parcel from the depot", "water the ferns on the balcony"]
BLENDABLE = [s for s in PROMPT_STRINGS if f" {plain_text(s)} " in f" {plain_text(SHOWN)} "
             and len([w for w in content_words(s) if any(ch.isalpha() for ch in w)]) >= 2]


def test_the_blend_fuzz_covers_example_arguments_and_requests():
    assert len(BLENDABLE) > 100 and "call the bank" in BLENDABLE


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BLENDABLE), st.sampled_from(OWN_WORDS), st.booleans(), st.sampled_from(TARGETS))
def test_prompt_words_blended_into_the_users_never_reach_a_command(copied, own, before, target):
    """A model that writes an example of its prompt into the user's words ("call the bank at 9 AM
    Wednesday at Dr Greens Office") passes on none of the example: only the user's words, or nothing."""
    if said_share(copied, own) > 0:
        return                                   # a word of theirs in the example: not this case
    command, name = target
    param = next(p for p in command.parameters if p.name == name)
    value = f"{copied} {own}" if before else f"{own}, {copied}"
    out = ground_arguments(command, {name: [value] if param.is_array else value}, f"please {own}", prompt=SHOWN)
    for kept in (out.arguments.get(name) or []) if param.is_array else [out.arguments.get(name) or ""]:
        assert f" {plain_text(copied)} " not in f" {plain_text(kept)} ", (command.command_name, name, value, kept)


def test_the_users_words_are_kept_from_a_blend():
    commands = {c.command_name: c for c in discover_commands()}
    appointment = ground_arguments(
        commands["reminder"], {"action": "set", "text": "call the bank at 9 AM Wednesday at Dr Greens Office", "time": "09:00"},
        "please add an appointment at nine am wednesday at dr greens office", prompt=SHOWN)
    assert appointment.arguments["text"] == "9 AM Wednesday at Dr Greens Office"
    assert appointment.corrected == {"text": "call the bank at 9 AM Wednesday at Dr Greens Office"}
    milk = ground_arguments(commands["reminder"], {"action": "set", "text": "call the bank and buy milk"},
                            "remind me to buy milk", prompt=SHOWN)
    assert milk.arguments["text"] == "buy milk"               # "and" left at the end is trimmed
    tasks = ground_arguments(commands["todo_list"], {"action": "add", "tasks": ["call the bank", "buy milk"]},
                             "add buy milk to my to-do list", prompt=SHOWN)
    assert tasks.arguments["tasks"] == ["buy milk"] and tasks.dropped == {"tasks": ["call the bank"]}
    # the user's words in the model's order, and a word of the example the user said: theirs
    vet = ground_arguments(commands["reminder"], {"action": "set", "text": "call the bank about the vet bill"},
                           "remind me to call the bank about the vet bill", prompt=SHOWN)
    assert vet.arguments["text"] == "call the bank about the vet bill" and vet.corrected == {}
    # one unsaid word is a paraphrase, not a copied run
    ring = ground_arguments(commands["reminder"], {"action": "set", "text": "call the vet"},
                            "remind me to ring the vet", prompt=SHOWN)
    assert ring.arguments["text"] == "call the vet"


def test_a_blend_from_the_model_sets_the_users_reminder(runtime):
    runtime.assistant.use_router = False
    brain, backend = scripted(runtime, [call("reminder", action="set", text="call the bank and feed the goldfish",
                                             time="18:00")])
    turn = runtime.assistant.handle_text("the goldfish needs feeding at 6 pm so give me a nudge then")
    assert "call the bank" in json.dumps(backend.requests[0]["messages"]).lower()     # the example it blended in
    [reminder] = runtime.store.reminders.active()
    assert "bank" not in reminder["text"] and "goldfish" in reminder["text"], (reminder, turn.message)
    [record] = turn.tool_calls
    assert record.name == "reminder" and "bank" not in json.dumps(record.arguments)


@pytest.mark.parametrize("value, said, kept", [
    ("I parked on level 42", "i parked in bay 42", "I parked in bay 42"),        # the prompt's "on level 3"
    ("meeting with John on Friday", "set up a meeting with jon on friday", "meeting with jon on Friday"),
    ("take my medicine at 8", "remind me to take my tablets at 8", "take my tablets at 8"),
    # nothing the user said in its place, or the model's words at an end: left as the model wrote them
    ("call the dentist", "remind me to ring the dentist", "call the dentist"),
    ("buy milk", "add milk", "buy milk"),
    ("who is the president of France", "who's the president of france", "who is the president of France"),
])
def test_a_word_the_model_put_in_place_of_the_users_is_theirs_again(value, said, kept):
    assert with_said_words(value, said, said) == kept


@pytest.mark.parametrize("value, said, spelt", [
    ("call mom", "remind me to call mum tonight at seven", "call mum"),
    ("Organize the garage.", "remind me to organise the garage", "Organise the garage."),
    ("buy yogurt", "remind me to buy yoghurt", "buy yoghurt"),
    ("gray paint", "add grey paint to the list", "grey paint"),
    ("paint the color samples", "paint the colour samples", "paint the colour samples"),
])
def test_a_word_the_model_spelt_its_own_way_is_spelt_as_said(value, said, spelt):
    assert in_users_spelling(value, said) == spelt


@pytest.mark.parametrize("value, said", [
    ("set a time", "set a timer"),                   # another word: not the same first and last letters
    ("divided by two", "divide it by two"),           # another form of the same word: the model's grammar
    ("scarf for mum", "mmm hmm"),                     # a sound, not a word
    ("call bob", "call rob"),                         # another name
    ("ten minutes", "tan minutes"),                   # numbers are left alone
])
def test_words_that_are_not_a_said_word_spelt_otherwise_are_left(value, said):
    assert in_users_spelling(value, said) == value


def test_a_value_of_the_prompt_said_in_another_spelling_is_the_users():
    """"call mom" stands in the prompt (an example), and the model wrote it for "call mum": the reminder was
    dropped as the prompt's text and its text asked for again. Spelt as said, it is all the user's words."""
    commands = {c.command_name: c for c in discover_commands()}
    assert " call mom " in f" {plain_text(SHOWN)} "
    out = ground_arguments(commands["reminder"], {"action": "set", "text": "call mom", "time": "19:00"},
                           "remind me to call mum tonight at seven", prompt=SHOWN)
    assert out.arguments["text"] == "call mum" and out.corrected == {"text": "call mom"} and not out.dropped
    # one word of a prompt sentence near a said word does not make the sentence the user's
    copied = ground_arguments(commands["reminder"], {"action": "snooze", "text": "snooze the last one"},
                              "snooze the list", prompt="snooze the last one for N minutes")
    assert "text" not in copied.arguments


def test_a_reminder_is_kept_in_the_users_spelling(runtime):
    runtime.assistant.use_router = False
    scripted(runtime, [call("reminder", action="set", text="call mom", time="19:00")])
    turn = runtime.assistant.handle_text("remind me to call mum tonight at seven")
    assert [r["text"] for r in runtime.store.reminders.active()] == ["call mum"], turn.spoken


def test_a_fact_is_kept_in_the_users_words(runtime):
    """"i parked in bay 42" was remembered as "I parked on level 42" (the prompt's example fact)."""
    runtime.assistant.use_router = False
    brain, backend = scripted(runtime, [call("remember", fact="I parked on level 42")])
    turn = runtime.assistant.handle_text("i parked in bay 42")
    assert "on level 3" in json.dumps(backend.requests[0]["messages"])       # what the model blended in
    assert [c.arguments for c in turn.tool_calls] == [{"fact": "I parked in bay 42"}], turn.spoken
    assert [m["text"] for m in runtime.store.memories.all()] == ["I parked in bay 42"]


def test_prompt_text_the_user_said_in_full_is_theirs():
    commands = {c.command_name: c for c in discover_commands()}
    asked = ground_arguments(commands["answer_question"], {"query": "What is the capital of France?"},
                             "what is the capital of france", prompt=SHOWN)
    assert asked.arguments == {"query": "What is the capital of France?"}
    # said in part, but not the prompt's words: the user's, as before
    kept = ground_arguments(commands["todo_list"], {"tasks": ["tidy the nephews' toys"]},
                            "i need to tidy the toys my nephews left", prompt=SHOWN)
    assert kept.arguments == {"tasks": ["tidy the nephews' toys"]}
    # a contraction says the same words: the prompt's example body "I'll be late" is what they said
    late = ground_arguments(commands["email"], {"to": "my landlord", "body": "I'll be late"},
                            "email my landlord saying i will be late with the rent", prompt=SHOWN)
    assert "I'll be late" in SHOWN and late.arguments == {"to": "my landlord", "body": "I'll be late"}
    copied = ground_arguments(commands["todo_list"], {"tasks": ["tell me a joke", "nephews running around the house"]},
                              "my nephews keep running around the house tell me what to do", prompt=SHOWN)
    assert copied.arguments == {"tasks": ["nephews running around the house"]} and copied.dropped == {"tasks": ["tell me a joke"]}


def test_the_assistants_own_words_are_not_a_sentence_of_the_prompt():
    """chat's reply is the assistant's (not grounded in the user's words), but the example request
    of the prompt, or the user's own words, written as the reply are dropped, and chat then words its
    own."""
    chat = {c.command_name: c for c in discover_commands()}["chat"]
    copied = ground_arguments(chat, {"message": "Hey Jarvis, how's it going?"}, "get me answers", prompt=SHOWN)
    assert copied.arguments == {} and copied.dropped == {"message": "Hey Jarvis, how's it going?"}
    echo = ground_arguments(chat, {"message": "I fancy a cup of tea now."}, "i fancy a cup of tea now", prompt=SHOWN)
    assert echo.arguments == {}                          # the user's words said back are no reply
    own = ground_arguments(chat, {"message": "Sure, what would you like to know?"}, "get me answers", prompt=SHOWN)
    assert own.arguments == {"message": "Sure, what would you like to know?"}
    # a unit the command grounds by its own table is one word: not checked against the prompt
    convert = {c.command_name: c for c in discover_commands()}["convert_measurement"]
    units = ground_arguments(convert, {"from_unit": "miles", "to_unit": "kilometers"}, "5 mi in km", prompt=SHOWN)
    assert units.arguments == {"from_unit": "miles", "to_unit": "kilometers"}


@pytest.mark.parametrize("message, said, dropped", [
    ("I'm cooking dinner! What can I do for you?", "i'm cooking dinner", True),
    ("I went to Walmart today. What can I do for you today?", "i went to walmart today", True),
    ("Sounds fun! Enjoy your dinner.", "i'm cooking dinner", False),
    ("Dinner, nice. What are you making?", "i'm cooking dinner", False),
])
def test_a_reply_that_opens_with_the_users_words_said_back_is_not_the_assistants(message, said, dropped):
    """The 0.5B answered remarks by saying them back ("I went to Walmart today. What can I do for you
    today?"): such a reply is dropped, and chat words its own."""
    chat = {c.command_name: c for c in discover_commands()}["chat"]
    out = ground_arguments(chat, {"message": message}, said, prompt=SHOWN)
    assert (out.arguments == {}) is dropped and (out.dropped == {"message": message}) is dropped


@pytest.mark.parametrize("command, args, said, action", [
    ("reminder", {"action": "set", "text": "wake me", "time": "09:00"}, "have i already got a reminder for the gym tonight", "list"),
    ("reminder", {"relative_minutes": 10}, "when's the call with the plumber", "list"),           # the model left it out
    ("email", {"action": "send"}, "did my sister write back to my email", "list"),
    ("shopping_list", {"action": "add"}, "have i started a shopping list yet", "read"),
    ("todo_list", {"action": "add"}, "what do i have to do today", "read"),
    ("reminder", {"action": "set", "time": "07:00"}, "can you set an alarm for 7 am", "set"),   # asked to do it
    ("email", {"action": "send", "to": "bob"}, "could you send bob the report", "send"),
])
def test_a_question_takes_the_commands_read(command, args, said, action):
    """A request that asks about something is its command's read (`question_value`), whatever verb it
    says: "did my sister write back to my email" lists the inbox; a request to do it, however polite, is not."""
    commands = {c.command_name: c for c in discover_commands()}
    assert ground_arguments(commands[command], args, said).arguments["action"] == action


def test_a_question_about_an_email_sends_nothing(runtime):
    runtime.assistant.use_router = False
    scripted(runtime, [call("email", action="send", to="sister@example.com", body="Hi")])
    turn = runtime.assistant.handle_text("did my sister write back to my email")
    [record] = turn.tool_calls
    assert record.name == "email" and record.arguments["action"] == "list"
    assert record.post_processed["action"]["from"] == "send"


def test_a_question_with_its_verb_run_into_the_noun_sets_nothing(runtime):
    """"what time's the school play on thursday" ("time's" is "time is"): the model set a reminder at 9
    with no text (the router's learned value for the action is "set"); the question reads the reminders."""
    scripted(runtime, [call("reminder", action="set", time="09:00")])
    turn = runtime.assistant.handle_text("what time's the school play on thursday")
    [record] = turn.tool_calls
    assert record.name == "reminder" and record.arguments["action"] == "list"


def test_an_address_the_user_never_said_is_asked_for_not_taken_from_the_prompt(runtime):
    """The prompt's example address has the name the user said ("sarah@test.com" for "email sarah"):
    a name alone does not ground an address; the name with its domain said as words does."""
    runtime.assistant.use_router = False
    scripted(runtime, [call("email", action="draft", to="sarah@test.com", subject="Dinner on Saturday"),
                       call("email", action="draft", to="sarah@gmail.com", subject="Dinner")])
    turn = runtime.assistant.handle_text("email sarah about dinner on saturday")
    [record] = turn.tool_calls
    assert "@" not in record.arguments.get("to", "") and turn.wait_for_input and "email address" in turn.spoken
    turn = runtime.assistant.handle_text("email sarah at gmail dot com about dinner")
    assert turn.tool_calls[-1].arguments["to"] == "sarah@gmail.com"


@pytest.mark.parametrize("said,args,body", [
    ("email dana@mail.org saying the report is ready", {"action": "draft", "to": "dana@mail.org"},
     "The report is ready"),                                    # the model left the body out: it asked
    ("email dana@mail.org saying the report is ready",
     {"action": "draft", "to": "dana@mail.org", "body": "I'm ready for the report."}, "The report is ready"),
    ("email sam@mail.com that the meeting moved to 3", {"action": "draft", "to": "sam@mail.com"},
     "The meeting moved to 3"),
    ("send an email to dana@mail.org and tell her i am on my way", {"action": "send", "to": "dana@mail.org"},
     "I am on my way"),
])
def test_what_an_email_says_is_the_users_words(said, args, body):
    """The model left the message out ("What should the email say?") or retold it ("I'm ready for the
    report." for "the report is ready"): the words after "saying" are the message."""
    email = {c.command_name: c for c in discover_commands()}["email"]
    assert email.post_process_tool_call(dict(args), said)["body"] == body


def test_what_the_user_said_is_kept():
    commands = {c.command_name: c for c in discover_commands()}
    kept = ground_arguments(commands["reminder"], {"text": "call my mom", "time": "15:00"},
                            "remind me to call my mom at 3 pm")
    assert kept.arguments == {"text": "call my mom", "time": "15:00"} and kept.dropped == {}
    # an address counts by its name; a value from the conversation counts too
    email = ground_arguments(commands["email"], {"to": "bob@example.com", "subject": "Lunch plans"},
                             "email bob", conversation="what about lunch plans on friday")
    assert email.arguments == {"to": "bob@example.com", "subject": "Lunch plans"}
    # the assistant's own words are declared as such (chat's reply)
    assert ground_arguments(commands["chat"], {"message": "Doing great!"}, "how are you").arguments == \
        {"message": "Doing great!"}


@pytest.mark.parametrize("command, args, said, kept", [
    # a number the model filled in that the user never said
    ("reminder", {"action": "list", "relative_minutes": 30}, "what alarms do i have set for tomorrow", {"action": "list"}),
    ("reminder", {"action": "list", "relative_minutes": 7}, "how many meetings do i have next week", {"action": "list"}),
    ("reminder", {"action": "list", "relative_minutes": 12}, "what appointments do i have on the twelfth",
     {"action": "list"}),
    ("volume", {"action": "up", "step": 10}, "turn it up a bit", {"action": "up"}),
    ("set_timer", {"duration_seconds": 300}, "set a timer for the pasta", {}),
    # said as a number, or as a length of time in another unit
    ("reminder", {"action": "set", "text": "stretch", "relative_minutes": 120}, "remind me to stretch in two hours", None),
    ("reminder", {"action": "set", "text": "stretch", "relative_minutes": 90}, "remind me to stretch in an hour and a half", None),
    ("reminder", {"action": "move", "text": "dentist", "shift_minutes": -60}, "move the dentist an hour earlier", None),
    ("set_timer", {"duration_seconds": 1800}, "set a timer for half an hour", None),
    ("set_timer", {"duration_seconds": 4800}, "a timer for 1 hour and 20 minutes", None),
    ("volume", {"action": "mute", "minutes": 120}, "mute for a couple of hours", None),
    ("volume", {"action": "set", "level": 40}, "set the volume to forty", None),
    ("calculate", {"num1": 0.15, "num2": 80, "operation": "multiply"}, "what is 15 percent of 80", None),
    # an operation's own second number (declared from_user=False): 5 squared
    ("calculate", {"num1": 5, "num2": 2, "operation": "power"}, "what is 5 squared", None),
])
def test_a_number_the_user_never_said_is_dropped(command, args, said, kept):
    """Numbers are arguments too: relative_minutes 30 on a question about alarms, a step of 10 for
    "a bit" are the model's; 120 for "in two hours", 90 for "an hour and a half", -60 for "an hour
    earlier" are the user's, in the parameter's unit."""
    commands = {c.command_name: c for c in discover_commands()}
    grounded = ground_arguments(commands[command], dict(args), said)
    assert grounded.arguments == (args if kept is None else kept), grounded
    if kept is not None:
        assert set(grounded.dropped) == set(args) - set(kept)


def test_a_plugin_commands_numbers_are_grounded_as_a_built_ins():
    """The turn grounds numbers for every command from its parameters' types alone: a command dropped
    into commands/ that checks nothing itself does not get a count the user never said."""
    class Pizza(JarvisCommandBase):
        command_name = "pizza"
        description = "Order pizzas."
        parameters = [JarvisParameter("count", "int", required=True), JarvisParameter("minutes", "int")]

        def run(self, request_info, **kwargs):
            return CommandResponse.final_response({"message": "ok"})

    assert ground_arguments(Pizza(), {"count": 2}, "order some pizzas").arguments == {}
    assert ground_arguments(Pizza(), {"count": 3, "minutes": 45}, "three pizzas in three quarters of an hour"
                            ).arguments == {"count": 3, "minutes": 45}
    assert ground_arguments(Pizza(), {"count": 3, "minutes": 45}, "three pizzas in 45 minutes").arguments == \
        {"count": 3, "minutes": 45}


def test_a_number_from_the_conversation_is_the_users():
    commands = {c.command_name: c for c in discover_commands()}
    grounded = ground_arguments(commands["calculate"], {"num1": 42, "num2": 3, "operation": "divide"},
                                "split that between 3 people", conversation="The answer is 42.")
    assert grounded.dropped == {}


@pytest.fixture
def runtime(isolated_dirs):
    rt = Runtime.create()
    yield rt
    rt.close()


def scripted(rt, outputs, thresholds: RouterThresholds | None = None):
    backend = ScriptedBackend(outputs)
    brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    if thresholds is not None:
        rt.assistant.router.thresholds = thresholds
    return brain, backend


def call(name, **args):
    return json.dumps({"tool": name, "args": args})


def test_small_talk_never_reaches_a_command_as_the_prompts_example_question(runtime):
    runtime.assistant.use_router = False           # the model alone decides, and copies its prompt
    brain, backend = scripted(runtime, [call("reminder", action="set", text="What is the capital of France?",
                                             time="09:00")])
    turn = runtime.assistant.handle_text("i had lasagne for lunch")
    assert not any(r.arguments.get("text") == "What is the capital of France?" for r in turn.tool_calls)
    assert runtime.store.reminders.active() == []            # nothing was created from prompt text
    assert turn.wait_for_input                               # it asks what to remind about instead


def test_a_task_copied_from_the_prompts_examples_is_not_added(runtime):
    runtime.assistant.use_router = False
    brain, backend = scripted(runtime, [call("todo_list", action="add", tasks=["tell me a joke"])])
    turn = runtime.assistant.handle_text("my nephews keep running around the house tell me what to do")
    assert "tell me a joke" in json.dumps(backend.requests[0]["messages"]).lower()    # the example it copied
    assert not any("joke" in json.dumps(r.arguments) for r in turn.tool_calls)
    assert runtime.store.lists.items("todo") == []


def test_a_retry_instruction_never_becomes_a_query(runtime):
    runtime.assistant.use_router = False
    hint = "You must call a tool for this request: it needs calculate."
    brain, backend = scripted(runtime, [call("answer_question", query=hint), "Sure."])
    turn = runtime.assistant.handle_text("what's up with the trains")
    [record] = turn.tool_calls
    assert record.name == "answer_question" and record.arguments["query"] == "what's up with the trains"
    assert hint not in json.dumps(backend.requests[-1]["messages"][-1])


def _timer(runtime, label="pasta"):
    turn = runtime.assistant.handle_text(f"set a {label} timer for 10 minutes")
    assert turn.route == "pre_route" and len(runtime.store.timers.running()) >= 1


# a request no fast path claims, that the model reads as cancelling the pasta timer ("get rid of the pasta
# one" was, until timers named by what they are for got their own fast paths)
GUESSED_CANCEL = "sort out the pasta thing"
UNSURE = RouterThresholds(decline=1.1, direct=1.1, tool=1.1, shortlist_floor=0.0)     # the router is never confident


def test_a_guessed_cancel_asks_first_and_yes_runs_exactly_that_call(runtime):
    _timer(runtime)
    brain, backend = scripted(runtime, [call("cancel_timer", label="pasta")], UNSURE)
    events = []
    runtime.bus.subscribe(events.append)
    turn = runtime.assistant.handle_text(GUESSED_CANCEL)
    assert turn.spoken == "Cancel your pasta timer?" and turn.wait_for_input
    assert len(runtime.store.timers.running()) == 1                       # nothing done yet
    offered = [e for e in events if isinstance(e, ev.ActionsOffered)][-1]
    assert [(a["button_text"], a["button_action"]) for a in offered.actions] == [("Yes", CONFIRM_ACTION),
                                                                                ("No", "cancel_click")]
    done = runtime.assistant.handle_action("cancel_timer", CONFIRM_ACTION, offered.context)   # the button
    assert done.spoken == "Cancelled your pasta timer." and runtime.store.timers.running() == []


def test_no_keeps_it_by_button_and_by_voice(runtime):
    _timer(runtime)
    brain, backend = scripted(runtime, [call("cancel_timer", label="pasta"), call("cancel_timer", label="pasta")],
                              UNSURE)
    runtime.assistant.handle_text(GUESSED_CANCEL)
    kept = runtime.assistant.handle_action("cancel_timer", "cancel_click", {"confirm": True})
    assert kept.spoken == "Okay, I've left it as it is." and len(runtime.store.timers.running()) == 1
    runtime.assistant.handle_text(GUESSED_CANCEL)
    assert runtime.assistant.handle_text("no").spoken == "Okay, I've left it as it is."
    assert len(runtime.store.timers.running()) == 1


@pytest.mark.parametrize("said", ["no, leave it on", "keep it", "no leave it there", "leave it alone"])
def test_a_no_in_other_words_keeps_it(runtime, said):
    """"no, leave it on" to "Remove bag of rice from your shopping list?" asked which items to add."""
    _timer(runtime)
    scripted(runtime, [call("cancel_timer", label="pasta")], UNSURE)
    runtime.assistant.handle_text(GUESSED_CANCEL)
    assert runtime.assistant.handle_text(said).spoken == "Okay, I've left it as it is."
    assert len(runtime.store.timers.running()) == 1


def test_a_spoken_yes_confirms(runtime):
    _timer(runtime)
    scripted(runtime, [call("cancel_timer", label="pasta")], UNSURE)
    runtime.assistant.handle_text(GUESSED_CANCEL)
    assert runtime.assistant.handle_text("yes please").spoken == "Cancelled your pasta timer."
    assert runtime.store.timers.running() == []


def test_other_words_drop_the_question_and_route_normally(runtime):
    _timer(runtime)
    scripted(runtime, [call("cancel_timer", label="pasta")], UNSURE)
    runtime.assistant.handle_text(GUESSED_CANCEL)
    turn = runtime.assistant.handle_text("how long is left on the pasta timer")
    assert turn.route == "pre_route" and len(runtime.store.timers.running()) == 1
    assert runtime.assistant.handle_text("yes").route != "action"


CANCEL_FAST_PATHS = ["cancel_timer.cancel", "cancel_timer.thing", "cancel_timer.thing_one"]


def test_a_fast_path_and_a_confident_router_act_at_once(isolated_dirs):
    rt = Runtime.create()
    try:
        _timer(rt)
        assert rt.assistant.handle_text("cancel the pasta timer").spoken == "Cancelled your pasta timer."
    finally:
        rt.close()
    rt = Runtime.create(overrides={"routing.disabled_fast_paths": CANCEL_FAST_PATHS})
    try:
        _timer(rt, "tea")
        scripted(rt, [call("cancel_timer", label="tea")])
        turn = rt.assistant.handle_text("cancel the tea timer")
        assert turn.router_confident and turn.route == "llm"
        assert turn.spoken == "Cancelled your tea timer." and rt.store.timers.running() == []
    finally:
        rt.close()


def test_a_confident_router_still_asks_when_the_request_says_a_verb_the_command_was_never_taught(isolated_dirs):
    """"reset the timer" is near "stop the timer" for the router, and cancel_timer was never taught
    "reset": cancelling would be a guess at what the user wants, so it asks first. (The word was
    "pause" until timers learned to pause.)"""
    rt = Runtime.create(overrides={"routing.disabled_fast_paths": CANCEL_FAST_PATHS})
    try:
        _timer(rt)
        scripted(rt, [call("cancel_timer"), call("cancel_timer", label="pasta")])
        events = []
        rt.bus.subscribe(events.append)
        turn = rt.assistant.handle_text("reset the timer")
        assert turn.router_confident and turn.route == "llm"
        assert turn.spoken == "Cancel your pasta timer?" and len(rt.store.timers.running()) == 1
        asked = [e for e in events if isinstance(e, ev.CommandFinished)][-1]
        assert asked.context_data["untaught"] == ["reset"]
        # the words it was taught, with the argument's own word, act at once
        turn = rt.assistant.handle_text("stop the pasta timer")
        assert turn.route == "llm" and turn.spoken == "Cancelled your pasta timer."
    finally:
        rt.close()


def test_untaught_words_come_from_each_commands_own_examples():
    """A plugin command is taught by its own declarations, as a built-in is; the words said around a
    request, number words and the words of an argument never count as untaught."""
    class Plants(JarvisCommandBase):
        command_name = "plants"
        description = "Water reminders for house plants."
        parameters = [JarvisParameter("plant", "string")]
        domain_words = ["plant", "plants"]

        def generate_prompt_examples(self):
            return [CommandExample("water the fern", {"plant": "fern"})]

        def generate_adapter_examples(self):
            return [CommandExample(t, {}) for t in ("water my plants", "stop watering the cactus",
                                                    "skip the watering today", "did i water the plants")]

        def run(self, request_info, **kwargs):
            return CommandResponse.final_response({"message": "ok"})

    router = IntentRouter(list(discover_commands()) + [Plants()], embedding=False)
    assert router.untaught_words("plants", "hey could you just stop watering the ficus now", ["ficus"]) == []
    assert router.untaught_words("plants", "prune the ficus", ["ficus"]) == ["prune"]
    assert router.untaught_words("plants", "skip two waterings", []) == []
    assert router.untaught_words("cancel_timer", "reset the pasta timer", ["pasta"]) == ["reset"]


def test_a_harmless_guess_is_not_asked_about(runtime):
    brain, backend = scripted(runtime, [call("shopping_list", action="add", items=["eggs"])], UNSURE)
    turn = runtime.assistant.handle_text("we are out of eggs")
    assert "eggs" in (turn.spoken or "").lower() and not turn.wait_for_input


def test_an_enum_value_the_user_never_said_is_replaced_by_the_said_one_or_dropped():
    """A command's `enum_evidence` (its own declaration) checks the model's choice of an action."""
    commands = {c.command_name: c for c in discover_commands()}
    volume, routine = commands["volume"], commands["routine"]
    # a question about a cylinder is not "volume up": "what" says get, a harmless read
    asked = ground_arguments(volume, {"action": "up"}, "what is the volume of a cylinder with radius 2")
    assert asked.arguments == {"action": "get"} and asked.corrected == {"action": "up"}
    # the words of the chosen value keep it, whatever else was said
    assert ground_arguments(volume, {"action": "up", "level": 80}, "turn it up to 80 percent").arguments == \
        {"action": "up", "level": 80}
    # said of how it speaks: "more quietly" is down (it was dropped, and "Louder, quieter, or to what level?" asked)
    assert ground_arguments(volume, {"action": "down"}, "could you speak more quietly").arguments == {"action": "down"}
    # several said: the first (the verb) wins, even over the model's choice among them
    assert ground_arguments(commands["email"], {"action": "send"},
                            "email bob saying send me the report").arguments == {"action": "draft"}
    assert ground_arguments(routine, {"action": "delete", "name": "workout"},
                            "scrap the workout routine").arguments["action"] == "delete"
    assert ground_arguments(routine, {"action": "run", "name": "workout"},
                            "scrap the workout routine").arguments["action"] == "delete"
    assert ground_arguments(routine, {"action": "run"}, "which routines did i save").arguments == {"action": "list"}
    # several values said: the first said (the verb) wins over a word inside a step
    made = ground_arguments(routine, {"action": "run", "name": "evening", "steps": ["read my shopping list"]},
                            "make me a routine named evening that reads my shopping list")
    assert made.arguments["action"] == "create"
    assert ground_arguments(volume, {"action": "down"}, "drop the volume a bit").arguments == {"action": "down"}
    # a send the user never asked for is a draft; a list of days is checked item by item
    email, weather = commands["email"], commands["get_weather"]
    assert ground_arguments(email, {"action": "send", "to": "dana@example.org"},
                            "email dana@example.org saying the meeting is at noon").arguments["action"] == "draft"
    assert ground_arguments(email, {"action": "send"}, "send it").arguments == {"action": "send"}
    assert ground_arguments(email, {"action": "draft"}, "read my emails").arguments == {"action": "list"}
    assert ground_arguments(email, {"action": "list"}, "do i have any emails").arguments == {"action": "list"}
    assert ground_arguments(email, {"action": "draft"}, "do i have mail").arguments == {"action": "list"}
    assert ground_arguments(weather, {"city": "Denver", "resolved_datetimes": ["today"]},
                            "how cold will it be this weekend in denver").arguments == \
        {"city": "Denver", "resolved_datetimes": ["this_weekend"]}
    assert ground_arguments(weather, {"resolved_datetimes": ["today", "tomorrow"]},
                            "weather today and tomorrow").arguments == {"resolved_datetimes": ["today", "tomorrow"]}
    assert ground_arguments(weather, {"resolved_datetimes": ["next_week"]}, "is it going to rain").arguments == {}
    reminder = commands["reminder"]
    assert ground_arguments(reminder, {"action": "set", "time": "09:00"}, "any meeting on thursday afternoon").arguments["action"] \
        == "list"
    assert ground_arguments(reminder, {"action": "set", "text": "call mom", "time": "17:00"},
                            "remind me to call mom at 5 pm").arguments["action"] == "set"
    assert ground_arguments(reminder, {"action": "list"}, "cancel my dentist reminder").arguments["action"] == "delete"
    # the default value needs no words: an indirect request keeps it
    assert ground_arguments(reminder, {"action": "set", "time": "12:00"}, "tuesday meeting noon").arguments == \
        {"action": "set", "time": "12:00"}
    # none of the chosen value's words and no other value's: dropped (the required action is asked for)
    dropped = ground_arguments(volume, {"action": "mute"}, "how is the weather")
    assert dropped.arguments == {} and dropped.dropped == {"action": "mute"}


def test_a_plugin_command_declares_its_own_enum_words(tmp_path):
    """Nothing in the core knows the words: a command dropped in with its own declaration is checked."""
    from jarvis_tui.sdk import JarvisParameter
    lamp = type("Lamp", (), {"parameters": [JarvisParameter("state", "string", required=True, enum_values=["on", "off"],
                                                            enum_evidence={"on": ["on", "light up"],
                                                                           "off": ["off", "dark"]})]})()
    assert ground_arguments(lamp, {"state": "on"}, "make it dark in here").arguments == {"state": "off"}
    assert ground_arguments(lamp, {"state": "on"}, "light up the desk").arguments == {"state": "on"}
    assert ground_arguments(lamp, {"state": "on"}, "what a day").arguments == {}


def test_a_corrected_guess_that_destroys_still_asks_first(runtime):
    runtime.assistant.handle_text("when i say workout, start a timer for 20 minutes")
    brain, backend = scripted(runtime, [json.dumps({"tool": "routine", "args": {"action": "run", "name": "workout"}})],
                              UNSURE)
    turn = runtime.assistant.handle_text("scrap the workout routine")
    assert turn.wait_for_input and "workout" in (turn.spoken or "").lower()      # a question, not done
    assert not runtime.store.timers.running()                                     # nor run
    assert "workout" in [r["name"] for r in runtime.store.routines.all()]          # nor deleted


def test_an_all_the_user_never_said_does_not_widen_a_delete(runtime):
    """A value made only of function words ("all") counts as said only when it was: a model that
    writes "all" for "the one about the dentist" would otherwise delete every reminder, and with a
    confident router nothing asks first."""
    commands = {c.command_name: c for c in discover_commands()}
    unsaid = ground_arguments(commands["reminder"], {"action": "delete", "text": "all"},
                              "delete the reminder about the dentist")
    assert unsaid.arguments == {"action": "delete"} and unsaid.dropped == {"text": "all"}
    for said in ("delete all my reminders", "clear everything on my calendar"):
        assert ground_arguments(commands["reminder"], {"action": "delete", "text": "all"}, said).arguments == \
            {"action": "delete", "text": "all"}, said
    assert ground_arguments(commands["todo_list"], {"action": "remove", "tasks": ["all"]},
                            "remove the laundry task").arguments.get("tasks") in (None, [])
    assert said_share("all", "delete the reminder") == 0.0 and said_share("15:00", "at three") == 1.0


def test_the_models_unsaid_all_deletes_no_reminder(runtime):
    """End to end, the model's "all" on the LLM path: the two reminders stay."""
    for said in ("remind me to call the bank at 5 pm", "remind me to water the plants at 6 pm"):
        runtime.assistant.handle_text(said)
    before = runtime.assistant.handle_text("what reminders do i have").spoken
    scripted(runtime, [call("reminder", action="delete", text="all")] * 3)
    turn = runtime.assistant.handle_text("get rid of my reminder for the dentist")
    assert turn.route == "llm" and [c.name for c in turn.tool_calls] == ["reminder"]
    after = runtime.assistant.handle_text("what reminders do i have").spoken
    assert "bank" in before and "plants" in before
    assert "bank" in after and "plants" in after, after


def test_a_failing_command_is_spoken_in_its_own_words_not_its_error_details(runtime):
    """An e-mail without the SMTP settings: the turn says which settings, by their names for people
    and where to add them, not the raw "Missing settings: smtp_host, ..."."""
    scripted(runtime, [call("email", action="draft", to="tom@example.com", subject="running late"),
                       call("email", action="send")] * 2)
    turn = runtime.assistant.handle_text("email tom@example.com that i am running late")
    assert turn.route == "llm" and "Shall I send it?" in turn.spoken, turn.spoken      # a draft needs no settings
    turn = runtime.assistant.handle_text("send the email now")
    assert "SMTP host" in turn.spoken and "Secrets" in turn.spoken, turn.spoken
    assert "smtp_host" not in turn.spoken


def test_a_confident_router_still_asks_when_what_would_go_was_not_said(runtime):
    """"turn off my weekday alarm", with the router sure of the reminder command: the model wrote the
    other alarm, the one the assistant had named a turn before ("alarm tomorrow at 5:45 am"), and it was
    deleted at once. What a destructive call acts on must be in the request's words, or the request
    points back at it ("delete it"); otherwise it asks first, and nothing goes before a yes."""
    runtime.assistant.handle_text("set an alarm for 5:45 tomorrow morning")
    wrong = call("reminder", action="delete", text="alarm tomorrow at 5:45 am")
    scripted(runtime, [wrong])
    runtime.assistant.handle_text("wake me up at seven every weekday")        # a fast path now
    assert len(runtime.store.reminders.active()) == 2
    # (said "turn off my weekday alarm", a fast path now takes the alarm named: the words below reach the model)
    turn = runtime.assistant.handle_text("switch my weekday alarm off")
    assert turn.router_confident and turn.route == "llm" and turn.actions
    assert turn.spoken == "Delete the alarm tomorrow at 5:45 AM?" and len(runtime.store.reminders.active()) == 2
    runtime.assistant.handle_text("no")
    assert len(runtime.store.reminders.active()) == 2
    scripted(runtime, [call("reminder", action="delete", text="wake up")])
    turn = runtime.assistant.handle_text("delete my wake up reminder")     # all said: it acts at once
    assert not turn.actions and [r["text"] for r in runtime.store.reminders.active()] == ["alarm"]


def test_words_that_name_nothing_to_act_on_leave_what_goes_a_guess(runtime):
    """"cancel" alone, the router sure of cancel_timer (0.84): the one timer running was cancelled. The words
    name nothing it acts on (no label, no "timer", no "it"), so which thing goes is the model's guess: it asks
    first. "kill off my timer now" names it, and it goes at once."""
    _timer(runtime)
    scripted(runtime, [call("cancel_timer")] * 2)
    turn = runtime.assistant.handle_text("cancel", conversation_id="hall")
    assert turn.router_confident and turn.route == "llm"
    assert turn.spoken == "Cancel your pasta timer?" and len(runtime.store.timers.running()) == 1
    runtime.assistant.handle_text("no", conversation_id="hall")
    turn = runtime.assistant.handle_text("kill off my timer now", conversation_id="porch")
    assert turn.route == "llm" and turn.router_confident, turn.route
    assert not turn.wait_for_input and runtime.store.timers.running() == [], turn.spoken


def test_words_that_point_back_at_nothing_leave_what_goes_a_guess(runtime):
    """"i don't want a reminder for that" said first in a conversation, the router sure of the reminder
    command: the model read it as a delete and the one reminder there went at once. "that" points at no
    earlier turn, so what it names is the model's guess: it asks first. Named in the words, it goes at once."""
    runtime.assistant.handle_text("remind me to water the plants at 9 pm", conversation_id="kitchen")
    scripted(runtime, [call("reminder", action="delete"), call("reminder", action="delete", text="water the plants")])
    turn = runtime.assistant.handle_text("i don't want a reminder for that", conversation_id="hall")
    assert turn.router_confident and turn.route == "llm"
    assert turn.wait_for_input and "plants" in turn.spoken and len(runtime.store.reminders.active()) == 1
    runtime.assistant.handle_text("no", conversation_id="hall")
    assert len(runtime.store.reminders.active()) == 1
    turn = runtime.assistant.handle_text("i don't want the reminder to water the plants", conversation_id="porch")
    assert turn.router_confident and turn.route == "llm"
    assert not turn.wait_for_input and runtime.store.reminders.active() == [], turn.spoken


@pytest.mark.parametrize("value,said,want", [
    ("lock back door", "remind me tonight at 10 to lock the back door", "lock the back door"),
    ("call mom", "remind me to call my mom at 5", "call my mom"),
    ("call mom", "remind me to call mom", "call mom"),
    ("buy milk", "remind me to buy some milk", "buy milk"),             # "some" is no word a retelling drops
    ("door back lock", "lock the back door", "door back lock"),         # reordered: as the model wrote it
    ("pay the rent", "pay the rent on the 3rd", "pay the rent"),
])
def test_a_value_with_small_words_left_out_is_said_back_as_the_user_said_it(value, said, want):
    """"OK, I'll remind you to lock back door at 10 PM": the model wrote the user's words without "the"."""
    from jarvis_tui.sdk.grounding import as_said
    assert as_said(value, said) == want


def test_a_word_in_another_form_is_not_the_models_leave():
    """Grounding counts a word said, plural or singular, not another form of it: the model's "clean the
    kitchen" for "get the cleaning on" is not half said (the list's stored items named in another form are
    the list's to keep: test_cmd_lists)."""
    assert said_share("clean the kitchen", "get the cleaning on") == 0.0
    assert said_share("the stairs", "hoover the stair") == 1.0


# ---- a parameter the command reads from the words itself -------------------------------------------------
class _DatedCommand(JarvisCommandBase):
    """A plugin's command with a day no model can know (today's date is not in the prompt)."""
    command_name = "dated_thing"
    description = "Something on a day."

    @property
    def parameters(self):
        return [JarvisParameter("what", "string"),
                JarvisParameter("day", "string", description="YYYY-MM-DD", from_words=True)]

    def generate_prompt_examples(self):
        return []

    def run(self, request_info, **kwargs):
        return CommandResponse.final_response({"message": "ok"})


def test_a_parameter_read_from_the_words_is_not_asked_of_the_model():
    from providers.shared.command_converters import arguments_schema, minified_tool, signature
    command = _DatedCommand()
    assert "day" not in signature(command) and "what" in signature(command)
    assert set(arguments_schema(command)["properties"]) == {"what"}
    assert set(minified_tool(command, lite=True)["params"]) == {"what"}
    assert set(minified_tool(command)["parameters"]["properties"]) == {"what"}


def test_a_value_the_model_wrote_for_it_anyway_is_dropped():
    """The weather's day: the model's "2024-05-01" for "on tuesday" (digits pass the content-word check)."""
    grounded = ground_arguments(_DatedCommand(), {"what": "dentist", "day": "2024-05-01"}, "the dentist on tuesday")
    assert grounded.arguments == {"what": "dentist"} and grounded.dropped == {"day": "2024-05-01"}


def test_a_word_said_with_its_s_is_said():
    """"the plumber's sorted" (the plumber is sorted) dropped the task "plumber": the word was only
    heard as "plumber's"; the to-do list then asked "Which tasks should I complete?"."""
    from jarvis_tui.sdk.grounding import grounded
    assert grounded("plumber", "the plumber's sorted") and grounded("kids", "the kids' shoes are packed")
    assert said_share("plumber", "the plumber's sorted") == 1.0
    assert not grounded("plumber", "the plum's ripe")


def test_a_task_said_done_with_its_s_is_ticked_off(rt):
    rt.assistant.handle_text("put call the plumber on my to-do list")
    turn = rt.assistant.handle_text("the plumber's sorted")
    assert turn.route == "pre_route" and turn.spoken == "Checked off: call the plumber."


@pytest.mark.parametrize("name, args, said, items", [
    # the 0.5B repeating what it is sure of until the token limit (seen on SLURP dev)
    ("todo_list", {"action": "add", "tasks": ["learn to juggle"] * 8},
     "add learn to juggle to my to do list", ["learn to juggle"]),
    ("shopping_list", {"action": "add", "items": ["eggs", "Bread", "eggs.", "bread"]},
     "put eggs and bread on the list", ["eggs", "Bread"]),
    # with an unsaid item dropped as before, the repeats of a said one taken once
    ("todo_list", {"action": "add", "tasks": ["call the bank", "water the plants", "water the plants"]},
     "add water the plants to my to do list", ["water the plants"]),
])
def test_an_item_written_again_is_taken_once(name, args, said, items):
    commands = {c.command_name: c for c in discover_commands()}
    list_arg = next(k for k, v in args.items() if isinstance(v, list))
    out = ground_arguments(commands[name], dict(args), said, prompt=SHOWN)
    assert out.arguments[list_arg] == items
    assert out.corrected.get(list_arg) == args[list_arg] or out.dropped.get(list_arg) == ["call the bank"]


def test_different_items_are_all_kept():
    commands = {c.command_name: c for c in discover_commands()}
    out = ground_arguments(commands["shopping_list"], {"action": "add", "items": ["eggs", "egg noodles", "bread"]},
                           "add eggs egg noodles and bread", prompt=SHOWN)
    assert out.arguments["items"] == ["eggs", "egg noodles", "bread"] and out.corrected == {}


@pytest.mark.parametrize("said, drafts", [
    ("keep this email in my contacts", False), ("the email thing from yesterday is sorted", False),
    ("what's my email address", False), ("i got an email from the school", False),
    # answering or passing on a mail received is no new message (the command keeps no inbox)
    ("reply to the last email", False), ("forward that email to dad", False),
    ("email tom saying the car is ready", True), ("send an email to my brother", True),
    ("an email to the landlord about the boiler", True), ("write to jess", True), ("can you email my boss", True),
])
def test_email_said_as_the_thing_drafts_nothing(said, drafts):
    """"keep this email in my contacts" drafted a message (and asked who it goes to): "email" after a word that
    points at one is the thing, not the doing; the model's draft then has no action, and the turn asks again
    without it."""
    email = {c.command_name: c for c in discover_commands()}["email"]
    assert ("action" in email.post_process_tool_call({"action": "draft"}, said)) is drafts

