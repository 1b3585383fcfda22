"""An answer the model was unsure of says so: the bundled 0.5B is often wrong where its own words were
unlikely to it ("Pride and prejudice was written by George Orwell." at 0.56). The real model's
sureness is tested in tests/integration/llm/test_answer_sureness.py."""
from __future__ import annotations

import math

import pytest

from commands.answer_question import NOT_SURE, SURE_ENOUGH
from test_cmd_misc import run


class SureLLM:
    """A unit-test stand-in for the TextAnswerer that says how sure it was."""

    def __init__(self, reply: str, sureness: float | None) -> None:
        self.reply, self.sureness = reply, sureness

    def answer(self, user_text, system=None, max_tokens=160, stream=True):
        return self.reply


@pytest.mark.parametrize("sureness,hedged", [(0.3, True), (SURE_ENOUGH - 0.01, True), (SURE_ENOUGH, False),
                                             (0.95, False), (None, False)])
def test_an_unsure_answer_says_it_may_be_wrong(rt, sureness, hedged):
    rt.services.llm = SureLLM("It was written by Jane Austen.", sureness)
    r = run(rt, "answer_question", query="who wrote pride and prejudice")
    assert r.success and r.message.startswith("It was written by Jane Austen.")
    assert r.message.endswith(NOT_SURE) == hedged
    assert r.context_data["sureness"] == (None if sureness is None else round(sureness, 3))


def test_an_answerer_that_cannot_say_is_taken_at_its_word(rt):
    class Plain:
        def answer(self, user_text, system=None, max_tokens=160, stream=True):
            return "Canberra."
    rt.services.llm = Plain()
    assert run(rt, "answer_question", query="what is the capital of australia").message == "Canberra."


def test_the_sureness_is_that_of_the_first_sentence():
    """A longer answer goes on in words each less likely; the first sentence holds the fact."""
    from jarvis_tui.assistant.conversation import first_sentence_sureness
    lp = math.log
    tokens = [("Hamlet", lp(0.9)), (" was", lp(0.9)), (" written", lp(0.9)), (" by", lp(0.9)), (" Shakespeare", lp(0.9)),
              (".", lp(0.9)), (" It", lp(0.1)), (" is", lp(0.1)), (" long", lp(0.1)), (".", lp(0.1))]
    assert first_sentence_sureness(tokens) == pytest.approx(0.9)
    assert first_sentence_sureness(tokens[:4]) == pytest.approx(0.9)                # no sentence end: all of it
    assert first_sentence_sureness([("Yes", lp(0.5)), (".", lp(0.5)), (" It", lp(0.2)), (" is", lp(0.2)),
                                    (" so", lp(0.2)), (".", lp(0.2))]) == pytest.approx(math.exp(
                                        (2 * lp(0.5) + 4 * lp(0.2)) / 6))    # a first "sentence" of one word goes on
    assert first_sentence_sureness([]) is None
