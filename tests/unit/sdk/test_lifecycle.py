"""The fixed execute() orchestration: secrets -> required params -> types -> validate_call ->
auto-correct -> run, and the response shapes it produces."""
from __future__ import annotations


import pytest

from jarvis_tui.config import Config
from jarvis_tui.sdk import (CommandResponse, CommandServices, FastPath, IJarvisButton, JarvisCommandBase,
                            JarvisParameter, JarvisSecret, PreRouteResult, RequestInformation,
                            ValidationResult)
from jarvis_tui.store import Store


class Unit(JarvisCommandBase):
    """A converter with a fixable and an unfixable validation."""

    def __init__(self):
        super().__init__()
        self.calls = []

    command_name = "to_unit"
    description = "convert"

    @property
    def parameters(self):
        return [JarvisParameter("value", "float", required=True),
                JarvisParameter("unit", "string", required=True),
                JarvisParameter("precision", "int", default=2)]

    def validate_call(self, **kw):
        unit = kw["unit"]
        if unit == "metres":
            return [ValidationResult(False, "unit", self.command_name, "spelling", suggested_value="meters")]
        if unit not in ("meters", "feet"):
            return [ValidationResult(False, "unit", self.command_name, f"unknown unit {unit}",
                                     valid_values=["meters", "feet"])]
        return [ValidationResult(True, "unit", self.command_name, "ok")]

    @property
    def fast_paths(self):
        return [FastPath("num_to_unit", r"(\d+) in (\w+)",
                         lambda m, t: PreRouteResult({"value": m.group(1), "unit": m.group(2)})),
                FastPath("unsure", r"maybe .*", lambda m, t: None),
                FastPath("broken", r"boom", lambda m, t: 1 / 0)]

    def run(self, request_info, **kw):
        self.calls.append(kw)
        if kw["value"] < 0:
            raise RuntimeError("negative")
        return CommandResponse.success_response({"message": f"{kw['value']} {kw['unit']}"},
                                                actions=[IJarvisButton("Undo", "undo", "secondary")])


class Mailer(JarvisCommandBase):
    command_name = "mailer"
    description = "sends"

    @property
    def required_secrets(self):
        return [JarvisSecret("smtp_host", "SMTP server", friendly_name="the SMTP host"),
                JarvisSecret("smtp_password", "password"),
                JarvisSecret("smtp_footer", "optional", required=False)]

    def run(self, request_info, **kw):
        return CommandResponse.final_response({"message": "sent"})


@pytest.fixture
def services(tmp_path):
    store = Store(tmp_path)
    yield CommandServices(store=store, config=Config())
    store.close()


def run(cmd, **kw):
    return cmd.execute(RequestInformation("test"), **kw)


def test_success_coerces_types_and_applies_defaults():
    cmd = Unit()
    r = run(cmd, value="3", unit="feet")
    assert r.success and r.message == "3 feet"
    assert cmd.calls == [{"value": 3, "unit": "feet", "precision": 2}]
    assert all(v.success for v in r.validation_results)


def test_missing_required_parameter_is_a_validation_error_not_a_run():
    cmd = Unit()
    r = run(cmd, value=1)
    assert not r.success and r.is_validation_error and r.wait_for_input
    assert cmd.calls == []
    failed = [v for v in r.validation_results if not v.success]
    assert [v.param_name for v in failed] == ["unit"]
    assert "Missing required parameter unit" in r.context_data["message"]


def test_wrong_type_is_a_validation_error():
    r = run(Unit(), value="lots", unit="feet")
    assert r.is_validation_error
    assert r.context_data["validation_errors"][0]["param_name"] == "value"


def test_auto_correction_from_suggested_value():
    cmd = Unit()
    r = run(cmd, value=2, unit="metres")
    assert r.success and r.message == "2 meters"
    assert r.corrections == {"unit": {"from": "metres", "to": "meters"}}
    assert cmd.calls[0]["unit"] == "meters"


def test_validation_error_shape_carries_valid_values():
    r = run(Unit(), value=2, unit="parsecs")
    assert not r.success and r.is_validation_error
    err = r.context_data["validation_errors"][0]
    assert err["valid_values"] == ["meters", "feet"] and err["param_name"] == "unit"
    assert "valid values: meters, feet" in r.context_data["message"]
    assert r.error_details.startswith("Validation failed")


def test_crashing_run_becomes_an_error_response():
    r = run(Unit(), value=-1, unit="feet")
    assert not r.success and "RuntimeError: negative" in r.error_details


def test_missing_secrets_name_the_settings(services):
    cmd = Mailer()
    cmd.bind(services)
    r = run(cmd)
    assert not r.success
    assert r.context_data["missing_secrets"] == ["smtp_host", "smtp_password"]
    assert "the SMTP host" in r.message and "smtp_password" in r.message
    services.store.secrets.set("smtp_host", "localhost")
    services.store.secrets.set("smtp_password", "pw")
    assert run(cmd).message == "sent"


def test_unbound_command_reports_missing_secrets_instead_of_crashing():
    assert not run(Mailer()).success


def test_cancel_click_and_unknown_action():
    cmd = Unit()
    r = cmd.handle_action("cancel_click", {})
    assert r.success and r.message == "Cancelled." and not r.wait_for_input
    assert not cmd.handle_action("explode", {}).success


def test_fast_paths_claim_defer_and_survive_crashes():
    cmd = Unit()
    assert cmd.pre_route("Jarvis, 12 in feet.").arguments == {"value": "12", "unit": "feet"}
    assert cmd.pre_route("maybe 12 in feet") is None       # handler not sure
    assert cmd.pre_route("boom") is None                    # handler crashed
    assert cmd.pre_route("what is 12 in feet") is None      # full match only
    cmd.disabled_fast_paths = {"num_to_unit"}
    assert cmd.pre_route("12 in feet") is None


def test_schemas():
    cmd = Unit()
    tool = cmd.to_openai_tool_schema()
    assert tool["type"] == "function" and tool["function"]["name"] == "to_unit"
    params = tool["function"]["parameters"]
    assert params["required"] == ["value", "unit"]
    assert params["properties"]["value"] == {"type": "number"}
    schema = cmd.get_command_schema()
    assert schema["has_fast_path"] is True
    assert [fp["id"] for fp in schema["fast_paths"]] == ["num_to_unit", "unsure", "broken"]
    assert Mailer().get_command_schema()["has_fast_path"] is False
    # what the router learns from is visible in the schema (defaults: nothing declared)
    assert schema["negative_examples"] == [] and schema["domain_words"] == []

    class Declaring(Unit):
        negative_examples = ["what is my name"]
        domain_words = ["unit", "feet"]

    declared = Declaring().get_command_schema()
    assert declared["negative_examples"] == ["what is my name"]
    assert declared["domain_words"] == ["unit", "feet"]
    assert [s["key"] for s in Mailer().get_command_schema()["all_possible_secrets"]] == [
        "smtp_host", "smtp_password", "smtp_footer"]


def test_response_factories():
    assert CommandResponse.follow_up_response({"message": "which?"}).wait_for_input
    assert not CommandResponse.final_response({}).wait_for_input
    chunk = CommandResponse.chunked_response("s1", {"message": "part"})
    assert chunk.is_chunked_response and chunk.chunk_session_id == "s1"
    err = CommandResponse.error_response("nope")
    assert not err.success and err.message == "nope"
    with pytest.raises(ValueError):
        IJarvisButton("x", "y", "loud")
