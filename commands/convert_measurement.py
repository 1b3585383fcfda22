"""convert_measurement: length, mass, volume (US cooking units too), temperature, speed, time, data; and
cooking conversions between volume and weight for a named ingredient (assets/ingredients.json)."""
from __future__ import annotations

import difflib
import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from commands._common import claim, examples, fail, json_number, load_asset_json, say

from commands._parsing import NUM, names_a_currency, parse_amount, parse_number, say_number
from jarvis_tui.sdk.text import normalize_utterance
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            ValidationResult)


@lru_cache(maxsize=None)
def unit_table() -> dict[str, Any]:
    """assets/units.json, with the kitchen measures of the ingredient table ("stick") as volumes."""
    table = {k: v for k, v in load_asset_json("units.json").items() if not k.startswith("_")}
    cup = table["volume"]["units"]["cup"]["factor"]
    kitchen = {name: {"factor": u["cups"] * cup, "plural": u["plural"], "aliases": u["aliases"]}
               for name, u in load_asset_json("ingredients.json")["units"].items()}
    table["volume"] = {**table["volume"], "units": {**table["volume"]["units"], **kitchen}}
    return table


@lru_cache(maxsize=None)
def _ingredient_names() -> dict[str, str]:
    """every name said for an ingredient ("flour", "plain flour") -> its name in the table."""
    out: dict[str, str] = {}
    for name, spec in load_asset_json("ingredients.json")["ingredients"].items():
        for alias in [name, *spec["aliases"]]:
            out[_plain_name(alias)] = name
    return out


def _plain_name(said: str) -> str:
    t = " ".join(said.lower().replace("-", " ").replace("'", "").split())
    return re.sub(r"^(?:the|some|a|an|of)\s+", "", t)


def grams_per_cup(ingredient: str | None) -> Decimal | None:
    """How much a US cup of the ingredient weighs (approximate), None for one the table lacks."""
    name = _ingredient_names().get(_plain_name(ingredient or ""))
    if name is None:
        return None
    return Decimal(str(load_asset_json("ingredients.json")["ingredients"][name]["grams_per_cup"]))


# what ends an ingredient's name after "a cup of ..." ("a cup of flour is how many grams")
_INGREDIENT_END = re.compile(r"\s+(?:is|are|in|into|to|as|weigh|weighs|equals?|makes?|please)\b.*$")


def _ingredient_words(said: str) -> str | None:
    """"the butter" -> "butter"; words that name nothing (digits, nothing left) -> None."""
    t = _plain_name(_INGREDIENT_END.sub("", said)).strip(" .?")
    return t if t and not re.search(r"\d", t) else None


def _ingredient_said(text: str) -> str | None:
    """The ingredient the user named: a name in the table anywhere ("...of all purpose flour..."),
    else the words after a unit and "of" ("a cup of saffron")."""
    t = " " + _plain_name(" ".join(re.findall(r"[a-z0-9./']+", normalize_utterance(text)))) + " "
    known = [alias for alias in _ingredient_names() if f" {alias} " in t]
    if known:
        return max(known, key=len)
    for m in re.finditer(r" of ", t):
        head = t[:m.start()].split()
        if any(_readings(" ".join(head[-n:])) for n in (1, 2) if len(head) >= n):
            return _ingredient_words(t[m.end():])
    return None


@lru_cache(maxsize=None)
def _all_readings() -> dict[str, tuple[tuple[str, str], ...]]:
    """spoken name -> every (category, canonical unit) it names, in the table's order ("ounces": the
    mass, then the fluid ounce)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for cat, spec in unit_table().items():
        for name, u in spec["units"].items():
            for alias in [name, u.get("plural", name + "s"), *u.get("aliases", [])]:
                readings = out.setdefault(alias.lower(), [])
                if (cat, name) not in readings:
                    readings.append((cat, name))
    # a rate is said with any name of its two units: "km per hour", "kilometres an hour", "metres a second"
    said_as = {name: [name, u.get("plural", name + "s"), *u.get("aliases", [])]
               for spec in unit_table().values() for name, u in spec["units"].items()}
    rates = [(cat, name) for cat, spec in unit_table().items() for name in spec["units"] if " per " in name]
    for cat, name in rates:
        top, bottom = name.split(" per ", 1)
        for a in said_as.get(top, []):
            for b in said_as.get(bottom, []):
                if "/" in a or "/" in b:
                    continue
                for joined in (f"{a} per {b}", f"{a} an {b}", f"{a} a {b}"):
                    readings = out.setdefault(joined.lower(), [])
                    if (cat, name) not in readings:
                        readings.append((cat, name))
    return {alias: tuple(readings) for alias, readings in out.items()}


# an amount said in a unit and the next smaller one ("5 feet 10", "11 stone 4", "6 pounds 3 ounces"):
# (larger, smaller, how many smaller make one larger)
_COMPOUNDS = (("foot", "inch", 12), ("stone", "pound", 14), ("pound", "ounce", 16))


def _compound_amount(text: str) -> tuple[float, str] | None:
    """(the amount in the larger unit, the larger unit) of an amount said in two units, or None."""
    ws = re.findall(r"[a-z]+|\d+(?:\.\d+)?", normalize_utterance(text).replace("-", " "))
    index = _index()
    for i in range(len(ws) - 2):
        big = index.get(ws[i + 1])
        if big is None or parse_number(ws[i]) is None:
            continue
        for larger, smaller, per in _COMPOUNDS:
            if big[1] != larger:
                continue
            j = i + 2 + (ws[i + 2] == "and")
            small = parse_number(ws[j]) if j < len(ws) else None
            named = index.get(ws[j + 1]) if j + 1 < len(ws) else None
            if small is None or not 0 < small < per:
                continue
            if named is not None and named[1] != smaller:
                continue                     # "5 feet 10 centimetres" is no such amount
            return float(parse_number(ws[i]) + small / per), larger
    return None


def _index() -> dict[str, tuple[str, str]]:
    """spoken name -> (category, canonical unit): its first reading."""
    return {alias: readings[0] for alias, readings in _all_readings().items()}


def _units_said(text: str) -> set[tuple[str, str]]:
    """Every unit named in the text (one, two and three word names: "fluid ounces", "degrees celsius").
    "in" is the inch only after a number ("6 in"): otherwise it is the word ("a mile in kilometers")."""
    ws = re.findall(r"[a-z]+|\d[\d.,]*", text.lower())
    found: set[tuple[str, str]] = set()
    for n in (3, 2, 1):
        for i in range(len(ws) - n + 1):
            if n == 1 and ws[i] == "in" and (i == 0 or parse_number(ws[i - 1]) is None):
                continue
            found.update(_readings(" ".join(ws[i:i + n])))     # "ounces": the mass, and the fluid ounce
    return found


def resolve_unit(text: str | None) -> tuple[str, str] | None:
    readings = _readings(text)
    return readings[0] if readings else None


def _readings(text: str | None) -> tuple[tuple[str, str], ...]:
    """Every (category, unit) a unit name may be: "ounces" is a mass, or a volume (the fluid ounce)."""
    if not text:
        return ()
    t = " ".join(str(text).lower().split())
    t = re.sub(r"^(?:a|an|one|the)\s+", "", t).strip(" .")
    idx = _all_readings()
    return idx.get(t) or idx.get(re.sub(r"^degrees?\s+", "", t), ())


def resolve_pair(a: str | None, b: str | None) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Two unit names read as units of one kind ("ounces in a liter": fluid ounces), the first
    reading of each preferred; None when no reading of both is of one kind."""
    for x in _readings(a):
        for y in _readings(b):
            if x[0] == y[0] and x != y:
                return x, y
    return None


def all_units(category: str | None = None) -> list[str]:
    table = unit_table()
    cats = [category] if category in table else list(table)
    return [name for c in cats for name in table[c]["units"]]


def _cooking_pair(a: str | None, b: str | None) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """Two unit names read as a volume and a mass (either way round), for an ingredient's weight."""
    for x in _readings(a):
        for y in _readings(b):
            if {x[0], y[0]} == {"volume", "mass"}:
                return x, y
    return None


def convert(value: Decimal, category: str, src: str, dst: str) -> Decimal:
    if category == "temperature":
        if src == "celsius":
            c = value
        elif src == "fahrenheit":
            c = (value - 32) * Decimal(5) / Decimal(9)
        else:
            c = value - Decimal("273.15")
        if dst == "celsius":
            return c
        if dst == "fahrenheit":
            return c * Decimal(9) / Decimal(5) + 32
        return c + Decimal("273.15")
    units = unit_table()[category]["units"]
    return value * Decimal(str(units[src]["factor"])) / Decimal(str(units[dst]["factor"]))


def unit_words(category: str, unit: str, value: Decimal) -> str:
    u = unit_table()[category]["units"][unit]
    if category == "temperature" and unit != "kelvin":
        return "degree " + unit.capitalize() if value == 1 else u["plural"]
    return unit if value == 1 else u.get("plural", unit + "s")


_ASK = r"(?:(?:what's|whats|what is|how much is|how (?:far|long) is|how many \w+(?: \w+)? (?:is|are|in)|convert|change|turn)\s+)?"


# a race said by its distance: "a 10k", "a half marathon" ("how many miles is a 10k" asked what to convert)
_RACE = re.compile(r"(?:(?:a|an|the|one|my)\s+)?(?:(?P<km>\d+(?:\.\d+)?)\s?k|(?P<half>half\s+|half-)?marathon)"
                   r"(?:\s+(?:run|race))?")
_MARATHON_KM = Decimal("42.195")


def _amount_and_unit(said: str) -> tuple[Decimal, str] | None:
    """"half a cup" -> (0.5, "cup"), "2 and a half miles" -> (2.5, "miles"): the longest opening words
    that say an amount, and a unit name after them; a race by its distance ("a 10k") in kilometres."""
    race = _RACE.fullmatch(said)
    if race:
        km = Decimal(race.group("km")) if race.group("km") else _MARATHON_KM / (2 if race.group("half") else 1)
        return km, "km"
    words = said.split()
    for k in range(len(words) - 1, 0, -1):
        value = parse_amount(" ".join(words[:k]))
        if value is not None and _readings(" ".join(words[k:])):
            return value, " ".join(words[k:])
    return None


def _amount_unit_ingredient(said: str) -> tuple[Decimal, str, str | None] | None:
    """"half a cup" -> (0.5, "cup", None); "3/4 cup of brown sugar" -> (0.75, "cup", "brown sugar")."""
    found = _amount_and_unit(said)
    if found is not None:
        return found[0], found[1], None
    for m in re.finditer(r" of ", said):
        found, ingredient = _amount_and_unit(said[:m.start()]), _ingredient_words(said[m.end():])
        if found is not None and ingredient:
            return found[0], found[1], ingredient
    return None


def _unit_ingredient(said: str) -> tuple[str, str | None] | None:
    """"grams" -> ("grams", None); "grams of butter" -> ("grams", "butter")."""
    if _readings(said):
        return said, None
    for m in re.finditer(r" of ", said):
        ingredient = _ingredient_words(said[m.end():])
        if _readings(said[:m.start()]) and ingredient:
            return said[:m.start()], ingredient
    return None


# what was just converted ("what's that in stone" converts it again): its amount and unit, for this long
LAST_CONVERTED = "convert_measurement.last"
LAST_CONVERTED_S = 300
# "what's that in stone", "and how much is that in grams", "how many tablespoons is that", "convert that to cups"
_THAT_IN = (r"(?:(?:ok|okay|and|so|right)[,\s]+)*(?:(?:what(?:'s|\s+is)|how\s+much\s+is|convert|put)\s+(?:that|it)"
            r"\s+(?:in|into|to|as)\s+(?P<dst>[a-z/ .]+?)|how\s+many\s+(?P<dst2>[a-z/ .]+?)\s+(?:is|are)\s+(?:that|there))"
            r"(?:\s+(?:then|please|instead))?")


def _claim(m: re.Match[str], _text: str, weight: bool = False) -> PreRouteResult | None:
    """An amount of a unit (of an ingredient) in another unit: units of one kind, or a volume and a
    weight of a named ingredient. Two different things named ("grams of protein in a cup of rice": a
    nutrition question) is no conversion. `weight`: the other unit is a weight ("how many ounces does
    a cup of sugar weigh": the ounce of mass)."""
    amount = _amount_unit_ingredient(m.group("amount").strip())
    dst = _unit_ingredient((m.groupdict().get("dst") or "grams").strip())
    if amount is None or dst is None:
        return None
    value, src_said, ingredient = amount
    dst_said, dst_ingredient = dst
    if ingredient and dst_ingredient and ingredient != dst_ingredient:
        return None
    ingredient = ingredient or dst_ingredient
    pair = None if weight else resolve_pair(src_said, dst_said)
    pair = pair or (_cooking_pair(src_said, dst_said) if ingredient else None)
    if pair is None:
        return None
    src, dst_unit = pair
    return claim(value=json_number(value), from_unit=src[1], to_unit=dst_unit[1], category=src[0],
                 ingredient=ingredient)


def _claim_weight(m: re.Match[str], text: str) -> PreRouteResult | None:
    """"how much does a cup of rice weigh": a volume of an ingredient in grams (or the unit asked)."""
    result = _claim(m, text, weight=True)
    if result is None or result.arguments["category"] != "volume":
        return None
    return result


_ASKS_WEIGHT = re.compile(r"\b(?:weigh|weighs|weight|heavy)\b")


def _amount_before(text: str, unit: tuple[str, str]) -> Decimal | None:
    """The amount said before a unit in the user's words ("half a cup" -> 0.5, "2 and a half
    pounds" -> 2.5): the longest opening of up to five words before it that says an amount."""
    words = re.findall(r"[a-z]+|\d[\d.,/]*", normalize_utterance(text))
    for i in range(1, len(words)):
        if not any(unit in _readings(" ".join(words[i:i + n])) for n in (1, 2)):
            continue
        for k in range(max(0, i - 5), i):
            value = parse_amount(" ".join(words[k:i]))
            if value is not None:
                return value
    return None


def _amount_words(value: Decimal, unit: tuple[str, str], in_two_units: bool = False) -> str:
    """"half a cup", "a quarter of a teaspoon", "2 cups", "350 degrees Fahrenheit"; with
    `in_two_units` (the user said it so) "5 feet 10 inches"."""
    category, name = unit
    part = {Decimal("0.5"): "half", Decimal("0.25"): "a quarter of", Decimal("0.75"): "three quarters of"}.get(value)
    if part and category != "temperature":         # "half a cup is 8 tablespoons", not "0.5 cups"
        word = unit_words(category, name, Decimal(1))
        return f"{part} {'an' if word[0] in 'aeiou' else 'a'} {word}"
    for larger, smaller, per in _COMPOUNDS if in_two_units else ():     # "5 feet 10 inches", as said
        whole = int(value)
        rest = (value - whole) * per
        if name == larger and whole >= 1 and 0 < round(rest) < per and abs(rest - round(rest)) < Decimal("0.01"):
            small = Decimal(round(rest))
            return (f"{whole} {unit_words(category, larger, Decimal(whole))} "
                    f"{say_number(small, 0)} {unit_words(category, smaller, small)}")
    return f"{say_number(value, 4)} {unit_words(category, name, value)}"


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('how many ounces in a pound', {'from_unit': 'pound', 'to_unit': 'ounce'}),
 ('convert 10 miles to kilometers', {'from_unit': 'mile', 'to_unit': 'kilometer', 'value': 10}),
 ("what's 30 celsius in fahrenheit", {'from_unit': 'celsius', 'to_unit': 'fahrenheit', 'value': 30}),
 ('how many teaspoons in a tablespoon', {'from_unit': 'tablespoon', 'to_unit': 'teaspoon'}),
 ('how many meters is 6 feet', {'from_unit': 'foot', 'to_unit': 'meter', 'value': 6}),
 ('5 liters in gallons', {'from_unit': 'liter', 'to_unit': 'gallon', 'value': 5}),
 # cooking: a volume of an ingredient in a weight, or back
 ('how many grams of flour are in a cup', {'from_unit': 'cup', 'to_unit': 'gram', 'value': 1, 'ingredient': 'flour'}),
 ('what is half a cup of butter in grams', {'from_unit': 'cup', 'to_unit': 'gram', 'value': 0.5, 'ingredient': 'butter'}),
 ('how many cups is 300 grams of sugar', {'from_unit': 'gram', 'to_unit': 'cup', 'value': 300, 'ingredient': 'sugar'}),
 ('how much does a tablespoon of honey weigh', {'from_unit': 'tablespoon', 'to_unit': 'gram', 'value': 1, 'ingredient': 'honey'}),
 ('two sticks of butter in grams', {'from_unit': 'stick', 'to_unit': 'gram', 'value': 2, 'ingredient': 'butter'}),
 ('convert 150 grams of oats to cups', {'from_unit': 'gram', 'to_unit': 'cup', 'value': 150, 'ingredient': 'oats'}),
 ('what does three quarters of a cup of cocoa weigh', {'from_unit': 'cup', 'to_unit': 'gram', 'value': 0.75, 'ingredient': 'cocoa'})]
_NEGATIVES: list[str] = ['how much is ten dollars in euros', 'convert fifty euros to yen', "what's the exchange rate",
                         'how many calories are in a cup of rice', 'how many grams of protein in a cup of milk',
                         # money said with "convert" and "pounds" is still money (names_a_currency)
                         'convert 30 pounds to euros', 'convert a hundred dollars into pounds', 'change 50 euros into dollars',
                         'how many pounds is 200 dollars', 'what are 10 pounds worth in dollars', 'convert 500 yen to pounds']
_DOMAIN_WORDS: list[str] = ['convert', 'conversion', 'ounces', 'grams', 'kilometers', 'celsius', 'fahrenheit', 'liters', 'inches',
                            'cups', 'tablespoons', 'weigh']


_HOW_MANY_IN = re.compile(r"\bhow (?:many|much) (?P<want>[a-z ]+?) (?:are |is )?(?:there )?(?:in|to|make up|per) "
                          r"(?:(?:a|an|one)\s+|(?P<n>" + NUM + r")\s+)?(?P<have>[a-z]+(?: [a-z]+)?)$")


# a temperature said in degrees, its scale left out ("18 degrees in fahrenheit"), and the scale it is then on
_DEGREES_SAID = re.compile(r"(?P<n>(?:minus\s+|-)?[\w.]+)\s+degrees?\b(?!\s+(?:c|f|celsius|fahrenheit|centigrade|kelvin)\b)")
_OTHER_SCALE = {"fahrenheit": "celsius", "celsius": "fahrenheit"}


class ConvertMeasurementCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "convert_measurement"

    @property
    def capability(self) -> str:
        return 'convert units'

    @property
    def description(self) -> str:
        return ("Convert a value between units of length, mass, volume (US cups, tablespoons, teaspoons too), "
                "temperature, speed, time or data size.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("value", "float", description="The amount to convert (1 when omitted).", default=1),
            # from_user=False: post_process_tool_call checks the units against the user's words itself,
            # through the unit table (the user says "km", the model writes "kilometer")
            JarvisParameter("from_unit", "string", required=True, from_user=False,
                            description="Unit to convert from, e.g. miles, cups, fahrenheit.",
                            question="What should I convert from?"),
            # not required: a unit not said is asked for in words by run() ("What should I convert
            # half a cup of butter to?"), and "how much does a cup of rice weigh" means grams
            JarvisParameter("to_unit", "string", from_user=False,
                            description="Unit to convert to, e.g. kilometers, milliliters, celsius, grams."),
            JarvisParameter("category", "string", enum_values=list(unit_table()),
                            description="length, mass, volume, temperature, speed, time or data (optional)."),
            JarvisParameter("ingredient", "string",
                            description="What is measured when a volume is converted to a weight or back, "
                                        "e.g. flour, butter, sugar (optional)."),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["convert", "in", "to", "how many", "miles", "cups", "celsius", "pounds"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("calculate", "What's 5 times 3? (plain arithmetic, no units)"),
                CommandAntipattern("get_weather", "What's the temperature outside? (weather, not a conversion)")]

    @property
    def fast_paths(self) -> list[FastPath]:
        return [
            FastPath("convert_measurement.value_src_to_dst",
                     _ASK + r"(?P<amount>[\w.,/-]+(?:\s[\w./-]+){1,7}?)\s+(?:to|into|in|as)\s+(?P<dst>[a-z/ .]+?)",
                     _claim, "convert 5 miles to kilometers / what's 350 fahrenheit in celsius / half a cup in milliliters"),
            FastPath("convert_measurement.how_many_dst_in_value_src",
                     r"how many\s+(?P<dst>[a-z/ .]+?)\s+(?:are\s+)?(?:there\s+)?(?:in|is|make|makes|equals?)\s+(?P<amount>[\w.,/-]+(?:\s[\w./-]+){1,7}?)",
                     _claim, "how many grams in 5 ounces / how many feet in a mile / in two and a half cups"),
            FastPath("convert_measurement.how_much_does_value_src_of_ingredient_weigh",
                     r"(?:how much|what) (?:does|do|would|will|should) (?P<amount>[\w.,/-]+(?:\s[\w./'-]+){2,8}?)"
                     r"\s+weigh(?:\s+in\s+(?P<dst>[a-z/ .]+?))?",
                     _claim_weight, "how much does a cup of rice weigh / what does a stick of butter weigh in ounces"),
            FastPath("convert_measurement.how_many_dst_does_value_src_of_ingredient_weigh",
                     r"how many\s+(?P<dst>[a-z/ .]+?)\s+(?:does|do|would|will)\s+"
                     r"(?P<amount>[\w.,/-]+(?:\s[\w./'-]+){2,8}?)\s+weigh",
                     _claim_weight, "how many grams does a cup of flour weigh"),
            FastPath("convert_measurement.weight_of_value_src_of_ingredient",
                     r"(?:how heavy is|what(?:'s| is) the weight of)\s+(?P<amount>[\w.,/-]+(?:\s[\w./'-]+){2,8}?)"
                     r"(?:\s+in\s+(?P<dst>[a-z/ .]+?))?",
                     _claim_weight, "how heavy is a cup of honey / what's the weight of a cup of sugar in ounces"),
            FastPath("convert_measurement.that_in_dst", _THAT_IN, self._that_in_claim,
                     "what's that in stone / and in tablespoons? (right after a conversion)"),
        ]

    def _that_in_claim(self, m: re.Match[str], _text: str) -> PreRouteResult | None:
        """"what's that in stone" right after "how many pounds in 10 kilos" was asked "What should I convert
        1 stone to?": the answer just said (22.05 pounds), in the unit said."""
        if self.services is None or self.command_name not in self.services.last_commands():
            return None
        last = self.services.noted(LAST_CONVERTED, LAST_CONVERTED_S)
        dst = _unit_ingredient((m.group("dst") or m.group("dst2")).strip())
        if last is None or dst is None or dst[1]:
            return None
        pair = resolve_pair(last["from_unit"], dst[0])
        pair = pair or (_cooking_pair(last["from_unit"], dst[0]) if last.get("ingredient") else None)
        if pair is None:
            return None
        return claim(value=json_number(Decimal(last["value"])), from_unit=pair[0][1], to_unit=pair[1][1],
                     category=pair[0][0], ingredient=last.get("ingredient"))

    def _note_converted(self, result: Decimal, unit: tuple[str, str], ingredient: str | None) -> None:
        """The answer just said, as said (to two places), for "what's that in ..."."""
        if self.services is not None:
            said = result.quantize(Decimal("0.01")).normalize() if result >= Decimal("0.01") else result
            self.services.note(LAST_CONVERTED, {"value": format(said, "f"), "from_unit": unit[1], "ingredient": ingredient})

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("Convert 5 miles to kilometers", {"value": 5, "from_unit": "miles", "to_unit": "kilometers"}),
            ("How many cups in a gallon?", {"value": 1, "from_unit": "gallons", "to_unit": "cups"}),
            ("What's 350 Fahrenheit in Celsius?", {"value": 350, "from_unit": "fahrenheit", "to_unit": "celsius"}),
            ("Convert 10 pounds to kilograms", {"value": 10, "from_unit": "pounds", "to_unit": "kilograms"}),
            ("How many inches in a mile?", {"value": 1, "from_unit": "miles", "to_unit": "inches"}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        rows = [
            ("Convert 5 miles to kilometers", 5, "miles", "kilometers"),
            ("How many cups in a gallon?", 1, "gallons", "cups"),
            ("What's 350 Fahrenheit in Celsius?", 350, "fahrenheit", "celsius"),
            ("Convert 10 pounds to kilograms", 10, "pounds", "kilograms"),
            ("How many inches in a mile?", 1, "miles", "inches"),
            ("How many tablespoons in a cup?", 1, "cups", "tablespoons"),
            ("Convert 2 cups to milliliters", 2, "cups", "milliliters"),
            ("What is 100 kilometers per hour in miles per hour?", 100, "kilometers per hour", "miles per hour"),
            ("How many grams in 8 ounces?", 8, "ounces", "grams"),
            ("Convert 30 degrees Celsius to Fahrenheit", 30, "celsius", "fahrenheit"),
            ("What's 6 feet in centimeters?", 6, "feet", "centimeters"),
            ("How many teaspoons are in a tablespoon?", 1, "tablespoons", "teaspoons"),
            ("Convert 3 liters to gallons", 3, "liters", "gallons"),
            ("How many seconds in a day?", 1, "days", "seconds"),
            ("What is 5 gigabytes in megabytes?", 5, "gigabytes", "megabytes"),
            ("Convert 1 stone to pounds", 1, "stone", "pounds"),
            ("How many quarts in 2 gallons?", 2, "gallons", "quarts"),
            ("What's 20 knots in miles per hour?", 20, "knots", "miles per hour"),
            ("Convert 500 milliliters to fluid ounces", 500, "milliliters", "fluid ounces"),
            ("What's 0 Kelvin in Celsius?", 0, "kelvin", "celsius"),
            ("How many yards in 100 meters?", 100, "meters", "yards"),
            ("Convert 90 minutes to hours", 90, "minutes", "hours"),
        ]
        return examples(_MORE_EXAMPLES, primary=None) + examples([(t, {"value": v, "from_unit": f, "to_unit": to}) for t, v, f, to in rows])

    def _check_unit(self, name: str, value: Any, category: str | None) -> ValidationResult | None:
        if resolve_unit(value) is not None:
            return None
        valid = all_units(category)
        close = difflib.get_close_matches(str(value).lower(), list(_index()), n=1, cutoff=0.85)
        suggestion = _index()[close[0]][1] if close else None
        if suggestion and category and _index()[close[0]][0] != category:
            suggestion = None
        return ValidationResult(False, name, self.command_name, f"I don't know the unit {value!r}.",
                                valid_values=valid, suggested_value=suggestion)

    def _parse_said(self, voice_command: str) -> dict[str, Any] | None:
        """The arguments a fast path reads from the user's words, from any word on ("so how many grams
        is a cup of flour"): what the user said outranks what the model wrote."""
        words = normalize_utterance(voice_command).split()
        for i in range(len(words)):
            said = " ".join(words[i:])
            for fp in self.fast_paths:
                m = fp.regex.fullmatch(said)
                result = fp.handler(m, voice_command) if m else None
                if result is not None:
                    return result.arguments
        return None

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to "What should I convert half a cup to?" (a unit) or "Half a cup of what?" (an
        ingredient); other words are a request of their own."""
        if argument == "to_unit":
            units = _units_said(words)
            return {**arguments, "to_unit": next(iter(units))[1]} if len(units) == 1 else None
        ingredient = _ingredient_words(normalize_utterance(words))
        if argument == "ingredient" and ingredient and len(ingredient.split()) <= 4:
            return {**arguments, "ingredient": ingredient}
        return None

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        out = self._post_processed(args, voice_command)
        compound = _compound_amount(voice_command) if out.get("from_unit") else None
        if compound is not None:        # "5 feet 10": 5 feet and 10 inches, as feet ("5 feet of feet 10")
            out["value"], out["from_unit"] = compound
        src = resolve_unit(out.get("from_unit")) if out.get("from_unit") else None
        dst = resolve_unit(out.get("to_unit")) if out.get("to_unit") else None
        if out.get("ingredient") and src and dst and {src[0], dst[0]} != {"volume", "mass"} \
                and not _ingredient_said(voice_command):
            # an ingredient weighs a volume; in any other conversion it is the model's filler ("6 feet of
            # pound" after a conversion of pounds, "5 feet 10 inches of foot and ten")
            del out["ingredient"]
        return out

    def _post_processed(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A unit the user did not say is dropped (a conversion needs the user's units: "how cold is it
        in Denver" is not one); 'How many cups in a gallon' says no number: the value is 1. The words
        that only answer this command's question ("grams", "flour") keep the arguments asked with."""
        out = dict(args)
        # money is no measurement: "convert one pound to us dollars" is not 453.6 grams (its pound is the
        # currency); a currency conversion is no request of this command's
        if names_a_currency(voice_command):           # no unit to convert: the request is another's
            return {k: v for k, v in out.items() if k not in ("from_unit", "to_unit", "category")}
        said = _plain_name(normalize_utterance(voice_command))
        if out.get("from_unit") and (said == _plain_name(str(out.get("ingredient") or ""))
                                     or _units_said(said) == {resolve_unit(out.get("to_unit"))} and len(said.split()) <= 2):
            return out
        parsed = self._parse_said(voice_command)
        if parsed is not None:          # the category only where the model wrote one (it is optional)
            return {**out, **{k: v for k, v in parsed.items() if k != "category" or k in out}}

        said_units = _units_said(voice_command)
        for key in ("from_unit", "to_unit"):
            unit = resolve_unit(out.get(key)) if out.get(key) else None
            if out.get(key) and (unit is None or unit not in said_units):
                del out[key]
        ingredient = _ingredient_said(voice_command)
        if ingredient:
            out["ingredient"] = ingredient
        # the model named one unit and left out the other the user said ("how many ounces in a pound"
        # came back with to_unit only): the one other unit said of the same kind is it, or of the
        # other kind of a cook's pair (volume, mass) when an ingredient is named
        for key, other in (("from_unit", "to_unit"), ("to_unit", "from_unit")):
            known = resolve_unit(out.get(other)) if out.get(other) else None
            if out.get(key) or known is None:
                continue
            rest = {u for u in said_units if u[0] == known[0] and u != known}
            if not rest and out.get("ingredient"):
                rest = {u for u in said_units if {u[0], known[0]} == {"volume", "mass"}
                        and u not in _readings(out[other])}         # not the ounce read as the fluid ounce
            if len(rest) == 1:
                out[key] = next(iter(rest))[1]
        # "what's 18 degrees in fahrenheit": degrees said without their scale are on the other of the two
        # scales (it could not convert without a unit to convert from)
        scales = {u for u in said_units if u[0] == "temperature"}
        degrees = _DEGREES_SAID.search(normalize_utterance(voice_command))
        if not out.get("from_unit") and degrees and len(scales) == 1 and next(iter(scales))[1] in _OTHER_SCALE:
            scale = next(iter(scales))[1]
            amount = parse_number(degrees.group("n"))
            if amount is not None:
                out.update(from_unit=_OTHER_SCALE[scale], to_unit=scale, value=json_number(amount))
        # "how many tablespoons in a cup": from cups to tablespoons, whichever way the model wrote it
        asked = _HOW_MANY_IN.search(normalize_utterance(voice_command))
        if asked:
            pair = resolve_pair(asked.group("want"), asked.group("have"))
            if pair is not None:
                want, have = pair
                out["from_unit"], out["to_unit"] = have[1], want[1]
                amount = parse_number(asked.group("n")) if asked.group("n") else None
                if amount is not None:
                    out["value"] = json_number(amount)
        src = resolve_unit(out.get("from_unit")) if out.get("from_unit") else None
        dst = resolve_unit(out.get("to_unit")) if out.get("to_unit") else None
        if src and dst and _amount_before(voice_command, src) is None and _amount_before(voice_command, dst) is not None:
            src, dst = dst, src                      # "how many grams would half a cup be": from the amount said
            out["from_unit"], out["to_unit"] = src[1], dst[1]
        if src is not None and not out.get("to_unit") and src[0] == "volume" \
                and _ASKS_WEIGHT.search(voice_command.lower()):
            out["to_unit"] = "gram"                  # "how much does a cup of rice weigh"
        amount = _amount_before(voice_command, src) if src else None
        if amount is not None:
            out["value"] = json_number(amount)       # "half a cup": 0.5, whatever the model wrote
        elif out.get("value") is None and not re.search(r"\d", voice_command):
            words = re.findall(r"[a-z]+", voice_command.lower())
            if not any(parse_number(w) is not None for w in words if w not in ("a", "an", "one")):
                out["value"] = 1
        return out

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        out: list[ValidationResult] = []
        src, dst = resolve_unit(kwargs.get("from_unit")), resolve_unit(kwargs.get("to_unit"))
        r = self._check_unit("from_unit", kwargs.get("from_unit"), dst[0] if dst else None)
        if r:
            out.append(r)
        r = self._check_unit("to_unit", kwargs.get("to_unit"), src[0] if src else None) if kwargs.get("to_unit") else None
        if r:
            out.append(r)
        if src and dst and src[0] != dst[0] and {src[0], dst[0]} != {"volume", "mass"}:
            out.append(ValidationResult(False, "to_unit", self.command_name,
                                        f"I can't convert {src[0]} ({src[1]}) to {dst[0]} ({dst[1]}).",
                                        valid_values=all_units(src[0])))
        return out

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        src = resolve_unit(kwargs["from_unit"])
        dst = resolve_unit(kwargs.get("to_unit")) if kwargs.get("to_unit") else None
        raw = kwargs.get("value", 1)
        value = Decimal(repr(raw)) if isinstance(raw, float) else Decimal(str(raw))
        ingredient = _plain_name(kwargs.get("ingredient") or "") or None
        if src is None:
            return fail("I can't convert between those units.")
        amount = (_amount_words(value, src, _compound_amount(request_info.voice_command) is not None)
                  + (f" of {ingredient}" if ingredient else ""))
        if dst is None:
            return CommandResponse.ask_for("to_unit", f"What should I convert {amount} to?",
                                           {k: v for k, v in kwargs.items() if v is not None})
        if {src[0], dst[0]} == {"volume", "mass"}:
            return self._weigh(value, src, dst, ingredient, kwargs)
        if src[0] != dst[0]:
            return fail("I can't convert between those units.")
        category = src[0]
        result = convert(value, category, src[1], dst[1])
        spoken = say_number(result, 2)
        exact = spoken.replace(",", "") == format(result.normalize(), "f")
        message = f"{amount} is {'' if exact else 'about '}{spoken} {unit_words(category, dst[1], result)}."
        self._note_converted(result, dst, ingredient)
        return say(message[0].upper() + message[1:], value=float(result), from_unit=src[1], to_unit=dst[1],
                   category=category)

    def _weigh(self, value: Decimal, src: tuple[str, str], dst: tuple[str, str], ingredient: str | None,
               kwargs: dict[str, Any]) -> CommandResponse:
        """A volume of an ingredient in a weight, or back, through its grams per cup (approximate)."""
        volume = src if src[0] == "volume" else dst
        if ingredient is None:       # the next words name it ("flour"), and the conversion runs
            question = (f"{_amount_words(value, src)} of what? I need the ingredient to turn "
                        f"{unit_words(*src, Decimal(2))} into {unit_words(*dst, Decimal(2))}.")
            return CommandResponse.ask_for("ingredient", question[0].upper() + question[1:],
                                           {k: v for k, v in kwargs.items() if v is not None})
        per_cup = grams_per_cup(ingredient)
        if per_cup is None:
            unit = unit_words(*volume, Decimal(1))
            return fail(f"I don't know how much {'an' if unit[0] in 'aeiou' else 'a'} {unit} of {ingredient} weighs.",
                        reason="unknown_ingredient", ingredient=ingredient)
        if src[0] == "volume":
            grams = convert(value, "volume", src[1], "cup") * per_cup
            result = convert(grams, "mass", "gram", dst[1])
        else:
            cups = convert(value, "mass", src[1], "gram") / per_cup
            result = convert(cups, "volume", "cup", dst[1])
        rounded = result.quantize(Decimal(1) if result >= 10 else Decimal("0.1"))
        rounded = rounded if rounded else result.quantize(Decimal("0.01"))
        message = (f"{_amount_words(value, src)} of {ingredient} is about {say_number(rounded, 2)} "
                   f"{unit_words(dst[0], dst[1], rounded)}.")
        self._note_converted(rounded, dst, ingredient)
        return say(message[0].upper() + message[1:], value=float(rounded), from_unit=src[1], to_unit=dst[1],
                   category=dst[0], ingredient=ingredient)
