"""What the shopping and to-do list commands share: items in the SQLite `list_items` table, several
at once, check off / complete, remove, and a clear that waits for a Clear / Cancel button (or a spoken
yes). This module defines no commands (ListCommandBase is abstract)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from commands._common import fail, say
from commands._grounding import content_words, drop_ungrounded
from commands._parsing import join_words, parse_duration, split_items
from jarvis_tui.sdk.text import (DO_AWAY, QUESTION_WORDS, REQUEST_OPENERS, SAYING_NO, asks_about_doing, asks_question, corrected_value, normalize_utterance,
                                 numbers_said, parse_number, points_by_order, position_said, says_doing_away, stem, with_amount_said,
                                 words_pointing_by_order)
from jarvis_tui.sdk import (CommandResponse, FastPath, IJarvisButton, JarvisCommandBase, PreRouteResult,
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
_REMOVE_VERBS = r"(?:remove|delete|take|drop|scratch|erase|bin|scrap|trash|ditch)"
ADD_IT = rf"{_ASKING}{_ADD_VERBS}\s+{_POINTER}(?:\s+down)?"
DONE_IT = rf"{_ASKING}{_DONE_VERBS}\s+{_POINTER}(?:\s+off|\s+as\s+(?:done|complete|completed|finished|bought|got))"
_ANY_LIST = (r"(?:(?:my|the|our|a)\s+)?(?:(?:[a-z-]+\s+){0,3}?(?:list|tasks|to-?dos?|chores|jobs|errands)"
             r"|list\s+of\s+(?:things|stuff|jobs)\s+to\s+do)")
_REQUEST_WORDS = re.compile(
    rf"{_ASKING}(?:{_ADD_VERBS}|{_DONE_VERBS}|{_REMOVE_VERBS})\s+{_POINTER}(?:\s+(?:down|off|out|up))?"
    rf"(?:\s+(?:to|on|onto|in|into|off|from|out\s+of|as)(?:\s+(?:{_ANY_LIST}|done|complete|completed|finished|bought))?)?"
    r"(?:\s+(?:too|as\s+well|for\s+me|please|thanks|thank\s+you))*", re.I)
_POINTER_ONLY = re.compile(_POINTER + r"|(?:the\s+)?(?:same|one|thing|stuff)", re.I)
# "<what was said>, <the request's own words>": the words before are what the pronoun points at
_SAID_THEN_ASKED = re.compile(r"(?P<said>.+?)(?:\s*,\s*|\s+)" + _REQUEST_WORDS.pattern, re.I)
# how people say they need (or have done) the thing before they point back at it ("i need to ...",
# "we're out of ...", "i finished ...", "i've packed ..."): not part of the item
_BEFORE_THE_ITEM = re.compile(
    r"(?:(?:oh|ok|okay|so|um|well|right|also|and)\s+)*"
    r"(?:(?:i|we)(?:'ll|\s+will)?\s+(?:(?:really|still|also|definitely|just|probably|finally|already)\s+)*"
    r"(?:need|have|must|should|want|gotta|ought|finished|completed|did|bought|got|picked\s+up|packed|watched|seen)"
    r"|(?:i've|we've|i\s+have|we\s+have)\s+(?:(?:just|finally|already)\s+)?(?:got|gotta|finished|completed|done|bought"
    r"|picked\s+up|packed|watched|seen)"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:going\s+to|gonna|done\s+with|meant|supposed|due"
    r"|(?:almost\s+|nearly\s+|all\s+)?(?:out|running\s+(?:out|low))\s+(?:of|on))"
    r"|(?:don't|do\s+not)\s+(?:let\s+me\s+)?forget|remember|need"
    # ... or the doing said with no one doing it: "got the milk, tick it off", "finished the report, cross it off"
    r"|(?:just\s+|already\s+|finally\s+)?(?:got|bought|picked\s+up|finished|completed|packed|done))(?:\s+(?:to|with))?\s+", re.I)
# a clause still about the speaker ("i used the last of the rice") is not an item as it stands
_ABOUT_THE_SPEAKER = re.compile(r"\b(?:i|we|you|me|us|i'm|we're|you're|i've|we've|i'll|we'll|i'd)\b", re.I)

# ---- an item said by part of its words: "the passport one", "the one about the plumber" ----------
# words that point at an item without being part of it
_POINTING_WORDS = frozenset("""one ones thing things task tasks item items entry stuff bit about regarding
    says saying said called named mentions mentioning""".split())
# words of a question about the list as a whole ("is there anything on my list"), not an item
_VAGUE_WORDS = frozenset("anything something nothing much many lot left else there what which who".split())
# words that hold the place of items not named yet ("add something to my shopping list": which is asked)
_PLACEHOLDER = frozenset("something anything stuff things thing item items bits bobs few couple some a an of more".split())


def _placeholder(item: str) -> bool:
    words = normalize_utterance(str(item)).split()
    return bool(words) and all(w in _PLACEHOLDER for w in words)


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


_LEAD_WORDS = frozenset("and so oh ok okay then just please also right now".split())


def _first_word(utterance: str) -> str:
    """The request's first word after the words said before any request ("and", "so", "please")."""
    words = normalize_utterance(utterance).split()
    while words and words[0].strip(",") in _LEAD_WORDS:
        words = words[1:]
    return words[0].strip(",").lower() if words else ""


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


def said_items(m: re.Match[str]) -> str:
    """The words of the items a fast path's match holds: its `items` group, or `items2`, `items3`...
    in a pattern of several alternatives (the one that matched)."""
    return next((v.strip() for k, v in m.groupdict().items() if k.startswith("items") and v), "")


def items_claim(action: str, param: str):
    """A fast-path handler: the `items` group (or `items2`..., in a pattern of several alternatives)
    split into items (see `claim_items`)."""
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        raw = said_items(m)
        return claim_items(split_items(raw), action, param) if raw else None
    return handler


def action_claim(action: str):
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        return PreRouteResult(arguments={"action": action})
    return handler


# one or more of the items just added, said not to be wanted after all: "actually not eggs", "no, not the
# bread", "scratch the eggs", "leave out the eggs", "forget the eggs"
NOT_AFTER_ALL = (r"(?:(?:actually|oh|no|nah|wait|sorry|hmm|hang\s+on|on\s+second\s+thought|and)[,\s]+)*"
                 r"(?:not|no|scratch|leave\s+out|forget(?:\s+about)?|skip|drop)\s+(?P<items>[\w' ,]+?)"
                 r"(?:\s+(?:though|then|actually|after\s+all|please|thanks))*")


_NOT_WANTED = (r"\b(?:not|no|without|except|minus|never\s+mind|(?:do\s+not|don't|dont)\s+(?:add|get|buy|put|need|want))"
               r"\s+(?:(?:the|any|some|more|a|an)\s+)?")


def said_not_wanted(item: str, said: str) -> bool:
    """Whether the words say the item is not wanted: "not cheese", "no more eggs", "without the bread",
    "don't add milk"."""
    words = normalize_utterance(str(item)).strip()
    if not words:
        return False
    # the item as said, or in its other number ("not the bananas": the model wrote "banana")
    said = normalize_utterance(said)
    if re.search(_NOT_WANTED + re.escape(words) + r"\b", said):
        return True
    return any(_stems(" ".join(m.group("what").split()[:len(words.split())])) == _stems(words)
               for m in re.finditer(_NOT_WANTED + r"(?P<what>[\w' -]+)", said))


@dataclass
class LastList:
    """The list the user last asked about in this running assistant, and when: "also add the car
    insurance", "what's left", "clear it" are for that list, said a moment after. Also the last change
    made to it, which "put it back" / "undo that" takes back: what was done (added, removed, checked
    or unchecked), the items as they were (text and done), and when."""

    name: str = ""
    at: Any = None                  # the services' clock when it was asked
    action: str = ""                # what it was asked ("add", "read", ...): "also X" continues an add only
    change: str = ""
    changed: list[dict[str, Any]] = field(default_factory=list)
    changed_at: Any = None


FOLLOW_ON_SECONDS = 120          # how long after a list request "also add ..." is still about that list
# "also add X", "and put X on too", "add X as well": more for the list just used (the list is not named)
ADD_MORE = (r"(?:(?:oh|and|also|plus|then|ok|okay)\s+)*(?:(?:also|and)\s+(?:add|put|stick|write)\s+(?P<items>.+?)"
            r"(?:\s+(?:on|in|down))?(?:\s+(?:too|as\s+well))?"
            r"|(?:add|put|stick|write)\s+(?P<items2>.+?)(?:\s+(?:on|in|down))?\s+(?:too|as\s+well))")

# ---- requests about the list just used that name no list: "{ref}" is "it", "there", "the list" or
# the list's own name ("my shopping list", "my tasks")
_NOW_THEN = r"(?:(?:so|and|ok|okay|now|then|alright|right)[\s,]+)*"
# "what's on it", "what's left", "read it again", "how many things are on it"
FOLLOW_ON_READ = (
    _NOW_THEN
    + r"(?:what(?:'s|s|\s+is|\s+are)\s+(?:still\s+|else\s+)?(?:on|in)\s+{ref}"
    r"|what\s+else\s+(?:is\s+there|is|do\s+(?:i|we)\s+have|have\s+(?:i|we)\s+got)(?:\s+(?:on|in)\s+{ref})?"
    r"|what(?:'s|s|\s+is|\s+are)\s+(?:still\s+)?left(?:\s+(?:on|in)\s+{ref})?(?:\s+to\s+(?:do|buy|get))?"
    r"|what\s+(?:do|have)\s+(?:i|we)\s+(?:still\s+)?(?:got|have|need)\s+(?:(?:on|in)\s+{ref}|left|so\s+far)"
    r"|(?:is\s+there\s+)?anything\s+(?:else\s+|still\s+|more\s+)?(?:left\s+)?(?:on|in)\s+{ref}"
    r"|(?:read|show|list|repeat|go\s+(?:over|through)|run\s+through)(?:\s+me)?\s+(?:them|that|this|{ref})"
    r"(?:\s+(?:out|back|again|once\s+more|one\s+more\s+time|to\s+me|for\s+me))*"
    r"|how\s+many(?:\s+(?:more\s+)?(?:things|items|tasks|ones|of\s+them))?\s+(?:are|is|do\s+(?:i|we)\s+have)"
    r"(?:\s+there)?\s+(?:(?:still\s+)?(?:on|in)\s+{ref}|left(?:\s+(?:on|in)\s+{ref})?))"
    # after any of them: "what have i got on there now", "what's left at the moment"
    r"(?:\s+(?:now|so\s+far|then|at\s+the\s+moment|right\s+now|altogether|all\s+together))?")
# "also pay the electricity bill", "and also some eggs": one more of what was just added (no verb said)
ALSO = r"(?:and\s+|oh\s+|oh\s+and\s+)?also\s+(?P<items>(?!add\b|put\b|remove\b|delete\b|read\b|clear\b).+?)(?:\s+(?:too|as\s+well))?"
# "and some socks for dad", "oh and the batteries": one more of what was just added, with no verb at all
AND_MORE = r"(?:oh\s+)?and\s+(?P<items>(?!also\b).+?)(?:\s+(?:too|as\s+well))?"
# "is bread on it": whether those items are on the list just used
FOLLOW_ON_HAS = HAS + r"(?:it|there)"
# "add the milk to it", "put eggs on the list": more for the list just used
FOLLOW_ON_ADD = (r"(?:add|put|stick|write|pop|jot|throw)\s+(?P<items>.+?)(?:\s+down)?\s+(?:to|on|onto|in|into)\s+{ref}"
                 r"(?:\s+(?:too|as\s+well))?")
# "add a dozen eggs instead", "add bread": more for the list just used, with no list named
FOLLOW_ON_ADD_SAID = (r"(?:and\s+)?(?:add|stick|throw|pop)\s+(?P<items>(?!to\b|on\b|it\b|that\b|them\b)"
                      r"(?!.*\b(?:percent|to\s+(?:that|it|this|them))\b).+?)"      # "add a 20 percent tip to that"
                      r"(?:\s+(?:instead|too|as\s+well|also))?")
# "eggs should be on it", "the charger needs to go on there too": more for the list just used
FOLLOW_ON_GOES_ON = (r"(?P<items>.+?)\s+(?:(?:needs?|has|have|ought)\s+to|should|must|can)\s+(?:go|be|get\s+put)"
                     r"\s+(?:on|in|onto|into)\s+{ref}(?:\s+(?:too|as\s+well))?")
# "clear the list", "clear it", "wipe it", "delete everything on it": still asks first
FOLLOW_ON_CLEAR = (
    _NOW_THEN
    + r"(?:(?:clear|empty|wipe|reset|clean)(?:\s+out)?\s+(?:{ref}|(?:the|my|this|that)\s+(?:whole|entire)\s+list)"
    r"(?:\s+(?:out|all|completely|for\s+me))*"
    r"|" + DO_AWAY + r"\s+(?:the|my|this|that)\s+(?:whole\s+|entire\s+)?list"
    r"|(?:clear|delete|remove|wipe|erase|get\s+rid\s+of)\s+(?:everything|it\s+all|all\s+of\s+it|the\s+lot)"
    r"(?:\s+(?:on|from|in|off)\s+{ref})?"
    r"|(?:take|knock|scratch)\s+everything\s+off(?:\s+(?:of\s+)?{ref})?"
    r"|start\s+{ref}\s+(?:over|again|afresh|from\s+scratch))")

# ---- an item taken off in other words, the list named or not: "take the bread off", "knock off the
# coffee", "get rid of the eggs", "the bread can come off" (claimed only for items on the list)
# an item of the list just used said done: "cross off the socks" right after the christmas list was read
# (it went to the to-do list, which has no socks)
# (or said to be done: "the first one is done", "the socks are packed")
DONE_SAID = (r"(?:(?:oh|and|also|then|ok|okay|actually|now|so|please)[\s,]+)*(?:(?:check|cross|tick|mark)\s+(?:off\s+)?"
             r"(?P<items>.+?)(?:\s+off)?(?:\s+(?:as\s+)?(?:done|complete|completed|finished|packed|bought|got|read))?(?:\s+(?:on|from|off)\s+(?:of\s+)?{ref})?"
             r"|(?P<items2>.+?)\s+(?:is|are|'s|has\s+been|have\s+been)\s+(?:all\s+)?(?:done|complete|completed|finished|sorted|packed|bought)"
             r"(?:\s+(?:now|too|as\s+well))?)")
# an item told done as people tell it, with no word of the list: "i've packed the towels", "we got the wine",
# "just finished the ironing" (small talk answered "I'm glad you packed the towels." and left it open)
DONE_TOLD = (r"(?:(?:oh|and|ok|okay|right|so|well)[\s,]+)*(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:(?:just|already|finally|now)\s+)?"
             r"(?:packed|got|bought|picked\s+up|done|did|finished|completed|sorted(?:\s+out)?|watched|booked|paid)\s+"
             # (not a question: "got any eggs?")
             r"(?:the\s+|my\s+|our\s+|some\s+)?(?P<items>(?!any\b|enough\b).+?)(?:\s+(?:now|already|too|as\s+well|today))?")
REMOVE_SAID = (
    r"(?:(?:oh|and|also|then|ok|okay|actually|now|so)[\s,]+)*"
    r"(?:(?:take|knock|scratch|strike)\s+(?P<items>.+?)\s+off(?:\s+(?:of\s+)?{ref})?"
    r"|(?:take|knock|scratch|strike)\s+off\s+(?P<items2>.+?)(?:\s+(?:from|of)\s+{ref})?"
    r"|get\s+rid\s+of\s+(?P<items4>.+?)(?:\s+(?:from|on|off)\s+{ref})?"
    r"|" + DO_AWAY + r"\s+(?P<items3>.+?)(?:\s+(?:from|off|out\s+of)\s+{ref})?"
    r"|(?P<items5>.+?)\s+can\s+(?:come|go)(?:\s+off)?(?:\s+(?:of\s+)?{ref})?(?:\s+now)?"
    r"|(?:i|we)\s+(?:don't|do\s+not|no\s+longer)\s+need\s+(?P<items6>.+?)(?:\s+(?:any\s*more|after\s+all|now))?)")

# ---- the last change taken back -------------------------------------------------------------------
_OOPS = (r"(?:(?:oh|oops|whoops|" + SAYING_NO + r"|wait|actually|sorry|hmm|um|well|hang\s+on|on\s+second\s+thought"
         r"|(?:i\s+)?changed\s+my\s+mind|never\s+mind|my\s+bad|and|so|ok|okay|please)[\s,]+)*")
_AFTER_ALL = r"(?:\s+(?:again|after\s+all|then|too|for\s+me|thanks|thank\s+you|please|now))*"
# "undo that": whatever the last change was
UNDO = (_OOPS + r"(?:undo(?:\s+(?:that|it|this|the\s+last\s+(?:one|change|thing)|what\s+i\s+(?:just\s+)?did))?"
        r"|scratch\s+that)" + _AFTER_ALL)
# "put it back", "add the bread back on", "actually keep it": what was just taken off (removed or checked)
PUT_BACK = (_OOPS + r"(?:(?:put|add|bring|stick|write)\s+(?P<items>.+?)\s+back(?:\s+(?:on|onto|in|to)(?:\s+{ref})?)?"
            r"|(?:put|add|bring)\s+back\s+(?P<items2>.+?)(?:\s+(?:on|onto|in|to)\s+{ref})?"
            r"|keep\s+(?P<items3>.+?)(?:\s+on(?:\s+{ref})?)?"
            r"|(?:don't|do\s+not)\s+(?:remove|delete|drop|take\s+off|cross\s+off)\s+(?P<items4>.+?)"
            r"|(?:i|we)\s+(?:still\s+)?need\s+(?P<items5>it|that|them|those)|bring\s+(?P<items6>it|that|them)\s+back)"
            + _AFTER_ALL)
# "take that off again", "remove it again", "i don't need it after all": what was just added (or checked
# off). "remove it", "delete that" alone may be about anything just done: not these.
TAKE_IT_OFF = (_OOPS + r"(?:(?:take|scratch)\s+(?P<items>" + _POINTER + r")\s+(?:back\s+)?off(?:\s+(?:of\s+)?{ref})?"
               r"|(?:remove|delete|drop)\s+(?P<items2>" + _POINTER + r")(?:\s+(?:from|off)\s+{ref}|\s+again)?"
               r"|(?:i|we)\s+(?:don't|do\s+not)\s+need\s+(?P<items3>" + _POINTER + r")\s+(?:after\s+all|any\s*more))"
               + _AFTER_ALL)
# what takes back each kind of change: the change and the action that takes it back
_TAKEN_BACK_BY = {"added": "remove", "removed": "add", "checked": "add", "unchecked": "done"}


def kept_lists() -> list[type["ListCommandBase"]]:
    """The list commands that keep one list under a fixed name (shopping, to-do), one per name: what
    "what lists do i have" names first, and what a list's name that is one of theirs ("my grocery
    list", "my chores") means."""
    found: dict[str, type[ListCommandBase]] = {}
    pending = list(ListCommandBase.__subclasses__())
    while pending:
        cls = pending.pop(0)
        pending.extend(cls.__subclasses__())
        if cls.list_name and "__jarvis_abstract__" not in vars(cls):
            found.setdefault(cls.list_name, cls)
    return list(found.values())


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

    def held_names(self) -> list[str]:
        if self.services is None or not self.list_name:
            return []
        return [str(r["text"]) for r in self._store().items(self.list_name)]

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
        if points_by_order(spoken):         # "the second one", "the last item": by where it stands
            at = self._at_position(spoken, texts if done is not None else [r["text"] for r in rows if not r["done"]])
            return [at] if at is not None else []
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

    def _at_position(self, spoken: str, texts: list[str]) -> str | None:
        """The item the words point at by its order in what the user last heard of this list: the items just
        added, when several were a moment ago and are there still ("add apples and pears", "remove the last
        one": the pears), else the list as it reads. None when there are not that many."""
        last = self._last_change()
        if last is not None and last.change == "added" and len(last.changed) > 1:
            added = [str(c.get("text", "")) for c in last.changed]
            if all(a in texts for a in added):
                texts = added
        place = position_said(spoken, len(texts))
        return texts[place] if place is not None else None

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

    def _said_off_the_list(self, voice_command: str) -> bool:
        """The words take something from this list ("scratch bread from the shopping list", "knock eggs off
        my list") and put nothing on one: no add says "from the list"."""
        names = "|".join(self._list_names() + ["list"])
        said = normalize_utterance(voice_command)
        return (re.search(rf"\b(?:from|off)\s+(?:of\s+)?(?:my|the|our)\s+(?:{names})\b", said) is not None
                and re.search(rf"\b(?:to|onto|on|into)\s+(?:my|the|our)\s+(?:{names})\b", said) is None)

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
            raw = m and said_items(m)
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

    def _stored_items_named(self, items: Any, voice_command: str) -> list[str]:
        """The items of a call that are on this list as they stand and that the words name by one of
        their words in some form ("i've done the hoovering" names "hoover the stairs", which grounding
        alone drops: "hoovering" is not "hoover"). A model's item that is not on the list gets no such
        leave ("get the cleaning on" is no "clean the kitchen")."""
        if self.services is None or not isinstance(items, list):
            return []
        texts = {r["text"].lower() for r in self._store().items(self.list_name, include_done=True)}
        said = _word_stems(voice_command, _POINTING_WORDS)
        return [i for i in items if isinstance(i, str) and i.lower() in texts and _word_stems(i) & said]

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
        taken_back = self._taking_back(voice_command)
        if taken_back is not None and taken_back.arguments["action"] == args.get("action"):
            return dict(taken_back.arguments)          # "put it back": the items just taken off
        if args.get("action") == "add" and self._said_off_the_list(voice_command):
            args = {**args, "action": "remove"}        # "scratch bread from the shopping list" came back as an add
        stored = self._stored_items_named(args.get(self.items_param), voice_command)
        out = drop_ungrounded(args, voice_command, [self.items_param])
        if stored:                   # "i've done the hoovering": the stored "hoover the stairs" it names is kept
            kept = out.get(self.items_param) or []
            out[self.items_param] = [i for i in args[self.items_param] if i in stored or i in kept]
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
        # an item is a thing: words that only join or point ("to", "the") are none ("add it to the list"
        # came back as the items "to" and "the")
        items = [part for c in cleaned if c for part in self._run_on(c)
                 if not is_request_words(part) and content_words(part) and not _placeholder(part)]
        verb = _first_word(voice_command)
        # the request's own verb is no item: "chuck cat food on then" came back as "chuck" and "cat food" (the
        # first word said right before another item; "batteries and light bulbs, add those" starts with one)
        said_words = [w.strip(",") for w in normalize_utterance(voice_command).split()]
        after_verb = " ".join(said_words[said_words.index(verb) + 1:]) if verb in said_words else ""
        if verb and any(i.lower() != verb and after_verb.startswith(i.lower()) for i in items):
            items = [i for i in items if i.lower() != verb]
        pointed = self.pointed_at(voice_command)
        if pointed and out.get("action") not in ("read", "clear"):
            said = _word_stems(_SAID_THEN_ASKED.fullmatch(normalize_utterance(voice_command)).group("said"))
            if not items or not all(_word_stems(i) <= said for i in items):   # "add the bike tire"
                items = pointed
        if out.get("action") == "read" and not re.match(r"(?:is|are|do|does|did|have|has|was|were)\b",
                                                        normalize_utterance(voice_command)):
            items = []
        elif out.get("action") == "read" and not items:
            # "is cat food on the list": the model read the whole list; the question names what to look for
            asked = re.fullmatch(HAS + r"(?:.+)", normalize_utterance(voice_command).strip(" ?.!"))
            raw = said_items(asked) if asked else None
            items = [i for i in split_items(raw) if not is_request_words(i)
                     and _word_stems(i, _POINTING_WORDS | _VAGUE_WORDS)] if raw else []
        if out.get("action") == "add":
            items = [with_amount_said(i, voice_command) for i in items]
            negated = [i for i in items if said_not_wanted(i, voice_command)]
            if negated and len(negated) == len(items):
                # "actually not cheese": every item is said not to be wanted, which is no add (the model
                # added the cheese); it is taken off, if it is there
                out["action"], items = "remove", negated
            else:                                            # "add milk but not cheese": the milk alone
                items = [i for i in items if i not in negated]
        if not items and out.get("action") in ("remove", self.done_action, self.undone_action):
            # "remove the second one": the words point at an item by its order (the model wrote none, or "second")
            by_order = words_pointing_by_order(voice_command)
            items = [by_order] if by_order else []
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
        return last is not None and last.name == self.list_name and self._recent(last.at) and self._last_turns()

    def add_more_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """A fast-path handler for "also add X" said right after a request about this list."""
        return items_claim("add", self.items_param)(m, text) if self._just_used() else None

    # ---- requests that name no list, said right after one about this list -------------------------
    def follow_on_fast_paths(self) -> list[FastPath]:
        """The fast paths for what is said about this list without naming it, right after using it
        ("what's left", "clear it", "take the bread off", "put it back")."""
        return self._taking_back_paths() + [
            self._path("read_it", FOLLOW_ON_READ, self._here_claim(action_claim("read")),
                       "what's left (on the list just used)"),
            self._path("has_it", FOLLOW_ON_HAS, self._here_claim(self.has_claim), "is bread on it (the list just used)"),
            self._path("add_to_it", FOLLOW_ON_ADD, self._here_claim(self._add_to_it_claim),
                       "put eggs on the list (the list just used)"),
            self._path("goes_on_it", FOLLOW_ON_GOES_ON, self._here_claim(self._add_to_it_claim),
                       "the eggs should be on it too (the list just used)"),
            self._path("add_said", FOLLOW_ON_ADD_SAID, self._just_used_claim(self._add_to_it_claim),
                       "add a dozen eggs instead (right after using this list)"),
            self._path("clear_it", FOLLOW_ON_CLEAR, self._here_claim(action_claim("clear")), "clear it (asks first)"),
            self._path("remove_said", REMOVE_SAID, self._remove_said_claim, "take the bread off (an item on this list)"),
            self._path("done_said", DONE_SAID, self._here_claim(self.found_claim(self.done_action)),
                       "cross off the socks (an item on the list just used)"),
            self._path("done_told", DONE_TOLD, self._here_claim(self.found_claim(self.done_action)),
                       "i've packed the towels (an item on the list just used)"),
            self._path("also", ALSO, self._also_claim, "also pay the bill (right after adding to this list)"),
            self._path("and_more", AND_MORE, self._and_more_claim,
                       "and some socks for dad (right after adding to this list)"),
            self._path("not_after_all", NOT_AFTER_ALL, self._not_after_all_claim,
                       "actually not the eggs (one of the items just added: taken off)"),
            self._path("corrected", r".+", self._corrected_claim,
                       "no, i said goat milk (right after adding one item: it takes that one's place)"),
        ]

    def _done_it_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"mark it done", "tick them off" right after adding: the items just added (it asked which)."""
        last = self._last_change()
        if said_items(m) not in ("it", "that", "this", "them", "those", "these") or last is None \
                or last.change != "added" or not last.changed:
            return None
        return PreRouteResult(arguments={"action": self.done_action,
                                         self.items_param: [str(c.get("text", "")) for c in last.changed]})

    def _not_after_all_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"actually not eggs" right after "add milk and eggs": the items said, when each is one of those
        just added, are taken off (the model added the eggs again)."""
        last = self._last_change()
        # split_items drops "the", "my", "some" before an item; "any" is dropped here ("not any eggs")
        wanted = [re.sub(r"^any\s+", "", normalize_utterance(i)) for i in split_items(m.group("items"))]
        if not wanted:
            return None
        if last is not None and last.change == "added":
            added = [normalize_utterance(str(c.get("text", ""))) for c in last.changed]
            if all(w in added for w in wanted):
                return PreRouteResult(arguments={"action": "remove", self.items_param: wanted})
        # ... or added a turn or two before, on the list just used ("add oat milk and bananas", "oh and coffee",
        # "actually not the bananas": the model added a banana)
        if self._just_used() and self.services is not None and last is not None and last.change == "added" \
                and all(len(self._candidates(w, False)) == 1 for w in wanted):
            return PreRouteResult(arguments={"action": "remove", self.items_param: wanted})
        return None

    def _corrected_item(self, text: str) -> tuple[str, str] | None:
        """(the item just added, the item said instead) when the whole request corrects the one item just
        added ("no i said goat milk", "i meant the blue folder"); None for other words, or a correction
        that names no item ("make it two", "actually add eggs too")."""
        value = corrected_value(text)
        last = self._last_change()
        if value is None or last is None or last.change != "added" or len(last.changed) != 1:
            return None
        items = split_items(value)
        if len(items) != 1 or is_request_words(items[0]) or parse_number(items[0]) is not None \
                or re.match(r"(?:not|no)\s", items[0]):        # "actually not cheese" added "not cheese"
            return None
        item = re.sub(r",?\s+(?:and\s+)?not\s+.+$", "", items[0])         # "goat milk, not oat milk"
        words = normalize_utterance(item).split()
        if not words or words[0] in REQUEST_OPENERS or not content_words(item):
            return None
        old = last.changed[0]["text"]
        return None if _word_stems(item) == _word_stems(old) else (old, item)

    def _corrected_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        found = self._corrected_item(text)
        return None if found is None else PreRouteResult(arguments={"action": "add", self.items_param: [found[1]]})

    def _add_it_again_claim(self, _m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"add it to the list" right after something was added to this list: "it" is what was just
        added (the reply says it is on the list already); it asked which items to add."""
        last = self._last_change()
        if last is None or last.action != "add" or last.change != "added" or not last.changed:
            return None
        return PreRouteResult(arguments={"action": "add", self.items_param: [c["text"] for c in last.changed]})

    def _also_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """"also pay the electricity bill" right after something was added to this list: one more of the
        same (it was declined). Only after an add: "also" after a read or a removal says nothing to add."""
        last = self._last_change()
        if last is None or last.action != "add":
            return None
        return items_claim("add", self.items_param)(m, text)

    def _and_more_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """"and some socks for dad" right after "put a scarf for mum on it": one more for this list (it was
        declined, and the list was then lost for "read it back"). Not words that open a request or a
        question of their own ("and what's the weather", "and remind me ...")."""
        first = normalize_utterance(m.group("items")).split()[:1]
        if not first or first[0] in REQUEST_OPENERS or first[0] in QUESTION_WORDS or asks_question(m.group("items")):
            return None
        last = self._last_change()
        if last is not None and last.action == "remove":
            # after "knock the apples off": "and the cheese" (on the list) is taken off too, "and some crackers"
            # (not on it) can only be put on; the model asked "Remove crackers from your shopping list?"
            claim = items_claim("remove", self.items_param)(m, text)
            if claim is None:
                return None
            items = claim.arguments[self.items_param]
            on_it = [bool(self._candidates(i, None)) for i in items]
            if all(on_it):
                return claim
            said = normalize_utterance(m.group("items"))
            if any(on_it) or any(numbers_said(i) or re.search(r"\b(?:that|it|this|them|those)\b", i) for i in items) \
                    or not re.match(r"(?:some|a|an|more|another)\s", said):
                return None             # "and the factorial of that", "and squared": no thing said to put on
            return items_claim("add", self.items_param)(m, text)
        return self._also_claim(m, text)

    def _taking_back_paths(self) -> list[FastPath]:
        return [
            self._path("undo", UNDO, self.undo_claim(_TAKEN_BACK_BY), "undo that (the last change, a moment ago)"),
            self._path("put_back", PUT_BACK, self.undo_claim({"removed": "add", "checked": "add"}),
                       "put it back (what was just taken off)"),
            self._path("take_it_off", TAKE_IT_OFF, self.undo_claim({"added": "remove", "checked": "remove"}),
                       "take that off again (what was just added)"),
            self._path("add_it_again", ADD_IT + r"(?:\s+(?:to|on|onto|in|into)\s+{ref})?(?:\s+(?:too|please|again))*",
                       self._add_it_again_claim, "add it to the list (what was just added: it is on it already)"),
            self._path("done_it", DONE_SAID, self._done_it_claim,
                       "mark it done (right after adding it: the items just added)"),
        ]

    def _path(self, name: str, pattern: str, handler: Callable[..., PreRouteResult | None], description: str
              ) -> FastPath:
        """One of this list's fast paths, "{ref}" in its pattern being how a request points at the list:
        "it", "there", "the list", or the list's own name ("my shopping list", "my tasks")."""
        names = "|".join(self._list_names())
        ref = rf"(?:it|there|(?:my|the|our|this|that)\s+(?:(?:{names})\s+)?list|(?:my|the|our)\s+(?:{names}))"
        return FastPath(f"{self.command_name}.{name}", pattern.replace("{ref}", ref), handler, description)

    def _taking_back(self, utterance: str) -> PreRouteResult | None:
        """What a request about the last change ("put it back", "undo that", "add it to the list" again)
        does: the items it names are the ones changed, whatever words point at them."""
        text = normalize_utterance(utterance)
        for fp in self._taking_back_paths():
            m = fp.regex.fullmatch(text)
            claim = fp.handler(m, utterance) if m is not None else None
            if claim is not None:
                return claim
        return None

    def _names_itself(self, text: str) -> bool:
        """Whether a request says this list's own name ("shopping", "to-do", "tasks")."""
        return bool(re.search(rf"\b(?:{'|'.join(self._list_names())})\b", normalize_utterance(text)))

    def _here_claim(self, handler):
        """A fast-path handler claimed only for this list: the list just used, or named."""
        def claim(m: re.Match[str], text: str) -> PreRouteResult | None:
            return handler(m, text) if self._just_used() or self._names_itself(text) else None
        return claim

    def _just_used_claim(self, handler):
        """A fast-path handler claimed only right after this list was used (a list named in the words is
        another fast path's), and not for a length ("add five minutes" is a timer's)."""
        def claim(m: re.Match[str], text: str) -> PreRouteResult | None:
            if not self._just_used() or self._names_itself(text) or re.search(r"\blist\b", text):
                return None
            if any(parse_duration(i) or parse_number(i) is not None for i in split_items(said_items(m))):
                return None                 # "add 15 and 27" is a sum
            return handler(m, text)
        return claim

    def _add_to_it_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """ "put eggs on the list": claimed for items that say what they are ("stick this thing on the list",
        "add something to it" do not)."""
        claim = items_claim("add", self.items_param)(m, text)
        return claim if claim is not None and all(_word_stems(i, _POINTING_WORDS | _VAGUE_WORDS)
                                                  for i in claim.arguments[self.items_param]) else None

    def _remove_said_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """ "take the bread off", "get rid of the eggs": claimed when every item said is on this list by
        all its words (not on the list just used, when that is another one), or by part of them where
        the request names this list or this list is the one just used. "take the day off" is no item; "the day" for "book a day off" is
        a guess, for the router and the model (which ask before they remove on a guess)."""
        items = split_items(said_items(m))
        if self.services is None or not items or any(is_request_words(i) for i in items):
            return None
        # named, or the list the user was just talking about: "take the bread off" is the "loaf of bread"
        named = self._names_itself(text)
        claim = claim_items(items, "remove", self.items_param)     # "everything" is the clear's
        if claim is None or named:
            return claim if claim is not None and all(self._candidates(i, None) for i in items) else None
        if self._just_used() and all(self._ends_an_item(i) or points_by_order(i) and self._candidates(i, None)
                                     for i in items):
            return claim                    # "take the bread off", "remove the second one"
        last = self.services.kept(LastList)
        other = last.name if last is not None and last.name != self.list_name and self._recent(last.at) else ""
        return claim if all(self._holds_all_of(self.list_name, i) and not self._holds_all_of(other, i)
                            for i in items) else None

    def _ends_an_item(self, spoken: str) -> bool:
        """Whether exactly one open item of this list ends with the words said, or is them with what
        they are for: "the bread" for "loaf of bread", "milk" for "oat milk", "the socks" for "socks for
        dad" ("the day" is no end of "book a day off")."""
        words = normalize_utterance(spoken).split()
        while words and (words[0] in _POINTING_WORDS or not content_words(words[0])):   # "the", "that"
            words.pop(0)
        meant = [stem(w) for w in words]
        if not meant or not content_words(" ".join(words)):
            return False
        def said_by(text: str) -> bool:
            said = normalize_utterance(text)
            head = re.split(r"\s+(?:for|with|from)\s+", said, maxsplit=1)[0].split()
            return [stem(w) for w in said.split()][-len(meant):] == meant or [stem(w) for w in head] == meant
        ends = [r for r in self._store().items(self.list_name) if said_by(r["text"])]
        return len(ends) == 1

    def _holds_all_of(self, list_name: str, spoken: str) -> bool:
        """Whether a list has an item said by all its words ("the bread": bread, not bread rolls)."""
        meant = _word_stems(spoken, _POINTING_WORDS)
        return bool(list_name and meant) and any(
            _word_stems(r["text"]) == meant for r in self._store().items(list_name, include_done=True))

    # ---- the last change, taken back ---------------------------------------------------------------
    def _recent(self, at: Any) -> bool:
        return at is not None and (self.services.clock() - at).total_seconds() <= FOLLOW_ON_SECONDS

    def _last_change(self) -> LastList | None:
        """The last change to this list, when it was made a moment ago and no other list used since."""
        last = self.services.kept(LastList) if self.services is not None else None
        if last is None or not last.change or last.name != self.list_name or not self._recent(last.changed_at) \
                or not self._last_turns():
            return None
        return last

    def _last_turns(self) -> bool:
        """Whether the last turn was this list's: "what's left" said after a timer was set is not about
        the list used before it."""
        return self.command_name in self.services.last_commands()

    def _note_change(self, change: str, rows: list[dict[str, Any]]) -> None:
        """Keeps what a change did to this list (nothing when it changed nothing), for "undo that"."""
        if rows:
            last = self.services.keep(LastList, LastList)
            last.name, last.at = self.list_name, self.services.clock()
            last.change, last.changed, last.changed_at = change, rows, last.at

    def undo_claim(self, takes_back: dict[str, str]):
        """A fast-path handler that takes back the last change to this list, a moment after it: the
        action that does so for each kind of change (`takes_back`), on the items changed (those of
        them that the request names; "it", "that" are all of them)."""
        def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
            last = self._last_change()
            if last is None or last.change not in takes_back:
                return None
            rows = last.changed
            meant = [_word_stems(i, _POINTING_WORDS) for i in split_items(said_items(m)) if not is_request_words(i)]
            if meant:                                   # "put the bread back": only those, all of them changed
                rows = [r for r in rows if any(words <= _word_stems(r["text"]) for words in meant)]
                if not all(any(words <= _word_stems(r["text"]) for r in rows) for words in meant):
                    return None
            action = takes_back[last.change]
            action = self.done_action if action == "done" else action
            return PreRouteResult(arguments={"action": action, self.items_param: [r["text"] for r in rows]})
        return handler

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail(f"The {self.noun} needs a running assistant.")
        action = kwargs["action"]
        self._note_use(action)
        items = self._items_arg(kwargs)
        if action == "add":
            corrected = self._corrected_item(request_info.voice_command) if len(items) == 1 else None
            if corrected is not None and corrected[1].lower() == items[0].lower():
                return self._instead(*corrected)
            return self._add(items)
        if action == "read":
            said = request_info.voice_command      # "did you take milk off my list": the fact, without yes/no
            return self._read_items(items, asks_about_doing(said) and says_doing_away(said)) if items else self._read()
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

    def _note_use(self, action: str) -> None:
        """This list is the one just asked about ("add X to it", "what's left" a moment later are for it)."""
        last = self.services.keep(LastList, LastList)
        if last.name != self.list_name:          # a change to another list is no longer "that"
            last.change, last.changed = "", []
        last.name, last.at, last.action = self.list_name, self.services.clock(), action

    def _add(self, items: list[str]) -> CommandResponse:
        """Adds the items; those just taken off (removed or checked off a moment ago: "put it back")
        are put back as they were."""
        last = self._last_change()
        taken_off = ({r["text"].lower(): r for r in last.changed}
                     if last is not None and last.change in ("removed", "checked") else {})
        back = [taken_off[i.lower()]["text"] for i in items
                if i.lower() in taken_off and self._put_back(taken_off[i.lower()], last.change)]
        rest = [i for i in items if i.lower() not in {b.lower() for b in back}]
        added = self._store().add(self.list_name, rest)
        already = [i for i in rest if i.lower() not in {a.lower() for a in added}]
        self._note_change("added", [{"text": t, "done": False} for t in back + added])
        parts = []
        if back:
            parts.append(f"Put {join_words(back)} back on your {self.noun}.")
        if added:
            parts.append(f"Added {join_words(added)} to your {self.noun}.")
        if already:
            verb = "is" if len(already) == 1 else "are"
            parts.append(f"{join_words(already).capitalize()} {verb} already on {'it' if parts else 'your ' + self.noun}.")
        return say(" ".join(parts), added=added, put_back=back, already=already, list=self.list_name)

    def _instead(self, old: str, new: str) -> CommandResponse:
        """The item just added, corrected: `new` takes the place of `old` ("no i said goat milk")."""
        self._store().remove(self.list_name, old)
        added = self._store().add(self.list_name, [new])
        self._note_change("added", [{"text": t, "done": False} for t in added])
        if not added:
            return say(f"Took {old} off. {new[:1].upper()}{new[1:]} is already on your {self.noun}.",
                       added=[], removed=[old], already=[new], list=self.list_name)
        return say(f"OK, {new} instead of {old} on your {self.noun}.", added=added, removed=[old],
                   list=self.list_name)

    def _put_back(self, row: dict[str, Any], change: str) -> bool:
        """An item just taken off back as it was: un-checked, or added again (done if it was)."""
        if change == "checked":
            return self._store().set_done(self.list_name, row["text"], False)
        if not self._store().add(self.list_name, [row["text"]]):
            return False
        return not row["done"] or self._store().set_done(self.list_name, row["text"], True)

    def _read(self) -> CommandResponse:
        rows = self._store().items(self.list_name)
        names = [r["text"] for r in rows]
        if not names:
            return say(f"Your {self.noun} is empty.", items=[], list=self.list_name)
        count = f"one {self.item_word}" if len(names) == 1 else f"{len(names)} {self.item_word}s"
        return say(f"Your {self.noun} has {count}: {join_words(names)}.", items=names, list=self.list_name)

    def _read_items(self, items: list[str], taken_off: bool = False) -> CommandResponse:
        """Whether the items asked about are on the list ("is the passport on my list?"), open or
        already checked off. `taken_off`: the words ask whether they were taken off ("did you take milk
        off my list?"), where a yes would say they were ("Yes, milk is on your shopping list."): the
        fact is said without a yes or a no."""
        found, missing, parts = [], [], []
        for item in items:
            names = self._candidates(item, done=False)
            done = [] if names else self._candidates(item, done=True)
            found.extend(n for n in names + done if n not in found)
            verb = "is" if len(names + done) == 1 else "are"
            if names:
                there = join_words(names)
                parts.append(f"{there[:1].upper()}{there[1:]} {verb} on your {self.noun}." if taken_off
                             else f"Yes, {there} {verb} on your {self.noun}.")
            elif done:
                parts.append(f"{join_words(done).capitalize()} {verb} on your {self.noun}, already "
                             f"{'checked off' if self.done_action == 'check_off' else 'done'}.")
            else:
                missing.append(item)
                parts.append(f"{item[:1].upper()}{item[1:]} isn't on your {self.noun}." if taken_off
                             else f"No, {item} isn't on your {self.noun}.")
        return say(" ".join(parts), items=found, missing=missing, list=self.list_name)

    def _apply(self, items: list[str], done: bool | None, change: Callable[[str], bool]
               ) -> tuple[list[str], list[str], list[list[str]]]:
        """(stored names changed, spoken names not found, the stored names each unclear one may be):
        each item is matched to a stored one (open, done, or either when `done` is None) and
        `change`d; one that several stored items may be changes nothing."""
        changed, missing, unclear = [], [], []
        # each item as the list stands before any changes ("the first and the second one")
        for item, names in [(item, self._candidates(item, done=done)) for item in items]:
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
        self._note_change("checked" if done else "unchecked", [{"text": t, "done": not done} for t in changed])
        parts = []
        if changed:
            parts.append(f"{'Checked off' if done else 'Marked as not done'}: {join_words(changed)}.")
        if missing:
            where = f"open on your {self.noun}" if done else f"done on your {self.noun}"
            parts.append(f"I couldn't find {join_words(missing, 'or')} {where}.")
        return self._reply(action, parts, unclear, {"changed": changed, "missing": missing, "list": self.list_name})

    def _remove(self, items: list[str]) -> CommandResponse:
        was_done = {r["text"].lower(): bool(r["done"]) for r in self._store().items(self.list_name, include_done=True)}
        removed, missing, unclear = self._apply(
            items, None, lambda stored: self._store().remove(self.list_name, stored))
        self._note_change("removed", [{"text": t, "done": was_done.get(t.lower(), False)} for t in removed])
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
            rows = [{"text": r["text"], "done": bool(r["done"])}
                    for r in self._store().items(self.list_name, include_done=True)]
            n = self._store().clear(self.list_name)
            self._note_change("removed", rows)
            return CommandResponse.final_response(
                {"message": f"Cleared your {self.noun}." if n else f"Your {self.noun} was already empty.",
                 "cleared": n, "list": self.list_name})
        if action_name == "cancel_click":
            return CommandResponse.final_response({"message": f"OK, I left your {self.noun} as it is."})
        return super().handle_action(action_name, context)
