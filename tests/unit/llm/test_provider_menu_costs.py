"""The provider menu opened while a provider's prompt is being prepared: it says which one is being
prepared (the user may choose another, which supersedes it). On the gated fake backend;
tests/integration/llm/test_provider_menu_while_preparing.py opens it beside a real prefill."""
from __future__ import annotations

from test_provider_prepare import MEDIUM, SMALL, prepare_in_thread, setup  # noqa: F401 - the fixture
from test_cancel_turn import wait_for

from jarvis_tui.app.screens.main import provider_detail


def test_the_menu_says_which_provider_is_being_prepared(setup):  # noqa: F811
    assistant, brain, backend, events, registry = setup
    prep, out = prepare_in_thread(brain, MEDIUM, registry, events)
    wait_for(backend.waiting.is_set)                    # the preparation is reading the prompt
    costs = brain.provider_costs([SMALL, MEDIUM], list(registry))
    assert costs[MEDIUM]["prepared"] == "preparing" and costs[SMALL]["prepared"] == ""
    backend.open()
    prep.join(10)
    assert out["last"].stage == "ready"
    costs = brain.provider_costs([SMALL, MEDIUM], list(registry))
    assert costs[MEDIUM]["prepared"] == "memory"


def test_the_menu_entry_says_what_the_prompt_costs():
    info = {"family": "qwen25", "size": "medium", "tier": "untrained"}

    def entry(prepared, tokens=3594, prefix=3580, fits=True):
        return provider_detail(info, {"tokens": tokens, "prefix": prefix, "prepared": prepared, "fits": fits})
    assert entry("") == "qwen25 · medium · untrained · 3,594 tokens, not prepared yet"
    assert entry("preparing").endswith("3,594 tokens, being prepared now")
    assert entry("memory").endswith("3,594 tokens, prepared")
    assert entry("disk").endswith("3,594 tokens, prepared (on disk)")
    assert entry("", fits=False).endswith("too long for the model's context")
    assert entry("", prefix=40).endswith("read again every turn (the prompt is in the user's message)")
