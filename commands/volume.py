"""volume: the desktop's output volume and mute, through the sound server (PulseAudio or PipeWire).

"turn it up", "volume 30 percent", "mute for fifteen minutes", "unmute", "what's the volume?".
A timed mute is kept in the settings table, so the sound comes back when it is due even if the
assistant was restarted in between. Without a sound server it says so; nothing else changes."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any, Callable

from commands._background import PollingService, parse_iso
from commands._common import claim, examples, fail, say
from commands._parsing import NUM, find_duration, parse_number, say_duration
from commands._sound_server import DesktopVolume, OutputState, SoundServerError
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)
from jarvis_tui.sdk.services import CommandServices
from jarvis_tui.sdk.grounding import said_values
from jarvis_tui.sdk.text import numbers_said

UNMUTE_AT = "volume.unmute_at"      # settings key: when a timed mute ends (ISO time)
DEFAULT_STEP = 10                   # percent points for "turn it up" / "turn it down"
MAX_LEVEL = 150                     # the most an explicit level may ask for (PulseAudio allows boost)


# the words that say each action (grounding: the LLM's choice stands only on the user's words)
ACTION_WORDS = {
    "up": ["up", "louder", "raise", "increase", "higher", "boost", "crank", "pump", "too quiet", "can't hear",
           "cannot hear", "more volume"],
    "down": ["down", "lower", "quieter", "decrease", "reduce", "softer", "too loud", "less volume", "drop", "dim",
             "turn it down", "tone it down", "quietly", "softly"],
    "set": ["set", "percent", "per cent", "level"],
    "mute": ["mute", "silence", "silent", "shush", "hush", "sound off"],
    "unmute": ["unmute", "sound back", "sound on", "back on"],
    "get": ["what is the volume", "what volume", "how loud", "current", "volume level", "is it muted",
            "is the sound muted"],
}
# (no word said by every sort of request: "what" and "to" made "i can't make out what you're saying, it's too
# quiet" a read of the volume and "you're hard to hear" a set; a question is a read anyway (`question_value`),
# and a level said is a set (`post_process_tool_call`))


def _volume_said(state: OutputState) -> str:
    """'The volume is 40 percent.', 'The volume is 40 percent, muted.'"""
    return f"The volume is {state.percent} percent" + (", muted." if state.muted else ".")


class UnmuteService(PollingService):
    """Unmutes the output when a timed mute is due, and says so."""

    name = "volume"
    poll_s = 5.0

    def __init__(self, services: CommandServices, unmute: Callable[[], object]) -> None:
        super().__init__(services)
        self.unmute = unmute

    def due_at(self) -> _dt.datetime | None:
        value = self.services.settings.get(UNMUTE_AT)
        try:
            return parse_iso(value) if value else None
        except (TypeError, ValueError):
            self.services.settings.delete(UNMUTE_AT)        # a damaged value: forget it, do not guess
            return None

    def schedule(self, when: _dt.datetime | None) -> None:
        if when is None:
            self.services.settings.delete(UNMUTE_AT)
        else:
            self.services.settings.set(UNMUTE_AT, when.isoformat())
            self.ensure_running()

    def resume(self) -> None:
        if self.due_at() is not None:
            self.ensure_running()

    def tick(self) -> float | None:
        due = self.due_at()
        if due is None:
            return None
        left = (due - self.now()).total_seconds()
        if left > 0:
            return left
        try:
            self.unmute()
        except SoundServerError:
            return 30.0                      # the server is away: try again later, the mute stays due
        self.services.settings.delete(UNMUTE_AT)
        self.emit("The sound is back on.", "volume", earcon="done")
        return None


def _percent(text: str | None) -> int | None:
    value = parse_number(text) if text else None
    return int(value) if value is not None and 0 <= value <= MAX_LEVEL else None


_LEVEL_WORDS = {"max": 100, "maximum": 100, "full": 100, "full blast": 100, "half": 50, "halfway": 50,
                "minimum": 0, "zero": 0, "nothing": 0}
_IT = r"(?:it|that|the\s+(?:volume|sound|audio|speakers?|music)|(?:my|the)\s+computer|things)"
_AMOUNT = r"(?:\s+(?:by\s+)?(?P<step>" + NUM + r")\s*(?:percent|%|points?|notches|steps?)?)?"
_SOFT = r"(?:\s+(?:a\s+(?:bit|little|notch|tad)|some|a\s+lot|more|please))*"
_DUR = r"(?:\s+for\s+(?:the\s+next\s+)?(?P<dur>(?:(?:an?|" + NUM + r"|half\s+an?|a\s+couple\s+of)[\w\s]*?)?(?:hours?|minutes?|mins?|seconds?)))?"


def _step_claim(direction: int):
    def handle(m: re.Match[str], _text: str) -> PreRouteResult | None:
        step = m.groupdict().get("step")
        amount = _percent(step) if step else None
        if step and amount is None:
            return None
        return claim(action="up" if direction > 0 else "down", step=amount)
    return handle


def _set_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    word = (m.group("level") or "").strip()
    level = _LEVEL_WORDS.get(word, _percent(word))
    return None if level is None else claim(action="set", level=level)


def _mute_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    dur = m.groupdict().get("dur")
    if not dur:
        return claim(action="mute")
    minutes = _minutes_said(m.group(0))
    return None if minutes is None else claim(action="mute", minutes=minutes)


def _minutes_said(text: str) -> int | None:
    """Whole minutes of the duration said ("fifteen minutes", "the next hour"), else None."""
    seconds = find_duration(text)
    if seconds is None:
        bare = re.search(r"\bthe\s+next\s+(hour|minute)\b", text.lower())
        seconds = {"hour": 3600, "minute": 60}[bare.group(1)] if bare else None
    return seconds // 60 if seconds and seconds >= 60 and seconds % 60 == 0 else None


_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("can you make it a bit louder", {"action": "up"}), ("i can't hear anything turn it up", {"action": "up"}),
    ("pump up the volume", {"action": "up"}), ("increase the sound by twenty percent", {"action": "up", "step": 20}),
    ("boost the volume", {"action": "up"}), ("raise the volume a little", {"action": "up"}),
    ("it's too loud", {"action": "down"}), ("that's too loud turn it down", {"action": "down"}),
    ("lower the sound please", {"action": "down"}), ("reduce the volume by 5", {"action": "down", "step": 5}),
    ("decrease volume", {"action": "down"}), ("make it quieter", {"action": "down"}),
    ("bring the volume down a notch", {"action": "down"}), ("softer please", {"action": "down"}),
    ("put the volume at forty", {"action": "set", "level": 40}), ("volume to max", {"action": "set", "level": 100}),
    ("set the sound level to 25 percent", {"action": "set", "level": 25}),
    ("change the volume to seventy", {"action": "set", "level": 70}),
    ("silence the speakers", {"action": "mute"}), ("mute the audio for half an hour", {"action": "mute", "minutes": 30}),
    ("be quiet for ten minutes", {"action": "mute", "minutes": 10}), ("kill the sound", {"action": "mute"}),
    ("mute everything for an hour", {"action": "mute", "minutes": 60}), ("go silent", {"action": "mute"}),
    ("mute the sound for the next twenty minutes", {"action": "mute", "minutes": 20}),
    ("mute the speakers until i tell you otherwise", {"action": "mute"}),
    ("please mute for the rest of the evening", {"action": "mute"}), ("hit the mute button", {"action": "mute"}),
    ("turn the sound back on", {"action": "unmute"}), ("unmute the speakers", {"action": "unmute"}),
    ("put the sound back", {"action": "unmute"}), ("stop muting", {"action": "unmute"}),
    ("how loud is it set", {"action": "get"}), ("what volume is it at", {"action": "get"}),
    ("is the sound muted", {"action": "get"}), ("what's the current volume level", {"action": "get"}),
]
# said of the assistant's own voice: it is the sound the user hears (small talk had answered "sure, I can
# help with that")
_MORE_EXAMPLES += [
    ("talk a bit louder", {"action": "up"}), ("i can barely hear you", {"action": "up"}),
    ("say it louder", {"action": "up"}), ("your voice is too quiet", {"action": "up"}),
    ("keep your voice down", {"action": "down"}), ("talk more softly", {"action": "down"}),
    ("you're way too loud", {"action": "down"}), ("lower your voice", {"action": "down"}),
    # ... and complaints about hearing it, which ask for it as much as "louder" does
    ("i can hardly hear what you're saying", {"action": "up"}), ("you need to speak louder", {"action": "up"}),
    ("you sound very faint", {"action": "up"}), ("i can't make out your voice", {"action": "up"}),
    ("you're deafening me", {"action": "down"}), ("you're a bit too noisy", {"action": "down"}),
    ("your voice is booming", {"action": "down"}),
    # ... in the short words people say it in, as to a person ("speak up" was chat, "stop shouting at me" declined)
    ("could you project a bit more", {"action": "up"}), ("you're whispering", {"action": "up"}),
    ("i can't catch what you're saying", {"action": "up"}), ("you're very soft spoken", {"action": "up"}),
    ("turn your voice up a notch", {"action": "up"}), ("louder voice please", {"action": "up"}),
    ("don't yell at me", {"action": "down"}), ("no need to shout", {"action": "down"}),
    ("you're hurting my ears", {"action": "down"}), ("quiet down a bit", {"action": "down"}),
    ("less loud please", {"action": "down"}), ("you're drowning out the tv", {"action": "down"}),
    # ... and "speak up", the words most people use for it, which the model answered "Sure, I can help with that."
    ("speak up", {"action": "up"}), ("speak up a little please", {"action": "up"}),
    ("could you speak up", {"action": "up"}), ("keep it down a bit", {"action": "down"}),
]
# (negatives train as "no command": questions that another command answers, such as "what is the
# volume of a sphere", are not listed here)
_NEGATIVES: list[str] = [
    "turn up the heating",
    "turn the lights up", "make the lights brighter", "turn down the thermostat", "increase the brightness",
    "play some music", "next song", "skip this track", "turn on the tv", "mute my phone notifications",
    "turn the oven up to two hundred",
    # the microphone is what hears, not what speaks ("mute my microphone on zoom" muted the speakers)
    "mute my microphone", "unmute my mic", "turn my mic off on the call", "mute me in the meeting",
    "turn up the microphone gain",
]
_DOMAIN_WORDS: list[str] = ["volume", "louder", "quieter", "mute", "unmute", "muted", "sound level", "speakers"]


class VolumeCommand(JarvisCommandBase):
    def __init__(self) -> None:
        super().__init__()
        self.output = DesktopVolume()
        self.unmuter: UnmuteService | None = None

    @property
    def command_name(self) -> str:
        return "volume"

    @property
    def capability(self) -> str:
        return 'change the volume'

    @property
    def description(self) -> str:
        return ("The computer's sound output: turn the volume up or down (step, percent points), set it to a "
                "level (percent), mute it (optionally for N minutes), unmute it, or say the current volume.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=["up", "down", "set", "mute", "unmute", "get"],
                            description="up, down, set, mute, unmute or get.", enum_evidence=ACTION_WORDS,
                            question="Louder, quieter, or to what level?"),
            JarvisParameter("level", "int", description="For set: the volume in percent (0-100).",
                            validation_function=lambda v: 0 <= v <= MAX_LEVEL),
            JarvisParameter("step", "int", description=f"For up/down: how many percent points (default {DEFAULT_STEP}).",
                            validation_function=lambda v: 0 < v <= 100),
            JarvisParameter("minutes", "int", description="For mute: unmute again after this many minutes.",
                            validation_function=lambda v: 0 < v <= 24 * 60),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["volume", "louder", "quieter", "mute", "unmute"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("calculate", "What is the volume of a cube with sides of 3 cm?"),
                CommandAntipattern("cancel_timer", "Stop the timer (a timer is not the sound)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("volume.up",
                     r"(?:(?:turn|crank|bump|pump|put|bring|kick|dial)\s+(?:" + _IT + r"\s+up|up\s+" + _IT + r")|"
                     r"(?:increase|raise|boost)\s+(?:the\s+)?(?:volume|sound)|volume\s+up|louder)" + _SOFT + _AMOUNT + _SOFT,
                     _step_claim(+1), "turn it up / volume up by 20 percent"),
            FastPath("volume.down",
                     r"(?:(?:turn|bring|put|knock|take|dial)\s+(?:" + _IT + r"\s+down|down\s+" + _IT + r")|"
                     r"(?:decrease|lower|reduce)\s+(?:the\s+)?(?:volume|sound)|volume\s+down|quieter)" + _SOFT + _AMOUNT + _SOFT,
                     _step_claim(-1), "turn it down / lower the volume by 10"),
            FastPath("volume.set",
                     r"(?:(?:set|put|change|turn)\s+(?:the\s+)?)?(?:volume|sound(?:\s+level)?)\s+(?:to|at)?\s*"
                     r"(?P<level>" + NUM + r"|max(?:imum)?|full(?:\s+blast)?|half(?:way)?|minimum|zero)\s*(?:percent|%)?",
                     _set_claim, "volume 30 percent / set the volume to max"),
            FastPath("volume.mute",
                     r"mute(?:\s+(?:the\s+)?(?:sound|audio|volume|speakers?|computer|everything|it))?" + _DUR + r"(?:\s+please)?",
                     _mute_claim, "mute / mute for fifteen minutes"),
            # quiet for a while: "shut up for ten minutes", "be quiet for an hour" (without a length, "shut
            # up" stops the reply being spoken: not this)
            FastPath("volume.quiet_for",
                     r"(?:(?:please|can\s+you|could\s+you|just)\s+)*(?:(?:be|keep|stay|go)\s+(?:quiet|silent)|shut\s+up|hush|"
                     r"quiet(?:\s+down)?|silence(?:\s+(?:the\s+)?(?:sound|audio|speakers?|computer|everything|it))?)"
                     + _DUR.removesuffix("?") + r"(?:\s+please)?",
                     _mute_claim, "shut up for ten minutes / be quiet for an hour"),
            FastPath("volume.unmute", r"(?:unmute|un-mute)(?:\s+(?:the\s+)?(?:sound|audio|volume|speakers?|computer|it))?(?:\s+please)?",
                     lambda m, t: claim(action="unmute"), "unmute"),
            FastPath("volume.get",
                     r"(?:what(?:'s|\s+is)\s+the\s+(?:current\s+)?volume(?:\s+(?:at|set\s+to|now))?|how\s+loud\s+is\s+(?:it|the\s+volume))",
                     lambda m, t: claim(action="get"), "what's the volume?"),
        ]

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Turn the volume up a notch", {"action": "up"}),
            ("Set the volume to 30 percent", {"action": "set", "level": 30}),
            ("Mute for fifteen minutes", {"action": "mute", "minutes": 15}),
            ("Unmute", {"action": "unmute"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Crank the volume up", {"action": "up"}), ("Turn it up", {"action": "up"}), ("Louder please", {"action": "up"}),
            ("Volume up by 20 percent", {"action": "up", "step": 20}), ("Turn it down", {"action": "down"}),
            ("Turn the volume down a bit", {"action": "down"}), ("Quieter", {"action": "down"}),
            ("Volume 30 percent", {"action": "set", "level": 30}), ("Set the volume to 50", {"action": "set", "level": 50}),
            ("Mute", {"action": "mute"}), ("Mute the sound", {"action": "mute"}),
            ("Mute for fifteen minutes", {"action": "mute", "minutes": 15}),
            ("Mute the computer for 5 minutes", {"action": "mute", "minutes": 5}),
            ("Unmute", {"action": "unmute"}), ("Unmute the sound", {"action": "unmute"}),
            ("What's the volume?", {"action": "get"}), ("Is it muted?", {"action": "get"}),
        ])

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A level, step or length the user did not say is dropped (the defaults apply), so a number
        from the prompt's examples never changes the volume; a level said with no action is a set."""
        said = {int(n) for n in numbers_said(voice_command) if n == int(n)}
        out = dict(args)
        for key in ("level", "step"):
            if key in out and out[key] not in said and not (key == "level" and out[key] in _LEVEL_WORDS.values()
                                                             and any(w in voice_command.lower() for w in _LEVEL_WORDS)):
                del out[key]
        if "minutes" in out and _minutes_said(voice_command) != out["minutes"]:
            del out["minutes"]
        if out.get("level") is not None and not out.get("action"):
            out["action"] = "set"                   # "put the volume at forty": a level said is a set
        elif out.get("level") is not None and out.get("action") in ("up", "down"):
            # "turn the volume down to twenty": the level it goes to (it went down by the usual step); "down by
            # 20" is a step
            if re.search(r"\bby\b", voice_command.lower()):
                out.setdefault("step", out.pop("level"))
            else:
                out["action"] = "set"
        return out

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "Louder, quieter, or to what level?" ("forty", "louder", "mute it") or to "Which
        volume, in percent?": what its own fast paths read in the words, or a level said alone; anything
        else is a request of its own."""
        claim = self.pre_route(words)
        if claim is not None and claim.arguments.get("action"):
            return dict(claim.arguments)
        said = [int(n) for n in numbers_said(words) if n == int(n)]
        if len(said) == 1 and len(words.split()) <= 3 and 0 <= said[0] <= MAX_LEVEL:
            return {**arguments, "action": "set", "level": said[0]}
        ways = list(said_values({a: ACTION_WORDS[a] for a in ("up", "down", "mute", "unmute")}, words))
        if len(ways) == 1 and len(words.split()) <= 4:          # "a bit quieter", "louder please"
            return {**arguments, "action": ways[0]}
        return None

    def bind(self, services) -> None:  # type: ignore[override]
        super().bind(services)
        self.unmuter = services.keep(UnmuteService, lambda: UnmuteService(services, lambda: self.output.set_muted(False)))
        self.unmuter.resume()              # a timed mute from the last session still ends on time

    def shutdown(self) -> None:
        if self.unmuter is not None:
            self.unmuter.shutdown()

    @staticmethod
    def _report(state: OutputState, message: str | None = None) -> CommandResponse:
        return say(message or _volume_said(state), volume=state.percent, muted=state.muted, device=state.device)

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """How the sound stands ("did you mute the sound?": "The volume is 40 percent, muted."), told instead
        of doing it; None when the sound server cannot be reached (the call then says why)."""
        try:
            return _volume_said(self.output.state())
        except SoundServerError:
            return None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        action = kwargs["action"]
        try:
            if action == "get":
                return self._report(self.output.state())
            if action in ("up", "down"):
                step = int(kwargs.get("step") or DEFAULT_STEP)
                before = self.output.state().percent
                state = self.output.change_percent(step if action == "up" else -step)
                self._cancel_timed_mute(state)
                if state.percent == before:
                    edge = "as loud as I turn it by voice" if action == "up" else "already off"
                    return self._report(state, message=f"The volume is {state.percent} percent, {edge}.")
                return self._report(state)
            if action == "set":
                if kwargs.get("level") is None:
                    return CommandResponse.ask_for("level", "Which volume, in percent?",
                                                   {"action": "set"})
                state = self.output.set_percent(int(kwargs["level"]))
                self._cancel_timed_mute(state)
                return self._report(state)
            if action == "mute":
                state = self.output.set_muted(True)
                minutes = kwargs.get("minutes")
                if minutes and self.services is not None and self.unmuter is not None:
                    self.unmuter.schedule(self.unmuter.now() + _dt.timedelta(minutes=int(minutes)))
                    return say(f"Muted for {say_duration(int(minutes) * 60)}.", muted=True, minutes=int(minutes),
                               volume=state.percent, device=state.device)
                if self.unmuter is not None:
                    self.unmuter.schedule(None)
                return say("Muted.", muted=True, volume=state.percent, device=state.device)
            if action == "unmute":
                state = self.output.set_muted(False)
                self._cancel_timed_mute(state)
                return self._report(state)
        except SoundServerError as exc:
            return fail(f"I can't {'tell' if action == 'get' else 'change'} the volume: {exc}.")
        return fail(f"I don't know the volume action {action!r}.")

    def _cancel_timed_mute(self, state: OutputState) -> None:
        if not state.muted and self.unmuter is not None and self.unmuter.due_at() is not None:
            self.unmuter.schedule(None)
