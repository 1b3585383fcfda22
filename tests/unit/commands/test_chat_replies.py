"""chat's check of the small model's small-talk reply (commands/chat.py `small_talk_reply`): replies of
the kinds the bundled 0.5B wrote and no prompt taught it out of (the user's words said as its own, a
refusal of a remark, cheer for a low mood, a promise in place of cheering up, a question thrown back)
are replaced; a good reply is spoken as the model wrote it. The model is a fake that says what a test
gives it; what the real model says is measured by hand, never asserted."""
from __future__ import annotations

import pytest

from command_helpers import ask
from commands.chat import judges_the_reply, small_talk_reply
from jarvis_tui.sdk import RequestInformation


class ScriptedAnswerer:
    """A TextAnswerer that answers with the given replies, one a call, and records what it was asked."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.asked: list[tuple[str, str | None, int]] = []

    def answer(self, user_text: str, system: str | None = None, max_tokens: int = 160, stream: bool = True) -> str:
        self.asked.append((user_text, system, max_tokens))
        self.streamed = stream
        return self.replies.pop(0)


def reply_to(said: str, model_says: str) -> str:
    return small_talk_reply(ScriptedAnswerer(model_says), said)


@pytest.mark.parametrize("said,model_says", [
    ("i'm making pasta", "I'm making pasta! How about you?"),
    ("i'm feeling kind of down today", "I'm feeling kind of down today, but I'm not feeling like a long day."),
    ("i'm off to the shops", "Sure, I'm ready to go to the shops!"),
    ("i feel shattered", "I'm feeling very tired, but I'm doing well."),
    ("my bike got a flat tyre", "My bike got a flat tyre, but I'm glad you're here."),
    ("i'm heading to the dentist", "I'm heading to the dentist, thank you for asking!"),
])
def test_the_users_own_words_are_never_said_as_the_assistants(said, model_says):
    spoken = reply_to(said, model_says)
    assert spoken and not spoken.lower().startswith(("i'm", "i feel", "my", "sure"))


@pytest.mark.parametrize("said,model_says", [
    ("i'm going to bed", "I'm sorry, but I can't assist with that."),
    ("my tea went cold", "Sorry, I can't help with that."),
    ("the bus was packed", "I'm not sure what you mean. Could you provide more context?"),
    ("that was a silly answer", "Sorry, I didn't understand that."),
])
def test_a_remark_is_never_refused(said, model_says):
    spoken = reply_to(said, model_says)
    assert "can't" not in spoken and "context" not in spoken and "understand" not in spoken


@pytest.mark.parametrize("said,model_says", [
    ("honestly i'm having a rough week", "Sure, I'm glad you're feeling better!"),
    ("i'm so stressed", "That's great, have fun!"),
    ("i feel lonely tonight", "You're welcome! I'm glad I could help."),
])
def test_a_low_mood_gets_sympathy_not_cheer(said, model_says):
    assert reply_to(said, model_says).startswith("Sorry")


@pytest.mark.parametrize("said,model_says", [
    ("can you cheer me up", "Sure, I'm glad you're feeling well! Let's cheer up together!"),
    ("say something to make me smile", "Sure, I'd be happy to make you smile!"),
    ("can you make me feel better", "Sure, I can help you feel better! What's on your mind?"),
    ("tell me something nice", "I'm glad you found the information helpful!"),
])
def test_a_request_to_be_cheered_up_gets_something_cheerful(said, model_says):
    spoken = reply_to(said, model_says)
    assert spoken != model_says and "glad" not in spoken and not spoken.startswith("Sure")


@pytest.mark.parametrize("said,model_says", [
    ("nice one", "That's a great idea! Sea otters hold hands while they sleep, so they don't drift apart."),
    ("actually not cheese", "That's a great idea! Sea otters hold hands while they sleep, so they don't drift apart."),
    ("i'm off to the shops", "Sea otters hold hands while they sleep so they don't drift apart."),
])
def test_the_prompts_happy_thought_is_said_only_when_cheer_is_asked(said, model_says):
    """The small model copied the happy thought of chat's "Cheer me up." example for remarks that asked for
    none."""
    assert "otters" not in reply_to(said, model_says)
    cheer = "Here's a happy thought: sea otters hold hands while they sleep so they don't drift apart."
    assert reply_to("cheer me up", cheer) == cheer


@pytest.mark.parametrize("said,model_says,spoken", [
    ("good night", "Good night! How about you?", "Good night!"),
    ("i'm heading off now", "Have a lovely evening! And you?", "Have a lovely evening!"),
    ("how are you", "Doing well, thanks! How about you?", "Doing well, thanks! How about you?"),
])
def test_a_question_is_handed_back_only_to_a_question(said, model_says, spoken):
    assert reply_to(said, model_says) == spoken


@pytest.mark.parametrize("said,model_says", [
    ("i'm back from the gym", "You're back from the gym!"),
    ("it's snowing again", "It's snowing again, but I'm not sure what to do."),
    ("you are so slow", "You're so slow, I'll try to do better."),
])
def test_the_users_statement_said_back_to_them_is_replaced(said, model_says):
    assert reply_to(said, model_says) != model_says


def test_the_prompts_instructions_are_never_the_reply():
    spoken = reply_to("you're hopeless", "I'm not hopeless, just a friendly voice assistant that runs entirely "
                                         "on the user's own computer, offline.")
    assert "runs entirely" not in spoken


def test_thanks_never_given_are_not_acknowledged():
    assert "welcome" not in reply_to("i dropped my keys down the drain", "You're welcome, any time.").lower()
    assert reply_to("thanks for that", "You're welcome, any time.") == "You're welcome, any time."


def test_a_lecture_is_cut_to_two_sentences_without_its_list():
    spoken = reply_to("i'm worn out", "Sorry to hear that. Rest helps. Here are some tips: 1. **Sleep**: get "
                                      "eight hours. 2. **Water**: drink plenty.")
    assert spoken == "Sorry to hear that. Rest helps."


@pytest.mark.parametrize("said,model_says", [
    ("i'm making soup", "Sounds lovely, enjoy!"),
    ("i got the job", "That's wonderful news, congratulations!"),
    ("i'm feeling a bit low", "Sorry to hear that. I hope things get better soon."),
    ("thanks a lot", "You're welcome, any time."),
    ("i just finished a great book", "That's great! I'm glad you enjoyed it."),
    ("good morning", "Good morning!"),
    ("you're brilliant", "Thank you, that's kind of you to say!"),
    ("thanks, i really needed that help", "I'm glad I could help!"),
    ("i'm so happy today", "I'm happy for you!"),
    ("cheers mate", "You're welcome!"),
])
def test_a_good_reply_is_spoken_as_the_model_wrote_it(said, model_says):
    assert reply_to(said, model_says) == model_says


def test_the_model_is_asked_once_for_a_short_reply():
    llm = ScriptedAnswerer("I'm making pasta! How about you?")
    small_talk_reply(llm, "i'm making pasta")
    assert len(llm.asked) == 1 and llm.asked[0][0] == "i'm making pasta" and llm.asked[0][2] <= 64


def test_a_whole_turn_speaks_the_checked_reply(rt):
    rt.services.llm = ScriptedAnswerer("I'm sorry, but I can't assist with that.")
    turn, _ = ask(rt, "i'm going to bed now")
    assert [c.name for c in turn.tool_calls] == ["chat"]
    assert turn.spoken and "can't" not in turn.spoken


def test_a_reply_the_routing_model_wrote_is_checked_too(rt):
    rt.services.llm = ScriptedAnswerer("Sounds tasty, enjoy!")
    chat = rt.registry.get("chat")
    said = RequestInformation(voice_command="i'm making pasta")
    assert chat.execute(said, message="I'm making pasta! How about you?").context_data["message"] == "Sounds tasty, enjoy!"
    assert chat.execute(said, message="Ooh, pasta night!").context_data["message"] == "Ooh, pasta night!"


@pytest.mark.parametrize("said, model_says", [("are you chatgpt", "Yes, I am a chatgpt."),
                                              ("who made you", "I was created by OpenAI."),
                                              ("what are you", "I'm Qwen, a large language model.")])
def test_another_assistants_identity_is_never_said(said, model_says):
    """The bundled model said it was "a chatgpt" once the prompt's identity examples were gone."""
    from commands.chat import WHAT_I_AM
    assert reply_to(said, model_says) == WHAT_I_AM
    assert reply_to("who made you", "A team of open-source developers.") == "A team of open-source developers."
    # its identity as the prompt words it ("the user's own computer") is said as it says it to the user
    assert reply_to("who made you", "An open-source project, running on your computer.") == WHAT_I_AM


@pytest.mark.parametrize("said,model_says", [
    ("how old are you", "I'm 25 years old."),
    ("where do you live", "I live in a small town in the United States."),
    ("do you have feelings", "Yes, I do have feelings."),
    ("what do you do at the weekend", "I usually visit my parents and play football."),
    ("are you married", "No, but I have a family of my own."),
    ("are you alive", "Yes, I am alive."),
    ("do you sleep", "Yes, I sleep."),
    ("where are you from", "I'm from a small town in the United States."),
])
def test_a_persons_life_is_never_told_as_the_assistants(said, model_says):
    """The small model answered questions about itself as a person would (an age, a home town)."""
    from commands.chat import NOT_A_PERSON
    assert reply_to(said, model_says) == NOT_A_PERSON


@pytest.mark.parametrize("said,model_says", [
    ("do you like music", "Yes, I like music."),
    ("what's your favourite colour", "My favourite colour is blue."),
    ("can you sing", "I can't sing, but I can tell you a joke."),
])
def test_a_question_to_the_assistant_is_answered_in_its_own_words(said, model_says):
    """Its answer in the first person is what was asked for: "do you like music" had been taken for
    praise and its answer for the user's words said back ("Thank you, that's kind of you to say!")."""
    assert reply_to(said, model_says) == model_says


def test_its_identity_in_the_prompts_words_is_said_in_its_own(rt):
    from commands.chat import WHAT_I_AM
    said = "what's your name"
    assert reply_to(said, "I'm Jarvis, a friendly voice assistant that runs entirely on the user's own computer, "
                          "offline.") == WHAT_I_AM


def test_the_reply_is_checked_before_a_voice_says_any_of_it():
    """Streamed, a reply's first sentence went to the speaker before the check could replace it."""
    model = ScriptedAnswerer("I'm making pasta! How about you?")
    small_talk_reply(model, "i'm making pasta")
    assert model.streamed is False


def test_a_reply_asked_not_to_stream_sends_no_sentence_before_it_is_written():
    from jarvis_tui.assistant.conversation import LlmTextAnswerer
    from jarvis_tui.assistant.reply_stream import SentenceStream
    from jarvis_tui.llm.backend import Completion

    class Backend:
        def complete(self, messages, on_text=None, **kw):
            for piece in ("Hello there. ", "How are you?"):
                on_text(piece)
            return Completion(text="Hello there. How are you?")

    sent: list[str] = []
    answerer = LlmTextAnswerer(Backend())
    answerer.stream = SentenceStream(sent.append)
    assert answerer.answer("hi", stream=False) == "Hello there. How are you?" and sent == []
    answerer.answer("hi")
    assert sent[:1] == ["Hello there."]


class ContextAnswerer(ScriptedAnswerer):
    """A ScriptedAnswerer that also records what was said before the remark."""

    def answer(self, user_text, system=None, max_tokens=160, stream=True, earlier=()):
        self.earlier = list(earlier)
        return super().answer(user_text, system, max_tokens, stream)


def test_a_remark_that_points_back_is_read_after_what_it_is_about(rt):
    """"that was terrible" after a joke was answered as news of the user's day ("Sorry to hear that. I hope
    things get better soon."): the model had the remark alone. It reads the joke first, and a reply it
    cannot give falls back to an apology for the assistant's own words."""
    ask(rt, "tell me a joke about cats")
    joke = rt.assistant.last_exchange()
    assert joke is not None and joke[0] == "tell me a joke about cats"
    model = ContextAnswerer("I'm sorry, but I can't assist with that.")
    rt.services.llm = model
    r = rt.registry.get("chat").execute(RequestInformation("that was terrible"))
    assert model.earlier == [joke]
    assert r.message == "Sorry I let you down. I'll try to do better."


def test_a_remark_that_stands_on_its_own_is_read_alone(rt):
    ask(rt, "tell me a joke about cats")
    model = ContextAnswerer("Nice, enjoy your pasta!")
    rt.services.llm = model
    rt.registry.get("chat").execute(RequestInformation("i'm making pasta"))
    assert model.earlier == []


@pytest.mark.parametrize("said,model_says,spoken", [
    ("you're pretty clever", "That's amazing! I'm glad you found it interesting.", "Thank you, that's kind of you to say!"),
    ("you're the best", "Great to hear!", "Thank you, that's kind of you to say!"),
    ("you're brilliant", "Thanks, I try my best!", "Thanks, I try my best!"),
    ("you're so clever", "Aww, that's very kind of you.", "Aww, that's very kind of you."),
    ("you're really useful", "Jarvis is really helpful! How can I assist you today?", "Thank you, that's kind of you to say!"),
    ("you're hilarious", "That's a great joke! I'm glad you found it amusing.", "Thank you, that's kind of you to say!"),
    # praise said with "not" is none: thanked, it was "Thank you, that's kind of you to say!"
    ("you're not very smart are you", "Thank you for the compliment!", "Sorry I let you down. I'll try to do better."),
    ("the party wasn't nice at all", "I'm glad you liked it!", "Sorry to hear that. I hope things get better soon."),
    ("that wasn't even funny", "I'm glad you found the thought amusing.", "Sorry to hear that. I hope things get better soon."),
    # "not any good": the praise is "good" ("Thanks for telling me!" took it for news)
    ("that joke wasn't any good", "I'm glad you enjoyed it!", "Sorry to hear that. I hope things get better soon."),
    ("you got that wrong", "I'm sorry, I didn't mean to say that. I'm glad you found the information helpful.",
     "Sorry I let you down. I'll try to do better."),
])
def test_praise_is_thanked(said, model_says, spoken):
    """The 0.5B answered "you're pretty clever" with "That's amazing! I'm glad you found it interesting.",
    as if the user had told it news; praise is thanked."""
    assert reply_to(said, model_says) == spoken


@pytest.mark.parametrize("said,judges", [
    ("boring", True), ("haha nice one", True), ("brilliant", True), ("rubbish", True), ("good one jarvis", True),
    ("so tired", False), ("i'm bored", False), ("my boss is useless", False), ("the film was boring", False),
    ("that's a really nice idea for the garden", False),
])
def test_a_bare_judgement_is_of_the_last_reply(said, judges):
    assert judges_the_reply(said) is judges


@pytest.mark.parametrize("said,model_says,spoken", [
    # holdout 28: "boring" after two jokes was answered as news of a bad day
    ("boring", "Sorry to hear that. I hope things get better soon.", "Sorry I let you down. I'll try to do better."),
    # holdout 29: "haha nice one" after a joke
    ("haha nice one", "That's great to hear! Have a great night.", "Thank you, that's kind of you to say!"),
])
def test_a_bare_judgement_after_a_joke_is_read_after_it_and_answered_as_about_it(rt, said, model_says, spoken):
    ask(rt, "tell me a joke about cats")
    joke = rt.assistant.last_exchange()
    model = ContextAnswerer(model_says)
    rt.services.llm = model
    r = rt.registry.get("chat").execute(RequestInformation(said))
    assert model.earlier == [joke] and r.message == spoken


def test_how_the_user_feels_after_a_joke_is_still_theirs(rt):
    ask(rt, "tell me a joke about cats")
    model = ContextAnswerer("Sorry to hear that. I hope things get better soon.")
    rt.services.llm = model
    r = rt.registry.get("chat").execute(RequestInformation("so tired"))
    assert model.earlier == [] and r.message == "Sorry to hear that. I hope things get better soon."
