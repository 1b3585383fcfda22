"""A prompt provider written against the SDK's contract alone (IJarvisPromptProvider: a name, a system
prompt, a parser), dropped into <config dir>/providers/: the brain drives it through the SDK's
defaults for everything else (messages, schema, retries), probing nothing."""
from __future__ import annotations

import json
import textwrap

from brain_fakes import Calc, Chat, ScriptedBackend

from jarvis_tui.assistant.assistant import Assistant
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.config import load_config
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider

PLAIN = textwrap.dedent('''
    import json
    from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider

    class PlainSmallUntrained(IJarvisPromptProvider):
        @property
        def name(self):
            return "PlainSmallUntrained"

        def build_system_prompt(self, node_context, timezone, tools, available_commands):
            names = ", ".join(c.command_name for c in available_commands)
            return f"Answer with JSON naming one of: {names}."

        def parse_response(self, raw):
            data = json.loads(raw)
            return {"message": "", "tool_calls": [{"name": data["call"], "arguments": data["with"]}], "error": None}
''')


def test_a_provider_on_the_sdk_contract_alone_runs_a_turn(tmp_path):
    (tmp_path / "c" / "providers").mkdir(parents=True)
    (tmp_path / "c" / "providers" / "plain.py").write_text(PLAIN, encoding="utf-8")
    config = load_config(config_dir=tmp_path / "c", data_dir=tmp_path / "d", environ={})
    config.llm.interface = "PlainSmallUntrained"
    factory = PromptProviderFactory(tmp_path / "c")
    provider = factory.get("PlainSmallUntrained")
    assert type(provider).__mro__[1] is IJarvisPromptProvider        # nothing from providers/shared
    registry = CommandRegistry()
    for c in (Calc(), Chat()):
        registry.add(c, "tests")
    backend = ScriptedBackend([json.dumps({"call": "calculate", "with": {"num1": 6, "num2": 7, "operation": "multiply"}})])
    brain = ConversationBrain(backend, factory, config)
    assistant = Assistant(registry, emit=lambda e: None, brain=brain, use_router=False)
    turn = assistant.handle_text("what is 6 times 7")
    assert [(c.name, c.arguments) for c in turn.tool_calls] == [
        ("calculate", {"num1": 6, "num2": 7, "operation": "multiply"})]
    sent = backend.requests[0]
    # the SDK's default messages: its system prompt, then the user's words
    assert sent["messages"][0] == {"role": "system", "content": "Answer with JSON naming one of: calculate, chat."}
    assert sent["messages"][-1]["role"] == "user" and "what is 6 times 7" in sent["messages"][-1]["content"]
    assert sent["json_schema"] is None and sent["grammar"] is None      # free text: it declared no schema
