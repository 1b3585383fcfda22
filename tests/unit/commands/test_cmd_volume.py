"""The volume command without a sound server: its fast paths, its grounding, the timed mute (with a
settable clock), and the message when there is no sound server. The same command against a real
PulseAudio server is tested in tests/audio/test_volume_command.py."""
from __future__ import annotations

import pytest

from command_helpers import ask
from commands._sound_server import OutputState, SoundServerError
from jarvis_tui.sdk import RequestInformation
from commands.volume import UnmuteService


class FakeOutput:
    """Records what the command asked of the sound server (the real one: tests/audio)."""

    def __init__(self, percent: int = 50, muted: bool = False) -> None:
        self.percent, self.muted, self.fail = percent, muted, False

    def _state(self) -> OutputState:
        if self.fail:
            raise SoundServerError("no sound server is running or reachable (test)")
        return OutputState("Speakers", self.percent, self.muted)

    def state(self):
        return self._state()

    def set_percent(self, p):
        self._state()
        self.percent, self.muted = p, self.muted and p == 0
        return self._state()

    def change_percent(self, delta, ceiling=100):
        self._state()
        self.percent = max(0, self.percent + delta) if delta < 0 else max(self.percent, min(ceiling, self.percent + delta))
        self.muted = self.muted and delta < 0
        return self._state()

    def set_muted(self, muted):
        self._state()
        self.muted = muted
        return self._state()


@pytest.fixture
def output(rt):
    fake = FakeOutput()
    rt.registry.get("volume").output = fake
    return fake


@pytest.mark.parametrize("text, args", [
    ("turn it up", {"action": "up"}),
    ("turn the volume up a bit", {"action": "up"}),
    ("louder please", {"action": "up"}),
    ("increase the volume by 20 percent", {"action": "up", "step": 20}),
    ("turn it down", {"action": "down"}),
    ("lower the volume", {"action": "down"}),
    ("volume 30 percent", {"action": "set", "level": 30}),
    ("set the volume to fifty", {"action": "set", "level": 50}),
    ("set the volume to max", {"action": "set", "level": 100}),
    ("mute", {"action": "mute"}),
    ("mute for fifteen minutes", {"action": "mute", "minutes": 15}),
    ("mute the sound for an hour", {"action": "mute", "minutes": 60}),
    ("mute for the next hour", {"action": "mute", "minutes": 60}),
    ("shut up for ten minutes", {"action": "mute", "minutes": 10}),
    ("please be quiet for half an hour", {"action": "mute", "minutes": 30}),
    ("go silent for the next hour", {"action": "mute", "minutes": 60}),
    ("unmute", {"action": "unmute"}),
    ("what's the volume", {"action": "get"}),
])
def test_fixed_phrasings_take_the_fast_path(rt, text, args):
    claimed = rt.registry.get("volume").pre_route(text)
    assert claimed is not None and claimed.arguments == args


@pytest.mark.parametrize("text", ["turn the lights up", "turn up the heating", "what is the volume of a sphere",
                                  "mute for 30 seconds", "mute for hours", "set the volume to 900",
                                  "shut up", "be quiet", "shut up for a bit", "be quiet for a second i'm thinking",
                                  "keep quiet about the party for ten minutes"])
def test_look_alikes_are_not_claimed(rt, text):
    assert rt.registry.get("volume").pre_route(text) is None


def test_numbers_the_user_did_not_say_are_dropped(rt):
    cmd = rt.registry.get("volume")
    assert cmd.post_process_tool_call({"action": "set", "level": 30}, "make it quieter") == {"action": "set"}
    assert cmd.post_process_tool_call({"action": "up", "step": 20}, "crank it") == {"action": "up"}
    assert cmd.post_process_tool_call({"action": "mute", "minutes": 15}, "shush for a while") == {"action": "mute"}
    assert cmd.post_process_tool_call({"action": "set", "level": 35}, "put the sound on thirty five") == \
        {"action": "set", "level": 35}


def test_up_down_set_and_the_ceiling(rt, output):
    turn, r = ask(rt, "turn it up")
    assert r.success and output.percent == 60 and turn.spoken == "The volume is 60 percent."
    ask(rt, "turn the volume down by 25 percent")
    assert output.percent == 35
    ask(rt, "volume 95 percent")
    turn, r = ask(rt, "louder")
    assert output.percent == 100
    turn, r = ask(rt, "louder")
    assert output.percent == 100 and "as loud as I turn it by voice" in turn.spoken


def test_timed_mute_ends_on_time_and_survives_a_restart(make_runtime, clock):
    rt = make_runtime()
    rt.services.clock = clock
    out = FakeOutput()
    rt.registry.get("volume").output = out
    turn, r = ask(rt, "mute for fifteen minutes")
    assert out.muted and turn.spoken == "Muted for 15 minutes."
    unmuter = rt.services.kept(UnmuteService)
    clock.advance(minutes=14)
    unmuter.tick()
    assert out.muted
    rt.close()                                     # the assistant closes while muted

    again = make_runtime()
    again.services.clock = clock
    out2 = FakeOutput(muted=True)
    again.registry.get("volume").output = out2
    clock.advance(minutes=2)
    again.services.kept(UnmuteService).tick()
    assert not out2.muted
    assert again.store.settings.get("volume.unmute_at") is None


def test_unmuting_by_hand_cancels_the_timed_unmute(rt, clock, output):
    ask(rt, "mute for 5 minutes")
    assert rt.store.settings.get("volume.unmute_at")
    ask(rt, "unmute")
    assert rt.store.settings.get("volume.unmute_at") is None and not output.muted


def test_no_sound_server_is_said_and_nothing_else_changes(rt, output):
    output.fail = True
    turn, r = ask(rt, "volume 30 percent")
    assert not r.success
    assert turn.spoken.startswith("I can't change the volume: no sound server is running")
    turn, r = ask(rt, "what's the volume")          # a question: it is not asked to change it
    assert not r.success and turn.spoken.startswith("I can't tell the volume: no sound server is running")
    turn, r = ask(rt, "what's the time")             # the assistant goes on
    assert r.success


def test_set_without_a_level_asks_which(rt, output):
    r = rt.registry.get("volume").execute(RequestInformation("set the volume"), action="set")
    assert r.message == "Which volume, in percent?" and r.wait_for_input and output.percent == 50
    assert r.awaits == {"argument": "level", "arguments": {"action": "set"}}


@pytest.mark.parametrize("more", ["bit more", "a little more", "even more"])
def test_a_bit_more_turns_it_up_again(rt, output, more):
    """"make it louder", then "bit more" was declined ("Sorry, I can't help with that yet.")."""
    ask(rt, "turn it up")
    after_one = output.percent
    turn, _ = ask(rt, more)
    assert turn.route == "repeat" and output.percent > after_one > 50


@pytest.mark.parametrize("said, step", [("knock it down a notch", -1), ("dial it down", -1), ("kick it up a bit", 1)])
def test_knocked_down_a_notch(rt, output, said, step):
    """"knock it down a notch" was declined."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and (output.percent - 50) * step > 0


@pytest.mark.parametrize("said, model, expected", [
    # words every sort of request says ("what", "to") are no evidence of a read or a set
    ("i can't make out what you're saying, it's too quiet", "get", "up"),
    ("you're hard to hear", "set", None),                  # no action said: it asks which
    ("what is the volume at now", "get", "get"),
    ("set it to forty", "set", "set"),
    ("it's way too loud", "up", "down"),
])
def test_the_action_stands_only_on_words_that_say_it(rt, said, model, expected):
    from jarvis_tui.assistant.grounding import ground_arguments
    cmd = rt.registry.get("volume")
    grounded = ground_arguments(cmd, {"action": model}, said)
    assert grounded.arguments.get("action") == expected


def test_a_level_said_without_an_action_is_a_set(rt):
    cmd = rt.registry.get("volume")
    assert cmd.post_process_tool_call({"level": 40}, "put the volume at forty") == {"action": "set", "level": 40}
    assert cmd.post_process_tool_call({}, "you're hard to hear") == {}


@pytest.mark.parametrize("said", ["i can't hear you", "speak up", "you're too quiet"])
def test_complaints_about_hearing_it_are_routed_to_the_volume(rt, said):
    """(chat, chat and dismiss ranked first before volume declared such complaints among its examples)"""
    decision = rt.assistant.route_intent(said)
    assert decision.ranked[0][0] == "volume", decision.ranked[:3]


def test_more_after_a_change_that_failed_tries_it_again(rt, output):
    """"more" after "turn it up" failed: the change is tried again (it says why again, and works once the sound
    server is back), not routed as words ("Okay.", a dismissal)."""
    output.fail = True
    ask(rt, "turn the sound up a bit")
    turn, r = ask(rt, "more")
    assert turn.route == "repeat" and [c.name for c in turn.tool_calls] == ["volume"]
    assert turn.spoken.startswith("I can't change the volume: no sound server is running")
    output.fail = False
    turn, r = ask(rt, "a bit more")
    assert r.success and turn.tool_calls[0].arguments["action"] == "up" and output.percent > 50


@pytest.mark.parametrize("said,model,args", [
    ("turn the volume down to twenty", {"action": "down", "level": 20}, {"action": "set", "level": 20}),
    ("turn it up to 60 percent", {"action": "up", "level": 60}, {"action": "set", "level": 60}),
    ("turn it down by 20", {"action": "down", "level": 20}, {"action": "down", "step": 20}),
])
def test_a_level_said_with_up_or_down_is_where_it_goes(rt, said, model, args):
    """"turn the volume down to twenty" came back as a "down" with a level, which went down by the usual step."""
    assert rt.registry.get("volume").post_process_tool_call(model, said) == args
