"""cancel_timer: stop one running timer by label (or length), or all of them; or pause one (it keeps
the time it has left) and resume it."""
from __future__ import annotations

import re
from typing import Any

from commands._background import (NAME_WORDS, THING, distinct_timer_names, no_timer_named, parse_iso, possessive_off, said_name,
                                  timer_labels, timer_name, timer_service, timers_mentioned, timers_named, timers_rang_lately, went_off)
from commands._common import clean_label, examples, fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import join_words, say_duration
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            normalize_utterance)
from jarvis_tui.sdk.text import CAN_GO, DO_AWAY

_CANCEL = r"(?:" + DO_AWAY + r"|stop|clear|end|turn off|switch off|dismiss|abort|never ?mind|forget(?: about)?)"
# which timer(s) a request names: "the pasta timer", "my timer for the rice", "all timers"
_TIMERS = (r"(?P<all>all\s+(?:of\s+)?)?(?:(?:the|my)\s+)?(?:(?P<label>[\w ]+?)\s+)?"
           r"(?:timer|countdown|(?P<plural>timers|countdowns))(?:\s+(?:for|called|named|in)\s+(?!now\b|a\s+(?:bit|moment|minute|sec|second|while)\b)"
           r"(?:the\s+)?(?P<label2>[\w ]+?))?")
_IT = r"(?:it|that|this|them)"
# a timer named by what it is for: "get rid of the pasta one", "stop the pizza", "the tea's done, cancel it"
_LEAD = r"(?:(?:you\s+can|can\s+you|just|ok(?:ay)?|so|and|now|right|alright|well)[,\s]+)*"
_STOP_NAMED = r"(?:cancel|stop|kill|turn\s+off|switch\s+off|pause|resume|unpause|continue)"   # "stop the pizza"
_STOP_IT = (_LEAD + r"(?:" + _CANCEL + r"\s+(?:it|that|this|(?:the|that|this)\s+(?:timer|alarm|countdown|one))"
            r"|(?:turn|switch)\s+(?:it|that|this|(?:the|that|this)\s+(?:timer|one))\s+off)(?:\s+(?:now|too|then))?")
_DONE_SAID = (r"(?:(?:ok(?:ay)?|alright|all\s+right|right|so|well)\s+)?(?P<said>(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+)?(?:took|taken|pulled|got)\s+(?:out\s+)?(?:(?:the|my)\s+)?"
              + NAME_WORDS + r"(?:\s+out)?|(?:(?:the|my)\s+)?" + NAME_WORDS
              + r"(?:'s|'re|\s+is|\s+are)\s+(?:done|ready|out|finished|cooked|baked)(?:\s+(?:now|already))?)")
_PAUSE = r"(?:pause|hold(?!\s+on\b)|freeze|suspend)"
_RESUME = r"(?:resume|unpause|un-pause|continue|unfreeze)"
_FOR_NOW = r"(?:\s+(?:for\s+now|for\s+a\s+(?:bit|moment|minute|sec|second|while)|please))*"
# the words that say pausing or resuming, wherever they are in the request ("hold on" is no pause; "restart"
# alone may mean from the start, "start it again" resumes); a request that says neither cancels
_RESUME_SAID = re.compile(r"\b(?:resume|unpause|un-pause|unfreeze|continue|carry\s+on|keep\s+(?:\w+\s+){0,3}going"
                          r"|(?:re)?start\s+(?:\w+\s+){0,3}(?:again|back\s+up)|take\s+(?:\w+\s+){0,3}off\s+hold)\b")
_PAUSE_SAID = re.compile(r"\b(?:pause|freeze|suspend|hold(?!\s+on\b)|on\s+hold)\b"
                         r"|\bstop\b(?=.*\bfor\s+a\s+(?:bit|moment|minute|sec|second|while)$)")   # "stop it for a second"


def action_said(said: str) -> str | None:
    """"pause" or "resume" when the words say it ("hold the pasta timer", "unpause it", "start it again"),
    else None."""
    t = normalize_utterance(said).lower()
    return "resume" if _RESUME_SAID.search(t) else "pause" if _PAUSE_SAID.search(t) else None


def _cancel_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    if any(len((clean_label(g.get(k)) or "").split()) > 3 for k in ("label", "label2")):
        return None              # "turn off the lights and set a timer for 2 minutes": two requests, no name
    label = clean_label(g.get("label2") or g.get("label"))
    if g.get("all") or (g.get("plural") and not label):
        return PreRouteResult(arguments={"label": label if label and label != "all" else "all"})
    return PreRouteResult(arguments={"label": label} if label else {})


def _stop_claim(m: re.Match[str], text: str) -> PreRouteResult | None:
    """A cancel, unless it says a pause ("stop the timer for a second")."""
    claim = _cancel_claim(m, text)
    said = action_said(text)
    return claim if claim is None or said is None else PreRouteResult(arguments={"action": said, **claim.arguments})


def _claimed_as(action: str):
    """A fast path's handler: the timer(s) a request names, to pause or to resume."""
    def claim(m: re.Match[str], text: str) -> PreRouteResult | None:
        named = _cancel_claim(m, text)
        return None if named is None else PreRouteResult(arguments={"action": action, **named.arguments})
    return claim


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('scrap the timer', {}), ("i don't need the timer anymore", {}), ('switch off the countdown', {}),
 ('cancel the tea timer', {'label': 'tea'})]
_NEGATIVES: list[str] = ['never mind', 'forget it', 'stop talking', 'no thanks', 'cancel my takeaway order', 'turn off the lights',
 'turn the music off', 'stop the music', 'cancel my subscription', 'delete that photo', "that's all thanks",
 'pause the music', 'resume playback', 'continue the story', 'hold the line please']
# pausing keeps the time left, resuming runs it on (how people stop a kitchen timer for a moment)
_MORE_EXAMPLES += [('pause the timer', {'action': 'pause'}), ('pause the pasta timer', {'action': 'pause', 'label': 'pasta'}),
 ('hold the egg timer', {'action': 'pause', 'label': 'egg'}), ('freeze my timer for a moment', {'action': 'pause'}),
 ('pause all my timers', {'action': 'pause', 'label': 'all'}), ('put the roast timer on hold', {'action': 'pause', 'label': 'roast'}),
 ('resume the timer', {'action': 'resume'}), ('unpause the rice timer', {'action': 'resume', 'label': 'rice'}),
 ('continue the pizza timer', {'action': 'resume', 'label': 'pizza'}), ('start the tea timer again', {'action': 'resume', 'label': 'tea'}),
 ('resume all timers', {'action': 'resume', 'label': 'all'})]
# a timer named by what it is for, without the word "timer"
_MORE_EXAMPLES += [('get rid of the rice one', {'label': 'rice'}), ('stop the bread one', {'label': 'bread'}),
 ('cancel the one for the soup', {'label': 'soup'}), ('i took the muffins out, you can stop that', {'label': 'muffins'}),
 ("the chicken's done, cancel it", {'label': 'chicken'}), ('turn off the steak one', {'label': 'steak'}),
 ('the potatoes are ready, stop the timer', {'label': 'potatoes'}), ('scrap the cake one', {'label': 'cake'})]
_NEGATIVES += ['cancel my pizza order', 'get rid of the spam emails', 'stop the car alarm', 'cancel the delivery',
 'the meeting is done, cancel it']
_DOMAIN_WORDS: list[str] = ['timer', 'timers', 'countdown']


class CancelTimerCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "cancel_timer"

    @property
    def description(self) -> str:
        return ("Cancel a running timer, chosen by its label (e.g. pasta) or length (e.g. 5 minute); "
                "label 'all' cancels every timer; no label cancels the only running one. action pause stops "
                "its countdown keeping the time left, resume runs a paused timer on.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("label", "string",
                                description="Which timer: its label or length, or 'all'. Omit for the only timer."),
                JarvisParameter("action", "string", enum_values=["cancel", "pause", "resume"], default="cancel",
                                description="cancel (default) ends it; pause keeps its time left; resume runs a paused one.")]

    def held_names(self) -> list[str]:
        return timer_labels(self.services)

    @property
    def acts_only_on_held(self) -> bool:
        return True

    @property
    def keywords(self) -> list[str]:
        return ["cancel", "stop", "timer", "never mind"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Cancel my reminder to call mom (reminders are not timers)"),
                CommandAntipattern("check_timers", "Is the pasta timer still running?")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("cancel_timer.cancel", _CANCEL + r"\s+" + _TIMERS + _FOR_NOW,
                     _stop_claim, "cancel the pasta timer / stop all timers (stop it for a second: a pause)"),
            FastPath("cancel_timer.pause", r"(?:" + _PAUSE + r"|put(?=.*\son\s+hold$))\s+" + _TIMERS + r"(?:\s+on\s+hold)?" + _FOR_NOW,
                     _claimed_as("pause"), "pause the pasta timer / put the timer on hold"),
            FastPath("cancel_timer.resume", r"(?:(?:" + _RESUME + r"|carry\s+on)(?:\s+with)?"
                     r"|(?:re)?start(?=.*\s(?:again|back\s+up)$)|keep(?=.*\sgoing$))\s+"
                     + _TIMERS + r"(?:\s+(?:again|back\s+up|going))?(?:\s+please)?",
                     _claimed_as("resume"), "resume the pasta timer / start the timer again"),
            FastPath("cancel_timer.both", _CANCEL + r"\s+(?:both(?:\s+of\s+them)?|all\s+of\s+them|them\s+all|them\s+both)"
                     r"(?:\s+(?:timers|countdowns))?(?:\s+please)?", self._both_claim,
                     "cancel both (two or more timers running)"),
            FastPath("cancel_timer.pause_it", r"(?:" + _PAUSE + r"\s+" + _IT + r"|put\s+" + _IT + r"\s+on\s+hold)" + _FOR_NOW,
                     self._pause_it_claim, "pause it (a timer running)"),
            FastPath("cancel_timer.resume_it", _LEAD + r"(?:(?:" + _RESUME + r"|carry\s+on)(?:\s+with)?\s+" + _IT
                     + r"|(?:re)?start\s+" + _IT + r"\s+(?:again|back\s+up)|keep\s+" + _IT + r"\s+going|take\s+" + _IT
                     + r"\s+off\s+hold|" + _RESUME + r"|carry\s+on)(?:\s+(?:please|then|now))?", self._resume_it_claim,
                     "unpause it / carry on with it / start it again (a timer paused)"),
            # a timer named by what it is for, claimed only when a timer of that name runs, is paused or rang lately
            FastPath("cancel_timer.thing_one", _LEAD + r"(?:" + _CANCEL + "|" + _PAUSE + "|" + _RESUME + r")\s+"
                     r"(?:" + THING + r"\s+one|the\s+one\s+(?:for|with)\s+(?:the\s+|my\s+)?(?P<for>" + NAME_WORDS + r"))"
                     r"(?:\s+(?:too|now|as\s+well))?" + _FOR_NOW, self._thing_claim,
                     "get rid of the pasta one / stop the one for the eggs (a timer of that name)"),
            FastPath("cancel_timer.thing_can_go", _LEAD + THING + r"\s+one\s+" + CAN_GO, self._thing_claim,
                     "the pasta one can go (a timer of that name)"),
            FastPath("cancel_timer.thing", _LEAD + _STOP_NAMED + r"\s+" + THING + _FOR_NOW, self._thing_claim,
                     "stop the pizza (a pizza timer)"),
            FastPath("cancel_timer.done_stop_it", _DONE_SAID + r",?\s+(?:(?:so|and)\s+)?" + _STOP_IT, self._done_claim,
                     "i took the cookies out, you can stop that (a cookies timer)"),
            FastPath("cancel_timer.stop_it_done", _STOP_IT + r",?\s+(?:(?:because|as|since)\s+)?" + _DONE_SAID, self._done_claim,
                     "stop the timer, the tea's done (a tea timer)"),
            # said alone: what the timer was for is done, so the timer is no longer wanted
            FastPath("cancel_timer.done", _DONE_SAID + r"(?:\s+(?:now|already|thanks|thank\s+you))*", self._done_claim,
                     "i've taken the eggs out / the tea's done (an eggs or a tea timer running)"),
        ]

    def _thing_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """"get rid of the pasta one", "stop the pizza": that timer, when there is one of that name
        ("cancel my pizza order" names none); a pause or a resume when the words say it."""
        name = said_name(m.group("thing") or m.groupdict().get("for"))
        if self.services is None or not name:
            return None
        if not timers_named(timer_service(self.services).live_timers() + timers_rang_lately(self.services), name):
            return None           # none of that name runs, is paused or rang lately (then the command says it rang)
        said = action_said(text)
        return PreRouteResult(arguments={"label": name, **({"action": said} if said else {})})

    def _done_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"the tea's done, cancel it", "i took the cookies out, you can stop that": the timer the words
        name, when there is one of that name."""
        if self.services is None:
            return None
        timers = timer_service(self.services).live_timers() + timers_rang_lately(self.services)
        named = timers_mentioned(timers, m.group("said"))
        return PreRouteResult(arguments={"label": named[0]["label"]}) if named else None

    def _both_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"cancel both" / "stop all of them" is about the timers only when two or more are running or
        paused (the model left the label out, and "Which one?" was asked)."""
        timers = timer_service(self.services).live_timers() if self.services is not None else []
        return PreRouteResult(arguments={"label": "all"}) if len(timers) >= 2 else None

    def _pause_it_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"pause it" is about a timer only when one runs."""
        timers = timer_service(self.services).running_timers() if self.services is not None else []
        return PreRouteResult(arguments={"action": "pause"}) if timers else None

    def _resume_it_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"unpause it", "resume" are about a timer only when one is paused."""
        paused = [t for t in timer_service(self.services).live_timers() if t["paused"]] if self.services is not None else []
        return PreRouteResult(arguments={"action": "resume"}) if paused else None

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Cancel the pasta timer", {"label": "pasta"}),
            ("Cancel all timers", {"label": "all"}),
            ("Cancel my timer", {}),
            ("Stop the egg timer", {"label": "egg"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Cancel the pasta timer", {"label": "pasta"}),
            ("Cancel all timers", {"label": "all"}),
            ("Cancel my timer", {}),
            ("Stop the egg timer", {"label": "egg"}),
            ("Cancel my laundry timer", {"label": "laundry"}),
            ("Remove the nap timer", {"label": "nap"}),
            ("Stop the cooking timer", {"label": "cooking"}),
            ("Stop all my timers", {"label": "all"}),
            ("Clear all timers", {"label": "all"}),
            ("Stop the timer", {}),
            ("Cancel timer", {}),
            ("Never mind the timer", {}),
            ("Cancel the 5 minute timer", {"label": "5 minute"}),
            ("Stop my timer for pizza", {"label": "pizza"}),
            ("Kill the tea timer", {"label": "tea"}),
            ("Turn off the oven timer", {"label": "oven"}),
            ("Delete the bread timer", {"label": "bread"}),
            ("Forget about the timer", {}),
            ("Cancel every timer", {"label": "all"}),
            ("Stop the 10 minute timer", {"label": "10 minute"}),
            ("Abort the rice timer", {"label": "rice"}),
            ("Dismiss the workout timer", {"label": "workout"}),
        ])

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A label the user did not say is dropped; 'all' only when the user said all/every. The action
        is the one the words say ("pause the sauce timer" pauses, whatever the model chose); words that
        ask to cancel are a cancel (asked first when the model guessed it). A pause or a resume is never
        made a cancel otherwise ("the sauce one", the answer to "Which one?" of a pause, pauses)."""
        out = drop_ungrounded(args, possessive_off(voice_command), ["label"])
        said = action_said(voice_command)
        if said:
            out["action"] = said
        elif re.search(r"\b" + _CANCEL + r"\b", normalize_utterance(voice_command).lower()):
            out.pop("action", None)
        if str(out.get("label", "")).strip().lower() == "all" and not re.search(
                r"\b(?:all|every|everything|each|both)\b", voice_command.lower()):
            del out["label"]
        return out

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed cancel: exactly which timer(s) would stop (a pause or a resume loses
        nothing: not asked)."""
        if args.get("action") in ("pause", "resume"):
            return None
        if self.services is None:
            return "Cancel your timer?"
        chosen = self._cancelled_by(args)
        if not chosen:
            return None                    # nothing would be cancelled: the command says so or asks which
        if len(chosen) == 1:
            return f"Cancel {timer_name(chosen[0])}?"
        return f"Cancel all {len(chosen)} timers?"

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """The timer(s) a cancel, a pause or a resume would act on, as they are, with the time left ("did you
        cancel my timer?", "is my timer paused?"), or that none is running; None when some are and none is meant."""
        if self.services is None:
            return None
        timers = timer_service(self.services).live_timers()
        if not timers:
            return "You have no timers running."
        chosen = self._cancelled_by(args, timers)
        if len(chosen) == 1:
            name, t = timer_name(chosen[0]), chosen[0]
            state = "is paused, with" if t["paused"] else "is still running, with"
            return f"{name[:1].upper()}{name[1:]} {state} {say_duration(t['remaining_seconds'])} left."
        return f"Your {len(chosen)} timers are still there." if chosen else None

    def _cancelled_by(self, args: dict[str, Any], timers: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """The live timers (`timers`, when read already) a cancel with `args` stops without asking which; []
        when none would, or when the label fits several and the command would ask."""
        timers = timer_service(self.services).live_timers() if timers is None else timers
        label = clean_label(args.get("label"))
        chosen = timers if label == "all" or not label else timers_named(timers, label)
        return [] if len(chosen) > 1 and label != "all" else chosen

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "Which one: the pasta timer or the rice timer? Or say all.": "the pasta one",
        "the 10 minute timer", "all of them", "both"; words that name no running timer are a request
        of their own, routed as usual."""
        said = normalize_utterance(words)
        if re.fullmatch(r"(?:(?:cancel|stop)\s+)?(?:all|both|all\s+of\s+them|both\s+of\s+them|every\s*one|all\s+timers)", said):
            return {**arguments, argument: "all"}
        label = clean_label(re.sub(r"^(?:(?:cancel|stop)\s+)?(?:the|my)\s+|\s+(?:one|timer)$", "", said))
        if not label or self.services is None:
            return None
        return {**arguments, argument: label} if len(timers_named(timer_service(self.services).live_timers(), label)) == 1 else None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Timers need a running assistant.")
        svc = timer_service(self.services)
        timers = svc.live_timers()
        label = clean_label(kwargs.get("label"))
        label = label if label == "all" else said_name(label)      # "the pasta one" -> "pasta"
        if label not in (None, "all") and not timers_named(timers, label):
            return self._none_named(label, timers)
        if not timers:
            return say("You have no timers running.", cancelled=[])
        if kwargs.get("action") in ("pause", "resume"):
            return self._pause_or_resume(kwargs["action"], label, timers)
        if label == "all":
            chosen = timers
        else:
            chosen = timers_named(timers, label)
            if len(chosen) > 1 and label is None:
                names = join_words(distinct_timer_names(chosen), "or")
                return CommandResponse.ask_for(      # the next words say which (read_answer)
                    "label", f"You have {len(chosen)} timers. Which one: {names}? Or say all.", {},
                    running=[t["id"] for t in chosen])
        cancelled = [t for t in chosen if svc.cancel(t["id"])]
        if not cancelled:
            return say("That timer had already finished.", cancelled=[])
        if len(cancelled) == 1:
            name = timer_name(cancelled[0])
            message = f"Cancelled {name}."
        else:
            message = f"Cancelled all {len(cancelled)} timers." if len(cancelled) == len(timers) \
                else f"Cancelled {len(cancelled)} timers."
        # what "undo that" puts back: each timer as it was (a running one ends when it would have)
        was = [{"label": t.get("label"), "ends_at": t["ends_at"], "remaining_seconds": t["remaining_seconds"],
                "paused": bool(t.get("paused"))} for t in cancelled]
        return say(message, cancelled=[t["id"] for t in cancelled], was=was)

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """Timers cancelled (what `take_back` runs again)."""
        return bool(result.get("was"))

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """"Undo that", "I didn't mean that" right after a cancel: the timers it cancelled run again as if
        never cancelled (the time since counts; a paused one keeps the time it had left). One that would
        have ended meanwhile is not brought back."""
        was = result.get("was") or []
        if self.services is None or not was:
            return None
        svc = timer_service(self.services)
        now = svc.now()
        back = []
        for t in was:
            left = int(t["remaining_seconds"]) if t["paused"] else int((parse_iso(t["ends_at"]) - now).total_seconds())
            if left <= 0:
                continue
            timer = svc.add(left, t.get("label"))
            if t["paused"]:
                timer = svc.pause(timer["id"]) or timer
            back.append((timer, left))
        if not back:
            return None
        if len(back) == 1:
            timer, left = back[0]
            name = f"your {timer['label']} timer" if timer.get("label") else "your timer"
            return say(f"OK, I've put it back: {name} has {say_duration(left)} left.", timer_id=timer["id"])
        return say(f"OK, I've put back {len(back)} timers.", timer_ids=[t["id"] for t, _ in back])

    def end(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        return None                 # "kill it" after a cancel: it is already ended

    def _none_named(self, label: str, timers: list[dict[str, Any]]) -> CommandResponse:
        """No timer of that name runs: nothing is done; one that rang lately is said to have rung."""
        rang = timers_named(timers_rang_lately(self.services), label)
        if rang:
            return say(went_off(rang[0], already=True), cancelled=[], rang=[t["id"] for t in rang])
        return fail(no_timer_named(label, timers), running=[t["label"] for t in timers])

    def _pause_or_resume(self, action: str, label: str | None, timers: list[dict[str, Any]]) -> CommandResponse:
        """Pause running timers (each keeps the time it has left) or run paused ones on: the one named,
        the only one it can be, or all."""
        svc = timer_service(self.services)
        pausing = action == "pause"
        can = [t for t in timers if t["paused"] != pausing]         # pause a running one, resume a paused one
        chosen = can if label == "all" else timers_named(can, label)
        if not chosen:
            named = timers if label in (None, "all") else timers_named(timers, label)
            if named:
                state = "paused" if pausing else "running"
                name = timer_name(named[0]) if len(named) == 1 else f"all {len(named)} of your timers"
                return say(f"{name[0].upper() + name[1:]} {'is' if len(named) == 1 else 'are'} already {state}.",
                           timers=[t["id"] for t in named])
            return self._none_named(label, timers)
        if len(chosen) > 1 and label is None:
            names = join_words(distinct_timer_names(chosen), "or")
            return CommandResponse.ask_for(      # the next words say which (read_answer)
                "label", f"You have {len(chosen)} timers. Which one: {names}? Or say all.", {"action": action},
                running=[t["id"] for t in chosen])
        done = [t for t in (svc.pause(t["id"]) if pausing else svc.unpause(t["id"]) for t in chosen) if t is not None]
        verb = "Paused" if pausing else "Resumed"
        if not done:
            return say("That timer had already finished.", timers=[])
        if len(done) == 1:
            return say(f"{verb} {timer_name(done[0])}: {say_duration(done[0]['remaining_seconds'])} left.",
                       timers=[t["id"] for t in done], action=action)
        return say(f"{verb} {len(done)} timers.", timers=[t["id"] for t in done], action=action)
