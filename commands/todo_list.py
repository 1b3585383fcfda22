"""todo_list: tasks to do, kept in SQLite across restarts; complete and uncomplete them."""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from commands._common import examples
from commands._lists import ADD_MORE, ADD_IT, DONE_IT, HAS, SOME_LIST, ListCommandBase, action_claim, items_claim
from jarvis_tui.sdk import CommandAntipattern, CommandExample, FastPath, JarvisParameter, PreRouteResult
from jarvis_tui.sdk.text import OBLIGATION, find_clock_time, find_date, find_duration

# what people call the list: "my to-do list", "the jobs list", "my chores", "my errands for today"
_LIST = r"(?:my\s+|the\s+|our\s+)?(?:to-?\s?do|todo|task|tasks|jobs?|chores?|errands?)\s+list"
_DONE = r"(?:as\s+)?(?:done|complete|completed|finished)"
_FOR_WHEN = r"(?:\s+for\s+(?:today|tomorrow|(?:this|the)\s+(?:week|weekend)))?"    # a day said with it, kept by nobody
_TASK_NOUNS = r"(?:tasks|to-?dos|chores|jobs|errands)"      # the list's items, said for the list
_TASKS = (r"(?:" + _LIST + r"|(?:my\s+|the\s+|our\s+)(?:" + _TASK_NOUNS
          + r"|list\s+of\s+(?:things|stuff|jobs)\s+to\s+do|things\s+to\s+do(?:\s+list)?)" + _FOR_WHEN + r")")  # "add it to my tasks"
# "what jobs have i got", "what chores are left", "which errands do i have today"
_WHAT_TASKS = (r"(?:(?:what|which)\s+" + _TASK_NOUNS + r"\s+(?:have\s+i\s+got|do\s+i\s+have|are\s+(?:left|there|on)"
               r"|(?:have|do)\s+i\s+(?:got\s+)?(?:left|to\s+do|on))"
               # what is still to do, said of the work itself: "what needs doing today" was declined
               r"|what\s+(?:else\s+|still\s+)?(?:needs|have\s+i\s+(?:got\s+)?(?:left|still)|do\s+i\s+still\s+need)"
               r"\s+(?:to\s+be\s+)?(?:doing|done|to\s+do))(?:\s+(?:today|now|left|this\s+week))?")
# a task said to be finished in other words: "car insurance is sorted", "the boiler's been dealt with"
_DONE_SAID = (r"(?:done|finished|complete|completed|sorted(?:\s+out)?|dealt\s+with|taken\s+care\s+of|handled"
              r"|out\s+of\s+the\s+way|ticked\s+off)")
# a task noted down with no list named: "write down that i have to book the mot", "make a note to call
# the school" (the words after the note verb say something to do; a fact noted is a memory's)
_NOTE = (r"(?:please\s+|(?:can|could|would)\s+you\s+)?(?:(?:jot|write|note|put|scribble|get)\s+(?:it\s+)?down|make\s+a\s+note"
         r"|take\s+a\s+note|note)(?:\s+for\s+me)?[:,]?\s+")
NOTED_TASK = (_NOTE + r"(?:that\s+)?" + OBLIGATION + r"(?P<items>.+)"
              r"|(?:(?:jot|write|note)\s+down|make\s+a\s+note|take\s+a\s+note)(?:\s+for\s+me)?\s+to\s+(?P<items2>.+)"
              # said first, then asked to note it: "i should really clean the oven, can you write that down"
              r"|(?:(?:oh|so|and|right)[\s,]+)*" + OBLIGATION + r"(?P<items3>.+?)[\s,]+(?:(?:so\s+)?(?:can|could|would)\s+you\s+|please\s+)?"
              r"(?:(?:jot|write|note|put|get)\s+(?:that|it|this)\s+down|make\s+a\s+note(?:\s+of\s+(?:that|it))?)"
              r"(?:\s+for\s+me)?(?:\s+please)?")


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('add call the plumber to my to do list', {'action': 'add', 'tasks': ['call the plumber']}),
 ("what's on my to-do list", {'action': 'read'}),
 ('mark pay the bills as done', {'action': 'complete', 'tasks': ['pay the bills']}),
 ('what do i have to do today', {'action': 'read'}),
 ('cross off walk the dog', {'action': 'complete', 'tasks': ['walk the dog']}),
 ('remove clean the garage from my tasks', {'action': 'remove', 'tasks': ['clean the garage']}),
 ('clear my to do list', {'action': 'clear'}),
 ('add a task to book the hotel', {'action': 'add', 'tasks': ['book the hotel']}),
 ('what chores are left', {'action': 'read'})]
# a task said by part of its words ("the passport one"), and one said before the words that ask
# for it ("..., add it to my tasks")
_MORE_EXAMPLES += [
 ('tick off the dentist one', {'action': 'complete', 'tasks': ['dentist one']}),
 ('the one about the plumber is done', {'action': 'complete', 'tasks': ['one about the plumber']}),
 ('mark the bike thing as finished', {'action': 'complete', 'tasks': ['bike thing']}),
 ('delete the bike thing from my tasks', {'action': 'remove', 'tasks': ['bike thing']}),
 ('is the passport on my list', {'action': 'read', 'tasks': ['passport']}),
 ('the gutters need cleaning, put that on my tasks', {'action': 'add', 'tasks': ['gutters need cleaning']}),
]
# taken off in other words, the list just used left unnamed ("take the report one off"), and put back
_MORE_EXAMPLES += [
 ('take the gym one off', {'action': 'remove', 'tasks': ['gym one']}),
 ('knock the car wash off my list', {'action': 'remove', 'tasks': ['car wash']}),
 ('get rid of the plumber task', {'action': 'remove', 'tasks': ['plumber task']}),
 ('the tax return can come off', {'action': 'remove', 'tasks': ['tax return']}),
 ('put the car wash back on my list', {'action': 'add', 'tasks': ['car wash']}),
]
# noted down, no list named: something to do ("a fact noted" is a memory's)
_MORE_EXAMPLES += [
 ('write down that i have to book the mot', {'action': 'add', 'tasks': ['book the mot']}),
 ('jot down pick up the dry cleaning', {'action': 'add', 'tasks': ['pick up the dry cleaning']}),
 ('make a note to ring the plumber', {'action': 'add', 'tasks': ['ring the plumber']}),
 ('note down that we need to fix the shed', {'action': 'add', 'tasks': ['fix the shed']}),
]
# what is still to do, asked of the work itself; and a task said to be finished in other words
_MORE_EXAMPLES += [
 ("what's left to do today", {'action': 'read'}),
 ('what still needs sorting out', {'action': 'read'}),
 ('anything else i need to get done this week', {'action': 'read'}),
 ('the gutters are sorted now', {'action': 'complete', 'tasks': ['gutters']}),
 ('the boiler service has been dealt with', {'action': 'complete', 'tasks': ['boiler service']}),
 ('the passport renewal is taken care of', {'action': 'complete', 'tasks': ['passport renewal']}),
]
# taking off what is not on a list: clothes, time off, planes
_NEGATIVES: list[str] = ['take off your coat', 'take the afternoon off work', 'the plane takes off at noon',
                         'knock off early today']
_DOMAIN_WORDS: list[str] = ['to do', 'to-do', 'todo', 'task', 'tasks', 'chores', 'jobs', 'errands']


class TodoListCommand(ListCommandBase):
    list_name = "todo"
    items_param = "tasks"
    noun = "to-do list"
    item_word = "task"
    done_action = "complete"
    undone_action = "uncomplete"

    @property
    def command_name(self) -> str:
        return "todo_list"

    @property
    def capability(self) -> str:
        return 'keep your to-do list'

    @property
    def description(self) -> str:
        return ("The to-do list of tasks: add several tasks at once, read them, complete or uncomplete a "
                "task, remove tasks, or clear the whole list (asks for confirmation).")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True,
                            enum_values=["add", "read", "complete", "uncomplete", "remove", "clear"],
                            question_value="read", description="add, read, complete, uncomplete, remove or clear."),
            JarvisParameter("tasks", "array<string>", description="Tasks, one per entry: ['call the bank', 'book flights']."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["to-do", "todo", "task", "tasks", "done"]

    @property
    def rules(self) -> list[str]:
        return ["A task with a time to be reminded at is a reminder; a task without a time goes on the to-do list."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("shopping_list", "Add milk to my shopping list (something to buy)"),
                CommandAntipattern("reminder", "Remind me to call the bank at 3 PM (has a time)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("todo_list.add", r"(?:add|put|write)\s+(?P<items>.+?)\s+(?:to|on|onto)\s+" + _TASKS,
                     items_claim("add", "tasks"), "add call the bank to my to-do list"),
            FastPath("todo_list.add_task", r"add\s+(?:a\s+)?(?:new\s+)?task(?:\s+to)?:?\s+(?P<items>.+)",
                     items_claim("add", "tasks"), "add a task to call the bank"),
            FastPath("todo_list.noted", NOTED_TASK, self._noted_claim,
                     "jot down that i need to book the mot / make a note to call the school (no time said)"),
            FastPath("todo_list.add_said", r".+?[\s,]+" + ADD_IT + r"\s+(?:to|on|onto)\s+" + _TASKS,
                     self.pointed_claim("add"), "i need to fix the bike tire, add it to my tasks"),
            FastPath("todo_list.complete_said", r".+?[\s,]+" + DONE_IT + r"(?:\s+(?:on|from|off))?\s+" + _TASKS,
                     self.pointed_claim("complete"), "i finished the laundry, check it off my to-do list"),
            FastPath("todo_list.complete_said_here", r".+?[\s,]+" + DONE_IT + r"(?:\s+(?:on|from|off)\s+" + SOME_LIST + ")?",
                     self.pointed_claim("complete", only_if_on_the_list=True), "the passport one, tick it off (when on it)"),
            FastPath("todo_list.has", HAS + _TASKS, self.has_claim, "is call the bank on my to-do list"),
            FastPath("todo_list.has_here", HAS + SOME_LIST, self.found_claim("read"),
                     "is the passport on my list (when it is on this one)"),
            FastPath("todo_list.read",
                     r"(?:what's|what is|what are|whats)\s+(?:on|in)\s+" + _LIST + r"|(?:read|show|tell|give|list)(?:\s+me)?\s+"
                     + _LIST + r"|(?:check|open)\s+" + _LIST + r"|what are my tasks|(?:read|list|show)(?:\s+me)?\s+my\s+tasks"
                     r"|" + _WHAT_TASKS,
                     action_claim("read"), "what's on my to-do list"),
            FastPath("todo_list.uncomplete",
                     r"(?:mark|set)\s+(?P<items>.+?)\s+as\s+(?:not\s+done|not\s+complete|incomplete|undone|open|to\s?do)(?:\s+(?:on|in)\s+" + _LIST + r")?"
                     r"|uncheck\s+(?P<items2>.+?)\s+(?:on|in|from)\s+" + _LIST,
                     items_claim("uncomplete", "tasks"), "mark call the bank as not done"),
            FastPath("todo_list.complete",
                     r"(?:mark|check off|cross off|tick off|check|cross|tick)\s+(?P<items>.+?)\s+(?:" + _DONE + r"|off)(?:\s+(?:on|from)\s+" + _LIST + r")?"
                     r"|(?:complete|finish|check off|cross off|tick off)\s+(?P<items2>.+?)\s+(?:on|from)\s+" + _LIST,
                     items_claim("complete", "tasks"), "mark call the bank as done"),
            FastPath("todo_list.complete_here", r"(?:check|cross|tick)\s+off\s+(?P<items>.+?)(?:\s+(?:on|from|off)\s+" + SOME_LIST + ")?",
                     self.found_claim("complete"), "tick off plumber (when it is on this list)"),
            FastPath("todo_list.is_done",
                     r"(?P<items>.+?)(?:\s+(?:is|are)|'s(?:\s+been)?|\s+(?:has|have)\s+been)\s+(?:all\s+|now\s+)?" + _DONE_SAID + r"(?:\s+now)?",
                     self.found_claim("complete"), "the one about the plumber is done (when it is on the list)"),
            FastPath("todo_list.finished",
                     r"(?:i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?(?:finished|completed|done|did)"
                     r"|i(?:'m|\s+am)\s+(?:all\s+)?done\s+with|(?:just\s+)?(?:finished|completed|done\s+with))\s+(?:with\s+)?(?P<items>.+?)(?:\s+(?:today|now|already))?",
                     self._finished_claim, "i finished painting the fence (a task on the list)"),
            # "i called the bank": the task said in the past tense ("call the bank" open on the list)
            FastPath("todo_list.did_it",
                     r"(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?(?P<items>[a-z]+ed\s+.+?)"
                     r"(?:\s+(?:today|now|already|at\s+last))?",
                     self._finished_claim, "i called the bank (a task on the list)"),
            FastPath("todo_list.add_more", ADD_MORE, self.add_more_claim,
                     "also add X (right after a request about this list)"),
            FastPath("todo_list.remove",
                     r"(?:remove|delete|take|drop|erase)\s+(?P<items>.+?)\s+(?:off|from|out of)\s+(?:of\s+)?" + _LIST,
                     items_claim("remove", "tasks"), "remove call the bank from my to-do list"),
            FastPath("todo_list.clear",
                     r"(?:clear|empty|erase|wipe|reset|delete|clean)(?:\s+out)?\s+(?:the\s+whole\s+|my\s+whole\s+|my\s+entire\s+|the\s+entire\s+)?"
                     + _LIST + r"|(?:delete|remove|clear)\s+(?:everything\s+(?:on|from|in)\s+" + _LIST + r"|all\s+(?:of\s+)?my\s+tasks)",
                     action_claim("clear"), "clear my to-do list"),
        ] + self.follow_on_fast_paths()

    def _noted_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """A task noted down: claimed when it says no time or day (that is a reminder's: "make a note to
        call the school at 3")."""
        if find_clock_time(text) or find_duration(text) or find_date(text, _dt.date.today()):
            return None
        return items_claim("add", "tasks")(m, text)

    def _finished_claim(self, m, _text: str) -> PreRouteResult | None:
        """"i finished painting the fence" completes the task "paint the fence" when it is open on the
        list; about anything else it is a remark (not claimed)."""
        if self.services is None:
            return None
        said = m.group("items").strip()
        said = re.sub(r"^(?:the|my)\s+", "", said)
        if not re.search(r"[a-z]{3}", said) or said in ("that", "this", "them", "those", "everything"):
            return None                      # "i did it": which task is for the conversation to say
        task = self._resolve(said, done=False)
        return PreRouteResult(arguments={"action": "complete", "tasks": [task]}) if task else None

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Add call the bank to my to-do list", {"action": "add", "tasks": ["call the bank"]}),
            ("What's on my to-do list?", {"action": "read"}),
            ("Mark call the bank as done", {"action": "complete", "tasks": ["call the bank"]}),
            ("Remove book flights from my to-do list", {"action": "remove", "tasks": ["book flights"]}),
            ("Clear my to-do list", {"action": "clear"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Add call the bank to my to-do list", {"action": "add", "tasks": ["call the bank"]}),
            ("Add a task to renew my passport", {"action": "add", "tasks": ["renew my passport"]}),
            ("Put fix the fence and clean the garage on my todo list", {"action": "add", "tasks": ["fix the fence", "clean the garage"]}),
            ("Add book flights, pay rent and email Sam to my task list", {"action": "add", "tasks": ["book flights", "pay rent", "email sam"]}),
            ("I need to do laundry, add it to my to-do list", {"action": "add", "tasks": ["do laundry"]}),
            ("New task: water the plants", {"action": "add", "tasks": ["water the plants"]}),
            ("What's on my to-do list?", {"action": "read"}),
            ("What are my tasks?", {"action": "read"}),
            ("Read me my to do list", {"action": "read"}),
            ("What do I still have to do?", {"action": "read"}),
            ("Mark call the bank as done", {"action": "complete", "tasks": ["call the bank"]}),
            ("I finished the laundry, check it off my to-do list", {"action": "complete", "tasks": ["laundry"]}),
            ("Complete pay rent on my to-do list", {"action": "complete", "tasks": ["pay rent"]}),
            ("Cross book flights off", {"action": "complete", "tasks": ["book flights"]}),
            ("Mark pay rent as not done", {"action": "uncomplete", "tasks": ["pay rent"]}),
            ("Uncheck water the plants on my to-do list", {"action": "uncomplete", "tasks": ["water the plants"]}),
            ("Remove book flights from my to-do list", {"action": "remove", "tasks": ["book flights"]}),
            ("Take clean the garage off the task list", {"action": "remove", "tasks": ["clean the garage"]}),
            ("Delete email Sam from my todo list", {"action": "remove", "tasks": ["email sam"]}),
            ("Clear my to-do list", {"action": "clear"}),
            ("Empty the task list", {"action": "clear"}),
            ("Delete all of my tasks", {"action": "clear"}),
        ])

