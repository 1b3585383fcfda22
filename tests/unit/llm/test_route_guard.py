"""The deterministic routing checks around the LLM (jarvis_tui.assistant.route_guard) and the
commands' grounding of LLM arguments in the user's words (post_process_tool_call)."""
from __future__ import annotations

import pytest

from jarvis_tui.assistant import route_guard as g

ALL = ["chat", "answer_question", "calculate", "set_timer", "cancel_timer", "check_timers", "email",
       "get_weather", "get_current_time", "reminder", "tell_joke", "shopping_list", "todo_list",
       "convert_measurement"]


@pytest.mark.parametrize("text", [
    "Hi Jarvis", "hello there", "Good morning!", "Good evening, how are you?", "how's your day going",
    "Thanks Jarvis, you're awesome", "thank you so much", "I'm so tired today", "what's up",
    "Do you have a favorite color?", "What do you think about space travel?", "let's just chat for a bit",
])
def test_small_talk_goes_to_chat(text):
    d = g.classify(text, ALL)
    assert d is not None and d.tool == "chat" and d.arguments == {}


@pytest.mark.parametrize("text", [
    "Who invented the telephone?", "What is the capital of France?", "how does gravity work",
    "Tell me about Albert Einstein", "Explain the theory of relativity", "why do cats purr",
    "What is the square root of 144?", "can you tell me who painted the Mona Lisa",
])
def test_questions_without_an_action_cue_go_to_answer_question_with_the_question(text):
    d = g.classify(text, ALL)
    assert d is not None and d.tool == "answer_question"
    assert d.arguments["query"].lower().rstrip("?") in text.lower()


@pytest.mark.parametrize("text", [
    # every one of these is (or may be) an action: the guard must leave it to the model
    "what's the weather in Paris", "is it going to rain tomorrow", "what time is it in Tokyo",
    "how long is left on my timer", "what's on my shopping list", "what is five and five",
    "what's 12 times 4", "how many cups in a gallon", "what about tomorrow", "what is it",
    "any new emails", "what reminders do I have", "who is on my to-do list", "tell me a joke",
    "set a timer", "good morning, set a timer for 5 minutes", "what day is it", "what's the date",
    "how cold is it outside", "when is my next reminder", "do I need an umbrella",
])
def test_action_requests_are_never_claimed(text):
    assert g.classify(text, ALL) is None


def test_the_guard_needs_the_tools_to_exist():
    assert g.classify("who invented the telephone", ["calculate"]) is None
    assert g.classify("hello", ["answer_question"]) is None


@pytest.mark.parametrize("text,n", [
    ("what is five and five", 2), ("one hundred and five plus 3", 2), ("twenty five times four", 2),
    ("3.5 plus 1.25", 2), ("how far is California from New Jersey", 0), ("the square root of 144", 1),
])
def test_numbers_in(text, n):
    assert g.numbers_in(text) == n


def test_grounding_of_calculate_and_convert():
    assert g.grounding_problem({"name": "calculate"}, "How far is California from New Jersey?")
    assert g.grounding_problem({"name": "calculate"}, "what's the speed of light")
    assert g.grounding_problem({"name": "calculate"}, "what's six times seven") is None
    assert g.grounding_problem({"name": "convert_measurement"}, "Reply to the first email saying thanks")
    assert g.grounding_problem({"name": "convert_measurement"}, "how many cups in a gallon") is None
    assert g.grounding_problem({"name": "set_timer"}, "anything") is None


def test_shortlist_by_domain_words():
    assert g.shortlist("what's in my inbox", ALL) == ["email"]
    assert g.shortlist("remind me in 10 minutes", ALL) == ["reminder", "set_timer"]
    assert g.shortlist("how's it going", ALL) is None
    assert g.shortlist("what's in my inbox", ["chat"]) is None


# ---- the commands' post_process_tool_call: arguments grounded in the utterance ------------------------
def _cmd(name):
    import importlib
    module = importlib.import_module(f"commands.{name}")
    from jarvis_tui.sdk import JarvisCommandBase
    cls = next(v for v in vars(module).values() if isinstance(v, type) and issubclass(v, JarvisCommandBase)
               and v.__module__ == module.__name__)
    return cls()


def test_copied_example_arguments_are_dropped():
    email = _cmd("email")
    out = email.post_process_tool_call({"action": "draft", "to": "john@example.com", "subject": "Running late",
                                        "body": "I'll be late"}, "Archive email 2")
    assert out == {"action": "draft"}
    kept = email.post_process_tool_call({"action": "draft", "to": "dana@example.org", "subject": "Meeting",
                                         "body": "The meeting is at noon"},
                                        "email dana@example.org saying the meeting is at noon")
    assert kept["to"] == "dana@example.org" and kept["body"] and kept["subject"]
    assert _cmd("get_current_time").post_process_tool_call({"location": "Tokyo"}, "what time is it") == {}
    assert _cmd("get_current_time").post_process_tool_call({"location": "Tokyo"}, "time in tokyo") == {"location": "Tokyo"}
    assert _cmd("get_weather").post_process_tool_call({"city": "Chicago"}, "will it rain") == {}
    assert _cmd("set_timer").post_process_tool_call({"duration_seconds": 60, "label": "pasta"}, "one minute timer") \
        == {"duration_seconds": 60}
    assert _cmd("cancel_timer").post_process_tool_call({"label": "all"}, "kill the timer") == {}
    assert _cmd("cancel_timer").post_process_tool_call({"label": "all"}, "stop all my timers") == {"label": "all"}
    assert _cmd("shopping_list").post_process_tool_call({"action": "add", "items": ["tomatoes", "apples"]},
                                                        "put apples on the list") == {"action": "add", "items": ["apples"]}


def test_reminder_times_come_from_the_words():
    r = _cmd("reminder")
    assert r.post_process_tool_call({"action": "set", "text": "take my medicine", "time": "8:00"},
                                    "Remind me every day at 8 to take my medicine") == \
        {"action": "set", "text": "take my medicine", "time": "08:00", "recurrence": "daily"}
    assert r.post_process_tool_call({"action": "set", "text": "check email", "relative_minutes": 30, "recurrence": "weekly"},
                                    "Remind me on weekdays at 8:30 to check email") == \
        {"action": "set", "text": "check email", "time": "08:30", "recurrence": "weekdays"}
    # a minute count nobody said is dropped; the day part gives the hour
    assert r.post_process_tool_call({"action": "set", "text": "water the plants", "relative_minutes": 60},
                                    "Remind me tomorrow morning to water the plants") == \
        {"action": "set", "text": "water the plants", "time": "09:00"}
    assert r.post_process_tool_call({"action": "set", "text": "call bob", "relative_minutes": 120},
                                    "remind me in 2 hours to call bob") == \
        {"action": "set", "text": "call bob", "relative_minutes": 120}
    assert r.post_process_tool_call({"action": "list"}, "what reminders do I have") == {"action": "list"}


def test_convert_without_a_number_is_one():
    c = _cmd("convert_measurement")
    assert c.post_process_tool_call({"from_unit": "gallons", "to_unit": "cups"}, "How many cups in a gallon?")["value"] == 1
    assert "value" not in c.post_process_tool_call({"from_unit": "gallons", "to_unit": "cups"}, "cups in 3 gallons")


def test_a_said_duration_and_a_said_subtraction_order_win_over_the_model():
    t = _cmd("set_timer")
    assert t.post_process_tool_call({"duration_seconds": 300}, "can you time 3 minutes for my tea") == {"duration_seconds": 180}
    assert t.post_process_tool_call({"duration_seconds": 60}, "an hour and a half timer") == {"duration_seconds": 5400}
    assert t.post_process_tool_call({"duration_seconds": 600, "label": "pasta"}, "pasta timer ten minutes") == \
        {"duration_seconds": 600, "label": "pasta"}
    c = _cmd("calculate")
    assert c.post_process_tool_call({"num1": 15, "num2": 90, "operation": "subtract"}, "take 15 from 90") == \
        {"num1": 90, "num2": 15, "operation": "subtract"}
    assert c.post_process_tool_call({"num1": 6, "num2": 7, "operation": "multiply"}, "six times seven") == \
        {"num1": 6, "num2": 7, "operation": "multiply"}
