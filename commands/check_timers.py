"""check_timers: how long is left on the running and paused timers (one by label, or all)."""
from __future__ import annotations

import re
from typing import Any

from commands._background import (THING, possessive_off, running_timers_said, said_name, timer_labels, timer_service, timers_named,
                                  timers_as_they_stand,
                                  timers_rang_lately, went_off, no_timer_named)
from commands._common import clean_label, examples, fail, say
from commands._grounding import drop_ungrounded
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            normalize_utterance)
from jarvis_tui.sdk.text import find_duration

_ON_TIMER = r"(?:on|for|of)\s+(?:the\s+|my\s+|all\s+(?:of\s+)?(?:my\s+|the\s+)?)?(?:(?P<label>[\w ]+?)\s+)?timers?(?:\s+(?:for|in|called|named)\s+(?:the\s+)?(?P<label2>[\w ]+))?"
_LABELLED = r"(?:the\s+|my\s+)?(?:(?P<label>[\w ]+?)\s+)?timers?(?:\s+(?:for|in|called|named)\s+(?:the\s+)?(?P<label2>[\w ]+))?"


# "give me a timer", "another timer", "one more timer": a timer asked for, not one that runs
_NEW_TIMER = re.compile(r"(?:a|an|another|one more|new|a new|one other)\b")


def _asks_for_a_new_timer(m: re.Match[str]) -> bool:
    """The timer is said as a new one: with "a"/"another"/"new" before it, or with a length and what it
    is for and no "the"/"my" ("give me ten minute timer for rice"); "check the ten minute timer" is not."""
    label = (m.groupdict().get("label") or "").strip()
    if _NEW_TIMER.match(label):
        return True
    said = m.group(0)
    return (bool(m.groupdict().get("label2")) and find_duration(label) is not None
            and re.search(r"\b(?:the|my)\s+" + re.escape(label), said) is None)


def _check_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    if _asks_for_a_new_timer(m):
        return None
    g = m.groupdict()
    label = clean_label(g.get("label2") or g.get("label"))
    if label and (len(label.split()) > 3 or label in ("any", "all")):
        label = None if label in ("any", "all") else label
        if label:
            return None
    return PreRouteResult(arguments={"label": label} if label else {})


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('how much time is left on the timer', {}), ('is my timer still going', {}),
 ('how long until the pasta is done', {'label': 'pasta'}), ('what timers are running', {}),
 ('time left on the oven timer', {'label': 'oven'}), ('did my timer go off', {}),
 ('check the tea timer', {'label': 'tea'}), ('how many minutes are left on my countdown', {})]
_NEGATIVES: list[str] = ['set a ten minute timer for the eggs', '10 minute timer for the pasta', 'what time is it',
 'how long does it take to boil pasta', 'how long is the film']
# a running timer asked about by what it is for, without the word "timer"
_MORE_EXAMPLES += [('is the lasagne done yet', {'label': 'lasagne'}), ('are the muffins ready', {'label': 'muffins'}),
 ('is the washing finished', {'label': 'washing'}), ("how's the chicken doing", {'label': 'chicken'}),
 ('how long till the potatoes are done', {'label': 'potatoes'}), ('how much longer for the bread', {'label': 'bread'}),
 ('when will the soup be ready', {'label': 'soup'}), ('has the cake finished', {'label': 'cake'}),
 ('how are the brownies coming along', {'label': 'brownies'}), ('is the steak nearly done', {'label': 'steak'}),
 ('how many minutes until the pie is ready', {'label': 'pie'}), ("what's left on the casserole", {'label': 'casserole'}),
 ('is the curry done', {'label': 'curry'}), ('are the chips ready yet', {'label': 'chips'}), ('is the fish cooked', {'label': 'fish'}),
 ('is the bread done', {'label': 'bread'})]
# how long a food takes to cook is a cooking question, not a timer's time left
_NEGATIVES += ['how long should i cook rice for', 'how many minutes does broccoli need to steam',
 'how much time do baked potatoes need', 'how long to grill a burger on each side']
_NEGATIVES += ['is the pizza place open', 'remind me when the laundry is done', 'is the bakery open yet',
 'are the exam results out', 'how is the traffic', "how's your day going", 'when does the shop close',
 'how long does a chicken take to roast', 'is the download finished yet', 'is my parcel ready for collection',
 'are the election results in']
_DOMAIN_WORDS: list[str] = ['timer', 'timers']


class CheckTimersCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "check_timers"

    @property
    def description(self) -> str:
        return ("Say how much time is left on running timers: one timer by label or length, or all "
                "of them when no label is given; also 'is the pizza done yet', asked of the pizza timer.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("label", "string", description="Which timer (label or length); omit for all.")]

    def held_names(self) -> list[str]:
        return timer_labels(self.services)

    @property
    def acts_only_on_held(self) -> bool:
        return True

    @property
    def keywords(self) -> list[str]:
        return ["timer", "time left", "how long", "status"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("get_current_time", "What time is it? (the clock, not a timer)"),
                CommandAntipattern("reminder", "What reminders do I have?")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("check_timers.time_left",
                     r"(?:how much time|how long|how many minutes|what's the time|what is the time|time)(?:\s+is|\s+do i have|\s+have i got)?"
                     r"(?:\s+left|\s+remaining)(?:\s+" + _ON_TIMER + r"|\s+on\s+(?:it|that|this)(?:\s+one)?)?",
                     _check_claim, "how much time is left (on the pasta timer, on it)"),
            FastPath("check_timers.time_on", r"how (?:much time|long)(?:\s+is)?\s+" + _ON_TIMER.replace("(?:on|for|of)", "(?:on|for)"),
                     _check_claim, "how much time on the nap timer"),
            FastPath("check_timers.check", r"(?:check|show|list|read|see|give me)(?:\s+me)?\s+(?:all\s+)?" + _LABELLED,
                     _check_claim, "check my timers"),
            FastPath("check_timers.status_of", r"(?:(?:what's|what is)\s+the\s+)?status\s+of\s+" + _LABELLED,
                     _check_claim, "status of the pizza timer"),
            FastPath("check_timers.status", r"(?:the\s+|my\s+)?(?:(?P<label>[\w ]+?)\s+)?timers?\s+status", _check_claim,
                     "pizza timer status"),
            FastPath("check_timers.any", r"(?:what|which|are there any|do i have any|have i got any|any)\s+timers?"
                     r"(?:\s+(?:are|do i have|have i got|have i|have we got|are there|is))?(?:\s+(?:running|set|going|active|on))?",
                     _check_claim, "what timers are running"),
            FastPath("check_timers.until", r"(?:how long|how much longer|when)\s+(?:until|till|before|does|will)\s+" + _LABELLED
                     + r"(?:\s+(?:is done|goes off|go off|ends?|finish(?:es)?|rings?|be done))?",
                     _check_claim, "how long until the egg timer goes off"),
            FastPath("check_timers.still", r"is\s+" + _LABELLED + r"\s+(?:still\s+)?(?:running|going|on|done|finished|paused)",
                     _check_claim, "is the cooking timer still running"),
            # a timer named by what it is for, claimed only when one of that name runs or rang lately
            FastPath("check_timers.thing_ready", r"(?:is|are|has|have)\s+" + THING + r"(?:\s+(?:still|nearly|almost|finally))?"
                     r"\s+(?:done|ready|finished|cooked|baked)(?:\s+(?:yet|now|already))?",
                     self._thing_claim, "is the pizza done yet (a pizza timer)"),
            FastPath("check_timers.thing_doing", r"(?:how's|hows|how\s+is|how\s+are)\s+" + THING
                     + r"(?:\s+(?:doing|coming\s+along|getting\s+on|going|looking))?(?:\s+(?:now|then))?",
                     self._thing_claim, "how's the tea doing (a tea timer)"),
            FastPath("check_timers.thing_until", r"(?:how\s+(?:long|much\s+longer|much\s+time|many\s+(?:more\s+)?minutes)"
                     r"\s+(?:until|till|til|before)|when\s+(?:will|is|are|should)|when's|whens)\s+" + THING
                     + r"(?:\s+(?:is|are|will\s+be|be|going\s+to\s+be|gonna\s+be))?\s+(?:done|ready|finished|cooked|baked)",
                     self._thing_claim, "how long until the eggs are ready (an egg timer)"),
            FastPath("check_timers.thing_left", r"how\s+(?:long|much\s+(?:time|longer)|many\s+(?:more\s+)?minutes)(?:\s+is)?"
                     r"(?:\s+(?:left|remaining|to\s+go))?\s+(?:on|for)\s+" + THING + r"(?:\s+(?:now|left))?",
                     self._thing_claim, "how much longer on the roast (a roast timer)"),
            FastPath("check_timers.thing_has_left", r"how\s+(?:long|much\s+(?:time|longer)|many\s+(?:more\s+)?minutes)"
                     r"\s+(?:has|have|does|do)\s+" + THING + r"\s+(?:got(?:\s+left|\s+to\s+go)?|have(?:\s+left|\s+to\s+go)|need|left)",
                     self._thing_claim, "how long has the chicken got left (a chicken timer)"),
            FastPath("check_timers.left_on_thing", r"(?:what's|whats|what\s+is)\s+left\s+on\s+" + THING,
                     self._thing_claim, "what's left on the pizza (a pizza timer)"),
        ]

    def _thing_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"is the pizza done", "how much longer on the roast": the timer of that name, when one runs, is
        paused or rang lately (the words name no timer: "is dinner ready" is not claimed otherwise)."""
        name = said_name(m.group("thing"))
        if self.services is None or not name:
            return None
        timers = timer_service(self.services).live_timers() + timers_rang_lately(self.services)
        return PreRouteResult(arguments={"label": name}) if timers_named(timers, name) else None

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("How much time is left?", {}),
            ("Check the pasta timer", {"label": "pasta"}),
            ("What timers are running?", {}),
            ("How long until the egg timer?", {"label": "egg"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("How much time is left?", {}),
            ("Check the pasta timer", {"label": "pasta"}),
            ("What timers are running?", {}),
            ("How long until the egg timer?", {"label": "egg"}),
            ("Check my timers", {}),
            ("Timer status", {}),
            ("How long do I have left?", {}),
            ("What's the status of the laundry timer?", {"label": "laundry"}),
            ("How much time on the nap timer?", {"label": "nap"}),
            ("Is the cooking timer still running?", {"label": "cooking"}),
            ("Time left on my tea timer?", {"label": "tea"}),
            ("How much time is left on my timers?", {}),
            ("Status of my timers", {}),
            ("Pizza timer status", {"label": "pizza"}),
            ("How long is left on the 1 hour timer?", {"label": "1 hour"}),
            ("Any timers running?", {}),
            ("Do I have any timers?", {}),
            ("How long until the rice is done?", {"label": "rice"}),
            ("When does the bread timer go off?", {"label": "bread"}),
            ("How many minutes are left on the oven timer?", {"label": "oven"}),
            ("Show me my timers", {}),
            ("How much longer on the roast timer?", {"label": "roast"}),
        ])

    @property
    def only_tells(self) -> bool:
        return True

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """The timers running now ("did you set my timer?", which the model declined: "Your 10 minute timer has
        4 minutes left.", or "You have no timers running.")."""
        return running_timers_said(self.services)

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A label the user did not say (copied from an example) is dropped; one the model left out of
        "is the pizza done" is the thing the words ask about ("You don't have a pizza timer.")."""
        out = drop_ungrounded(args, possessive_off(voice_command), ["label"])
        if not out.get("label"):
            thing = self._thing_asked_about(voice_command)
            if thing:
                out["label"] = thing
        return out

    def _thing_asked_about(self, voice_command: str) -> str | None:
        """The name in a question about what a timer is for ("is the pizza done yet" -> "pizza"), by the
        fast paths' own patterns; None for other words."""
        text = normalize_utterance(voice_command)
        for path in self.fast_paths:
            m = path.regex.fullmatch(text) if "thing" in path.regex.groupindex else None
            if m is not None:
                return said_name(m.group("thing"))
        return None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Timers need a running assistant.")
        timers = timer_service(self.services).live_timers()
        label = clean_label(kwargs.get("label"))
        label = None if label == "all" else said_name(label)      # "the pizza timer" -> "pizza"
        if not timers and not label:
            return say("You have no timers running.", timers=[])
        chosen = timers_named(timers, label)
        if not chosen:
            rang = timers_named(timers_rang_lately(self.services), label)
            if rang:
                return say(went_off(rang[0]), timers=[], rang=[t["id"] for t in rang])
            return say(no_timer_named(label, timers), timers=[])
        info = [{"id": t["id"], "label": t["label"], "remaining_seconds": t["remaining_seconds"], "paused": t["paused"]}
                for t in chosen]
        return say(timers_as_they_stand(chosen), timers=info)
