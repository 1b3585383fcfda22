"""Words speech recognition writes for their homophones, put right where the word written cannot stand, and
nothing changed where it can. The turn reads the words meant (a real runtime, fast paths, no LLM)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from command_helpers import ask
from jarvis_tui.sdk.text import mend_misheard

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("heard,meant", [
    ("set a timer for to minutes", "set a timer for two minutes"),
    ("set a timer for for minutes", "set a timer for four minutes"),
    ("in too hours remind me to call back", "in two hours remind me to call back"),
    ("add to eggs to my shopping list", "add two eggs to my shopping list"),
    ("remind me to by milk tomorrow", "remind me to buy milk tomorrow"),
    ("add by a birthday card to my to do list", "add buy a birthday card to my to do list"),
    ("remind me at ate to call mom", "remind me at eight to call mom"),
    ("What's to plus to?", "What's two plus two?"),
    ("what is ten times tree", "what is ten times three"),
    ("twenty divided by for please", "twenty divided by four please"),
    ("what's the whether like today", "what's the weather like today"),
])
def test_a_homophone_that_cannot_stand_is_the_word_meant(heard, meant):
    assert mend_misheard(heard) == meant


@pytest.mark.parametrize("said", [
    "go to the shop", "add to my list eggs", "i need to buy milk", "whether or not it rains", "by the way",
    "remind me to go by the bank", "what are the opening times for", "count to ten", "listen to podcasts",
    "turn it up to ten", "how far is it to paris", "what is ten times two", "set a timer for 4 minutes",
])
def test_words_that_can_stand_are_kept(said):
    assert mend_misheard(said) == said


def test_no_request_of_the_corpora_is_changed():
    """Transcribed by people, or written by us: none of them holds a homophone that cannot stand."""
    rows = [json.loads(line)["text"] for line in (ROOT / "tests/data/slurp/dev.jsonl").read_text().splitlines()]
    rows += [line.split("|")[-1] for f in (ROOT / "tests/data/questions").glob("*.txt")
             for line in f.read_text().splitlines() if line.strip() and not line.startswith("#")]
    assert len(rows) > 1500 and [r for r in rows if mend_misheard(r) != r] == []


@pytest.mark.parametrize("heard,command,arguments", [
    ("set a timer for to minutes", "set_timer", {"duration_seconds": 120}),
    ("what's to plus to", "calculate", {"num1": 2, "num2": 2, "operation": "add"}),
])
def test_the_turn_reads_the_words_meant(rt, heard, command, arguments):
    turn, r = ask(rt, heard)
    assert r.success and turn.tool_calls[0].name == command and turn.tool_calls[0].arguments == arguments


@pytest.mark.parametrize("heard, meant", [
    ("Ad coffee beans and butter to my shopping list.", "add coffee beans and butter to my shopping list."),
    ("ad milk on my grocery list", "add milk on my grocery list"),
    ("ad campaigns are annoying", "ad campaigns are annoying"),       # an ad, with no list to put it on
    ("an ad on the list", "an ad on the list"),
])
def test_add_heard_as_ad_before_things_for_a_list(heard, meant):
    from jarvis_tui.sdk.text import mend_misheard
    assert mend_misheard(heard) == meant
