"""A question whether something was done ("did you cancel my timer?") that the model answers with the
destructive call is told how that thing stands now, then asked whether to do it: before, it was only
asked "Cancel your 10 minute timer?", which answers nothing. Real commands, stores and router; the
model scripted (`model_writes`) so that it makes the call it made in full turns."""
from __future__ import annotations

import json
import re

import pytest


def _timers(runtime) -> int:
    return len(runtime.services.store.timers.running())


@pytest.mark.parametrize("said", ["did you cancel my timer", "was the timer cancelled", "are my timers cancelled",
                                  "did the timer get cancelled"])
def test_the_timer_is_told_still_running_before_the_question(runtime, model_writes, said):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text(said)
    assert re.fullmatch(r"Your 20 minute timer is still running, with (?:20 minutes|19 minutes and \d+ seconds) left\. "
                        r"Cancel your 20 minute timer\?", turn.spoken), turn.spoken
    assert _timers(runtime) == 1 and runtime.assistant.pending is not None
    runtime.assistant.handle_text("yes")                      # the question still does what it asks
    assert _timers(runtime) == 0


def test_a_paused_timer_is_told_paused(runtime, model_writes):
    runtime.assistant.handle_text("set a pasta timer for 10 minutes")
    runtime.assistant.handle_text("pause the pasta timer")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"label": "pasta"}})] * 3)
    turn = runtime.assistant.handle_text("did you cancel the pasta timer")
    assert turn.spoken.startswith("Your pasta timer is paused, with 10 minutes left.")
    assert turn.spoken.endswith("Cancel your pasta timer?")


def test_the_memory_is_told_still_kept(runtime, model_writes):
    runtime.assistant.handle_text("remember that my favourite tea is earl grey")
    model_writes([json.dumps({"tool": "forget", "args": {"topic": "favourite tea"}})] * 3)
    turn = runtime.assistant.handle_text("did you forget my favourite tea")
    assert turn.spoken == ("I still remember that your favourite tea is earl grey. "
                           "Forget that your favourite tea is earl grey?")
    assert len(runtime.services.store.memories.all()) == 1


def test_a_reminder_or_an_item_asked_about_is_read(runtime, model_writes):
    """A command with a read for questions (`question_value`) reads what is there: the delete the model
    picked becomes that read, and there is nothing to confirm."""
    runtime.assistant.handle_text("add milk to my shopping list")
    model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "remove", "items": ["milk"]}})] * 3)
    turn = runtime.assistant.handle_text("did you take milk off my shopping list")
    assert turn.tool_calls[0].arguments["action"] == "read" and runtime.assistant.pending is None
    assert [r["text"] for r in runtime.services.store.lists.items("shopping")] == ["milk"]
    # told without a yes or a no, which would answer the taking off ("Yes, milk is on your shopping list.")
    assert turn.spoken == "Milk is on your shopping list."
    model_writes([json.dumps({"tool": "shopping_list", "args": {"action": "read", "items": ["eggs"]}})] * 3)
    # ... where asked whether it was put on, the no answers it
    assert runtime.assistant.handle_text("did you add eggs to my list").spoken == "No, eggs isn't on your shopping list."


def test_an_order_that_is_a_guess_is_asked_without_the_state(runtime, model_writes):
    """Words that ask for it to be done ("can you cancel timers" claimed by a fast path) are asked about
    alone: how it stands is told only to a question about doing it."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    assert runtime.assistant.handle_text("can you cancel timers").spoken == "Cancel your 20 minute timer?"


def test_a_command_that_cannot_tell_how_it_stands_still_asks(runtime, model_writes, monkeypatch):
    runtime.assistant.handle_text("set a timer for twenty minutes")

    def broken(args):
        raise RuntimeError("no timers store")
    monkeypatch.setattr(runtime.registry.get("cancel_timer"), "as_it_stands", broken)
    model_writes([json.dumps({"tool": "cancel_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text("did you cancel my timer")
    assert turn.spoken == "Cancel your 20 minute timer?" and _timers(runtime) == 1


def test_nothing_is_told_of_what_is_not_there(runtime):
    assert runtime.registry.get("forget").as_it_stands({"topic": "locker code"}) is None
    timers = runtime.registry.get("cancel_timer")
    assert timers.as_it_stands({}) == timers.as_it_stands({"label": "pasta"}) == "You have no timers running."
    runtime.assistant.handle_text("set a rice timer for twenty minutes")
    assert timers.as_it_stands({"label": "pasta"}) is None        # a timer, not the one named


def test_a_pause_or_a_resume_tells_the_same(runtime):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    timers = runtime.registry.get("cancel_timer")
    told = timers.as_it_stands({})
    assert told.startswith("Your 20 minute timer is still running")
    assert timers.as_it_stands({"action": "pause"}) == told == timers.as_it_stands({"action": "resume"})


@pytest.mark.parametrize("said", ["did you pause the timer", "is my timer cancelled now", "was my timer stopped",
                                  "has my timer been paused"])
def test_a_question_whether_it_was_paused_pauses_nothing(runtime, model_writes, said):
    """The model answered these with a pause, which asks nothing (it destroys nothing): a question is no
    order, so how the timer stands is told and nothing runs."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"action": "pause"}})] * 3)
    turn = runtime.assistant.handle_text(said)
    assert re.fullmatch(r"Your 20 minute timer is still running, with (?:20 minutes|19 minutes and \d+ seconds) left\.",
                        turn.spoken), turn.spoken
    assert _timers(runtime) == 1 and runtime.assistant.pending is None
    assert turn.tool_calls == []                            # nothing ran


def test_a_question_whether_a_timer_was_set_sets_none(runtime, model_writes):
    """"did you set a timer for me": the model picked set_timer, which asked "For how long?" of a new one."""
    model_writes([json.dumps({"tool": "set_timer", "args": {}})] * 3)
    turn = runtime.assistant.handle_text("did you set a timer for me")
    assert turn.spoken == "You have no timers running." and _timers(runtime) == 0
    runtime.assistant.handle_text("set a pasta timer for twenty minutes")
    model_writes([json.dumps({"tool": "set_timer", "args": {"duration_seconds": 1200}})] * 3)
    turn = runtime.assistant.handle_text("did you set the 20 minute timer")
    assert re.fullmatch(r"Your pasta timer has (?:20 minutes|19 minutes and \d+ seconds) left\.", turn.spoken), turn.spoken
    assert _timers(runtime) == 1


def test_the_same_words_said_as_an_order_still_act(runtime, model_writes):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"action": "pause"}})] * 3)
    assert runtime.assistant.handle_text("pause the timer please").spoken.startswith("Paused your 20 minute timer")
    assert _timers(runtime) == 0                              # paused: no longer running
    model_writes([json.dumps({"tool": "set_timer", "args": {"duration_seconds": 180}})] * 3)
    runtime.assistant.handle_text("set a timer for three minutes")
    assert _timers(runtime) == 1


def test_a_secret_is_told_kept_without_its_value(runtime):
    runtime.assistant.handle_text("remember that my locker code is 4312")
    runtime.assistant.handle_text("yes")
    told = runtime.registry.get("forget").as_it_stands({"topic": "locker code"})
    assert told == "I still remember your locker code."


def test_a_question_the_model_declines_is_told_how_it_stands(runtime, model_writes):
    """"did you set the timer": the model declined ("Sorry, I can't help with that yet."); the likeliest
    command the router finds for the words tells how its things stand, and nothing runs."""
    decline = json.dumps({"tool": "none", "args": {}})
    model_writes([decline] * 3)
    turn = runtime.assistant.handle_text("did you set the timer")
    assert turn.spoken == "You have no timers running." and turn.tool_calls == []
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([decline] * 3)
    turn = runtime.assistant.handle_text("did you set the timer")
    assert re.fullmatch(r"Your 20 minute timer is still running, with (?:20 minutes|19 minutes and \d+ seconds) left\.",
                        turn.spoken), turn.spoken
    assert turn.tool_calls == [] and _timers(runtime) == 1


def test_a_declined_question_the_timer_check_ranks_first_is_told_how_it_stands(runtime, model_writes):
    """"did you set my timer": the router ranks the timer check first (it had no `as_it_stands`: "Sorry, I can't
    help with that yet.")."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    assert runtime.assistant.router.decide("did you set my timer").ranked[0][0] == "check_timers"
    model_writes([json.dumps({"tool": "none", "args": {}})] * 3)
    turn = runtime.assistant.handle_text("did you set my timer")
    assert turn.spoken.startswith("Your 20 minute timer has") and turn.tool_calls == [] and _timers(runtime) == 1


def test_words_that_ask_nothing_about_doing_are_declined_as_before(runtime, model_writes):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "none", "args": {}})] * 3)
    assert not runtime.assistant.handle_text("the timer is a nice gadget").spoken.startswith("Your")


@pytest.mark.parametrize("said", ["timer", "my timers", "hey jarvis, the timer"])
def test_words_that_only_name_the_timer_tell_how_it_stands(runtime, model_writes, said):
    """"timer" alone: the model paused the running timer (a guess of what to do with it). Words that
    name only what a command acts on say no action: how it stands is told and nothing changes."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"action": "pause"}})] * 3)
    turn = runtime.assistant.handle_text(said)
    assert re.fullmatch(r"Your 20 minute timer is still running, with (?:20 minutes|19 minutes and \d+ seconds) left\.",
                        turn.spoken), turn.spoken
    assert turn.tool_calls == [] and _timers(runtime) == 1                # still running, not paused


@pytest.mark.parametrize("said", ["timer", "hey jarvis, the timer"])
def test_words_that_only_name_the_timer_declined_by_the_model_tell_how_it_stands(runtime, model_writes, said):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "none", "args": {}})] * 3)
    turn = runtime.assistant.handle_text(said)
    # told by the likeliest command that tells it: the timer check ("has ... left") or the cancel ("is still running")
    assert re.match(r"Your 20 minute timer (?:has|is still running, with) ", turn.spoken) and turn.tool_calls == []


@pytest.mark.parametrize("said", ["pause", "pause the timer"])
def test_words_that_say_what_to_do_are_done(runtime, model_writes, said):
    runtime.assistant.handle_text("set a timer for twenty minutes")
    model_writes([json.dumps({"tool": "cancel_timer", "args": {"action": "pause"}})] * 3)
    turn = runtime.assistant.handle_text(said)
    if runtime.assistant.pending is not None:              # "pause" alone names nothing: asked first
        runtime.assistant.handle_text("yes")
    assert _timers(runtime) == 0 and len(runtime.services.store.timers.live()) == 1, turn.spoken     # paused


class _Speakers:
    """The sound server's state as the volume command reads and changes it (the real one: tests/audio)."""

    def __init__(self, percent: int, muted: bool = False, reachable: bool = True) -> None:
        self.percent, self.muted, self.reachable, self.changes = percent, muted, reachable, []

    def state(self):
        from commands._sound_server import OutputState, SoundServerError
        if not self.reachable:
            raise SoundServerError("no sound server is running or reachable (test)")
        return OutputState("Speakers", self.percent, self.muted)

    def set_muted(self, muted):
        self.state()
        self.changes.append(("muted", muted))
        self.muted = muted
        return self.state()


@pytest.mark.parametrize("said", ["did you mute the sound", "have you muted the speakers"])
def test_a_question_whether_it_was_muted_mutes_nothing(runtime, model_writes, said):
    speakers = _Speakers(40)
    runtime.registry.get("volume").output = speakers
    model_writes([json.dumps({"tool": "volume", "args": {"action": "mute"}})] * 3)
    turn = runtime.assistant.handle_text(said)
    assert turn.spoken == "The volume is 40 percent." and speakers.changes == [] and turn.tool_calls == []
    speakers.muted = True
    model_writes([json.dumps({"tool": "volume", "args": {"action": "mute"}})] * 3)
    assert runtime.assistant.handle_text(said).spoken == "The volume is 40 percent, muted."


def test_no_sound_server_lets_the_call_say_why(runtime, model_writes):
    runtime.registry.get("volume").output = _Speakers(40, reachable=False)
    model_writes([json.dumps({"tool": "volume", "args": {"action": "mute"}})] * 3)
    turn = runtime.assistant.handle_text("did you mute the sound")
    assert "no sound server is running or reachable" in turn.spoken


def test_words_that_only_name_the_sound_tell_it_and_mute_says_what_to_do(runtime, model_writes):
    """"the volume" alone names the thing (the model muted it): nothing changes (it asks what to do with
    it). "mute" names what to do (a domain word of volume's, never said as a thing in its examples): done."""
    speakers = _Speakers(40)
    runtime.registry.get("volume").output = speakers
    model_writes([json.dumps({"tool": "volume", "args": {"action": "mute"}})] * 3)
    turn = runtime.assistant.handle_text("the volume")
    assert turn.spoken in ("The volume is 40 percent.", "Louder, quieter, or to what level?") and speakers.changes == []
    model_writes([json.dumps({"tool": "volume", "args": {"action": "mute"}})] * 3)
    runtime.assistant.handle_text("mute")
    assert speakers.changes == [("muted", True)]


def test_a_command_that_only_tells_runs_for_a_question(runtime):
    """"have i got any timers" is the timer check's own question: it runs (it changes nothing), it is not
    told in its place as for a call that would change something."""
    runtime.assistant.handle_text("set a timer for twenty minutes")
    turn = runtime.assistant.handle_text("have i got any timers")
    assert [c.name for c in turn.tool_calls] == ["check_timers"] and turn.tool_calls[0].origin != "about"
    assert turn.spoken.startswith("Your 20 minute timer has")
