"""check_timers: how long is left on the running and paused timers (one by label, or all)."""
from __future__ import annotations

import re
from typing import Any

from commands._background import match_timers, timer_name, timer_service
from commands._common import clean_label, examples, fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import join_words, say_duration
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation)

_ON_TIMER = r"(?:on|for|of)\s+(?:the\s+|my\s+|all\s+(?:of\s+)?(?:my\s+|the\s+)?)?(?:(?P<label>[\w ]+?)\s+)?timers?(?:\s+(?:for|in|called|named)\s+(?:the\s+)?(?P<label2>[\w ]+))?"
_LABELLED = r"(?:the\s+|my\s+)?(?:(?P<label>[\w ]+?)\s+)?timers?(?:\s+(?:for|in|called|named)\s+(?:the\s+)?(?P<label2>[\w ]+))?"


def _check_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
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
_DOMAIN_WORDS: list[str] = ['timer', 'timers']


class CheckTimersCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "check_timers"

    @property
    def description(self) -> str:
        return ("Say how much time is left on running timers: one timer by label or length, or all "
                "of them when no label is given.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("label", "string", description="Which timer (label or length); omit for all.")]

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
                     r"(?:\s+left|\s+remaining)(?:\s+" + _ON_TIMER + r")?",
                     _check_claim, "how much time is left (on the pasta timer)"),
            FastPath("check_timers.time_on", r"how (?:much time|long)(?:\s+is)?\s+" + _ON_TIMER.replace("(?:on|for|of)", "(?:on|for)"),
                     _check_claim, "how much time on the nap timer"),
            FastPath("check_timers.check", r"(?:check|show|list|read|see|give me)(?:\s+me)?\s+(?:all\s+)?" + _LABELLED,
                     _check_claim, "check my timers"),
            FastPath("check_timers.status_of", r"(?:(?:what's|what is)\s+the\s+)?status\s+of\s+" + _LABELLED,
                     _check_claim, "status of the pizza timer"),
            FastPath("check_timers.status", r"(?:the\s+|my\s+)?(?:(?P<label>[\w ]+?)\s+)?timers?\s+status", _check_claim,
                     "pizza timer status"),
            FastPath("check_timers.any", r"(?:what|which|are there any|do i have any|any)\s+timers?"
                     r"(?:\s+(?:are|do i have|is))?(?:\s+(?:running|set|going|active|on))?",
                     _check_claim, "what timers are running"),
            FastPath("check_timers.until", r"(?:how long|how much longer|when)\s+(?:until|till|before|does|will)\s+" + _LABELLED
                     + r"(?:\s+(?:is done|goes off|go off|ends?|finish(?:es)?|rings?|be done))?",
                     _check_claim, "how long until the egg timer goes off"),
            FastPath("check_timers.named_thing", r"how (?:long|much (?:time|longer)|many (?:more )?minutes)(?:\s+is)?"
                     r"(?:\s+(?:left|remaining|to go))?\s+(?:on|for)\s+(?:the|my)\s+(?P<label>[\w ]+?)(?:\s+(?:now|left))?",
                     self._named_thing_claim, "how long on the toast (a toast timer is running)"),
            FastPath("check_timers.still", r"is\s+" + _LABELLED + r"\s+(?:still\s+)?(?:running|going|on|done|finished|paused)",
                     _check_claim, "is the cooking timer still running"),
        ]

    # what the intent router learns from besides the examples (the module's constants above)
    def _named_thing_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"how long on the toast", "how much longer for the pasta": a timer of that name, when one is
        running or paused (the words name no timer: "how long for the flight" is not claimed otherwise)."""
        label = clean_label(m.group("label"))
        timers = timer_service(self.services).live_timers() if self.services is not None else []
        return PreRouteResult(arguments={"label": label}) if label and match_timers(timers, label) else None

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

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A label the user did not say (copied from an example) is dropped."""
        return drop_ungrounded(args, voice_command, ["label"])

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Timers need a running assistant.")
        timers = timer_service(self.services).live_timers()
        label = clean_label(kwargs.get("label"))
        if label == "all":
            label = None
        if not timers:
            return say("You have no timers running.", timers=[])
        chosen = match_timers(timers, label)
        if not chosen:
            names = join_words([timer_name(t).replace("your ", "the ") for t in timers])
            return fail(f"I can't find a {label} timer. Running: {names}.", timers=[])
        info = [{"id": t["id"], "label": t["label"], "remaining_seconds": t["remaining_seconds"], "paused": t["paused"]}
                for t in chosen]
        if len(chosen) == 1:
            t = chosen[0]
            name = timer_name(t)
            has = "is paused with" if t["paused"] else "has"
            return say(f"{name[0].upper() + name[1:]} {has} {say_duration(t['remaining_seconds'])} left.", timers=info)
        parts = [f"{timer_name(t).replace('your ', '')}, {'paused with ' if t['paused'] else ''}"
                 f"{say_duration(t['remaining_seconds'])} left" for t in chosen]
        return say(f"You have {len(chosen)} timers: " + "; ".join(parts) + ".", timers=info)
