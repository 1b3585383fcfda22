"""What the shopping and to-do list commands share: items in the SQLite `list_items` table, several
at once, check off / complete, remove, and a clear that waits for a Clear / Cancel button (or a spoken
yes). This module defines no commands (ListCommandBase is abstract)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from commands._common import fail, say
from commands._grounding import content_words, drop_ungrounded
from commands._parsing import join_words, split_items
from jarvis_tui.sdk.text import normalize_utterance, stem
from jarvis_tui.sdk import (CommandResponse, IJarvisButton, JarvisCommandBase, PreRouteResult,
                            RequestInformation, ValidationResult)

CLEAR_ACTION = "clear_confirm"


# words that name the whole list, not an item on it: "remove everything from my to-do list" is a clear
_WHOLE_LIST = re.compile(r"(?:(?:all|everything|every\s+(?:single\s+)?(?:item|task|thing|one))"
                         r"(?:\s+(?:of\s+)?(?:it|them|the\s+\w+|my\s+\w+|items|tasks|things|on\s+(?:it|there)))?"
                         r"|the\s+(?:whole\s+)?lot|the\s+whole\s+(?:list|thing))", re.I)

# ---- the request's own words: "i need to fix the bike tire, add it to my tasks" ------------------
# A pronoun points back at the item said before it; the verb and the list's name ask for it. None of
# these words is an item.
_POINTER = r"(?:it|that|this|them|those|these)(?:\s+ones?)?"
_ASKING = r"(?:(?:and|so|then|now|just|please|also|(?:can|could|would|will)\s+you)\s+)*"
_ADD_VERBS = r"(?:add|put|stick|write|pop|jot|throw|note)"
_DONE_VERBS = r"(?:check|tick|cross|mark|strike)"
_REMOVE_VERBS = r"(?:remove|delete|take|drop|scratch|erase)"
ADD_IT = rf"{_ASKING}{_ADD_VERBS}\s+{_POINTER}(?:\s+down)?"
DONE_IT = rf"{_ASKING}{_DONE_VERBS}\s+{_POINTER}(?:\s+off|\s+as\s+(?:done|complete|completed|finished|bought|got))"
_ANY_LIST = r"(?:(?:my|the|our|a)\s+)?(?:[a-z-]+\s+){0,2}?(?:list|tasks|to-?dos?|chores)"
_REQUEST_WORDS = re.compile(
    rf"{_ASKING}(?:{_ADD_VERBS}|{_DONE_VERBS}|{_REMOVE_VERBS})\s+{_POINTER}(?:\s+(?:down|off|out|up))?"
    rf"(?:\s+(?:to|on|onto|in|into|off|from|out\s+of|as)(?:\s+(?:{_ANY_LIST}|done|complete|completed|finished|bought))?)?"
    r"(?:\s+(?:too|as\s+well|for\s+me|please|thanks|thank\s+you))*", re.I)
_POINTER_ONLY = re.compile(_POINTER + r"|(?:the\s+)?(?:same|one|thing|stuff)", re.I)
# "<what was said>, <the request's own words>": the words before are what the pronoun points at
_SAID_THEN_ASKED = re.compile(r"(?P<said>.+?)(?:\s*,\s*|\s+)" + _REQUEST_WORDS.pattern, re.I)
# how people say they need (or have done) the thing before they point back at it ("i need to ...",
# "we're out of ...", "i finished ..."): not part of the item
_BEFORE_THE_ITEM = re.compile(
    r"(?:(?:oh|ok|okay|so|um|well|right|also|and)\s+)*"
    r"(?:(?:i|we)(?:'ll|\s+will)?\s+(?:(?:really|still|also|definitely|just|probably|finally|already)\s+)*"
    r"(?:need|have|must|should|want|gotta|ought|finished|completed|did|bought|got|picked\s+up)"
    r"|(?:i've|we've|i\s+have|we\s+have)\s+(?:(?:just|finally|already)\s+)?(?:got|gotta|finished|completed|done|bought|picked\s+up)"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:going\s+to|gonna|done\s+with"
    r"|(?:almost\s+|nearly\s+|all\s+)?(?:out|running\s+(?:out|low))\s+(?:of|on))"
    r"|(?:don't|do\s+not)\s+(?:let\s+me\s+)?forget|remember|need)(?:\s+(?:to|with))?\s+", re.I)
# a clause still about the speaker ("i used the last of the rice") is not an item as it stands
_ABOUT_THE_SPEAKER = re.compile(r"\b(?:i|we|you|me|us|i'm|we're|you're|i've|we've|i'll|we'll|i'd)\b", re.I)

# ---- an item said by part of its words: "the passport one", "the one about the plumber" ----------
# words that point at an item without being part of it
_POINTING_WORDS = frozenset("""one ones thing things task tasks item items entry stuff bit about regarding
    says saying said called named mentions mentioning""".split())
# words of a question about the list as a whole ("is there anything on my list"), not an item
_VAGUE_WORDS = frozenset("anything something nothing much many lot left else there".split())
# a list named without saying which ("my list"): a fast path claims only what is on its own list
SOME_LIST = r"(?:my|the|our)\s+list"
# "is <item> on my shopping list", "do i have <item> on ...", "did i put <item> on ..."
HAS = (r"(?:is|are|(?:do|did)\s+(?:i|we)\s+(?:already\s+)?(?:have|put|add|write)|have\s+(?:i|we)\s+(?:got|put|added|written))"
       r"\s+(?:there\s+)?(?P<items>.+?)\s+(?:on|in|to|onto)\s+")


def _stems(text: str) -> list[str]:
    return [stem(w) for w in re.findall(r"[a-z0-9']+", text.lower())]


def _word_stems(text: str, leave_out: frozenset[str] = frozenset()) -> set[str]:
    """The stems of a text's content words: "renew my passport" -> {"renew", "passport"}."""
    return {stem(w) for w in content_words(text) if w not in leave_out}


def names_whole_list(items: list[str]) -> bool:
    """Whether the items said are the whole list ("everything", "all of them"), not items on it."""
    return bool(items) and all(_WHOLE_LIST.fullmatch(" ".join(str(i).split())) for i in items)


def is_request_words(item: str) -> bool:
    """Whether an "item" is the request's own words ("add it", "put them on", "add that to my list",
    "check it off") or a bare pronoun: never an item, whatever wrote it."""
    text = " ".join(str(item).lower().split())
    return bool(_REQUEST_WORDS.fullmatch(text) or _POINTER_ONLY.fullmatch(text))


def claim_items(items: list[str], action: str, param: str) -> PreRouteResult | None:
    """A fast-path claim of these items; None when they do not look like items (or name the whole
    list: the clear's fast path has it)."""
    if not items or names_whole_list(items) or any(
            is_request_words(i) or len(i.split()) > 5 or re.search(r"\b(?:list|timer|reminder|remind)\b", i)
            for i in items):
        return None
    return PreRouteResult(arguments={"action": action, param: items})


def items_claim(action: str, param: str):
    """A fast-path handler: the `items` group (or `items2`, in a pattern of two alternatives) split
    into items (see `claim_items`)."""
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        raw = (m.groupdict().get("items") or m.groupdict().get("items2") or "").strip()
        return claim_items(split_items(raw), action, param) if raw else None
    return handler


def action_claim(action: str):
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        return PreRouteResult(arguments={"action": action})
    return handler


@dataclass
class LastList:
    """The list the user last asked about in this running assistant, and when: "also add the car
    insurance" is for that list, said a moment after."""

    name: str = ""
    at: Any = None                  # the services' clock when it was asked


FOLLOW_ON_SECONDS = 120          # how long after a list request "also add ..." is still about that list
# "also add X", "and put X on too", "add X as well": more for the list just used (the list is not named)
ADD_MORE = (r"(?:(?:oh|and|also|plus|then|ok|okay)\s+)*(?:(?:also|and)\s+(?:add|put|stick|write)\s+(?P<items>.+?)"
            r"(?:\s+(?:on|in|down))?(?:\s+(?:too|as\s+well))?"
            r"|(?:add|put|stick|write)\s+(?P<items2>.+?)(?:\s+(?:on|in|down))?\s+(?:too|as\s+well))")


class ListCommandBase(JarvisCommandBase):
    """A named list (store.lists) with add/read/mark/remove/clear. Subclasses set the names."""

    __jarvis_abstract__ = True
    single_word_items: frozenset[str] = frozenset()   # items bought by a one-word name (`_run_on`)
    list_name = ""          # the list_items.list_name
    items_param = "items"
    noun = "list"           # "shopping list"
    item_word = "item"
    done_action = "check_off"
    undone_action: str | None = None
    # what a need says before the item itself on this list ("i need to buy batteries": "buy")
    item_verbs: str | None = None

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """Asked before a guessed removal (clearing the whole list asks with its own buttons); it names
        the stored items meant ("the passport one" is "renew passport")."""
        if args.get("action") != "remove":
            return None
        items = [str(x) for x in (args.get(self.items_param) or []) if str(x).strip()]
        if not items:
            return None
        if self.services is not None:
            items = [self._resolve(i, done=None) or i for i in items]
        return f"Remove {join_words(items)} from your {self.noun}?"

    # ---- helpers ----------------------------------------------------------------------------------
    def _store(self):
        return self.services.store.lists

    @staticmethod
    def _singular(w: str) -> str:
        w = w.lower().strip()
        for suffix, repl in (("ies", "y"), ("oes", "o"), ("es", "e"), ("s", "")):
            if w.endswith(suffix) and len(w) > len(suffix) + 2:
                return w[: -len(suffix)] + repl
        return w

    def _candidates(self, spoken: str, done: bool | None = False) -> list[str]:
        """The stored items a spoken one may be (open, done, or either when `done` is None): the item
        said (the same text, singular or plural, its words in another form: "painting the fence" is
        "paint the fence"), else every item whose words hold the words said, the words that only
        point at one aside ("the passport one" is "renew passport"; "the plumber one" may be "call
        the plumber" or "pay the plumber")."""
        rows = self._store().items(self.list_name, include_done=True)
        texts = [r["text"] for r in rows if done is None or bool(r["done"]) == done]
        want = " ".join(spoken.lower().split())
        for same in (lambda t: t.lower() == want, lambda t: self._singular(t) == self._singular(want)):
            hits = [t for t in texts if same(t)]
            if hits:
                return hits[:1]
        hits = [t for t in texts if _stems(t) == _stems(want)]
        meant = _word_stems(want, _POINTING_WORDS)
        if hits or not meant:
            return hits
        hits = [t for t in texts if meant <= _word_stems(t)]
        whole = [t for t in hits if _word_stems(t) == meant]       # "the milk thing": milk, not oat milk
        return whole if len(whole) == 1 else hits

    def _resolve(self, spoken: str, done: bool | None = False) -> str | None:
        """The one stored item a spoken one refers to; None when there is none, or several."""
        found = self._candidates(spoken, done)
        return found[0] if len(found) == 1 else None

    def _items_arg(self, kwargs: dict[str, Any]) -> list[str]:
        raw = kwargs.get(self.items_param) or []
        out: list[str] = []
        for entry in raw:
            out.extend(split_items(str(entry)) if ("," in str(entry) or " and " in str(entry)) else [str(entry).strip()])
        return [i for i in out if i and not is_request_words(i) and not self._names_the_list(i)]

    def _list_names(self) -> list[str]:
        return [re.escape(w) for w in sorted(self.domain_words, key=len, reverse=True)]

    def _names_the_list(self, item: str) -> bool:
        """Whether an item is this list's own name ("my to-do list", "my tasks", "the list")."""
        names = "|".join(self._list_names())
        return bool(re.fullmatch(rf"(?:(?:my|the|our)\s+)?(?:(?:{names})\s+)?list|(?:my|the|our)\s+(?:{names})",
                                 " ".join(item.lower().split())))

    def pointed_at(self, utterance: str) -> list[str]:
        """The items a pronoun of the request points back at: "paper towels, put them on the shopping
        list" -> ["paper towels"], "i need to fix the bike tire, add it to my tasks" -> ["fix the bike
        tire"]; [] when no such request, or when the words before it are still about the speaker."""
        m = _SAID_THEN_ASKED.fullmatch(normalize_utterance(utterance))
        if m is None:
            return []
        said = m.group("said")
        lead = _BEFORE_THE_ITEM.match(said)
        if lead:
            said = said[lead.end():]
            if self.item_verbs:
                said = re.sub(rf"^{self.item_verbs}\s+", "", said)
        if _ABOUT_THE_SPEAKER.search(said):
            return []
        return [i for i in split_items(said) if not is_request_words(i)]

    def _items_in_request(self, utterance: str) -> list[str]:
        """The items this command's fast paths read in a request, whether or not one claims it
        ("tick off the dentist one" -> ["dentist one"], when no such item is on the list)."""
        text = normalize_utterance(utterance)
        for fp in self.fast_paths:
            m = fp.regex.fullmatch(text)
            raw = m and (m.groupdict().get("items") or m.groupdict().get("items2"))
            if raw:
                return [i for i in split_items(raw) if not is_request_words(i)]
        return self.pointed_at(utterance)

    def pointed_claim(self, action: str, only_if_on_the_list: bool = False):
        """A fast-path handler for "<items>, <add/check it off...> <list>": the items the pronoun points
        at. Where the request names no list, claimed only when they are all on this one."""
        def handler(_m: re.Match[str], text: str) -> PreRouteResult | None:
            claim = claim_items(self.pointed_at(text), action, self.items_param)
            if claim is None or not only_if_on_the_list:
                return claim
            return claim if self._all_on_the_list(claim, action) else None
        return handler

    def found_claim(self, action: str):
        """A fast-path handler for a request that names no list ("tick off plumber", "is the passport
        on my list"): claimed when every item said is on this list (where several may be meant, the
        run asks which)."""
        def handler(m: re.Match[str], text: str) -> PreRouteResult | None:
            claim = items_claim(action, self.items_param)(m, text)
            return claim if claim is not None and self._all_on_the_list(claim, action) else None
        return handler

    def has_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """A fast-path handler for "is <item> on my shopping list": a read of those items (a read of the
        whole list for "is there anything on it")."""
        claim = items_claim("read", self.items_param)(m, text)
        if claim is None or not any(_word_stems(i, _POINTING_WORDS | _VAGUE_WORDS)
                                    for i in claim.arguments[self.items_param]):
            return PreRouteResult(arguments={"action": "read"})
        return claim

    def _all_on_the_list(self, claim: PreRouteResult, action: str) -> bool:
        if self.services is None:
            return False
        done = True if action == self.undone_action else False if action == self.done_action else None
        return all(self._candidates(i, done) for i in claim.arguments[self.items_param])

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """Items the user did not say are dropped (the validation then asks which ones); the list's own
        name copied into an item ("finish the report on my to do list for tomorrow") is taken out, and
        the request's own words ("add it", "put them on the list") are no item: the item is what their
        pronoun points at. A read keeps items only for a question whether they are on the list."""
        out = drop_ungrounded(args, voice_command, [self.items_param])
        items = out.get(self.items_param)
        if isinstance(items, str):
            items = [items]
        if not isinstance(items, list):
            items = []
        if [normalize_utterance(str(i)) for i in items] == [normalize_utterance(voice_command)]:
            # the whole request as the item (the model copied it; the answer to "which task?" is one)
            claim = self.pre_route(voice_command)
            if claim is not None and claim.arguments.get(self.items_param):
                return dict(claim.arguments)
            items = self._items_in_request(voice_command) or items
        names = [w + r"(?:\s+list)?" for w in self._list_names()]
        frame = re.compile(r"[\s,]*\b(?:on|to|onto|in|into|from|off)\s+(?:my|the|our)\s+(?:"
                           + "|".join(names + ["list"]) + r")\b", re.I)
        cleaned = [" ".join(frame.sub(" ", str(x)).split()) for x in items]
        items = [part for c in cleaned if c for part in self._run_on(c) if not is_request_words(part)]
        pointed = self.pointed_at(voice_command)
        if pointed and out.get("action") not in ("read", "clear"):
            said = _word_stems(_SAID_THEN_ASKED.fullmatch(normalize_utterance(voice_command)).group("said"))
            if not items or not all(_word_stems(i) <= said for i in items):   # "add the bike tire"
                items = pointed
        if out.get("action") == "read" and not re.match(r"(?:is|are|do|does|did|have|has|was|were)\b",
                                                        normalize_utterance(voice_command)):
            items = []
        if items:
            out[self.items_param] = items
        else:
            out.pop(self.items_param, None)
        return out

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The words said after "Which task do you mean: A or B?": the item, when they name one on this
        list (in any way an item is found: "the one about the plumber", "pay the plumber"), or a whole
        request that names one ("mark the tire one as done"); anything else is a request of its own."""
        said = normalize_utterance(words)
        claim = self.pre_route(words)
        if claim is not None and claim.arguments.get(self.items_param):
            return dict(claim.arguments)
        if said and self._candidates(said, done=None):
            return {**arguments, argument: words.strip()}
        return None

    def _run_on(self, item: str) -> list[str]:
        """An item that is several one-word items said in a row ("eggs milk", "bread butter cheese":
        speech recognition writes no commas) as those items; a phrase is kept whole unless all its
        words are the command's `single_word_items` and it has three of them or starts with a plural
        ("coffee beans", "milk chocolate" stay one item)."""
        words = item.split()
        known = self.single_word_items
        if len(words) < 2 or not all(w.lower() in known for w in words):
            return [item]
        if len(words) == 2 and not words[0].lower().endswith("s"):
            return [item]
        return words

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        action = kwargs.get("action")
        if action not in ("read", "clear") and not self._items_arg(kwargs):
            return [ValidationResult(False, self.items_param, self.command_name,
                                     f"Which {self.item_word}s should I {action.replace('_', ' ')}?")]
        return []

    # ---- run --------------------------------------------------------------------------------------
    def _just_used(self) -> bool:
        """Whether this list is the one the user asked about last, a moment ago."""
        last = self.services.kept(LastList) if self.services is not None else None
        return (last is not None and last.name == self.list_name and last.at is not None
                and (self.services.clock() - last.at).total_seconds() <= FOLLOW_ON_SECONDS)

    def add_more_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """A fast-path handler for "also add X" said right after a request about this list."""
        return items_claim("add", self.items_param)(m, text) if self._just_used() else None

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail(f"The {self.noun} needs a running assistant.")
        last = self.services.keep(LastList, LastList)
        last.name, last.at = self.list_name, self.services.clock()
        action = kwargs["action"]
        items = self._items_arg(kwargs)
        if action == "add":
            return self._add(items)
        if action == "read":
            return self._read_items(items) if items else self._read()
        if action == self.done_action:
            return self._mark(action, items, True)
        if self.undone_action and action == self.undone_action:
            return self._mark(action, items, False)
        if action == "remove":
            if names_whole_list(items):         # "remove everything": the clear, which asks first
                return self._ask_clear()
            return self._remove(items)
        if action == "clear":
            return self._ask_clear()
        return fail(f"I can't {action} on the {self.noun}.")

    def _add(self, items: list[str]) -> CommandResponse:
        added = self._store().add(self.list_name, items)
        already = [i for i in items if i.lower() not in {a.lower() for a in added}]
        parts = []
        if added:
            parts.append(f"Added {join_words(added)} to your {self.noun}.")
        if already:
            verb = "is" if len(already) == 1 else "are"
            parts.append(f"{join_words(already).capitalize()} {verb} already on it.")
        return say(" ".join(parts), added=added, already=already, list=self.list_name)

    def _read(self) -> CommandResponse:
        rows = self._store().items(self.list_name)
        names = [r["text"] for r in rows]
        if not names:
            return say(f"Your {self.noun} is empty.", items=[], list=self.list_name)
        count = f"one {self.item_word}" if len(names) == 1 else f"{len(names)} {self.item_word}s"
        return say(f"Your {self.noun} has {count}: {join_words(names)}.", items=names, list=self.list_name)

    def _read_items(self, items: list[str]) -> CommandResponse:
        """Whether the items asked about are on the list ("is the passport on my list?"), open or
        already checked off."""
        found, missing, parts = [], [], []
        for item in items:
            names = self._candidates(item, done=False)
            done = [] if names else self._candidates(item, done=True)
            found.extend(n for n in names + done if n not in found)
            verb = "is" if len(names + done) == 1 else "are"
            if names:
                parts.append(f"Yes, {join_words(names)} {verb} on your {self.noun}.")
            elif done:
                parts.append(f"{join_words(done).capitalize()} {verb} on your {self.noun}, already "
                             f"{'checked off' if self.done_action == 'check_off' else 'done'}.")
            else:
                missing.append(item)
                parts.append(f"No, {item} isn't on your {self.noun}.")
        return say(" ".join(parts), items=found, missing=missing, list=self.list_name)

    def _apply(self, items: list[str], done: bool | None, change: Callable[[str], bool]
               ) -> tuple[list[str], list[str], list[list[str]]]:
        """(stored names changed, spoken names not found, the stored names each unclear one may be):
        each item is matched to a stored one (open, done, or either when `done` is None) and
        `change`d; one that several stored items may be changes nothing."""
        changed, missing, unclear = [], [], []
        for item in items:
            names = self._candidates(item, done=done)
            if len(names) > 1:
                unclear.append(names)
            elif names and change(names[0]):
                changed.append(names[0])
            else:
                missing.append(item)
        return changed, missing, unclear

    def _reply(self, action: str, parts: list[str], unclear: list[list[str]], data: dict[str, Any]
               ) -> CommandResponse:
        """The answer to a change: where an item said may be several, asks which (the next thing said
        is the item); otherwise done, or an error when nothing changed."""
        parts += [f"Which {self.item_word} do you mean: {join_words(names, 'or')}?" for names in unclear]
        data["message"] = " ".join(parts)
        if unclear:
            data["unclear"] = unclear
            return CommandResponse.ask_for(self.items_param, data["message"], {"action": action}, **data)
        changed = data.get("changed") or data.get("removed")
        return CommandResponse.success_response(data) if changed else CommandResponse.error_response(
            data["message"], context_data=data)

    def _mark(self, action: str, items: list[str], done: bool) -> CommandResponse:
        changed, missing, unclear = self._apply(
            items, not done, lambda stored: self._store().set_done(self.list_name, stored, done))
        parts = []
        if changed:
            parts.append(f"{'Checked off' if done else 'Marked as not done'}: {join_words(changed)}.")
        if missing:
            where = f"open on your {self.noun}" if done else f"done on your {self.noun}"
            parts.append(f"I couldn't find {join_words(missing, 'or')} {where}.")
        return self._reply(action, parts, unclear, {"changed": changed, "missing": missing, "list": self.list_name})

    def _remove(self, items: list[str]) -> CommandResponse:
        removed, missing, unclear = self._apply(
            items, None, lambda stored: self._store().remove(self.list_name, stored))
        parts = []
        if removed:
            parts.append(f"Removed {join_words(removed)} from your {self.noun}.")
        if missing:
            verb = "isn't" if len(missing) == 1 else "aren't"
            parts.append(f"{join_words(missing, 'or').capitalize()} {verb} on your {self.noun}.")
        return self._reply("remove", parts, unclear, {"removed": removed, "missing": missing, "list": self.list_name})

    def _ask_clear(self) -> CommandResponse:
        count = len(self._store().items(self.list_name, include_done=True))
        if count == 0:
            return say(f"Your {self.noun} is already empty.", list=self.list_name, count=0)
        what = f"the one {self.item_word}" if count == 1 else f"all {count} {self.item_word}s"
        return CommandResponse.follow_up_response(
            {"message": f"Clear {what} from your {self.noun}?", "list": self.list_name, "count": count},
            actions=[IJarvisButton("Clear", CLEAR_ACTION, "destructive", "trash"),
                     IJarvisButton("Cancel", "cancel_click", "secondary")])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == CLEAR_ACTION:
            if self.services is None:
                return fail(f"The {self.noun} needs a running assistant.")
            n = self._store().clear(self.list_name)
            return CommandResponse.final_response(
                {"message": f"Cleared your {self.noun}." if n else f"Your {self.noun} was already empty.",
                 "cleared": n, "list": self.list_name})
        if action_name == "cancel_click":
            return CommandResponse.final_response({"message": f"OK, I left your {self.noun} as it is."})
        return super().handle_action(action_name, context)
