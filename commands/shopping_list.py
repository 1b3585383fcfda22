"""shopping_list: things to buy, kept in SQLite across restarts."""
from __future__ import annotations

import re
from typing import Any

from commands._common import ASSETS, examples
from commands._lists import ADD_MORE, ADD_IT, DONE_IT, HAS, SOME_LIST, ListCommandBase, action_claim, items_claim
from jarvis_tui.sdk import CommandAntipattern, CommandExample, FastPath, JarvisParameter, PreRouteResult
from jarvis_tui.sdk.text import WEEKDAYS, normalize_utterance

_LIST = r"(?:my\s+|the\s+|our\s+)?(?:shopping|grocery|groceries)\s+list"


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('add eggs to the grocery list', {'action': 'add', 'items': ['eggs']}),
 ('put bread on my list', {'action': 'add', 'items': ['bread']}),
 ('we need more coffee', {'action': 'add', 'items': ['coffee']}),
 ("what's on the shopping list", {'action': 'read'}), ('read me my groceries', {'action': 'read'}),
 ('take milk off the list', {'action': 'remove', 'items': ['milk']}),
 ('i bought the apples', {'action': 'check_off', 'items': ['apples']}),
 ('empty the shopping list', {'action': 'clear'}), ('put something on my list', {'action': 'add'}),
 ("what's on my list", {'action': 'read'}), ('remove the last item from my list', {'action': 'remove'}),
]
# a list named without saying which ("the list", "a list"): the shopping list (lists with a name of
# their own, "my packing list", are the named_list command's)
_MORE_EXAMPLES += [
 ('remove the second item from the list', {'action': 'remove'}),
 ('get rid of that list', {'action': 'clear'}),
 ('cross batteries off the list', {'action': 'remove', 'items': ['batteries']}),
 ('put it on a list', {'action': 'add'}),
 ('what have i written on the list so far', {'action': 'read'}),
 ('read me my list', {'action': 'read'}),
 ('show the list', {'action': 'read'}),
 ('go over the list with me', {'action': 'read'}),
 ('tell me what is on the list', {'action': 'read'}),
 ('read the list out', {'action': 'read'}),
 ('how many items are on the list', {'action': 'read'}),
 ('anything on my list', {'action': 'read'}),
]
# running out of something at home: the need is implied, the list is not named
_MORE_EXAMPLES += [
 ("we're out of coffee", {'action': 'add', 'items': ['coffee']}),
 ('we have run out of toilet paper', {'action': 'add', 'items': ['toilet paper']}),
 ("i'm running low on shampoo", {'action': 'add', 'items': ['shampoo']}),
 ('there is no more butter in the fridge', {'action': 'add', 'items': ['butter']}),
 ('i used the last of the rice', {'action': 'add', 'items': ['rice']}),
 ('the dishwasher tablets are finished', {'action': 'add', 'items': ['dishwasher tablets']}),
 ('we are almost out of cat food', {'action': 'add', 'items': ['cat food']}),
 ("don't let me forget to buy lemons", {'action': 'add', 'items': ['lemons']}),
]
# an item said by part of its words ("the milk thing"), and items said before the words that ask
# for them ("..., put them on the list")
_MORE_EXAMPLES += [
 ('check off the milk thing', {'action': 'check_off', 'items': ['milk thing']}),
 ('is bread on my list', {'action': 'read', 'items': ['bread']}),
 ('do we have eggs on the grocery list', {'action': 'read', 'items': ['eggs']}),
 ('dish soap, stick it on the list', {'action': 'add', 'items': ['dish soap']}),
]
# household things needed, said with no list named
_MORE_EXAMPLES += [
 ('i need toothpaste and shampoo', {'action': 'add', 'items': ['toothpaste', 'shampoo']}),
 ('we need kitchen roll and fabric softener', {'action': 'add', 'items': ['kitchen roll', 'fabric softener']}),
 ("we've run out of dishwasher salt", {'action': 'add', 'items': ['dishwasher salt']}),
 ('i need to get some light bulbs', {'action': 'add', 'items': ['light bulbs']}),
]
# things to buy added with no list named ("add kiwis"): the shopping list is the list a bare "add" means
# (the router had declined such words as no command's, or read a quantity as a sum)
_MORE_EXAMPLES += [
    ('add kiwis', {'action': 'add', 'items': ['kiwis']}),
    ('add a bag of lentils', {'action': 'add', 'items': ['bag of lentils']}),
    ('add three tins of chickpeas', {'action': 'add', 'items': ['three tins of chickpeas']}),
    ('add some cheddar and crackers', {'action': 'add', 'items': ['cheddar', 'crackers']}),
    ('add oat milk please', {'action': 'add', 'items': ['oat milk']}),
    ('add washing up liquid', {'action': 'add', 'items': ['washing up liquid']}),
    ('also add a box of cereal', {'action': 'add', 'items': ['box of cereal']}),
]
# taken off in other words, the list just used left unnamed ("take the cheese off"), and put back
_MORE_EXAMPLES += [
 ('take the cheese off', {'action': 'remove', 'items': ['cheese']}),
 ('knock the apples off the list', {'action': 'remove', 'items': ['apples']}),
 ('get rid of the yoghurt on my list', {'action': 'remove', 'items': ['yoghurt']}),
 ('the crisps can come off', {'action': 'remove', 'items': ['crisps']}),
 ('put the cheese back on the list', {'action': 'add', 'items': ['cheese']}),
]
_NEGATIVES: list[str] = ['order more printer ink online', 'buy me new shoes on amazon', 'track my parcel',
 'list the trains leaving for manchester tonight', 'give me a list of good restaurants near here',
 'list the top ten films out now', 'make a playlist of my favourite songs', 'list the bus times for route nine']
# finding shops and stores is not the list: "grocery" is this command's domain word, so only its own
# negatives can say so (the out-of-scope set leaves out lines that name a command's domain words)
_NEGATIVES += [
 'find a grocery store near me',
 'where is the nearest supermarket',
 'which grocery shops are open right now',
 'show me the shops around here',
 'what time does the grocery store close',
 'best rated takeaway delivery near me',
 'how far is the closest grocery store',
 'is there a bakery in this neighbourhood',
]
# the list said as the trip it is for ("for the shops", "for the big shop"), with any verb that notes
_MORE_EXAMPLES += [
 ('jot down kitchen roll for the supermarket', {'action': 'add', 'items': ['kitchen roll']}),
 ('note down tinned tomatoes for the next shop', {'action': 'add', 'items': ['tinned tomatoes']}),
 ('put washing up liquid down for the big shop', {'action': 'add', 'items': ['washing up liquid']}),
 ('crackers and cheese for the weekly shop please', {'action': 'add', 'items': ['crackers', 'cheese']}),
 ('write down light bulbs for when i go shopping', {'action': 'add', 'items': ['light bulbs']}),
]
# taking things out of the oven or getting rid of pests is not the list's
_NEGATIVES += ['take the lasagne out of the oven', 'get rid of the mice in the attic', 'take the rubbish out']
_DOMAIN_WORDS: list[str] = ['shopping', 'grocery', 'groceries', 'shopping list']


# a shopping trip, the list's other name: "for the shops", "for the big shop", "for when i go shopping" (not
# one shop: "write down the address for the shop")
_SHOPPING_TRIP = (r"(?:(?:the|my|our)\s+(?:shops|(?:next|big|weekly|food)\s+shop|shopping(?:\s+trip)?|grocery\s+(?:run|shop))"
                  r"|(?:when\s+)?(?:i|we)\s+go\s+shopping|shopping)")


# running out of something: "we're nearly out of bin bags", "i'm running low on loo roll"
_OUT_OF = (r"(?:(?:i'm|i\s+am|we're|we\s+are|i've|we've|i\s+have|we\s+have)\s+)(?:all\s+|almost\s+|nearly\s+|just\s+)?"
           r"(?:out\s+of|run\s+out\s+of|running\s+(?:out\s+of|low\s+on)|low\s+on)\s+(?P<items>.+)")


# groceries said as needed: "also need squash and crumpets", "we need more milk" ("i need coffee" alone is
# about the speaker: `_needed_claim`)
_NEED = (r"(?P<lead>(?:(?:oh|and|also|plus|so|right)[\s,]+)*)(?P<who>(?:we|i)\s+)?(?P<also>(?:also|still|really)\s+)?"
         r"(?:need|needs)\s+(?P<more>(?:some|more|some\s+more|a\s+few)\s+)?(?P<items>.+?)(?:\s+(?:too|as\s+well))?")


# things to buy said as what not to forget or as a task of one's own: "remember to buy batteries", "don't let me
# forget to get milk", "i've got to pick up some eggs" (declined, or a reminder asked when)
_TO_BUY = (r"(?:(?:oh|and|also|so|please|jarvis)[,\s]+)*(?:(?:please\s+)?remember|(?:don't|do\s+not)\s+(?:let\s+me\s+)?forget"
           r"|(?:i|we)\s+(?:(?:still|also|really)\s+)?(?:need|have|must|should)|(?:i|we)(?:'ve|\s+have)\s+got|(?:i|we)\s+gotta)"
           r"\s+(?:to\s+)?(?:buy|get|pick\s+up|grab)\s+(?:some\s+|more\s+|a\s+few\s+)?(?P<items>.+?)")
# ... at a time, or on a day, it is a reminder: "remember to buy milk at 5", "don't forget to get bread tomorrow"
_WHEN = (r"\b(?:at|by|before|after|on|in|tonight|today|tomorrow|later|this|next|morning|afternoon|evening|"
         + "|".join(WEEKDAYS) + r")\b|\d")


def _things_listed(name: str) -> frozenset[str]:
    """The lower-cased lines of an asset file of things bought ("#" lines are comments)."""
    lines = (ASSETS / name).read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip().lower() for w in lines if w.strip() and not w.startswith("#"))


class ShoppingListCommand(ListCommandBase):
    single_word_items = _things_listed("groceries.txt")
    things_bought = _things_listed("household_items.txt")       # things of several words ("loo roll")
    list_name = "shopping"
    items_param = "items"
    noun = "shopping list"
    item_word = "item"
    done_action = "check_off"
    item_verbs = r"(?:buy|get|pick\s+up|grab|order)"

    @property
    def command_name(self) -> str:
        return "shopping_list"

    @property
    def capability(self) -> str:
        return 'keep your shopping list'

    @property
    def description(self) -> str:
        return ("The shopping (grocery) list: add several items at once, read it, check off bought items, "
                "remove items, or clear the whole list (asks for confirmation).")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True,
                            enum_values=["add", "read", "check_off", "remove", "clear"], question_value="read",
                            description="add, read, check_off (bought), remove or clear."),
            JarvisParameter("items", "array<string>",
                            description="Items, one per entry: ['tomatoes', 'onions', 'garlic']."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["shopping", "grocery", "groceries", "buy", "list"]

    @property
    def rules(self) -> list[str]:
        return ["Split 'tomatoes, onions and garlic' into separate items.",
                "Things to buy go on the shopping list; tasks to do go on the to-do list."]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("todo_list", "Add call the plumber to my to-do list (a task, not something to buy)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("shopping_list.add", r"(?:add|put|write|stick|pop|jot|throw|chuck|get)\s+(?P<items>.+?)(?:\s+down)?"
                     r"\s+(?:to|on|onto)\s+" + _LIST,
                     items_claim("add", "items"), "add milk and eggs to my shopping list"),
            FastPath("shopping_list.add_to", r"add\s+to\s+" + _LIST + r",?\s+(?P<items>.+)",
                     items_claim("add", "items"), "add to my shopping list milk"),
            # the list said as the trip it is for: "jot down batteries and sellotape for the shops" was declined
            FastPath("shopping_list.add_for_the_shop",
                     r"(?:(?:can|could|would)\s+you\s+|please\s+)?(?:add|put|write|stick|pop|jot|note)(?:\s+down)?\s+(?P<items>.+?)"
                     r"(?:\s+down)?\s+for\s+" + _SHOPPING_TRIP + r"(?:\s+please)?",
                     items_claim("add", "items"), "jot down batteries for the shops"),
            FastPath("shopping_list.add_said", r".+?[\s,]+" + ADD_IT + r"\s+(?:to|on|onto)\s+" + _LIST,
                     self.pointed_claim("add"), "paper towels, put them on the shopping list"),
            FastPath("shopping_list.check_off_said", r".+?[\s,]+" + DONE_IT + r"(?:\s+(?:on|from|off))?\s+" + _LIST,
                     self.pointed_claim("check_off"), "i bought the eggs, cross them off my shopping list"),
            FastPath("shopping_list.check_off_said_here", r".+?[\s,]+" + DONE_IT + r"(?:\s+(?:on|from|off)\s+" + SOME_LIST + ")?",
                     self.pointed_claim("check_off", only_if_on_the_list=True), "the milk thing, check it off (when on it)"),
            FastPath("shopping_list.has", HAS + _LIST, self.has_claim, "is milk on my shopping list"),
            FastPath("shopping_list.has_here", HAS + SOME_LIST, self.found_claim("read"),
                     "is the milk on my list (when it is on this one)"),
            FastPath("shopping_list.read",
                     r"(?:what's|what is|what are|whats)\s+(?:on|in)\s+" + _LIST + r"|(?:read|show|tell|give|list)(?:\s+me)?\s+"
                     + _LIST + r"|(?:check|open)\s+" + _LIST + r"|" + _LIST.replace("(?:my\\s+|the\\s+|our\\s+)?", "(?:my\\s+|the\\s+)")
                     + r"|what do i need to buy|what do we need from the (?:store|shop|supermarket)",
                     action_claim("read"), "what's on my shopping list"),
            FastPath("shopping_list.check_off",
                     r"(?:check|cross|tick|mark)\s+(?:off\s+)?(?P<items>.+?)(?:\s+off)?(?:\s+as\s+(?:bought|done|got))?\s+(?:on|from|off)\s+" + _LIST,
                     items_claim("check_off", "items"), "check off milk on my shopping list"),
            FastPath("shopping_list.check_off_here",
                     r"(?:(?:check|cross|tick|mark)\s+off\s+(?P<items>.+?)|(?:check|cross|tick|mark)\s+(?P<items2>.+?)\s+(?:off|as\s+(?:bought|got)))"
                     r"(?:\s+(?:on|from|off)\s+" + SOME_LIST + ")?",
                     self.found_claim("check_off"), "tick off the milk thing (when it is on this list)"),
            # "got the eggs", "i picked up the milk": bought, when they are on the list
            FastPath("shopping_list.got",
                     r"(?:(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|already\s+)?)?(?:got|bought|picked\s+up|grabbed)\s+"
                     r"(?:the\s+|some\s+)?(?P<items>(?!any\b|enough\b).+?)(?:\s+(?:already|now|today))?",   # not "got any eggs?"
                     self.found_claim("check_off"), "got the eggs (when they are on the list)"),
            # "we're out of butter and eggs": groceries to buy (only the list's own groceries: "i'm out of time" is not)
            FastPath("shopping_list.out_of", _OUT_OF, self._groceries_claim, "we're out of butter and eggs (groceries)"),
            FastPath("shopping_list.need", _NEED, self._needed_claim, "we need squash and crumpets (groceries)"),
            FastPath("shopping_list.to_buy", _TO_BUY, self._to_buy_claim,
                     "remember to buy batteries / i've got to pick up eggs (groceries, no time said)"),
            FastPath("shopping_list.add_more", ADD_MORE, self.add_more_claim,
                     "also add X (right after a request about this list)"),
            FastPath("shopping_list.remove",
                     r"(?:remove|delete|take|drop|erase)\s+(?P<items>.+?)\s+(?:off|from|out of)\s+(?:of\s+)?" + _LIST,
                     items_claim("remove", "items"), "remove eggs from the shopping list"),
            FastPath("shopping_list.clear",
                     r"(?:clear|empty|erase|wipe|reset|delete|clean)(?:\s+out)?\s+(?:the\s+whole\s+|my\s+whole\s+|my\s+entire\s+|the\s+entire\s+)?"
                     + _LIST + r"|(?:delete|remove|clear)\s+everything\s+(?:on|from|in)\s+" + _LIST,
                     action_claim("clear"), "clear my shopping list"),
        ] + self.follow_on_fast_paths()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """As for every list; an add the model wrote without the items of "we're nearly out of bin bags"
        (it asked what to add) has the things the user is out of (the fast path claims only groceries it
        knows; the model chose the list for the others)."""
        out = super().post_process_tool_call(args, voice_command)
        if out.get("action") == "add" and not out.get("items"):
            m = re.fullmatch(_OUT_OF, normalize_utterance(voice_command).strip(" .!?"))
            claim = items_claim("add", "items")(m, voice_command) if m else None
            if claim is not None:
                out["items"] = claim.arguments["items"]
        return out

    def _to_buy_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """Groceries said as things to buy, when no time or day is said with them (then it is a reminder)."""
        return None if re.search(_WHEN, m.group("items")) else self._groceries_claim(m, text)

    def _needed_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """Groceries said as needed, when it is about the household's shopping: several of them, "we", or
        "also / more / some" said ("i need coffee" alone may be about the speaker: not claimed)."""
        claim = self._groceries_claim(m, text)
        if claim is None:
            return None
        household = (len(claim.arguments["items"]) > 1 or (m.group("who") or "").strip() == "we"
                     or any(m.group(g) for g in ("lead", "also", "more")))
        return claim if household else None

    def _groceries_claim(self, m: re.Match[str], text: str) -> PreRouteResult | None:
        """Items to add when each is a thing bought: every word one of the list's own groceries ("butter
        and eggs", "milk") or one of the things of several words ("loo roll", "bin bags"); other things one
        is out of ("time", "ideas") are not claimed."""
        claim = items_claim("add", "items")(m, text)
        if claim is None:
            return None
        for item in claim.arguments["items"]:
            thing = re.sub(r"^(?:some|the|more)\s+", "", item.lower())
            if thing not in self.things_bought and not set(thing.split()) <= self.single_word_items:
                return None
        return claim

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Add tomatoes, onions and garlic to my shopping list", {"action": "add", "items": ["tomatoes", "onions", "garlic"]}),
            ("What's on my shopping list?", {"action": "read"}),
            ("Check off milk on the shopping list", {"action": "check_off", "items": ["milk"]}),
            ("Remove eggs from my grocery list", {"action": "remove", "items": ["eggs"]}),
            ("Clear my shopping list", {"action": "clear"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + examples([
            ("Add tomatoes, onions and garlic to my shopping list", {"action": "add", "items": ["tomatoes", "onions", "garlic"]}),
            ("Add apples to my shopping list", {"action": "add", "items": ["apples"]}),
            ("Put milk on the grocery list", {"action": "add", "items": ["milk"]}),
            ("We need eggs and bread, add them to the shopping list", {"action": "add", "items": ["eggs", "bread"]}),
            ("Add salt and pepper to the shopping list", {"action": "add", "items": ["salt and pepper"]}),
            ("Put coffee, sugar and oat milk on my shopping list", {"action": "add", "items": ["coffee", "sugar", "oat milk"]}),
            ("Add bananas to the groceries list", {"action": "add", "items": ["bananas"]}),
            ("I need to buy batteries", {"action": "add", "items": ["batteries"]}),
            ("What's on my shopping list?", {"action": "read"}),
            ("Read me the grocery list", {"action": "read"}),
            ("What do I need to buy?", {"action": "read"}),
            ("Show my shopping list", {"action": "read"}),
            ("Check off milk on the shopping list", {"action": "check_off", "items": ["milk"]}),
            ("I bought the eggs, cross them off my shopping list", {"action": "check_off", "items": ["eggs"]}),
            ("Mark bread as bought on the grocery list", {"action": "check_off", "items": ["bread"]}),
            ("Remove eggs from my grocery list", {"action": "remove", "items": ["eggs"]}),
            ("Take the cheese off the shopping list", {"action": "remove", "items": ["cheese"]}),
            ("Delete onions and garlic from the shopping list", {"action": "remove", "items": ["onions", "garlic"]}),
            ("Clear my shopping list", {"action": "clear"}),
            ("Empty the grocery list", {"action": "clear"}),
            ("Delete everything on my shopping list", {"action": "clear"}),
            ("Start a fresh shopping list", {"action": "clear"}),
        ])
