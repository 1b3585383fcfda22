"""Taking back what was just done: "cancel that", "undo", "scratch that" a moment after a turn that
made or changed something put it back, through the command that did it (`take_back`). Before, "never
mind, cancel that" after "remind me in an hour to check the oven" was a dismissal that left the
reminder set. Real commands, router and SQLite; no LLM."""
from __future__ import annotations

import datetime as _dt
import json
import textwrap

import pytest

from command_helpers import ask, plugin_runtime
from jarvis_tui.sdk.text import asks_to_hear_again, asks_to_take_back


@pytest.mark.parametrize("text", ["cancel that", "Never mind, cancel that.", "undo", "scratch that", "oops, undo that",
                                  "I didn't mean that", "take that back", "cancel it please", "no, cancel that",
                                  "actually cancel that one", "undo the last thing", "delete that", "don't do that",
                                  "that's not what i said", "on second thought, cancel that",
                                  # other verbs that end what was just made
                                  "ok kill it", "get rid of it", "scrap that", "ditch it", "call it off",
                                  "okay nix that one", "bin it", "forget it, cancel it",
                                  # "it" as "that", by every verb that undoes
                                  "delete it", "remove it please", "ok scratch it", "erase it"])
def test_words_that_take_back_what_was_just_done(text):
    assert asks_to_take_back(text)


@pytest.mark.parametrize("text", ["never mind", "forget it", "cancel my timer", "cancel the pasta timer",
                                  "delete that reminder about the dentist", "undo my last order", "cancel",
                                  "stop", "what time is it", "that's not funny", "remember that i parked on level 3",
                                  "kill the lights", "get rid of the milk", "call it a day", "ok", "kill time",
                                  "drop it", "just forget it", "delete it all", "remove it from the list"])
def test_other_words_do_not(text):
    assert not asks_to_take_back(text)


@pytest.mark.parametrize("text", ["what did you just set", "what did you do", "what have you just added",
                                  "what did you just save"])
def test_asking_what_it_just_did_is_hearing_the_reply_again(text):
    assert asks_to_hear_again(text)


def test_what_did_you_just_set_says_the_reply_again(rt, clock):
    first, _ = ask(rt, "remind me in an hour to check the oven")
    turn, _ = ask(rt, "what did you just set")
    assert turn.route == "repeat" and turn.spoken == first.spoken and not turn.tool_calls


def test_cancel_that_deletes_the_reminder_just_set(rt, clock):
    ask(rt, "remind me at 6 pm to water the plants")
    ask(rt, "remind me in an hour to check the oven")
    turn, r = ask(rt, "never mind, cancel that")
    assert turn.route == "take_back" and r.success
    assert turn.spoken == "OK, I've cancelled the reminder to check the oven."
    assert [x["text"] for x in rt.store.reminders.active()] == ["water the plants"]      # only the one just set


@pytest.mark.parametrize("said", ["delete it", "remove it"])
def test_delete_it_deletes_the_reminder_just_set(rt, clock, said):
    """"delete it" right after a reminder was set was taken for "never mind" by the router ("Okay.") and
    the reminder stayed set."""
    ask(rt, "remind me at 6 pm to water the plants")
    ask(rt, "remind me in an hour to check the oven")
    turn, r = ask(rt, said)
    assert turn.route == "take_back" and r.success
    assert turn.spoken == "OK, I've cancelled the reminder to check the oven."
    assert [x["text"] for x in rt.store.reminders.active()] == ["water the plants"]


def test_never_mind_alone_leaves_it_set(rt, clock):
    ask(rt, "remind me in an hour to check the oven")
    turn, _ = ask(rt, "never mind")
    assert turn.route != "take_back"
    assert [x["text"] for x in rt.store.reminders.active()] == ["check the oven"]


@pytest.mark.parametrize("said", ["ok kill it", "get rid of it"])
def test_kill_it_cancels_the_timer_just_set(rt, clock, said):
    """"ok kill it" after a timer was set was "stop talking" ("Okay."), and "get rid of it" looked up a
    memory about "get rid": the timer rang on."""
    ask(rt, "set a timer for 12 minutes")
    turn, _ = ask(rt, said)
    assert turn.route == "take_back" and turn.spoken == "OK, I've cancelled your timer."
    assert rt.store.timers.running() == []


def test_scratch_that_cancels_the_timer_just_set_and_no_other(rt, clock):
    ask(rt, "set a pasta timer for 8 minutes")
    ask(rt, "set a timer for 10 minutes")
    turn, _ = ask(rt, "scratch that")
    assert turn.route == "take_back" and turn.spoken == "OK, I've cancelled your timer."
    assert [t["label"] for t in rt.store.timers.running()] == ["pasta"]


def test_undo_takes_off_the_time_just_added(rt, clock):
    ask(rt, "set a timer for 10 minutes")
    ask(rt, "add 5 minutes to the timer")
    turn, _ = ask(rt, "undo")
    assert turn.route == "take_back"
    (timer,) = rt.store.timers.running()
    assert timer["duration_seconds"] == 600
    assert turn.spoken == "OK, I've put it back: your timer has 10 minutes left."


def test_a_moved_reminder_rings_when_it_did_before(rt, clock):
    ask(rt, "remind me at 5 pm to call the bank")
    ask(rt, "move it to 6 pm")
    turn, _ = ask(rt, "take that back")
    assert turn.route == "take_back"
    (r,) = rt.store.reminders.active()
    assert _dt.datetime.fromisoformat(r["due_at"]) == _dt.datetime(2025, 3, 4, 17, 0, tzinfo=_dt.timezone.utc)
    assert turn.spoken == "OK, I've put it back: the reminder to call the bank rings at 5 PM."


@pytest.mark.parametrize("said", ["actually delete it", "remove it", "kill it"])
def test_delete_it_after_a_reminder_was_moved_deletes_the_reminder(rt, clock, said):
    """"move it to 4", then "actually delete it" put the reminder back at 3 ("OK, I've put it back"): the
    user asked for it to go. "take that back" still puts back only the move (above)."""
    ask(rt, "remind me at 5 pm to call the bank")
    ask(rt, "move it to 6 pm")
    turn, _ = ask(rt, said)
    assert turn.route == "take_back" and turn.spoken == "OK, I've deleted the reminder to call the bank."
    assert rt.store.reminders.active() == []


@pytest.mark.parametrize("said", ["delete it", "remove it"])
def test_delete_it_after_time_was_added_cancels_the_timer(rt, clock, said):
    ask(rt, "set a timer for 10 minutes")
    ask(rt, "add 5 minutes to the timer")
    turn, _ = ask(rt, said)
    assert turn.route == "take_back" and rt.store.timers.running() == []


def test_a_fact_just_changed_gets_its_old_words_back(rt, clock):
    ask(rt, "remember that my favourite colour is blue")
    ask(rt, "my favourite colour is green")
    turn, _ = ask(rt, "oops, undo that")
    assert turn.route == "take_back" and turn.spoken == "OK, I've put it back: your favourite colour is blue."
    assert [m["value"] for m in rt.store.memories.all()] == ["blue"]


def test_a_fact_just_told_is_forgotten(rt, clock):
    ask(rt, "remember that my favourite colour is blue")
    turn, _ = ask(rt, "cancel that")
    assert turn.route == "take_back" and rt.store.memories.all() == []


def test_a_replaced_secret_comes_back_without_its_words_in_any_event(rt, clock, events):
    rt.store.memories.add("wifi password", "my wifi password is hunter22", "hunter22", secret=True)
    ask(rt, "remember that my wifi password is swordfish9")
    yes, _ = ask(rt, "yes")                    # the secret's question: keep it (a spoken yes presses the button)
    assert yes.route == "action" and [m["value"] for m in rt.store.memories.all()] == ["swordfish9"]
    turn, _ = ask(rt, "cancel that")
    assert turn.route == "take_back" and turn.spoken == "OK, I've put back the wifi password you had before."
    assert [m["value"] for m in rt.store.memories.all()] == ["hunter22"]
    assert "hunter22" not in json.dumps([vars(e) for e in events.events], default=str)


def test_it_is_taken_back_once(rt, clock):
    ask(rt, "remind me in an hour to check the oven")
    ask(rt, "remind me at 6 pm to water the plants")
    first, _ = ask(rt, "cancel that")
    again, _ = ask(rt, "cancel that")
    assert first.route == "take_back" and again.route != "take_back"
    assert [x["text"] for x in rt.store.reminders.active()] == ["check the oven"]


def test_after_a_turn_that_changed_nothing_the_words_are_routed_as_any_others(rt, clock):
    ask(rt, "set a timer for 10 minutes")
    ask(rt, "what time is it")
    turn, _ = ask(rt, "cancel that")
    assert turn.route != "take_back"


@pytest.mark.parametrize("said", ["nah cancel that", "cancel that", "undo"])
def test_after_a_decline_there_is_nothing_to_take_back(rt, clock, said):
    """"nah cancel that" after "message sarah ..." was declined went to the model, which read the
    timers: nothing ran, so nothing is cancelled or read, and a timer set before is left alone."""
    ask(rt, "set a timer for 10 minutes")
    declined, _ = ask(rt, "turn on the living room lights")
    assert declined.route == "none" and not declined.tool_calls
    turn, _ = ask(rt, said)
    assert turn.spoken == "Okay. I didn't do anything, so there's nothing to cancel."
    assert not turn.tool_calls and len(rt.store.timers.running()) == 1


def test_nah_says_no(rt, clock):
    ask(rt, "remind me in an hour to check the oven")
    turn, _ = ask(rt, "nah, scratch that")
    assert turn.route == "take_back" and rt.store.reminders.active() == []


def test_long_after_it_is_not_taken_back(rt, clock, monkeypatch):
    ask(rt, "remind me in an hour to check the oven")
    import jarvis_tui.assistant.assistant as assistant_module
    monkeypatch.setattr(assistant_module, "REPEAT_WINDOW_S", -1)
    turn, _ = ask(rt, "cancel that")
    assert turn.route != "take_back"
    assert [x["text"] for x in rt.store.reminders.active()] == ["check the oven"]


def test_the_tool_panel_sees_the_take_back(rt, clock, events):
    ask(rt, "set a timer for 10 minutes")
    ask(rt, "undo")
    parsed = [e for e in events.of("ToolCallsParsed") if e.origin == "take_back"]
    assert parsed and parsed[0].calls == [{"name": "set_timer", "arguments": {"take_back": {"duration_seconds": 600}}}]
    finished = [e for e in events.of("CommandFinished") if e.origin == "take_back"]
    assert finished and finished[0].success


PLUGIN = textwrap.dedent('''
    from jarvis_tui.sdk import CommandResponse, FastPath, JarvisCommandBase, PreRouteResult

    LIGHTS = {"porch": False}

    class PorchLight(JarvisCommandBase):
        command_name = "porch_light"
        description = "Turn the porch light on."
        parameters = []

        @property
        def fast_paths(self):
            return [FastPath("porch_light.on", r"turn on the porch light",
                             lambda m, t: PreRouteResult(arguments={}), "turn on the porch light")]

        def run(self, request_info, **kw):
            LIGHTS["porch"] = True
            return CommandResponse.success_response({"message": "The porch light is on."})

        def take_back(self, arguments, result):
            LIGHTS["porch"] = False
            return CommandResponse.success_response({"message": "The porch light is off again."})
''')


def test_a_plugin_command_takes_back_what_it_did(isolated_dirs):
    _data, conf = isolated_dirs
    with plugin_runtime(conf, "porch.py", PLUGIN) as rt:
        assert rt.assistant.handle_text("turn on the porch light").spoken == "The porch light is on."
        turn = rt.assistant.handle_text("undo that")
        assert turn.route == "take_back" and turn.spoken == "The porch light is off again."


def test_call_it_off_after_asking_how_long_is_left_cancels_the_timer_just_set(rt, clock):
    """"set the timer for 20 minutes", "how much time is left", "call it off": the read in between made
    nothing to take back, and the model deleted a reminder ("Sorry, that didn't work: You have no
    reminders."). The change a turn before the read is taken back."""
    ask(rt, "set the timer for 20 minutes")
    ask(rt, "how much time is left")
    turn, _ = ask(rt, "call it off")
    assert turn.route == "take_back" and turn.spoken == "OK, I've cancelled your timer."
    assert rt.store.timers.running() == []


def test_only_one_change_is_taken_back_and_only_one_turn_back(rt, clock):
    ask(rt, "set a pasta timer for 8 minutes")
    ask(rt, "set a timer for 10 minutes")
    ask(rt, "how much time is left")
    assert ask(rt, "undo")[0].route == "take_back"
    assert [t["label"] for t in rt.store.timers.running()] == ["pasta"]
    turn, _ = ask(rt, "undo")                 # the take-back is not taken back again, nor the turn before it
    assert turn.route != "take_back" and [t["label"] for t in rt.store.timers.running()] == ["pasta"]
    ask(rt, "what time is it")
    ask(rt, "what's the weather like")          # two turns after the change: it is no longer "it"
    turn, _ = ask(rt, "scratch that")
    assert turn.route != "take_back" and [t["label"] for t in rt.store.timers.running()] == ["pasta"]


def test_the_subject_of_two_replies_is_read_past_their_full_stops():
    """"Timer set for 15 minutes." and "... Running: the 15 minute timer." share "timer" (its full stop
    hid it, and "bin it" after the second was declined)."""
    from jarvis_tui.assistant.assistant import _same_subject
    assert _same_subject("You don't have a cake timer. Running: the 15 minute timer.", "Timer set for 15 minutes.")
    assert not _same_subject("It's 3:05 PM.", "Timer set for 15 minutes.")


@pytest.mark.parametrize("set_it, change, said, name", [
    *[("set a timer for 12 minutes", "actually make it fifteen", said, "timer") for said in ("ok kill it", "scrap it", "call it off")],
    # "add 5 minutes to it", then "cancel it": "it" is the timer, as in the words before (it took the 5 minutes back off)
    *[("set a timer for 25 minutes for the lasagne", "add 5 minutes to it", said, "lasagne timer")
      for said in ("cancel it", "ok cancel it now")],
])
def test_ending_it_after_a_timer_was_changed_cancels_the_timer(rt, clock, set_it, change, said, name):
    """"actually make it fifteen", then "ok kill it" took back the correction ("OK, I've put it back:
    your timer has 11 minutes left."): ending it ends the timer (`end`); "undo" and "cancel that" still take back
    only the change."""
    ask(rt, set_it)
    ask(rt, change)
    turn, _ = ask(rt, said)
    assert turn.route == "take_back" and turn.spoken == f"OK, I've cancelled your {name}."
    assert rt.store.timers.running() == []


def test_cancel_that_after_time_was_added_takes_the_time_back(rt, clock):
    ask(rt, "set a timer for 25 minutes for the lasagne")
    ask(rt, "add 5 minutes to it")
    turn, _ = ask(rt, "cancel that")
    assert turn.route == "take_back" and turn.spoken.startswith("OK, I've put it back")
    assert len(rt.store.timers.running()) == 1


def test_undo_after_a_correction_puts_the_old_length_back(rt, clock):
    ask(rt, "set a timer for 12 minutes")
    ask(rt, "actually make it fifteen")
    turn, _ = ask(rt, "undo")
    assert turn.route == "take_back" and turn.spoken.startswith("OK, I've put it back")
    (timer,) = rt.store.timers.running()
    assert timer["duration_seconds"] == 720
