"""Commands for the TUI tests, loaded by discovery from <JARVIS_CONFIG_DIR>/commands/ like any
user plugin: one that validates, corrects and offers buttons, one that crashes, one that needs a
secret."""
from __future__ import annotations

import difflib
from typing import Any

from jarvis_tui.sdk import (FastPath, JarvisCommandBase, JarvisParameter, PreRouteResult,
                            RequestInformation, ValidationResult)
from jarvis_tui.sdk.responses import CommandResponse, IJarvisButton
from jarvis_tui.sdk.secrets import JarvisSecret

COLORS = ["red", "green", "blue"]


class ProbeCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "tui_probe"

    @property
    def description(self) -> str:
        return "Prepare probes of a colour."

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("count", "int", required=True, description="how many"),
                JarvisParameter("color", "string", required=True, description="red, green or blue")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("probe", r"probe (?P<count>\d+) (?P<color>[a-z]+)",
                         lambda m, _t: PreRouteResult({"count": int(m["count"]), "color": m["color"]}),
                         "probe N COLOUR")]

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        if isinstance(args.get("count"), int) and args["count"] > 10:
            args["count"] = 10          # at most ten probes
        return args

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        color = kwargs.get("color")
        if color in COLORS:
            return [ValidationResult(True, "color", self.command_name)]
        close = difflib.get_close_matches(str(color), COLORS, n=1)
        return [ValidationResult(False, "color", self.command_name, f"{color!r} is not a probe colour",
                                 valid_values=list(COLORS), suggested_value=close[0] if close else None)]

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        count, color = kwargs["count"], kwargs["color"]
        return CommandResponse.follow_up_response(
            {"message": f"{count} {color} probes ready.", "count": count, "color": color},
            actions=[IJarvisButton("Launch", "launch", "primary", "rocket"),
                     IJarvisButton("Later", "cancel_click", "secondary"),
                     IJarvisButton("Destroy all", "destroy", "destructive", "trash")])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == "launch":
            return CommandResponse.final_response(
                {"message": f"Launched {context['count']} {context['color']} probes."})
        if action_name == "destroy":
            return CommandResponse.final_response({"message": f"Destroyed {context['count']} probes."})
        return super().handle_action(action_name, context)


class CrashCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "tui_crash"

    @property
    def description(self) -> str:
        return "Always crashes."

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("crash", r"crash probe", lambda m, _t: PreRouteResult({}))]

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        raise RuntimeError("probe exploded")


class SecretCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "tui_secret"

    @property
    def description(self) -> str:
        return "Reads a secret."

    @property
    def associated_service(self) -> str | None:
        return "Probe Cloud"

    @property
    def required_secrets(self) -> list[JarvisSecret]:
        return [JarvisSecret("PROBE_TOKEN", "token for Probe Cloud", friendly_name="Probe Cloud token")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("secret", r"secret probe", lambda m, _t: PreRouteResult({}))]

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        token = self.services.secrets.get("PROBE_TOKEN")
        # a careless command that puts its secret in the message: the UI must mask it
        return CommandResponse.success_response({"message": f"Signed in with {token}."})
