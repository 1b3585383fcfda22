"""remember: keep a fact the user tells the assistant ("remember that my locker code is 4512").
Stored in SQLite, shown in the Memories screen (F2) and, masked when secret, in the system prompt.
A fact that looks like a secret (a password, a PIN, a code) is stored only after a Yes."""
from __future__ import annotations

import re
from typing import Any

from commands._common import claim, examples, fail, say
from commands._grounding import drop_ungrounded
from commands._memories import (CORRECTION_WINDOW_S, TALKED_ABOUT, looks_secret, memory_store, read_fact,
                                second_person)
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, IJarvisButton,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation)
from jarvis_tui.sdk.text import (OBLIGATION, REQUEST_OPENERS, asks_question, corrected_value, normalize_utterance,
                                 number_shape, with_numbers_changed)

STORE_SECRET = "store_secret"

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("remember that my sister's birthday is on the ninth of may", {"fact": "my sister's birthday is on the ninth of may"}),
    ("please remember i parked on level three", {"fact": "i parked on level three"}),
    ("keep in mind that my doctor is doctor lee", {"fact": "my doctor is doctor lee"}),
    ("remember my shoe size is 43", {"fact": "my shoe size is 43"}),
    ("make a note that the wifi name is garden", {"fact": "the wifi name is garden"}),
    ("can you remember that the spare key is under the blue pot", {"fact": "the spare key is under the blue pot"}),
    ("remember this: my bike lock code is 2231", {"fact": "my bike lock code is 2231"}),
    ("i want you to remember that my neighbour is called tom", {"fact": "my neighbour is called tom"}),
    ("store the fact that my passport expires in 2029", {"fact": "my passport expires in 2029"}),
    ("remember my favourite colour is green", {"fact": "my favourite colour is green"}),
    ("save this for me: the plumber's number is 555 0199", {"fact": "the plumber's number is 555 0199"}),
    ("jarvis remember that i am allergic to peanuts", {"fact": "i am allergic to peanuts"}),
    ("note that my car is a red golf", {"fact": "my car is a red golf"}),
    ("please keep in mind that our anniversary is june 12", {"fact": "our anniversary is june 12"}),
    ("remember that my gym locker is number 18", {"fact": "my gym locker is number 18"}),
    ("don't forget that my mother in law is vegetarian", {"fact": "my mother in law is vegetarian"}),
    ("remember my license plate is ab 123 cd", {"fact": "my license plate is ab 123 cd"}),
    ("memorize that the garage code is 7788", {"fact": "the garage code is 7788"}),
    ("learn that my dog's name is biscuit", {"fact": "my dog's name is biscuit"}),
    ("remember that i left the charger at the office", {"fact": "i left the charger at the office"}),
    # a fact about the user said plainly, with no "remember": people tell an assistant about themselves
    ("my son's name is leo", {"fact": "my son's name is leo"}),
    ("my anniversary is on september 9th", {"fact": "my anniversary is on september 9th"}),
    ("my dentist is doctor okafor", {"fact": "my dentist is doctor okafor"}),
    ("my blood type is o negative", {"fact": "my blood type is o negative"}),
    ("my daughter's birthday is july 21st", {"fact": "my daughter's birthday is july 21st"}),
    ("i'm allergic to shellfish", {"fact": "i'm allergic to shellfish"}),
    ("my boss is called priya", {"fact": "my boss is called priya"}),
    ("our wifi password is on the fridge", {"fact": "our wifi password is on the fridge"}),
    ("my flight number is ba 287", {"fact": "my flight number is ba 287"}),
    ("my partner's name is sam", {"fact": "my partner's name is sam"}),
]
# ... and told with words that only lead into it ("just so you know my sister's birthday is june the third"
# looked it up in the memories instead)
_MORE_EXAMPLES += [(t, {"fact": f}) for t, f in [
    ("just so you know my car is the silver one", "my car is the silver one"),
    ("fyi my brother lives in leeds", "my brother lives in leeds"),
    ("for the record i take my coffee black", "i take my coffee black"),
    ("by the way the recycling goes out on tuesdays", "the recycling goes out on tuesdays"),
    ("bear in mind that my daughter is vegan", "my daughter is vegan"),
    ("note that the fuse box is under the stairs", "the fuse box is under the stairs"),
    ("just to let you know my office is on the fourth floor", "my office is on the fourth floor"),
    ("take note my mum's flight lands at gatwick", "my mum's flight lands at gatwick"),
    ("for what it's worth i'm left handed", "i'm left handed"),
    ("worth knowing my landlord is called mr ahmed", "my landlord is called mr ahmed"),
    ("oh and my husband can't eat gluten", "my husband can't eat gluten"),
    ("thought you should know the spare bulbs are in the garage", "the spare bulbs are in the garage"),
]]
# A fact about the user told plainly, with no "remember" ("my wife's name is anna", "my birthday is march
# 3rd"): a thing of theirs that has one value, and what it is. The model had set a reminder "my birthday
# is" at 3 PM and looked the name up instead. Not what is happening to it ("my birthday is coming up").
_KEPT_THINGS = (r"name|birthday|anniversary|number|code|address|e-?mail|size|type|colou?r|plate|"
                r"doctor|dentist|boss|allergy|team|sport|food|film|movie|book|song|band|drink|job|school|street|"
                # ... and what unlocks something ("my secret word is pineapple" was taken for small talk): a
                # secret, kept only after a Yes
                r"word|password|passcode|passphrase|pin|combination")
# Said in the past, it is a fact only of what was once so ("my first car was a beetle", "my maiden name was
# smith") or of a name: "my boss was in a grumpy mood" tells how a day went (it was kept as a memory)
_ONCE = r"(?:first|old|previous|former|maiden|childhood|original|late|last)"
_TOLD = (r"(?:and\s+|also\s+|oh\s+|btw\s+|by\s+the\s+way\s+)?"
         r"(?P<fact>(?:my|our)\s+(?:(?:[a-z']+\s+){0,3}?(?:" + _KEPT_THINGS + r")s?\s+(?:is|are)"
         r"|(?:(?:[a-z']+\s+){0,2}?" + _ONCE + r"\s+(?:[a-z']+\s+){0,2}?(?:" + _KEPT_THINGS + r")|(?:[a-z']+\s+){0,4}?name)s?\s+(?:was|were))\s+"
         r"(?!(?:coming|going|soon|today|tomorrow|next|over|not|in\s+\d|on\s+its|broken|missing|lost|late|"
         r"(?:called|named)\s+(?:up|in|out|off|back|away|for|to|by|about|after))\b)"
         r"[a-z0-9].{0,60}"
         # whoever it is, a name told: "my neighbour's called gary", "our cat is named biscuit"
         r"|(?:my|our)\s+(?:[a-z']+\s+){0,2}?[a-z]+(?:'s|\s+is|\s+are|\s+was)\s+(?:called|named)\s+(?!(?:up|in|out|off|back|away|for|to|by|about|after)\b)[a-z].{0,40})")
# what the user would be called, said as a wish: "call me dave", "you can call me sam from now on", "i go
# by liz", "my friends call me bob". Not a call asked for: "call me a taxi", "call me back later".
_NOT_A_NAME = (r"(?!(?:a|an|the|back|later|when|whenever|if|at|in|on|by|for|about|around|after|before|up|now|soon|"
               r"tomorrow|tonight|today|this|that|it|please|again|once|sometime|maybe|my|your|his|her|their|our|"
               r"instead|from|then|thanks|too)\b)")
_NAME_WORD = _NOT_A_NAME + r"[a-z][a-z'-]+"
_CALL_ME = (r"(?:(?:oh|and|also|actually|no|sorry|well|um|you\s+can|you\s+may|please|just|can\s+you|could\s+you|would\s+you|i'd\s+like\s+you\s+to|"
            r"i\s+want\s+you\s+to|i'd\s+rather\s+you|i\s+prefer\s+(?:it\s+)?if\s+you)[,\s]+)*"
            r"(?:call\s+me|(?:i\s+go|i'm\s+going|i\s+like\s+to\s+go)\s+by|(?:my\s+)?(?:friends|mates|people|everyone)\s+call\s+me)"
            r"\s+(?P<name>" + _NAME_WORD + r"(?:\s+" + _NAME_WORD + r")?)"
            r"(?:\s+(?:from\s+now\s+on|from\s+now|in\s+future|instead|please|then|now))*")
# something to do is no fact: "make a note that i need to call the school" is a task (a to-do or a reminder)
_NO_TASK = r"(?!" + OBLIGATION + r")"
# where a thing was put, told with the verb of putting it: "my car is parked on elm street", "the spare key is
# hidden under the mat", "our passports are kept in the safe" (declined: no "remember" said). Not where it
# is ("my mum is in hospital" tells of a day), nor what happens ("my car is parked badly").
_WHERE_TOLD = (r"(?:and\s+|also\s+|oh\s+|btw\s+|by\s+the\s+way\s+|just\s+so\s+you\s+know\s+)?"
               r"(?P<fact>(?:my|our|the)\s+(?:[a-z']+\s+){0,3}?[a-z']+\s+(?:is|are|was|were)\s+(?:parked|kept|stored|hidden|"
               r"left|locked)\s+(?:up\s+)?(?:in|on|at|under|behind|by|next\s+to|outside|inside|near|round|around|beside)"
               r"\s+[a-z0-9].{0,60})")
# the fact told first, then the ask to keep it: "my bike is in the shed, remember that", "the spare key is
# under the mat, note that down" (the ask was kept as a fact of its own: "Got it: remember that.")
_TOLD_THEN_REMEMBER = (_NO_TASK + r"(?P<fact>(?:my|our|the|i|i'm|i've)\b.{3,}?)[,.;]?\s+(?:(?:please|and|so)\s+)*"
                       r"(?:remember|note|save|keep|memori[sz]e)\s+(?:that|this|it)(?:\s+(?:down|in\s+mind|for\s+me|please))*")
_NEGATIVES: list[str] = ["i can't remember the name of that film", "do you remember the nineties",
                         "remember the alamo", "what is a good way to remember names", "my memory is terrible"]
_DOMAIN_WORDS: list[str] = ["remember that", "keep in mind", "memorize"]


REPLACED = "remember.replaced"      # services.note: the memory a fact just told replaced (or that it is new)
TAKE_BACK_S = 600                    # "cancel that" puts it back this long after

class RememberCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "remember"

    @property
    def capability(self) -> str:
        return 'remember things for you'

    @property
    def description(self) -> str:
        return ("Remember a fact the user tells you, in the user's own words (fact), e.g. 'my locker code is 4512'. "
                "Not for reminders at a time (reminder) or list items.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [JarvisParameter("fact", "string", required=True, question="What should I remember?",
                                description="The fact in the user's words, e.g. my locker code is 4512.")]

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "What should I remember?": a statement ("the spare key is in the blue pot"); a
        question or a request said instead ("where's the spare key", "set a timer") is routed as usual."""
        said = normalize_utterance(words).strip(" .?!")
        first = said.split()[0] if said else ""
        if argument != "fact" or not said or asks_question(words) or first in REQUEST_OPENERS - {"remember"}:
            return None
        fact = re.sub(r"^\s*remember\s+(?:that\s+)?", "", words, flags=re.I).strip(" .?!")
        return {**arguments, "fact": fact} if read_fact(fact) is not None else None

    @property
    def keywords(self) -> list[str]:
        return ["remember", "keep in mind", "memorize"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("reminder", "Remind me to call mom at 5 (a reminder at a time)"),
                CommandAntipattern("recall", "What's my locker code? (asking, not telling)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath(
            "remember.fact",
            r"(?:(?:can|could|would)\s+you\s+|please\s+|i\s+want\s+you\s+to\s+)?(?:remember|keep\s+in\s+mind|memori[sz]e|"
            r"make\s+a\s+note)(?:(?:\s+(?:that|this)\b[:,]?|\s*:)\s+" + _NO_TASK + r"(?P<fact>(?:my|our|the|i|i'm|i've)\b.{3,})"
            r"|\s+" + _NO_TASK + r"(?P<fact2>(?:my|our|i|i'm|i've)\b.{3,}))"   # "the ..." only after "that": not "remember the alamo"
            # ... a fact noted down in other words, always with "that" ("take a note that the boiler was serviced today")
            r"|(?:(?:can|could|would)\s+you\s+|please\s+)?(?:take\s+a\s+note|(?:jot|write|note)\s+down|note)(?:\s+for\s+me)?"
            r"\s+that\s+" + _NO_TASK + r"(?P<fact3>(?:my|our|the|i|i'm|i've)\b.{3,})",
            lambda m, _t: claim(fact=m.group("fact") or m.group("fact2") or m.group("fact3")),
            "remember that my locker code is 4512 (take a note that the boiler was serviced)"),
            # "remember something for me": what is asked next ("What should I remember?")
            FastPath("remember.something",
                     r"(?:(?:can|could|would)\s+you\s+|please\s+|i\s+(?:want|need)\s+you\s+to\s+)?(?:remember|memori[sz]e|"
                     r"keep\s+in\s+mind)\s+(?:something|this|a\s+thing|one\s+thing)(?:\s+for\s+me)?(?:\s+please)?",
                     lambda _m, _t: claim(), "remember something for me (then: what?)"),
            FastPath("remember.told_then_remember", _TOLD_THEN_REMEMBER, lambda m, _t: claim(fact=m.group("fact")),
                     "my bike is in the shed, remember that"),
            FastPath("remember.where_told", _WHERE_TOLD, lambda m, _t: claim(fact=m.group("fact")),
                     "my car is parked on elm street / the spare key is hidden under the mat"),
            FastPath("remember.fact_told", _TOLD, lambda m, _t: claim(fact=m.group("fact")),
                     "my wife's name is anna / my birthday is march 3rd"),
            FastPath("remember.call_me", _CALL_ME, lambda m, _t: claim(fact=f"my name is {m.group('name').title()}"),
                     "call me dave / you can call me sam from now on (the name the user goes by)"),
            FastPath("remember.corrected", r".+", self._corrected_claim,
                     "actually it was level 4 (right after a fact with level 3 was told or said back)")]

    def _corrected_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        """"actually it was level 4" right after "i parked on level 3" was remembered or said back: the
        fact with that number changed (it was answered "Yes, you parked on level 4." and kept level 3).
        Only a number that takes the place of one in the same words: nothing else is guessed."""
        if self.services is None or not {"remember", "recall"} & set(self.services.last_commands()):
            return None
        memory_id = self.services.noted(TALKED_ABOUT, CORRECTION_WINDOW_S)
        value = corrected_value(text)
        row = memory_store(self.services).get(int(memory_id)) if memory_id is not None and value else None
        if row is None or row["secret"]:
            return None
        value = re.sub(r"^(?:it|that|this)(?:'s|\s+is|\s+was)\s+|^was\s+", "", value)
        changed = with_numbers_changed(row["text"], value)
        if changed is None:
            changed = self._value_changed(row, value)
        return claim(fact=changed) if changed is not None else None

    @staticmethod
    def _value_changed(row: Any, value: str) -> str | None:
        """The fact with its value said anew ("my favourite colour is blue", then "actually it's green": "my
        favourite colour is green"; small talk had said so and kept blue): a fact of one value, and a new
        value of a few words that is no request or question of its own."""
        old = row["value"]
        words = value.split()
        if not old or not row["text"].endswith(old) or not 1 <= len(words) <= 4 or words[0] in REQUEST_OPENERS \
                or asks_question(value) or normalize_utterance(value) == normalize_utterance(old):
            return None
        return row["text"][: len(row["text"]) - len(old)] + value

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Remember that my locker code is 4512", {"fact": "my locker code is 4512"}),
                         ("Remember I parked on level 3", {"fact": "I parked on level 3"})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The fact must be the user's words (never a prompt example)."""
        return drop_ungrounded(args, voice_command, ["fact"])

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Memories need a running assistant.")
        fact = read_fact(str(kwargs.get("fact") or ""))
        if fact is None:
            return CommandResponse.ask_for("fact", "What should I remember?")
        if looks_secret(fact):
            return CommandResponse.follow_up_response(
                {"message": f"That looks like a secret ({fact.topic}). Shall I keep it? It stays out of the prompt "
                            "and is masked on screen.", "secret_fact": fact.text},
                actions=[IJarvisButton("Yes", STORE_SECRET, "primary"), IJarvisButton("No", "cancel_click", "secondary")])
        return self._store(fact.text, secret=False)

    def _store(self, text: str, secret: bool) -> CommandResponse:
        fact = read_fact(text)
        if fact is None:
            return fail("What should I remember?")
        store = memory_store(self.services)
        shape = number_shape(fact.text.lower().split())
        # the same fact with another value, or the same words with other numbers ("i parked on level 4")
        same = next((m for m in store.all() if (m["topic"] == fact.topic and fact.value is not None)
                     or ("#" in shape and number_shape(m["text"].lower().split()) == shape)), None)
        if same is not None:
            store.update(same["id"], fact.topic, fact.text, fact.value, secret or bool(same["secret"]))
            memory_id, verb = same["id"], "Updated"
        else:
            memory_id, verb = store.add(fact.topic, fact.text, fact.value, secret), "Got it"
        # what it replaced, for "cancel that" (kept here, not in the reply's data: it may be a secret)
        if self.services is not None:
            self.services.note(REPLACED, dict(same) if same is not None else {"id": memory_id, "new": True})
            self.services.note(TALKED_ABOUT, memory_id)
        if secret:
            return say(f"{verb}: I'll keep your {fact.topic} safe.", memory_id=memory_id, secret=True)
        return say(f"{verb}: {second_person(fact.text)}.", memory_id=memory_id, secret=False)

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """A fact kept."""
        return result.get("memory_id") is not None

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """"Cancel that" right after: what was just remembered is forgotten, or what it replaced
        comes back."""
        if self.services is None or result.get("memory_id") is None:
            return None
        store = memory_store(self.services)
        row = store.get(int(result["memory_id"]))
        was = self.services.noted(REPLACED, TAKE_BACK_S)
        if row is None or was is None or was.get("id") != row["id"]:
            return None
        if not was.get("new"):
            store.update(row["id"], was["topic"], was["text"], was["value"], bool(was["secret"]))
            if was["secret"]:
                return say(f"OK, I've put back the {was['topic']} you had before.", memory_id=row["id"])
            return say(f"OK, I've put it back: {second_person(was['text'])}.", memory_id=row["id"])
        store.delete(row["id"])
        return say("OK, I've forgotten that.", forgotten=[row["id"]])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == STORE_SECRET and self.services is not None and context.get("secret_fact"):
            return self._store(str(context["secret_fact"]), secret=True)
        if action_name in (STORE_SECRET, "cancel_click"):
            return CommandResponse.final_response({"message": "OK, I didn't keep it."})
        return super().handle_action(action_name, context)
