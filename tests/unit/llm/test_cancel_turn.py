"""Cancelling a slow turn (Assistant.cancel) on a backend that reads and writes only as the test
lets it: the LLM is told to stop, nothing the turn was about to do runs, the turn says "Cancelled",
the next request works at once; a command that already ran is kept."""
from __future__ import annotations

import json
import threading
import time

import pytest
from brain_fakes import Calc, Chat, Timer
from gated_fakes import GatedBackend

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.config import load_config
from jarvis_tui.sdk import CommandResponse, JarvisCommandBase


def call(name, **args):
    return json.dumps({"tool": name, "args": args})


class SlowNote(JarvisCommandBase):
    """Runs until the test lets it finish (a command that takes its time: a web request, say)."""

    command_name = "slow_note"
    description = "Write a note slowly"
    parameters = []

    def __init__(self):
        super().__init__()
        self.started = threading.Event()
        self.release = threading.Event()
        self.ran = 0

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        self.started.set()
        self.release.wait(30)
        self.ran += 1
        return CommandResponse.success_response({"message": "Note written."})


@pytest.fixture
def gated(factory, tmp_path):
    def make(outputs, commands=None, prefill_steps=4):
        config = load_config(config_dir=tmp_path / "c", data_dir=tmp_path / "d", environ={})
        config.llm.interface = "Qwen25SmallUntrainedCompact"
        registry = CommandRegistry()
        for c in commands or [Calc(), Timer(), Chat()]:
            registry.add(c, "tests")
        events: list[ev.Event] = []
        backend = GatedBackend(outputs, prefill_steps=prefill_steps)
        brain = ConversationBrain(backend, factory, config)
        assistant = Assistant(registry, emit=events.append, brain=brain, use_router=False)
        return assistant, brain, backend, events, registry
    return make


def run_in_thread(assistant, text):
    out: dict = {}
    thread = threading.Thread(target=lambda: out.setdefault("turn", assistant.handle_text(text)), daemon=True)
    thread.start()
    return thread, out


def wait_for(predicate, timeout=10.0):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting")
        time.sleep(0.005)


def stages(events):
    return [e.stage for e in events if isinstance(e, ev.TurnStage)]


def test_cancel_while_the_llm_reads_the_prompt(gated):
    assistant, brain, backend, events, registry = gated([call("set_timer", duration_seconds=300),
                                                        call("calculate", num1=6, num2=7, operation="multiply")])
    thread, out = run_in_thread(assistant, "set a timer for 5 minutes")
    wait_for(backend.waiting.is_set)                  # reading the prompt, step 1 of 4
    assert assistant.control is not None and "prefill" in stages(events)
    assert assistant.cancel() is True
    backend.step()                                    # the chunk being read ends; the next is refused
    thread.join(10)
    turn = out["turn"]
    assert turn.cancelled and turn.spoken == "Cancelled." and not turn.tool_calls
    assert backend.stopped == ["prefill"]
    assert registry.get("set_timer").started == []    # nothing executed
    assert not [e for e in events if isinstance(e, (ev.CommandFinished, ev.LlmOutput))]
    [cancelled] = [e for e in events if isinstance(e, ev.TurnCancelled)]
    assert cancelled.stage == "prefill" and cancelled.executed == [] and cancelled.turn_id == turn.turn_id
    finished = events[-1]
    assert isinstance(finished, ev.TurnFinished) and finished.spoken == "Cancelled."
    assert assistant.control is None and assistant.cancel() is False
    # the next request works at once, and the cancelled one left nothing in the history
    backend.open()
    events.clear()
    turn = assistant.handle_text("what is 6 times 7")
    assert not turn.cancelled and turn.spoken == "That's 42."
    assert [h.user for h in brain.histories["default"]] == ["what is 6 times 7"]


def test_cancel_while_the_llm_writes_stops_at_the_next_token(gated):
    assistant, brain, backend, events, registry = gated([call("set_timer", duration_seconds=300)], prefill_steps=1)
    thread, out = run_in_thread(assistant, "set a timer for 5 minutes")
    backend.step()                                    # the prompt is read
    wait_for(lambda: "generating" in stages(events) and backend.waiting.is_set())
    assistant.cancel()
    backend.step()
    thread.join(10)
    turn = out["turn"]
    assert turn.cancelled and turn.spoken == "Cancelled."
    assert backend.stopped == ["generate"]
    assert registry.get("set_timer").started == []
    assert [e.stage for e in events if isinstance(e, ev.TurnCancelled)] == ["generating"]


def test_cancel_between_the_llm_and_the_command_runs_nothing(gated):
    """The output is complete and parsed when the cancel comes: the call it names is not executed."""
    assistant, brain, backend, events, registry = gated([call("set_timer", duration_seconds=300)], prefill_steps=1)
    original = assistant.emit

    def emit(event):
        original(event)
        if isinstance(event, ev.ToolCallsParsed):
            assistant.cancel()                        # right after parsing, before executing
    assistant.emit = emit
    backend.open()
    turn = assistant.handle_text("set a timer for 5 minutes")
    assert turn.cancelled and registry.get("set_timer").started == [] and not turn.tool_calls


def test_a_cancel_after_a_command_ran_keeps_it(gated):
    slow = SlowNote()
    assistant, brain, backend, events, registry = gated([call("slow_note")], commands=[slow, Calc()],
                                                        prefill_steps=1)
    backend.open()
    thread, out = run_in_thread(assistant, "write a note")
    wait_for(slow.started.is_set)
    assert stages(events)[-1] == "running"
    assert [e.detail for e in events if isinstance(e, ev.TurnStage)][-1] == "slow_note"
    assistant.cancel()
    slow.release.set()
    thread.join(10)
    turn = out["turn"]
    assert slow.ran == 1                               # not undone
    assert turn.cancelled and turn.spoken == "Cancelled after slow_note ran. Note written."
    assert [c.name for c in turn.tool_calls] == ["slow_note"] and turn.tool_calls[0].response.success
    [cancelled] = [e for e in events if isinstance(e, ev.TurnCancelled)]
    assert cancelled.executed == ["slow_note"]
    assert [e.command for e in events if isinstance(e, ev.CommandFinished)] == ["slow_note"]
    # the history keeps what ran (a follow-up can refer to it)
    [entry] = brain.histories["default"]
    assert entry.calls == [{"name": "slow_note", "arguments": {}}]


def test_a_cancel_stops_a_commands_own_llm_words(gated):
    """chat/answer_question ask the LLM for words inside the command: the cancel stops them too."""
    from brain_fakes import Chat as _Chat  # noqa: F401 - the registry's chat command

    class Ask(JarvisCommandBase):
        command_name = "answer_question"
        description = "General knowledge"
        parameters = []

        def __init__(self, answerer):
            super().__init__()
            self.answerer = answerer
            self.answers = []

        def pre_route(self, voice_command):
            return None

        def run(self, request_info, **kw):
            self.answers.append(self.answerer.answer(request_info.voice_command))
            return CommandResponse.success_response({"message": self.answers[-1] or "…"})

    assistant, brain, backend, events, registry = gated(
        [call("answer_question"), "Rainbows form when sunlight is bent by raindrops."], commands=[Calc()],
        prefill_steps=1)
    ask = Ask(brain.answerer)
    registry.add(ask, "tests")
    brain._prompt_cache.clear()
    backend.step()                                    # the routing call reads its prompt
    for _ in range(4):
        backend.step()                                # and writes its four words
    thread, out = run_in_thread(assistant, "how do rainbows form")
    wait_for(lambda: len(backend.requests) == 2 and backend.waiting.is_set())   # the answer is being read
    backend.step()
    wait_for(lambda: "generating" in stages(events)[stages(events).index("running"):] and backend.waiting.is_set())
    assistant.cancel()
    backend.step()
    thread.join(10)
    turn = out["turn"]
    assert backend.stopped == ["generate"]
    assert ask.answers == ["Rainbows"]                 # the words written before the cancel, no more
    assert turn.cancelled and turn.spoken.startswith("Cancelled after answer_question ran.")


@pytest.fixture
def python_sigint():
    """Ctrl-C as a fresh `jarvis-tui ask` process has it: Python's own SIGINT handler (another handler
    left by an earlier test in the same process turns interrupt_main into no KeyboardInterrupt)."""
    import signal
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_in_jarvis_tui_ask_cancels_the_turn(rt, capsys, python_sigint):
    """`jarvis-tui ask`: Ctrl-C (KeyboardInterrupt in the main thread) cancels the running turn, and
    the cancelled turn is what it prints."""
    import _thread

    from jarvis_tui.headless.ask import _turn_cancelled_by_ctrl_c

    backend = GatedBackend([call("get_weather", city="Paris")])
    rt.assistant.brain = ConversationBrain(backend, rt.provider_factory, rt.config)
    rt.assistant.use_router = False

    def press_ctrl_c():
        wait_for(backend.waiting.is_set)
        _thread.interrupt_main()
        wait_for(lambda: rt.assistant.control is None or rt.assistant.control.is_cancelled)
        backend.step()
    helper = threading.Thread(target=press_ctrl_c, daemon=True)
    helper.start()
    turn = _turn_cancelled_by_ctrl_c(rt, "could you tell me how warm it gets in Paris tomorrow")   # no fast path
    helper.join(10)
    assert turn.cancelled and turn.spoken == "Cancelled." and not turn.tool_calls
    assert "cancelling the turn" in capsys.readouterr().err
