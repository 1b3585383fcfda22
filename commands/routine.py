"""routine: one phrase runs a named list of requests in order ("good morning" -> the time, the
weather, today's reminders). Made by voice ("when I say good night, turn the volume down and read
my to-do list") or in the Routines screen; stored in SQLite. Each step runs through the whole
pipeline (fast paths, router, LLM) as if the user had said it; a failing step is reported and the
others still run."""
from __future__ import annotations

import re
from typing import Any

from commands._common import claim, examples, fail, say
from commands._parsing import join_words
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation)
from jarvis_tui.sdk.text import DO_AWAY_WORDS, REQUEST_OPENERS, split_requests

ACTIONS = ["run", "create", "list", "delete", "rename"]
# the words that say each action (grounding: the LLM's choice stands only on the user's words)
ACTION_WORDS = {
    "run": ["run", "start", "kick off", "begin", "launch", "go through", "play"],
    "create": ["create", "make", "new", "set up", "add", "when i say", "called", "named"],
    "list": ["which routines", "what routines", "list my routines", "list routines", "list the routines", "list all",
             "show my routines", "show me my routines", "my routines", "do i have", "what are my"],
    "delete": [*DO_AWAY_WORDS, "forget"],
    "rename": ["rename", "change the name", "call it"],
}

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("when i say good night turn the volume down and read my to-do list",
     {"action": "create", "name": "good night", "steps": ["turn the volume down", "read my to-do list"]}),
    ("when i say i'm home tell me the weather and my reminders",
     {"action": "create", "name": "i'm home", "steps": ["tell me the weather", "tell me my reminders"]}),
    ("whenever i say movie time mute the sound",
     {"action": "create", "name": "movie time", "steps": ["mute the sound"]}),
    ("create a routine called focus: set a timer for 25 minutes, read my to-do list",
     {"action": "create", "name": "focus", "steps": ["set a timer for 25 minutes", "read my to-do list"]}),
    ("make a new routine named lunch that sets a timer for an hour",
     {"action": "create", "name": "lunch", "steps": ["set a timer for an hour"]}),
    ("set up a morning routine with the time and the weather",
     {"action": "create", "name": "morning", "steps": ["the time", "the weather"]}),
    ("run my morning routine", {"action": "run", "name": "morning"}),
    ("start the good night routine", {"action": "run", "name": "good night"}),
    ("do my bedtime routine", {"action": "run", "name": "bedtime"}),
    ("run the routine called focus", {"action": "run", "name": "focus"}),
    ("go through my evening routine", {"action": "run", "name": "evening"}),
    ("what routines do i have", {"action": "list"}), ("list my routines", {"action": "list"}),
    ("which routines have i set up", {"action": "list"}), ("what's in my morning routine", {"action": "list", "name": "morning"}),
    ("delete the good night routine", {"action": "delete", "name": "good night"}),
    ("remove my focus routine", {"action": "delete", "name": "focus"}),
    ("get rid of the lunch routine", {"action": "delete", "name": "lunch"}),
]
_NEGATIVES: list[str] = ["what's my daily routine like", "how do i build a morning routine", "good night",
                         "tell me about routines for kids", "what do you say when i say hello"]
_DOMAIN_WORDS: list[str] = ["routine", "routines", "when i say"]

# "every morning, when i say good morning, ...": when it is said before is only how often it will be
_CREATE = (r"(?:(?:from\s+now\s+on|(?:every|each)\s+(?:morning|evening|night|day)|in\s+the\s+(?:morning|evening)"
           r"|(?:at\s+)?(?:night|bedtime))[,\s]+)?"
           r"(?:when(?:ever)?|if|each\s+time|every\s+time)\s+i\s+say\s+(?P<rest>.+)")
_CREATE_NAMED = (r"(?:create|make|add|set\s+up|save|new)\s+(?:a\s+|an\s+)?(?:new\s+)?routine\s+(?:called|named)\s+"
                 r"(?P<rest>.+)")
_RUN_VERB = r"(?:run|start|do|begin|trigger|go\s+through|play)\s+(?:my\s+|the\s+)?"
_RUN_NAMED = _RUN_VERB + r"(?:routine\s+(?:called|named)\s+(?P<name2>[\w' -]+)|(?P<name>[\w' -]+?)\s+routine)"
_RUN = _RUN_VERB + r"(?P<name>[\w' -]+?)"
# "rename the good morning routine to wake up", "change the name of my focus routine to deep work"
_RENAME = (r"(?:rename|(?:change|switch)\s+the\s+name\s+of)\s+(?:my\s+|the\s+)?(?P<name>[\w' -]+?)\s+routine\s+"
           r"(?:to|as|into)\s+(?P<new_name>[\w' -]+)")
_SHOW = (r"(?:what's|what\s+is|what\s+does)\s+(?:in\s+)?(?:my\s+|the\s+)(?P<name>[\w' -]+?)\s+routine(?:\s+do)?"
         r"|(?:read|show|tell)\s+(?:me\s+)?(?:my\s+|the\s+)(?P<name2>[\w' -]+?)\s+routine")
_LIST = r"(?:what|which)\s+routines\s+(?:do\s+i\s+have|have\s+i\s+(?:got|set\s+up|made)|are\s+there)|(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+|the\s+)?routines"
_DELETE = r"(?:delete|remove|get\s+rid\s+of|forget)\s+(?:my\s+|the\s+)?(?P<name>[\w' -]+?)\s+routine"
_NAME_END = re.compile(r"\s*(?:,|:|\s-\s)\s*")
_STEPS_LEAD = re.compile(r"^(?:(?:then|please|you\s+should|i\s+want\s+you\s+to|jarvis|to|that|which|with)\s+)+", re.I)


_ROUTINE_WORD = re.compile(r"^(?:the|my)\s+|\s*\broutine\b\s*", re.I)
_NAMED_IN_TEXT = re.compile(r"\b(?:my|the)\s+(?P<name>[a-z][a-z' ]{0,30}?)\s+routine\b")


def split_name_and_steps(rest: str) -> tuple[str, list[str]] | None:
    """'good night, turn the volume down and read my to-do list' -> ('good night', [...]).
    Without a comma the name ends where a request starts ('good night turn the volume down')."""
    rest = rest.strip().strip("\"'")
    m = _NAME_END.search(rest)
    if m and m.start() > 0:
        name, steps_text = rest[:m.start()], rest[m.end():]
    else:
        words = rest.split()
        # the name ends where a request starts, or its clause ("morning that tells me the time ...")
        cut = next((i for i, w in enumerate(words[1:], 1)
                    if w.lower().strip("\"',") in REQUEST_OPENERS or w.lower() in ("that", "which")), None)
        if cut is None:
            return None
        name, steps_text = " ".join(words[:cut]), " ".join(words[cut:])
    name = re.sub(r"\s+(?:that|which|to|with)$", "", name.strip().strip("\"'"), flags=re.I)
    steps = split_requests(_as_asked(_STEPS_LEAD.sub("", steps_text.strip())))
    if not name or not steps:
        return None
    return name, steps


def _as_asked(steps: str) -> str:
    """Steps said as what the routine does ("tells me the time", "reads my reminders and sets a timer")
    as the requests it runs ("tell me the time", "read my reminders and set a timer")."""
    def base(m: re.Match[str]) -> str:
        verb = m.group("verb").lower()
        for cut in (2, 1):
            if verb.endswith("es"[-cut:]) and verb[:-cut] in REQUEST_OPENERS:
                return m.group("lead") + verb[:-cut]
        return m.group(0)
    return re.sub(r"(?P<lead>^|\band\s+|\bthen\s+|,\s*)(?P<verb>[a-z]+s)\b", base, steps, flags=re.I)


def _as_task(step: str) -> str:
    """How a step is named in 'I couldn't ...': the request as said, or quoted when it is a question."""
    first = step.split()[0].lower() if step.split() else ""
    return step if first not in ("what", "what's", "how", "is", "are", "when", "where", "who", "which", "do", "does")\
        else f'answer "{step}"'


def _steps(steps: list[str]) -> str:
    """'this: set a timer for 5 minutes.' / '3 things: a; b; and c.'"""
    if len(steps) == 1:
        return f"this: {steps[0]}."
    return f"{len(steps)} things: " + "; ".join(steps[:-1]) + f"; and {steps[-1]}."


def _said(outcome_spoken: str | None) -> str:
    return (outcome_spoken or "").strip()


class RoutineCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "routine"

    @property
    def capability(self) -> str:
        return 'run routines'

    @property
    def description(self) -> str:
        return ("Routines: a phrase that runs a list of requests in order. create (name, steps: the requests, "
                "as the user said them), run (name), list, or delete (name).")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=ACTIONS, description="run, create, list or delete.",
                            enum_evidence=ACTION_WORDS),
            JarvisParameter("name", "string", description="The routine's name, the phrase that runs it (good morning)."),
            JarvisParameter("steps", "array<string>", description="create: the requests to run, in order, in the user's words."),
            JarvisParameter("new_name", "string", description="rename: the routine's new name."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["routine", "when i say"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Remind me every morning to take my pills (a recurring reminder)"),
                CommandAntipattern("chat", "Good night! (a greeting, when no routine has that name)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("routine.create", _CREATE, self._claim_create, "when I say good night, turn the volume down and ..."),
                FastPath("routine.create_named", _CREATE_NAMED, self._claim_create, "create a routine called focus: ..."),
                FastPath("routine.list", _LIST, lambda m, _t: claim(action="list"), "what routines do I have"),
                FastPath("routine.show", _SHOW, self._claim_named("list"), "what's in my good night routine"),
                FastPath("routine.delete", _DELETE, self._claim_named("delete"), "delete the good night routine"),
                FastPath("routine.rename", _RENAME,
                         lambda m, _t: claim(action="rename", name=m.group("name").strip(), new_name=m.group("new_name").strip()),
                         "rename the good morning routine to wake up"),
                FastPath("routine.run_named", _RUN_NAMED, self._claim_named("run"), "run my morning routine"),
                FastPath("routine.run", _RUN, self._claim_stored("run"), "run good night (when it is stored)"),
                FastPath("routine.by_name", r"(?P<name>[\w' -]+)", self._claim_stored("run"),
                         "the routine's own name, e.g. good morning (only when one is stored)")]

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def _store(self):
        return self.services.store.routines if self.services is not None else None

    def _claim_create(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        parts = split_name_and_steps(m.group("rest"))
        if parts is not None:
            return claim(action="create", name=parts[0], steps=parts[1])
        name = m.group("rest").strip().strip("\"',.")
        if 0 < len(name.split()) <= 5:        # "when I say good night" and a pause: ask what it should do
            return claim(action="create", name=name)
        return None

    def _claim_stored(self, action: str):
        """A claim only when a routine of that name is stored (the words alone may be another request)."""
        def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
            store = self._store()
            found = store.get(m.group("name")) if store is not None else None
            return claim(action=action, name=found["name"]) if found is not None else None
        return handler

    @staticmethod
    def _claim_named(action: str):
        """The user said "routine": ours, stored or not (an unknown name gets a clear answer)."""
        def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
            name = (m.groupdict().get("name") or m.groupdict().get("name2") or "").strip()
            return claim(action=action, name=name) if name else None
        return handler

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("When I say good night, turn the volume down and read my to-do list",
                          {"action": "create", "name": "good night",
                           "steps": ["turn the volume down", "read my to-do list"]}),
                         ("Run my morning routine", {"action": "run", "name": "morning"})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None)

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The name as the user says it, without the word "routine" ("the workout routine" ->
        workout); for run or delete with no name, the one said as "my/the <name> routine"."""
        out = dict(args)
        name = str(out.get("name") or "").strip()
        if name:
            name = _ROUTINE_WORD.sub("", name).strip()
            if name:
                out["name"] = name
            else:
                out.pop("name")
        if not out.get("name") and out.get("action") in ("run", "delete"):
            m = _NAMED_IN_TEXT.search(voice_command.lower())
            if m:
                out["name"] = m.group("name").strip()
        return out

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        if args.get("action") == "delete":
            return f"Delete your {args.get('name') or 'unnamed'} routine?"
        if args.get("action") == "create" and self._store() is not None and self._store().get(str(args.get("name") or "")):
            return f"Replace your {args.get('name')} routine?"
        return None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        store = self._store()
        if store is None:
            return fail("Routines need a running assistant.")
        action = str(kwargs.get("action") or "run")
        name = str(kwargs.get("name") or "").strip()
        if action == "list":
            return self._list(store, name)
        if action == "create":
            steps = kwargs.get("steps") or []
            steps = [part for item in ([steps] if isinstance(steps, str) else steps) for part in split_requests(str(item))]
            if not name:
                return CommandResponse.ask_for("name", "What should the routine be called?",
                                               {"action": "create", "steps": list(steps)})
            if not steps:
                return CommandResponse.ask_for("steps", f"What should I do when you say {name}?",
                                               {"action": "create", "name": name}, routine=name)
            routine_id, replaced = store.save(name, list(steps))
            saved = store.get_id(routine_id)
            return say(f"{'I replaced it' if replaced else 'OK'}. When you say \"{saved['name']}\", I'll do "
                       f"{_steps(saved['steps'])}", routine=saved["name"], steps=saved["steps"], replaced=replaced)
        if not name:
            return self._list(store, "")
        routine = store.get(name)
        if routine is None:
            known = store.names()
            hint = f" Your routines: {join_words(known)}." if known else " You have none yet."
            return fail(f"I don't have a routine called {name}.{hint}", routine=name, found=False)
        if action == "delete":
            store.delete(routine["name"])
            return say(f"OK, I've deleted your {routine['name']} routine.", routine=routine["name"])
        if action == "rename":
            new_name = _ROUTINE_WORD.sub("", str(kwargs.get("new_name") or "")).strip()
            if not new_name:
                return CommandResponse.ask_for("new_name", f"What should the {routine['name']} routine be called?",
                                               {"action": "rename", "name": routine["name"]}, routine=routine["name"])
            try:
                store.update(routine["id"], new_name, routine["steps"])
            except ValueError:
                return fail(f"You already have a routine called {new_name}.", routine=routine["name"])
            renamed = store.get_id(routine["id"])
            return say(f"OK, your {routine['name']} routine is called {renamed['name']} now: say \"{renamed['name']}\" "
                       f"to run it.", routine=renamed["name"], renamed_from=routine["name"])
        return self._run_steps(routine)

    def _list(self, store, name: str) -> CommandResponse:
        if name:
            routine = store.get(name)
            if routine is None:
                return fail(f"I don't have a routine called {name}.", routine=name, found=False)
            return say(f"When you say \"{routine['name']}\", I do {_steps(routine['steps'])}",
                       routine=routine["name"], steps=routine["steps"])
        routines = store.all()
        if not routines:
            return say("You have no routines yet. Say for example: when I say good night, turn the volume down.",
                       routines=[])
        return say(f"You have {len(routines)} routine{'s' if len(routines) != 1 else ''}: "
                   f"{join_words([r['name'] for r in routines])}.", routines=[r["name"] for r in routines])

    def _run_steps(self, routine: dict[str, Any]) -> CommandResponse:
        runner = self.services.run_request if self.services is not None else None
        if runner is None:
            return fail("Routines can only run inside a running assistant.")
        said: list[str] = []
        results: list[dict[str, Any]] = []
        for step in routine["steps"]:
            outcome = runner(step)
            results.append({"step": step, "ok": outcome.success, "commands": outcome.commands,
                            "error": outcome.error})
            if outcome.success:
                if _said(outcome.spoken):
                    said.append(_said(outcome.spoken))
            else:
                why = (outcome.error or "").strip().rstrip(".!")
                said.append(f"I couldn't {_as_task(step)}: {why}." if why else f"I couldn't {_as_task(step)}.")
        failed = sum(1 for r in results if not r["ok"])
        message = " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in said) or "Done."
        if failed:
            message += f" ({failed} of {len(results)} steps didn't work.)"
        if failed == len(results):
            return fail(message, routine=routine["name"], steps=results, failed=failed)
        return say(message, routine=routine["name"], steps=results, failed=failed)
