"""Routing cases for the volume, memory, routine and briefing commands, written for this test (not
taken from their examples), with requests they must not claim: router and fast paths only (`route
--no-llm`). Measured at the commits that added them: 18 of 20 volume/memory rows and 9 of 10
routine/briefing rows routed to them (first call, or the router's top tool when it asked the LLM),
and none of the other 15 rows fired one of them."""
from __future__ import annotations

import json
from pathlib import Path

CASES = Path(__file__).resolve().parents[2] / "data" / "route_new_commands.jsonl"
NEW = {"volume", "remember", "recall", "forget", "routine", "briefing"}


def test_new_commands_are_routed_and_do_not_claim_other_requests(isolated_dirs, capsys):
    from jarvis_tui.cli import main

    rows = [json.loads(x) for x in CASES.read_text(encoding="utf-8").splitlines() if x.strip()]
    assert main(["route", "--no-llm", "--file", str(CASES)]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines() if x.startswith("{")]
    assert len(out) == len(rows)
    hits, wrongly_fired = 0, []
    for row, got in zip(rows, out):
        fired = got["tool_calls"][0]["name"] if got["tool_calls"] else None
        top = (got.get("router") or {}).get("top", [[fired]])[0][0]
        if row["tool"] in NEW:
            hits += (fired or top) == row["tool"]
        elif fired in NEW:
            wrongly_fired.append((row["text"], fired))
    assert wrongly_fired == []
    assert hits >= 25, hits            # of 30
