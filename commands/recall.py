"""recall: say back a fact the user asked the assistant to remember ("what's my locker code?").
The answer is made of the stored words only; when nothing was stored it says so, never a guess."""
from __future__ import annotations

import re
from typing import Any

from commands._common import claim, examples, fail, say
from commands._memories import (TALKED_ABOUT, answer, asked_topic, claim_remembered, find_meant_memory, find_memory, memory_store,
                                second_person,
                                spoken_topic)
from commands._parsing import join_words
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("what's my locker code", {"topic": "locker code"}), ("where did i park", {"topic": "park"}),
    ("what is my shoe size", {"topic": "shoe size"}), ("do you remember my doctor's name", {"topic": "doctor"}),
    ("when is my sister's birthday", {"topic": "sister's birthday"}), ("what's the wifi name", {"topic": "wifi name"}),
    ("where's the spare key", {"topic": "spare key"}), ("what did i tell you about my car", {"topic": "car"}),
    ("remind me what my bike lock code is", {"topic": "bike lock code"}),
    ("what was the plumber's number", {"topic": "plumber's number"}),
    ("what do you know about my passport", {"topic": "passport"}), ("what's my dog called", {"topic": "dog"}),
    ("tell me my gym locker number", {"topic": "gym locker"}), ("am i allergic to anything", {"topic": "allergic"}),
    ("what do you remember about me", {}), ("what have i asked you to remember", {}),
    ("list my memories", {}), ("what's my license plate again", {"topic": "license plate"}),
    ("do you know my favourite colour", {"topic": "favourite colour"}),
    ("when is our anniversary", {"topic": "anniversary"}),
    # who someone of the user's is ("who's my dentist" was declined, the router unsure between remember and chat)
    ("who is my accountant", {"topic": "accountant"}), ("who's my landlord", {"topic": "landlord"}),
    ("who was my old boss", {"topic": "old boss"}), ("who's our vet", {"topic": "vet"}),
    ("who is my emergency contact", {"topic": "emergency contact"}),
]
_NEGATIVES: list[str] = ["what's my horoscope", "what's my ip address", "what's my credit score", "who am i",
                         "what do you remember from the war"]
_DOMAIN_WORDS: list[str] = ["what did i tell you", "do you remember my", "my memories"]
_ASK = (r"(?:(?:what|who|where)(?:'s|\s+is|\s+was|\s+are|\s+were)|do\s+you\s+(?:remember|know)|tell\s+me|remind\s+me\s+(?:of\s+)?what)"
        r"\s+(?P<topic>(?:my|our)\s+[\w' ]+?)(?:\s+(?:is|was|are|again))*")


# a question about the user ("what car do i drive", "where do i work", "which gym am i a member of"); not
# one of when, nor one that names a day: a fact kept is no schedule ("which day do i see the doctor",
# "what work do i have today" are not "my doctor is doctor patel", "i work at the hospital")
_ABOUT_ME = (r"(?!.*\b(?:today|tomorrow|tonight|yesterday|week|weekend|morning|afternoon|evening|day|time|last|next)\b)"
             r"(?:what|which|where|who|how\s+(?:old|many|much|long|tall))\b(?:\s+[\w']+){0,3}?"
             r"\s+(?:do|did|am|was|have|had)\s+(?:i|we)\b.*")


class RecallCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "recall"

    @property
    def description(self) -> str:
        return ("Say back something the user asked you to remember (topic, e.g. locker code); no topic lists "
                "everything remembered. Only for facts the user told you, not general questions.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("topic", "string", description="What the user asks about, e.g. locker code.")]

    @property
    def keywords(self) -> list[str]:
        return ["what's my", "do you remember", "what did i tell you"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("answer_question", "What is the capital of Peru? (general knowledge)"),
                CommandAntipattern("reminder", "What reminders do I have? (reminders are not memories)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("recall.ask", _ASK, self._claim_known, "what's my locker code (when one is stored)"),
                FastPath("recall.about_me", _ABOUT_ME, self._claim_about_me,
                         "what car do i drive (when a stored memory is about it)"),
                FastPath("recall.my_name",
                         r"who\s+am\s+i|what\s+(?:do|will|would|should)\s+you\s+call\s+me|what\s+am\s+i\s+called"
                         r"|what\s+did\s+i\s+(?:say|tell\s+you)\s+my\s+name\s+(?:is|was)",
                         lambda _m, _t: claim_remembered(self.services, "my name"),
                         "who am i / what do you call me (when the user's name is stored)"),
                FastPath("recall.all", r"what\s+do\s+you\s+remember(?:\s+about\s+me)?|list\s+(?:all\s+)?my\s+memories",
                         lambda m, _t: claim(), "what do you remember about me")]

    def _claim_known(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        return claim_remembered(self.services, m.group("topic"))

    def _claim_about_me(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """A question about the user in other words than "what's my ..." ("what car do i drive" after "my
        car is a blue golf": declined), claimed only when a stored memory is about it."""
        return claim_remembered(self.services, asked_topic(text))

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("What's my locker code?", {"topic": "locker code"}),
                         ("What do you remember about me?", {})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The topic is what the user's words ask about: the model left it out of "what's my wifi
        password", which then listed every memory. A question about everything has none."""
        asked = asked_topic(voice_command)
        if not asked:
            return {}
        return {**args, "topic": str(args.get("topic") or "").strip() or asked}

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Memories need a running assistant.")
        memories = memory_store(self.services).all()
        topic = str(kwargs.get("topic") or "").strip()
        if not memories and not topic:
            return say("You haven't asked me to remember anything yet.", memories=0)
        if not topic:
            plain = [second_person(m["text"]).rstrip(".") for m in memories if not m["secret"]]
            secret = [m["topic"] for m in memories if m["secret"]]
            parts = ([join_words(plain)] if plain else []) + \
                ([f"and I keep your {join_words(secret)} safe"] if secret else [])
            return say(f"I remember {len(memories)} thing{'s' if len(memories) != 1 else ''}: " + ", ".join(parts) + ".",
                       memories=len(memories))
        found, score = find_memory(topic, memories)
        if found is None:
            found, score = find_meant_memory(self.services, request_info.voice_command, memories)
        if found is None:
            return say(f"I don't have anything saved about {spoken_topic(topic, request_info.voice_command)}.",
                       found=False)
        self.services.note(TALKED_ABOUT, found["id"])         # "actually it was level 4" corrects this one
        return say(answer(found), found=True, memory_id=found["id"], secret=bool(found["secret"]),
                   match=round(score, 2))
