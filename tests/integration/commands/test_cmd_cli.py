"""The real `jarvis-tui ask` / `route` CLI in subprocesses, with a tmp --data-dir."""
from __future__ import annotations

import json


def _ask(cli, data_dir, text):
    p = cli("ask", text, "--json", "--no-speak", "--no-llm", "--data-dir", str(data_dir))
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_ask_json_contract_and_state_across_processes(cli, tmp_path):
    data = tmp_path / "state"
    out = _ask(cli, data, "add tomatoes, onions and garlic to my shopping list")
    assert set(out) == {"text", "route", "tool_calls", "validation", "spoken", "actions", "timings_ms", "router",
                        "cancelled"}
    assert out["route"] == "pre_route" and out["cancelled"] is False
    assert out["tool_calls"] == [{"name": "shopping_list",
                                  "arguments": {"action": "add", "items": ["tomatoes", "onions", "garlic"]}}]
    assert out["spoken"] == "Added tomatoes, onions and garlic to your shopping list."
    assert {"pre_route", "execute", "total"} <= set(out["timings_ms"])
    out = _ask(cli, data, "what's on my shopping list?")                   # a new process, same data dir
    assert out["spoken"] == "Your shopping list has 3 items: tomatoes, onions and garlic."
    out = _ask(cli, data, "clear my shopping list")
    assert [a["button_action"] for a in out["actions"]] == ["clear_confirm", "cancel_click"]
    assert _ask(cli, data, "what's on my shopping list")["spoken"].startswith("Your shopping list has 3 items")


def test_ask_timer_persists_and_validation_is_reported(cli, tmp_path):
    data = tmp_path / "state"
    out = _ask(cli, data, "set a 25 minute timer for the roast")
    assert out["spoken"] == "Roast timer set for 25 minutes."
    out = _ask(cli, data, "how much time is left on the roast timer")
    assert "Your roast timer has 2" in out["spoken"] and "left" in out["spoken"]
    out = _ask(cli, data, "what time is it in toyko")       # ("tokio" is Tokyo's other name: its time)
    assert out["validation"] and any(v["valid_values"] and "Tokyo" in v["valid_values"] for v in out["validation"])


def test_ask_unclaimed_without_llm(cli, tmp_path):
    out = _ask(cli, tmp_path / "state", "play the new album by my favourite band")
    assert out["route"] == "none" and out["tool_calls"] == [] and out["spoken"] == "I can't play music yet."
    # small talk needs the model for its words: without one it says so, and nothing else runs
    out = _ask(cli, tmp_path / "state", "what do you think about space travel")
    assert [c["name"] for c in out["tool_calls"]] == ["chat"] and "language model" in out["spoken"]


def test_route_no_llm_prints_the_routing_contract(cli, tmp_path):
    p = cli("route", "--no-llm", "--data-dir", str(tmp_path / "state"),
            "set a timer for an hour and a half", "what's 3.5 plus 1.25", "good morning")
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.strip().splitlines()]
    assert len(lines) == 3
    for line in lines:
        assert set(line) <= {"text", "route", "tool_calls", "message", "timings_ms", "router"}
        assert {"text", "route", "tool_calls", "message", "timings_ms"} <= set(line)
        assert set(line["timings_ms"]) == {"pre_route", "llm", "total"}
    assert lines[0]["route"] == "pre_route"
    assert lines[0]["tool_calls"] == [{"name": "set_timer", "arguments": {"duration_seconds": 5400}}]
    assert lines[1]["tool_calls"] == [{"name": "calculate", "arguments": {"num1": 3.5, "num2": 1.25, "operation": "add"}}]
    # no fast path: the intent router's confident pick (small talk -> chat), with its scores
    assert lines[2]["route"] == "router" and lines[2]["tool_calls"] == [{"name": "chat", "arguments": {}}]
    assert lines[2]["router"]["top"][0][0] == "chat" and lines[2]["router"]["decision"] == "direct"
    # routing executes nothing
    p = cli("ask", "check my timers", "--json", "--no-speak", "--no-llm", "--data-dir", str(tmp_path / "state"))
    assert json.loads(p.stdout)["spoken"] == "You have no timers running."


def test_route_file_takes_text_and_json_lines_and_skips_a_bad_line_by_number(cli, tmp_path):
    f = tmp_path / "utterances.txt"
    f.write_text('what time is it\n{"text": "set a timer for 5 minutes"}\n{"tool": "set_timer"}\n'
                 '{not json, just words}\n\ntell me a joke\n', encoding="utf-8")
    p = cli("route", "--no-llm", "--file", str(f), "--data-dir", str(tmp_path / "state"))
    assert p.returncode == 0, p.stderr
    texts = [json.loads(x)["text"] for x in p.stdout.strip().splitlines()]
    assert texts == ["what time is it", "set a timer for 5 minutes", "{not json, just words}", "tell me a joke"]
    assert f"{f}:3: skipped: no \"text\" string in this JSON line" in p.stderr


def test_a_missing_model_file_is_named_with_the_reason_and_routing_goes_on(cli, tmp_path):
    p = cli("route", "turn on the lights", "--model", str(tmp_path / "nonexistent.gguf"),
            "--data-dir", str(tmp_path / "state"))
    assert p.returncode == 0
    assert f"LLM model file not found: {tmp_path / 'nonexistent.gguf'}" in p.stderr
    assert json.loads(p.stdout.splitlines()[0])["message"] == "I can't control the lights yet."
