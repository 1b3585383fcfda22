import datetime as dt

import pytest

from jarvis_tui.sdk import CoercionError, JarvisParameter


@pytest.mark.parametrize("ptype,value,expected", [
    ("int", "5", 5), ("int", 5.0, 5), ("int", " 12 ", 12), ("integer", 7, 7),
    ("float", "3.5", 3.5), ("float", "4", 4), ("number", 2, 2),
    ("bool", "yes", True), ("bool", "false", False), ("bool", True, True),
    ("string", "hi", "hi"), ("str", 42, "42"),
    ("array<string>", "eggs", ["eggs"]), ("array<int>", ["1", 2], [1, 2]), ("list[str]", ["a"], ["a"]),
    ("datetime", "2026-01-02T03:04:05", dt.datetime(2026, 1, 2, 3, 4, 5)),
])
def test_coerces_what_is_safe(ptype, value, expected):
    assert JarvisParameter("x", ptype).coerce(value) == expected


@pytest.mark.parametrize("ptype,value", [
    ("int", "five"), ("int", 5.5), ("int", True), ("float", "abc"), ("bool", "maybe"),
    ("string", ["a"]), ("array<int>", {"a": 1}), ("datetime", "tomorrowish"), ("array<int>", ["x"]),
])
def test_refuses_what_is_not(ptype, value):
    with pytest.raises(CoercionError):
        JarvisParameter("x", ptype).coerce(value)


def test_enum_is_case_insensitive_and_reports_valid_values():
    p = JarvisParameter("op", "enum", enum_values=["add", "subtract"])
    assert p.coerce("ADD") == "add"
    value, result = p.validate("divide", "calculate")
    assert not result.success
    assert result.valid_values == ["add", "subtract"]
    assert result.param_name == "op" and result.command_name == "calculate"


def test_string_with_enum_values_becomes_enum_and_arrays_of_enums_check_items():
    assert JarvisParameter("a", "string", enum_values=["x"]).param_type == "enum"
    days = JarvisParameter("d", "array<string>", enum_values=["today", "tomorrow"])
    assert days.coerce(["Today"]) == ["today"]
    with pytest.raises(CoercionError):
        days.coerce(["yesterday"])
    assert days.json_schema()["items"] == {"type": "string", "enum": ["today", "tomorrow"]}


def test_unknown_type_and_enum_without_values_are_errors():
    with pytest.raises(ValueError):
        JarvisParameter("x", "complex")
    with pytest.raises(ValueError):
        JarvisParameter("x", "enum")


def test_validation_function_failures_and_crashes_are_results():
    even = JarvisParameter("n", "int", validation_function=lambda v: v % 2 == 0)
    assert even.validate("4")[1].success
    assert not even.validate(3)[1].success
    boom = JarvisParameter("n", "int", validation_function=lambda v: 1 / 0)
    result = boom.validate(1)[1]
    assert not result.success and "validator failed" in result.message


def test_json_schema_types():
    assert JarvisParameter("n", "int", description="count").json_schema() == {"type": "integer", "description": "count"}
    assert JarvisParameter("f", "float").json_schema() == {"type": "number"}
    assert JarvisParameter("b", "bool").json_schema() == {"type": "boolean"}
    assert JarvisParameter("l", "array<string>").json_schema() == {"type": "array", "items": {"type": "string"}}
