"""Holdout 29 (our own conversations, run before and after the session's fixes): "howdy" was declined,
"that's loads, thanks" after turning it up was declined ("Sorry, I can't help with that yet."). A
greeting in any words is small talk, and "that's enough" said as thanks lets it go; both decided by the
router from the commands' own examples, not the model."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("text", ["howdy", "g'day", "hi there", "evening"])
def test_the_shortest_greetings_are_small_talk(router, text):
    d = router.decide(text)
    assert d.decision == "direct" and d.tool == "chat"


@pytest.mark.parametrize("text", ["that's loads, thanks", "that'll do", "that's plenty thanks"])
def test_enough_said_as_thanks_lets_it_go(router, text):
    d = router.decide(text)
    assert d.decision == "direct" and d.tool == "dismiss"
