"""calculate: two-number arithmetic with exact decimals (no eval), the everyday kind (an amount shared
between people, a tip or tax on it, rounding), and the rest of school arithmetic said in words (a
factorial, a remainder, an absolute value, an average, the biggest or smallest, what percent one number
is of another, a percent change)."""
from __future__ import annotations

import dataclasses
import datetime as _dt
import math
import operator
from fractions import Fraction
import re
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation, localcontext
from typing import Any, NamedTuple

from commands._common import examples, fail, json_number, say
from commands._parsing import names_a_currency, parse_number, plural, say_number
from jarvis_tui.sdk.text import NUM, join_words, normalize_utterance, numbers_said, parse_amount, parse_fraction
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath, JarvisCommandBase,
                            JarvisParameter, PreRouteResult, RequestInformation, ValidationResult)

_OPS = {
    "plus": "add", "+": "add", "added to": "add", "and": "add",
    "minus": "subtract", "-": "subtract", "less": "subtract", "take away": "subtract",
    "times": "multiply", "x": "multiply", "*": "multiply", "multiplied by": "multiply", "×": "multiply",
    "divided by": "divide", "over": "divide", "/": "divide", "÷": "divide", "divided into": "divide",
    "to the power of": "power", "to the power": "power", "raised to the power of": "power", "raised to": "power",
    "to the": "power", "^": "power", "**": "power",
}
_WORD = {"add": "plus", "subtract": "minus", "multiply": "times", "divide": "divided by", "power": "to the power of"}
_SQUARED = {"squared": 2, "cubed": 3}
MAX_EXPONENT = 1000           # 2 to the power of a million is not an answer anyone can hear
_ASK = (r"(?:(?:what's|whats|what is|how much is|calculate|compute|work out|what does|what do|tell me|figure out|find|"
        r"give me)\s+)?")
_N = r"(?P<a>[\w.,/-]+(?:\s[\w.,-]+){0,5}?)"
_M = r"(?P<b>[\w.,/-]+(?:\s[\w.,-]+){0,5}?)"
_END = r"(?:\s+(?:equals?|equal to|make|makes|is))?"
PLACES = 4


def _num(text: str | None) -> Decimal | None:
    """A number as said, a whole and a fraction too ("3 and a half": the percent of "3 and a half percent
    of 12 thousand" asked "And the other number?")."""
    if not text:
        return None
    n = parse_number(text)
    if n is None and re.search(r"\band\s+(?:a|an|one|two|three)\s+\w+$", text.strip().lower()):
        n = parse_amount(text)
    return n


def _fraction_exponent(text: str) -> Decimal | None:
    """A fraction said in words (an exponent too): "(to the) half", "(to the power of) a third", "one
    half"; a lone ordinal ("to the third") is a power, 3, not a fraction."""
    words = text.split()
    return parse_fraction(text) if words == ["half"] or len(words) > 1 else None


def _binary(m: re.Match[str], _text: str) -> PreRouteResult | None:
    a, b = _num(m.group("a")), _num(m.group("b"))
    op = _OPS.get(" ".join(m.group("op").split()))
    if b is None and op == "power":
        b = _fraction_exponent(m.group("b"))
    if a is None or b is None or op is None or op == "add" and m.group("op") == "and":
        return None
    return PreRouteResult(arguments={"num1": json_number(a), "num2": json_number(b), "operation": op})


def _verb(op: str, swap: bool = False):
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        a, b = _num(m.group("a")), _num(m.group("b"))
        if a is None or b is None:
            return None
        if swap:
            a, b = b, a
        return PreRouteResult(arguments={"num1": json_number(a), "num2": json_number(b), "operation": op})
    return handler


def _squared(m: re.Match[str], _text: str) -> PreRouteResult | None:
    a = _num(m.group("a"))
    if a is None:
        return None
    return PreRouteResult(arguments={"num1": json_number(a), "num2": _SQUARED[m.group("pow")], "operation": "power"})


def _percent(m: re.Match[str], _text: str) -> PreRouteResult | None:
    a, b = _num(m.group("a")), _num(m.group("b"))
    if a is None or b is None:
        return None
    return PreRouteResult(arguments={"num1": json_number(a / 100), "num2": json_number(b), "operation": "multiply"})


# a part of an amount: "half of 350", "two thirds of 90", "20 percent off 80", "15 percent more than 40"
_PART_OF = re.compile(_ASK + r"(?P<part>[\w -]+?)\s+(?:of|off|on)\s+(?:an?\s+)?" + _M
                      + r"(?:\s+(?:dollars?|pounds?|euros?|bucks))?$")
_PERCENT_CHANGE = re.compile(_ASK + r"(?P<n>[\w.,/ -]+?)\s*(?:percent|per cent|%)\s+(?P<way>off|discount on|"
                             r"less than|more than|on top of|increase on|added to|extra on)\s+(?:an?\s+)?" + _M
                             + r"(?:\s+(?:dollars?|pounds?|euros?|bucks))?$")


def part_of(voice_command: str) -> dict[str, Any] | None:
    """The multiplication a part of an amount is: "half of 350" -> 0.5 x 350, "20 percent off 80" ->
    80 x 0.8, "15 percent more than 40" -> 40 x 1.15. None when the words say no such thing."""
    t = normalize_utterance(voice_command).replace("%", " percent").strip(" ?.!")
    t = re.sub(r"\s+", " ", t)
    m = _PERCENT_CHANGE.fullmatch(t)
    if m:
        n, b = _num(m.group("n")), _num(m.group("b"))
        if n is None or b is None:
            return None
        factor = 1 - n / 100 if m.group("way") in ("off", "discount on", "less than") else 1 + n / 100
        return {"num1": json_number(b), "num2": json_number(factor), "operation": "multiply"}
    m = _PART_OF.fullmatch(t)
    if m and not re.search(r"\b(?:percent|per cent)\b", m.group("part")):
        part, b = parse_fraction(m.group("part")), _num(m.group("b"))
        if part is None or b is None:
            return None
        return {"num1": json_number(part), "num2": json_number(b), "operation": "multiply"}
    return None


def _part_claim(_m: re.Match[str], text: str) -> PreRouteResult | None:
    args = part_of(text)
    return PreRouteResult(arguments=args) if args else None


# a root is the power 1/n: "the square root of 144" is 144 to the power of 0.5
_ROOT_DEGREES = {"square": 2, "second": 2, "cube": 3, "cubic": 3}
_ROOT_NAMES = {2: "square", 3: "cube", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth",
               10: "tenth"}
MAX_ROOT = 100
_DEGREE = r"(?:(?P<degree>square|cube|cubic|second|third|[a-z]+th|\d+(?:st|nd|rd|th))\s+)?"
_ROOT = re.compile(_ASK + r"(?:(?:take|find|get)\s+)?(?:the\s+)?" + _DEGREE + r"(?:root|sqrt)\s+(?:of\s+)?" + _M + _END)
# ... said inside a longer request the router sent here ("i need the square root of 300 please")
_ROOT_SAID = re.compile(r"\b" + _DEGREE + r"(?:root|sqrt)\s+(?:of\s+)?(?P<b>" + NUM + r")(?P<rest>.*)")


def _root_degree(word: str | None) -> int | None:
    """"square" -> 2, "cube" -> 3, "fourth" / "4th" -> 4; no word ("root of 81") -> 2."""
    if word is None:
        return 2
    if word in _ROOT_DEGREES:
        return _ROOT_DEGREES[word]
    digits = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    part = Decimal(digits.group(1)) if digits else (1 / f if (f := parse_fraction(word)) else None)
    return int(part) if part is not None and part == part.to_integral_value() and 2 <= part <= MAX_ROOT else None


def root_of(voice_command: str) -> dict[str, Any] | None:
    """The power a root is: "what's the square root of 144" -> 144 to the power of 0.5, "the cube root
    of 27" -> 27 to the power of 1/3. None when the words say no root, or more than one operation
    ("the square root of 144 plus 1")."""
    m = _ROOT_SAID.search(normalize_utterance(voice_command).strip(" ?.!"))
    if m is None or any(o.split() == m.group("rest").split()[:len(o.split())] for o in _EXPRESSION_OPS):
        return None
    degree, a = _root_degree(m.group("degree")), _num(m.group("b"))
    if degree is None or a is None:
        return None
    return {"num1": json_number(a), "num2": json_number(1 / Decimal(degree)), "operation": "power"}


def _root_claim(_m: re.Match[str], text: str) -> PreRouteResult | None:
    args = root_of(text)
    return PreRouteResult(arguments=args) if args else None


def _degree_of_root(exponent: Decimal) -> int | None:
    """The n of a power 1/n (0.5 -> 2, 0.333... -> 3): such a power is said as a root."""
    if not 0 < exponent < 1:
        return None
    n = (1 / exponent).to_integral_value()
    return int(n) if 2 <= n <= MAX_ROOT and abs(1 / exponent - n) < Decimal("1e-9") else None


def _root(a: Decimal, degree: int) -> Decimal:
    """The real n-th root (an odd root of a negative number is negative; the caller refuses an even
    one), exact where it is a short decimal: the cube root of 27 is 3, not 2.9999..."""
    size = abs(a)
    r = size.sqrt() if degree == 2 else size ** (1 / Decimal(degree))
    short = round(r, 12)
    r = short if short ** degree == size else r
    return -r if a < 0 else r


def _root_name(degree: int) -> str:
    """2 -> "square", 3 -> "cube", 4 -> "fourth", 21 -> "21st"."""
    if degree in _ROOT_NAMES:
        return _ROOT_NAMES[degree]
    suffix = "th" if 11 <= degree % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(degree % 10, "th")
    return f"{degree}{suffix}"


def _dec(v: Any) -> Decimal:
    """float arguments go through repr so 0.1 stays 0.1, not 0.1000000000000000055..."""
    if isinstance(v, Decimal):
        return v
    return Decimal(repr(v)) if isinstance(v, float) else Decimal(str(v))


# operators in a spoken expression of several operations, longest first ("and" is left out: "two
# hundred and five" is one number, "add 5 and 3" a two-number request)
_EXPRESSION_OPS = sorted((o for o in _OPS if o not in ("and", "to the")), key=lambda o: -len(o.split()))
_PRECEDENCE = {"add": 1, "subtract": 1, "multiply": 2, "divide": 2, "power": 3}


def _tokens(text: str) -> list[Decimal | str] | None:
    """'2 plus 2 times 3' -> [2, 'add', 2, 'multiply', 3]: numbers (digits or words) and operations
    in turn, or None when the words are anything else."""
    words = re.sub(r"(?<=\d)([+*/x×÷^-])(?=\d)", r" \1 ", text).split()
    out: list[Decimal | str] = []
    i = 0
    while i < len(words):
        op = next((o for o in _EXPRESSION_OPS if words[i:i + len(o.split())] == o.split()), None)
        if op is not None and out and not isinstance(out[-1], str):
            out.append(_OPS[op])
            i += len(op.split())
            continue
        for n in range(min(8, len(words) - i), 0, -1):       # the longest run of words that is a number
            value = parse_number(" ".join(words[i:i + n]))
            if value is not None:
                break
        else:
            return None
        if out and not isinstance(out[-1], str):
            return None
        out.append(value)
        i += n
        power = {"squared": Decimal(2), "cubed": Decimal(3)}.get(words[i]) if i < len(words) else None
        if power is not None:                    # "15 squared minus 25": 15 to the power of 2, then the rest
            out += ["power", power]
            i += 1
    return out if len(out) >= 3 and not isinstance(out[-1], str) else None


def _split_expression(voice_command: str) -> tuple[Decimal, str, Decimal] | None:
    """A spoken expression of two or more operations ("what's 2 plus 2 times 3") as the last
    operation done, with each side worked out with the usual precedence: (2, "add", 6); None for one
    operation or for anything that is not an expression."""
    text = re.sub(r"^(?:(?:hey|ok|okay|so|um|uh|well|and)\s+)*" + _ASK, "", normalize_utterance(voice_command))
    text = re.sub(_END + r"$", "", text).strip()
    tokens = _tokens(text)
    if tokens is None or len(tokens) < 5:
        return None

    def value(part: list[Decimal | str]) -> Decimal:
        if len(part) == 1:
            return part[0]  # type: ignore[return-value]
        a, op, b = _split(part)
        return _apply(a, op, b)

    def _split(part: list[Decimal | str]) -> tuple[Decimal, str, Decimal]:
        ops = [(i, t) for i, t in enumerate(part) if isinstance(t, str)]
        low = min(_PRECEDENCE[t] for _, t in ops)
        # the last operation done: the rightmost of the lowest precedence (power: the leftmost)
        i = (ops[[t for _, t in ops].index("power")][0] if low == 3
             else max(i for i, t in ops if _PRECEDENCE[t] == low))
        return value(part[:i]), part[i], value(part[i + 1:])  # type: ignore[return-value]

    try:
        with localcontext() as ctx:
            ctx.prec = 34
            ctx.traps[DivisionByZero] = True
            return _split(tokens)
    except (InvalidOperation, DivisionByZero, ArithmeticError, OverflowError):
        return None


_OPERATIONS = {"add": operator.add, "subtract": operator.sub, "multiply": operator.mul, "divide": operator.truediv,
               "power": operator.pow}


def _apply(a: Decimal, op: str, b: Decimal) -> Decimal:
    """One operation (the caller's decimal context traps division by zero)."""
    if op == "power" and abs(b) > MAX_EXPONENT:
        raise ArithmeticError("too big")
    return _OPERATIONS[op](a, b)


def _expression(_m: re.Match[str], text: str) -> PreRouteResult | None:
    split = _split_expression(text)
    if split is None:
        return None
    a, op, b = split
    return PreRouteResult(arguments={"num1": json_number(a), "num2": json_number(b), "operation": op})


def _said_as_percent(voice_command: str, a: Decimal, op: str, b: Decimal) -> str | None:
    """"18 percent of 250" for the product of 0.18 and 250 when the user said a percentage of it (it
    was said back as "0.18 times 250"); None otherwise."""
    if op != "multiply":
        return None
    for p in _percentages_said(voice_command):
        for part, whole in ((a, b), (b, a)):
            if part * 100 == p:
                return f"{say_number(p, PLACES)} percent of {say_number(whole, PLACES)}"
    return None


class _PartSaid(NamedTuple):
    words: str          # "a third", as said
    whole: Decimal      # what it is a part of
    ratio: Fraction     # the part as a ratio of whole numbers (1/3)


def _part_said(voice_command: str, a: Decimal, op: str, b: Decimal) -> _PartSaid | None:
    """"a third of 90" when the product of a third and 90 is what the user asked for: said back so (it
    was "0.3333 times 90 is about 30.") and worked out with the part as a ratio ("a third of 90" is 30,
    not 29.99...); None otherwise."""
    if op != "multiply":
        return None
    words = normalize_utterance(voice_command).replace("-", " ").split()
    for i, w in enumerate(words):
        if w != "of":
            continue
        for n in (2, 1):
            said = " ".join(words[max(0, i - n):i])
            part = parse_fraction(said) if i - n >= 0 else None
            if part is None:
                continue
            ratio = Fraction(str(part)).limit_denominator(100)
            for value, whole in ((a, b), (b, a)):
                if abs(value - part) < Decimal("0.0001") and ratio.denominator > 1:
                    return _PartSaid("half" if said in ("a half", "one half") else said, whole, ratio)
    return None


def _percentages_said(voice_command: str) -> list[Decimal]:
    """The numbers said as percentages ("18 percent", "15%", "twelve and a half per cent")."""
    words = normalize_utterance(voice_command).replace("%", " percent").split()
    found = []
    for i, w in enumerate(words):
        if w != "percent" and not (w == "cent" and i and words[i - 1] == "per"):
            continue
        end = i - 1 if w == "cent" else i
        for n in range(min(5, end), 0, -1):
            value = _num(" ".join(words[end - n:end]))
            if value is not None:
                found.append(value)
                break
    return found


def _said_numbers_only(args: dict[str, Any], voice_command: str) -> dict[str, Any]:
    said = numbers_said(voice_command) + [w for w in _words_and_numbers(voice_command) if isinstance(w, Decimal)]
    allowed = set(said) | {x / 100 for x in said} | {x * 100 for x in said}
    low = voice_command.lower()
    if re.search(r"\b(?:minus|negative)\b|-\d", low):      # "negative 12.5": the sign is a word of its own
        allowed |= {-x for x in said}
    allowed |= {Decimal(n) for word, n in _POWER_WORDS.items() if re.search(rf"\b{word}\b", low)}
    for word, part in (("half", Decimal("0.5")), ("quarter", Decimal("0.25")), ("three quarters", Decimal("0.75"))):
        if word in low:
            allowed |= {part} | {x + part for x in said}

    def was_said(value: Any) -> bool:
        try:
            return Decimal(str(value)) in allowed
        except (InvalidOperation, ValueError):
            return True
    for key in ("num1", "num2"):
        if args.get(key) is not None and not was_said(args[key]):
            del args[key]
    if isinstance(args.get("numbers"), list):
        args["numbers"] = [n for n in args["numbers"] if was_said(n)]
    return args


# ---- the rest of school arithmetic said in words: a factorial, a remainder, an absolute value, the
# average, the biggest or smallest of several numbers, what percent one number is of another, a
# percent change. `_SAID_AS` is the grammar: each row the words of one operation, the numbers in
# groups a and b, or several (a list); its fast paths and the model's path read the words with it.
MAX_FACTORIAL = 20           # 20 factorial has 19 digits: more is not an answer anyone can hear
READABLE_BELOW = Decimal(10) ** 21      # a result of more digits than a factorial's is not read out either
_ONE_NUMBER = ("factorial", "absolute", "roman")
MAX_ROMAN = 3999             # the largest number written with the seven letters (no bar over them)
_ROMAN = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"),
          (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman_numeral(n: int) -> str:
    """n (1..MAX_ROMAN) in Roman numerals: 120 -> "CXX", 2024 -> "MMXXIV"."""
    out = []
    for value, letters in _ROMAN:
        count, n = divmod(n, value)
        out.append(letters * count)
    return "".join(out)
_SEVERAL_NUMBERS = ("average", "max", "min")
_CHAINED = ("add", "multiply")      # said of more than two numbers too: num1, num2 and `numbers`
# in this order (the enum's: later ones are added at the end)
_MORE_OPERATIONS = ["factorial", "absolute", "remainder", *_SEVERAL_NUMBERS, "what_percent", "percent_change", "roman"]
_POWER_WORDS = {"square": 2, "squared": 2, "cube": 3, "cubed": 3}
_BIGGER = {"bigger", "biggest", "larger", "largest", "greater", "greatest", "higher", "highest", "max", "maximum",
           "more"}
_SMALLER = {"smaller", "smallest", "lower", "lowest", "less", "least", "min", "minimum"}
_PCT = r"(?:percent(?:age)?|per\s+cent|%)"
_WHICH = r"(?P<which>" + "|".join(sorted(_BIGGER | _SMALLER, key=len, reverse=True)) + r")"
_SEVERAL = r"(?P<several>[\w.,/ -]+?)"
_CHANGE = r"(?:increase|decrease|change|rise|drop|fall|growth|gain|loss|reduction|decline)"
_MOVED = r"(?:go(?:ne)?\s+up|go(?:ne)?\s+down|went\s+up|went\s+down|ris(?:e|en)|f(?:a|e)ll(?:en)?|increased?|decreased?|" \
         r"changed?|grow|grown|drop(?:ped)?)"
_COMPARED = r"(?:more|less|bigger|smaller|higher|lower|greater|cheaper|dearer)"
_SAID_AS: list[tuple[str, str, str, str]] = [         # (fast path id, operation, words, as said)
    ("factorial_of", "factorial", r"(?:the\s+)?factorial\s+(?:of\s+)?" + _N,
     'the factorial of 6'),
    ("factorial", "factorial", _N + r"\s+factorial",
     '7 factorial'),
    ("square_of", "power", r"(?:the\s+)?(?P<pow>square|cube)\s+(?:of\s+)?" + _N,
     'the square of 9 / cube 4'),
    ("remainder_of", "remainder", r"(?:the\s+)?(?:remainder|left\s*over)\s+(?:of|when|if|after|from)\s+"
     r"(?:(?:you|i|we)\s+)?(?:divide\s+|dividing\s+)?" + _N + r"\s+(?:is\s+)?(?:divided\s+by|over|by)\s+" + _M,
     'the remainder of 17 divided by 5'),
    ("remainder_after", "remainder", _N + r"\s+divided\s+by\s+" + _M
     + r",?\s+(?:what's\s+|what\s+is\s+)?(?:the\s+)?remainder",
     "17 divided by 5, what's the remainder"),
    ("mod", "remainder", _N + r"\s+(?:mod|modulo|modulus)\s+" + _M,
     '17 mod 5'),
    ("absolute", "absolute", r"(?:the\s+)?(?:absolute\s+value|abs)\s+(?:of\s+)?" + _N,
     'the absolute value of -7'),
    ("roman", "roman", r"(?:(?:how\s+(?:do|would|can)\s+(?:you|i|we)\s+)?(?:write|say|put)\s+)?" + _N
     + r"\s+(?:in|as|into|to)\s+(?:a\s+)?roman(?:\s+numerals?|\s+numbers?)?",
     "what's 120 in roman numerals / how do you write 50 in roman numerals"),
    ("average", "average", r"(?:the\s+)?(?:average|mean)\s+(?:of\s+)?(?:the\s+numbers\s+)?" + _SEVERAL,
     'the average of 3, 8 and 10'),
    ("average_after", "average", _SEVERAL + r",?\s+(?:what's|what\s+is|what\s+are|give\s+me|tell\s+me)\s+"
     r"(?:the|their|its|my|our|your)\s+(?:average|mean)",
     "3, 8 and 10, what's the mean"),
    # a sum of several numbers: every one of them, not the first two ("add up 12, 15 and 30" said 27)
    ("sum_of", "add", r"(?:the\s+)?(?:sum|total)\s+of\s+(?:the\s+numbers\s+)?" + _SEVERAL,
     'the sum of 12, 15 and 30'),
    ("add_up", "add", r"add\s+(?:up|together)\s+(?:the\s+numbers\s+)?" + _SEVERAL,
     'add up 12, 15 and 30'),
    ("adds_up_to", "add", r"(?:what\s+(?:do|does)\s+)?" + _SEVERAL + r"\s+add\s+up\s+to",
     'what do 12, 15 and 30 add up to'),
    ("biggest_of", "max_or_min", r"(?:which\s+(?:number\s+)?is\s+)?(?:the\s+)?" + _WHICH
     + r"\s+(?:number\s+|one\s+|value\s+)?(?:of|in|among|between|from|out\s+of)\s+(?:the\s+numbers\s+)?" + _SEVERAL,
     'the biggest of 4, 19 and 12'),
    ("which_is_bigger", "max_or_min", r"(?:which|what)(?:\s+number|\s+one)?(?:\s+is|'s)\s+(?:the\s+)?" + _WHICH
     + r",?\s+(?:(?:out\s+)?of\s+|between\s+)?" + _SEVERAL,
     'which is bigger, 7/8 or 5/6'),
    ("is_bigger_than", "max_or_min", r"is\s+" + _N + r"\s+" + _WHICH + r"\s+than\s+" + _M,
     'is 0.3 bigger than 0.25'),
    ("bigger_which", "max_or_min", _SEVERAL + r",?\s+which(?:\s+number|\s+one)?\s+is\s+(?:the\s+)?" + _WHICH,
     '7/8 or 5/6, which is bigger'),
    ("what_percent_of", "what_percent", r"what\s+" + _PCT + r"\s+of\s+" + _M + r"\s+(?:is|are|was)\s+" + _N,
     'what percent of 80 is 20'),
    ("what_percent_is", "what_percent", r"what\s+" + _PCT + r"\s+(?:is|are|was)\s+" + _N + r"\s+(?:of|out\s+of)\s+" + _M,
     'what percent is 9 out of 36'),
    ("is_what_percent", "what_percent", _N + r"\s+(?:is|are|was)\s+what\s+" + _PCT + r"\s+of\s+" + _M,
     '20 is what percentage of 80'),
    ("out_of_as_percent", "what_percent", _N + r"\s+(?:out\s+of|over)\s+" + _M + r"\s+(?:is\s+what|as\s+an?|in)\s+" + _PCT,
     '18 out of 24 as a percentage'),
    ("percent_change_from", "percent_change", r"(?:the\s+)?" + _PCT + r"\s+" + _CHANGE + r"\s+(?:from|between)\s+" + _N
     + r"\s+(?:to|and)\s+" + _M,
     'the percentage increase from 50 to 65'),
    ("change_is_what_percent", "percent_change", r"(?:from\s+)?" + _N + r"\s+(?:(?:up|down)\s+)?to\s+" + _M
     + r",?\s+(?:is\s+)?(?:a\s+|an\s+)?(?:what|how\s+many)\s+" + _PCT + r"(?:\s+" + _CHANGE + r")?",
     'from 80 down to 60 is what percent decrease'),
    ("change_then_percent", "percent_change", r"(?:from\s+)?" + _N + r"\s+(?:(?:up|down)\s+)?to\s+" + _M
     + r",?\s+(?:what's|whats|what\s+is)\s+(?:the|that)\s+(?:as\s+a\s+)?" + _PCT + r"(?:\s+" + _CHANGE + r")?",
     "from 12 to 15, what's the percentage rise"),
    # a percent more or less than a number: the change from that number
    ("percent_less_than", "percent_change", r"(?:what|how\s+many)\s+" + _PCT + r"\s+" + _COMPARED + r"\s+(?:is|are)\s+"
     + _M + r"\s+than\s+" + _N,
     'how many percent less is 45 than 60'),
    ("is_percent_less_than", "percent_change", _M + r"\s+(?:is|are)\s+(?:what|how\s+many)\s+" + _PCT + r"\s+" + _COMPARED
     + r"\s+than\s+" + _N,
     '90 is what percent more than 60'),
    ("what_percent_change", "percent_change", r"what\s+" + _PCT + r"\s+" + _CHANGE
     + r"\s+is\s+(?:it\s+|that\s+)?(?:from\s+|going\s+from\s+)?" + _N + r"\s+(?:(?:up|down)\s+)?to\s+" + _M,
     'what percent increase is it from 80 to 100'),
    ("by_what_percent", "percent_change", r"by\s+(?:what|how\s+many)\s+" + _PCT + r"\s+(?:did|does|has|have|is|would)\s+"
     r"(?:[\w']+\s+){1,3}?" + _MOVED + r"\s+(?:from\s+)?" + _N + r"\s+to\s+" + _M,
     'by what percent did the rent go up from 900 to 990'),
]
_SAID_REGEXES = [(op, re.compile(words + _END)) for _, op, words, _ in _SAID_AS]
# a factorial as speech recognition may write it: "5!" (the mark is dropped from the words: read it in the text)
_BANG = re.compile(r"(?<![\w.!])(?P<a>\d+)\s*!")
_LIST_SEPARATOR = re.compile(r"\s*,\s+(?:and\s+|or\s+)?|(?<!hundred)(?<!thousand)(?<!million)\s+(?:and|or|&)\s+")


def _number(text: str | None) -> Decimal | None:
    """A number as said, negative ones and fractions too ("negative 12.5", "-7", "minus three", "two
    thirds")."""
    if text is None:
        return None
    t = text.strip(" ,")
    negative = re.fullmatch(r"(?:minus|negative)\s+(?P<n>\S.*)", t)
    t = negative.group("n") if negative else t
    n = parse_number(t)
    n = _fraction_exponent(t) if n is None else n          # "half", "two thirds" (not a lone "third")
    return None if n is None else -n if negative else n


def _numbers_listed(text: str) -> list[Decimal] | None:
    """"3, 8 and 10" -> [3, 8, 10], "90 85 and 77", "7/8 or 5/6", "a hundred and five and ten" -> [105,
    10]; None when anything in it is not a number ("temperature in paris this week")."""
    out: list[Decimal] = []
    for part in _LIST_SEPARATOR.split(text.strip(" ,")):
        n = _number(part)
        items = [n] if n is not None else [_number(w) for w in part.split()]      # "90 85": one number each
        if not items or None in items:
            return None
        out += items  # type: ignore[arg-type]
    return out


def _read_said(op: str, m: re.Match[str]) -> dict[str, Any] | None:
    """The arguments of one row of `_SAID_AS` from its match; None when a number is not one."""
    groups = m.groupdict()
    if groups.get("several") is not None:
        numbers = _numbers_listed(groups["several"])
        if numbers is None or len(numbers) < 2:
            return None
        if op == "max_or_min":
            op = "max" if groups["which"] in _BIGGER else "min"
        first, second, *more = [json_number(n) for n in numbers]
        return {"num1": first, "num2": second, **({"numbers": more} if more else {}), "operation": op}
    a, b = _number(groups["a"]), _number(groups.get("b"))
    if a is None or ("b" in groups and b is None):
        return None
    if op == "max_or_min":                          # "is 0.3 bigger than 0.25"
        op = "max" if groups["which"] in _BIGGER else "min"
    if op == "power":
        return {"num1": json_number(a), "num2": _POWER_WORDS[groups["pow"]], "operation": "power"}
    return {"num1": json_number(a), **({"num2": json_number(b)} if b is not None else {}), "operation": op}


def _said_claim(op: str):
    def handler(m: re.Match[str], _text: str) -> PreRouteResult | None:
        args = _read_said(op, m)
        return PreRouteResult(arguments=args) if args else None
    return handler


def _bang_factorial(m: re.Match[str], text: str) -> PreRouteResult | None:
    """"5!" (the words say "5"): a factorial when the text wrote the mark right after the number."""
    bang = _BANG.search(text)
    if bang is None or bang.group("a") != m.group("a"):
        return None
    return PreRouteResult(arguments={"num1": int(bang.group("a")), "operation": "factorial"})


def said_math(voice_command: str) -> dict[str, Any] | None:
    """The arithmetic of `_SAID_AS` said in the words, whatever comes before it and whatever words
    without a number come after it ("i need the factorial of 6", "the average of 12 and 14 for me"),
    but not one operation of several ("the average of 3 and 5 plus 2"); None when they say none."""
    words = normalize_utterance(voice_command).split()
    for end in range(len(words), 0, -1):
        rest = words[end:]
        if numbers_said(" ".join(rest)) or any(o.split() == rest[:len(o.split())] for o in _EXPRESSION_OPS):
            break
        for start in range(end):
            span = " ".join(words[start:end])
            for op, regex in _SAID_REGEXES:
                m = regex.fullmatch(span)
                args = _read_said(op, m) if m else None
                if args is not None:
                    return args
    return None


# a percentage asked for ("18 out of 24, what's that as a percent", "by how many percent did it rise"): of
# a change when the words say one, else what percent one number is of the other
_AS_PERCENT = re.compile(r"\b(?:(?:as|in|into|to)\s+(?:a\s+)?|(?:what|how\s+many)\s+)" + _PCT + r"\b")
_A_CHANGE = re.compile(r"\b(?:" + _CHANGE + r"|" + _MOVED + r"|goes|went|going|gone|" + _COMPARED + r"\s+than)\b")



def _percent_asked(voice_command: str) -> str | None:
    """The percentage the words ask for: "percent_change" or "what_percent" (the model's choice
    between them, or a division, is no evidence); None when they ask for none."""
    words = normalize_utterance(voice_command)
    if not (_AS_PERCENT.search(words) or re.search(_PCT + r"\s+" + _CHANGE, words)):
        return None
    return "percent_change" if _A_CHANGE.search(words) else "what_percent"


# the words that say each of the other operations: a call the model wrote with one of them needs them
_SAYS = {"factorial": r"factorial\b|\d!", "absolute": r"absolute\b|abs\b", "average": r"average|mean\b",
         "remainder": r"remainder\b|mod\b|modulo\b|modulus\b|left\s*over\b|leftover\b",
         "max": r"(?:" + "|".join(_BIGGER) + r")\b", "min": r"(?:" + "|".join(_SMALLER) + r")\b"}


def _says_operation(op: str, voice_command: str) -> bool:
    """Whether the words say `op` (an operation `_SAYS` has no words for needs none)."""
    if op in ("what_percent", "percent_change"):
        return _percent_asked(voice_command) == op
    return op not in _SAYS or re.search(r"\b(?:" + _SAYS[op] + ")", voice_command.lower()) is not None


def _power_said(voice_command: str, exponent: Decimal) -> str | None:
    """"squared" / "cubed" for a power of 2 or 3 the words said so ("12 squared", "the cube of 5")."""
    words = re.findall(r"[a-z]+", voice_command.lower())
    for i, w in enumerate(words):
        if _POWER_WORDS.get(w) == exponent and (i + 1 == len(words) or words[i + 1] != "root"):
            return "squared" if exponent == 2 else "cubed"
    return None


def _needed(op: str) -> tuple[str, ...]:
    """The arguments an operation cannot be worked out without (an average, max or min: two numbers at least)."""
    return ("num1",) if op in _ONE_NUMBER else ("num1", "num2")


def _listed(kwargs: dict[str, Any]) -> list[Decimal]:
    """The numbers of an average, max or min: num1, num2 and the `numbers` after them (`numbers` alone
    when it lists num1 and num2 again)."""
    first = [_dec(kwargs[k]) for k in ("num1", "num2") if kwargs.get(k) is not None]
    more = [_dec(v) for v in kwargs.get("numbers") or []]
    return more if more[:len(first)] == first else first + more


def _work_out_more(op: str, kwargs: dict[str, Any]) -> tuple[Decimal, str] | str:
    """The result of one of `_MORE_OPERATIONS`, or of a sum or product of more than two numbers, and the
    reply that says it, or why there is none (one sentence). Bounded work: a factorial only up to MAX_FACTORIAL."""
    if op in _CHAINED:
        values = _listed(kwargs)
        r = sum(values) if op == "add" else math.prod(values)
        return r, f" {_WORD[op]} ".join(say_number(v, PLACES) for v in values) + f" is {_say_result(r, False)}."
    if op in _SEVERAL_NUMBERS:
        values = _listed(kwargs)
        listed = join_words([say_number(v, PLACES) for v in values])
        if op == "average":
            r = sum(values) / len(values)
            return r, f"The average of {listed} is {_say_result(r, False)}."
        r = max(values) if op == "max" else min(values)
        word = ({"max": "bigger", "min": "smaller"} if len(values) == 2 else {"max": "biggest", "min": "smallest"})[op]
        return r, f"The {word} of {listed} is {_say_result(r, False)}."
    a = _dec(kwargs["num1"])
    x = say_number(a, PLACES)
    if op == "factorial":
        if a < 0 or a != a.to_integral_value():
            return f"Factorials are only of whole numbers from 0 up, and {x} isn't one."
        if a > MAX_FACTORIAL:
            return f"{x} factorial is too big to read out: I work out factorials up to {MAX_FACTORIAL}."
        r = Decimal(math.factorial(int(a)))
        return r, f"{x} factorial is {_say_result(r, False)}."
    if op == "absolute":
        return abs(a), f"The absolute value of {x} is {_say_result(abs(a), False)}."
    if op == "roman":
        if a != a.to_integral_value() or not 1 <= a <= MAX_ROMAN:
            return f"Roman numerals write whole numbers from 1 to {MAX_ROMAN:,}, and {x} isn't one."
        numeral = roman_numeral(int(a))
        return a, f"{x} in Roman numerals is {numeral}: {', '.join(numeral)}."
    b = _dec(kwargs["num2"])
    y = say_number(b, PLACES)
    if op == "remainder":
        if b == 0:
            return f"The remainder of {x} divided by 0 has no answer: you can't divide by zero."
        r = a % b                       # a remainder is never below zero: that of -7 divided by 3 is 2
        r = r + abs(b) if r < 0 else r
        return r, f"The remainder of {x} divided by {y} is {_say_result(r, False)}."
    if op == "what_percent":
        if b == 0:
            return f"{x} is no percentage of 0: you can't divide by zero."
        r = a / b * 100
        return r, f"{x} is {_say_result(r, False)} percent of {y}."
    if a == 0:                          # percent_change
        return f"From 0 to {y} has no percent change: nothing is a percentage of 0."
    r = (b - a) / abs(a) * 100
    if r == 0:
        return r, f"From {x} to {y} is no change."
    way = "an increase" if r > 0 else "a decrease"
    return r, f"From {x} to {y} is {way} of {_say_result(abs(r), False)} percent."


# ---- everyday arithmetic: sharing an amount, a tip or tax on it, rounding it -------------------------
# Read from the words as a whole (any order: "75 dollars between 3 people, how much each"), each number
# by what stands beside it. The tables are the grammar; a fast path claims only words all of which are
# in them (`_EVERYDAY_WORDS`), the words the router sent here are read without that check.
_CURRENCY_SYMBOLS = {"$": "dollars", "€": "euros", "£": "pounds"}
_CURRENCIES = {"dollar", "dollars", "euro", "euros", "pound", "pounds", "buck", "bucks", "quid", "usd", "eur", "gbp"}
_SPLIT_VERBS = {"split", "splits", "splitting", "share", "shared", "sharing", "divvy", "divvied"}
_DIVIDE_VERBS = {"divide", "divided", "dividing"}
_EACH = {"each", "apiece", "everyone", "everybody", "everyone's", "everybody's"}
_PER = {"person", "head", "guest"}                                 # "per person", "a head"
_SHARERS = {"ways", "way", "people", "persons", "friends", "guys", "diners", "guests", "roommates", "flatmates",
            "housemates", "colleagues", "coworkers", "kids", "children", "players", "heads", "families", "couples"}
_SHARE_BEFORE = {"between", "among", "amongst", "across", "by", "into", "in"}      # "between 4", "split it by 3"
_DETERMINERS = {"the", "all", "my", "our", "your", "his", "her", "their"}      # "between the 4 of us", "with my 3 friends"
_PARTS_OF = {"half": 2, "halves": 2, "thirds": 3, "quarters": 4}                   # "split it in half"
_SURCHARGES = {"tip": "tip", "tips": "tip", "tipping": "tip", "gratuity": "gratuity", "tax": "tax", "taxes": "tax",
               "vat": "VAT", "service": "service charge"}
_WITH_ARTICLE = {"tip", "gratuity", "service charge"}               # "a 15 percent tip", "20 percent VAT"
_TOTAL_WORDS = {"with", "plus", "including", "included", "incl", "add", "added", "adding", "after", "total",
                "altogether", "inclusive"}
_ROUND = {"round", "rounded", "rounding"}
_STEPS = {"whole": Decimal(1), "integer": Decimal(1), "integers": Decimal(1), "unit": Decimal(1),
          "dollar": Decimal(1), "euro": Decimal(1), "pound": Decimal(1), "buck": Decimal(1),
          "cent": Decimal("0.01"), "cents": Decimal("0.01"), "penny": Decimal("0.01"), "pennies": Decimal("0.01"),
          "tens": Decimal(10), "hundred": Decimal(100), "hundreds": Decimal(100), "thousand": Decimal(1000),
          "thousands": Decimal(1000), "million": Decimal(1000000), "tenth": Decimal("0.1"), "tenths": Decimal("0.1"),
          "hundredth": Decimal("0.01"), "hundredths": Decimal("0.01"), "thousandth": Decimal("0.001"),
          "half": Decimal("0.5"), "quarter": Decimal("0.25")}
_STEP_NAMES = {"whole": "whole number", "integers": "integer", "cents": "cent", "pennies": "penny", "tens": "ten",
               "hundreds": "hundred", "thousands": "thousand", "tenths": "tenth", "hundredths": "hundredth"}
_PLACES = {"decimal", "decimals", "places", "place", "dp"}
_FILLER = set("""what what's whats is are was be would will does do did how much tell me give calculate compute work
figure out if we we're i i'm us our you your my the a an of on for to at and it that this then so now ok okay hey
just come comes it's pay pays paying owe owes should let's can could want need get gets amount cost costs price bill
check cheque tab meal dinner lunch order up evenly equally nearest number numbers percent per cent all there
them""".split())
_EVERYDAY_WORDS = (_FILLER | _CURRENCIES | _SPLIT_VERBS | _DIVIDE_VERBS | _EACH | _PER | _SHARERS | _SHARE_BEFORE
                   | set(_PARTS_OF) | set(_SURCHARGES) | _TOTAL_WORDS | _ROUND | set(_STEPS) | _PLACES
                   | {"charge", "sales", "down", "off"})
_EVERYDAY_CUE = re.compile(r".*\b(?:split\w*|shar\w*|divid\w*|divv\w*|each|apiece|every\w+|per|tip\w*|gratuity|"
                           r"tax\w*|vat|service|round\w*|nearest|decimals?)\b.*")


_OPERATION_WORDS = ({w for o in _OPS for w in o.split() if w.isalpha() and w not in ("and", "to", "the", "x", "of", "by", "into")}
                    | set(_SQUARED) | {"double", "twice", "triple", "half", "percent", "root", "factorial",
                                       "average", "mean", "total", "sum", "add", "subtract", "multiply", "divide"})


def _money_from_one_currency_to_another(voice_command: str) -> bool:
    """Whether a request names money and asks no sum of it: one amount, no operation said ("if i have
    five u. s. d. how much is that in aud", "whats 100 eur in jpy"): a currency conversion, which needs a
    rate this assistant has not, not a multiplication the model made up. "15 percent of 80 dollars",
    "20 dollars times 3" say theirs."""
    if not names_a_currency(voice_command) or said_math(voice_command) or part_of(voice_command) or root_of(voice_command):
        return False
    said = _words_and_numbers(voice_command)
    amounts = [w for w in said if isinstance(w, Decimal)]
    return len(amounts) < 2 and not any(isinstance(w, str) and (w in _OPERATION_WORDS or _EVERYDAY_CUE.fullmatch(w))
                                        for w in said)


def _words_and_numbers(text: str) -> list[str | Decimal]:
    """The words of a request, each number said as one Decimal ("eighty four" -> 84; "$84.50" -> 84.50,
    "dollars"; "15%" -> 15, "percent"), punctuation dropped."""
    t = normalize_utterance(text).replace("%", " percent ")
    t = re.sub(r"([$€£])\s*(\d[\d,]*(?:\.\d+)?)", lambda m: f" {m.group(2)} {_CURRENCY_SYMBOLS[m.group(1)]} ", t)
    words = re.findall(r"\d+(?:,\d{3})*(?:\.\d+)?|[a-z]+(?:'[a-z]+)?", t)
    out: list[str | Decimal] = []
    i = 0
    while i < len(words):
        for n in range(min(8, len(words) - i), 0, -1):        # the longest run of words that is a number
            value = parse_number(" ".join(words[i:i + n]))
            if value is not None:
                out.append(value)
                i += n
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _word(said: list[str | Decimal], i: int) -> str:
    return said[i] if 0 <= i < len(said) and isinstance(said[i], str) else ""  # type: ignore[return-value]


def _is_percent(said: list[str | Decimal], i: int) -> bool:
    return _word(said, i + 1) == "percent" or (_word(said, i + 1), _word(said, i + 2)) == ("per", "cent")


@dataclass(frozen=True)
class Everyday:
    """Arithmetic said in everyday words: what to work out, and how to say it back."""

    kind: str                   # "split", "surcharge" (the tip itself), "with_surcharge" (amount and tip), "round"
    amount: Decimal
    by: Decimal                 # the shares, the percentage, or the step rounded to
    noun: str = ""              # "tip", "tax", "VAT"; for rounding, what was said ("to the nearest ten")
    direction: str = ""         # "up" / "down": rounding up or down
    money: bool = False

    def arguments(self) -> dict[str, Any]:
        if self.kind == "split":
            a, op, b = self.amount, "divide", self.by
        elif self.kind == "surcharge":
            a, op, b = self.by / 100, "multiply", self.amount
        elif self.kind == "with_surcharge":
            a, op, b = self.amount, "multiply", 1 + self.by / 100
        else:
            a, op, b = self.amount, _ROUNDING_OPS[self.direction], self.by
        return {"num1": json_number(a), "num2": json_number(b), "operation": op}

    def agrees(self, args: dict[str, Any]) -> bool:
        """The call works out what these words say (a product in either order)."""
        want = self.arguments()
        try:
            got = [_dec(args.get("num1")), _dec(args.get("num2"))]
        except (InvalidOperation, TypeError, ValueError):
            return False
        pair = [_dec(want["num1"]), _dec(want["num2"])]
        return args.get("operation") == want["operation"] and (
            got == pair or (want["operation"] == "multiply" and got == pair[::-1]))

    def say(self, result: Decimal) -> str:
        amount = _say_amount(self.amount, self.money)
        if self.kind == "split":
            return f"Split {say_number(self.by, PLACES)} ways, {amount} is {_say_result(result, True)} each."
        if self.kind in ("surcharge", "with_surcharge"):
            percent = f"{say_number(self.by, PLACES)} percent {self.noun}"
            if self.noun in _WITH_ARTICLE:
                percent = ("an " if _starts_with_a_vowel_sound(self.by) else "a ") + percent
            tip, total = (result, self.amount + result) if self.kind == "surcharge" else (result - self.amount, result)
            if self.kind == "surcharge":
                said = f"{percent} on {amount} is {_say_result(tip, True)}; {_say_money(total)} with the {self.noun}."
            else:
                said = f"{amount} with {percent} is {_say_result(total, True)}; the {self.noun} is {_say_money(tip)}."
            return said[0].upper() + said[1:]
        return _say_rounding(self.amount, self.direction, self.by, self.noun, result, self.money)


MAX_SAID_PLACES = 6          # a number with more decimals than this was worked out, not said
_ROUNDING_OPS = {"": "round", "up": "round_up", "down": "round_down"}
_ROUNDING_MODES = {"round": ROUND_HALF_UP, "round_up": ROUND_CEILING, "round_down": ROUND_FLOOR}


def _starts_with_a_vowel_sound(n: Decimal) -> bool:
    """"an 8 percent tip", "an 11 percent", "an 18 percent", "an 80 percent"; "a 15 percent"."""
    whole = str(int(abs(n)))
    return whole.startswith("8") or whole in ("11", "18") or (len(whole) in (5, 6) and whole[:2] in ("11", "18"))


def _say_money(d: Decimal) -> str:
    """Money: with cents ("16.80") unless whole ("84")."""
    return say_number(d) if d == d.to_integral_value() else f"{d.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP):,.2f}"


def _say_amount(d: Decimal, money: bool) -> str:
    """An amount as it was said ("3.14159", money with cents: "16.80"); one worked out before, with
    more decimals than anyone says, as a result is said ("33.33")."""
    places = _decimals(d)
    if places > MAX_SAID_PLACES:
        return _say_money(d) if money else say_number(d, PLACES)
    return _say_money(d) if money and places <= 2 else say_number(d, max(PLACES, places))


def _say_result(d: Decimal, money: bool) -> str:
    """A result as said, money with cents; "about" when it is said shorter than it is."""
    spoken = _say_money(d) if money else say_number(d, PLACES)
    exact = Decimal(spoken.replace(",", "")) == d if money else spoken.replace(",", "") == format(d.normalize(), "f")
    return spoken if exact else f"about {spoken}"


def _decimals(d: Decimal) -> int:
    return max(0, -d.normalize().as_tuple().exponent)  # type: ignore[operator]


def _rounding_target(step: Decimal) -> str:
    """How a step is said when the words gave no name for it: 1 -> "", 10 -> "to the nearest 10",
    0.01 -> "to 2 decimal places"."""
    if step == 1:
        return ""
    places = _decimals(step)
    if places and step == Decimal(1).scaleb(-places):
        return f"to {plural(places, 'decimal place')}"
    return f"to the nearest {say_number(step, max(PLACES, places))}"


def _say_rounding(a: Decimal, direction: str, step: Decimal, target: str, result: Decimal, money: bool) -> str:
    target = target or _rounding_target(step)
    how = " ".join(w for w in ("rounded", direction, target) if w)
    places = _decimals(step)
    said = f"{_say_amount(a, money)} {how} is {result.quantize(Decimal(1).scaleb(-places)):,.{places}f}."
    return said[0].upper() + said[1:]


# a rounding said after a sum: "100 divided by 7 to two decimal places", "... rounded to the nearest ten"
_ROUND_TAIL = re.compile(r",?\s+(?:rounded\s+(?:off\s+)?|round(?:ed)?\s+up\s+|round(?:ed)?\s+down\s+)?"
                         r"(?P<x>to\s+(?:the\s+)?nearest\s+(?P<named>\S+(?:\s+number)?)|to\s+(?P<places>\S+)\s+(?:decimal\s+places?|dp|places?))$")


def rounding_said_after(voice_command: str) -> tuple[str, Decimal] | None:
    """(the words before it, the step) for a sum with a rounding said after it ("what's 100 divided by 7 to
    two decimal places" -> ("what's 100 divided by 7", 0.01)); None when the words end in none."""
    t = normalize_utterance(voice_command).strip(" ?.!")
    m = _ROUND_TAIL.search(t)
    if m is None or m.start() == 0:
        return None
    if m.group("places"):
        n = parse_number(m.group("places"))
        if n is None or n != int(n) or not 0 <= n <= 10:
            return None
        step = Decimal(1).scaleb(-int(n))
    else:
        named = m.group("named").split()[0]
        n = parse_number(named)
        step = _STEPS.get(named) if n is None else Decimal(n)
        if step is None or step <= 0:
            return None
    return t[:m.start()], step


def _round(a: Decimal, step: Decimal, operation: str) -> Decimal:
    """`a` to a whole number of `step`s: to the nearest (a half goes up), up or down."""
    return (a / step).quantize(Decimal(1), rounding=_ROUNDING_MODES[operation]) * step


def _read_split(said: list[str | Decimal], numbers: list[int], shares: Decimal | None) -> Everyday | None:
    """"split 84 dollars between 4 people", "what's 60 split 3 ways", "180 each for 4 people"; the
    shares said before stand when none is said ("how much is that each")."""
    words = {w for w in said if isinstance(w, str)}
    each = bool(words & _EACH) or any(_word(said, i) in ("per", "a") and _word(said, i + 1) in _PER
                                      for i in range(len(said)))
    verb = bool(words & _SPLIT_VERBS)
    if not (verb or each or words & _DIVIDE_VERBS):
        return None
    counts: list[tuple[int, int, Decimal]] = []        # (how sure, where, how many)
    for i in numbers:
        after, before = _word(said, i + 1), _word(said, i - 1 if _word(said, i - 1) not in _DETERMINERS else i - 2)
        if before == "with" or before in _EACH or _is_percent(said, i):   # "with 3 friends": 3 or 4? "each one"
            continue
        if after in _SHARERS or (after == "of" and _word(said, i + 2) in ("us", "them", "you")):
            counts.append((2, i, said[i]))  # type: ignore[arg-type]
        elif before in _SHARE_BEFORE or before == "we're" or (before == "are" and _word(said, i - 2) in ("we", "there")):
            counts.append((1, i, said[i]))  # type: ignore[arg-type]
    counts += [(2, -1, Decimal(_PARTS_OF[w])) for i, w in enumerate(said)   # type: ignore[index]
               if isinstance(w, str) and w in _PARTS_OF and _word(said, i - 1) in ("in", "into")]
    if counts:
        sure, where, count = max(counts, key=lambda c: (c[0], c[1]))
    elif shares is not None and each:
        sure, where, count = 0, -1, shares
    else:
        return None
    if not (verb or each) and not (sure == 2 or _word(said, where - 1) in ("between", "among", "amongst", "across")):
        return None                                     # "84 divided by 4" is a division, not a split
    amounts = [i for i in numbers if i != where]
    if len(amounts) != 1 or _is_percent(said, amounts[0]) or count <= 0 or count != count.to_integral_value():
        return None
    return Everyday("split", said[amounts[0]], count, money=True)  # type: ignore[arg-type]


def _read_surcharge(said: list[str | Decimal], numbers: list[int]) -> Everyday | None:
    """"a 15 percent tip on 60", "the tax on 300 at 6 percent", "60 with a 15 percent tip", "84 plus 8
    percent tax"."""
    nouns = [_SURCHARGES[w] for w in said if isinstance(w, str) and w in _SURCHARGES
             and (w != "service" or "charge" in said)]
    percents = [i for i in numbers if _is_percent(said, i)]
    amounts = [i for i in numbers if i not in percents]
    if not nouns or len(percents) != 1 or len(amounts) != 1:
        return None
    noun = "sales tax" if nouns[0] == "tax" and "sales" in said else nouns[0]
    kind = "with_surcharge" if any(w in _TOTAL_WORDS for w in said if isinstance(w, str)) else "surcharge"
    return Everyday(kind, said[amounts[0]], said[percents[0]], noun, money=True)  # type: ignore[arg-type]


def _read_rounding(said: list[str | Decimal], numbers: list[int]) -> Everyday | None:
    """"round 3.14159 to two decimal places", "what's 47 rounded to the nearest ten", "round 3.2 up"."""
    direction = "up" if "up" in said else "down" if "down" in said else ""
    step, target, used = Decimal(1), "", set()
    for i, w in enumerate(said):
        k = i + 1 + (_word(said, i + 1) in ("the", "a"))        # the word that names the step: "to the dollar"
        named = said[k] if k < len(said) else ""
        if w == "nearest" and isinstance(named, Decimal):        # "the nearest 5", "the nearest ten"
            step, target, used = named, f"to the nearest {say_number(named, PLACES)}", {k}
        elif w in ("nearest", "to") and isinstance(named, str) and named in _STEPS:   # "the nearest hundred"
            step, target = _STEPS[named], f"to the nearest {_STEP_NAMES.get(named, named)}"
        elif isinstance(w, Decimal) and _word(said, i + 1) in _PLACES and w == w.to_integral_value() and 0 <= w <= 10:
            step, target, used = Decimal(1).scaleb(-int(w)), f"to {plural(int(w), 'decimal place')}", {i}
        else:
            continue
        break
    if not any(w in _ROUND for w in said if isinstance(w, str)) and "nearest" not in said and "place" not in target:
        return None                     # "what's 1234.5678 to two decimal places" rounds; "10 euros to the dollar" not
    values = [i for i in numbers if i not in used]
    if len(values) != 1 or _is_percent(said, values[0]) or step <= 0:
        return None
    money = any(w in _CURRENCIES or w in ("cent", "cents", "penny", "pennies") for w in said if isinstance(w, str))
    return Everyday("round", said[values[0]], step, target, direction, money)  # type: ignore[arg-type]


def read_everyday(voice_command: str, shares: Decimal | None = None, strict: bool = False) -> Everyday | None:
    """Arithmetic said in everyday words: sharing an amount ("split 84 dollars between 4 people"), a tip
    or tax on it ("a 15 percent tip on 60", "60 with a 15 percent tip"), rounding it ("round 3.14159 to
    two decimal places"). None for anything else, and for words that say two of them at once. `shares`:
    how many to share between when the words say none ("how much is 96 each"). `strict`: only words
    all of which say such arithmetic (a fast path's certainty)."""
    said = _words_and_numbers(voice_command)
    if strict and not all(isinstance(w, Decimal) or w in _EVERYDAY_WORDS for w in said):
        return None
    numbers = [i for i, w in enumerate(said) if isinstance(w, Decimal)]
    found = [r for r in (_read_split(said, numbers, shares), _read_surcharge(said, numbers),
                         _read_rounding(said, numbers)) if r is not None]
    if len(found) != 1:
        return None
    money = found[0].money or any(w in _CURRENCIES for w in said if isinstance(w, str))
    return dataclasses.replace(found[0], money=money)


# ---- arithmetic on the last result: "and times 3", "double it", "what's that squared" ----------------
FOLLOW_UP_SECONDS = 300          # how long after a result "that" still means it


@dataclass
class LastResult:
    """The last result the calculator gave in this running assistant, and when."""

    value: Decimal | None = None
    at: _dt.datetime | None = None
    money: bool = False                 # said as money ("16.80")
    shares: Decimal | None = None       # the last amount was shared this many ways ("how much is that each")


_LEAD = re.compile(r"^(?:(?:and|now|then|so|ok|okay|right|next|also|hmm|um)\s+)+")
# the words that point back at the result
_REFERENT = re.compile(r"\b(?:(?:that|this)(?:\s+(?:number|result|answer))?|it|the\s+(?:result|answer|total))\b")
# an operation on it with no number of its own
_SCALE_WORDS = {"double": "times 2", "twice": "times 2", "triple": "times 3", "quadruple": "times 4",
                "halve": "divided by 2", "half": "divided by 2", "square": "squared", "cube": "cubed"}
_SCALE = re.compile(_ASK + r"(?P<verb>" + "|".join(_SCALE_WORDS) + r")\s+(?:of\s+)?" + _REFERENT.pattern)
# what is worked out of one number, named: "its square root", "the factorial", "and the absolute value"
_OF_ONE = r"(?P<x>(?:square|cube|\w+th)\s+root|factorial|absolute\s+value|square|cube)"
_ITS = re.compile(r"\b(?:its|the\s+(?:result|answer|total)'s)\s+" + _OF_ONE + r"\b")
# an operation and a number, the result left unsaid: "plus 10", "divide by 2", "take away 7"
_LEADING_OP = "|".join(re.escape(o) for o in sorted(set(_OPS) - {"and"}, key=len, reverse=True))
_ON_THE_RESULT = [
    # "divide by 2", "times by 3" (a verb: "times it by 3" is "multiply it by 3")
    (re.compile(r"(?P<verb>divide|multiply|times)\s+(?P<x>by\s+.+)"), "{verb} {n} {x}"),
    (re.compile(r"(?P<x>(?:" + _LEADING_OP + r"|squared|cubed)(?:\s.*)?)"), "{n} {x}"),
    (re.compile(r"(?:add|plus)\s+(?P<x>.+?)(?:\s+more)?"), "{n} plus {x}"),
    (re.compile(r"(?:subtract|take\s+away|take|minus)\s+(?P<x>.+?)(?:\s+away)?"), "{n} minus {x}"),
    # everyday words ("split 4 ways", "rounded up", "to the nearest ten", "with a 15 percent tip", "how much each")
    (re.compile(r"(?P<verb>split|share|divide|divvy\s+up)\s+(?P<x>.+)"), "{verb} {n} {x}"),
    (re.compile(r"round(?:ed)?(?P<x>(?:\s.+)?)"), "round {n}{x}"),
    (re.compile(r"(?P<x>to\s+(?:the\s+)?nearest\s.+|to\s+\S+\s+decimal\s+places?)"), "round {n} {x}"),
    (re.compile(r"(?P<x>(?:with|including|after)\s.+)"), "{n} {x}"),
    (re.compile(r"(?P<x>(?:how\s+much\s+(?:is\s+)?)?(?:each|per\s+(?:person|head)|a\s+head|apiece)(?:\s.+)?)"), "{n} {x}"),
    (re.compile(_ASK + r"(?:the\s+)?" + _OF_ONE), "the {x} of {n}"),
]


def on_the_result(voice_command: str, last: Decimal) -> str | None:
    """A follow-up that works on the last result, said as a request of its own: "and times 3" ->
    "250 times 3", "now divide that by 2" -> "divide 250 by 2", "double it" -> "250 times 2"; None when
    the words do not point back at a result."""
    t = _LEAD.sub("", normalize_utterance(voice_command).strip(" ?.!"))
    n = format(last.normalize(), "f")
    m = _SCALE.fullmatch(t)
    if m:
        return f"{n} {_SCALE_WORDS[m.group('verb')]}"
    if _ITS.search(t):                                  # "what's its square root"
        return _ITS.sub(lambda its: f"the {its.group('x')} of {n}", t, count=1)
    if _REFERENT.search(t):
        return _REFERENT.sub(n, t, count=1)
    for pattern, said in _ON_THE_RESULT:
        m = pattern.fullmatch(t)
        if m:
            return said.format(n=n, **m.groupdict())
    return None


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [("what's nine times eight", {'num1': 9, 'num2': 8, 'operation': 'multiply'}),
 ('add 15 and 27', {'num1': 15, 'num2': 27, 'operation': 'add'}),
 ('what is 100 minus 37', {'num1': 100, 'num2': 37, 'operation': 'subtract'}),
 ('divide 81 by 9', {'num1': 81, 'num2': 9, 'operation': 'divide'}),
 ('how much is 250 plus 75', {'num1': 250, 'num2': 75, 'operation': 'add'}),
 ('multiply 12 by 11', {'num1': 12, 'num2': 11, 'operation': 'multiply'})]
# numbers as speech recognition often writes them: in words
_MORE_EXAMPLES += [('what is seven times eight', {'num1': 7, 'num2': 8, 'operation': 'multiply'}),
 ('what is twelve divided by four', {'num1': 12, 'num2': 4, 'operation': 'divide'}),
 ('what is fifteen plus twenty', {'num1': 15, 'num2': 20, 'operation': 'add'}),
 ('what is forty minus nine', {'num1': 40, 'num2': 9, 'operation': 'subtract'}),
 ('how much is three hundred plus fifty', {'num1': 300, 'num2': 50, 'operation': 'add'})]
# roots, as the power 1/n (the answer_question side used to get them: "what's the square root of 144")
_MORE_EXAMPLES += [("what's the square root of 144", {'num1': 144, 'num2': 0.5, 'operation': 'power'}),
 ('what is the cube root of 27', {'num1': 27, 'num2': 1 / 3, 'operation': 'power'}),
 ('square root of 2', {'num1': 2, 'num2': 0.5, 'operation': 'power'}),
 ('calculate the square root of eighty one', {'num1': 81, 'num2': 0.5, 'operation': 'power'}),
 ("what's the fourth root of 16", {'num1': 16, 'num2': 0.25, 'operation': 'power'}),
 ('tell me the square root of 2.25', {'num1': 2.25, 'num2': 0.5, 'operation': 'power'}),
 ('what is the cube root of 1000', {'num1': 1000, 'num2': 1 / 3, 'operation': 'power'}),
 ("what's 49 to the power of a half", {'num1': 49, 'num2': 0.5, 'operation': 'power'})]
# everyday words: an amount shared, a tip or tax on it, rounding (and the same said of the last result)
_MORE_EXAMPLES += [('split a 96 dollar bill between 3 people', {'num1': 96, 'num2': 3, 'operation': 'divide'}),
 ("we're splitting 150 euros five ways", {'num1': 150, 'num2': 5, 'operation': 'divide'}),
 ('divide 48 bucks among four friends', {'num1': 48, 'num2': 4, 'operation': 'divide'}),
 ("what's each person's share of 210 for 6 people", {'num1': 210, 'num2': 6, 'operation': 'divide'}),
 ('what do we each pay if dinner was 132 for four of us', {'num1': 132, 'num2': 4, 'operation': 'divide'}),
 ('share 1,000 equally between 8', {'num1': 1000, 'num2': 8, 'operation': 'divide'}),
 ('how much is 90 per person for 5 people', {'num1': 90, 'num2': 5, 'operation': 'divide'}),
 ('split that three ways', {'num2': 3, 'operation': 'divide'}),
 ('how much is that each', {'operation': 'divide'}),
 ("what's an 18 percent tip on 42 dollars", {'num1': 0.18, 'num2': 42, 'operation': 'multiply'}),
 ('how much should i tip on 75 at 20 percent', {'num1': 0.2, 'num2': 75, 'operation': 'multiply'}),
 ('work out a 12 percent gratuity on 230', {'num1': 0.12, 'num2': 230, 'operation': 'multiply'}),
 ('what is 7 percent sales tax on 19.99', {'num1': 0.07, 'num2': 19.99, 'operation': 'multiply'}),
 ("what's 48 with a 20 percent tip", {'num1': 48, 'num2': 1.2, 'operation': 'multiply'}),
 ('how much is 35 euros plus 10 percent tax', {'num1': 35, 'num2': 1.1, 'operation': 'multiply'}),
 ('total for 62.50 including a 15 percent tip', {'num1': 62.5, 'num2': 1.15, 'operation': 'multiply'}),
 ('add a twenty percent tip to that', {'num2': 1.2, 'operation': 'multiply'}),
 ('round 7.49 to the nearest whole number', {'num1': 7.49, 'num2': 1, 'operation': 'round'}),
 ('round 2.71828 to three decimal places', {'num1': 2.71828, 'num2': 0.001, 'operation': 'round'}),
 ("what's 3,462 rounded to the nearest thousand", {'num1': 3462, 'num2': 1000, 'operation': 'round'}),
 ('round 61 to the nearest five', {'num1': 61, 'num2': 5, 'operation': 'round'}),
 ('round 4.1 up', {'num1': 4.1, 'num2': 1, 'operation': 'round_up'}),
 ('round down 9.99', {'num1': 9.99, 'num2': 1, 'operation': 'round_down'}),
 ('round that to the nearest dollar', {'num2': 1, 'operation': 'round'}),
 ('round it up', {'num2': 1, 'operation': 'round_up'})]
# the rest of school arithmetic: a factorial, a remainder, an absolute value, an average, the biggest or
# smallest, what percent one number is of another, a percent change (and the same of the last result)
_MORE_EXAMPLES += [("what's 9 factorial", {'num1': 9, 'operation': 'factorial'}),
 ('what is the factorial of five', {'num1': 5, 'operation': 'factorial'}),
 ('factorial of 11', {'num1': 11, 'operation': 'factorial'}),
 ('compute four factorial', {'num1': 4, 'operation': 'factorial'}),
 ("what's the square of 13", {'num1': 13, 'num2': 2, 'operation': 'power'}),
 ('cube 6', {'num1': 6, 'num2': 3, 'operation': 'power'}),
 ("what's the remainder of 23 divided by 6", {'num1': 23, 'num2': 6, 'operation': 'remainder'}),
 ('what is 45 mod 7', {'num1': 45, 'num2': 7, 'operation': 'remainder'}),
 ('remainder when 100 is divided by 9', {'num1': 100, 'num2': 9, 'operation': 'remainder'}),
 ("what's the absolute value of minus 9", {'num1': -9, 'operation': 'absolute'}),
 ('absolute value of negative 4.2', {'num1': -4.2, 'operation': 'absolute'}),
 ("what's the average of 4, 9 and 11", {'num1': 4, 'num2': 9, 'numbers': [11], 'operation': 'average'}),
 ('mean of 20, 30 and 70', {'num1': 20, 'num2': 30, 'numbers': [70], 'operation': 'average'}),
 ('calculate the average of six, eight and ten', {'num1': 6, 'num2': 8, 'numbers': [10], 'operation': 'average'}),
 ('average of 1.5, 2.5 and 4', {'num1': 1.5, 'num2': 2.5, 'numbers': [4], 'operation': 'average'}),
 ("what's the largest of 31, 17 and 45", {'num1': 31, 'num2': 17, 'numbers': [45], 'operation': 'max'}),
 ('which is greater, 0.7 or 0.65', {'num1': 0.7, 'num2': 0.65, 'operation': 'max'}),
 ("what's the lowest of 12, 9 and 15", {'num1': 12, 'num2': 9, 'numbers': [15], 'operation': 'min'}),
 ('the smallest of 101, 99 and 100', {'num1': 101, 'num2': 99, 'numbers': [100], 'operation': 'min'}),
 ('i have 3, 6 and 9, what is their average', {'num1': 3, 'num2': 6, 'numbers': [9], 'operation': 'average'}),
 ('is 0.45 greater than 0.5', {'num1': 0.45, 'num2': 0.5, 'operation': 'max'}),
 ('what percent of 200 is 50', {'num1': 50, 'num2': 200, 'operation': 'what_percent'}),
 ('30 is what percent of 150', {'num1': 30, 'num2': 150, 'operation': 'what_percent'}),
 ('what percentage is 18 of 72', {'num1': 18, 'num2': 72, 'operation': 'what_percent'}),
 ('12 out of 16 as a percentage', {'num1': 12, 'num2': 16, 'operation': 'what_percent'}),
 ("what's the percent increase from 40 to 52", {'num1': 40, 'num2': 52, 'operation': 'percent_change'}),
 ('percentage decrease from 250 to 200', {'num1': 250, 'num2': 200, 'operation': 'percent_change'}),
 ('from 16 up to 20 is what percent increase', {'num1': 16, 'num2': 20, 'operation': 'percent_change'}),
 ("what's the percentage change from 75 to 90", {'num1': 75, 'num2': 90, 'operation': 'percent_change'}),
 ('and the factorial of that', {'operation': 'factorial'}),
 ("what's its square root", {'num2': 0.5, 'operation': 'power'}),
 ('and squared', {'num2': 2, 'operation': 'power'})]
_NEGATIVES: list[str] = ['how much is ten dollars in euros', "what's the square root of a negative number",
                         'book a round trip to paris', 'split the screen in two', 'give me a tip for cooking rice',
                         'a round of applause', 'average temperature in paris this week', 'what percent chance of rain',
                         'the remainder of my timer', 'average of my todo list', 'what percent is my laptop battery at']
_DOMAIN_WORDS: list[str] = ['plus', 'minus', 'times', 'divided', 'multiplied', 'calculate', 'sum', 'squared', 'cubed',
                             'square root', 'cube root', 'split the bill', 'per person', 'decimal places', 'factorial',
                             'modulo', 'absolute value', 'percent increase', 'percent decrease',
                             'percentage change']


class CalculateCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "calculate"

    @property
    def capability(self) -> str:
        return 'do arithmetic'

    @property
    def description(self) -> str:
        return ("Arithmetic on two numbers: add, subtract, multiply, divide or power (num1 to the power of num2), "
                "with exact decimal results, and rounding. Percentages: 15 percent of 200 is multiply 0.15 by 200. A "
                "root is a power: the square root of 144 is 144 to the power of 0.5. Everyday sums: splitting 84 "
                "between 4 people is divide 84 by 4; a 15 percent tip on 60 is multiply 0.15 by 60, and 60 with the "
                "tip is multiply 60 by 1.15; rounding 3.14159 to two decimal places is round 3.14159 to 0.01. Also the "
                "factorial or absolute value of num1, the remainder of num1 divided by num2, what percent num1 is "
                "of num2, the percent change from num1 to num2, the average, max or min of num1, num2 and numbers, "
                "and num1 in Roman numerals.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            # a factorial or an absolute value has no second number to make up: validate_call asks
            # for num2 where the operation needs it
            JarvisParameter("num1", "float", required=True, description="The first number.",
                            question="Which number?"),
            # from_user=False: an operation can imply its second number without saying it (5 squared:
            # 2; two decimal places: 0.01; double: 2); the first one and the list are the user's
            JarvisParameter("num2", "float", description="The second number (none for factorial or absolute).",
                            question="And the other number?", from_user=False),
            JarvisParameter("operation", "string", required=True,
                            enum_values=["add", "subtract", "multiply", "divide", "power", *_ROUNDING_MODES,
                                         *_MORE_OPERATIONS],
                            description="add, subtract (num1 - num2), multiply, divide (num1 / num2), power "
                                        "(num1 to the power of num2; 5 squared = 5 to the power of 2), or round, "
                                        "round_up, round_down (num1 to the nearest num2: 1 for a whole number, 10 "
                                        "for the nearest ten, 0.01 for two decimal places); factorial, absolute "
                                        "(of num1); remainder (of num1 divided by num2); what_percent (num1 as a "
                                        "percentage of num2: 20 of 80 is 25); percent_change (from num1 to num2); "
                                        "average, max, min (of num1, num2 and numbers); roman (num1 in Roman "
                                        "numerals)."),
            JarvisParameter("numbers", "list[float]",
                            description="The numbers after num1 and num2 of an average, max or min: the average "
                                        "of 3, 8 and 10 is num1 3, num2 8, numbers [10]."),
            JarvisParameter("round_to", "string", from_words=True,
                            description="The step the result is rounded to, said after the sum (0.01: to two decimal places)."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["plus", "minus", "times", "divided", "percent", "calculate", "split", "tip", "round"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("convert_measurement", "How many grams in 5 ounces? (units, not arithmetic)"),
                CommandAntipattern("answer_question", "What is pi? (a fact, not a calculation)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        ops = "|".join(re.escape(o) for o in sorted(_OPS, key=len, reverse=True))
        return [
            FastPath("calculate.expression", _ASK + r"[\w.,/ +*×÷^-]+", _expression, "what's 2 plus 2 times 3"),
            FastPath("calculate.binary", _ASK + _N + r"\s*(?P<op>" + ops + r")\s*" + _M + _END, _binary,
                     "what's 3.5 plus 1.25"),
            FastPath("calculate.add", r"add\s+" + _N + r"\s+(?:and|to)\s+" + _M, _verb("add"), "add 5 and 3"),
            FastPath("calculate.subtract", r"(?:subtract|take\s+away|take)\s+" + _N + r"\s+(?:away\s+)?from\s+" + _M,
                     _verb("subtract", swap=True), "subtract 4 from 10 / take away 4 from 10"),
            FastPath("calculate.multiply", r"(?:multiply|times)\s+" + _N + r"\s+(?:by|and|times|with)\s+" + _M,
                     _verb("multiply"), "multiply 6 by 7 / times 6 by 7"),
            FastPath("calculate.divide", r"divide\s+" + _N + r"\s+(?:by|over)\s+" + _M, _verb("divide"), "divide 20 by 5"),
            FastPath("calculate.power", r"raise\s+" + _N + r"\s+to\s+(?:the\s+)?(?:power\s+(?:of\s+)?)?" + _M, _verb("power"),
                     "raise 5 to the power of 4"),
            FastPath("calculate.squared", _ASK + _N + r"\s+(?P<pow>squared|cubed)", _squared, "what's 12 squared"),
            *(FastPath(f"calculate.{name}", _ASK + words + _END, _said_claim(op), said)
              for name, op, words, said in _SAID_AS),
            FastPath("calculate.factorial_mark", _ASK + r"(?P<a>\d+)", _bang_factorial, "5! (a factorial)"),
            FastPath("calculate.part_of", _PART_OF, _part_claim, "what's half of 350 / two thirds of 90"),
            FastPath("calculate.percent_change", _PERCENT_CHANGE, _part_claim, "20 percent off 80"),
            FastPath("calculate.percent", _ASK + _N + r"\s*(?:percent|per cent|%)\s+of\s+" + _M, _percent,
                     "what's 15 percent of 200"),
            FastPath("calculate.root", _ROOT, _root_claim, "what's the square root of 144 / the cube root of 27"),
            FastPath("calculate.everyday", _EVERYDAY_CUE, self._everyday_claim,
                     "split 84 dollars between 4 people / a 15 percent tip on 60 / round 3.14159 to 2 decimal places"),
            # last: a follow-up, said again with the last result and claimed by the paths above
            FastPath("calculate.on_the_result", r".+", self._on_the_result_claim,
                     "and times 3 / double it / what's that squared (a recent result)"),
        ]

    def _recent(self) -> LastResult | None:
        """The last result this calculator gave, when it gave it in the last few minutes."""
        kept = self.services.kept(LastResult) if self.services is not None else None
        if kept is None or kept.at is None or self.services.clock() - kept.at > _dt.timedelta(seconds=FOLLOW_UP_SECONDS):
            return None
        return kept

    def _last_result(self) -> Decimal | None:
        """The result this calculator gave in the last few minutes, or None."""
        kept = self._recent()
        return kept.value if kept is not None else None

    def _keep_result(self, value: Decimal, money: bool = False, shares: Decimal | None = None) -> None:
        if self.services is not None:
            kept = self.services.keep(LastResult, LastResult)
            kept.value, kept.at, kept.money = value, self.services.clock(), money
            kept.shares = shares or kept.shares

    def _reading(self, words: str) -> Everyday | None:
        """Everyday arithmetic in these words, or in the request they stand for on a recent result
        ("split that between 4 people" -> "split 12.6 between 4 people")."""
        kept = self._recent()
        shares = kept.shares if kept is not None else None
        reading = read_everyday(words, shares)
        follow_up = self._follow_up(words) if reading is None else None
        return read_everyday(follow_up, shares) if follow_up is not None else reading

    def _everyday_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        kept = self._recent()
        reading = read_everyday(text, kept.shares if kept is not None else None, strict=True)
        return PreRouteResult(arguments=reading.arguments()) if reading is not None else None

    def _is_money(self, voice_command: str, reading: Everyday | None, numbers: tuple[Decimal, Decimal]) -> bool:
        """An amount of money: said so (a currency, a tip, a bill shared), or the last result, money,
        worked on ("split that 4 ways" after a tip)."""
        if (reading is not None and reading.money) or any(w in _CURRENCIES for w in _words_and_numbers(voice_command)):
            return True
        kept = self._recent()
        return kept is not None and kept.money and kept.value is not None and \
            _dec(json_number(kept.value)) in numbers and self._follow_up(voice_command) is not None

    def _follow_up(self, voice_command: str) -> str | None:
        """The request a follow-up on a recent result stands for ("and times 3" -> "250 times 3")."""
        last = self._last_result()
        return None if last is None else on_the_result(voice_command, last)

    def _on_the_result_claim(self, _m: re.Match[str], text: str) -> PreRouteResult | None:
        said = self._follow_up(text)
        return self._fresh_claim(said) if said is not None else None

    def _fresh_claim(self, said: str) -> PreRouteResult | None:
        """The claim of the fast paths above the follow-up's on the request a follow-up stands for
        (once: "split 12.6 with friends", claimed by none, is not worked on the result again)."""
        words = normalize_utterance(said)
        for path in self.fast_paths:
            m = path.regex.fullmatch(words) if path.id not in self.disabled_fast_paths else None
            claim = path.handler(m, said) if m is not None and path.id != "calculate.on_the_result" else None
            if claim is not None:
                return claim
        return None

    def pre_route(self, voice_command: str) -> PreRouteResult | None:
        """The fast paths; and a sum they read with a rounding said after it ("what's 100 divided by 7 to
        two decimal places": it asked "And the other number?"), its result rounded."""
        claim = super().pre_route(voice_command)
        after = rounding_said_after(voice_command) if claim is None else None
        if after is None:
            return claim
        inner = super().pre_route(after[0])
        if inner is None or inner.arguments.get("operation") in _ROUNDING_MODES or "num2" not in inner.arguments:
            return None
        return PreRouteResult(arguments={**inner.arguments, "round_to": format(after[1].normalize(), "f")})

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """Everyday words are worked out as they say ("split 84 between 4 people" is 84 / 4, whatever
        the model wrote); a rounding the words do not ask for is no rounding; one said after a sum
        rounds its result (the sum is read without it)."""
        after = rounding_said_after(voice_command)
        if after is not None and args.get("operation") not in _ROUNDING_MODES and args.get("num2") is not None:
            out = self.post_process_tool_call({k: v for k, v in args.items() if k != "round_to"}, after[0])
            if out.get("operation") not in _ROUNDING_MODES and out.get("num2") is not None:
                return {**out, "round_to": format(after[1].normalize(), "f")}
        args = {k: v for k, v in args.items() if k != "round_to"}
        out = self._model_arguments(args, voice_command)
        reading = self._reading(voice_command)
        if reading is not None and not reading.agrees(out):
            return reading.arguments()
        if reading is None and out.get("operation") in _ROUNDING_MODES and \
                not any(w in _ROUND for w in _words_and_numbers(voice_command)):
            del out["operation"]
        if reading is None and _money_from_one_currency_to_another(voice_command):
            out.pop("operation", None)      # "whats 100 eur in jpy": no sum of the user's (the turn declines)
        return out

    def _model_arguments(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A number the user did not say is dropped (a calculation needs the user's two numbers: "how
        many feet in a mile" is not one); "take 15 from 90" / "subtract 4 from 10" is the second
        number minus the first; a root is the power 1/n; a follow-up ("and times 3") works on the
        last result."""
        follow_up = self._follow_up(voice_command)
        if follow_up is not None:
            claim = self._fresh_claim(follow_up)
            if claim is not None:
                return dict(claim.arguments)
            voice_command = follow_up       # the result counts as said
        said = said_math(voice_command)
        if said is not None:            # "7 factorial", "what percent of 80 is 20": the words say it all
            return said
        part = part_of(voice_command) or root_of(voice_command)
        if part is not None:            # "half of 350": the model divided by a half
            return part
        split = _split_expression(voice_command)
        if split is not None:           # several operations: the last one done, each side worked out
            return {"num1": json_number(split[0]), "num2": json_number(split[2]), "operation": split[1]}
        out = _said_numbers_only(dict(args), voice_command)
        said = _words_and_numbers(voice_command)
        if follow_up is None and out.get("operation") in ("add", "subtract", "multiply", "divide") and \
                sum(isinstance(w, Decimal) for w in said) <= 1 and not _OPERATION_WORDS & {w for w in said if isinstance(w, str)}:
            # one number and no word of a sum ("what's 7 in binary", "120 in roman numerals"): the model's
            # operation is a guess, and "And the other number?" asked for a sum nobody wanted
            del out["operation"]
        if out.get("operation") in ("divide", "what_percent", "percent_change"):
            out["operation"] = _percent_asked(voice_command) or out["operation"]
        if out.get("operation") in _MORE_OPERATIONS and not _says_operation(out["operation"], voice_command):
            del out["operation"]        # "is 0.3 bigger than 0.25" is no percent change: asked again, not guessed
        if out.get("operation") in _ONE_NUMBER and out.get("num1") is None and out.get("num2") is not None:
            out["num1"] = out.pop("num2")
        if out.get("operation") not in _ONE_NUMBER and out.get("num1") is not None and args.get("num2") is None:
            # a second number the model left out (not one it made up): the one other number said ("the
            # remainder if i divide 1000 by 7")
            others = [w for w in _words_and_numbers(voice_command) if isinstance(w, Decimal)]
            if _dec(out["num1"]) in others:
                others.remove(_dec(out["num1"]))
                out.update({"num2": json_number(others[0])} if len(others) == 1 else {})
        if out.get("operation") == "multiply":
            # "18 percent tip on 64 dollars": the model multiplied by 18; a percentage is its hundredth
            for p in _percentages_said(voice_command):
                for key in ("num1", "num2"):
                    if out.get(key) is not None and _num(str(out[key])) == p:
                        out[key] = json_number(p / 100)
                        break
        m = re.search(r"\b(?:take|subtract)\s+(?:away\s+)?(?P<a>[\w.,-]+(?:\s[\w.,-]+){0,3}?)\s+(?:away\s+)?from\s+"
                      r"(?P<b>[\w.,-]+(?:\s[\w.,-]+){0,3})$", voice_command.lower().strip(" ?.!"))
        if m and out.get("operation") == "subtract":
            a, b = _num(m.group("a")), _num(m.group("b"))
            if a is not None and b is not None:
                out["num1"], out["num2"] = json_number(b), json_number(a)
        last = self._last_result()
        if follow_up is not None and last is not None and out.get("num1") is None and out.get("num2") is not None:
            out["num1"] = json_number(last)
        return out

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("What's 5 plus 3?", {"num1": 5, "num2": 3, "operation": "add"}),
            ("Calculate 10 minus 4", {"num1": 10, "num2": 4, "operation": "subtract"}),
            ("What is 6 times 7?", {"num1": 6, "num2": 7, "operation": "multiply"}),
            ("Divide 20 by 5", {"num1": 20, "num2": 5, "operation": "divide"}),
            ("What's 15 percent of 200?", {"num1": 0.15, "num2": 200, "operation": "multiply"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        return examples(_MORE_EXAMPLES, primary=None) + self.generate_prompt_examples() + examples([
            ("What is 3.5 plus 1.25?", {"num1": 3.5, "num2": 1.25, "operation": "add"}),
            ("How much is 12 times 12?", {"num1": 12, "num2": 12, "operation": "multiply"}),
            ("What's 100 divided by 7?", {"num1": 100, "num2": 7, "operation": "divide"}),
            ("Subtract 19 from 42", {"num1": 42, "num2": 19, "operation": "subtract"}),
            ("Add 250 and 375", {"num1": 250, "num2": 375, "operation": "add"}),
            ("Multiply 8 by 9", {"num1": 8, "num2": 9, "operation": "multiply"}),
            ("What is twenty five times four?", {"num1": 25, "num2": 4, "operation": "multiply"}),
            ("What's three point five plus one point two five?", {"num1": 3.5, "num2": 1.25, "operation": "add"}),
            ("What's 1000 minus 1?", {"num1": 1000, "num2": 1, "operation": "subtract"}),
            ("Calculate 7 divided by 2", {"num1": 7, "num2": 2, "operation": "divide"}),
            ("What is 20 percent of 85?", {"num1": 0.2, "num2": 85, "operation": "multiply"}),
            ("What's 9 times 0.5?", {"num1": 9, "num2": 0.5, "operation": "multiply"}),
            ("How much is 64 over 8?", {"num1": 64, "num2": 8, "operation": "divide"}),
            ("What's negative 5 plus 12?", {"num1": -5, "num2": 12, "operation": "add"}),
            ("Work out 144 divided by 12", {"num1": 144, "num2": 12, "operation": "divide"}),
            ("What's 2.5 times 4?", {"num1": 2.5, "num2": 4, "operation": "multiply"}),
            ("What is 18 minus 27?", {"num1": 18, "num2": 27, "operation": "subtract"}),
            ("What is 2 to the power of 8?", {"num1": 2, "num2": 8, "operation": "power"}),
            ("What's 9 squared?", {"num1": 9, "num2": 2, "operation": "power"}),
            ("Calculate 3 cubed", {"num1": 3, "num2": 3, "operation": "power"}),
            ("What's ten to the power of six?", {"num1": 10, "num2": 6, "operation": "power"}),
            ("Raise 5 to the power of 4", {"num1": 5, "num2": 4, "operation": "power"}),
        ], primary=None)

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        # what a missing required parameter gets (the turn asks "What num2 should I use?")
        missing = [ValidationResult(False, name, self.command_name, f"Missing required parameter {name}")
                   for name in _needed(kwargs.get("operation", "")) if kwargs.get(name) is None]
        if missing:
            return missing
        step = kwargs.get("num2")
        if kwargs.get("operation") in _ROUNDING_MODES and step is not None and _dec(step) <= 0:
            return [ValidationResult(False, "num2", self.command_name, "A rounding is to a step above zero: 1 rounds to "
                                     "a whole number.", suggested_value=1)]
        return []

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        if kwargs["operation"] in _MORE_OPERATIONS or kwargs["operation"] in _CHAINED and kwargs.get("numbers"):
            return self._run_more(kwargs["operation"], kwargs)
        a, b, op = _dec(kwargs["num1"]), _dec(kwargs["num2"]), kwargs["operation"]
        voice = request_info.voice_command
        reading = self._reading(voice)
        reading = reading if reading is not None and reading.agrees(kwargs) else None
        money = self._is_money(voice, reading, (a, b))
        if op in _ROUNDING_MODES:
            try:
                r = _round(a, b, op)
            except InvalidOperation:                    # more digits than a Decimal holds
                return fail(f"I can't round {say_number(a, PLACES)} to the nearest {say_number(b, PLACES)}.")
            self._keep_result(r, money)
            direction = next(d for d, o in _ROUNDING_OPS.items() if o == op)
            return say(_say_rounding(a, direction, b, reading.noun if reading else "", r, money), result=json_number(r),
                       exact=True, result_text=format(r.normalize(), "f"))
        degree = _degree_of_root(b) if op == "power" else None       # 144 to the power of 0.5: a square root
        power_word = _power_said(voice, b) if op == "power" else None       # "12 squared"
        part = _part_said(voice, a, op, b)                                   # "a third of 90"
        said = f"the {_root_name(degree)} root of {say_number(a, PLACES)}" if degree else \
            _said_as_percent(voice, a, op, b) or (f"{part.words} of {say_number(part.whole, PLACES)}" if part else None) or \
            (f"{say_number(a, PLACES)} {power_word}" if power_word else None) or \
            f"{say_number(a, PLACES)} {_WORD[op]} {say_number(b, PLACES)}"
        said = said[0].upper() + said[1:]
        with localcontext() as ctx:
            ctx.prec = 34
            ctx.traps[DivisionByZero] = True
            if degree and degree % 2 == 0 and a < 0:
                return fail(f"{said} has no real answer.", expression=said)
            if op == "power" and (abs(b) > MAX_EXPONENT or (a == 0 and b < 0)):
                return fail(f"{said} is too big or has no answer I can say.", expression=said)
            if op == "divide" and b == 0:
                return fail(f"{said} has no answer: you can't divide by zero.", expression=said)
            try:
                r = _root(a, degree) if degree else (part.whole * part.ratio.numerator / part.ratio.denominator
                                                     if part else _apply(a, op, b))
            except (InvalidOperation, DivisionByZero, ArithmeticError) as exc:
                return fail(f"I couldn't work out {said[0].lower() + said[1:]}: {exc}.", expression=said)
        if abs(r) >= READABLE_BELOW:
            return fail(f"{said} is too big to read out: it has {len(str(int(abs(r))))} digits.", expression=said)
        self._keep_result(r, money, reading.by if reading is not None and reading.kind == "split" else None)
        spoken = _say_result(r, money)
        exact = not spoken.startswith("about ")
        result = json_number(r) if exact else float(r)
        message = reading.say(r) if reading is not None else f"{said} is {spoken}."
        step = _dec(kwargs["round_to"]) if kwargs.get("round_to") and reading is None else None
        if step is not None and step > 0:          # "... to two decimal places": the result rounded so
            r = _round(r, step, "round")
            places = _decimals(step)
            message = f"{said} is {r.quantize(Decimal(1).scaleb(-places)):,.{places}f}, {_rounding_target(step) or 'to the nearest whole number'}."
            result, exact = json_number(r), True
        return say(message, result=result, exact=exact, result_text=format(r.normalize(), "f"))

    def _run_more(self, op: str, kwargs: dict[str, Any]) -> CommandResponse:
        with localcontext() as ctx:
            ctx.prec = 34
            try:
                worked_out = _work_out_more(op, kwargs)
            except ArithmeticError:             # a remainder of numbers too far apart for 34 digits
                return fail("That's more digits than I can work with.")
        if isinstance(worked_out, str):
            return fail(worked_out)
        r, message = worked_out
        if abs(r) >= READABLE_BELOW:
            return fail(f"The answer is too big to read out: it has {len(str(int(abs(r))))} digits.")
        self._keep_result(r)
        exact = not _say_result(r, False).startswith("about ")
        return say(message[0].upper() + message[1:], result=json_number(r) if exact else float(r), exact=exact,
                   result_text=format(r.normalize(), "f"))
