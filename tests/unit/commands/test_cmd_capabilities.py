""""What can you do?" is answered from what every discovered command declares it lets the user do
(`capability`), a plugin's included, without the LLM."""
from __future__ import annotations

import textwrap

from jarvis_tui.runtime import Runtime

BLINDS = textwrap.dedent('''
    from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase

    class Blinds(JarvisCommandBase):
        command_name = "blinds"
        description = "Open or close the window blinds"
        capability = "open and close the blinds"
        parameters = []

        def generate_adapter_examples(self):
            return [CommandExample(t, {}) for t in ("open the blinds", "close the blinds please",
                                                    "let some light in", "shut the blinds in the bedroom")]

        def run(self, request_info, **kwargs):
            return CommandResponse.final_response({"message": "Done."})
''')


def test_what_can_you_do_lists_every_commands_capability_plugins_included(isolated_dirs):
    data, conf = isolated_dirs
    (conf / "commands").mkdir()
    (conf / "commands" / "blinds.py").write_text(BLINDS, encoding="utf-8")
    rt = Runtime.create(overrides={"llm.backend": "none"})
    try:
        declared = [c.capability for c in rt.registry if c.capability]
        assert "open and close the blinds" in declared and "set, pause and cancel timers" in declared
        for said in ("what can you do", "help", "what can you help me with"):
            turn = rt.assistant.handle_text(said)
            assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["capabilities"], said
            assert turn.spoken.startswith("I can ") and all(c in turn.spoken for c in declared), turn.spoken
        # the router knows it too, from its examples, for phrasings the fast path does not claim
        assert rt.assistant.router.rank("what sort of stuff are you able to help with")[0][0] == "capabilities"
        # not a question about something else
        assert rt.assistant.router.rank("what can you tell me about black holes")[0][0] != "capabilities"
    finally:
        rt.close()
