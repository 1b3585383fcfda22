"""Routing over a corpus sample with the real bundled model (the full corpus is measured by
`jarvis-tui route --file ... | scripts/score_routes.py`, see README). The sample: per tool of the
dev corpus that a real command implements, the first rows the fast paths do NOT claim (so the LLM
decides), plus small talk and questions that must never reach an action command."""
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
sys.path.insert(0, str(REPO / "scripts"))
from score_routes import arg_ok  # noqa: E402

# cases written for this project (not in the dev corpus)
OWN_CASES = [
    {"text": "could you tell me what the time is over in Tokyo right now", "tool": "get_current_time", "arguments": {"location": "Tokyo"}},
    {"text": "I need a laugh, got anything about dogs", "tool": "tell_joke", "arguments": {}},
    {"text": "ugh, I'm so bored today", "tool": "chat", "arguments": {}},
    {"text": "why is the sky blue", "tool": "answer_question", "arguments": {}},
]
DIRECT = {"chat", "answer_question"}


def _sample(registry, per_tool=2):
    rows = [json.loads(l) for l in CORPUS.read_text().splitlines() if l.strip()] if CORPUS.exists() else []
    picked, counts = [], defaultdict(int)
    for row in rows + OWN_CASES:
        if row["tool"] not in registry or counts[row["tool"]] >= per_tool:
            continue
        if pre_route(row["text"], registry) is not None:
            continue
        counts[row["tool"]] += 1
        picked.append(row)
    return picked


def test_llm_routing_on_a_corpus_sample(llm_runtime):
    registry = llm_runtime.registry
    sample = _sample(registry)
    assert len(sample) >= 8, "the sample needs the commands to exist"
    brain = llm_runtime.assistant.brain
    tool_hits = arg_hits = 0
    misses, direct_to_action = [], []
    for row in sample:
        d = brain.route_only(llm_runtime.assistant, row["text"], conversation_id="routing-test")
        got = d.tool_calls[0] if d.tool_calls else {"name": None, "arguments": {}}
        if got["name"] == row["tool"]:
            tool_hits += 1
            if all(arg_ok(k, v, got["arguments"].get(k)) for k, v in row["arguments"].items()):
                arg_hits += 1
            else:
                misses.append((row["text"], row["arguments"], got))
        else:
            misses.append((row["text"], row["tool"], got))
        if row["tool"] in DIRECT and got["name"] not in DIRECT | {None}:
            direct_to_action.append((row["text"], got))
    n = len(sample)
    print(f"\nsample {n}: tool {tool_hits}/{n}, args {arg_hits}/{n}; misses: {misses}")
    assert direct_to_action == [], direct_to_action
    assert tool_hits / n >= 0.75, misses
    assert arg_hits / n >= 0.6, misses
