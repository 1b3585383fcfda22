"""capabilities: "what can you do?" answered from what every discovered command declares it lets the
user do (`capability`), plugins included; no LLM, so the answer is always true of this install."""
from __future__ import annotations

from typing import Any

from commands._common import examples, say
from commands._parsing import join_words
from jarvis_tui.sdk import CommandExample, CommandResponse, FastPath, JarvisCommandBase, PreRouteResult, RequestInformation

_WHAT_CAN_YOU_DO = (r"(?:so\s+|ok\s+|okay\s+)?(?:what\s+(?:can|could)\s+you\s+(?:do|help(?:\s+me)?\s+with)"
                    r"|what\s+are\s+you\s+able\s+to\s+do|what\s+do\s+you\s+do|help|what\s+are\s+your\s+(?:skills|features)"
                    r"|what\s+things\s+can\s+you\s+do|what\s+can\s+i\s+ask\s+you(?:\s+to\s+do)?)"
                    r"(?:\s+(?:jarvis|for\s+me|here|exactly))?")

_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("What can you do?", {}), ("What can you help me with?", {}), ("Help", {}),
    ("What are you able to do?", {}), ("What are your features?", {}), ("What can I ask you?", {}),
    ("What kind of things can you do for me?", {}), ("Tell me what you can do", {}),
    ("How can you help me?", {}), ("What are your skills?", {}), ("List the things you can do", {}),
    ("Which commands do you know?", {}), ("What are you good for?", {}), ("Show me what you can do", {}),
    ("What do you know how to do?", {}), ("Give me a list of your abilities", {}),
    ("What jobs can you handle?", {}), ("Can you tell me your functions?", {}),
    ("What sorts of requests do you understand?", {}), ("How do I use you?", {}),
]
_NEGATIVES = ["what can you tell me about black holes", "what can i cook with eggs", "what can you do about the noise",
              "help me convert 5 miles to kilometers", "help me set a timer"]
_DOMAIN_WORDS = ["abilities", "capabilities"]      # not "features", "skills": an iPad's features are not ours


class CapabilitiesCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "capabilities"

    @property
    def description(self) -> str:
        return "Say what the assistant can do (\"what can you do?\", \"help\")."

    @property
    def parameters(self) -> list:
        return []

    @property
    def allow_direct_answer(self) -> bool:
        return True                         # it says words; no action to guard

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("capabilities.what_can_you_do", _WHAT_CAN_YOU_DO,
                         lambda m, t: PreRouteResult(arguments={}), "what can you do / help")]

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("What can you do?", {})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_EXAMPLES)

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        found = self.services.capabilities() if self.services is not None else []
        if not found:
            return say("I can chat and answer questions.", capabilities=[])
        return say(f"I can {join_words(found)}. Just ask.", capabilities=found)
