"""Small commands and a scripted LLM backend for unit tests of the brain (fakes for unit tests
only; tests/integration/llm runs the same loop on the real model)."""
from __future__ import annotations

from typing import Any

from jarvis_tui.llm.backend import Completion
from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter


class Calc(JarvisCommandBase):
    command_name = "calculate"
    description = "Arithmetic on two numbers"
    keywords = ["plus", "times", "multiply", "divide", "minus"]
    parameters = [JarvisParameter("num1", "float", required=True), JarvisParameter("num2", "float", required=True),
                  JarvisParameter("operation", "string", required=True,
                                  enum_values=["add", "subtract", "multiply", "divide"])]

    def generate_prompt_examples(self):
        return [CommandExample("what is 6 times 7", {"num1": 6, "num2": 7, "operation": "multiply"}, True)]

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        a, b, op = kw["num1"], kw["num2"], kw["operation"]
        r = {"add": a + b, "subtract": a - b, "multiply": a * b, "divide": a / b if b else float("nan")}[op]
        r = int(r) if float(r).is_integer() else r
        return CommandResponse.success_response({"message": f"That's {r}.", "result": r})


class Timer(JarvisCommandBase):
    command_name = "set_timer"
    description = "Start a countdown timer"
    keywords = ["timer"]
    parameters = [JarvisParameter("duration_seconds", "int", required=True), JarvisParameter("label", "string")]

    def __init__(self):
        super().__init__()
        self.started = []

    def generate_prompt_examples(self):
        return [CommandExample("set a timer for 5 minutes", {"duration_seconds": 300}, True),
                CommandExample("pasta timer 10 minutes", {"duration_seconds": 600, "label": "pasta"})]

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        self.started.append(kw)
        return CommandResponse.success_response({"duration_seconds": kw["duration_seconds"]})   # no message


class Weather(JarvisCommandBase):
    command_name = "get_weather"
    description = "Weather forecast"
    keywords = ["weather", "forecast", "rain"]
    parameters = [JarvisParameter("city", "string"),
                  JarvisParameter("resolved_datetimes", "array<string>",
                                  enum_values=["today", "tomorrow", "this_weekend"])]

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        return CommandResponse.error_response("no weather service configured")


class Chat(JarvisCommandBase):
    command_name = "chat"
    description = "Small talk; message is your own reply"
    allow_direct_answer = True
    parameters = [JarvisParameter("message", "string", required=True, from_user=False)]   # its own words

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        return CommandResponse.final_response({"message": kw["message"]})


class Crash(JarvisCommandBase):
    command_name = "crash"
    description = "Always fails"
    parameters = []

    def pre_route(self, voice_command):
        return None

    def run(self, request_info, **kw):
        raise RuntimeError("boom")


class ScriptedBackend:
    """Returns the scripted texts in order; records every request."""

    name = "scripted"
    model_label = "scripted"

    def __init__(self, outputs: list[str], metadata: dict[str, Any] | None = None) -> None:
        self.outputs = list(outputs)
        self.requests: list[dict[str, Any]] = []
        self.metadata = metadata or {}
        self.warmed: list[list[dict[str, Any]]] = []

    def complete(self, messages, *, json_schema=None, grammar=None, tools=None, max_tokens=192,
                 temperature=0.0, stop=None, on_text=None, on_prefill=None):
        self.requests.append({"messages": [dict(m) for m in messages], "json_schema": json_schema,
                              "grammar": grammar, "tools": tools, "max_tokens": max_tokens})
        if not self.outputs:
            raise AssertionError("the LLM was called more often than scripted")
        text = self.outputs.pop(0)
        if on_text is not None:
            for piece in text.split(" "):            # word by word, as a model streams it
                if on_text(piece + " ") is False:
                    break
        return Completion(text=text, prompt_tokens=100, completion_tokens=10, cached_tokens=90,
                          prefill_ms=5.0, generate_ms=10.0, total_ms=15.0)

    def warm(self, messages, tools=None):
        self.warmed.append(messages)
        return 1.0

    def count_tokens(self, text):
        return len(text) // 4

    def close(self):
        pass


class WeighingBackend(ScriptedBackend):
    """The scripted backend that also weighs a shortlist (as the local model does): each call to
    weigh_choices returns the next scripted {name: probability}, normalised over the names asked."""

    def __init__(self, outputs: list[str], weights: list[dict[str, float]]) -> None:
        super().__init__(outputs)
        self.weights = list(weights)
        self.weighed: list[dict[str, Any]] = []

    def weigh_choices(self, messages, start, names, tools=None, on_prefill=None):
        self.weighed.append({"start": start, "names": list(names)})
        if not self.weights:
            raise AssertionError("weigh_choices was called more often than scripted")
        given = self.weights.pop(0)
        total = sum(given.get(n, 0.0) for n in names)
        return {n: given.get(n, 0.0) / total for n in names}
