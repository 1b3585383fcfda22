"""dismiss: the user lets it go ("never mind", "that's all", "forget it"). Nothing is done and a
question the assistant asked is dropped; the reply is one short word, not small talk."""
from __future__ import annotations

import re
from typing import Any

from commands._common import examples, say
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)

REPLY = "Okay."

# Said to let a request go or to end the exchange, with nothing pointing at something to undo
# ("cancel that" after a timer is a cancel of the timer, so it is not here).
_EXAMPLES = [
    "never mind", "oh never mind", "forget it", "forget about it", "just forget it", "nothing",
    "nothing thanks", "nope nothing", "no thanks", "no thank you", "that's all", "that's all for now",
    "that's everything", "that will be all", "no that's fine", "i'm good thanks", "all done",
    "don't worry about it", "it doesn't matter", "leave it", "i changed my mind", "not you",
    "sorry i wasn't talking to you", "i was talking to someone else", "ignore me", "ok cool",
    "okay got it", "alright", "i'm all set", "we're done here",
    # a yes with no question asked ("yes" was declined: "Sorry, I can't help with that yet.")
    "yes", "yep", "yes please", "yeah sure",
    # hushing it while it speaks (a length said is the volume's: "be quiet for an hour")
    "shh", "shush", "hush", "quiet please", "pipe down", "stop talking", "that's enough", "okay stop",
    # enough of what it just did, said as thanks ("that's loads, thanks" after "turn it up" was declined)
    "that's plenty thanks", "that'll do", "that's loads", "that's fine now thanks", "perfect leave it there",
    "that's spot on thanks",
]
_NEGATIVES = ["cancel the timer", "delete that reminder", "forget my locker code"]
# of those, the ones that say nothing but letting it go, whatever came before ("ok cool" may answer a
# question; "forget it" and "never mind" never ask for anything)
_LETTING_GO = ["never mind", "oh never mind", "forget it", "forget about it", "just forget it", "nevermind",
               "that's all", "that's all for now", "that will be all", "don't worry about it", "i changed my mind"]


class DismissCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "dismiss"

    @property
    def description(self) -> str:
        return ("The user lets it go or needs nothing more: never mind, forget it, that's all, nothing. "
                "Nothing is done.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return []

    @property
    def allow_direct_answer(self) -> bool:
        return True                        # said at once, without the model

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("cancel_timer", "Cancel the pasta timer"),
                CommandAntipattern("chat", "Thanks, you're awesome")]

    @property
    def fast_paths(self) -> list[FastPath]:
        # the ways of letting it go said as they are, nothing else in the words ("forget it" went to the
        # model, which looked for a memory called "it")
        said = "|".join(re.escape(e) for e in sorted(_LETTING_GO, key=len, reverse=True))
        return [FastPath("dismiss.said", rf"(?:{said})", lambda _m, _t: PreRouteResult(arguments={}),
                         "never mind / forget it / that's all")]

    negative_examples = _NEGATIVES

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Never mind", {}), ("That's all for now", {})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples([(t, {}) for t in _EXAMPLES], primary=None)

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        return say(REPLY)
