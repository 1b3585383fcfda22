"""set_timer: a countdown that runs in the background and announces itself when it ends."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from commands._background import (TimerService, distinct_timer_names, parse_iso, timer_service, running_timers_said, timers_named)
from commands._common import clean_label, examples, fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import find_duration, parse_duration, say_duration
from jarvis_tui.sdk.text import (NAMED_TIME_WORDS, NUMBER_WORDS, corrected_value, find_clock_time, join_words, normalize_utterance, numbers_said,
                                 parse_number)
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation, ValidationResult)

MAX_SECONDS = 24 * 3600
# "a second timer", "the third one", "a new timer": which timer, not how long ("a second" counts no seconds here)
_ORDINAL = r"(?:(?:a|an|the|my)\s+(?:second|third|fourth|fifth|new|separate|different)|another|one\s+more)"
_VERB = (r"(?:(?:set|start|create|make|put on|put|pop on|pop|stick on|stick|chuck|throw|add|begin|run|give me|get|i need|i want|"
         r"i'd like)\s+)?"
         r"(?:(?:" + _ORDINAL + r"|a|an|one|the|me a)\s+(?!(?:hours?|minutes?|seconds?|half|quarter)\b))?")
_LABEL_TAIL = r"(?:,?\s+(?:for|called|named|labell?ed|titled)\s+(?:the\s+|my\s+)?(?P<label>[a-z][a-z' ]{0,30}))?"
# a length said right after a name ("for my bread 45 minutes"): it starts with a number or "a"/"half"
_LENGTH_FIRST = r"(?:an?|half|\d+|" + "|".join(sorted(NUMBER_WORDS)) + r")\b[\w ,./-]*"
# "time" as the verb of a request ("can you time ten minutes", "please time the eggs")
_TIME_VERB = r"(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?time\s+"
_WORD_LABEL = r"(?P<wlabel>(?!(?:a|an|the|my|set|start|new|timer)\b)[a-z]+)"


# more time on a timer that runs: "5 more minutes on the pasta", "add 3 minutes to the rice timer",
# "another 2 minutes" (a duration right after it; "another timer" is a new one)
# "add 2 minutes" said alone; "another one for the oven" is a new timer: "another" counts only before a
# length ("another 5 minutes", "another half an hour")
_UNIT = r"(?:minutes?|mins?|hours?|hrs?|seconds?|secs?)"
_MORE_TIME = re.compile(r"\b(?:more|extra|additional|further)\b|\badd\b.*\b(?:to|on(?:to)?)\s+(?:the|my|that|it)\b"
                        r"|^(?:(?:and|now|then|please|just|ok|okay)\s+)*add\s+[\w -]+?\s+" + _UNIT + r"(?:\s+please)?$"
                        r"|\banother\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|"
                        r"half(?:\s+an?)?|couple(?:\s+of)?|few)\s+(?:and\s+a\s+half\s+)?" + _UNIT + r"\b")

# less time on a timer that runs: "knock ten minutes off the roast", "take 5 minutes off it" (declined)
# the timer more or less time is for: "it", "the timer", "the pasta (timer)", "the first one", "the 10 minute one"
_WHICH_TIMER = (r"(?:it|that|this|(?:the|my)\s+timer|(?:the|my)\s+(?P<label>[a-z0-9][a-z0-9'-]*(?:\s+[a-z0-9'-]+){0,2}?)"
                r"(?:\s+(?:one|timer))?)")
_LESS_TIME_SAID = (r"(?:take|knock|shave|cut|trim|chop)\s+(?:another\s+)?(?P<dur>[\w ,./-]+?)\s+off\s+(?:of\s+)?"
                   + _WHICH_TIMER)
_LESS_TIME = re.compile(r"\b" + _LESS_TIME_SAID + r"\b")

# words that say a length, read by the grammar or not ("half hour", "a couple of minutes"); a "second"
# that find_duration did not count is the ordinal ("a second timer")
_UNIT_SAID = re.compile(r"\b(?:hours?|hrs?|minutes?|mins?|seconds|secs?|half|quarter)\b")
_LENGTH_SAID = re.compile(r"\d|" + _UNIT_SAID.pattern)


# what a timer asked for without its length is for: "set a timer for the rice", "put a timer on for my bread"
_FOR_WHAT = re.compile(r"\btimer(?:\s+(?:on|going))?\s+for\s+(?:the|my)\s+(?P<label>[a-z][a-z' ]{0,30}?)$")


# a timer that runs until a clock time: "set a timer until five pm", "a timer till half past six", "a timer
# to go off at 6:30", "until noon"
_UNTIL = re.compile(r"\b(?:until|till|til|at)\b.*")
# how a timer is said to end, with the clock time it ends at: no part of what the timer is for ("a timer to go
# off at 6:30" is no "go off at 6:30" timer)
# "a timer at 5" is five minutes, as a bare number is; "a timer to go off at 5" is five o'clock
_GOES_OFF = re.compile(r"\b(?:go(?:es)?\s+off|rings?|beeps?|buzz(?:es)?|ends?|finish(?:es)?)\s+at\b")
_ENDING_WORDS = frozenset("to that which it go goes off ring rings beep beeps buzz buzzes end ends finish finishes stop "
                          "stops until till til at".split())
_MERIDIEM = re.compile(r"\b(?:am|pm|a\.m|p\.m|morning|afternoon|evening|tonight|night|" + NAMED_TIME_WORDS + r")\b")
# a number that counts things rather than minutes: "a timer for the three eggs", "for 2 pizzas"
_COUNTED = re.compile(r"\b(?:\d+|" + "|".join(sorted(NUMBER_WORDS - {"a", "an", "and", "point", "minus", "negative"}, key=len,
                                                  reverse=True)) + r")\s+(?!(?:for|please|then|now|and|on|to|of|or|with|jarvis|thanks"
                                                                        r"|thank|more|again|instead|minutes?|mins?"
                                                                        r"|called|named|labell?ed|titled)\b)[a-z]{3,}")


def seconds_until(clock: str, words: str, now: _dt.datetime) -> int:
    """Seconds from `now` to the next time the clock says `clock` ('HH:MM'); an hour said without its half
    of the day ("until six") is the next of 6:00 and 18:00."""
    hh, mm = (int(x) for x in clock.split(":"))
    hours = [hh] + ([hh + 12] if 0 < hh < 12 and not _MERIDIEM.search(words) else [])
    ahead = []
    for h in hours:
        at = now.replace(hour=h, minute=mm, second=0, microsecond=0)
        if at <= now:
            at += _dt.timedelta(days=1)
        ahead.append(at)
    return int((min(ahead) - now).total_seconds())


def _ask_the_length(out: dict[str, Any], voice_command: str) -> None:
    """No length said: none is kept (it is asked), and the timer asked for keeps what it is for ("rice")."""
    out.pop("duration_seconds", None)
    what = _FOR_WHAT.search(normalize_utterance(voice_command))
    if what is not None and not out.get("label"):
        out["label"] = what.group("label")


def _your_timer(timer: dict[str, Any]) -> str:
    """How a reply about a changed timer names it: "your pasta timer", or "your timer"."""
    return f"your {timer['label']} timer" if timer.get("label") else "your timer"


JUST_SET = _dt.timedelta(minutes=2)      # a correction ("actually make it 10") changes a timer set this recently


def corrected_seconds(value: str, before: int) -> int | None:
    """The length a correction gives ("15 minutes", "an hour"; a bare number is in the unit of the
    timer it corrects: "make it 10" of an 8 minute timer is 10 minutes); None when it says no length."""
    seconds = parse_duration(value)
    if seconds is None:
        n = parse_number(value)
        if n is None or n <= 0 or n != int(n):
            return None
        unit = 3600 if before >= 3600 and before % 3600 == 0 else 60 if before >= 60 else 1
        seconds = int(n) * unit
    return seconds if 0 < seconds <= MAX_SECONDS else None


_NOT_SETTING = re.compile(r"(?:stop|cancel|end|kill|remove|delete|clear|check|pause|reset|abort|dismiss|how|what|is|when)\b")


# a timer's length written as a timer shows it, after "for": "for 1:30" (1 minute 30 seconds), "for 1:30:00"
# (an hour and a half): speech recognition writes "a timer for one thirty" so. Not a clock time said with its
# half of the day ("for 1:30 pm") or "o'clock".
_CLOCK_FACE = re.compile(r"\bfor\s+(?:(?P<h>\d{1,2}):)?(?P<m>\d{1,2}):(?P<s>[0-5]\d)(?![\d:])"
                         r"(?!\s*(?:a\.?\s?m\b|p\.?\s?m\b|o'?clock|in\s+the|tonight|tomorrow))")


def clock_face_seconds(text: str) -> int | None:
    """The seconds of a length written "m:ss" or "h:mm:ss" after "for" ("timer for 1:30": 90); None."""
    m = _CLOCK_FACE.search(text.lower())
    if m is None:
        return None
    seconds = int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + int(m.group("s"))
    return seconds if 0 < seconds <= MAX_SECONDS else None


def _duration_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    if _NOT_SETTING.match(m.string):
        return None
    seconds = parse_duration(m.group("dur"), followed_by=m.string[m.end("dur"):])   # "a second timer" is no length
    if seconds is None and ":" in m.group("dur"):
        seconds = clock_face_seconds("for " + m.group("dur"))
    if seconds is None or seconds > MAX_SECONDS:
        return None
    groups = m.groupdict()
    label = clean_label(groups.get("label") or groups.get("wlabel"))
    if label == "all" or (label and len(label.split()) > 3) or (label and parse_duration(label)):
        return None
    args: dict[str, Any] = {"duration_seconds": seconds}
    if label:
        args["label"] = label
    return PreRouteResult(arguments=args)




# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('start a countdown for 3 minutes', {'duration_seconds': 180}),
 ('timer 20 minutes', {'duration_seconds': 1200}),
 ('give me 5 minutes on the clock', {'duration_seconds': 300}),
 ('let me know when fifteen minutes are up', {'duration_seconds': 900}),
 ('time my run for half an hour', {'duration_seconds': 1800, 'label': 'run'}),
 ('set a 90 second timer', {'duration_seconds': 90}),
 ('can you time 10 minutes for the rice', {'duration_seconds': 600, 'label': 'rice'}),
 ('two minute timer please', {'duration_seconds': 120}),
 ('tea timer four minutes', {'duration_seconds': 240, 'label': 'tea'}),
 ('count down one minute', {'duration_seconds': 60})]
# a timer asked for by what it is for, its length not said yet (it is asked for): every example above says
# a length, so "set a timer for the rice" went to cancel_timer's timers named by what they are for
_MORE_EXAMPLES += [
 ('set a timer for the lasagne', {'label': 'lasagne'}),
 ('start a timer for the muffins', {'label': 'muffins'}),
 ('i need a timer', {}),
 ('can i have a timer please', {}),
 ('put a timer on for the cookies', {'label': 'cookies'}),
 ('timer for the noodles', {'label': 'noodles'}),
 ('start a new timer', {}),
 ('set me a timer for the oven', {'label': 'oven'}),
 ('make a timer for my workout', {'label': 'workout'}),
 ('get a timer going for the stew', {'label': 'stew'}),
]
# a timer asked for as a length of time passing, or with an everyday word for being told ("tell me when five
# minutes have passed" listed the reminders, "alert me once thirty seconds are up" gave the briefing)
_MORE_EXAMPLES += [
 ('let me know after twenty minutes', {'duration_seconds': 1200}),
 ('give me a beep in eight minutes', {'duration_seconds': 480}),
 ('alert me when fifteen minutes are over', {'duration_seconds': 900}),
 ('tell me once an hour has passed', {'duration_seconds': 3600}),
 ('say something when four minutes are up', {'duration_seconds': 240}),
 ('warn me after ten minutes', {'duration_seconds': 600}),
 ('give me a yell in half an hour', {'duration_seconds': 1800}),
 ('poke me in twenty five minutes', {'duration_seconds': 1500}),
 ('let me know when the thirty minutes have run out', {'duration_seconds': 1800}),
 ('five minutes on the timer please', {'duration_seconds': 300}),
 ('tell me when two minutes have gone by', {'duration_seconds': 120}),
 ('go off in forty seconds', {'duration_seconds': 40}),
]
_NEGATIVES: list[str] = ['set an alarm for 7 am', 'wake me up at six', 'alarm at noon tomorrow', 'mute for ten minutes',
 'silence notifications for an hour', 'turn the volume down for a minute', 'how many minutes are in a day',
 'pause the music for five minutes', 'turn off the lights in ten minutes']
_DOMAIN_WORDS: list[str] = ['timer', 'countdown', 'count down']

# besides the units said (`_UNIT_SAID`): the words of a timer itself, and "second" (not a unit there: "the second timer")
_TIMER_WORDS = {"second", "timer", "timers", "countdown", "quick", "short"}


def _names_a_length(label: str) -> bool:
    """A label made only of a length of time and the word timer ("ten minute timer", "a quick 2 min")
    names no timer: an unnamed timer is already called by its length ("your 10 minute timer")."""
    words = re.findall(r"[a-z0-9]+", label.lower())
    return bool(words) and all(w.isdigit() or w in NUMBER_WORDS or w in _TIMER_WORDS or _UNIT_SAID.fullmatch(w)
                               for w in words)


class SetTimerCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "set_timer"

    @property
    def capability(self) -> str:
        return 'set, pause and cancel timers'

    @property
    def description(self) -> str:
        return ("Start a countdown timer for a duration (converted to seconds), optionally with a label "
                "such as 'pasta'. When it ends the assistant says so and plays a sound. Use for "
                "'set a timer', 'N minute timer', 'wake me in N minutes' with nothing to remember.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("duration_seconds", "int", required=True,
                            description="Total length in seconds: 5 minutes = 300, an hour and a half = 5400.",
                            validation_function=lambda v: 0 < v <= MAX_SECONDS, question="For how long?"),
            JarvisParameter("label", "string", description="Optional name of the timer, e.g. pasta, laundry."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["timer", "countdown", "minutes", "seconds", "hours"]

    @property
    def rules(self) -> list[str]:
        return ["Convert the duration to seconds: 1 minute 30 seconds = 90, half an hour = 1800.",
                "Only set a label when the user names the timer."]

    @property
    def critical_rules(self) -> list[str]:
        return ["A request to be reminded OF SOMETHING (remind me to X in 10 minutes) is reminder, not set_timer."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Remind me to call mom in 20 minutes (has a task to remember)"),
                CommandAntipattern("check_timers", "How much time is left on my timer?"),
                CommandAntipattern("cancel_timer", "Cancel the pasta timer")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            # "pop a five minute timer on for the tea": the verb's particle after the timer
            FastPath("set_timer.n_unit_timer", _VERB + r"(?P<dur>[\w ,./-]+?)[\s-]timer(?:\s+on)?" + _LABEL_TAIL,
                     _duration_claim, "set a 10 minute timer (for pasta)"),
            FastPath("set_timer.timer_for_n", _VERB + r"timer\s+(?:on\s+)?(?:for\s+|of\s+)?(?P<dur>[\w ,.:/-]+?)" + _LABEL_TAIL,
                     _duration_claim, "timer for 25 minutes (called pasta)"),
            FastPath("set_timer.named_timer_for_n",
                     _VERB + r"timer\s+(?:called|named)\s+(?P<label>[a-z]+)\s+for\s+(?P<dur>[\w ,./-]+)",
                     _duration_claim, "set a timer called pizza for 5 minutes"),
            FastPath("set_timer.timer_for_label_for_n",
                     _VERB + r"timer\s+(?:on\s+)?for\s+(?:the\s+|my\s+)?(?P<label>[a-z][a-z']*(?:\s+(?!for\b)[a-z][a-z']*){0,2}),?"
                     r"\s+for\s+(?P<dur>[\w ,./-]+)",
                     _duration_claim, "set a timer for the eggs for 6 minutes"),
            FastPath("set_timer.timer_for_label_n",
                     _VERB + r"timer\s+(?:on\s+)?for\s+(?:the|my)\s+(?P<label>[a-z][a-z']*(?:\s+(?!for\b)[a-z][a-z']*){0,2}),?"
                     r"\s+(?P<dur>" + _LENGTH_FIRST + r")",
                     _duration_claim, "set a timer for my bread 45 minutes"),
            FastPath("set_timer.label_timer_for_n",
                     _VERB + _WORD_LABEL + r"\s+timer(?:\s+please)?,?\s+(?:on\s+)?(?:for\s+)?(?P<dur>[\w ,./-]+)",
                     _duration_claim, "set a pasta timer for 10 minutes (egg timer please, four minutes)"),
            FastPath("set_timer.remind_me_in_n",
                     r"(?:remind me|wake me(?: up)?|let me know|alert me|ping me|buzz me|tell me)\s+in\s+(?P<dur>[\w ,./-]+)",
                     _duration_claim, "wake me up in 30 minutes (nothing else to remember)"),
            FastPath("set_timer.count_down", r"count\s*down\s+(?:from\s+)?(?P<dur>[\w ,./-]+)",
                     _duration_claim, "count down 3 minutes"),
            # "time" as the verb: "can you time ten minutes for the eggs", "time my run, half an hour"
            FastPath("set_timer.time_n",
                     _TIME_VERB + r"(?:me\s+)?(?:for\s+)?(?P<dur>[\w ,./-]+?)(?:\s+for\s+me)?"
                     + _LABEL_TAIL + r"(?:\s+please)?",
                     _duration_claim, "can you time ten minutes for the eggs"),
            FastPath("set_timer.time_label_n",
                     _TIME_VERB + r"(?:the|my)\s+(?P<label>[a-z][a-z']*(?:\s+(?!for\b)[a-z][a-z']*)?),?"
                     r"\s+(?:for\s+)?(?P<dur>" + _LENGTH_FIRST + r")",
                     _duration_claim, "time the eggs for six minutes"),
            FastPath("set_timer.more_time",
                     r"(?:(?:and|now|then|please|just|can\s+you|could\s+you)\s+)*(?:add|put|stick|throw|pop|tack)\s+(?:another\s+)?(?P<dur>[\w ,./-]+?)"
                     r"\s+(?:more\s+)?(?:to|on(?:to)?)\s+" + _WHICH_TIMER,
                     self._more_time_claim, "add five minutes to it (a timer running)"),
            FastPath("set_timer.less_time",
                     r"(?:(?:and|now|then|please|just|can\s+you|could\s+you)\s+)*" + _LESS_TIME_SAID + r"(?:\s+please)?",
                     self._more_time_claim, "knock ten minutes off the roast (a timer running)"),
            # "add five minutes" said alone: more time on the one timer running (a new one when none runs)
            FastPath("set_timer.add_n",
                     r"(?:(?:and|now|then|please|just|ok|okay|can\s+you|could\s+you)\s+)*(?:add|give\s+(?:it|me))\s+"
                     r"(?:another\s+)?(?P<dur>[\w ,./-]+?)(?P<label>)(?:\s+(?:more|extra))?(?:\s+please)?",
                     self._more_time_claim, "add five minutes (one timer running)"),
            # "and one more for the garlic bread, 8 minutes": a new timer with that name
            FastPath("set_timer.another_for",
                     r"(?:(?:and|also|now|then|ok|okay)\s+)*(?:(?:set|start|make|add|give\s+me|i\s+need|i\s+want)\s+)?"
                     + _ORDINAL + r"(?:\s+(?:one|timer))?\s+for\s+"
                     r"(?:the\s+|my\s+)?(?P<label>[a-z][a-z']*(?:\s+(?!for\b)[a-z][a-z']*){0,3}),?\s+(?:for\s+)?(?P<dur>[\w ,./-]+)",
                     _duration_claim, "and one more for the garlic bread, 8 minutes"),
            FastPath("set_timer.correction", r".+", self._correction_claim,
                     "actually make it 10 (right after a timer was set)"),
        ]

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """"5 minutes" after "For how long?": the length said; other words are a request of their own."""
        if argument == "label" and self.services is not None:      # "the pasta one" after "Which one: ...?"
            said = re.sub(r"^(?:the|my)\s+|\s+(?:one|timer)$", "", normalize_utterance(words))
            meant = timers_named(timer_service(self.services).live_timers(), said)
            if len(meant) != 1:
                return None
            return {**arguments, "label": said}
        if argument != "duration_seconds":
            return super().read_answer(argument, words, arguments)
        seconds = parse_duration(normalize_utterance(words).removeprefix("for ").strip())
        return {**arguments, argument: seconds} if seconds is not None and 0 < seconds <= MAX_SECONDS else None

    def _more_time_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"add five minutes to it", "put 2 more minutes on the pasta": more time on the one running timer
        it can mean (the one of that name, or the only one); not claimed otherwise ("add 5 minutes to
        the recipe" with no recipe timer running)."""
        seconds = parse_duration(" ".join(re.sub(r"\b(?:more|extra)\b", " ", m.group("dur")).split()))
        if self.services is None or seconds is None or seconds > MAX_SECONDS:
            return None
        label = clean_label(m.group("label"))
        live = timer_service(self.services).live_timers()
        named = timers_named(live, label) if label else live    # "the pasta", "the first one", "the 10 minute one"
        if len(named) != 1:
            if label is None and len(live) > 1:
                return PreRouteResult(arguments={"duration_seconds": seconds})    # run() asks which one
            return None
        # the words that single it out ("pasta", "first", "10 minute"): run() finds it by them again;
        # the only timer, unnamed by the words, by its own name
        said = label or clean_label(named[0].get("label"))
        return PreRouteResult(arguments={"duration_seconds": seconds, **({"label": said} if said else {})})

    def _just_set(self) -> dict[str, Any] | None:
        """The newest running timer, when it was set in the last two minutes (what a correction changes)."""
        if self.services is None:
            return None
        service = timer_service(self.services)
        newest = max(service.running_timers(), key=lambda t: t["id"], default=None)
        if newest is None or service.now() - parse_iso(newest["started_at"]) > JUST_SET:
            return None
        return newest

    def _correction_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """"actually make it 10", "no, 15 minutes": a new length for the timer just set; not claimed
        without one, or when the words say no length."""
        value = corrected_value(text)
        timer = self._just_set() if value is not None else None
        seconds = corrected_seconds(value, int(timer["duration_seconds"])) if timer is not None else None
        if seconds is None:
            return None
        label = clean_label(timer.get("label"))
        return PreRouteResult(arguments={"duration_seconds": seconds, **({"label": label} if label else {})})

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Set a timer for 5 minutes", {"duration_seconds": 300}),
            ("Set a 10 minute timer for pasta", {"duration_seconds": 600, "label": "pasta"}),
            ("Timer for an hour and a half", {"duration_seconds": 5400}),
            ("1 minute 30 seconds timer", {"duration_seconds": 90}),
            ("Wake me up in 20 minutes", {"duration_seconds": 1200}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        rows = [
            ("Set a timer for 5 minutes", {"duration_seconds": 300}),
            ("Timer for 30 seconds", {"duration_seconds": 30}),
            ("Set a 10 minute timer for pasta", {"duration_seconds": 600, "label": "pasta"}),
            ("Start a 45 second timer", {"duration_seconds": 45}),
            ("Timer for ten minutes", {"duration_seconds": 600}),
            ("Set a 15 minute timer", {"duration_seconds": 900}),
            ("3 minute timer please", {"duration_seconds": 180}),
            ("Set a timer for 1 hour", {"duration_seconds": 3600}),
            ("Timer for 2 hours", {"duration_seconds": 7200}),
            ("Timer for half an hour", {"duration_seconds": 1800}),
            ("Timer for 2 minutes 30 seconds", {"duration_seconds": 150}),
            ("Set a 1 hour 15 minute timer", {"duration_seconds": 4500}),
            ("Timer for 20 minutes for the laundry", {"duration_seconds": 1200, "label": "laundry"}),
            ("Set a nap timer for 30 minutes", {"duration_seconds": 1800, "label": "nap"}),
            ("Egg timer for 7 minutes", {"duration_seconds": 420, "label": "egg"}),
            ("Wake me up in 30 minutes", {"duration_seconds": 1800}),
            ("Let me know in an hour", {"duration_seconds": 3600}),
            ("Set a timer for an hour and a half", {"duration_seconds": 5400}),
            ("Set a timer for five and a half minutes", {"duration_seconds": 330}),
            ("Start a timer called pizza for 12 minutes", {"duration_seconds": 720, "label": "pizza"}),
            ("Twenty five minute timer for the roast", {"duration_seconds": 1500, "label": "roast"}),
            ("Count down 90 seconds", {"duration_seconds": 90}),
            ("Set a timer for 1 hour, 15 minutes and 30 seconds", {"duration_seconds": 4530}),
            ("Remind me in 15 minutes", {"duration_seconds": 900}),
        ]
        return examples(_MORE_EXAMPLES, primary=None) + examples(rows)

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """The timers running now, and what is left on them ("did you set a timer for me?": "Your 10 minute
        timer has 4 minutes left.", or "You have no timers running.")."""
        return running_timers_said(self.services)

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A label the user did not say (copied from an example) is dropped; a duration the user
        said plainly ("time 3 minutes for my tea") wins over the model's number."""
        out = drop_ungrounded(args, voice_command, ["label"])
        said = find_duration(voice_command) or clock_face_seconds(voice_command)
        lowered = voice_command.lower()
        # "another one", "the new one" point at a timer: no number of minutes
        numbers = numbers_said(re.sub(r"\b(?:another|this|that|the|new|which|each)\s+one\b", " ", lowered))
        if said:
            out["duration_seconds"] = said
        elif (until := _UNTIL.search(lowered)) and self.services is not None and (
                clock := find_clock_time(re.sub(r"^til\b", "till", until.group(0)))) and not (
                until.group(0).startswith("at") and len(clock[1].split()) == 1 and ":" not in clock[1]
                and not _MERIDIEM.search(clock[1]) and not _GOES_OFF.search(lowered)):
            # "until five pm", "till noon", "to go off at 6:30": as long as it is from now till then (the model
            # wrote five minutes, or nothing); how it ends is no label
            out["duration_seconds"] = seconds_until(clock[0], clock[1], self.services.clock())
            ending = _ENDING_WORDS | set(clock[1].split())
            if out.get("label") and set(normalize_utterance(str(out["label"])).split()) <= ending:
                out.pop("label")
        elif not _LENGTH_SAID.search(lowered) and not numbers:
            _ask_the_length(out, voice_command)  # "set a second timer for the rice": no length said
        elif len(numbers) == 1 and 0 < numbers[0] and not _UNIT_SAID.search(lowered) and _COUNTED.search(lowered):
            _ask_the_length(out, voice_command)  # "a timer for the three eggs": how many, not how long
        elif len(numbers) == 1 and 0 < numbers[0] and not _UNIT_SAID.search(lowered):
            # a bare number is minutes, as people set timers: "set a timer for 25" was 25 seconds, "another
            # for the sauce for 15" 12 minutes (the model's numbers)
            out["duration_seconds"] = int(numbers[0] * 60)
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        return []

    def bind(self, services) -> None:  # type: ignore[override]
        super().bind(services)
        timer_service(services).resume()   # timers still running from the last session go on

    def run(self, request_info: RequestInformation, **kwargs: Any) -> Any:
        if self.services is None:
            return fail("Timers need a running assistant.")
        seconds = int(kwargs["duration_seconds"])
        label = clean_label(kwargs.get("label"))
        if label == "all":
            label = None
        if corrected_value(request_info.voice_command) is not None:
            corrected = self._correct(seconds)
            if corrected is not None:
                return corrected
        said = " ".join(request_info.voice_command.lower().split())
        if _LESS_TIME.search(said):                  # "knock ten minutes off the roast": never a new timer
            return self._extend(-seconds, label, request_info.voice_command) or fail(
                f"You have no {label + ' ' if label else ''}timer running to take time off.")
        if _MORE_TIME.search(said):
            extended = self._extend(seconds, label, request_info.voice_command)
            if extended is not None:
                return extended
        if label and _names_a_length(label):
            label = None        # a new timer, "let me know when ten minutes are up": the model's "ten minute timer" names none
        timer = timer_service(self.services).add(seconds, label)
        length = say_duration(seconds)
        message = f"{label.capitalize()} timer set for {length}." if label else f"Timer set for {length}."
        return say(message, timer_id=timer["id"], label=label, duration_seconds=seconds,
                   ends_at=timer.get("ends_at"))

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """A timer started, or time added to one (what `take_back` undoes)."""
        return result.get("timer_id") is not None

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> Any:
        """"Cancel that" right after: the timer just set is cancelled; time just added to a timer (or
        a length just corrected) is taken off again."""
        found = self._still_running(result)
        if found is None:
            return None                           # it has rung or was cancelled since
        service, timer = found
        added = result.get("added_seconds")
        if added is not None:
            changed = service.extend(timer["id"], -int(added))
            if changed is None:
                return None
            return say(f"OK, I've put it back: {_your_timer(changed)} has {say_duration(changed['remaining_seconds'])} left.",
                       timer_id=changed["id"], ends_at=changed.get("ends_at"))
        return self._cancelled(service, timer)

    def end(self, arguments: dict[str, Any], result: dict[str, Any]) -> Any:
        """"Kill it" right after a timer was set, made longer or corrected: the timer is cancelled (taking
        back a correction would only put its old length back)."""
        found = self._still_running(result)
        return self._cancelled(*found) if found is not None else None

    def _still_running(self, result: dict[str, Any]) -> tuple[Any, dict[str, Any]] | None:
        """The timer service and the timer a call's result names, while that timer runs (or is paused)."""
        if self.services is None or result.get("timer_id") is None:
            return None
        service = timer_service(self.services)
        timer = service.get(int(result["timer_id"]))
        if timer is None or timer.get("state") not in ("running", "paused"):
            return None
        return service, timer

    @staticmethod
    def _cancelled(service: Any, timer: dict[str, Any]) -> Any:
        """The timer cancelled, said so; None when it could not be (it rang meanwhile)."""
        if not service.cancel(timer["id"]):
            return None
        return say(f"OK, I've cancelled {_your_timer(timer)}.", cancelled=[timer["id"]])

    def _correct(self, seconds: int):
        """The timer just set, made `seconds` long from when it was set; None when none was just set."""
        timer = self._just_set()
        if timer is None:
            return None
        service = timer_service(self.services)
        changed = service.extend(timer["id"], seconds - int(timer["duration_seconds"]))
        if changed is None:
            return None
        return say(f"OK, {_your_timer(changed)} is {say_duration(seconds)} now: {say_duration(changed['remaining_seconds'])} left.",
                   timer_id=changed["id"], label=changed.get("label"), duration_seconds=seconds,
                   ends_at=changed.get("ends_at"), corrected=True,
                   added_seconds=seconds - int(timer["duration_seconds"]))

    def _extend(self, seconds: int, label: str | None, said: str):
        """More time on the running timer the user means: the one with that label, or the only one
        running when they named none; with several running and none named, which one is asked ("add
        five minutes to it" after two timers were read made a sum, 5 plus 5); None when there is no
        such timer (a new one is set)."""
        live = timer_service(self.services).live_timers()
        if label is None and len(live) > 1:
            names = join_words(distinct_timer_names(live), "or")
            asked = CommandResponse.ask_for("label", f"You have {len(live)} timers. Which one: {names}?",
                                            {"duration_seconds": abs(seconds)})
            asked.awaits["request"] = said          # the answer completes "add five minutes to it"
            return asked
        named = timers_named(live, label) if label else live       # "the 90 second one", "pasta"
        meant = named[0] if len(named) == 1 else None
        if meant is not None and seconds < 0 and -seconds >= int(meant["remaining_seconds"]):
            return fail(f"{_your_timer(meant)[:1].upper() + _your_timer(meant)[1:]} has only "
                        f"{say_duration(int(meant['remaining_seconds']))} left; I've left it as it is.")
        timer = timer_service(self.services).extend(meant["id"], seconds) if meant is not None else None
        if timer is None:
            return None
        if seconds < 0:
            return say(f"Took {say_duration(-seconds)} off {_your_timer(timer)}: {say_duration(timer['remaining_seconds'])} left.",
                       timer_id=timer["id"], label=timer.get("label"), added_seconds=seconds,
                       ends_at=timer.get("ends_at"), extended=True)
        return say(f"Added {say_duration(seconds)} to {_your_timer(timer)}: {say_duration(timer['remaining_seconds'])} left.",
                   timer_id=timer["id"], label=timer.get("label"), added_seconds=seconds,
                   ends_at=timer.get("ends_at"), extended=True)

    def shutdown(self) -> None:
        if self.services is not None:
            svc = self.services.kept(TimerService)
            if svc is not None:
                svc.shutdown()
