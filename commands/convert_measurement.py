"""convert_measurement: length, mass, volume (US cooking units too), temperature, speed, time, data."""
from __future__ import annotations

import difflib
import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from commands._common import examples, fail, json_number, load_asset_json, say

from commands._parsing import NUM, parse_amount, parse_number, say_number
from jarvis_tui.sdk.text import normalize_utterance
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            ValidationResult)


def unit_table() -> dict[str, Any]:
    return {k: v for k, v in load_asset_json("units.json").items() if not k.startswith("_")}


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
    return {alias: tuple(readings) for alias, readings in out.items()}


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


_ASK = r"(?:(?:what's|whats|what is|how much is|how many \w+(?: \w+)? (?:is|are|in)|convert|change|turn)\s+)?"


def _amount_and_unit(said: str) -> tuple[Decimal, str] | None:
    """"half a cup" -> (0.5, "cup"), "2 and a half miles" -> (2.5, "miles"): the longest opening words
    that say an amount, and a unit name after them."""
    words = said.split()
    for k in range(len(words) - 1, 0, -1):
        value = parse_amount(" ".join(words[:k]))
        if value is not None and _readings(" ".join(words[k:])):
            return value, " ".join(words[k:])
    return None


def _claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    found = _amount_and_unit(m.group("amount").strip())
    if found is None:
        return None
    value, src_said = found
    pair = resolve_pair(src_said, m.group("dst"))
    if pair is None:
        return None
    src, dst = pair
    return PreRouteResult(arguments={"value": json_number(value),
                                     "from_unit": src[1], "to_unit": dst[1], "category": src[0]})


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('how many ounces in a pound', {'from_unit': 'pound', 'to_unit': 'ounce'}),
 ('convert 10 miles to kilometers', {'from_unit': 'mile', 'to_unit': 'kilometer', 'value': 10}),
 ("what's 30 celsius in fahrenheit", {'from_unit': 'celsius', 'to_unit': 'fahrenheit', 'value': 30}),
 ('how many teaspoons in a tablespoon', {'from_unit': 'tablespoon', 'to_unit': 'teaspoon'}),
 ('how many meters is 6 feet', {'from_unit': 'foot', 'to_unit': 'meter', 'value': 6}),
 ('5 liters in gallons', {'from_unit': 'liter', 'to_unit': 'gallon', 'value': 5})]
_NEGATIVES: list[str] = ['how much is ten dollars in euros', 'convert fifty euros to yen', "what's the exchange rate"]
_DOMAIN_WORDS: list[str] = ['convert', 'conversion', 'ounces', 'grams', 'kilometers', 'celsius', 'fahrenheit', 'liters', 'inches']


_HOW_MANY_IN = re.compile(r"\bhow (?:many|much) (?P<want>[a-z ]+?) (?:are |is )?(?:there )?(?:in|to|make up|per) "
                          r"(?:(?:a|an|one)\s+|(?P<n>" + NUM + r")\s+)?(?P<have>[a-z]+(?: [a-z]+)?)$")


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
                            description="Unit to convert from, e.g. miles, cups, fahrenheit."),
            JarvisParameter("to_unit", "string", required=True, from_user=False,
                            description="Unit to convert to, e.g. kilometers, milliliters, celsius."),
            JarvisParameter("category", "string", enum_values=list(unit_table()),
                            description="length, mass, volume, temperature, speed, time or data (optional)."),
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
        ]

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

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A unit the user did not say is dropped (a conversion needs the user's units: "how cold is it
        in Denver" is not one); 'How many cups in a gallon' says no number: the value is 1."""
        out = dict(args)
        said_units = _units_said(voice_command)
        for key in ("from_unit", "to_unit"):
            unit = resolve_unit(out.get(key)) if out.get(key) else None
            if out.get(key) and (unit is None or unit not in said_units):
                del out[key]
        # the model named one unit and left out the other the user said ("how many ounces in a pound"
        # came back with to_unit only): the one other unit said of the same kind is it
        for key, other in (("from_unit", "to_unit"), ("to_unit", "from_unit")):
            known = resolve_unit(out.get(other)) if out.get(other) else None
            if out.get(key) or known is None:
                continue
            rest = {u for u in said_units if u[0] == known[0] and u != known}
            if len(rest) == 1:
                out[key] = next(iter(rest))[1]
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
        if out.get("value") is None and not re.search(r"\d", voice_command):
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
        r = self._check_unit("to_unit", kwargs.get("to_unit"), src[0] if src else None)
        if r:
            out.append(r)
        if src and dst and src[0] != dst[0]:
            out.append(ValidationResult(False, "to_unit", self.command_name,
                                        f"I can't convert {src[0]} ({src[1]}) to {dst[0]} ({dst[1]}).",
                                        valid_values=all_units(src[0])))
        return out

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        src, dst = resolve_unit(kwargs["from_unit"]), resolve_unit(kwargs["to_unit"])
        if src is None or dst is None or src[0] != dst[0]:
            return fail("I can't convert between those units.")
        raw = kwargs.get("value", 1)
        value = Decimal(repr(raw)) if isinstance(raw, float) else Decimal(str(raw))
        category = src[0]
        result = convert(value, category, src[1], dst[1])
        spoken = say_number(result, 2)
        exact = spoken.replace(",", "") == format(result.normalize(), "f")
        amount = f"{say_number(value, 4)} {unit_words(category, src[1], value)}"
        part = {Decimal("0.5"): "half", Decimal("0.25"): "a quarter of"}.get(value)
        if part and category != "temperature":         # "half a cup is 8 tablespoons", not "0.5 cups"
            unit = unit_words(category, src[1], Decimal(1))
            amount = f"{part} {'an' if unit[0] in 'aeiou' else 'a'} {unit}"
        message = (f"{amount} is "
                   f"{'' if exact else 'about '}{spoken} {unit_words(category, dst[1], result)}.")
        return say(message[0].upper() + message[1:], value=float(result), from_unit=src[1], to_unit=dst[1],
                   category=category)
