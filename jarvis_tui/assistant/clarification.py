"""The question a command's failed validation asks the user, and the argument the next words answer.

Shared by every route that runs a command (the model's, a fast path's, the router's): a fast path that
claims "remember something for me" without a fact asks "What should I remember?" as the model's route
does, not "Missing required parameter fact"."""
from __future__ import annotations

from typing import Any

from jarvis_tui.sdk.command import JarvisCommandBase
from jarvis_tui.sdk.parameters import normalize_type
from jarvis_tui.sdk.responses import CommandResponse


def asked_argument(command: Any, failed: list[Any]) -> str | None:
    """The argument a clarification asks the user for, when it asks for one value of the command's
    own (a required one missing, or the command's own question about it: "What should I remind you
    about?"); None for a choice among values, which the model reads with the conversation."""
    declared = {p.name: p for p in getattr(command, "parameters", [])}
    # free text is read as an answer only by a command that reads its answers itself (a whole
    # request said instead, "email sarah at gmail dot com about dinner", is no address); a number
    # is the one number said
    own_reader = type(command).read_answer is not JarvisCommandBase.read_answer
    for r in failed:
        param = declared.get(r.param_name)
        if param is None:
            continue
        if r.valid_values:          # a choice: read only by a command that reads its answers and words its question
            if own_reader and param.enum_values and param.question:
                return r.param_name
            continue
        if not own_reader and normalize_type(param.param_type) not in ("int", "float"):
            continue
        if r.message and ("Missing required" in r.message or "?" in r.message):
            return r.param_name
    return None


def clarification_question(command: Any, name: str, failed: list[Any], response: CommandResponse) -> str:
    """What to ask the user for the first failed value of a call of `name`: the parameter's own question,
    the command's validation message when it is a question, or the values to choose from."""
    declared = {p.name: p for p in getattr(command, "parameters", [])} if command is not None else {}
    for r in failed:
        param = (r.param_name or "that").replace("_", " ")
        own = declared.get(r.param_name)
        if r.valid_values and own is not None and own.enum_values and own.question:
            return own.question                # the command's own words for the choice ("Louder, quieter, ...?")
        if r.valid_values:
            values = [str(v) for v in r.valid_values][:6]
            options = ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]
            return f"Which {param} do you mean: {options}?"
        if r.message and "?" in r.message and r.param_name in declared:
            return r.message                   # the command's own question ("What should I remind you about?")
        said_by_the_sdk = not r.message or "Missing required" in r.message or r.message.startswith(f"{r.param_name}: ")
        if own is not None and said_by_the_sdk:
            # missing, or a value the model wrote that is no valid one ("time: '12:00:00+00:00' is not valid"
            # was said to the user): asked for in the parameter's own words, never the model's value echoed;
            # a command's own message ("I don't know the time zone of Qwxzzy.") is still said
            return own.question or f"What {param} should I use?"
    msg = response.message or ""
    return f"I need a bit more to do that: {msg}" if msg else f"What should I use for {name.replace('_', ' ')}?"
