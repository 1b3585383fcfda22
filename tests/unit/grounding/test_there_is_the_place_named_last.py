""""What's the weather in tokyo", then "what time is it there": the router is sure of get_current_time
and runs it with no arguments, so the answer was the time here. A parameter that is a place
(`JarvisParameter.place`) left out of a request that says "there" is the place the last turns' calls
named, in any command's place argument; the "there" of "is there a leap year" or "there's" is no
place. Real commands and router; the scripted model of the brain's unit tests writes the call
without the place, as the bundled one did."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend

from command_helpers import ask
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk.text import says_there

NO_PLACE = json.dumps({"tool": "get_current_time", "args": {}})


@pytest.fixture
def rt(make_runtime):
    """A runtime whose model writes get_current_time with no arguments, every time it is asked."""
    runtime = make_runtime()
    runtime.assistant.brain = ConversationBrain(ScriptedBackend([NO_PLACE] * 20), PromptProviderFactory(None),
                                                runtime.config)
    runtime.services.llm = runtime.assistant.brain.answerer
    return runtime


@pytest.mark.parametrize("text,place", [
    ("what time is it there", True), ("is it tomorrow there", True), ("will it rain over there tomorrow", True),
    ("what's the weather like there", True),
    ("is there a leap year in 2028", False), ("there's a meeting at 3", False), ("hi there", False),
    ("how many days are there until christmas", False), ("there are 3 eggs left", False),
])
def test_a_there_that_points_at_a_place(text, place):
    assert says_there(text) is place


def _location(turn):
    return turn.tool_calls[0].arguments.get("location") if turn.tool_calls else "no call"


def test_there_is_the_place_the_last_turn_named(rt):
    turn, _ = ask(rt, "what time is it in tokyo")
    assert _location(turn) == "Tokyo"
    turn, r = ask(rt, "what's the date there")
    assert turn.tool_calls[0].name == "get_current_time" and _location(turn) == "Tokyo"
    assert "Tokyo" in r.message
    # no "there": the time here, as asked
    turn, _ = ask(rt, "what time is it")
    assert _location(turn) is None


def test_there_is_a_place_another_command_named(rt):
    turn, _ = ask(rt, "what's the weather in york")
    assert turn.tool_calls[0].name == "get_weather" and turn.tool_calls[0].arguments.get("city") == "York"
    turn, _ = ask(rt, "what time is it there")
    assert turn.tool_calls[0].name == "get_current_time" and _location(turn) == "York"


def test_a_there_with_no_place_before_it_is_here(rt):
    turn, _ = ask(rt, "what time is it there")
    assert turn.tool_calls[0].name == "get_current_time" and _location(turn) is None
    ask(rt, "what time is it in tokyo")
    turn, _ = ask(rt, "is there a leap year in 2028")
    assert _location(turn) is None
