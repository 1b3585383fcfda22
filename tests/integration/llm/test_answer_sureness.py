"""The real model says how sure it was of its words: greedy decoding keeps each written token's log
probability (LlamaCppBackend._greedy), the answerer turns their mean into a sureness, and
answer_question says an answer it was unsure of may be wrong."""
from __future__ import annotations

import math

import pytest

from commands.answer_question import NOT_SURE, SYSTEM
from jarvis_tui.sdk import RequestInformation

pytestmark = pytest.mark.model


def test_a_greedy_completion_carries_the_mean_log_probability_of_its_tokens(llm_runtime):
    backend = llm_runtime.assistant.brain.backend
    out = backend.complete([{"role": "system", "content": SYSTEM},
                            {"role": "user", "content": "what is the smallest prime number"}], max_tokens=40)
    assert out.text and out.mean_logprob is not None and -10.0 < out.mean_logprob <= 0.0
    saved = backend.greedy_top_first
    try:                                     # the sampler's path does not read the probabilities
        backend.greedy_top_first = False
        assert backend.complete([{"role": "user", "content": "hi"}], max_tokens=8).mean_logprob is None
    finally:
        backend.greedy_top_first = saved


def test_the_answerer_is_surer_of_a_fact_it_knows_than_of_one_it_makes_up(llm_runtime):
    answerer = llm_runtime.assistant.brain.answerer
    answerer.answer("what is the smallest prime number", system=SYSTEM)
    known = answerer.sureness
    answerer.answer("who composed the four seasons", system=SYSTEM)      # it names a wrong composer
    made_up = answerer.sureness
    assert known is not None and made_up is not None and 0.0 < made_up < known <= 1.0
    assert math.isclose(known, 0.97, abs_tol=0.05)


def test_answer_question_says_when_it_is_unsure(llm_runtime):
    command = llm_runtime.registry.get("answer_question")
    unsure = command.execute(RequestInformation("who composed the four seasons"), query="who composed the four seasons")
    sure = command.execute(RequestInformation("what is the capital of canada"), query="what is the capital of canada")
    assert unsure.message.endswith(NOT_SURE) and unsure.context_data["sureness"] < 0.6
    assert "Ottawa" in sure.message and not sure.message.endswith(NOT_SURE)
