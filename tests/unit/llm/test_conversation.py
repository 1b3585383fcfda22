"""The conversation loop on a scripted backend: events, retries, clarification, follow-ups."""
from __future__ import annotations

import pytest

import json

from brain_fakes import Chat, Crash

from jarvis_tui.assistant import events as ev
from jarvis_tui.llm.backend import LlmError
from jarvis_tui.sdk import CommandResponse


def kinds(events):
    return [e.kind for e in events]


def call(name, **args):
    return json.dumps({"tool": name, "args": args})


def test_one_call_executed_with_the_events_in_order(make_brain):
    assistant, brain, backend, events = make_brain([call("calculate", num1=6, num2=7, operation="multiply")],
                                                   router=True)
    turn = assistant.handle_text("what is 6 times 7")
    assert turn.route == "llm" and turn.spoken == "That's 42."
    seq = [k for k in kinds(events) if k in ("PromptBuilt", "LlmOutput", "ToolCallsParsed", "CommandFinished", "TurnFinished")]
    assert seq == ["PromptBuilt", "LlmOutput", "ToolCallsParsed", "CommandFinished", "TurnFinished"]
    prompt = next(e for e in events if isinstance(e, ev.PromptBuilt))
    assert prompt.provider == "Qwen25SmallUntrainedCompact"
    # tools last: the last tool signature ends the system prompt, the user part is the bare text
    assert prompt.messages[0]["role"] == "system" and prompt.messages[-1] == {"role": "user", "content": "what is 6 times 7"}
    assert prompt.system_prompt.index("Tools:") > prompt.system_prompt.index("JSON")
    # the constrained schema names only real tools (the router was sure: calculate alone)
    schema = backend.requests[0]["json_schema"]
    names = sorted(alt["properties"]["tool"]["const"] for alt in schema.get("anyOf", [schema]))
    assert names == ["calculate"]
    routed = next(e for e in events if isinstance(e, ev.Routed))
    assert routed.decision == "tool" and routed.top[0][0] == "calculate"
    finished = next(e for e in events if isinstance(e, ev.TurnFinished))
    assert "llm" in finished.timings_ms and "execute" in finished.timings_ms


def test_validation_error_with_valid_values_retries_once_with_the_hint(make_brain):
    assistant, brain, backend, events = make_brain([
        call("calculate", num1=2, num2=3, operation="power"),
        call("calculate", num1=2, num2=3, operation="multiply")])
    turn = assistant.handle_text("two to the power of three, er, times three")
    assert turn.spoken == "That's 6."
    retry = [e for e in events if isinstance(e, ev.ValidationCompleted) and e.retry]
    assert len(retry) == 1 and retry[0].command == "calculate"
    hint = backend.requests[1]["messages"][-1]["content"]
    assert "add, subtract, multiply, divide" in hint
    assert backend.requests[1]["messages"][-2] == {"role": "assistant", "content": call("calculate", num1=2, num2=3, operation="power")}


def test_second_invalid_call_becomes_a_clarification_question(make_brain):
    assistant, brain, backend, events = make_brain([
        call("calculate", num1=2, num2=3, operation="power"),
        call("calculate", num1=2, num2=3, operation="root")])
    turn = assistant.handle_text("do math with 2 and 3")
    assert turn.wait_for_input is True
    assert turn.spoken == "Which operation do you mean: add, subtract, multiply or divide?"
    clar = [e for e in events if isinstance(e, ev.ValidationCompleted) and e.clarification]
    assert clar and clar[0].clarification == turn.spoken
    # the answer to the question is the next turn, with the question in the history
    backend.outputs.append(call("calculate", num1=2, num2=3, operation="add"))
    turn2 = assistant.handle_text("add them")
    assert turn2.spoken == "That's 5."
    contents = [m["content"] for m in backend.requests[-1]["messages"]]
    assert turn.spoken in contents and "do math with 2 and 3" in contents


@pytest.mark.parametrize("said", ["cancel that", "never mind, cancel that", "scratch that"])
def test_cancel_that_to_a_question_back_drops_the_request_and_runs_nothing(make_brain, said):
    """"write an email to dave" asked who it should go to; "cancel that" then went to the model as a
    request of its own, which cancelled a timer ("You have no timers running.")."""
    assistant, brain, backend, events = make_brain([
        call("calculate", num1=2, num2=3, operation="power"),
        call("calculate", num1=2, num2=3, operation="root")])
    turn = assistant.handle_text("do math with 2 and 3")
    assert turn.wait_for_input
    asked = len(backend.requests)
    turn2 = assistant.handle_text(said)
    assert turn2.spoken == "Okay, I've dropped it." and turn2.route == "follow_up"
    assert len(backend.requests) == asked and not turn2.tool_calls and not turn2.wait_for_input


def test_the_same_invalid_call_twice_stops_the_loop(make_brain):
    bad = call("calculate", num1=1, num2=1, operation="power")
    assistant, brain, backend, events = make_brain([bad, bad, bad])
    turn = assistant.handle_text("one to the power of one")
    assert len(backend.requests) == 2 and turn.wait_for_input
    assert turn.spoken.startswith("Which operation")


def test_small_talk_is_not_forced_into_an_action(make_brain):
    assistant, brain, backend, events = make_brain([call("chat", message="Doing great, thanks!")])
    turn = assistant.handle_text("how are you doing")
    assert turn.spoken == "Doing great, thanks!" and len(backend.requests) == 1


def test_unknown_tool_is_rejected_and_retried(make_brain):
    assistant, brain, backend, events = make_brain([call("launch_rockets"), call("calculate", num1=1, num2=2, operation="add")])
    turn = assistant.handle_text("one plus two")
    parsed = [e for e in events if isinstance(e, ev.ToolCallsParsed)]
    assert parsed[0].calls == [] and parsed[0].rejected[0]["name"] == "launch_rockets"
    assert "no tool launch_rockets" in backend.requests[1]["messages"][-1]["content"]
    assert turn.spoken == "That's 3."


def test_max_iterations_caps_the_retries(make_brain):
    assistant, brain, backend, events = make_brain([call("launch_rockets")], max_iterations=1)
    turn = assistant.handle_text("launch")
    assert len(backend.requests) == 1
    assert turn.spoken == "Sorry, I didn't understand that."


def test_every_tool_failing_is_said_plainly(make_brain):
    assistant, brain, backend, events = make_brain([json.dumps({"tool": "crash", "args": {}})])
    turn = assistant.handle_text("crash please")
    assert turn.spoken.startswith("Sorry, crash failed: boom")          # as a fast path says it


def test_follow_up_sees_the_previous_result(make_brain):
    assistant, brain, backend, events = make_brain([
        call("calculate", num1=6, num2=7, operation="multiply"),
        call("calculate", num1=42, num2=2, operation="multiply")])
    assistant.handle_text("what is 6 times 7")
    turn = assistant.handle_text("now multiply that by 2")
    assert turn.spoken == "That's 84."
    msgs = backend.requests[1]["messages"]
    assert msgs[1] == {"role": "user", "content": "what is 6 times 7"}
    assert msgs[2]["role"] == "assistant" and '"calculate"' in msgs[2]["content"]
    assert msgs[3]["role"] == "tool" and '"result":42' in msgs[3]["content"]
    assert msgs[-1]["content"] == "now multiply that by 2"


def test_after_a_turn_words_that_point_at_nothing_leave_the_router_its_say(make_brain):
    """After any turn, "what time is it" or "is christmas on a sunday this year" was taken as pointing
    back at it ("it", "this"): the router's decision was dropped and the model chose among every
    tool (in the TUI it answered the Christmas question with recall). Only words that point back
    make a follow-up."""
    assistant, brain, backend, events = make_brain([call("calculate", num1=6, num2=7, operation="multiply")])
    assistant.handle_text("what is 6 times 7")
    for text in ("what time is it", "is it going to rain this weekend", "is christmas on a sunday this year",
                 "remember that i parked on level 3", "how cold is it outside", "what's the latest news"):
        assert not brain.in_follow_up(text), text
    for text in ("now multiply that by 2", "add it to my list", "do that again", "delete them",
                 "another one", "one more please",            # "another one" after a joke was declined
                 "read the latest one", "open the first one"):  # after the e-mails: declined as news
        assert brain.in_follow_up(text), text


def test_history_is_per_conversation_and_trimmed_oldest_first(make_brain):
    outputs = [call("chat", message="x" * 400) for _ in range(8)]
    assistant, brain, backend, events = make_brain(outputs)
    for i in range(7):
        assistant.handle_text(f"hello number {i}", conversation_id="a")
    assistant.handle_text("hello from b", conversation_id="b")
    last_a = [m["content"] for m in backend.requests[6]["messages"]]
    assert "hello number 6" == last_a[-1]
    assert "hello number 0" not in last_a            # oldest dropped first (budget/turn limit)
    assert "hello number 5" in last_a                 # the newest kept
    assert backend.requests[6]["messages"][0]["role"] == "system"   # never the instructions
    b = [m["content"] for m in backend.requests[7]["messages"]]
    assert not any("hello number" in c for c in b)


def test_fast_path_turns_enter_the_history(make_brain):
    assistant, brain, backend, events = make_brain([call("calculate", num1=10, num2=2, operation="multiply")])
    from jarvis_tui.sdk import PreRouteResult
    calc = assistant.registry.get("calculate")
    calc.pre_route = lambda text: PreRouteResult({"num1": 5, "num2": 5, "operation": "add"}) if text == "5 plus 5" else None
    assert assistant.handle_text("5 plus 5").route == "pre_route"
    turn = assistant.handle_text("now double it")
    assert turn.route == "llm"
    contents = [m["content"] for m in backend.requests[0]["messages"]]
    assert "5 plus 5" in contents and any('"result":10' in c for c in contents)


def test_route_only_executes_nothing(make_brain):
    assistant, brain, backend, events = make_brain([call("set_timer", duration_seconds=60)])
    decision = brain.route_only(assistant, "timer one minute")
    assert decision.tool_calls == [{"name": "set_timer", "arguments": {"duration_seconds": 60}}]
    assert assistant.registry.get("set_timer").started == []
    assert decision.provider == "Qwen25SmallUntrainedCompact" and decision.stats["cached_tokens"] == 90


def test_a_failure_the_command_put_in_words_is_said_as_it_is(make_brain):
    """A command that says what went wrong ("I can't reach ..."): its words, as on a fast path, not "Sorry, that
    didn't work: I can't ..."."""
    class Refuses(Crash):
        command_name = "refuses"

        def run(self, request_info, **kw):
            return CommandResponse.error_response("I can't reach the ticket office.",
                                                  context_data={"message": "I can't reach the ticket office."})
    assistant, brain, backend, events = make_brain([json.dumps({"tool": "refuses", "args": {}})],
                                                   commands=[Refuses(), Chat()])
    assert assistant.handle_text("book the tickets").spoken == "I can't reach the ticket office."


def test_backend_failure_is_reported_and_the_assistant_keeps_running(make_brain):
    assistant, brain, backend, events = make_brain([])

    def broken(*a, **k):
        raise LlmError("server went away")
    backend.complete = broken
    turn = assistant.handle_text("what is 1 plus 1")
    assert turn.spoken.startswith("Sorry, that didn't work: server went away")
    assert any(isinstance(e, ev.Error) and "server went away" in e.message for e in events)


def test_text_answerer_returns_plain_words(make_brain):
    assistant, brain, backend, events = make_brain(["<think>hmm</think> Paris is the capital.\n"])
    assert brain.answerer.answer("capital of France?") == "Paris is the capital."


# ---- the deterministic guard, the domain shortlist and grounding, inside the loop --------------------
def _tools_in(schema):
    alts = schema.get("anyOf", [schema])
    return sorted(a["properties"]["tool"]["const"] for a in alts if "tool" in a.get("properties", {}))


def test_barge_in_keeps_only_the_heard_part_in_the_history(make_brain):
    long_reply = "Here is a long story about a dragon who lived in the mountains and loved tea."
    assistant, brain, backend, events = make_brain([
        call("chat", message=long_reply), call("chat", message="Sure.")])
    turn = assistant.handle_text("tell me something nice")
    assert turn.spoken == long_reply
    assert brain.truncate_reply(turn.turn_id, "Here is a long story") is True
    assert brain.truncate_reply("no-such-turn", "x") is False
    assistant.handle_text("go on")
    contents = " ".join(str(m["content"]) for m in backend.requests[1]["messages"])
    assert "Here is a long story" in contents
    assert "loved tea" not in contents           # the unheard rest is gone


def test_a_value_the_model_wrote_wrong_is_asked_for_not_said_back():
    """"actually make it the afternoon" got "I need a bit more to do that: time: '12:00:00+00:00' is not
    valid": the model's value was said to the user. The parameter's own question is asked instead."""
    from commands.reminder import ReminderCommand
    from jarvis_tui.assistant.clarification import clarification_question
    from jarvis_tui.sdk import CommandResponse, ValidationResult
    failed = [ValidationResult(False, "time", "reminder", "time: '12:00:00+00:00' is not valid")]
    question = clarification_question(ReminderCommand(), "reminder", failed, CommandResponse.validation_error(failed))
    assert question == "When should I remind you?"
