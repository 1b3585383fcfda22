"""A question back about one missing value is answered by the next words: they fill that value of the
call asked about, read with the request they complete. The answers used to be routed as requests of
their own: "set a timer" asked "What duration seconds should I use?"; "what is 2 plus" asked "What
num2 should I use?" twice; "remind me tomorrow" set a reminder "to tomorrow", and "to call the bank"
then went to the to-do list. Real commands, a scripted model."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parent))

from brain_fakes import ScriptedBackend

from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.llm.provider_factory import PromptProviderFactory


def call(name: str, **arguments) -> str:
    return json.dumps({"tool": name, "args": arguments})


@pytest.fixture
def talk(rt):
    def make(outputs: list[str]):
        backend = ScriptedBackend(outputs)
        brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
        rt.assistant.brain = brain
        rt.services.llm = brain.answerer

        def say(text: str):
            return rt.assistant.handle_text(text)
        return say, backend
    return make


def test_a_timer_without_a_length_asks_for_how_long_and_the_answer_sets_it(rt, talk):
    say, backend = talk([call("set_timer")])
    turn = say("set a timer")
    assert turn.spoken == "For how long?" and turn.wait_for_input
    turn = say("5 minutes")
    assert turn.route == "follow_up" and turn.spoken == "Timer set for 5 minutes."
    assert [t["duration_seconds"] for t in rt.store.timers.running()] == [300]
    assert len(backend.requests) == 1                   # the answer needed no model


@pytest.mark.parametrize("said, label", [("set a timer for the rice", "rice"),
                                         ("put a timer on for my sourdough", "sourdough")])
def test_a_timer_asked_for_by_what_it_is_for_keeps_its_name_while_its_length_is_asked(rt, talk, said, label):
    """The model left the name out ({}): the timer the answer sets is still the one for the rice."""
    say, _ = talk([call("set_timer")])
    assert say(said).spoken == "For how long?"
    turn = say("ten minutes")
    assert [(t["label"], t["duration_seconds"]) for t in rt.store.timers.running()] == [(label, 600)]
    assert label in turn.spoken.lower()


def test_a_sum_missing_its_other_number_is_finished_by_the_number_said(rt, talk):
    say, backend = talk([call("calculate", num1=2, operation="add")])
    turn = say("what is 2 plus")
    assert turn.spoken == "And the other number?"
    turn = say("8")
    assert turn.route == "follow_up" and turn.spoken == "2 plus 8 is 10."


def test_a_reminder_said_with_only_its_day_asks_what_about_and_keeps_the_day(rt, talk):
    say, backend = talk([call("reminder", action="set", text="tomorrow")])
    turn = say("remind me tomorrow")
    assert turn.spoken == "What should I remind you about?"
    turn = say("to call the bank")
    assert turn.route == "follow_up" and turn.spoken.startswith("OK, I'll remind you to call the bank tomorrow at")
    assert [r["text"] for r in rt.store.reminders.active()] == ["call the bank"]
    assert rt.store.lists.items("todo") == []


def test_a_request_said_instead_of_the_answer_is_routed_as_a_request(rt, talk):
    say, backend = talk([call("set_timer")])
    say("set a timer")
    turn = say("what's on my shopping list")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "shopping_list"
    assert rt.store.timers.running() == []


@pytest.mark.parametrize("said", ["never mind", "cancel that"])
def test_the_question_can_be_dropped(rt, talk, said):
    say, backend = talk([call("set_timer")])
    say("set a timer")
    turn = say(said)
    assert not turn.tool_calls and rt.store.timers.running() == [] and not turn.wait_for_input


def test_a_request_the_router_is_sure_of_said_instead_of_the_answer_stays_with_its_command(rt, talk):
    """After "What should I remind you about?", "what's on my calendar in may" is a request of its own.
    It had every tool open to the model (the turn follows a question), which read the to-do list; the
    router is sure it is the calendar's: the model may choose only that command or the one that
    asked (here the same), and nothing is acted on without the model."""
    say, backend = talk([call("reminder", action="set", time="09:00"), call("reminder", action="list")])
    turn = say("remind me at 9")
    assert turn.spoken == "What should I remind you about?"
    turn = say("what's on my calendar in may")
    schema = json.dumps(backend.requests[-1]["json_schema"])
    assert '"reminder"' in schema and '"todo_list"' not in schema and '"shopping_list"' not in schema
    assert [c.name for c in turn.tool_calls] == ["reminder"] and turn.tool_calls[0].arguments["action"] == "list"


def test_unsure_words_after_a_question_may_still_go_to_any_command(rt, talk):
    """Words the router is not sure of after a question ("the usual") stay open to every command:
    the conversation decides, as before."""
    say, backend = talk([call("set_timer"), call("dismiss")])
    assert say("set a timer").spoken == "For how long?"
    say("hmm the usual one i guess")
    assert len(backend.requests) == 2
    schema = json.dumps(backend.requests[-1]["json_schema"])
    assert '"todo_list"' in schema and '"reminder"' in schema and '"set_timer"' in schema


@pytest.mark.parametrize("said", ["actually what time is it in tokyo", "oh, is it raining in leeds"])
def test_a_question_said_instead_of_what_to_remind_of_is_no_reminder(rt, talk, said):
    """"actually what time is it in tokyo" after "What should I remind you about?" set a reminder "to
    actually what time is it in tokyo": a question (after the small words before it) is a request
    of its own."""
    say, backend = talk([call("reminder", action="set", text="tomorrow"), call("get_weather", city="leeds")])
    assert say("remind me tomorrow").spoken == "What should I remind you about?"
    turn = say(said)
    assert turn.route != "follow_up" and rt.store.reminders.active() == []
    assert [c.name for c in turn.tool_calls] in (["get_current_time"], ["get_weather"])


@pytest.mark.parametrize("dismissal", ["cancel", "no", "nope", "cancel it"])
def test_cancel_said_to_a_question_drops_it_and_runs_nothing(rt, talk, dismissal):
    """"remember this" with nothing to remember asks what: "cancel that" dropped the question, but
    "cancel" or "never mind" went to the model, which cancelled the user's timer. A dismissal said to
    the question drops it; said when nothing was asked, it is routed as usual."""
    rt.assistant.handle_text("set a timer for 10 minutes")
    say, backend = talk([call("cancel_timer")])
    turn = say("remember this")
    assert turn.wait_for_input and rt.assistant.awaiting is not None
    turn = say(dismissal)
    assert turn.route == "follow_up" and turn.spoken == "Okay, I've left it as it is." and turn.tool_calls == []
    assert len(rt.store.timers.running()) == 1 and len(backend.requests) == 0
    turn = say("cancel")                        # nothing asked now: routed as usual (the timer, asked first)
    assert [c.name for c in turn.tool_calls] == ["cancel_timer"] and len(backend.requests) == 1


def test_a_name_without_an_address_asks_for_the_address_and_the_answer_makes_the_draft(rt, talk):
    """"send mike a note that the meeting moved to 3" asked "Who should it go to? I need an email
    address like name@example.com." though the user had said who, and what they said next was routed as
    a request of its own. Now the name is asked about, and the address said in words makes the draft."""
    say, backend = talk([call("email", action="draft", to="mike", body="The meeting moved to 3")])
    turn = say("send mike a note that the meeting moved to 3")
    assert turn.spoken == "What's Mike's email address?" and turn.wait_for_input
    turn = say("it's mike dot jones at example dot com")
    assert turn.route == "follow_up" and len(backend.requests) == 1
    (record,) = turn.tool_calls
    assert record.response.context_data["to"] == "mike.jones@example.com"
    assert record.response.context_data["body"] == "The meeting moved to 3"
    assert [a.button_action for a in record.response.actions][:1] == ["send_click"]


def test_the_name_said_before_the_message_is_asked_about_and_the_address_is_not_part_of_it(rt, talk):
    """"email sarah saying the keys are under the mat": the model left sarah out and it asked "Who
    should it go to?"; the address said then ended up in the message ("... under the mat sarah at
    example dot com"), read with the request it completed."""
    say, backend = talk([call("email", action="draft", body="The keys are under the mat")])
    turn = say("email sarah saying the keys are under the mat")
    assert turn.spoken == "What's Sarah's email address?"
    turn = say("sarah at example dot com")
    data = turn.tool_calls[0].response.context_data
    assert (data["to"], data["body"]) == ("sarah@example.com", "The keys are under the mat")


def test_a_timer_said_with_a_bare_number_is_that_many_minutes_not_the_models_number(rt, talk):
    """"and another for the sauce for 15" was set for 12 minutes (the model's 720 seconds), "set a timer
    for 25" for 25 seconds: a bare number is minutes, as people set timers."""
    say, backend = talk([call("set_timer", duration_seconds=720, label="sauce")])
    say("set a pasta timer for 8 minutes")
    turn = say("and another for the sauce for 15")
    assert turn.spoken == "Sauce timer set for 15 minutes."
    timer = rt.registry.get("set_timer")
    assert timer.post_process_tool_call({"duration_seconds": 25}, "set a timer for 25") == {"duration_seconds": 1500}
    assert timer.post_process_tool_call({"duration_seconds": 7200}, "start another one for 4") == {"duration_seconds": 240}
    assert timer.post_process_tool_call({"duration_seconds": 90}, "set a timer for 90 seconds") == {"duration_seconds": 90}


def test_when_to_remind_answered_with_minutes_from_now_sets_the_reminder_not_a_timer(rt, talk):
    """"remind me about the meeting" asked when; "in 20 minutes" then set a 20 minute timer."""
    say, backend = talk([call("reminder", action="set", text="meeting"), call("set_timer", duration_seconds=1200)])
    turn = say("remind me about the meeting")
    assert turn.wait_for_input and turn.spoken.startswith("When should I remind you?")
    turn = say("in 20 minutes")
    assert turn.route == "follow_up" and turn.spoken == "OK, I'll remind you about the meeting in 20 minutes."
    assert [r["text"] for r in rt.store.reminders.active()] == ["meeting"] and rt.store.timers.running() == []


def test_deleting_my_reminder_among_several_asks_which_one(rt, talk):
    """"delete my reminder" with three set: "I can't find a reminder about reminder."."""
    from jarvis_tui.sdk import RequestInformation
    reminder = rt.registry.get("reminder")
    for text, at in (("water the plants", "18:00"), ("call gran", "16:00"), ("pay rent", "17:00")):
        assert reminder.execute(RequestInformation(f"remind me to {text}"), action="set", text=text, time=at).success
    say, backend = talk([call("reminder", action="delete", text="reminder")])
    turn = say("delete my reminder")
    assert turn.spoken.startswith("Which one: ") and len(rt.store.reminders.active()) == 3
    turn = say("the plants one")
    assert turn.spoken == "Deleted the reminder to water the plants."
    assert sorted(r["text"] for r in rt.store.reminders.active()) == ["call gran", "pay rent"]


def test_email_to_a_name_asks_the_address_then_the_message_and_each_answer_fills_its_part(rt, talk):
    """"email bob": it asked for the message, took "bob at example dot com" said then as the message,
    and routed the message said after as a request of its own ("Sorry, I can't help with that yet.")."""
    say, backend = talk([call("email", action="draft", to="bob")])
    assert say("email bob").spoken == "What's Bob's email address?"
    assert say("bob at example dot com").spoken == "What should the email say?"
    turn = say("tell him the match is off")
    data = turn.tool_calls[0].response.context_data
    assert turn.route == "follow_up" and (data["to"], data["body"]) == ("bob@example.com", "The match is off")
    email = rt.registry.get("email")
    asked = {"action": "draft", "to": "bob"}      # the address said to "What should the email say?" is the address
    assert email.read_answer("body", "bob at example dot com", asked) == {**asked, "to": "bob@example.com"}


def test_the_name_said_is_kept_when_the_model_made_up_its_address_and_a_message_said_for_the_address_is_kept(rt, talk):
    """"email sarah": the model wrote "sarah@test.com", which was dropped (made up) with the name in it, and
    it asked "Who should it go to?"; "tell her i'm running late" said then was declined. Now her address is
    asked, the message said instead of it is kept and her address asked again, and the address makes the draft."""
    say, backend = talk([call("email", action="draft", to="sarah@test.com")])
    assert say("email sarah").spoken == "What's Sarah's email address?"
    turn = say("tell her i'm running late")
    assert turn.route == "follow_up" and turn.spoken == "What's Sarah's email address?"
    turn = say("sarah@example.com")
    data = turn.tool_calls[0].response.context_data
    assert turn.route == "follow_up" and (data["to"], data["body"]) == ("sarah@example.com", "I'm running late")
    assert len(backend.requests) == 1


def test_the_message_asked_for_is_what_follows_say(rt, talk):
    """"say the meeting is moved to three" to "What should the email say?" was drafted with "say" in it."""
    say, backend = talk([call("email", action="draft", to="tom@example.com")])
    assert say("send an email to tom@example.com").spoken == "What should the email say?"
    data = say("say the meeting is moved to three").tool_calls[0].response.context_data
    assert data["body"] == "The meeting is moved to three"


@pytest.mark.parametrize("said,body,subject,new_body,new_subject", [
    ("actually make it thursday", "The meeting moved to friday", "Meeting moved to Friday",
     "The meeting moved to thursday", "Meeting moved to Thursday"),
    ("change it to one pm", "Lunch is at noon", "", "Lunch is at one pm", ""),
    ("no, make that 4 chairs", "Please bring 3 chairs", "Chairs", "Please bring 4 chairs", "Chairs"),
])
def test_a_value_corrected_right_after_a_draft_changes_the_draft(rt, talk, said, body, subject, new_body, new_subject):
    """"actually make it thursday" right after a draft that said friday became a new draft to no one
    ("Who should it go to?"), its subject the assistant's own reply; "change it to one pm" was a unit
    conversion. The draft keeps its recipient; its day, time or number is changed, and nothing else."""
    say, backend = talk([call("email", action="draft", to="anna@example.com", body=body,
                              **({"subject": subject} if subject else {}))])
    turn = say("email anna at example dot com saying " + body.lower())
    assert turn.spoken.startswith("Here's a draft to anna@example.com")
    turn = say(said)
    assert turn.route == "pre_route" and len(backend.requests) == 1
    (record,) = turn.tool_calls
    data = record.response.context_data
    assert (data["to"], data["body"]) == ("anna@example.com", new_body)
    assert data["subject"] == (new_subject or new_body)
    assert [a.button_action for a in record.response.actions][:1] == ["send_click"]


def test_a_correction_that_is_not_in_the_draft_is_not_read_as_a_change(rt, talk):
    say, backend = talk([call("email", action="draft", to="anna@example.com", body="Lunch is ready"),
                         call("chat", message="ok")])
    say("email anna at example dot com saying lunch is ready")
    turn = say("actually make it thursday")
    assert turn.route != "pre_route"


def test_a_question_that_points_back_is_answered_with_the_one_before_it(rt, talk, monkeypatch):
    """"what's the difference between a stoat and a weasel", then "which one is bigger": the model had
    only the second question and answered "The number 1 is bigger than the number 2." The question
    and answer just said are read before a question that points back at them; a question that stands
    on its own is read alone. (The router is sure of the questions here, so that no routing call comes
    between: how sure it is of "which one is bigger" moves with the commands' examples.)"""
    router = rt.assistant.router
    monkeypatch.setattr(router, "rank", lambda text: [("answer_question", 0.9)] + [
        (c, 0.1 / (len(router.classes) - 1)) for c in router.classes if c != "answer_question"])
    say, backend = talk(["A stoat is larger and has a black tip on its tail.", "The stoat.",
                         "Leonardo da Vinci painted it."])
    turn = say("what's the difference between a stoat and a weasel")
    assert turn.spoken == "A stoat is larger and has a black tip on its tail."
    turn = say("which one is bigger")
    assert turn.spoken == "The stoat."
    messages = backend.requests[-1]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[1]["content"] == "what's the difference between a stoat and a weasel"
    assert messages[2]["content"] == "A stoat is larger and has a black tip on its tail."
    assert messages[3]["content"] == "which one is bigger"
    say("who painted the mona lisa")
    assert [m["role"] for m in backend.requests[-1]["messages"]] == ["system", "user"]


def test_a_request_said_to_when_to_remind_is_a_request_of_its_own(rt, talk):
    """"and set a timer for 5 minutes" said to "When should I remind you?" set the reminder "at 5 PM";
    "set it for 10" still answers."""
    say, backend = talk([call("reminder", action="set", text="call mum"), call("set_timer", duration_seconds=300)])
    turn = say("remind me to call mum")
    assert turn.spoken.startswith("When should I remind you?")
    turn = say("and set a timer for 5 minutes")
    assert turn.route != "follow_up" and rt.store.reminders.active() == []
    assert [t["duration_seconds"] for t in rt.store.timers.running()] == [300]
    reminder = rt.registry.get("reminder")
    assert reminder.read_answer("time", "set it for 10", {"action": "set", "text": "call mum"})["time"] == "10:00"


class _Speakers:
    """The sound server's state, in memory (the real one: tests/audio/test_volume_command.py)."""

    def __init__(self) -> None:
        self.percent = 50

    def state(self):
        from commands._sound_server import OutputState
        return OutputState("Speakers", self.percent, False)

    def set_percent(self, percent):
        self.percent = percent
        return self.state()


def test_setting_the_volume_without_a_level_asks_which_and_the_answer_sets_it(rt, talk):
    """"set the volume" said "Sorry, that didn't work: Which volume, in percent? ..." and waited for
    nothing: the question is a question, and the number said next is the level."""
    speakers = rt.registry.get("volume").output = _Speakers()
    say, backend = talk([call("volume", action="set")])
    turn = say("set the volume")
    assert turn.spoken == "Which volume, in percent?" and turn.wait_for_input and speakers.percent == 50
    turn = say("thirty percent")
    assert turn.route == "follow_up" and turn.spoken == "The volume is 30 percent." and speakers.percent == 30
    assert len(backend.requests) == 1


def test_a_routine_without_a_name_asks_for_one_then_for_its_steps(rt, talk):
    """A routine the model wrote without a name: asked, not "Sorry, that didn't work: ..."."""
    say, backend = talk([call("routine", action="create", steps=["turn the volume down"])])
    turn = say("make a routine that turns the volume down")
    assert turn.spoken == "What should the routine be called?" and turn.wait_for_input
    turn = say("quiet time")
    assert turn.route == "follow_up" and "quiet time" in turn.spoken.lower()
    saved = rt.store.routines.get("quiet time")
    assert saved is not None and saved["steps"] == ["turn the volume down"]


def test_remember_this_with_nothing_to_remember_asks_what_and_keeps_the_answer(rt, talk):
    """"keep this in your memory" written as the fact "this": asked, and the words said next are the memory."""
    say, backend = talk([call("remember", fact="this")])
    turn = say("keep this in your memory")
    assert turn.spoken == "What should I remember?" and turn.wait_for_input
    turn = say("my bike is locked at the north gate")
    assert turn.route == "follow_up" and len(backend.requests) == 1
    assert [m["text"] for m in rt.store.memories.all()] == ["my bike is locked at the north gate"]


def test_what_to_remember_is_asked_and_the_statement_said_next_is_kept(rt, talk):
    """"remember this" asked "What fact should I use?", and "the spare key is in the blue pot" said next
    went to the model as a request of its own: it looked up a memory about the spare key."""
    say, backend = talk([])
    turn = say("remember this")
    assert turn.spoken == "What should I remember?" and turn.wait_for_input
    turn = say("the spare key is in the blue pot")
    assert turn.route == "follow_up" and len(backend.requests) == 0
    assert [m["text"] for m in rt.store.memories.all()] == ["the spare key is in the blue pot"]


@pytest.mark.parametrize("said", ["where's the spare key", "set a timer for 5 minutes"])
def test_a_question_or_a_request_said_instead_of_what_to_remember_is_routed(rt, talk, said):
    say, backend = talk([call("recall", topic="spare key"), call("set_timer", duration_seconds=300)])
    say("remember this")
    turn = say(said)
    assert turn.route != "follow_up" and rt.store.memories.all() == []


@pytest.mark.parametrize("answer, percent", [("forty", 40), ("louder", 60), ("a bit quieter", 40)])
def test_changing_the_volume_asks_which_way_and_the_answer_changes_it(rt, talk, answer, percent):
    """"change the volume" asked "Which action do you mean: up, down, set, mute, unmute or get?", and
    "forty" said next became a multiplication ("And the other number?")."""
    class Speakers(_Speakers):
        def change_percent(self, delta, ceiling=100):
            self.percent = max(0, min(ceiling, self.percent + delta))
            return self.state()
    speakers = rt.registry.get("volume").output = Speakers()
    say, backend = talk([call("volume"), call("volume")])      # asked again with the valid values: the same
    turn = say("change the volume")
    assert turn.spoken == "Louder, quieter, or to what level?" and turn.wait_for_input
    turn = say(answer)
    assert turn.route == "follow_up" and speakers.percent == percent and len(backend.requests) == 2


@pytest.mark.parametrize("asked", ["remember something for me", "can you remember this"])
def test_a_fast_path_that_claims_without_the_fact_asks_for_it(rt, asked):
    """"remember something for me" was declined by the model, and claimed by a fast path without the
    fact it said "Missing required parameter fact": a fast path's incomplete claim asks as the model's
    route does, and the next words answer it. No model."""
    turn = rt.assistant.handle_text(asked)
    assert turn.route == "pre_route" and turn.spoken == "What should I remember?" and turn.wait_for_input
    turn = rt.assistant.handle_text("my passport number ends in 4421")
    assert turn.route == "follow_up" and turn.spoken == "Got it: your passport number ends in 4421."
    assert [m["text"] for m in rt.store.memories.all()] == ["my passport number ends in 4421"]


@pytest.mark.parametrize("remark", ["that answer was useless", "that was a rubbish joke", "that wasn't even funny"])
def test_a_remark_about_the_last_reply_is_answered_not_declined(rt, talk, remark):
    """"that answer was useless" after a reply points back, so it went to the model with the history,
    which declined it ("Sorry, I can't help with that yet."): a remark the router is sure of, for a
    command that takes no words of the request (chat), is answered as it would be alone."""
    say, backend = talk(["Sorry about that, I'll try to do better."])
    say("tell me a joke")
    turn = say(remark)
    assert turn.route == "router" and [c.name for c in turn.tool_calls] == ["chat"]
    assert turn.spoken == "Sorry about that, I'll try to do better."
