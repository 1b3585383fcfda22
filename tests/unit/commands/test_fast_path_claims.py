"""Fast paths never claim another command's request (issue: "<N> minute timer for the <food>"
claimed by check_timers, "never mind" cancelling timers, alarms at a clock time becoming countdowns),
and never their own negatives. Checked over every discovered command's declarations, so a new
command's examples are covered the moment it is dropped in."""
from __future__ import annotations

import re

import pytest

from jarvis_tui.commands_registry import discover_commands

COMMANDS = list(discover_commands())


def _examples(c):
    return [e.voice_command for e in list(c.generate_adapter_examples()) + list(c.generate_prompt_examples())]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.command_name)
def test_a_fast_path_claims_no_other_commands_examples_and_none_of_its_negatives(command):
    wrong = []
    for other in COMMANDS:
        texts = list(command.negative_examples) if other is command else _examples(other)
        for text in texts:
            claim = command.pre_route(text)
            if claim is not None:
                wrong.append((other.command_name, text, claim.arguments))
    assert wrong == []


def _same(want, got) -> bool:
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(_same(a, b) for a, b in zip(want, got))
    if isinstance(want, str) and isinstance(got, str):
        def norm(s: str) -> list[str]:          # case, "the", plural: "miles per hour" == "mile per hour", "inches"
            return [w[:-2] if w.endswith(("ches", "shes", "xes")) else w[:-1] if w.endswith("s") and len(w) > 3 else w
                    for w in re.sub(r"^the\s+", "", s.lower().strip()).split()]
        return norm(want) == norm(got) or [w.replace("feet", "foot") for w in norm(want)] == norm(got)
    if isinstance(want, (int, float)) and isinstance(got, (int, float)):
        return float(want) == float(got)
    return want == got


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.command_name)
def test_where_a_fast_path_claims_its_own_example_the_arguments_agree(command):
    wrong = []
    for e in command.generate_adapter_examples():
        claim = command.pre_route(e.voice_command)
        if claim is None:
            continue
        for key, want in e.expected_parameters.items():
            if key in claim.arguments and not _same(want, claim.arguments[key]):
                wrong.append((e.voice_command, key, want, claim.arguments[key]))
    assert wrong == []


@pytest.mark.parametrize("text,time,what", [
    ("set an alarm for 7 am", "07:00", "alarm"),
    ("wake me up at six thirty tomorrow", "06:30", "wake up"),
    ("get me up at quarter to seven", "06:45", "wake up"),
    ("wake up call at half past six please", "06:30", "wake up"),
    ("set an alarm for six in the evening", "18:00", "alarm"),
    ("i need an alarm for 5:45", "05:45", "alarm"),
    ("alarm at noon tomorrow", "12:00", "alarm"),
    ("get me up at 6:45 on friday", "06:45", "wake up"),
    ("wake me up at 7 on saturday morning", "07:00", "wake up"),
    ("set an alarm for six next tuesday evening", "18:00", "alarm"),
])
def test_alarms_are_clock_times_never_countdowns(text, time, what):
    claims = [(c.command_name, r.arguments) for c in COMMANDS if (r := c.pre_route(text)) is not None]
    assert claims == [("reminder", {"action": "set", "text": what, "time": time})]


def test_an_alarm_rings_at_its_clock_time_and_says_so(rt):
    runtime = rt
    turn = runtime.assistant.handle_text("wake me up at six thirty tomorrow")
    [row] = runtime.store.reminders.active()
    assert row["text"] == "wake up" and row["due_at"][11:16] == "06:30"
    assert turn.spoken.startswith("OK, your wake-up alarm is set") and "6:30 AM" in turn.spoken
    assert runtime.store.timers.running() == []


def test_an_alarm_on_a_weekday_rings_that_day(rt, clock):
    """(On the fake clock's Tuesday: on a Thursday the real date made Friday "tomorrow".)"""
    import datetime as dt
    turn = rt.assistant.handle_text("get me up at 6:45 on friday")
    [row] = rt.store.reminders.active()
    due = dt.datetime.fromisoformat(row["due_at"])
    assert row["text"] == "wake up" and due.strftime("%A %H:%M") == "Friday 06:45"
    assert "Friday" in turn.spoken and "6:45 AM" in turn.spoken


def test_an_alarm_the_model_wrote_without_a_text_is_the_alarm_not_a_question():
    """On the LLM path the model often writes only the time of a wake-up: the reminder's text is
    then the alarm itself, not "What should I remind you about?"."""
    reminder = next(c for c in COMMANDS if c.command_name == "reminder")
    for said, what in (("i need to be up at seven tomorrow", "wake up"), ("alarm please, 6:15 on sunday", "alarm"),
                       ("could you make sure i'm woken at 5", "wake up")):
        out = reminder.post_process_tool_call({"action": "set", "time": "07:00"}, said)
        assert out["text"] == what and reminder.validate_call(**out) == [], said
    # anything else still asks what the reminder is about
    out = reminder.post_process_tool_call({"action": "set", "time": "15:00"}, "remind me at 3 pm")
    assert not out.get("text") and reminder.validate_call(**out)


def _command(name):
    return next(c for c in COMMANDS if c.command_name == name)


@pytest.mark.parametrize("text", ["give me a three minute timer for the eggs", "give me a timer for the eggs",
                                  "give me another timer for ten minutes", "show me a new timer", "give me one more timer",
                                  "give me ten minute timer for rice"])
def test_a_timer_asked_for_is_not_one_checked(text):
    """A timer said as a new one ("a", "another", "new", or a length and a purpose without "the"/"my") is
    asked for: the timer-checking fast path leaves it (the timer-setting one takes those with a length)."""
    assert _command("check_timers").pre_route(text) is None


@pytest.mark.parametrize("text,label", [("give me the egg timer", "egg"), ("check the ten minute timer", "ten minute"),
                                        ("show me my ten minute timer for the rice", "rice"), ("give me timers", None)])
def test_a_timer_said_as_one_that_runs_is_checked(text, label):
    claim = _command("check_timers").pre_route(text)
    assert claim is not None and claim.arguments.get("label") == label


def test_a_new_timer_with_a_length_is_set_not_checked():
    from jarvis_tui.assistant.router import pre_route
    match = pre_route("give me a three minute timer for the eggs", COMMANDS)
    assert match is not None and match.command.command_name == "set_timer"
    assert match.result.arguments == {"duration_seconds": 180, "label": "eggs"}

