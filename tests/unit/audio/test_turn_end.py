"""The end of a turn follows what was said: where requests do not end (grammar and the commands'
own examples), and the endpointer waiting longer after unfinished words; with a real plugin
command's examples, and on the real voice through the voice loop's own endpointer."""
from __future__ import annotations

import textwrap

import numpy as np
import pytest

from jarvis_tui.audio.endpointer import FRAME, Endpointer, EndpointerConfig, Pause, Utterance
from jarvis_tui.audio.turn_end import TurnEnd

FRAME_S = FRAME / 16000
EXAMPLES = [
    "remind me to water the plants", "remind me about the meeting at noon", "remind me to call mum tomorrow",
    "convert ten miles to kilometres", "convert five pounds to kilos", "convert 3 cups to millilitres",
    "what's the weather like", "what's the time", "what's the capital of peru",
    "turn it on", "switch the fan on",
]


@pytest.mark.parametrize("text, unfinished", [
    ("set a timer for", True),             # a preposition that needs its object
    ("add eggs, milk and", True),          # a conjunction
    ("what's the", True),                  # a determiner
    ("remind me", True),                   # a pair that opens requests and never ends one
    ("convert", True),                     # a bare verb the examples always continue
    ("set a timer for it.", True),         # the pronoun whisper adds to a dangling preposition
    ("send a message to them", True),
    ("remind me too.", True),              # "to" written as it sounds
    ("start a timer 4", True),             # ... and "for"
    ("set a timer for one hour end.", True),   # ... and "and"
    ("remind me every morning at 7 2.", True),
    ("what is it good for", False),
    ("what is six hundred minus", True),   # an operator needs its second number
    ("what do you think of it", False),    # a question may end so
    ("remind me to water the plants", False),
    ("turn it on", False),
    ("what town are you from", False),     # a question strands its preposition
    ("what is the timer set for", False),
    ("no", False),
    ("", False),
    ("how many grams are in", True),       # "in" closes (almost) no request, even a question
    ("what time is it in?", True),
    ("remind me to water the plants in.", True),
    ("turn the radio on", False),          # ... while "on" often does, as a particle
    ("start a timer for us.", True),       # "us" filling a dangling "for"
    ("remind me at noon-two", True),       # a hyphen whisper puts inside the last word
])
def test_unfinished_words(text, unfinished):
    assert TurnEnd(EXAMPLES).unfinished(text) is unfinished


def test_what_the_examples_do_not_show_often_enough_is_not_learned():
    te = TurnEnd(["convert a to b", "convert c to d"])          # seen twice: not enough
    assert not te.unfinished("convert") and "convert" not in te.openers


def test_in_ends_a_request_only_as_the_examples_end_one():
    """After the same word ("... are we in"), or after the same opening verb often enough ("log ... in")."""
    te = TurnEnd(EXAMPLES + ["what month are we in", "log me in", "log the printer in", "log us in"])
    assert not te.unfinished("what month are we in") and te.unfinished("what year is it in")
    assert not te.unfinished("log the admin in")
    assert te.unfinished("what is the weather in")
    few = TurnEnd(EXAMPLES + ["log me in", "log us in"])        # seen twice: not enough
    assert few.unfinished("log the admin in") and not few.unfinished("log me in")


def test_a_word_always_inside_requests_is_waited_past():
    """A connector: seen inside the examples again and again, never at their end ("... in Paris")."""
    cities = ["Paris", "Lisbon", "Oslo", "Rome", "Tokyo", "Lima", "Cairo", "Quito", "Bern"]
    te = TurnEnd([f"what's the weather in {c}" for c in cities] + ["turn it on", "switch the fan on"])
    assert "in" in te.connectors and te.unfinished("will it rain in") and te.unfinished("what's the weather in")
    assert not te.unfinished("will it rain in Paris")
    assert "on" not in te.connectors                        # requests end with it: not waited for
    few = TurnEnd([f"what's the weather in {c}" for c in cities[:5]])
    assert "in" not in few.connectors                       # seen too few times to say


@pytest.mark.parametrize("text", ["do you know any jokes about", "what is the capital of", "what's ten minus",
                                  "remind me to"])
def test_the_built_in_examples_keep_connectors_unfinished(rt, text):
    """Learned from the commands' own examples as the voice loop learns it: three reminder examples that ended in
    "about" made it a word that ends requests, and "do you know any jokes about" (a pause) was cut in two."""
    assert TurnEnd.learned_from(rt.registry).unfinished(text)


def test_a_plugin_commands_examples_teach_its_own_phrasings(make_runtime, config_dir):
    """A command dropped into <config dir>/commands/ is learned from its examples alone."""
    (config_dir / "commands").mkdir()
    (config_dir / "commands" / "lamp.py").write_text(textwrap.dedent('''
        from jarvis_tui.sdk import CommandExample, CommandResponse, JarvisCommandBase, JarvisParameter

        class DimLamp(JarvisCommandBase):
            command_name = "dim_lamp"
            description = "Dim the desk lamp"
            parameters = [JarvisParameter("level", "int")]

            def generate_adapter_examples(self):
                return [CommandExample(f"dim the desk lamp to {n} percent") for n in (10, 20, 30, 40)]

            def run(self, request_info, **kw):
                return CommandResponse.final_response({"message": "Dimmed."})
    '''), encoding="utf-8")
    rt = make_runtime()
    assert "dim_lamp" in [c.command_name for c in rt.registry]
    from jarvis_tui.assistant.intent_router import build_training_set
    data = build_training_set(rt.registry)
    te = TurnEnd(t for t, w in zip(data.texts, data.weights) if w >= 1.0)
    assert te.unfinished("dim the desk lamp to") and te.unfinished("dim")
    assert not te.unfinished("dim the desk lamp to 30 percent")


@pytest.mark.parametrize("text, accepted, reason, confidence, unfinished", [
    ("That's it.", True, "", 0.57, True),          # "Put" alone, made no sense of
    ("Mute forward.", True, "", 0.59, True),       # "mute for" heard wrong
    ("Set the vol unit up.", True, "", 0.41, True),
    ("Tell", False, "low_confidence", 0.28, True),   # rejected as unsure: the rest may make it out
    ("", False, "no_speech", 0.1, False),         # noise ends as before
    ("Hey Jarvis", False, "wake_word_only", 0.9, False),   # the wake word alone opens the window at once
    ("what time is it", True, "", 0.93, False),   # made out clearly and finished
    ("set a timer for", True, "", 0.9, True),     # made out clearly, read by the words
    ("how tall is mound to kill lemon jarrow", True, "", 0.47, False),   # unsure but long: not a fragment
    ("convert ten kilometres to", True, "", 0.47, True),                 # ... the words still count
])
def test_words_whisper_is_unsure_of_are_not_an_end(text, accepted, reason, confidence, unfinished):
    te = TurnEnd(EXAMPLES, unsure_below=0.6)
    assert te.heard_unfinished(text, accepted, reason, confidence) is unfinished
    # switched off (audio.unsure_confidence = 0): only the words decide, and a rejection ends
    assert TurnEnd(EXAMPLES).heard_unfinished(text, accepted, reason, confidence) is \
        (accepted and te.unfinished(text))


def test_an_embedded_questions_verb_ends_it():
    """Examples that have "is" inside again and again teach that a request does not end on it;
    an embedded question puts it last after its subject, and there it does."""
    examples = [f"what is the {w} today" for w in "weather time date news forecast temperature plan".split()]
    examples += ["is it going to rain", "how much is a pound in grams", "who is on my calendar"]
    te = TurnEnd(examples)
    assert te.unfinished("what is") and te.unfinished("tell me what is")
    assert te.unfinished("how many grams is") and te.unfinished("the forecast for tomorrow is")
    assert not te.unfinished("do you know what day of the week it is")
    assert not te.unfinished("what did i say my locker code was")
    assert not te.unfinished("do you know where my keys are")


@pytest.mark.parametrize("text, alternatives, unfinished", [
    # the beam's best reading looks finished; its next one reads the end as the dangling "to"
    ("remind me every morning at 7.2", ["remind me every morning at 7 to"], True),
    ("water the plants and", [], True),                                    # the best reading alone
    ("send an e-mail tool", ["send an email too"], True),                  # spelled two ways
    ("turn the oven off at six", ["turn the oven off at 6", "turn the oven of at six"], False),
    # readings that stop early or loop are the beam's noise, not how it heard the end
    ("what is the capital of canada", ["what is the capital of"], False),
    ("do i need an umbrella today", ["do i need an umbrella today do i need an umbrella today do"], False),
    # a reading that differs before the last two words is another sentence, not the same end
    ("book the table for six", ["look at the cable for"], False),
])
def test_the_beams_next_readings_of_the_end_count(text, alternatives, unfinished):
    te = TurnEnd(EXAMPLES)
    assert not te.unfinished(text) or not alternatives
    assert te.heard_unfinished(text, True, "", 0.9, alternatives) is unfinished


def test_the_reading_without_the_prompt_counts_too():
    """With stt.context, whisper's prompt of whole requests makes it finish a fragment as a sentence
    ("start a timer for" heard "Start a timer first."); the same audio read without the prompt still
    ends in "for": either reading that stops where no request ends keeps the request open."""
    from jarvis_tui.audio.stt import SttResult
    te = TurnEnd(EXAMPLES, unsure_below=0.6)
    prompted = SttResult("Start a timer first.", True, confidence=0.8)
    assert not te.result_unfinished(prompted)
    prompted.unprompted = SttResult("Start a timer for", True, confidence=0.7)
    assert te.result_unfinished(prompted)
    # an unsure reading without the prompt cannot say the request is finished either
    prompted.unprompted = SttResult("Start a time of", False, "low_confidence", confidence=0.3)
    assert te.result_unfinished(prompted)
    # finished both ways: the utterance ends
    prompted = SttResult("Start a timer for five minutes.", True, confidence=0.8,
                         unprompted=SttResult("start a timer for 5 minutes", True, confidence=0.7))
    assert not te.result_unfinished(prompted)


def _run(probs, turn_end=None, **cfg):
    config = EndpointerConfig(hangover_ms=300, tail_ms=150, **cfg)
    ep = Endpointer(config, turn_end)
    out = []
    for p in probs:
        out += ep.process(np.zeros(FRAME, np.float32), p)
    return out


def _frames(seconds):
    return int(round(seconds / FRAME_S))


# one second of speech, a 0.7 s pause, one more second of speech, then silence
PAUSED = [0.9] * _frames(1.0) + [0.0] * _frames(0.7) + [0.9] * _frames(1.0) + [0.0] * _frames(2.0)


def test_a_pause_after_finished_words_ends_the_utterance():
    utts = [e for e in _run(PAUSED, lambda key: False) if isinstance(e, Utterance)]
    assert len(utts) == 2 and utts[0].endpoint_ms == pytest.approx(300, abs=40)


def test_a_pause_after_unfinished_words_does_not_cut_the_request():
    asked: list[int] = []

    def unfinished(key: int) -> bool:
        asked.append(key)
        return key == 0                     # the first Pause's words end in "for"
    events = _run(PAUSED, unfinished)
    utts = [e for e in events if isinstance(e, Utterance)]
    assert len(utts) == 1 and utts[0].voiced_ms == pytest.approx(2000, abs=70)
    assert utts[0].endpoint_ms == pytest.approx(300, abs=40)      # the finished end is not held back
    assert {e.key for e in events if isinstance(e, Pause)} == {0, 1} and 1 in asked


def test_words_not_known_yet_are_waited_for_within_bounds():
    probs = [0.9] * _frames(1.0) + [0.0] * _frames(3.0)
    utts = [e for e in _run(probs, lambda key: None, transcript_wait_ms=600) if isinstance(e, Utterance)]
    assert len(utts) == 1 and utts[0].endpoint_ms == pytest.approx(900, abs=40)


def test_unfinished_words_wait_only_so_long():
    probs = [0.9] * _frames(1.0) + [0.0] * _frames(3.0)
    utts = [e for e in _run(probs, lambda key: True, unfinished_hangover_ms=1000) if isinstance(e, Utterance)]
    assert len(utts) == 1 and utts[0].endpoint_ms == pytest.approx(1300, abs=40)
