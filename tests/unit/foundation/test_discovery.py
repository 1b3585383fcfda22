import json
import textwrap

import pytest

from jarvis_tui.commands_registry import DuplicateCommandError, discover_commands

PLUGIN = textwrap.dedent('''
    from jarvis_tui.sdk import CommandResponse, FastPath, JarvisCommandBase, JarvisParameter, PreRouteResult

    class {cls}(JarvisCommandBase):
        command_name = "{name}"
        description = "a plugin command"

        @property
        def parameters(self):
            return [JarvisParameter("what", "string", required=True)]

        @property
        def fast_paths(self):
            return [FastPath("say", r"plugin say (.+)", lambda m, t: PreRouteResult({{"what": m.group(1)}}))]

        def run(self, request_info, **kw):
            return CommandResponse.final_response({{"message": kw["what"]}})
''')


def plugin(config_dir, filename, cls="Echo", name="plugin_echo"):
    d = config_dir / "commands"
    d.mkdir(exist_ok=True)
    (d / filename).write_text(PLUGIN.format(cls=cls, name=name))


def test_user_plugin_dir_is_discovered(config_dir):
    plugin(config_dir, "echo.py")
    registry = discover_commands(config_dir)
    assert "plugin_echo" in registry
    assert registry.modules["plugin_echo"].startswith("jarvis_user_commands.echo")
    assert registry.get("plugin_echo").pre_route("plugin say hi").arguments == {"what": "hi"}


def test_broken_module_is_reported_and_skipped(config_dir):
    plugin(config_dir, "echo.py")
    (config_dir / "commands" / "broken.py").write_text("import not_a_real_module_xyz\n")
    (config_dir / "commands" / "syntax.py").write_text("def oops(:\n")
    registry = discover_commands(config_dir)
    assert "plugin_echo" in registry
    errors = {e.module.split(" ")[0]: e.error for e in registry.errors}
    assert "ModuleNotFoundError" in errors["jarvis_user_commands.broken"]
    assert "SyntaxError" in errors["jarvis_user_commands.syntax"]


def test_duplicate_names_are_an_error_naming_both_modules(config_dir):
    plugin(config_dir, "one.py", cls="One", name="same_name")
    plugin(config_dir, "two.py", cls="Two", name="same_name")
    with pytest.raises(DuplicateCommandError) as err:
        discover_commands(config_dir)
    assert "jarvis_user_commands.one.One" in str(err.value)
    assert "jarvis_user_commands.two.Two" in str(err.value)


def test_builtin_commands_are_discovered_without_errors(config_dir):
    registry = discover_commands(config_dir)
    assert registry.errors == []
    for command in registry:
        assert registry.modules[command.command_name].startswith("commands.")


def test_cli_commands_json_lists_plugins_and_errors(cli, config_dir):
    plugin(config_dir, "echo.py")
    (config_dir / "commands" / "broken.py").write_text("raise RuntimeError('nope')\n")
    result = cli("commands", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    echo = next(c for c in data["commands"] if c["command_name"] == "plugin_echo")
    assert echo["has_fast_path"] is True
    assert echo["parameters"][0] == {"name": "what", "type": "string", "required": True,
                                     "description": "", "enum_values": None, "default": None}
    assert any("RuntimeError: nope" in e["error"] for e in data["errors"])


def test_cli_duplicate_is_a_clear_failure(cli, config_dir):
    plugin(config_dir, "one.py", cls="One", name="same_name")
    plugin(config_dir, "two.py", cls="Two", name="same_name")
    result = cli("commands")
    assert result.returncode == 1 and "same_name" in result.stderr and "Traceback" not in result.stderr


def test_help_lists_every_headless_subcommand(cli):
    out = cli("--help").stdout
    for name in ("route", "ask", "transcribe", "say", "listen", "devices", "providers", "bench",
                 "doctor", "commands"):
        assert name in out


EXAMPLES_PLUGIN = textwrap.dedent('''
    from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase

    class Aquarium(JarvisCommandBase):
        command_name = "feed_fish"
        description = "Feed the fish in the aquarium"

        def generate_prompt_examples(self):
            return [CommandExample("Give the goldfish their flakes at noon"), CommandExample("Feed the fish")]

        def run(self, request_info, **kw):
            return CommandResponse.final_response({"message": "Fed."})

    class Broken(JarvisCommandBase):
        command_name = "broken_examples"
        description = "examples that raise"

        def generate_prompt_examples(self):
            raise RuntimeError("no examples today")

        def run(self, request_info, **kw):
            return CommandResponse.final_response({"message": ""})
''')


def test_whisper_reads_one_short_example_of_every_command_plugins_included(config_dir):
    """speech_context: what the transcriber reads before an utterance is each command's shortest
    prompt example, ended as a sentence; a plugin's joins, one whose examples raise is left out."""
    from jarvis_tui.commands_registry import speech_context
    (config_dir / "commands").mkdir()
    (config_dir / "commands" / "aquarium.py").write_text(EXAMPLES_PLUGIN)
    registry = discover_commands(config_dir)
    context = speech_context(registry)
    assert "Feed the fish." in context and "Give the goldfish their flakes at noon." not in context
    with_examples = [c for c in registry if c.command_name != "broken_examples" and c.generate_prompt_examples()]
    assert len(context) == len(with_examples)
    assert all(s[-1] in ".?!" for s in context)
    for command in with_examples:
        shortest = min((e.voice_command for e in command.generate_prompt_examples()), key=len)
        assert any(s.rstrip(".") == shortest.rstrip(".") for s in context), command.command_name
