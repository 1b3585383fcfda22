"""Spoken answers stream sentence by sentence (the real bundled LLM: tests/integration/llm/
test_streamed_answer.py): sentences are cut where they end, sent on as the model writes them,
and a barge-in ends the generation."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brain_fakes import ScriptedBackend

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.reply_stream import SentenceStream, mend_numbers
from jarvis_tui.llm.provider_factory import PromptProviderFactory


def feed(text: str, chunk: int = 3) -> list[str]:
    sent: list[str] = []
    s = SentenceStream(sent.append)
    for i in range(0, len(text), chunk):
        s.feed(text[i:i + chunk])
    s.finish()
    return sent


@pytest.mark.parametrize("text, sentences", [
    ("Paris is the capital. It has 2.1 million people! Nice, right?",
     ["Paris is the capital.", "It has 2.1 million people!", "Nice, right?"]),
    ("Ask Dr. Smith about it. He knows.", ["Ask Dr. Smith about it.", "He knows."]),
    ("One sentence without an end", ["One sentence without an end"]),
    ('He said "stop." Then he left.', ['He said "stop."', "Then he left."]),
    ("  ...  ", []),
])
def test_sentences_are_cut_where_they_end(text, sentences):
    assert feed(text) == sentences


@pytest.mark.parametrize("text, mended", [
    ("India has approximately 1. 4 billion people.", "India has approximately 1.4 billion people."),
    ("A marathon is about 42. 2 kilometers.", "A marathon is about 42.2 kilometers."),
    ("It is 10, 000 kilometers long.", "It is 10,000 kilometers long."),
    ("About 93, 000, 000 miles away.", "About 93,000,000 miles away."),
    ("It was 3. 5 percent.", "It was 3.5 percent."),
    # two numbers, as written
    ("In 1990, 300 people lived there.", "In 1990, 300 people lived there."),
    ("It opened in 1889. 5 years later it closed.", "It opened in 1889. 5 years later it closed."),
    ("The answer is 12. The next one is 13.", "The answer is 12. The next one is 13."),
    ("Pick 1, 2 or 3.", "Pick 1, 2 or 3."),
])
def test_a_number_the_model_spaced_is_one_number(text, mended):
    """The bundled model writes a space token inside numbers ("1. 4 billion"): said so, the voice
    read "one." and a pause; a sentence was even cut after "1."."""
    assert mend_numbers(text) == mended
    assert " ".join(feed(text, chunk=1)) == mended


def test_a_spaced_decimal_point_ends_no_sentence():
    assert feed("India has approximately 1. 4 billion people. It is big.", chunk=1) == [
        "India has approximately 1.4 billion people.", "It is big."]


@pytest.mark.parametrize("stream", [True, False])
def test_an_answer_says_its_numbers_whole(rt, stream):
    backend = ScriptedBackend(["India has approximately 1. 4 billion people, about 10, 000 times more than Iceland."])
    brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    rt.assistant.stream_replies = stream
    sent: list = []
    rt.bus.subscribe(lambda e: sent.append(e.text) if isinstance(e, ev.ReplySentence) else None)
    turn = rt.assistant.handle_text("what is the population of india")
    whole = "India has approximately 1.4 billion people, about 10,000 times more than Iceland."
    assert turn.spoken.startswith(whole)
    assert sent == ([whole] if stream else [])


def test_a_stopped_stream_sends_nothing_more():
    sent: list[str] = []
    s = SentenceStream(sent.append)
    assert s.feed("First one. Sec")
    s.stop()
    assert s.feed("ond one. Third.") is False
    s.finish()
    assert sent == ["First one."]


@pytest.fixture
def streaming(rt):
    backend = ScriptedBackend(["The Nile is the longest river. It flows north through eleven countries. "
                               "It ends in the Mediterranean Sea."])
    brain = ConversationBrain(backend, PromptProviderFactory(None), rt.config)
    rt.assistant.brain = brain
    rt.services.llm = brain.answerer
    rt.assistant.stream_replies = True
    events: list = []
    rt.bus.subscribe(events.append)
    return rt, events


def test_an_answer_goes_out_sentence_by_sentence_before_the_turn_ends(streaming):
    rt, events = streaming
    turn = rt.assistant.handle_text("what is the longest river in the world")
    kinds = [type(e).__name__ for e in events]
    sentences = [e.text for e in events if isinstance(e, ev.ReplySentence)]
    assert sentences == ["The Nile is the longest river.", "It flows north through eleven countries.",
                         "It ends in the Mediterranean Sea."]
    assert all(e.turn_id == turn.turn_id for e in events if isinstance(e, ev.ReplySentence))
    assert kinds.index("ReplySentence") < kinds.index("TurnFinished")
    assert turn.streamed == sentences and turn.spoken == " ".join(sentences)


def test_without_a_voice_to_speak_them_nothing_streams(streaming):
    rt, events = streaming
    rt.assistant.stream_replies = False
    turn = rt.assistant.handle_text("what is the longest river in the world")
    assert not [e for e in events if isinstance(e, ev.ReplySentence)] and turn.streamed == []
    assert turn.spoken.startswith("The Nile is the longest river.")


def test_barge_in_ends_the_generation(streaming):
    rt, events = streaming

    def stop_after_first(e):
        if isinstance(e, ev.ReplySentence):
            rt.assistant.stop_reply()
    rt.bus.subscribe(stop_after_first)
    turn = rt.assistant.handle_text("what is the longest river in the world")
    assert [e.text for e in events if isinstance(e, ev.ReplySentence)] == ["The Nile is the longest river."]
    assert turn.spoken == "The Nile is the longest river."        # what was said is what stays


@pytest.mark.parametrize("text, cut", [
    ('To spell it, use: "necessary," "necessary," "necessary," "necessary,"', 'To spell it, use: "necessary,".'),
    ("The answer is 42 and 42 and 42 and 42 and", "The answer is 42 and."),
    ("Lima is the capital of Peru. Lima is the capital of Peru. Lima is the capital of Peru.",
     "Lima is the capital of Peru."),
    ("no no no", None),                                    # three of one word may be meant
    ("Paris is the capital of France, and France is in Europe.", None),
])
def test_a_phrase_the_model_repeats_is_said_once(text, cut):
    from jarvis_tui.assistant.reply_stream import repetition_cut
    assert repetition_cut(text) == cut


def test_a_looping_answer_ends_the_generation_and_is_spoken_once():
    """The model writing one word until its token limit ("how do you spell necessary" gave forty
    "necessary,"): the stream says it once and the generation ends; so does the answer without a
    stream (a command asking for words)."""
    loop = 'You spell it: ' + '"necessary," ' * 40
    sent = []
    s = SentenceStream(sent.append)
    stopped_at = None
    for i, word in enumerate(loop.split(" ")):
        if s.feed(word + " ") is False:
            stopped_at = i
            break
    s.finish()
    assert stopped_at is not None and stopped_at < 10 and s.looped
    assert sent == ['You spell it: "necessary,".']
    from jarvis_tui.assistant.conversation import LlmTextAnswerer
    backend = ScriptedBackend([loop, "A sentence. A sentence. A sentence. And more."])
    answerer = LlmTextAnswerer(backend)
    assert answerer.answer("how do you spell necessary") == 'You spell it: "necessary,".'
    answerer.stream = s2 = SentenceStream(lambda x: None)
    assert answerer.answer("say it") == "A sentence." and s2.looped
