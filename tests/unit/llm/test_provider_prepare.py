"""A newly chosen prompt provider prepared in the background (ConversationBrain.prepare_provider), on
a backend that reads only as the test lets it: progress events then ready, a second switch
supersedes the first, a turn that comes meanwhile waits and then uses the prepared state (or is
cancelled while it waits), and the menu's cost of each provider."""
from __future__ import annotations

import json
import threading

import pytest
from brain_fakes import Calc, Timer
from gated_fakes import GatedBackend
from test_cancel_turn import run_in_thread, stages, wait_for

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.config import load_config

SMALL, MEDIUM = "Qwen25SmallUntrained", "Qwen25MediumUntrained"


@pytest.fixture
def setup(factory, tmp_path):
    config = load_config(config_dir=tmp_path / "c", data_dir=tmp_path / "d", environ={})
    config.llm.interface = "Qwen25SmallUntrainedCompact"
    registry = CommandRegistry()
    for c in (Calc(), Timer()):
        registry.add(c, "tests")
    events: list[ev.Event] = []
    backend = GatedBackend([json.dumps({"tool": "calculate", "args": {"num1": 6, "num2": 7, "operation": "multiply"}})],
                           prefill_steps=4)
    brain = ConversationBrain(backend, factory, config)
    assistant = Assistant(registry, emit=events.append, brain=brain, use_router=False)
    return assistant, brain, backend, events, registry


def prepare_in_thread(brain, name, registry, events):
    out: dict = {}
    thread = threading.Thread(target=lambda: out.setdefault(
        "last", brain.prepare_provider(name, list(registry), emit=events.append)), daemon=True)
    thread.start()
    return thread, out


def prepared(events, provider=None):
    return [(e.provider, e.stage) for e in events if isinstance(e, ev.ProviderPrepared)
            and (provider is None or e.provider == provider)]


def test_a_switch_prepares_the_new_provider_with_progress(setup):
    assistant, brain, backend, events, registry = setup
    brain.provider_override = MEDIUM
    backend.open()
    last = brain.prepare_provider(MEDIUM, list(registry), emit=events.append)
    assert last.stage == "ready" and last.source == "prefill" and last.tokens == 40 and last.fraction == 1.0
    kinds = prepared(events)
    assert kinds[0] == (MEDIUM, "started") and kinds[-1] == (MEDIUM, "ready")
    assert (MEDIUM, "progress") in kinds
    # it prefilled exactly the prompt a turn of that provider sends
    system = brain._prepared(brain.factory.get(MEDIUM), list(registry))[0]
    assert backend.warm_calls == [system] and brain.preparing is None
    # a second preparation of the same provider finds it ready at once
    again = brain.prepare_provider(MEDIUM, list(registry))
    assert (again.stage, again.source) == ("ready", "memory")


def test_a_second_switch_supersedes_the_first(setup):
    assistant, brain, backend, events, registry = setup
    first, first_out = prepare_in_thread(brain, MEDIUM, registry, events)
    wait_for(backend.waiting.is_set)                    # MEDIUM is being read
    second, second_out = prepare_in_thread(brain, SMALL, registry, events)
    wait_for(lambda: brain.preparing == SMALL)
    backend.step()                                      # MEDIUM's chunk ends; it sees it is superseded
    first.join(10)
    assert first_out["last"].stage == "superseded" and backend.stopped == ["warm"]
    backend.open()
    second.join(10)
    assert second_out["last"].stage == "ready"
    assert prepared(events, MEDIUM)[-1] == (MEDIUM, "superseded")
    assert prepared(events, SMALL)[-1] == (SMALL, "ready")
    assert brain.preparing is None
    system_small = brain._prepared(brain.factory.get(SMALL), list(registry))[0]
    assert backend.prepared == {system_small}          # the superseded prefix was not kept


def test_a_turn_during_the_preparation_waits_for_it_and_uses_it(setup):
    assistant, brain, backend, events, registry = setup
    brain.provider_override = MEDIUM
    prep, prep_out = prepare_in_thread(brain, MEDIUM, registry, events)
    wait_for(backend.waiting.is_set)
    thread, out = run_in_thread(assistant, "what is 6 times 7")
    wait_for(lambda: "waiting" in stages(events))
    waiting = [e for e in events if isinstance(e, ev.TurnStage) and e.stage == "waiting"][0]
    assert MEDIUM in waiting.detail
    assert len(backend.requests) == 0                   # the turn has not touched the backend
    backend.open()
    prep.join(10)
    thread.join(10)
    assert prep_out["last"].stage == "ready"
    assert out["turn"].spoken == "That's 42."
    order = [e.kind for e in events if isinstance(e, (ev.ProviderPrepared, ev.LlmOutput))]
    assert order.index("LlmOutput") > max(i for i, k in enumerate(order) if k == "ProviderPrepared")
    # the turn's prompt starts with the prefix that was prepared
    assert backend.requests[0][0]["content"] in backend.prepared


def test_a_turn_waiting_for_the_preparation_can_be_cancelled(setup):
    assistant, brain, backend, events, registry = setup
    prep, prep_out = prepare_in_thread(brain, MEDIUM, registry, events)
    wait_for(backend.waiting.is_set)
    thread, out = run_in_thread(assistant, "what is 6 times 7")
    wait_for(lambda: "waiting" in stages(events))
    assistant.cancel()
    thread.join(10)
    assert out["turn"].cancelled and out["turn"].spoken == "Cancelled."
    assert backend.requests == []
    backend.open()                                      # the preparation goes on to the end
    prep.join(10)
    assert prep_out["last"].stage == "ready"


def test_the_menu_says_what_each_prompt_costs(setup):
    assistant, brain, backend, events, registry = setup
    backend.open()
    brain.prepare_provider(MEDIUM, list(registry))
    costs = brain.provider_costs([SMALL, MEDIUM, "Qwen25LargeUntrained"], list(registry))
    assert set(costs) == {SMALL, MEDIUM, "Qwen25LargeUntrained"}
    assert costs[MEDIUM]["prepared"] == "memory" and costs[SMALL]["prepared"] == ""
    assert all(c["tokens"] > 0 for c in costs.values())


def test_a_failing_preparation_is_said_and_the_next_turn_still_works(setup, factory):
    assistant, brain, backend, events, registry = setup

    def broken(*a, **k):
        raise RuntimeError("out of memory")
    backend.warm_prefix = broken
    backend.open()
    last = brain.prepare_provider(MEDIUM, list(registry), emit=events.append)
    assert last.stage == "failed" and "out of memory" in last.message and brain.preparing is None
    assert assistant.handle_text("what is 6 times 7").spoken == "That's 42."
