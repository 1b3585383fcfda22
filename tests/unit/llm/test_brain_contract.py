"""The Brain Protocol (jarvis_tui/assistant/brain.py) is what the assistant, the runtime, the app and
the bench call on the LLM half of a turn; ConversationBrain is its one implementation. These tests
fail when the two drift apart: a member declared and not implemented, a parameter renamed, reordered
or given another default, an annotation that differs, or a probe (getattr/hasattr) on the brain or
its backend coming back instead of typed access."""
from __future__ import annotations

import inspect
import re
import typing
from pathlib import Path
from typing import Any, Protocol

import jarvis_tui
from jarvis_tui.assistant import assistant as assistant_module
from jarvis_tui.assistant import conversation, events, reply_stream, turn, turn_control
from jarvis_tui.assistant.brain import Brain, ReplyAnswerer
from jarvis_tui.assistant.conversation import ConversationBrain, LlmTextAnswerer
from jarvis_tui.llm import backend as backend_module
from jarvis_tui.llm.backend import LlmBackend
from jarvis_tui.sdk import command, prompt_provider, responses, services

# the names both sides import only for type checking, to resolve their annotations
TYPE_NAMES: dict[str, Any] = {}
for module in (events, turn, turn_control, reply_stream, backend_module, command, prompt_provider, responses,
               services, conversation, assistant_module):
    TYPE_NAMES.update({k: v for k, v in vars(module).items() if not k.startswith("_")})


def protocol_members(proto: type) -> dict[str, str]:
    """{name: "method" | "data"} for every member `proto` declares, its Protocol bases' included."""
    out: dict[str, str] = {}
    for cls in reversed(proto.__mro__):
        if cls in (object, Protocol, typing.Generic) or not cls.__dict__.get("_is_protocol"):
            continue
        for name in cls.__dict__.get("__annotations__", {}):
            out[name] = "data"
        for name, value in cls.__dict__.items():
            if not name.startswith("_") and callable(value):
                out[name] = "method"
    return out


def hints(fn, module) -> dict[str, Any]:
    return typing.get_type_hints(fn, globalns=vars(module), localns=TYPE_NAMES)


def signature_problems(name: str, declared, implemented, declared_in, implemented_in) -> list[str]:
    """Why `implemented` cannot stand where `declared` is called (empty: it can)."""
    problems = []
    want = list(inspect.signature(declared).parameters.values())
    have = list(inspect.signature(implemented).parameters.values())
    if [(p.name, p.kind) for p in want] != [(p.name, p.kind) for p in have[:len(want)]]:
        problems.append(f"{name}: parameters {[p.name for p in have]} instead of {[p.name for p in want]}")
    else:
        for w, h in zip(want, have):
            if w.default is not inspect.Parameter.empty and w.default != h.default:
                problems.append(f"{name}({w.name}): default {h.default!r} instead of {w.default!r}")
    for extra in have[len(want):]:
        if extra.default is inspect.Parameter.empty and extra.kind not in (extra.VAR_POSITIONAL, extra.VAR_KEYWORD):
            problems.append(f"{name}: a required parameter the contract does not pass: {extra.name}")
    want_types, have_types = hints(declared, declared_in), hints(implemented, implemented_in)
    for key, typ in want_types.items():
        if key not in have_types:
            problems.append(f"{name}: {key} is not annotated")
        elif have_types[key] != typ:
            problems.append(f"{name}: {key} is {have_types[key]} instead of {typ}")
    return problems


def contract_problems(proto: type, cls: type, instance: Any) -> list[str]:
    problems = []
    for name, kind in protocol_members(proto).items():
        if kind == "method":
            implemented = getattr(cls, name, None)
            if not callable(implemented):
                problems.append(f"{cls.__name__} has no method {name}")
                continue
            declared_in = next(c for c in proto.__mro__ if name in c.__dict__)
            problems += signature_problems(name, getattr(proto, name), implemented,
                                           inspect.getmodule(declared_in), inspect.getmodule(cls))
        elif not hasattr(instance, name):
            problems.append(f"{cls.__name__} has no attribute {name}")
    return problems


def test_conversation_brain_has_every_member_of_the_brain_contract(make_brain):
    _, brain, _, _ = make_brain([])
    assert contract_problems(Brain, ConversationBrain, brain) == []
    assert contract_problems(ReplyAnswerer, LlmTextAnswerer, brain.answerer) == []
    assert isinstance(brain.backend, LlmBackend)
    assert brain.provider_override is None


def test_the_contract_covers_what_the_callers_use():
    """What the assistant, runtime, app and bench call on a brain (read off the code) is declared."""
    assert set(protocol_members(Brain)) >= {
        "backend", "answerer", "provider_override", "run_turn", "route_only", "note_turn", "truncate_reply",
        "in_follow_up", "recent_text", "reset", "active_provider", "node_context", "warm", "prepare_provider",
        "provider_costs", "close"}
    assert set(protocol_members(ReplyAnswerer)) == {"answer", "stream", "control", "sureness"}


def test_the_check_finds_a_drifted_brain(make_brain):
    """The check itself: a brain whose recent_text renamed a parameter, whose reset lost a default
    and which lost close() is reported on each."""
    _, brain, _, _ = make_brain([])

    class Drifted(ConversationBrain):
        def recent_text(self, conversation: str = "default", turns: int = 3) -> str:
            return ""

        def reset(self, conversation_id: str | None) -> None:  # type: ignore[override]
            return None

        def truncate_reply(self, turn_id: str, spoken: str) -> str:  # type: ignore[override]
            return ""

        close = None  # type: ignore[assignment]

    problems = contract_problems(Brain, Drifted, brain)
    assert any(p.startswith("recent_text: parameters") for p in problems), problems
    assert any(p.startswith("reset(conversation_id): default") for p in problems), problems
    assert any(p.startswith("truncate_reply: return") for p in problems), problems
    assert "Drifted has no method close" in problems


def test_no_probe_of_the_brain_or_its_backend():
    """The brain, its backend and its answerer are used through their contracts, never probed."""
    probe = re.compile(r"\b(getattr|hasattr)\([^)]*\b(brain|backend|answerer)\b")
    root = Path(jarvis_tui.__file__).parent
    found = [f"{path.relative_to(root)}: {line.strip()}" for path in sorted(root.rglob("*.py"))
             for line in path.read_text(encoding="utf-8").splitlines() if probe.search(line)]
    assert found == []
