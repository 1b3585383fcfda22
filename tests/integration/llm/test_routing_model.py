"""Routing with the real bundled model over a sample the fast paths do NOT claim (so the brain
decides): per tool, the first dev-corpus rows inside DESIGN.md's contract, plus the hand-written
holdout requests (tests/data/route_holdout.jsonl). The whole corpus is measured by
`jarvis-tui route --file ... | scripts/score_routes.py` (README, "Routing figures").

Thresholds sit a little below what this sample measured on the bundled Qwen2.5-Coder-0.5B
(see MEASURED): a regression in the prompt, the intent router, the shortlist or the grounding shows here."""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from jarvis_tui.assistant.router import pre_route

pytestmark = pytest.mark.model

REPO = Path(__file__).resolve().parents[3]
CORPUS = REPO.parent / "shared" / "data" / "dev_corpus" / "route_dev.jsonl"
HOLDOUT = REPO / "tests" / "data" / "route_holdout.jsonl"
sys.path.append(str(REPO / "scripts"))
from score_routes import DIRECT, arg_ok, in_contract  # noqa: E402

# measured on this sample (31 rows): at 183fbf1 tool 31/31, args 30/31; with the intent router tool 29/31, args
# 29/31 (the two misses: "open the garage door in 5 minutes", declined as out of scope). With the volume and
# memory commands in the prompt (4 more tools) the 0.5B fills arguments worse: tool 29/31, args 26/31 (email
# list -> draft, draft -> send, weather "this weekend" -> today). With the enum grounding (email and weather
# declare the words of their actions and days) args are back to 29/31 (the two misses are the declined rows).
# A little below what is measured now:
MIN_TOOL, MIN_ARGS = 0.90, 0.85


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()] if path.exists() else []


def _sample(registry, per_tool=2):
    picked, counts = [], defaultdict(int)
    for row in _rows(CORPUS):
        if row["tool"] not in registry or counts[row["tool"]] >= per_tool or not in_contract(row):
            continue
        if pre_route(row["text"], registry) is None:
            counts[row["tool"]] += 1
            picked.append(row)
    picked += [r for r in _rows(HOLDOUT) if pre_route(r["text"], registry) is None]
    return picked


def test_llm_routing_on_a_corpus_sample(llm_runtime):
    registry = llm_runtime.registry
    sample = _sample(registry)
    # the dev corpus lives in ../shared (beside the checkout in CI); without it the holdout alone runs (the
    # fast paths leave 11 of its 42 rows to the model now: "put a 45 second timer on" is claimed since 2026-11-27,
    # "in 20 minutes remind me to check the oven" since 2026-11-29)
    assert len(sample) >= (20 if CORPUS.exists() else 11), "the sample needs the holdout file and the commands"
    brain = llm_runtime.assistant.brain
    tool_hits = arg_hits = 0
    misses, direct_to_action, router_with_llm = [], [], []
    for row in sample:
        d = brain.route_only(llm_runtime.assistant, row["text"], conversation_id="routing-test")
        got = d.tool_calls[0] if d.tool_calls else {"name": None, "arguments": {}}
        by_router = d.stats.get("decider") == "router"     # no routing call: chat writes its reply when it runs
        if got["name"] == row["tool"]:
            tool_hits += 1
            if all(arg_ok(k, v, got["arguments"].get(k)) or (k == "message" and by_router and k not in got["arguments"])
                   for k, v in row["arguments"].items()):
                arg_hits += 1
            else:
                misses.append((row["text"], row["arguments"], got))
        else:
            misses.append((row["text"], row["tool"], got))
        if row["tool"] in DIRECT and got["name"] not in DIRECT | {None}:
            direct_to_action.append((row["text"], got))
        if by_router and d.stats.get("llm_calls"):
            router_with_llm.append(row["text"])
    n = len(sample)
    print(f"\nsample {n}: tool {tool_hits}/{n}, args {arg_hits}/{n}; misses: {misses}")
    assert direct_to_action == [], direct_to_action
    assert router_with_llm == [], "a request the router decided still called the LLM"
    assert tool_hits / n >= MIN_TOOL, misses
    assert arg_hits / n >= MIN_ARGS, misses
