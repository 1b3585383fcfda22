"""location: where the user is, for the weather ("set my location to manchester", "i live in leeds",
"where do you think i am"). It is the setting `weather.default_location` (Settings shows it too);
the weather asked "Which city?" and pointed at the settings, while the user had just said where."""
from __future__ import annotations

import re
from typing import Any

from commands._common import claim, examples, fail, say
from commands._grounding import drop_ungrounded
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)

SETTING = "weather.default_location"

# a place is a name, not "a flat", "the kitchen" or "a meeting"
_PLACE = r"(?P<place>(?!(?:a|an|the|my|this|that|here|there|bed|work|school|home|town|trouble|love)\b)[a-z][a-z' .-]{1,40}?)"
_SET = (r"(?:set|change|update|make|put)\s+(?:my|the)\s+(?:default\s+)?(?:location|city|home\s+(?:town|city)|town)"
        r"\s+(?:to|as)\s+" + _PLACE + r"(?:\s+now)?")
_TOLD = (r"(?:i\s+live\s+in|i've\s+moved\s+to|i\s+(?:have\s+)?moved\s+to|my\s+(?:location|city|home\s+town)\s+is)\s+"
         + _PLACE + r"(?:\s+now)?")
_ASK = r"(?:what(?:'s|\s+is)\s+my\s+(?:location|city|default\s+location)|where\s+do\s+(?:you\s+think\s+)?i\s+live)"

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("set my location to manchester", {"place": "manchester"}), ("change my city to leeds", {"place": "leeds"}),
    ("i live in boston", {"place": "boston"}), ("my city is seattle", {"place": "seattle"}),
    ("i've moved to bristol", {"place": "bristol"}), ("update my location to paris", {"place": "paris"}),
    ("set my home town to york", {"place": "york"}), ("my location is glasgow", {"place": "glasgow"}),
    ("make my default location berlin", {"place": "berlin"}), ("i moved to austin texas", {"place": "austin texas"}),
    ("set the location to cardiff", {"place": "cardiff"}), ("my home city is lyon", {"place": "lyon"}),
    ("please set my city to dublin", {"place": "dublin"}), ("change my location to new york", {"place": "new york"}),
    ("use london as my location", {"place": "london"}), ("i live in sydney now", {"place": "sydney"}),
    ("set my default city to madrid", {"place": "madrid"}), ("i'm based in oxford", {"place": "oxford"}),
    # where the user is for now, told as people tell it ("i'm in london now" was declined, the router unsure)
    ("i'm in edinburgh now", {"place": "edinburgh"}), ("i'm currently in lisbon", {"place": "lisbon"}),
    ("right now i'm in prague", {"place": "prague"}), ("i'm staying in venice this week", {"place": "venice"}),
    ("i'm over in belfast for work", {"place": "belfast"}), ("i'm in new york at the moment", {"place": "new york"}),
]
# where the user is now is a question for a map or GPS, which it has not: those are not this command's
_NEGATIVES = ["i live in a flat", "i'm in a meeting", "where is my phone", "where did i park",
              "what's the weather in manchester", "set a location based reminder", "where is london",
              "how far is leeds from here", "i live for the weekend", "where am i right now",
              "what's my current location", "find my location on the map", "share my location with mum",
              "what city am i in", "turn on location services",
              # things to find in or near where the user is: a search the assistant cannot do
              "search for events in my location", "find restaurants near my location", "what's on in my city",
              "show me shops in my area", "any concerts in my town this weekend", "news from my city",
              "holidays near my location", "set the location of the meeting to the office"]
_DOMAIN_WORDS = ["set my location", "change my location"]


class LocationCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "location"

    @property
    def description(self) -> str:
        return ("Set or say where the user is (their city, used for the weather): place is the city they "
                "say they live in or set; no place says the one set.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("place", "string", description="The city or town the user says, e.g. Leeds.")]

    @property
    def capability(self) -> str:
        return "remember which city you are in, for the weather"

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("get_weather", "What's the weather in Leeds? (the weather, not where you live)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("location.set", _SET, lambda m, _t: claim(place=m.group("place").strip(" .")),
                         "set my location to manchester"),
                FastPath("location.told", _TOLD, lambda m, _t: claim(place=m.group("place").strip(" .")),
                         "i live in leeds / my city is york"),
                FastPath("location.ask", _ASK, self._ask_claim, "what's my location (when one is set)")]

    def _ask_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"what's my location" is the one set, when one is: where the user is now is a map's question."""
        known = self.services.settings.get(SETTING) if self.services is not None else None
        return claim() if known else None

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Set my location to Manchester", {"place": "Manchester"})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The place must be the user's words (never a prompt example)."""
        return drop_ungrounded(args, voice_command, ["place"])

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Your location needs a running assistant.")
        place = " ".join(str(kwargs.get("place") or "").split()).strip(" .")
        settings = self.services.settings
        if not place:
            known = settings.get(SETTING) or self.services.config.general.location
            if not known:
                return say("I don't know where you are yet. Say, for example: set my location to Leeds.",
                           location=None)
            return say(f"Your location is {_title(known)}.", location=known)
        before = settings.get(SETTING)
        settings.set(SETTING, _title(place))
        return say(f"OK, your location is {_title(place)} now: I'll use it for the weather.",
                   location=_title(place), before=before)

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """The location set (not told)."""
        return "before" in result

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """"Cancel that" right after: the location it had (or none)."""
        if self.services is None or "before" not in result:
            return None
        before = result.get("before")
        self.services.settings.set(SETTING, before or "")
        return say(f"OK, your location is {_title(before)} again." if before else "OK, I've cleared your location.")


def _title(place: str) -> str:
    """"new york" -> "New York" (as the weather names places)."""
    return re.sub(r"\b([a-z])", lambda m: m.group(1).upper(), place)
