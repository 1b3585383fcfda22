"""briefing: "what did I miss?" (or "what's up?" when something is due; otherwise that is small talk)
says what is due: what happened while the assistant was closed (the inbox: timers that ended,
reminders missed), the running timers, and the reminders still to come today.
Saying it marks the inbox's waiting events as seen."""
from __future__ import annotations

from typing import Any

from commands._background import parse_iso, timer_name, timer_service
from commands._common import claim, examples, fail, say
from commands._parsing import join_words, say_clock, say_duration
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            RequestInformation)

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("what did i miss", {}), ("anything i missed", {}), ("brief me", {}),
    ("give me my briefing", {}), ("catch me up", {}), ("any alerts", {}), ("do i have any alerts", {}),
    ("what's due today", {}), ("anything waiting for me", {}),
    ("any notifications", {}),
    ("what happened while you were off", {}), ("fill me in", {}),
    ("what's on my plate today", {}), ("give me the rundown", {}), ("did anything happen while i was away", {}),
]
_NEGATIVES: list[str] = ["what's up with the weather", "what's the news", "what happened in the world today",
                         "what's going on in london"]
_DOMAIN_WORDS: list[str] = ["briefing", "alerts", "did i miss"]

_WHATS_UP = r"(?:so\s+|hey\s+|and\s+)?(?:what's|whats|what\s+is)\s+(?:up|new|happening)"
_FAST = (r"(?:so\s+|and\s+)?(?:what\s+did\s+i\s+miss|(?:did\s+i\s+miss|have\s+i\s+missed)\s+anything"
         r"|anything\s+i\s+(?:missed|should\s+know)|brief\s+me|(?:give\s+me\s+)?(?:my|the|a)\s+briefing|catch\s+me\s+up"
         r"|(?:do\s+i\s+have\s+)?any\s+alerts"
         r"|anything\s+waiting(?:\s+for\s+me)?|what's\s+due(?:\s+today)?)")


class BriefingCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "briefing"

    @property
    def capability(self) -> str:
        return 'tell you what you missed'

    @property
    def description(self) -> str:
        return ("What's up: what happened while you were away (timers that ended, missed reminders), "
                "running timers, and today's remaining reminders. No parameters.")

    @property
    def keywords(self) -> list[str]:
        return ["what's up", "briefing", "did i miss"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "What reminders do I have tomorrow? (the reminder list)"),
                CommandAntipattern("check_timers", "How long is left on the pasta timer? (one timer)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("briefing.brief", _FAST, lambda m, _t: claim(), "what did I miss / brief me / any alerts"),
                FastPath("briefing.whats_up", _WHATS_UP, self._claim_when_due,
                         "what's up (when something is due; otherwise it is small talk)")]

    def _claim_when_due(self, _m, _text):
        return claim() if self.services is not None and self._anything_due() else None

    def _anything_due(self) -> bool:
        store = self.services.store
        if store.inbox.waiting() or store.timers.running():
            return True
        now = self._now()
        end_of_day = now.replace(hour=23, minute=59, second=59)
        return any(now <= parse_iso(r["due_at"]) <= end_of_day for r in store.reminders.active())

    def _now(self):
        now = self.services.clock()
        return now if now.tzinfo else now.astimezone()

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("What's up?", {})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None)

    def startup_notice(self) -> str | None:
        if self.services is None:
            return None
        waiting = self.services.store.inbox.waiting()
        if not waiting:
            return None
        n = len(waiting)
        return (f"{'One thing' if n == 1 else f'{n} things'} happened while I was off. "
                f"Say \"what's up?\" to hear {'it' if n == 1 else 'them'}.")

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("The briefing needs a running assistant.")
        store = self.services.store
        now = self._now()
        parts: list[str] = []
        waiting = store.inbox.waiting()
        if waiting:
            parts.append("While I was off, " + "; ".join(w["text"][:1].lower() + w["text"][1:] for w in waiting) + ".")
        timers = timer_service(self.services).running_timers()
        if timers:
            said = [f"{timer_name(t)} has {say_duration(t['remaining_seconds'])} left" for t in timers]
            text = join_words(said)
            parts.append(text[0].upper() + text[1:] + ".")
        end_of_day = now.replace(hour=23, minute=59, second=59)
        today = [r for r in store.reminders.active() if now <= parse_iso(r["due_at"]) <= end_of_day]
        if today:
            parts.append("Still today: " + join_words([f"{r['text']} at {say_clock(parse_iso(r['due_at']))}"
                                                        for r in today]) + ".")
        seen = store.inbox.mark_seen([w["id"] for w in waiting])
        if not parts:
            return say("Nothing's waiting: no timers running and no more reminders today.", waiting=0, timers=0,
                       reminders_today=0)
        return say(" ".join(parts), waiting=len(waiting), marked_seen=seen, timers=len(timers),
                   reminders_today=len(today), inbox=[{"text": w["text"], "at": w["at"]} for w in waiting])
