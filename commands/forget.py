"""forget: delete one thing the user asked the assistant to remember ("forget my locker code")."""
from __future__ import annotations

import re
from typing import Any

from commands._common import examples, fail, say
from commands._memories import claim_remembered, find_memory, memory_store, second_person
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)

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
    ("wipe my passport date from memory", {"topic": "passport"}),
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
        return [FastPath("forget.topic",
                         r"(?:please\s+|you\s+can\s+)?(?:forget|erase|delete|remove)\s+(?:about\s+)?(?:what\s+i\s+told\s+you\s+about\s+)?"
                         r"(?P<topic>(?:my|our)\s+[\w' ]+?)(?:\s+from\s+(?:your\s+)?memory)?",
                         self._claim_known, "forget my locker code (when one is stored)")]

    def _claim_known(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        return claim_remembered(self.services, m.group("topic"))

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Forget my locker code", {"topic": "locker code"})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None)

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed forget: exactly which memory would go."""
        if self.services is None:
            return None
        found, _ = find_memory(str(args.get("topic") or ""), memory_store(self.services).all())
        return f"Forget that {second_person(found['text'])}?" if found and not found["secret"] else \
            (f"Forget your {found['topic']}?" if found else None)

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Memories need a running assistant.")
        topic = str(kwargs.get("topic") or "").strip()
        store = memory_store(self.services)
        found, _ = find_memory(topic, store.all())
        if found is None:
            return fail(f"I don't have anything saved about {topic or 'that'}.", found=False)
        store.delete(found["id"])
        return say(f"OK, I've forgotten your {found['topic']}." if found["value"] or found["secret"]
                   else f"OK, I've forgotten that {second_person(found['text'])}.", memory_id=found["id"])
