"""With the real bundled LLM: the provider menu's costs are measured while a provider's prompt is
being prefilled in the background (the prefill holds the model for seconds), without waiting for
it, and say which provider is being prepared."""
from __future__ import annotations

import threading

import pytest

from jarvis_tui.llm.provider_factory import DEFAULT_PROVIDER

pytestmark = pytest.mark.model

OTHER = "Qwen25SmallUntrained"


def test_the_menu_opens_beside_a_preparation(llm_runtime, fresh_brain):
    commands = list(llm_runtime.registry)
    # a backend of its own with an empty prefix-state folder: the prompt is read, chunk by chunk
    brain = fresh_brain()
    got: dict = {}

    def on_event(event):
        if event.stage != "progress" or "menu" in got:
            return
        # this thread is in the middle of the prefill, holding the model; the menu is measured by
        # another thread (the TUI's worker). Were it to wait for the model, it would wait for this
        # thread, which waits for it: the join below would end with no costs.
        menu = threading.Thread(target=lambda: got.setdefault(
            "menu", brain.provider_costs([DEFAULT_PROVIDER, OTHER], commands)), daemon=True)
        menu.start()
        menu.join(300)
        got.setdefault("menu", None)
        got["preparing"] = brain.preparing

    last = brain.prepare_provider(DEFAULT_PROVIDER, commands, emit=on_event)
    assert last.stage == "ready" and last.source == "prefill", last
    assert got["menu"] is not None, "the menu's costs waited for the preparation"
    assert got["preparing"] == DEFAULT_PROVIDER                  # measured while it ran
    assert got["menu"][DEFAULT_PROVIDER]["prepared"] == "preparing"
    assert got["menu"][OTHER]["prepared"] == ""
    assert got["menu"][DEFAULT_PROVIDER]["tokens"] > 1000
    after = brain.provider_costs([DEFAULT_PROVIDER, OTHER], commands)
    assert after[DEFAULT_PROVIDER]["prepared"] == "memory" and after[OTHER]["prepared"] == ""
