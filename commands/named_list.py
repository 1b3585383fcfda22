"""named_list: lists the user names ("a packing list", "my christmas list", "a list called movies to
watch"), kept beside the shopping and to-do lists: make one (empty or with items), add / read / check
off / remove items, say which lists there are (all of them, shopping and to-do included, with their
counts), and clear or delete one (both ask first: buttons, or a spoken yes/no). A name that is one of
the shopping or to-do list's own ("my grocery list", "my chores") is that list. Items are kept in
the lists table under the list's name; the names made are kept in the settings, so an empty list is
a list too."""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

from commands._common import examples, fail, say
from commands._grounding import content_words
from commands._lists import (ADD_IT, ADD_MORE, DONE_IT, FOLLOW_ON_SECONDS, HAS, ListCommandBase, LastList, action_claim, items_claim, kept_lists,
                             said_items)
from commands._parsing import join_words, plural
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, IJarvisButton,
                            JarvisParameter, PreRouteResult, RequestInformation, ValidationResult)
from jarvis_tui.sdk.grounding import said_share
from jarvis_tui.sdk.text import DO_AWAY, DO_AWAY_WORDS, asks_question, normalize_utterance, stem

NAMES_KEY = "lists.named"                # the settings entry: the lists made, by name, in the order made
DELETE_ACTION = "delete_list_confirm"
ASKED_NOTE = "named_list.asked"          # the request that was asked "Which list?" (its items are its words)

# ---- how a request names a list: "my packing list", "the gift ideas list", "a list called movies to watch"
# a word of a name is none that joins or points: "add it to my to do list" names no list "do"
_WORD = r"(?!(?:my|the|our|a|an|to|on|onto|in|into|of|off|from|for|with|and|or|it|this|that|list|lists)\b)[a-z][a-z'-]*"
_DET = r"(?:my|the|our|a|an|this|that)"
# words that make a list: a list the model "creates" on other words is none asked for
_MAKING = re.compile(r"\b(?:make|makes|making|create|creating|start|starting|new|set\s+up|begin|open|need|want|'d\s+like"
                     r"|would\s+like|can\s+i\s+have|give\s+me|put\s+together|draw\s+up|write\s+up)\b"
                     r"|^an?\s+[\w' -]+\s+list(?:\s+please)?$")          # "a packing list please"
_LEADING = re.compile(r"^(?:(?:my|the|our|a|an|this|that|new|fresh|separate|whole|entire|little|own|another)\s+)+")
# "lists" that are another service's, not items the user keeps: the phone's contacts, a mailing list
# ("add tom to my contact list" made a list called "contact")
_OTHER_SERVICES = frozenset("contact contacts mailing phone address email e-mail".split())
# words that point at a list without naming it ("the same list", "which list")
_NOT_A_NAME = frozenset("""same other another one last first next previous current which what whose any every
    each new whole entire it that this them me you us""".split())


def _known(made: Iterable[str]) -> str:
    return "".join(f"{re.escape(n)}|" for n in sorted(made, key=len, reverse=True))


def named(made: Iterable[str] = ()) -> str:
    """How a request names a list: "my packing list", "the gift ideas list", "a list called movies to
    watch", and a list made by the name it was given, whatever its words ("the films to watch list")."""
    return (rf"(?:{_DET}\s+(?P<name>{_known(made)}{_WORD}(?:\s+{_WORD}){{0,2}})\s+list"
            rf"|(?:{_DET}\s+)?(?:new\s+)?list\s+(?:called|named|titled)\s+(?P<called>[a-z][\w' -]*?)"
            rf"|(?:{_DET}\s+)?(?:new\s+)?list\s+of\s+(?P<of>{_KIND_OF_THINGS}))")


# what a list is "of", as its name: things of a kind, or to do ("a list of films to watch", "of books")
_KIND_OF_THINGS = r"[a-z][a-z'-]*s(?:\s+(?:to|i\s+want\s+to|i'd\s+like\s+to|we\s+need\s+to)\s+[a-z]+)?"


_MAKE = r"(?:(?:i\s+(?:want|need|would\s+like|'d\s+like)\s+to\s+)?(?:make|start|create|begin|set\s+up|open)|new)"
_LISTS = (r"(?:(?:what|which)\s+lists|how\s+many\s+lists)\s+(?:(?:do|did)\s+(?:i|we)\s+(?:have|keep|make)"
          r"|(?:have|'ve)\s+(?:i|we)\s+(?:got|made)|(?:i|we)\s+(?:have|got)|are\s+there|exist|(?:are|is)\s+(?:saved|kept))"
          r"(?:\s+(?:so\s+far|now|right\s+now|at\s+the\s+moment|saved|going))?"
          r"|(?:what|which)\s+are\s+(?:all\s+)?(?:my|our|the)\s+lists"
          r"|(?:show|read|tell|give|list|name|open|go\s+through|run\s+through)(?:\s+me)?(?:\s+out)?\s+(?:all\s+)?(?:of\s+)?"
          r"(?:my|our|the)\s+lists|(?:all\s+(?:of\s+)?)?my\s+lists")
_READ = (r"(?:what(?:'s|s|\s+is|\s+are)\s+(?:still\s+)?(?:on|in)|what\s+(?:do|have)\s+(?:i|we)\s+(?:got|have|put)\s+(?:on|in)"
         r"|how\s+many\s+(?:things|items)\s+(?:are|do\s+(?:i|we)\s+have)\s+(?:on|in)"
         r"|(?:read|show|tell|give|list|check|open|go\s+(?:over|through)|run\s+through)(?:\s+me)?(?:\s+out)?(?:\s+what's\s+on)?)\s+")
_AGAIN = r"(?:\s+(?:again|out|to\s+me|for\s+me|now|so\s+far|right\s+now|at\s+the\s+moment))*"
# "delete this list", "get rid of the list" said right after using one
_DELETE_IT = (r"(?:(?:so|and|ok|okay|now|then|actually)[\s,]+)*(?:" + DO_AWAY
              + r"|throw\s+(?:away|out))\s+(?:this|that|the)\s+(?:whole\s+|entire\s+)?list(?:\s+(?:completely|altogether|for\s+good))?")


# the words that say an action (the model's choice is checked against them: the first said wins). Taking
# things off and dropping the whole list say the same words ("get rid of"): what was said to take off
# tells them apart (`post_process_tool_call`)
ACTION_WORDS = {
    "check_off": ["tick", "cross", "check off", "mark", "packed"],
    "remove": [*DO_AWAY_WORDS, "take", "strike", "throw away", "throw out", "don't need", "no longer need"],
    "clear": ["clear", "empty", "wipe", "everything on", "everything off", "everything from"],
    "show_lists": ["which lists", "what lists", "many lists", "all my lists", "all of my lists", "lists do i",
                   "lists have i"],
}


def name_of(words: Any) -> str:
    """A list's name as said ("the new gift ideas list" -> "gift ideas"); "" for words that name none."""
    text = _LEADING.sub("", normalize_utterance(str(words or "")))
    text = re.sub(r"(?:^|\s+)lists?$", "", text).strip(" '\"")
    if not text or len(text.split()) > 4 or all(w in _NOT_A_NAME for w in text.split()) \
            or text.split()[-1] in _OTHER_SERVICES:
        return ""
    return text


def said_list_name(utterance: str, made: Iterable[str] = ()) -> str:
    """The name of the list a request names in its own words ("put dune on my reading list" ->
    "reading"); "" when it names none. A name "called" runs to the items or the end."""
    said = re.compile(rf"\b{_DET}\s+(?P<name>{_known(made)}{_WORD}(?:\s+{_WORD}){{0,2}})\s+list\b"
                      r"|\blist\s+(?:called|named|titled)\s+(?P<called>.+?)(?=\s+(?:with|containing|and)\s|[,.?!]|$)"
                      rf"|\blist\s+of\s+(?P<of>{_KIND_OF_THINGS})\b")
    names = [name_of(m.group("name") or m.group("called") or m.group("of"))
             for m in said.finditer(normalize_utterance(utterance))]
    return next((n for n in reversed(names) if n), "")


def kept_list_named(name: str) -> type[ListCommandBase] | None:
    """The list command whose own list a name is ("grocery", "to do", "chores"), if any."""
    for cls in kept_lists():
        words = "|".join(re.escape(w) for w in [*cls.domain_words, cls.list_name])
        if re.search(rf"\b(?:{words})\b", name):
            return cls
    return None


def _count(n: int, word: str) -> str:
    """ "no items", "one item", "3 items": as the lists say how many."""
    return f"no {word}s" if n == 0 else f"one {word}" if n == 1 else plural(n, word)


def _a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _stems(name: str) -> list[str]:
    return [stem(w) for w in name.split()]


# ---- what the intent router learns from: the examples in the class, more ways people say it,
# requests that look alike but are not this command's, and its domain words
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("make a packing list", {"action": "create", "list": "packing"}),
    ("start a new gift ideas list", {"action": "create", "list": "gift ideas"}),
    ("create a list called films to see", {"action": "create", "list": "films to see"}),
    ("i want to start a reading list with dune and emma", {"action": "create", "list": "reading", "items": ["dune", "emma"]}),
    ("set up a camping checklist for me", {"action": "create", "list": "camping"}),
    ("new list named wedding guests", {"action": "create", "list": "wedding guests"}),
    ("could you make me a christmas list", {"action": "create", "list": "christmas"}),
    ("i need a fresh list for baby names", {"action": "create", "list": "baby names"}),
    ("put the hobbit on my reading list", {"action": "add", "list": "reading", "items": ["the hobbit"]}),
    ("pop a scarf for mum on the gift ideas list", {"action": "add", "list": "gift ideas", "items": ["scarf for mum"]}),
    ("add tent and sleeping bags to the camping list", {"action": "add", "list": "camping", "items": ["tent", "sleeping bags"]}),
    ("jot down aunt rose on the wedding guests list", {"action": "add", "list": "wedding guests", "items": ["aunt rose"]}),
    ("i have to remember my swimsuit for the packing list", {"action": "add", "list": "packing", "items": ["swimsuit"]}),
    ("read me the christmas list", {"action": "read", "list": "christmas"}),
    ("what books are on my reading list", {"action": "read", "list": "reading"}),
    ("tell me what's on the gift ideas list", {"action": "read", "list": "gift ideas"}),
    ("go through the camping list with me", {"action": "read", "list": "camping"}),
    ("is the tent on the camping list", {"action": "read", "list": "camping", "items": ["tent"]}),
    ("did i put sunglasses on the packing list", {"action": "read", "list": "packing", "items": ["sunglasses"]}),
    ("tick the tent off the camping list", {"action": "check_off", "list": "camping", "items": ["tent"]}),
    ("mark the hobbit as read on my reading list", {"action": "check_off", "list": "reading", "items": ["the hobbit"]}),
    ("take dune off my reading list", {"action": "remove", "list": "reading", "items": ["dune"]}),
    ("scratch aunt rose from the wedding guests list", {"action": "remove", "list": "wedding guests", "items": ["aunt rose"]}),
    ("empty my christmas list", {"action": "clear", "list": "christmas"}),
    ("wipe everything off the camping list", {"action": "clear", "list": "camping"}),
    ("get rid of my reading list", {"action": "delete", "list": "reading"}),
    ("throw away the gift ideas list", {"action": "delete", "list": "gift ideas"}),
    ("i don't need the wedding guests list any more", {"action": "delete", "list": "wedding guests"}),
    ("which lists have i got", {"action": "show_lists"}),
    ("show me all my lists", {"action": "show_lists"}),
    ("how many lists do i have", {"action": "show_lists"}),
    ("read out the names of my lists", {"action": "show_lists"}),
    ("what lists have i made so far", {"action": "show_lists"}),
    ("start a new list", {"action": "create"}),
]
# playlists, programmes, menus, charts and accounts are not the user's lists (lists of facts are questions:
# answer_question's)
_NEGATIVES: list[str] = [
    "make a playlist for my morning run", "what's on tv tonight", "what's on the menu at the diner",
    "what is on at the cinema this weekend", "read me the news headlines", "sign me up for the newsletter",
    "delete my account", "show me this week's bestseller list",
    "open my contact list", "add sam to my contacts", "take me off the mailing list",
]
_DOMAIN_WORDS: list[str] = ["lists", "packing list", "reading list", "wish list", "christmas list", "gift list",
                            "checklist", "list called"]


class NamedListCommand(ListCommandBase):
    list_name = ""               # the list of the request being handled (`_on`); none between requests
    items_param = "items"
    noun = "list"
    item_word = "item"
    done_action = "check_off"

    @property
    def command_name(self) -> str:
        return "named_list"

    @property
    def capability(self) -> str:
        return "keep lists of your own, like a packing list or a christmas list"

    @property
    def description(self) -> str:
        return ("Lists with a name of the user's choosing (packing, gift ideas, reading, christmas): create one, "
                "add, read, check off or remove items, say which lists there are, clear or delete a list "
                "(both ask first). The shopping and to-do lists have their own tools.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True,
                            enum_values=["create", "add", "read", "check_off", "remove", "clear", "delete", "show_lists"],
                            description="create, add, read, check_off, remove, clear (empty it), delete (the whole "
                                        "list) or show_lists (which lists there are).", enum_evidence=ACTION_WORDS),
            JarvisParameter("list", "string", description="The list's name as the user said it, without 'list'."),
            JarvisParameter("items", "array<string>", description="Items, one per entry."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["list", "lists", "packing", "checklist"]

    @property
    def rules(self) -> list[str]:
        return ["The list is the name the user said: 'my packing list' is 'packing'."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("shopping_list", "Add milk to my shopping list (the shopping list)"),
                CommandAntipattern("todo_list", "Put call mom on my to-do list (the to-do list)")]

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Make a camping list", {"action": "create", "list": "camping"}),
            ("Add tent and torch to my camping list", {"action": "add", "list": "camping", "items": ["tent", "torch"]}),
            ("What's on my camping list?", {"action": "read", "list": "camping"}),
            ("Delete the camping list", {"action": "delete", "list": "camping"}),
            ("What lists do I have?", {"action": "show_lists"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples()

    # ---- fast paths: a list said by its name, and requests about the list just used -------------
    @property
    def fast_paths(self) -> list[FastPath]:
        create = items_claim("create", self.items_param)
        list_named = named(self._made())
        paths = [
            FastPath("named_list.lists", _LISTS, action_claim("show_lists"), "what lists do i have"),
            FastPath("named_list.create",
                     rf"{_MAKE}(?:\s+me)?\s+{list_named}(?:\s+(?:with|containing)\s+(?P<items>.+?)(?:\s+(?:on|in)\s+it)?)?",
                     self._named(lambda m, t: create(m, t) if said_items(m) else PreRouteResult({"action": "create"})),
                     "make a packing list (with passport and charger)"),
            FastPath("named_list.add", r"(?:add|put|write|stick|pop|jot|throw)(?:\s+down)?\s+(?P<items>.+?)(?:\s+down)?"
                     rf"\s+(?:to|on|onto|in|into)\s+{list_named}", self._named(items_claim("add", self.items_param)),
                     "add passport and charger to my packing list"),
            FastPath("named_list.goes_on",
                     r"(?P<items>.+?)\s+(?:(?:needs?|has|have|ought)\s+to|should|must|can)\s+(?:go|be|get\s+put)\s+(?:on|in|onto|into)\s+"
                     + list_named + r"(?:\s+(?:too|as\s+well))?", self._named(items_claim("add", self.items_param)),
                     "the passport needs to go on my packing list"),
            FastPath("named_list.add_said", r".+?[\s,]+" + ADD_IT + r"\s+(?:to|on|onto|in|into)\s+" + list_named,
                     self._named(self.pointed_claim("add")), "a torch, put it on my camping list"),
            FastPath("named_list.check_off_said", r".+?[\s,]+" + DONE_IT + r"(?:\s+(?:on|from|off))?\s+" + list_named,
                     self._named(self.pointed_claim("check_off"), made=True), "i've packed the charger, tick it off my packing list"),
            FastPath("named_list.has", HAS + list_named, self._named(self.has_claim, made=True), "is the charger on my packing list"),
            FastPath("named_list.read", _READ + list_named + _AGAIN, self._named(action_claim("read"), made=True),
                     "what's on my packing list"),
            FastPath("named_list.check_off",
                     r"(?:check|cross|tick|mark)\s+(?:off\s+)?(?P<items>.+?)(?:\s+off)?(?:\s+as\s+(?:done|packed|bought|got|read|seen|watched))?"
                     rf"\s+(?:on|from|off)\s+(?:of\s+)?{list_named}", self._named(items_claim("check_off", self.items_param), made=True),
                     "tick the passport off my packing list"),
            FastPath("named_list.remove",
                     r"(?:remove|delete|take|drop|erase|scratch|knock|strike)\s+(?P<items>.+?)\s+(?:off|from|out\s+of)\s+(?:of\s+)?"
                     + list_named, self._named(items_claim("remove", self.items_param), made=True), "remove the charger from my packing list"),
            FastPath("named_list.clear", rf"(?:clear|empty|wipe|reset|clean)(?:\s+out)?\s+{list_named}(?:\s+(?:out|clean|completely))?",
                     self._named(action_claim("clear"), made=True), "clear my packing list (asks first)"),
            FastPath("named_list.clear_all",
                     r"(?:delete|remove|clear|take|erase|wipe)\s+(?:everything|all\s+(?:the\s+)?items|all\s+of\s+it)"
                     rf"\s+(?:on|from|off|in)\s+(?:of\s+)?{list_named}", self._named(action_claim("clear"), made=True),
                     "remove everything from my packing list (asks first)"),
            FastPath("named_list.delete",
                     r"(?:" + DO_AWAY + r"|throw\s+(?:away|out)|do\s+away\s+with)"
                     rf"\s+{list_named}(?:\s+(?:completely|altogether|entirely|for\s+good))?", self._named(action_claim("delete"), made=True),
                     "delete the packing list (asks first)"),
        ]
        # the list just used (`pre_route`): with none, these claim nothing ("add it to the list" is another's)
        return paths + [
            self._path("delete_it", _DELETE_IT, self._here_claim(action_claim("delete")), "delete this list (asks first)"),
            self._path("add_more", ADD_MORE, self.add_more_claim, "also add X (right after using this list)"),
        ] + self.follow_on_fast_paths()

    def _named(self, handler, made: bool = False):
        """A fast-path handler for a request that names a list: the list's name joins the arguments.
        The shopping and to-do lists' own names ("my grocery list") are theirs: not claimed. `made`:
        only a list the user made is certain ("what's on this week's bestseller list" is no list of
        theirs); another is for the router and the model."""
        def claim(m: re.Match[str], text: str) -> PreRouteResult | None:
            name = name_of(m.group("name") or m.group("called") or m.group("of"))
            if not name or kept_list_named(name) is not None:
                return None
            if made and (self.services is None or not self._exists(self._key(name))):
                return None
            found = handler(m, text)
            return None if found is None else PreRouteResult(arguments={**found.arguments, "list": name})
        return claim

    def pre_route(self, voice_command: str) -> PreRouteResult | None:
        """The fast paths, those for the list just used among them ("add X to it", "what's on it")."""
        with self._on(self._list_just_used()):
            claim = super().pre_route(voice_command)
            if claim is not None and self.list_name and "list" not in claim.arguments \
                    and claim.arguments.get("action") != "show_lists":
                claim = PreRouteResult(arguments={**claim.arguments, "list": self.list_name})
        return claim

    # ---- which list -----------------------------------------------------------------------------
    @contextmanager
    def _on(self, key: str) -> Iterator[None]:
        """The request is about the stored list `key` while it is handled (what the shared list code
        reads as this command's list, its name and the word for its items)."""
        saved = self.list_name, self.noun, self.item_word
        kept = next((c for c in kept_lists() if c.list_name == key), None)
        if key:
            self.list_name = key
            self.noun, self.item_word = (kept.noun, kept.item_word) if kept else (f"{key} list", "item")
        try:
            yield
        finally:
            self.list_name, self.noun, self.item_word = saved

    def _list_names(self) -> list[str]:
        """How a request names the list being handled: its name (a kept list's own names)."""
        kept = next((c for c in kept_lists() if c.list_name == self.list_name), None)
        words = list(kept.domain_words) if kept else [self.list_name] if self.list_name else []
        return [re.escape(w) for w in sorted(words, key=len, reverse=True)]

    def _names_itself(self, text: str) -> bool:
        return bool(self.list_name) and super()._names_itself(text)

    def held_names(self) -> list[str]:
        return self._made()          # "the christmas one": its lists, by name

    def _made(self) -> list[str]:
        if self.services is None:
            return []
        return [str(n) for n in self.services.settings.get(NAMES_KEY, []) or []]

    def _set_made(self, names: list[str]) -> None:
        self.services.settings.set(NAMES_KEY, names)

    def _key(self, name: str) -> str:
        """The stored list a name said is: a kept list ("grocery" is the shopping list), a list made by
        that name in another form ("gift idea" is "gift ideas"), or a list of that name."""
        kept = kept_list_named(name)
        if kept is not None:
            return kept.list_name
        return next((made for made in self._made() if _stems(made) == _stems(name)), name)

    def _named_in_part(self, name: str) -> str | None:
        """The one list made whose name holds every word of `name` ("christmas" of "christmas presents");
        None when no list or more than one does (which one is meant is not guessed)."""
        said = set(_stems(name))
        holding = [made for made in self._made() if said and said < set(_stems(made))]
        return holding[0] if len(holding) == 1 else None

    def _exists(self, key: str) -> bool:
        return (key in self._made() or any(c.list_name == key for c in kept_lists())
                or bool(self._store().items(key, include_done=True)))

    def _list_just_used(self) -> str:
        """The list this command was asked about a moment ago ("" when none)."""
        last = self.services.kept(LastList) if self.services is not None else None
        if last is None or not last.name or not self._recent(last.at) or not self._last_turns():
            return ""
        return last.name

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The list is the one the request names in its own words, else the model's (grounded), else the
        one just used ("add X to it"); the items as for every list."""
        name = (said_list_name(voice_command, self._made()) or self._models_list(args, voice_command)
                or self._list_just_used())
        asked = self.services.noted(ASKED_NOTE, FOLLOW_ON_SECONDS) if self.services is not None else None
        if asked:                     # the answer to "Which list?": the items were said in the request before it
            self.services.note(ASKED_NOTE, None)
            voice_command = f"{asked}, {voice_command}"
        with self._on(self._key(name) if name else ""):
            out = super().post_process_tool_call(args, voice_command)
            items = self._items_arg(out)              # the list's own name and the request's words are no item
            if self._taking_back(voice_command) is None:
                # every word of an item said: the model fills a list with what such a list may hold
                # ("start a wish list for my birthday" -> "birthday cake")
                items = [i for i in items if said_share(i, voice_command) >= 1.0]
        if items:
            out[self.items_param] = items
        else:
            out.pop(self.items_param, None)
        if out.get("action") in ("remove", "delete") and name:     # nothing to take off: the list itself
            out["action"] = "remove" if items else "delete"
        if out.get("action") == "create" and not items and not _MAKING.search(normalize_utterance(voice_command)):
            # a new list nobody asked to make ("list all my files" made a files list): the list is read (none is there)
            out["action"] = "read"
        if name and out.get("action") != "show_lists":
            out["list"] = name
        else:
            out.pop("list", None)
        return out

    def _models_list(self, args: dict[str, Any], voice_command: str) -> str:
        """The list the model wrote, unless it is the items said ("oppenheimer and dune two should be on
        it" is no list of that name)."""
        name = name_of(args.get("list"))
        words = {stem(w) for w in content_words(" ".join(str(i) for i in args.get(self.items_param) or []))}
        return "" if name and words and {stem(w) for w in content_words(name)} <= words else name

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "Which list?" / "What should I call it?": a list's name ("the packing one",
        "call it packing"); for a list that is not made yet, only when a new one is being made. A
        question or a request of its own is routed as usual."""
        if argument != "list":
            return super().read_answer(argument, words, arguments)
        claim = self.pre_route(words)
        if claim is not None:
            return dict(claim.arguments)
        said = normalize_utterance(words)
        said = re.sub(r"^(?:call\s+it|name\s+it|it's|it\s+is|its)\s+|\s+one$", "", said)
        name = name_of(said)
        if not name or asks_question(said) or (arguments.get("action") != "create" and not self._exists(self._key(name))):
            return None
        return {**arguments, "list": name}

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        if kwargs.get("action") in ("create", "delete", "show_lists"):
            return []
        return super().validate_call(**kwargs)

    # ---- run --------------------------------------------------------------------------------------
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if self.services is None:
            return fail("Lists need a running assistant.")
        action, name = kwargs["action"], name_of(kwargs.get("list"))
        if action == "show_lists" or (action == "read" and not name):
            return self._show_lists()
        if not name:
            return self._ask_which(kwargs, request_info.voice_command)
        key = self._key(name)
        if action != "create" and not self._exists(key):
            key = self._named_in_part(name) or key      # "the christmas list" is the "christmas presents" list
        with self._on(key):
            if action == "create":
                return self._create(self._items_arg(kwargs))
            if not self._exists(key) and action != "add":
                return say(f"You don't have {_a(self.noun)}. {self._lists_said()}", list=key, found=False)
            if action == "delete":
                self._note_use(action)
                return self._ask_delete()
            new = action == "add" and self._made_now(key)
            response = super().run(request_info, **kwargs)
            return self._made_with(response) if new else response

    def _ask_which(self, kwargs: dict[str, Any], said: str) -> CommandResponse:
        """Asks which list (or, for a new one, its name); the items said stay those of this request."""
        arguments = {k: v for k, v in kwargs.items() if v}
        self.services.note(ASKED_NOTE, said)
        if kwargs["action"] == "create":
            return CommandResponse.ask_for("list", "What should I call the new list?", arguments)
        return CommandResponse.ask_for("list", f"Which list? {self._lists_said()}", arguments)

    def _made_now(self, key: str) -> bool:
        """Keeps a list made by that name (a kept list is not one); whether it is new."""
        if key in self._made() or any(c.list_name == key for c in kept_lists()):
            return False
        self._set_made(self._made() + [key])
        return True

    def _create(self, items: list[str]) -> CommandResponse:
        had = self._store().items(self.list_name)
        new = self._made_now(self.list_name)
        self._note_use("add" if items else "create")
        if items:
            return self._made_with(self._add(items)) if new else self._add(items)
        if new:
            return say(f"I've made {_a(self.noun)}. It's empty for now.", list=self.list_name, made=True)
        names = [r["text"] for r in had]
        on_it = f"with {_count(len(had), self.item_word)}: {join_words(names)}" if had else "and it's empty"
        return say(f"You already have {_a(self.noun)}, {on_it}.", list=self.list_name, made=False, items=names)

    def _made_with(self, response: CommandResponse) -> CommandResponse:
        """The answer to an add that made the list: "I've made a packing list with passport and charger." """
        added = response.context_data.get("added") or []
        if response.success and added:
            response.context_data["message"] = f"I've made {_a(self.noun)} with {join_words(added)}."
        return response

    def _rows(self) -> list[tuple[str, str, int]]:
        """Every list: (its name, the word for its items, how many are open), kept lists first."""
        count = lambda key: len(self._store().items(key))         # noqa: E731
        return ([(c.noun, c.item_word, count(c.list_name)) for c in kept_lists()]
                + [(f"{n} list", "item", count(n)) for n in self._made()])

    def _lists_said(self) -> str:
        names = [noun for noun, _, _ in self._rows()]
        return f"You have {'a' if len(names) == 1 else 'the'} {join_words(names)}."

    def _show_lists(self) -> CommandResponse:
        rows = self._rows()
        said = [f"the {noun} with {_count(n, word)}" for noun, word, n in rows]
        return say(f"You have {plural(len(rows), 'list')}: {join_words(said)}.",
                   lists=[{"list": noun, "count": n} for noun, _, n in rows])

    def _ask_delete(self) -> CommandResponse:
        if any(c.list_name == self.list_name for c in kept_lists()):
            return self._ask_clear()                 # the shopping and to-do lists stay: emptied
        count = len(self._store().items(self.list_name, include_done=True))
        what = f" and the {_count(count, self.item_word)} on it" if count else ""
        return CommandResponse.follow_up_response(
            {"message": f"Delete your {self.noun}{what}?", "list": self.list_name, "count": count},
            actions=[IJarvisButton("Delete", DELETE_ACTION, "destructive", "trash"),
                     IJarvisButton("Cancel", "cancel_click", "secondary")])

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        key = str(context.get("list") or "")
        if self.services is None or not key:
            return super().handle_action(action_name, context)
        with self._on(key):
            if action_name != DELETE_ACTION:
                return super().handle_action(action_name, context)
            rows = [{"text": r["text"], "done": bool(r["done"])} for r in self._store().items(key, include_done=True)]
            self._store().clear(key)
            self._set_made([n for n in self._made() if n != key])
            self._note_change("removed", rows)
            return CommandResponse.final_response({"message": f"Deleted your {self.noun}.", "deleted": key, "list": key})

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """A guessed removal names the items on the list the request names."""
        name = name_of(args.get("list"))
        with self._on(self._key(name) if name else ""):
            return super().confirmation_question(args)

