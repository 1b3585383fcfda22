"""chat: small talk. The LLM writes the assistant's reply into `message`, which is spoken as is."""
from __future__ import annotations

import re
from typing import Any

from commands._common import examples, fail, say
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, JarvisCommandBase,
                            JarvisParameter, RequestInformation)

NO_LLM = "The language model isn't loaded, so I can't chat right now."
SYSTEM = ("You are Jarvis, a friendly voice assistant that runs entirely on the user's own computer, offline. "
          "You are an open-source project, not a product of any company. Reply to the user's small talk in one "
          "or two short, warm spoken sentences. No lists, no markdown.\n"
          "Example: user: Who made you? Jarvis: I'm an open-source project, running right here on your computer.\n"
          "Example: user: Are you ChatGPT? Jarvis: No, I'm Jarvis, a local assistant on your computer.\n"
          "Example: user: How are you? Jarvis: Doing well, thanks! How about you?\n"
          "Example: user: I'm so tired. Jarvis: Sounds like a long day. Maybe a short break would help?")


_VOCATIVE = re.compile(r"^\s*(?:(?:hey|hi|ok|okay)\s+)?jarvis\b[,.!?]*\s*|[,\s]+jarvis\b[.!?]*\s*$", re.I)
# the assistant's own name said in its reply as if to the user ("Goodnight, Jarvis!"): the user is not Jarvis
_REPLY_VOCATIVE = re.compile(r",\s*jarvis(?=\s*(?:[!.?,]|$))|^\s*(?:hey\s+|hi\s+)?jarvis\s*[,!]\s*", re.I)


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('okay thanks', {}), ('i just got back from the gym', {}),
 ('my day was pretty long', {}), ("i'm feeling a bit down today", {}),
 ('the train was late again this morning', {}), ('i finally finished my project', {}),
 ('we had pasta for dinner', {}), ("it's my birthday today", {}), ('do you like music', {}),
 ("what's your favourite colour", {}), ('are you a robot', {}), ("you're really helpful", {}),
 ('good night jarvis', {}), ('i love you', {}), ('can you keep a secret', {}), ('tell me about yourself', {}),
 ("i'm so tired", {}), ('my team won the match', {}), ('sorry my mistake', {}), ('what are you up to', {}),
 ('do you ever sleep', {}), ('i had a great weekend', {}), ('the weather was lovely at the park today', {}),
 ('my cat just knocked over a plant', {}), ("you're funny", {}),
 ("what's the best thing about being an assistant", {}), ('guess what happened today', {}), ("i'm bored", {}),
 ('how old are you', {}), ('who made you', {})]
# remarks about the user's own day (nothing to do, just to answer) and questions about the assistant
_MORE_EXAMPLES += [
 ('i went to the dentist this morning', {}), ('work was so stressful today', {}),
 ('i ran into an old friend at the supermarket', {}), ('the bus was packed on the way home', {}),
 ('i had back to back calls all afternoon', {}), ("i'm off to bed soon", {}),
 ('i got a promotion at work', {}), ('my kids are driving me crazy', {}),
 ('i got caught in a downpour on the way back', {}), ('traffic was awful this morning', {}),
 ('i spent the whole afternoon in the garden', {}), ("we're having friends over tonight", {}),
 ('what can you not do', {}), ('what do you think of me', {}), ('do you have feelings', {}),
 ('are you smarter than me', {}), ("what's your favourite food", {}), ('give me some life advice', {}),
 ('cheer me up', {}), ("i can't sleep", {}), ('how was your day', {}), ('do you dream', {}),
 ('what languages do you speak', {}), ('you would not believe the day i had', {}),
]
# opinions, wishes, hypotheticals and remarks: answered in words, nothing to do
_MORE_EXAMPLES += [(t, {}) for t in [
 'i just won a hundred dollars on a scratch card',
 "what's the meaning of life",
 'what happens after we die',
 'do you believe in ghosts',
 'if you could be any animal what would you be',
 'would you rather be rich or famous',
 "what's your opinion on pineapple on pizza",
 "i think i'm in love",
 'i need some motivation',
 'say something nice',
 'can you sing',
 'what do you do for fun',
 'are you listening to me',
 "that's not what i asked",
 "you're wrong about that",
 "i'm hungry",
 "i'm nervous about my exam tomorrow",
 'my best friend is getting married',
 "what's your star sign",
 'tell me a secret',
 'the world is a strange place',
 'who is your best friend',
 'what is love',
 'why are you so slow',
 'you are the best assistant ever',
 'i feel lonely',
 'what do you think about artificial intelligence',
 'are you alive',
 'can you think for yourself',
 'what would you do with a million dollars',
 'i wish i was on holiday',
 'should i learn to play the guitar',
 'do you get bored',
 'i miss my family',
]]
# thanks, and what the user says of the assistant's last answer (a reaction, not a request): answered
# in words; "thanks for your help" went to the capabilities list, "that was awful" was declined
_MORE_EXAMPLES += [(t, {}) for t in [
 'thanks a lot', 'cheers for that', 'much appreciated', 'thank you for helping me out', 'thanks that was useful',
 'thanks a million', "thanks that's very kind of you", 'thank you for the help earlier',
 'that was awful', "that's not right", 'that answer makes no sense', 'nice one', 'wow really',
 'that made me laugh', "that's hilarious", 'that joke was lame', 'not funny at all', 'good answer',
 'interesting', "i didn't know that", 'you got that wrong', 'well done', 'ha good one',
]]
_NEGATIVES: list[str] = []
_DOMAIN_WORDS: list[str] = []


class ChatCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "chat"

    @property
    def description(self) -> str:
        return ("Small talk: greetings, thanks, how are you, opinions, chit-chat. `message` is YOUR OWN short "
                "conversational reply to the user, spoken exactly as written.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("message", "string", required=False, from_user=False,
                                description="The assistant's reply to speak, e.g. 'Doing great, thanks! How about you?'")]

    @property
    def allow_direct_answer(self) -> bool:
        return True

    @property
    def keywords(self) -> list[str]:
        return ["hello", "hi", "thanks", "how are you", "good morning"]

    @property
    def rules(self) -> list[str]:
        return ["Write the reply itself in message, not the user's words.", "Keep it to one or two sentences."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("answer_question", "Who invented the telephone? (a factual question)"),
                CommandAntipattern("tell_joke", "Tell me a joke")]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Hey Jarvis, how's it going?", {"message": "Pretty good, thanks! What can I do for you?"}),
            ("Good morning!", {"message": "Good morning! Hope you slept well."}),
            ("Thanks Jarvis, you're awesome", {"message": "You're welcome, happy to help."}),
            ("What do you think about space travel?", {"message": "I think it's thrilling. Mars would be quite a trip."}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Hey Jarvis, how's it going?", {"message": "Pretty good, thanks! What can I do for you?"}),
            ("Good morning!", {"message": "Good morning! Hope you slept well."}),
            ("Hello there", {"message": "Hi there! What's up?"}),
            ("Hi Jarvis", {"message": "Hi! Ready when you are."}),
            ("Good evening, how are you?", {"message": "I'm well, thanks. How's your evening going?"}),
            ("What's up?", {"message": "Not much, just hanging out. What's on your mind?"}),
            ("How's your day going?", {"message": "Can't complain. How's yours?"}),
            ("Do you have a favorite color?", {"message": "I'll pick deep blue. It feels calm."}),
            ("Tell me about yourself", {"message": "I'm Jarvis, your voice assistant. I do timers, lists, weather and more."}),
            ("I'm having a great day", {"message": "Love to hear it! Anything fun going on?"}),
            ("Thanks Jarvis, you're awesome", {"message": "You're welcome, happy to help."}),
            ("Let's just chat for a bit", {"message": "Sure, what's on your mind?"}),
            ("Good night", {"message": "Good night! Sleep well."}),
            ("I'm bored", {"message": "Want a joke, or shall we plan something fun?"}),
            ("You're funny", {"message": "Thanks, I try my best."}),
            ("How are you doing today?", {"message": "Doing great, thanks for asking!"}),
            ("Tell me something interesting", {"message": "Octopuses have three hearts. Pretty neat, right?"}),
            ("What do you think about space travel?", {"message": "I think it's thrilling. Mars would be quite a trip."}),
            ("I'm tired", {"message": "Sounds like it's time for a break. Maybe a cup of tea?"}),
            ("Nice to meet you", {"message": "Nice to meet you too!"}),
            ("Are you a robot?", {"message": "I'm a voice assistant running right here on your computer."}),
        ])

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        message = str(kwargs.get("message") or "").strip()
        if message:
            return say(message)
        llm = self.services.llm if self.services else None
        if llm is None:
            return fail(NO_LLM, reason="no_llm")
        # the assistant's name said to it ("good morning jarvis") is not the user's: the small model
        # answered "Good morning, Jarvis!"
        said = _VOCATIVE.sub("", request_info.voice_command).strip() or request_info.voice_command
        reply = without_own_name(llm.answer(said, system=SYSTEM, max_tokens=80))
        return say(reply or "I'm not sure what to say to that.")


def without_own_name(reply: str) -> str:
    """The model's reply without the assistant's name used as if the user were called that."""
    out = _REPLY_VOCATIVE.sub("", reply.strip()).strip()
    return out[:1].upper() + out[1:] if out else out
