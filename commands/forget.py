"""forget: delete one thing the user asked the assistant to remember ("forget my locker code"), named
("forget my locker code": deleted at once) or described ("forget where i parked": found with the
memories' matcher, and deleted only after a Yes)."""
from __future__ import annotations

import re
from typing import Any

from commands._common import claim, examples, fail, say
from commands._memories import (CORRECTION_WINDOW_S, LOOSE_MATCH_MIN, MATCH_MIN, TALKED_ABOUT, find_memory,
                                memory_store, names_exactly, second_person, spoken_topic, topic_words)
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, IJarvisButton,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation, normalize_utterance)

FORGET_MEMORY = "forget_memory"
FORGET_ALL = "forget_all_memories"
# every memory at once: "forget everything you know about me", "delete all my memories", "wipe your memory"
_ALL = re.compile(r"(?:(?:please|just|now|you\s+can|can\s+you|could\s+you)\s+)*(?:forget|erase|delete|remove|wipe|clear)\s+"
                  r"(?:(?:all\s+(?:of\s+)?)?(?:my|your|the)\s+memor(?:y|ies)|all\s+memories|everything(?:\s+you\s+(?:know|remember|have\s+saved))?"
                  r"(?:\s+about\s+me)?|everything\s+i(?:'ve|\s+have)?\s+(?:told|said\s+to)\s+you|all\s+(?:that|of\s+it))")
# "forget my locker code", "forget where i parked", "delete the memory about my locker", "forget what i
# said about the key", "remove the garage code from your memory"
_FORGET = re.compile(
    r"(?:(?:please|just|now|you\s+can|can\s+you|could\s+you)\s+)*(?P<verb>forget|stop\s+remembering|erase|delete|remove|wipe)"
    r"\s+(?:about\s+)?(?P<memory>(?:the\s+|that\s+)?(?:memory|note|fact)\s+(?:about|of|on)\s+|what\s+i\s+"
    r"(?:told\s+you|said|say)\s+about\s+|everything\s+about\s+)?(?P<topic>.+?)"
    r"(?P<from_memory>\s+from\s+(?:your\s+)?memory)?(?:\s+(?:please|anymore|any\s+more))?")
# the memory just told or said back, pointed at: "delete that memory", "forget that one", "erase it" ("forget it"
# alone is "never mind": only a verb that deletes, or "forget" with "that"/"this", points)
_POINTED = re.compile(r"(?:that|this|it)\s+(?:memory|fact|note|one)|(?:that|this)(?:\s+(?:too|as\s+well))?")
_DELETES_IT = re.compile(r"(?:erase|delete|remove|wipe)\s+it")
POINTED = "that"                  # the topic of a forget that points back (said by the user)
_POINTED_NOW = (r"(?:(?:ok|okay|now|then|and|please|actually|you\s+can)[,\s]+)*(?:(?:delete|erase|remove|wipe)\s+(?:it|that|this)"
                r"|forget\s+(?:that|this))(?:\s+(?:memory|one|fact|note))?(?:\s+(?:please|too|as\s+well))?")
# a described memory: "my parking spot", "where i parked", "what my locker code is"
_DESCRIBED = re.compile(r"(?:my|our|where|what|when|who|which|how)\b")


def _topic(said: str) -> str:
    """ "my bike lock" -> "bike lock"; "where i parked" stays (it is said back: "where you parked")."""
    return re.sub(r"^(?:my|our|the)\s+", "", said.strip())

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("forget my locker code", {"topic": "locker code"}), ("delete what i told you about my car", {"topic": "car"}),
    ("erase the wifi name from your memory", {"topic": "wifi name"}),
    ("you can forget where i parked", {"topic": "parked"}), ("forget about my shoe size", {"topic": "shoe size"}),
    ("remove the garage code from your memory", {"topic": "garage code"}),
    ("stop remembering my doctor's name", {"topic": "doctor's name"}),
    ("forget the plumber's number", {"topic": "plumber's number"}),
    ("delete the memory about my bike lock", {"topic": "bike lock"}),
    ("please forget my license plate", {"topic": "license plate"}),
    ("you don't need to remember my gym locker anymore", {"topic": "gym locker"}),
    ("wipe my passport date from memory", {"topic": "passport date"}),
]
_NEGATIVES: list[str] = ["forget it", "never mind forget it", "forget about it", "i forgot my keys",
                         "how do i forget someone", "forget what i just said"]
_DOMAIN_WORDS: list[str] = ["from your memory", "stop remembering"]


class ForgetCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "forget"

    @property
    def description(self) -> str:
        return "Delete one fact the user asked you to remember (topic, e.g. locker code). Not for timers, reminders or lists."

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("topic", "string", required=True, description="Which memory, e.g. locker code.")]

    @property
    def keywords(self) -> list[str]:
        return ["forget", "stop remembering"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Don't let me forget to call mom at 5 (a reminder to set)"),
                CommandAntipattern("cancel_timer", "Forget about the pasta timer (a timer)"),
                CommandAntipattern("reminder", "Delete my reminder to call mom (a reminder)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("forget.all", _ALL.pattern, lambda m, t: claim(topic="all"),
                         "forget everything you know about me / delete all my memories"),
                FastPath("forget.pointed", _POINTED_NOW, self._pointed_claim,
                         "delete it / forget that (right after a memory was told or said back)"),
                FastPath("forget.topic", _FORGET, self._claim,
                         "forget my locker code / forget where i parked (when one is stored) / delete the memory about X")]

    def _pointed_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"delete it" right after "what car do i drive" was answered from a memory: that memory (asked
        first). The model listed the memories."""
        if self.services is None or not {"remember", "recall"} & set(self.services.last_commands()):
            return None
        return claim(topic=POINTED) if self.services.noted(TALKED_ABOUT, CORRECTION_WINDOW_S) else None

    def _claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """Words that say "memory" are forget's; a topic ("my locker code", "where i parked") only when
        a stored memory is about it ("delete my shopping list" stays with the list), found more
        loosely after "forget" (a guess that is not exact asks before it deletes)."""
        topic = _topic(m.group("topic"))
        if not topic_words(topic):
            return None                      # "forget it", "forget what i just said"
        if m.group("memory") or m.group("from_memory"):
            return claim(topic=topic)
        if self.services is None or not _DESCRIBED.match(m.group("topic")):
            return None
        loose = m.group("verb") in ("forget", "stop remembering")
        found, _ = find_memory(topic, memory_store(self.services).all(), LOOSE_MATCH_MIN if loose else MATCH_MIN)
        return claim(topic=topic) if found else None

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Forget my locker code", {"topic": "locker code"})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None)

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The topic is the user's own description when the words give one ("forget where i parked":
        the model wrote none, and the command asked "What topic should I use?")."""
        said = normalize_utterance(voice_command).strip(" ?.!")
        if _ALL.fullmatch(said):
            return {**args, "topic": "all"}
        m = _FORGET.fullmatch(said)
        if m and (_POINTED.fullmatch(m.group("topic")) or _DELETES_IT.fullmatch(said)):
            return {**args, "topic": POINTED}       # "delete that memory": the one just talked about (it asked "What topic?")
        if m and topic_words(m.group("topic")):
            return {**args, "topic": _topic(m.group("topic"))}
        return args

    def _find(self, topic: str) -> dict[str, Any] | None:
        found, _ = find_memory(topic, memory_store(self.services).all(), LOOSE_MATCH_MIN)
        return found

    @staticmethod
    def _which(memory: dict[str, Any]) -> str:
        """The memory said back without a secret's value: "your locker code", "that you parked on level 3"."""
        if memory["secret"]:
            return f"your {memory['topic']}"
        said = second_person(memory["text"])           # "I'm allergic to peanuts" -> "that you're allergic ..."
        return "that " + (said[:1].lower() + said[1:] if re.match(r"You\b", said) else said)

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed forget of a memory named exactly (one only described asks with its
        own buttons when it runs; nothing found: the command says so)."""
        if self.services is None:
            return None
        topic = str(args.get("topic") or "")
        found = self._find(topic)
        return f"Forget {self._which(found)}?" if found and names_exactly(topic, found) else None

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """The memory a forget would take away, still kept ("did you forget my locker code?")."""
        if self.services is None:
            return None
        topic = str(args.get("topic") or "")
        found = self._find(topic)
        return f"I still remember {self._which(found)}." if found and names_exactly(topic, found) else None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Memories need a running assistant.")
        topic = str(kwargs.get("topic") or "").strip()
        if topic == "all":                          # every memory: only after a Yes
            count = len(memory_store(self.services).all())
            if not count:
                return say("You haven't asked me to remember anything.", found=False)
            things = "the one thing" if count == 1 else f"all {count} things"
            return CommandResponse.follow_up_response(
                {"message": f"Forget {things} you asked me to remember?", "count": count},
                actions=[IJarvisButton("Forget all", FORGET_ALL, "destructive", "trash"),
                         IJarvisButton("Keep them", "cancel_click", "secondary")])
        if topic == POINTED:                        # the memory just told or said back, after a Yes
            memory_id = self.services.noted(TALKED_ABOUT, CORRECTION_WINDOW_S)
            memory = memory_store(self.services).get(int(memory_id)) if memory_id else None
            if memory is None:
                return say("Which memory? Say what it's about, like: forget my locker code.", found=False)
            return CommandResponse.follow_up_response(
                {"message": f"Forget {self._which(memory)}?", "memory_id": memory["id"]},
                actions=[IJarvisButton("Yes", FORGET_MEMORY, "destructive", "trash"),
                         IJarvisButton("No", "cancel_click", "secondary")])
        found = self._find(topic)
        if found is None:
            about = spoken_topic(topic, request_info.voice_command) if topic else "that"
            return say(f"I don't have anything saved about {about}.", found=False)
        if not names_exactly(topic, found):          # a description: the match is a guess, asked first
            return CommandResponse.follow_up_response(
                {"message": f"Forget {self._which(found)}?", "memory_id": found["id"]},
                actions=[IJarvisButton("Yes", FORGET_MEMORY, "destructive", "trash"),
                         IJarvisButton("No", "cancel_click", "secondary")])
        return self._forget(found)

    def _forget(self, memory: dict[str, Any], named: bool = True) -> CommandResponse:
        """Deletes it; "your favourite tea" when the user named it, the whole memory when it was found
        by a description ("your car" alone says little after "forget where i parked")."""
        memory_store(self.services).delete(memory["id"])
        return say(f"OK, I've forgotten your {memory['topic']}." if named and memory["value"] or memory["secret"]
                   else f"OK, I've forgotten {self._which(memory)}.", memory_id=memory["id"])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == FORGET_MEMORY and self.services is not None:
            memory = memory_store(self.services).get(int(context.get("memory_id") or 0))
            if memory is None:
                return CommandResponse.final_response({"message": "That memory is already gone."})
            response = self._forget(memory, named=False)
            return CommandResponse.final_response(response.context_data)
        if action_name == FORGET_ALL and self.services is not None:
            store = memory_store(self.services)
            gone = [m["id"] for m in store.all() if store.delete(m["id"])]
            return CommandResponse.final_response({"message": "OK, I've forgotten everything you asked me to remember.",
                                                   "forgotten": gone})
        if action_name == "cancel_click":
            return CommandResponse.final_response({"message": "OK, I kept it."})
        return super().handle_action(action_name, context)
