"""What the user asked to be reminded of, asked back, is the reminders read: "what did i ask you to remind me
about" read the memories (the router ranked recall first, by "what have i asked you to remember"). The
reminder declares these questions; the phrasings here are not among its examples. What the user asked it to
remember is still the memories."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("said", ["what was i supposed to be reminded of", "what have you got to remind me about",
                                  "what were you meant to remind me of"])
def test_a_question_about_what_it_will_remind_is_the_reminders(router, said):
    assert router.rank(said)[0][0] == "reminder", router.rank(said)[:3]


@pytest.mark.parametrize("said", ["what did i tell you to remember", "what have i asked you to keep in mind"])
def test_what_it_was_asked_to_remember_is_still_the_memories(router, said):
    assert router.rank(said)[0][0] == "recall", router.rank(said)[:3]


@pytest.mark.parametrize("said", ["who's my dentist", "who is my doctor", "who's my piano teacher"])
def test_who_someone_of_the_users_is_asked_is_a_memory(router, said):
    """"who's my dentist" was declined (the router unsure between remember and small talk); recall declares
    "who is my accountant"-like questions, these are not among them. "who is the president" stays a question."""
    assert router.rank(said)[0][0] == "recall", router.rank(said)[:3]
    assert router.rank("who is the president")[0][0] == "answer_question"


@pytest.mark.parametrize("said", ["mute my microphone on the call", "can you unmute my mic"])
def test_the_microphone_is_not_the_volume(router, said):
    """"mute my microphone on zoom" muted the speakers: volume declares the microphone among its negatives."""
    assert router.rank(said)[0][0] != "volume", router.rank(said)[:3]
    assert router.rank("mute the sound")[0][0] == "volume"
