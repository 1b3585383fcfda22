"""With the real bundled LLM: a cancel while the model writes or reads ends the turn without running
a command, and the next request works; a provider chosen after start-up is prepared in the
background (a second choice supersedes the first), and its prepared state is read from disk at the
next start, so the first turn after it reads none of the system prompt again."""
from __future__ import annotations

import threading

import pytest

from jarvis_tui.assistant import events as ev

pytestmark = pytest.mark.model

LLM_REQUEST = "could you tell me how warm it gets in Paris tomorrow"     # the router leaves it to the LLM


def cancel_on(runtime, when):
    """Subscribe: the first event for which when(event) holds cancels the turn (from the turn's own
    thread, as a key press would from another). Returns (seen events, unsubscribe)."""
    seen: list[ev.Event] = []
    fired = threading.Event()

    def sink(event):
        seen.append(event)
        if not fired.is_set() and when(event):
            fired.set()
            runtime.assistant.cancel()
    return seen, runtime.bus.subscribe(sink)


def test_a_cancel_while_the_model_writes_runs_no_command(llm_runtime):
    seen, unsubscribe = cancel_on(llm_runtime, lambda e: isinstance(e, ev.TurnStage) and e.stage == "generating")
    try:
        turn = llm_runtime.assistant.handle_text(LLM_REQUEST, conversation_id="it-cancel")
    finally:
        unsubscribe()
    assert turn.cancelled and turn.spoken == "Cancelled.", turn.to_dict()
    assert not turn.tool_calls
    assert not [e for e in seen if isinstance(e, (ev.CommandFinished, ev.LlmOutput, ev.ToolCallsParsed))]
    [cancelled] = [e for e in seen if isinstance(e, ev.TurnCancelled)]
    assert cancelled.stage == "generating"
    # the next request works at once, through the LLM again
    seen.clear()
    unsubscribe = llm_runtime.bus.subscribe(seen.append)
    try:
        again = llm_runtime.assistant.handle_text(LLM_REQUEST, conversation_id="it-cancel")
    finally:
        unsubscribe()
    assert not again.cancelled and [e for e in seen if isinstance(e, ev.LlmOutput)]


def test_a_cancel_while_the_model_reads_a_long_prompt_stops_it(llm_runtime):
    """A provider whose prompt is not prepared: the turn would read ~2,000 tokens; the cancel stops
    it between two chunks."""
    rt = llm_runtime
    chosen_before = rt.assistant.brain.provider_override     # the session's runtime is shared: put it back
    rt.set_provider("Llama31MediumUntrained", persist=False)
    seen, unsubscribe = cancel_on(rt, lambda e: isinstance(e, ev.TurnStage) and e.stage == "prefill" and e.done > 0)
    try:
        turn = rt.assistant.handle_text(LLM_REQUEST, conversation_id="it-cancel")
    finally:
        unsubscribe()
        rt.assistant.brain.provider_override = chosen_before
    assert turn.cancelled and not turn.tool_calls
    [cancelled] = [e for e in seen if isinstance(e, ev.TurnCancelled)]
    assert cancelled.stage == "prefill"
    read = [e for e in seen if isinstance(e, ev.TurnStage) and e.stage == "prefill" and e.total]
    assert read and read[-1].done < read[-1].total          # it stopped before the end of the prompt


def test_a_switch_prepares_in_the_background_and_the_next_start_reads_it_from_disk(llm_runtime, fresh_brain,
                                                                                   tmp_path):
    rt = llm_runtime
    commands = list(rt.registry)
    # a backend of its own with an empty prefix-state folder (the session's model file)
    brain = fresh_brain()
    try:
        events: list[ev.Event] = []
        out: dict = {}

        def switch_again(event):     # while the first provider is being read, the user picks another
            events.append(event)
            if event.provider == "Llama31MediumUntrained" and event.stage == "progress" and "second" not in out:
                out["second"] = threading.Thread(target=lambda: out.setdefault(
                    "last", brain.prepare_provider("Qwen25SmallUntrained", commands, emit=events.append)))
                out["second"].start()

        thread = threading.Thread(target=lambda: out.setdefault("first", brain.prepare_provider(
            "Llama31MediumUntrained", commands, emit=switch_again)))
        thread.start()
        thread.join(600)
        out["second"].join(600)
        assert out["first"].stage == "superseded"
        assert out["last"].stage == "ready" and out["last"].source == "prefill" and out["last"].tokens > 1000
        assert list((tmp_path / "states").glob("*.kv"))              # kept on disk
        costs = brain.provider_costs(["Qwen25SmallUntrained", "Llama31MediumUntrained"], commands)
        assert costs["Qwen25SmallUntrained"]["prepared"] == "memory"
        assert costs["Llama31MediumUntrained"]["prepared"] == ""    # superseded: nothing kept
    finally:
        brain.close()                  # this process ends: what it prepared in memory is gone

    # the next start: a new backend on the same folder finds it on disk (the fixture closes it)
    brain = fresh_brain()
    brain.provider_override = "Qwen25SmallUntrained"
    assert brain.provider_costs(["Qwen25SmallUntrained"], commands)["Qwen25SmallUntrained"]["prepared"] == "disk"
    ready = brain.prepare_provider("Qwen25SmallUntrained", commands)
    assert (ready.stage, ready.source) == ("ready", "disk")
    # the first turn after it reads only the user's words: the system prompt is cached
    seen: list[ev.Event] = []
    assistant = rt.assistant
    saved_brain, saved_emit = assistant.brain, assistant.emit
    assistant.brain, assistant.emit = brain, seen.append
    try:
        assistant.handle_text(LLM_REQUEST, conversation_id="it-cancel")
    finally:
        assistant.brain, assistant.emit = saved_brain, saved_emit
    first = next(e for e in seen if isinstance(e, ev.LlmOutput))
    assert first.cached_tokens >= ready.tokens - 1, (first.cached_tokens, ready.tokens)
