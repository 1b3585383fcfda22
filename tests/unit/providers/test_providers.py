"""Every provider: prompt shape (stable first, tools last) and parse_response on its family's real
output forms; the factory: discovery, case-insensitive names, user providers, the cascade."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).parent.parent / "llm"))   # append: never shadow a conftest
from brain_fakes import Calc, Chat, Timer, Weather

from jarvis_tui.llm.grammar import schema_to_gbnf
from jarvis_tui.llm.provider_factory import DEFAULT_PROVIDER, PromptProviderFactory, UnknownProviderError
from providers.shared.base import HistoryTurn

EXPECTED = {"Qwen25SmallUntrained", "Qwen25SmallUntrainedCompact", "Qwen25MediumUntrained", "Qwen25LargeUntrained",
            "HermesMediumUntrained", "Llama31MediumUntrained", "Mistral7bMediumUntrained", "Gemma2MediumUntrained",
            "Qwen3LargeUntrained", "Qwen25MediumUntrainedNative", "SynthJsonMediumUntrained"}
COMMANDS = [Calc(), Timer(), Weather(), Chat()]
CTX = {"user_name": "Ada", "room": "kitchen", "location": "Berlin"}


@pytest.fixture(scope="module")
def factory():
    return PromptProviderFactory(None)


def test_all_providers_are_discovered(factory):
    assert EXPECTED <= set(factory.get_available_providers())
    assert factory.errors == []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_prompt_is_stable_with_tools_last(factory, name):
    p = factory.get(name)
    tools = p.build_tools(COMMANDS) if p.supports_native_tools else []
    a = p.build_system_prompt(CTX, "Europe/Berlin", tools, COMMANDS)
    b = p.build_system_prompt(CTX, "Europe/Berlin", tools, list(reversed(COMMANDS)))
    assert a == b                                   # byte-identical: the KV prefix is reused
    if p.supports_native_tools:
        assert "calculate" not in a and [t["function"]["name"] for t in tools] == sorted(c.command_name for c in COMMANDS)
    elif name == "SynthJsonMediumUntrained":
        msgs = p.build_messages(a, [], "hi", CTX, "Europe/Berlin", "voice")
        obj = json.loads(msgs[-1]["content"])
        assert list(obj)[:2] == ["instructions", "actions"]
        assert obj["input"]["input_source"] == "voice"
    else:
        last_tool = max(a.rfind(c.command_name) for c in COMMANDS)
        for marker in ("Never invent", "voice assistant"):
            if marker in a:
                assert a.index(marker) < a.index("calculate") <= last_tool
        for c in COMMANDS:
            assert c.command_name in a


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_constrained_output_compiles_and_names_real_tools(factory, name):
    p = factory.get(name)
    if hasattr(p, "remember_commands"):
        p.remember_commands(COMMANDS)
    grammar = p.response_grammar(COMMANDS)
    schema = p.response_schema(COMMANDS)
    if grammar:
        from llama_cpp import LlamaGrammar
        LlamaGrammar.from_string(grammar, verbose=False)
        assert '"\\"calculate\\""' in grammar
    if schema:
        text = schema_to_gbnf(schema)
        assert "set_timer" in text and "launch" not in text


# real output forms, per family
CALL = {"name": "set_timer", "arguments": {"duration_seconds": 300}}
FORMS = {
    "Qwen25SmallUntrained": ['<tool_call>\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n</tool_call>'],
    "Qwen25MediumUntrained": ['I will set it.\n<tool_call>\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n</tool_call>\n'
                              '<tool_call>\n{"name": "get_weather", "arguments": {}}\n</tool_call>'],
    "Qwen3LargeUntrained": ['<think>\nThe user wants a timer.\n</think>\n\n<tool_call>\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n</tool_call>'],
    "HermesMediumUntrained": ['<tool_call>\n{"arguments": {"duration_seconds": 300}, "name": "set_timer"}\n</tool_call>'],
    "Llama31MediumUntrained": ['{"name": "set_timer", "parameters": {"duration_seconds": 300}}',
                               '<|python_tag|>{"name": "set_timer", "parameters": {"duration_seconds": 300}}'],
    "Mistral7bMediumUntrained": ['[TOOL_CALLS] [{"name": "set_timer", "arguments": {"duration_seconds": 300}}]'],
    "Gemma2MediumUntrained": ['```json\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n```',
                              '```tool_code\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n```'],
    "Qwen25SmallUntrainedCompact": ['{"tool":"set_timer","args":{"duration_seconds":300}}',
                                    '{"tool": "set_timer", "args": {"duration_seconds": 300}} '],
    "SynthJsonMediumUntrained": ['{"message":"Timer set.","tool_calls":[{"name":"set_timer","arguments":{"duration_seconds":300}}]}'],
    "Qwen25MediumUntrainedNative": ['<tool_call>\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n</tool_call>'],
    "Qwen25LargeUntrained": ['```json\n{"name": "set_timer", "arguments": {"duration_seconds": 300}}\n```'],
}


@pytest.mark.parametrize("name,raw", [(n, r) for n, rs in FORMS.items() for r in rs])
def test_parse_response_reads_the_family_forms(factory, name, raw):
    out = factory.get(name).parse_response(raw)
    assert out["tool_calls"][0] == CALL
    assert out["error"] is None


def test_several_calls_and_prose_message(factory):
    out = factory.get("Qwen25MediumUntrained").parse_response(FORMS["Qwen25MediumUntrained"][0])
    assert [c["name"] for c in out["tool_calls"]] == ["set_timer", "get_weather"]
    assert out["message"] == "I will set it."


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_plain_text_is_a_direct_answer(factory, name):
    out = factory.get(name).parse_response("Paris is the capital of France.")
    assert out["tool_calls"] == [] and out["message"] == "Paris is the capital of France."


def test_compact_reply_form_and_direct_answer_switch(factory):
    p = factory.get("Qwen25SmallUntrainedCompact")
    assert p.parse_response('{"reply":"Hi there!"}')["message"] == "Hi there!"
    with_chat = p.response_schema(COMMANDS)
    without = p.response_schema([Calc(), Timer()])
    assert not any("reply" in alt["properties"] for alt in with_chat["anyOf"])
    assert any("reply" in alt["properties"] for alt in without["anyOf"])


def test_native_provider_reads_backend_tool_calls(factory):
    p = factory.get("Qwen25MediumUntrainedNative")
    out = p.native_calls_to_jarvis([{"function": {"name": "set_timer", "arguments": {"duration_seconds": 300}}}], "")
    assert out["tool_calls"] == [CALL] and p.supports_native_tools


def test_gemma_and_mistral_have_no_system_role(factory):
    for name in ("Gemma2MediumUntrained", "Mistral7bMediumUntrained"):
        p = factory.get(name)
        msgs = p.build_messages("SYSTEM", [HistoryTurn("hi", message="hello")], "timer", CTX, None)
        assert msgs[0]["role"] == "user" and msgs[0]["content"].startswith("SYSTEM\n\nhi")
        assert {m["role"] for m in msgs} <= {"user", "assistant"}


def test_synth_reduction_order(factory):
    p = factory.get("SynthJsonMediumUntrained")
    p.remember_commands(COMMANDS)
    ctx = dict(CTX, recent_history=[{"user": "r" * 300}] * 3, user_memories=["m" * 200] * 3)
    chat = [HistoryTurn(f"turn {i} " + "c" * 200) for i in range(3)]
    full = p.build_prompt_object(COMMANDS, chat, "hi", ctx, None, "text", budget_chars=100000)
    size = len(json.dumps(full, separators=(",", ":")))

    def at(budget):
        return p.build_prompt_object(COMMANDS, chat, "hi", ctx, None, "text", budget_chars=budget)
    o = at(size - 400)                                  # recent history goes first
    assert len(o["context"]["recent_history"]) < 3 and len(o["context"]["current_chat"]) == 3
    o = at(size - 1100)                                 # then current chat, oldest first
    assert o["context"]["recent_history"] == [] and o["context"]["current_chat"][-1]["user"].startswith("turn 2")
    assert len(o["context"]["memories"]) == 3
    o = at(size - 1900)                                 # then memories
    assert o["context"]["current_chat"] == [] and len(o["context"]["memories"]) < 3
    o = at(10)                                          # then everything; instructions never
    assert "context" not in o and o["instructions"] == full["instructions"]
    assert all("params" in a for a in o["actions"])     # lite actions


def test_lookup_is_case_insensitive_and_unknown_names_list_the_known(factory):
    assert factory.get("qwen25smalluntrainedcompact").name == "Qwen25SmallUntrainedCompact"
    with pytest.raises(UnknownProviderError) as err:
        factory.get("Nope")
    assert "Qwen25SmallUntrained" in str(err.value)
    info = factory.get_provider_info("hermesmediumuntrained")
    assert info["family"] == "Hermes" and info["size"] == "medium" and info["tier"] == "untrained"
    assert "capabilities" in info and info["capabilities"]["output_format"] == "<tool_call>"


def test_selection_cascade(factory):
    qwen05 = {"general.name": "Qwen2.5 Coder 0.5B Instruct AWQ", "general.architecture": "qwen2", "general.size_label": "0.5B"}
    assert factory.select("hermesmediumuntrained", "Gemma2MediumUntrained", qwen05).reason == "setting"
    sel = factory.select(None, "Gemma2MediumUntrained", qwen05)
    assert (sel.provider.name, sel.reason) == ("Gemma2MediumUntrained", "config")
    sel = factory.select("bogus", None, qwen05)                  # an unknown name falls through
    assert (sel.provider.name, sel.reason) == ("Qwen25SmallUntrainedCompact", "metadata")
    assert factory.select(None, None, {"general.name": "Qwen3 8B", "general.architecture": "qwen3"}).provider.name == "Qwen3LargeUntrained"
    assert factory.select(None, None, {"general.name": "Meta Llama 3.1 8B Instruct", "general.architecture": "llama"}).provider.name == "Llama31MediumUntrained"
    assert factory.select(None, None, {"general.name": "gemma-2-9b-it", "general.architecture": "gemma2"}).provider.name == "Gemma2MediumUntrained"
    assert factory.select(None, None, {"general.name": "Qwen2.5 7B Instruct", "general.architecture": "qwen2", "general.size_label": "7B"}).provider.name == "Qwen25MediumUntrained"
    sel = factory.select(None, None, {"general.name": "something else", "general.architecture": "phi3"})
    assert (sel.provider.name, sel.reason) == (DEFAULT_PROVIDER, "default")


def test_user_providers_in_the_config_dir(tmp_path):
    d = tmp_path / "providers"
    d.mkdir()
    (d / "mine.py").write_text(
        "from providers.small.untrained.qwen25_small_untrained_compact import Qwen25SmallUntrainedCompact\n"
        "class Qwen25SmallUntrainedTerse(Qwen25SmallUntrainedCompact):\n"
        "    provider_name = 'Qwen25SmallUntrainedTerse'\n")
    (d / "broken.py").write_text("raise RuntimeError('nope')\n")
    f = PromptProviderFactory(tmp_path)
    assert "Qwen25SmallUntrainedTerse" in f.get_available_providers()
    assert any("broken" in e.module for e in f.errors)
    assert f.get_provider_info("qwen25smalluntrainedterse")["variant"] == "Terse"
