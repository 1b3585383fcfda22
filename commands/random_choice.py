"""random_choice: chance decided for the user: a coin flipped, dice rolled, a number picked between
two, one of the things they said picked. Python's `random` (nothing is at stake: no secrets needed).

"pick a number between 1 and 10" went to the model, which subtracted (1 minus 10 is -9); "flip a coin"
was declined. The numbers and the things to choose from are read from the words."""
from __future__ import annotations

import random
import re
from decimal import Decimal
from typing import Any

from commands._common import examples, fail, say
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation, normalize_utterance)
from jarvis_tui.sdk.text import NUM, join_words, numbers_said, parse_number, plain_text

ACTIONS = ["coin", "dice", "number", "choose"]
MAX_COUNT = 10                      # coins or dice at once
MAX_SIDES = 1000
MAX_OPTIONS = 10
DEFAULT_LOW, DEFAULT_HIGH = 1, 100      # "a random number", no range said
# the words that say each kind of chance (a model's choice is checked against them)
ACTION_WORDS = {"coin": ["coin", "heads", "tails"], "dice": ["dice", "die", "roll"],
                "number": ["number"], "choose": ["choose", "pick one", "decide", "pick between", "pick from", "or"]}

_POLITE = r"(?:(?:can|could|will|would)\s+you\s+|please\s+|just\s+|go\s+on\s+(?:and\s+)?|let's\s+)?"
_FOR_ME = r"(?:\s+for\s+(?:me|us))?(?:\s+please)?"
_COUNT = r"(?P<count>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|a\s+pair\s+of)"
_COIN = _POLITE + r"(?:flip|toss|spin)\s+(?:me\s+)?(?:" + _COUNT + r"\s+)?(?:the\s+)?coins?" + _FOR_ME + r"|heads\s+or\s+tails\??"
_DICE = (_POLITE + r"roll\s+(?:me\s+)?(?:" + _COUNT + r"\s+)?(?:the\s+)?"
         r"(?:(?P<sides>\d+|four|six|eight|ten|twelve|twenty|a\s+hundred)[\s-]sided\s+)?(?:dice|die|d(?P<dsides>\d+)s?)" + _FOR_ME)
_NUMBER = (_POLITE + r"(?:pick|choose|give\s+me|generate|think\s+of|come\s+up\s+with|say|tell\s+me)\s+(?:me\s+)?"
           r"a\s+(?:random\s+)?number(?:\s+(?:between|from)\s+(?P<low>" + NUM + r")\s+(?:and|to)\s+(?P<high>" + NUM + r"))?"
           + _FOR_ME + r"|(?P<random>random\s+number)" + _FOR_ME)
_CHOOSE = (_POLITE + r"(?:help\s+me\s+)?(?:pick|choose|decide)(?:\s+for\s+me)?\s+(?:one\s+)?(?:between|from|out\s+of|for\s+me\s+between)"
           r"\s+(?P<options>.+?)" + _FOR_ME)


# what each kind of chance does not take: the model's "count": 1, "low": 1 on a choice between two shirts
_NOT_FOR = {"coin": ("sides", "low", "high", "options"), "dice": ("low", "high", "options"),
            "number": ("count", "sides", "options"), "choose": ("count", "sides", "low", "high")}


def _count(said: str | None) -> int | None:
    if not said:
        return None
    said = said.strip()
    if said in ("a", "an"):
        return 1
    if said == "a pair of":
        return 2
    n = parse_number(said)
    return int(n) if n is not None and n == int(n) else None


def options_said(words: str) -> list[str]:
    """The things to choose from as said: "tea, coffee or juice" -> [tea, coffee, juice]."""
    parts = re.split(r"\s*,\s*|\s+or\s+|\s+and\s+", words.strip(" ?.!"))
    return [re.sub(r"^(?:the|a|an)\s+", "", p).strip() for p in parts if p.strip()]


def _coin_claim(m: re.Match[str], _text: str) -> PreRouteResult:
    count = _count(m.groupdict().get("count"))
    return PreRouteResult(arguments={"action": "coin", **({"count": count} if count and count > 1 else {})})


def _dice_claim(m: re.Match[str], _text: str) -> PreRouteResult:
    g = m.groupdict()
    count = _count(g.get("count"))
    sides = _count(g.get("dsides") or g.get("sides"))
    return PreRouteResult(arguments={"action": "dice", **({"count": count} if count and count > 1 else {}),
                                     **({"sides": sides} if sides else {})})


def _number_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    if m.group("low") is None:                  # "give me a random number": from 1 to 100 ("a number" alone: not sure)
        return PreRouteResult(arguments={"action": "number"}) if "random" in m.group(0) else None
    low, high = parse_number(m.group("low")), parse_number(m.group("high"))
    if low is None or high is None or low != int(low) or high != int(high):
        return None
    return PreRouteResult(arguments={"action": "number", "low": int(low), "high": int(high)})


def _choose_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    options = options_said(m.group("options"))
    if not 2 <= len(options) <= MAX_OPTIONS or any(len(o.split()) > 5 for o in options):
        return None
    return PreRouteResult(arguments={"action": "choose", "options": options})


# how many tosses or rolls, said as a match or a number of times
_TIMES = re.compile(r"\bbest\s+of\s+(?P<n>" + NUM + r")\b|\b(?P<m>" + NUM + r")\s+times\b")

_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("flip a coin", {"action": "coin"}), ("heads or tails", {"action": "coin"}), ("toss a coin for me", {"action": "coin"}),
    ("can you flip a coin", {"action": "coin"}), ("flip two coins", {"action": "coin", "count": 2}),
    ("roll a dice", {"action": "dice"}), ("roll a die", {"action": "dice"}), ("roll two dice", {"action": "dice", "count": 2}),
    ("roll a twenty sided die", {"action": "dice", "sides": 20}), ("roll a d20", {"action": "dice", "sides": 20}),
    ("roll the dice for me", {"action": "dice"}),
    ("pick a number between 1 and 10", {"action": "number", "low": 1, "high": 10}),
    ("give me a random number from 1 to 100", {"action": "number", "low": 1, "high": 100}),
    ("think of a number between one and fifty", {"action": "number", "low": 1, "high": 50}),
    ("choose a random number between 5 and 15", {"action": "number", "low": 5, "high": 15}),
    ("pick between pizza and curry", {"action": "choose", "options": ["pizza", "curry"]}),
    ("help me decide between the red one or the blue one", {"action": "choose", "options": ["red one", "blue one"]}),
    ("choose for me between tea, coffee or juice", {"action": "choose", "options": ["tea", "coffee", "juice"]}),
    ("pick one out of running, swimming and cycling", {"action": "choose", "options": ["running", "swimming", "cycling"]}),
    ("decide between the film and the match", {"action": "choose", "options": ["film", "match"]}),
    ("randomly pick one of alice, bob or carol", {"action": "choose", "options": ["alice", "bob", "carol"]}),
    ("give me a random number", {"action": "number"}),
    # coin tosses counted as a match ("best of three" after a toss was small talk)
    ("best of three", {"action": "coin", "count": 3}), ("let's do best of five coin flips", {"action": "coin", "count": 5}),
    ("toss it three times", {"action": "coin", "count": 3}),
]
# a choice asked as a question, or left to the assistant ("should i have pizza or pasta tonight" was small talk
# that said "Thanks for telling me!", "shall i wear the blue shirt or the green one" declined)
_MORE_EXAMPLES += [(t, {"action": "choose", "options": o}) for t, o in [
    ("should i have noodles or rice for lunch", ["noodles", "rice"]),
    ("shall we play chess or cards tonight", ["chess", "cards"]),
    ("do i wear trainers or boots today", ["trainers", "boots"]),
    ("what should i cook, curry or stew", ["curry", "stew"]),
    ("you choose, the cinema or bowling", ["cinema", "bowling"]),
    ("run or swim this morning, what do you think", ["run", "swim"]),
    ("which one, the left door or the right door", ["left door", "right door"]),
    ("pick for me, lasagne or risotto", ["lasagne", "risotto"]),
    ("should i paint the room yellow or white", ["yellow", "white"]),
    ("hoodie or jacket, you tell me", ["hoodie", "jacket"]),
    ("a film or a book tonight, what's it to be", ["film", "book"]),
    ("should we have the party on the patio or in the lounge", ["patio", "lounge"]),
]]
_NEGATIVES: list[str] = ["what's the number for the doctor", "what's 1 minus 10", "my lucky number is seven",
                         "let's play a game", "how many sides does a dice have", "who won the coin toss at the match",
                         "what are the odds of winning the lottery", "pick up the kids at 3"]
_DOMAIN_WORDS: list[str] = ["coin", "heads or tails", "dice", "die", "random number", "pick one", "choose between"]


class RandomChoiceCommand(JarvisCommandBase):
    def __init__(self) -> None:
        super().__init__()
        self._rng = random.Random()

    @property
    def command_name(self) -> str:
        return "random_choice"

    @property
    def capability(self) -> str:
        return "flip a coin, roll dice, pick a number or choose for you"

    @property
    def description(self) -> str:
        return ("Chance decided for the user: flip a coin, roll dice, pick a random number between two, or choose one of "
                "the things they name.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("action", "string", required=True, enum_values=list(ACTIONS), enum_evidence=ACTION_WORDS,
                            description="coin, dice, number (between low and high) or choose (one of options)."),
            JarvisParameter("count", "int", description="How many coins or dice (default 1)."),
            JarvisParameter("sides", "int", description="Sides of each die (default 6)."),
            JarvisParameter("low", "int", description="number: the smallest it may be."),
            JarvisParameter("high", "int", description="number: the largest it may be."),
            JarvisParameter("options", "array<string>", description="choose: the things to choose from, as said."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["coin", "dice", "random number", "choose between"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("calculate", "What's 1 minus 10? (arithmetic, not a number picked)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [FastPath("random_choice.coin", _COIN, _coin_claim, "flip a coin / heads or tails"),
                FastPath("random_choice.dice", _DICE, _dice_claim, "roll a dice / roll two twenty-sided dice"),
                FastPath("random_choice.number", _NUMBER, _number_claim, "pick a number between 1 and 10"),
                FastPath("random_choice.choose", _CHOOSE, _choose_claim, "choose between tea, coffee or juice")]

    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([("Flip a coin", {"action": "coin"}),
                         ("Pick a number between 1 and 10", {"action": "number", "low": 1, "high": 10}),
                         ("Choose between pizza and curry", {"action": "choose", "options": ["pizza", "curry"]})])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples()

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """The numbers and the things to choose from are the words' own: a number the user did not say
        is dropped, a range said that the model left out or wrote otherwise is read from the words,
        and the options are those said after "between" (or the model's, each of them said)."""
        out = {k: v for k, v in args.items() if k not in _NOT_FOR.get(str(args.get("action")), ())}
        said = normalize_utterance(voice_command)
        spoken = {Decimal(int(n)) for n in numbers_said(said) if n == int(n)}
        for key in ("count", "sides", "low", "high"):
            if key not in out:
                continue
            value = parse_number(str(out[key]))
            if value is None or value != int(value) or (Decimal(int(value)) not in spoken
                                                         and not (key == "count" and int(value) == 1)):
                out.pop(key)             # a number the user did not say (one coin or die needs none said)
            else:
                out[key] = int(value)
        for fast_path in self.fast_paths:          # the words read as a fast path reads them, when they can be
            m = fast_path.regex.fullmatch(said)
            claim = fast_path.handler(m, voice_command) if m is not None else None
            if claim is not None and claim.arguments.get("action") == out.get("action"):
                return {**out, **claim.arguments}
        if out.get("action") in ("coin", "dice") and "count" not in out and (times := _TIMES.search(said)):
            count = parse_number(times.group("n") or times.group("m"))      # "best of three", "toss it three times": the model wrote one
            if count is not None and count == int(count):
                out["count"] = int(count)
        if out.get("action") == "choose":
            words = set(plain_text(said).split())         # "tea or coffee, you decide": "coffee" was said
            options = [o for o in out.get("options") or [] if isinstance(o, str) and o.strip()
                       and all(w in words for w in plain_text(normalize_utterance(o)).split())]
            if options:
                out["options"] = options
            else:
                out.pop("options", None)
        return out

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        action = kwargs["action"]
        count = int(kwargs.get("count") or 1)
        if action in ("coin", "dice") and not 1 <= count <= MAX_COUNT:
            return fail(f"I can do from 1 to {MAX_COUNT} at once.", reason="count")
        if action == "coin":
            sides = [self._rng.choice(["heads", "tails"]) for _ in range(count)]
            said = join_words(sides)
            heads = sides.count("heads")
            if count >= 3 and count % 2:        # "best of three": who won, too
                won, score = ("heads", (heads, count - heads)) if heads > count - heads else ("tails", (count - heads, heads))
                said += f": {won} wins, {score[0]} to {score[1]}"
            return say(said[0].upper() + said[1:] + ".", results=sides)
        if action == "dice":
            faces = int(kwargs.get("sides") or 6)
            if not 2 <= faces <= MAX_SIDES:
                return fail(f"A die can have from 2 to {MAX_SIDES} sides.", reason="sides")
            rolls = [self._rng.randint(1, faces) for _ in range(count)]
            if count == 1:
                return say(f"You rolled {_a(rolls[0])}.", results=rolls)
            return say(f"You rolled {join_words([str(r) for r in rolls])}: {sum(rolls)} in all.", results=rolls, total=sum(rolls))
        if action == "number":
            if kwargs.get("low") is None or kwargs.get("high") is None:
                # an end not said is as most people mean it ("a random number up to 50": from 1; none said: 1 to
                # 100), and the reply says the range it was picked from
                low = int(kwargs["low"]) if kwargs.get("low") is not None else min(DEFAULT_LOW, int(kwargs.get("high") or 1))
                high = int(kwargs["high"]) if kwargs.get("high") is not None else max(DEFAULT_HIGH, low * 2)
                low, high = sorted((low, high))
                picked = self._rng.randint(low, high)
                return say(f"{picked}, from {low} to {high}.", result=picked, low=low, high=high)
            low, high = sorted((int(kwargs["low"]), int(kwargs["high"])))
            picked = self._rng.randint(low, high)
            return say(f"{picked}.", result=picked, low=low, high=high)
        options = [str(o).strip() for o in kwargs.get("options") or [] if str(o).strip()]
        if len(options) < 2:
            return fail("Choose between what? Say two or more things, like tea or coffee.", reason="options")
        if len(options) > MAX_OPTIONS:
            return fail(f"I can choose between up to {MAX_OPTIONS} things.", reason="options")
        picked = self._rng.choice(options)
        return say(f"I'd say {picked}.", result=picked, options=options)     # "I'd say pasta", "I'd say go to the park"


def _a(n: int) -> str:
    """'a 4', 'an 8', 'an 11', 'an 18'."""
    return f"an {n}" if str(n).startswith("8") or n in (11, 18) or 80 <= n <= 89 or 800 <= n <= 899 else f"a {n}"
