"""cancel_timer: stop one running timer by label (or length), or all of them."""
from __future__ import annotations

import re
from typing import Any

from commands._background import distinct_timer_names, match_timers, timer_name, timer_service
from commands._common import clean_label, examples, fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import join_words
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            normalize_utterance)

_CANCEL = r"(?:cancel|stop|remove|delete|clear|kill|end|turn off|switch off|dismiss|abort|never ?mind|forget(?: about)?)"


def _cancel_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    if any(len((clean_label(g.get(k)) or "").split()) > 3 for k in ("label", "label2")):
        return None              # "turn off the lights and set a timer for 2 minutes": two requests, no name
    label = clean_label(g.get("label2") or g.get("label"))
    if g.get("all") or (g.get("plural") and not label):
        return PreRouteResult(arguments={"label": label if label and label != "all" else "all"})
    return PreRouteResult(arguments={"label": label} if label else {})


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('scrap the timer', {}), ("i don't need the timer anymore", {}), ('switch off the countdown', {}),
 ('cancel the tea timer', {'label': 'tea'})]
_NEGATIVES: list[str] = ['never mind', 'forget it', 'stop talking', 'no thanks', 'cancel my takeaway order', 'turn off the lights',
 'turn the music off', 'stop the music', 'cancel my subscription', 'delete that photo', "that's all thanks"]
_DOMAIN_WORDS: list[str] = ['timer', 'timers', 'countdown']


class CancelTimerCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "cancel_timer"

    @property
    def description(self) -> str:
        return ("Cancel a running timer, chosen by its label (e.g. pasta) or length (e.g. 5 minute); "
                "label 'all' cancels every timer; no label cancels the only running one.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("label", "string",
                                description="Which timer: its label or length, or 'all'. Omit for the only timer.")]

    @property
    def keywords(self) -> list[str]:
        return ["cancel", "stop", "timer", "never mind"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Cancel my reminder to call mom (reminders are not timers)"),
                CommandAntipattern("check_timers", "Is the pasta timer still running?")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath(
            "cancel_timer.cancel",
            _CANCEL + r"\s+(?P<all>all\s+(?:of\s+)?)?(?:(?:the|my)\s+)?(?:(?P<label>[\w ]+?)\s+)?"
            r"(?:timer|(?P<plural>timers))(?:\s+(?:for|called|named|in)\s+(?:the\s+)?(?P<label2>[\w ]+))?",
            _cancel_claim, "cancel the pasta timer / stop all timers")]

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
        """A label the user did not say is dropped; 'all' only when the user said all/every."""
        out = drop_ungrounded(args, voice_command, ["label"])
        if str(out.get("label", "")).strip().lower() == "all" and not re.search(
                r"\b(?:all|every|everything|each|both)\b", voice_command.lower()):
            del out["label"]
        return out

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed cancel: exactly which timer(s) would stop."""
        if self.services is None:
            return "Cancel your timer?"
        timers = timer_service(self.services).running_timers()
        label = clean_label(args.get("label"))
        chosen = timers if label == "all" or not label else match_timers(timers, label)
        if not chosen or (len(chosen) > 1 and label != "all"):
            return None                    # nothing would be cancelled: the command says so or asks which
        if len(chosen) == 1:
            return f"Cancel {timer_name(chosen[0])}?"
        return f"Cancel all {len(chosen)} timers?"

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
        return {**arguments, argument: label} if len(match_timers(timer_service(self.services).running_timers(), label)) == 1 else None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Timers need a running assistant.")
        svc = timer_service(self.services)
        timers = svc.running_timers()
        label = clean_label(kwargs.get("label"))
        if not timers:
            return say("You have no timers running.", cancelled=[])
        if label == "all":
            chosen = timers
        else:
            chosen = match_timers(timers, label)
            if not chosen:
                names = join_words(distinct_timer_names(timers))
                return fail(f"I can't find a {label} timer. Running: {names}.",
                            running=[t["label"] for t in timers])
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
        return say(message, cancelled=[t["id"] for t in cancelled])
