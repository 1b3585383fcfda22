"""With the real bundled LLM: a spoken answer's first sentence is out (ReplySentence, which the
voice loop speaks at once) while the model still writes the rest."""
from __future__ import annotations

import time

import pytest

from commands.answer_question import NOT_SURE
from jarvis_tui.assistant import events as ev

pytestmark = pytest.mark.model


def test_the_first_sentence_is_out_before_the_answer_is_finished(llm_runtime):
    seen: list[tuple[float, ev.Event]] = []
    unsubscribe = llm_runtime.bus.subscribe(lambda e: seen.append((time.perf_counter(), e)))
    llm_runtime.assistant.stream_replies = True
    try:
        turn = llm_runtime.assistant.handle_text("explain in three sentences how rainbows form", conversation_id="it-stream")
    finally:
        llm_runtime.assistant.stream_replies = False
        unsubscribe()
    sentences = [(t, e) for t, e in seen if isinstance(e, ev.ReplySentence)]
    finished = next(t for t, e in seen if isinstance(e, ev.CommandFinished))
    assert turn.tool_calls and turn.tool_calls[0].name in ("answer_question", "chat"), turn.to_dict()
    assert len(sentences) >= 2, [e.text for _, e in sentences]
    assert sentences[0][0] < sentences[-1][0] < finished + 0.001
    # the words streamed are the words of the reply; an answer the model was unsure of then says so,
    # which the voice loop speaks as the rest of the reply (VoiceLoop.speak)
    streamed = " ".join(e.text for _, e in sentences).split()
    spoken = (turn.spoken or "").split()
    assert spoken[:len(streamed)] == streamed and " ".join(spoken[len(streamed):]) in ("", NOT_SURE)


def test_numbers_in_an_answer_are_said_whole(llm_runtime):
    """The bundled model writes "approximately 1. 4 billion" (a space token inside the number): the
    voice read "one." as a sentence of its own."""
    import re
    llm_runtime.assistant.stream_replies = True
    try:
        turn = llm_runtime.assistant.handle_text("what is the population of india", conversation_id="it-numbers")
    finally:
        llm_runtime.assistant.stream_replies = False
    assert turn.tool_calls and turn.tool_calls[0].name == "answer_question", turn.to_dict()
    assert re.search(r"\d", turn.spoken or "") and not re.search(r"\d[.,] \d", turn.spoken), turn.spoken


def test_the_assistant_says_what_it_is(llm_runtime):
    """The bundled model, asked about itself, said it was made by OpenAI and was "a chatgpt": chat's
    prompt says what it is, and what it can do comes from the commands (no model words at all)."""
    for said in ("who made you", "are you chatgpt"):
        turn = llm_runtime.assistant.handle_text(said, conversation_id="it-identity")
        assert "openai" not in (turn.spoken or "").lower() and "chatgpt" not in (turn.spoken or "").lower(), turn.spoken
    turn = llm_runtime.assistant.handle_text("what can you do", conversation_id="it-identity")
    assert turn.route == "pre_route" and turn.spoken.startswith("I can ") and "set, pause and cancel timers" in turn.spoken
