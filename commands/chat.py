"""chat: small talk. The LLM writes the assistant's reply into `message`, which is spoken as is."""
from __future__ import annotations

from typing import Any

from commands._common import examples, fail, say
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, JarvisCommandBase,
                            JarvisParameter, RequestInformation)

NO_LLM = "The language model isn't loaded, so I can't chat right now."
SYSTEM = ("You are Jarvis, a friendly voice assistant. Reply to the user's small talk in one or two short, "
          "warm spoken sentences. No lists, no markdown.")


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
        return [JarvisParameter("message", "string", required=False,
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

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Hey Jarvis, how's it going?", {"message": "Pretty good, thanks! What can I do for you?"}),
            ("Good morning!", {"message": "Good morning! Hope you slept well."}),
            ("Thanks Jarvis, you're awesome", {"message": "You're welcome, happy to help."}),
            ("What do you think about space travel?", {"message": "I think it's thrilling. Mars would be quite a trip."}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples([
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
        reply = llm.answer(request_info.voice_command, system=SYSTEM, max_tokens=80).strip()
        return say(reply or "I'm not sure what to say to that.")
