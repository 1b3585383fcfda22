"""get_weather: current conditions and forecasts from Open-Meteo (no API key), over httpx.

Base URLs and the default location are settings (weather.geocoding_url, weather.forecast_url,
weather.default_location; weather.temperature_unit = celsius | fahrenheit), so tests point them at a
real HTTP server on loopback. Without a network the answer says so in words.
"""
from __future__ import annotations

import datetime as _dt
import re
from typing import Any

import httpx

from commands._common import examples, fail, say
from commands._grounding import drop_ungrounded
from commands._parsing import join_words
from jarvis_tui.sdk import (CommandAntipattern, CommandExample, CommandResponse, FastPath,
                            JarvisCommandBase, JarvisParameter, PreRouteResult, RequestInformation,
                            normalize_utterance)
from jarvis_tui.sdk.text import DISCOURSE_WORDS, MONTHS, REQUEST_OPENERS, WEEKDAYS, find_date

GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
DATE_KEYS = ["today", "tomorrow", "day_after_tomorrow", "this_weekend", "next_week"]
TIMEOUT_S = 8.0
PLACE_NOTE, PLACE_NOTE_S = "weather.city", 600      # the place just asked about, for 10 minutes

# WMO weather interpretation codes, as Open-Meteo reports them
WMO = {
    0: "clear skies", 1: "mostly clear", 2: "partly cloudy", 3: "overcast", 45: "fog", 48: "freezing fog",
    51: "light drizzle", 53: "drizzle", 55: "heavy drizzle", 56: "freezing drizzle", 57: "heavy freezing drizzle",
    61: "light rain", 63: "rain", 65: "heavy rain", 66: "freezing rain", 67: "heavy freezing rain",
    71: "light snow", 73: "snow", 75: "heavy snow", 77: "snow grains", 80: "light showers", 81: "showers",
    82: "violent showers", 85: "snow showers", 86: "heavy snow showers", 95: "thunderstorms",
    96: "thunderstorms with hail", 99: "thunderstorms with heavy hail",
}
# The words that say when (a preposition before them is part of them), each with the day key it
# means: read first, so that none of them is ever taken for a city ("the" of "the weekend").
_WHEN = [
    ("day_after_tomorrow", r"(?:the\s+)?day\s+after\s+tomorrow"),
    ("tomorrow", r"tomorrow(?:\s+(?:morning|afternoon|evening|night))?"),
    ("today", r"today|tonight|right\s+now|now|currently|at\s+the\s+moment|this\s+(?:morning|afternoon|evening)|"
              r"later(?:\s+(?:on|today|tonight))?|the\s+rest\s+of\s+(?:the\s+day|today)"),
    ("this_weekend", r"(?:this\s+(?:coming\s+)?|the\s+)?weekend"),
    ("next_week", r"the\s+week\s+ahead|the\s+next\s+(?:few|seven|7)\s+days|the\s+rest\s+of\s+(?:the|this)\s+week"
                  r"|(?:(?:the\s+)?next|this|the(?:\s+coming)?)\s+week"),
]
_WHEN_RE = re.compile(r"(?:\band\s+)?(?:\b(?:for|on|over|during|through|in)\s+)?\b(?:"
                      + "|".join(f"(?P<{key}>{words})" for key, words in _WHEN) + r")\b")
# what a request may say around the place besides the day: "going to be like", "looking", "here"
_AROUND = r"(?:(?:going\s+to|gonna)\s+)?(?:be\s+)?(?:look(?:ing)?\s+)?(?:like\s+)?"
_HERE = r"(?:here|around\s+here|near\s+me|where\s+i\s+am|outside|out\s+there|out)"
_NAME = r"[^\W\d_](?:[^\W\d_]|[ .'-])*?"          # letters of any alphabet: "zürich", "são paulo"
_WHERE_RE = re.compile(_AROUND + r"(?:" + _HERE + r"\s+|(?:in|for|at|around|near)\s+(?P<city>" + _NAME + r")\s+)?"
                       r"(?:like\s+)?(?:" + _HERE + r"\s+)?")
# words that are never (part of) a place: determiners and pronouns, times, units, and places no
# forecast covers
_NOT_A_PLACE = frozenset("""
    a an this that these those my your our their his her its me it us next last some any every each
    current local latest usual weather forecast minute minutes hour hours
    today tonight tomorrow now later weekend week weeks day days morning afternoon evening night moment
    here there outside like units unit metric imperial celsius fahrenheit area space mars hell
    home hometown rest time what what's whats how's hows when where
""".split()) | frozenset(WEEKDAYS) | frozenset(MONTHS)
_NOT_A_PLACE_PHRASE = re.compile(r"\b(?:the sun|the moon)\b")
# how an answer to "Which city?" may start and end around the place ("um, in seattle please")
_ANSWER_LEAD = re.compile(r"^(?:(?:it's|it is|i'm in|i am in|i'm at|i live in|how about|what about|try|make it|"
                          r"the city is|in|for|at|near|around)\s+)+")
_ANSWER_END = re.compile(r"(?:\s+(?:please|thanks|thank you|then))+$")


def _read_when(words: str) -> tuple[str, list[str]]:
    """The words without the days they say, and the day keys (in the order said): a key of DATE_KEYS,
    or for one day named by its name or date ("on tuesday", "on the 3rd", "in five days") that day as
    YYYY-MM-DD when no key says it ("friday" said on a Wednesday is "day_after_tomorrow")."""
    days: list[str] = []

    def take(m: re.Match[str]) -> str:
        key = next(k for k, said in m.groupdict().items() if said)
        if key not in days:
            days.append(key)
        return " "
    rest = " ".join(_WHEN_RE.sub(take, words.replace(",", " ")).split())
    today = _dt.date.today()
    named = find_date(rest, today)
    if named is not None:
        offset = (named.when - today).days
        key = DATE_KEYS[offset] if 0 <= offset <= 2 else named.when.isoformat()
        rest = " ".join(re.sub(r"(?:\b(?:on|for|by)\s+)?" + re.escape(named.words) + r"\b", " ", rest, count=1).split())
        if key not in days:
            days.append(key)
    return rest, days


def _when_arguments(days: list[str]) -> dict[str, Any]:
    """The arguments that say the days read from the words: the keys, and a day named by its date."""
    keys = [d for d in days if d in DATE_KEYS]
    dated = [d for d in days if d not in DATE_KEYS]
    return ({"resolved_datetimes": keys} if keys else {}) | ({"day": dated[0]} if dated else {})


def _is_date(value: Any) -> bool:
    try:
        _dt.date.fromisoformat(str(value).strip())
    except ValueError:
        return False
    return True


def _place(words: str) -> str | None:
    """The place `words` name, or None when they are no place name (a day, a determiner, a request)."""
    words = " ".join(words.lower().replace(",", " ").split()).strip(" .'-")
    words = re.sub(r"^the(?:\s+|$)", "", words)
    names = words.split()
    if not names or len(names) > 4 or not re.fullmatch(r"[^\W_][\w .'-]*", words):
        return None
    if names[0] in REQUEST_OPENERS or any(n in _NOT_A_PLACE for n in names) or _NOT_A_PLACE_PHRASE.search(words):
        return None
    return words


def _read_when_where(words: str) -> tuple[str | None, list[str]] | None:
    """A request's words after its head ("... the weather" + " for the weekend in paris"): the city
    (None: not said) and the days; None when they say something else."""
    rest, days = _read_when(re.sub(r"\bat all\b", " ", words))    # "will it rain at all this week": no city "all"
    m = _WHERE_RE.fullmatch(rest + " ") if rest else None
    if rest and m is None:
        return None
    city = m.group("city") if m else None
    if city is not None:
        city = _place(city)
        if city is None:
            return None
    return city, days


def _weather_claim(m: re.Match[str], _text: str) -> PreRouteResult | None:
    g = m.groupdict()
    read = _read_when_where(g.get("tail") or "")
    if read is None:
        return None
    city, days = read
    lead = re.sub(r"^weeks?$", "the week", (g.get("lead") or "").replace("'s", ""))   # "what's the week's forecast"
    if lead:                                       # "weekend forecast", "the los angeles weather"
        rest, lead_days = _read_when(lead)
        lead_city = _place(rest) if rest else None
        if (rest and lead_city is None) or (lead_city and city):
            return None
        city, days = city or lead_city, lead_days + [d for d in days if d not in lead_days]
    args: dict[str, Any] = {"city": city.title()} if city else {}
    return PreRouteResult(arguments=args | (_when_arguments(days) or {"resolved_datetimes": ["today"]}))


# what people ask whether to bring or wear for the weather, in their words ("do i need a brolly")
WEATHER_GEAR = (r"umbrella|brolly|raincoat|rain\s+coat|rain\s+jacket|waterproofs?|coat|jacket|hat|sun\s?hat|sunscreen|"
                r"sun\s?cream|sun\s?block|sunglasses|shades|gloves|scarf|boots|wellies|wellington\s+boots|jumper|sweater|"
                r"hoodie|fleece|shorts|layers|thermals")


# rain in the words people use for it ("is it going to chuck it down later" read the reminders)
_RAIN_SAID = (r"(?:chuck|chucking|bucket|bucketing|tip|tipping|pour|pouring|piss|pissing|teem|teeming|lash|lashing)"
              r"(?:\s+it)?\s+down|pour|pouring|drizzle|drizzling|spit|spitting|shower|showery|hail|hailing|sleet|sleeting")
_GEAR_DETERMINERS = r"an?|my|some|a\s+pair\s+of"      # "do i need a brolly", "should i take my gloves"
_GEAR = re.compile(r"(?:(?:" + _GEAR_DETERMINERS + r"|the)\s+)?(?:" + WEATHER_GEAR + r")")


# the words of a request that ask about the weather itself ("should i dress in layers" asks about clothes)
_WEATHER_SAID = re.compile(r"\b(?:weather|forecast|rain\w*|snow\w*|hot|cold|warm|chilly|wind\w*|sun\w*|cloud\w*|"
                           r"humid\w*|temperature|degrees|storm\w*|frost\w*|fog\w*|freez\w*|hail|thunder\w*|wet|dry|"
                           r"(?:" + WEATHER_GEAR + r"))\b")   # what it asks to bring


def _said_place(words: str) -> str | None:
    """The place a request about the weather names last, after "in" / "for" / "at" and before only the
    days it asks about ("how hot will it get on saturday in madrid", "will it rain in paris
    tomorrow"): its name, or None when it names none ("should i dress in layers today")."""
    said = " ".join(normalize_utterance(words).replace(",", " ").split())
    if not _WEATHER_SAID.search(said):
        return None
    rest, _days = _read_when(said)
    m = re.search(r"\b(?:in|for|at)\s+(?P<place>[^\W\d_][\w .'-]*)$", _ANSWER_END.sub("", rest))
    if m and _GEAR.fullmatch(m.group("place").strip()):
        return None                     # "should i go out in shorts today": what to wear, not where
    place = _place(m.group("place")) if m else None
    return place.title() if place else None


def _answer_arguments(words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
    """The arguments the user's answer to "Which city?" gives ("seattle", "in seattle please",
    "seattle tomorrow"): the place, and the days when the answer says them; None when the words
    are no place."""
    said = _ANSWER_END.sub("", normalize_utterance(words))
    said = " ".join(said.replace(",", " ").split())
    while said.split(" ", 1)[0] in DISCOURSE_WORDS:
        said = said.partition(" ")[2]
    rest, days = _read_when(_ANSWER_LEAD.sub("", said))
    city = _place(_ANSWER_LEAD.sub("", rest))
    if city is None:
        return None
    if days:                        # the days said now replace the days first asked
        arguments = {k: v for k, v in arguments.items() if k not in ("resolved_datetimes", "day")}
    return {**arguments, "city": city.title()} | _when_arguments(days)


def _round(v: Any) -> int | None:
    try:
        return int(round(float(v)))
    except (TypeError, ValueError):
        return None


# What the intent router learns from besides the adapter examples in the class: more ways
# people say it, requests that look alike but are not this command's, and its domain words.
_MORE_EXAMPLES: list[tuple[str, dict[str, Any]]] = [('do i need an umbrella tomorrow', {'resolved_datetimes': ['tomorrow']}),
 ('should i bring a coat today', {'resolved_datetimes': ['today']}),
 ('is it going to be hot this weekend', {'resolved_datetimes': ['this_weekend']}),
 ('will it snow in denver', {'city': 'denver'}), ('how cold is it outside', {}),
 ("what's the temperature in berlin", {'city': 'berlin'}),
 ('is it sunny in rome right now', {'city': 'rome'}),
 ('can i wear sandals today', {'resolved_datetimes': ['today']}),
 ('will it be nice for a picnic on saturday', {}), ('is there a storm coming', {}), ('how windy is it', {}),
 ("what's it like outside", {}), ('forecast for next week', {'resolved_datetimes': ['next_week']}),
 # "what's it like out" as people ask it ("what's it like out there" was small talk's)
 ("what's it like out there", {}), ("what's it like out today", {'resolved_datetimes': ['today']}),
 ("what's it like in madrid today", {'city': 'madrid', 'resolved_datetimes': ['today']}),
 ('will it rain later', {}), ('is it freezing out there', {}),
 ('how humid is it today', {'resolved_datetimes': ['today']})]
# the weather asked about indirectly: what to wear or carry, whether plans will hold, the outlook
_MORE_EXAMPLES += [
 ('should i wear a coat when i go out', {}),
 ('is it t-shirt weather today', {'resolved_datetimes': ['today']}),
 ('do i need gloves this morning', {}),
 ('will it be warm enough for shorts tomorrow', {'resolved_datetimes': ['tomorrow']}),
 ('what should i wear today', {'resolved_datetimes': ['today']}),
 ('is it going to pour later', {}),
 ('any chance of showers this afternoon', {}),
 ('how many degrees is it outside', {}),
 ('what are the conditions like outside right now', {}),
 ('give me the outlook for the next few days', {}),
 ('is it nice out', {}),
 ('will the roads be icy tonight', {}),
 ('is it going to clear up', {}),
 ('how much snow are we expecting', {}),
 ('will it be cloudy tomorrow', {'resolved_datetimes': ['tomorrow']}),
 ('do i have to dress warmly today', {'resolved_datetimes': ['today']}),
 ('should i put on sunscreen', {}),
 ('is it a good day to hang the washing out', {'resolved_datetimes': ['today']}),
 ('will it stay dry for the barbecue on sunday', {}),
 ('weather update please', {}),
 ('hows the week looking weather wise', {'resolved_datetimes': ['next_week']}),
 ("it's going to be chilly tonight isn't it", {}),
 ('do i need a jumper', {}),
 ('will my football match get rained off', {}),
 ('is it going to be a wet week', {'resolved_datetimes': ['next_week']}),
 ('what will the skies be like tomorrow', {'resolved_datetimes': ['tomorrow']}),
 ('is an umbrella needed for my walk', {}),
]
# questions about what to wear or whether it will be hot, wet or windy are weather questions
_MORE_EXAMPLES += [(t, {}) for t in [
 'should i wear a jacket this afternoon',
 'is it going to be hot tomorrow',
 'how cold is it outside right now',
 'will i need sunscreen on saturday',
 'is it warm enough for shorts today',
 "what's the humidity like",
 'is it windy in dublin',
 'any storms coming this week',
 "what's the forecast for the weekend",
 'is it raining in seattle',
 'will it freeze tonight',
 'is it a good day to hang the washing out',
 'how sunny will it be in madrid',
 'do i need gloves this morning',
 'what will the temperature be at noon',
 # the day's highest and lowest, said as forecasts say them ("what's the high today" was declined)
 "what's the high for today",
 "what's the low going to be tonight",
 'how warm will it get this afternoon',
 "what's the top temperature tomorrow",
 'how low will the temperature drop overnight',
]]
_NEGATIVES: list[str] = ['what time is it in london', 'turn up the heating', 'set the thermostat to twenty degrees']
_DOMAIN_WORDS: list[str] = ['weather', 'forecast', 'rain', 'raining', 'snow', 'temperature', 'umbrella', 'sunny', 'windy', 'humid', 'cloudy', 'degrees outside']


# the words that say each day (grounding: a model's "today" for "this weekend" is replaced)
DAY_WORDS = {
    "today": ["today", "now", "tonight", "this morning", "this afternoon", "this evening", "right now"],
    "tomorrow": ["tomorrow"],
    "day_after_tomorrow": ["day after tomorrow", "the day after"],
    "this_weekend": ["weekend", "saturday", "sunday"],
    "next_week": ["next week"],
}

class GetWeatherCommand(JarvisCommandBase):
    @property
    def command_name(self) -> str:
        return "get_weather"

    @property
    def capability(self) -> str:
        return 'tell the weather'

    @property
    def description(self) -> str:
        return ("Current weather and forecasts for a city (or the default location): temperature, conditions, "
                "chance of rain, for today, tomorrow, the day after tomorrow, this weekend or next week.")

    @property
    def parameters(self) -> list[JarvisParameter]:
        return [
            JarvisParameter("city", "string", description="City name; omit for the default location.", place=True),
            JarvisParameter("resolved_datetimes", "array<string>", enum_values=list(DATE_KEYS),
                            description="Which days: today, tomorrow, day_after_tomorrow, this_weekend, next_week.",
                            enum_evidence=DAY_WORDS),
            JarvisParameter("day", "string", description="A later day the user names (\"on tuesday\"), as YYYY-MM-DD.",
                            validation_function=_is_date, from_words=True),
        ]

    @property
    def keywords(self) -> list[str]:
        return ["weather", "forecast", "rain", "temperature", "umbrella", "snow", "sunny"]

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return [CommandAntipattern("get_current_time", "What time is it in Denver?"),
                CommandAntipattern("convert_measurement", "What's 30 Celsius in Fahrenheit?")]

    @property
    def fast_paths(self) -> list[FastPath]:
        tail = r"(?P<tail>(?:\s.*)?)"            # the days and the place, read by _weather_claim
        weather = r"(?:weather forecast|weather report|weather|forecast)"
        return [
            FastPath("get_weather.whats_the_weather",
                     r"(?:what's|what is|whats|how's|how is|hows|what'll|what will|how does|how will)\s+the\s+(?:current\s+)?"
                     + weather + tail, _weather_claim, "what's the weather (like) in chicago tomorrow"),
            FastPath("get_weather.whats_the_city_weather",
                     r"(?:what's|what is|whats|how's|how is|hows)\s+(?:the\s+)?(?P<lead>" + _NAME + r")\s+" + weather + tail,
                     _weather_claim, "what's the los angeles weather like / how's the weekend forecast"),
            FastPath("get_weather.weather_in",
                     r"(?:(?:tell me|give me|check|get|show me)\s+)?(?:the\s+)?"
                     r"(?:(?P<lead>weekend|tomorrow's|today's|tonight's|this weekend's|next week's)\s+)?"
                     r"(?:current\s+)?(?:" + weather + r"|temperature|current temperature)" + tail,
                     _weather_claim, "weather in denver tomorrow / weekend forecast for seattle"),
            FastPath("get_weather.rain",
                     r"(?:will it|is it going to|is it gonna|is it|does it look like it's going to)\s+(?:rain|snow|be sunny|be cold|be hot|be warm|"
                     r"raining|snowing|sunny|cold|hot|warm|windy|cold outside|hot outside|warm outside|freezing|"
                     + _RAIN_SAID + r")" + tail,
                     _weather_claim, "will it rain tomorrow in seattle / is it raining in portland"),
            FastPath("get_weather.umbrella",
                     r"(?:do i need|should i (?:bring|take|wear|pack)|will i need|do i want)\s+(?:(?:" + _GEAR_DETERMINERS + r")\s+)?"
                     r"(?:" + WEATHER_GEAR + r")(?:\s+(?:out\s+)?(?:with me|with us|along|out))?" + tail,
                     _weather_claim, "do i need an umbrella / should i take my gloves with me tonight"),
            FastPath("get_weather.how_hot",
                     r"how (?:hot|cold|warm|nice|chilly|windy)\s+(?:is it|will it be|is it going to be|is it gonna be|it will be)" + tail,
                     _weather_claim, "how hot is it in dallas"),
        ]

    # what the intent router learns from besides the examples (the module's constants above)
    negative_examples = _NEGATIVES
    domain_words = _DOMAIN_WORDS

    def generate_prompt_examples(self) -> list[CommandExample]:
        return examples([
            ("What's the weather in Chicago?", {"city": "Chicago", "resolved_datetimes": ["today"]}),
            ("What's the weather like?", {"resolved_datetimes": ["today"]}),
            ("What's the forecast for Los Angeles tomorrow?", {"city": "Los Angeles", "resolved_datetimes": ["tomorrow"]}),
            ("Will it rain tomorrow?", {"resolved_datetimes": ["tomorrow"]}),
            ("What's the weather this weekend?", {"resolved_datetimes": ["this_weekend"]}),
        ])

    def generate_adapter_examples(self) -> list[CommandExample]:
        rows = [
            ("What's the weather in Chicago?", "Chicago", "today"), ("What's the weather like?", None, "today"),
            ("How's the weather in New York today?", "New York", "today"),
            ("What's the forecast for Los Angeles tomorrow?", "Los Angeles", "tomorrow"),
            ("What's the weather?", None, "today"), ("Weather report", None, "today"),
            ("Do I need an umbrella?", None, "today"), ("How's the weather in Seattle?", "Seattle", "today"),
            ("Weather in Denver", "Denver", "today"), ("Temperature in Phoenix", "Phoenix", "today"),
            ("Is it raining in Portland?", "Portland", "today"), ("How hot is it in Dallas?", "Dallas", "today"),
            ("Current weather in Austin", "Austin", "today"), ("Weather in Denver tomorrow", "Denver", "tomorrow"),
            ("Will it rain tomorrow?", None, "tomorrow"),
            ("Weather forecast for Chicago on the day after tomorrow", "Chicago", "day_after_tomorrow"),
            ("What's the weather the day after tomorrow?", None, "day_after_tomorrow"),
            ("What's the weather this weekend?", None, "this_weekend"),
            ("Weekend forecast for Seattle", "Seattle", "this_weekend"),
            ("What's the weather going to be like next week?", None, "next_week"),
            ("Is it cold outside?", None, "today"), ("Should I bring an umbrella tomorrow?", None, "tomorrow"),
        ]
        return examples(_MORE_EXAMPLES, primary=None) + examples([(t, ({"city": c} if c else {}) | {"resolved_datetimes": [d]}) for t, c, d in rows])

    # ---- settings ---------------------------------------------------------------------------------
    def _setting(self, key: str, default: Any) -> Any:
        if self.services is None:
            return default
        value = self.services.settings.get(key)
        return default if value in (None, "") else value

    def _place_talked_about(self) -> str | None:
        """The place the weather was just told for: "will i need an umbrella on saturday", said a few
        minutes after the weather in London, is about London (before the default location)."""
        return self.services.noted(PLACE_NOTE, PLACE_NOTE_S) if self.services is not None else None

    def _default_location(self) -> str | None:
        loc = self._setting("weather.default_location", None)
        if not loc and self.services is not None:
            loc = self.services.config.general.location
        return loc or None

    # ---- HTTP -------------------------------------------------------------------------------------
    def _geocode(self, client: httpx.Client, city: str) -> dict[str, Any] | None:
        r = client.get(self._setting("weather.geocoding_url", GEOCODING_URL),
                       params={"name": city, "count": 1, "language": "en", "format": "json"})
        r.raise_for_status()
        results = r.json().get("results") or []
        return results[0] if results else None

    def _forecast(self, client: httpx.Client, place: dict[str, Any], unit: str) -> dict[str, Any]:
        r = client.get(self._setting("weather.forecast_url", FORECAST_URL), params={
            "latitude": place["latitude"], "longitude": place["longitude"],
            "current": "temperature_2m,apparent_temperature,weather_code,wind_speed_10m,precipitation",
            "daily": "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max",
            "timezone": "auto", "forecast_days": 14, "temperature_unit": unit,
            "wind_speed_unit": "mph" if unit == "fahrenheit" else "kmh"})
        r.raise_for_status()
        return r.json()

    # ---- run --------------------------------------------------------------------------------------
    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        """A city the user did not name, or words that name no place ("tomorrow", "the"), are dropped
        (the default location is used, or the city asked for); a place or days said that the model
        left out are taken from the words."""
        args = drop_ungrounded(args, voice_command, ["city"])
        city = str(args.get("city") or "").strip()
        if city and _place(city) is None:
            return {k: v for k, v in args.items() if k != "city"}
        if not city:
            said = _said_place(voice_command)
            if said:                    # "how hot will it get on saturday in madrid": the model left Madrid out
                args["city"] = said
        _rest, days = _read_when(" ".join(normalize_utterance(voice_command).lower().split()))
        said = _when_arguments(days)
        if "day" in said:                      # "on tuesday": that day, and only the days the words say besides
            args = {k: v for k, v in args.items() if k != "resolved_datetimes"} | said
        elif not args.get("resolved_datetimes") and said:
            args["resolved_datetimes"] = said["resolved_datetimes"]   # "is it going to snow there tomorrow"
        return args

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The words said after "Which city?": a whole weather request when they are one ("will it rain
        tomorrow in seattle"), else the place and any days they say ("in seattle tomorrow please", for
        the days first asked); None when they name no place: a request of its own, routed as usual."""
        claim = self.pre_route(words)
        if claim is not None:
            return dict(claim.arguments)
        return _answer_arguments(words, arguments)

    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        day = str(kwargs.get("day") or "").strip() or None
        keys = [k for k in (kwargs.get("resolved_datetimes") or []) if k in DATE_KEYS] or ([] if day else ["today"])
        said = (kwargs.get("city") or "").strip()
        city = said or self._place_talked_about() or self._default_location()
        if said and self.services is not None:
            self.services.note(PLACE_NOTE, said)
        if not city:                     # the next words are the city, for the days asked about
            return CommandResponse.ask_for(
                "city", "Which city? You can also set a default location in settings (weather.default_location).",
                ({"resolved_datetimes": keys} if keys else {}) | ({"day": day} if day else {}), reason="no_location")
        unit = "fahrenheit" if str(self._setting("weather.temperature_unit", "celsius")).lower().startswith("f") else "celsius"
        try:
            with httpx.Client(timeout=TIMEOUT_S) as client:
                place = self._geocode(client, city)
                if place is None:
                    return fail(f"I couldn't find a place called {city}.", reason="unknown_city", city=city)
                data = self._forecast(client, place, unit)
        except httpx.HTTPStatusError as exc:
            return fail(f"The weather service answered with an error ({exc.response.status_code}). Try again later.",
                        reason="http_error")
        except (httpx.TransportError, OSError):
            return fail("I can't reach the weather service right now. Check the internet connection.",
                        reason="network")
        except (ValueError, KeyError, TypeError):
            return fail("The weather service sent an answer I couldn't read.", reason="bad_response")
        try:
            parts = [self._describe(key, data, place) for key in keys]
            if day:
                parts.append(self._describe_day(_dt.date.fromisoformat(day), data, place))
        except (KeyError, IndexError, TypeError, ValueError):
            return fail("The weather service sent an answer I couldn't read.", reason="bad_response")
        name = place.get("name") or city
        return say(" ".join(p for p in parts if p), city=name, country=place.get("country"),
                   unit=unit, resolved_datetimes=keys, current=data.get("current"), **({"day": day} if day else {}))

    def _days(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        d = data["daily"]
        out = []
        for i, day in enumerate(d["time"]):
            prob = d.get("precipitation_probability_max", [None] * len(d["time"]))[i]
            out.append({"date": _dt.date.fromisoformat(day), "code": d["weather_code"][i],
                        "high": _round(d["temperature_2m_max"][i]), "low": _round(d["temperature_2m_min"][i]),
                        "rain": _round(prob)})
        return out

    def _describe_day(self, when: _dt.date, data: dict[str, Any], place: dict[str, Any]) -> str:
        """One day named by its date: the forecast's day as many days after its first as `when` is after
        today (the forecast's first day is the place's today)."""
        days = self._days(data)
        offset = (when - _dt.date.today()).days
        if offset < 0:
            return "I can only tell the weather from today on, not for days gone by."
        day = next((d for d in days if (d["date"] - days[0]["date"]).days == offset), None)
        if day is None:
            return f"I only have the forecast for the next {len(days)} days."
        label = ("Today" if offset == 0 else "Tomorrow" if offset == 1 else when.strftime("On %A") if offset < 7
                 else f"On {when.strftime('%A, %B')} {when.day},")
        return f"{label} in {place.get('name', '')}: {self._day_words(day)}."

    @staticmethod
    def _day_words(day: dict[str, Any]) -> str:
        text = f"{WMO.get(day['code'], 'mixed weather')}, high {day['high']}, low {day['low']}"
        if day["rain"] is not None and day["rain"] >= 20:
            text += f", {day['rain']} percent chance of rain"
        return text

    def _describe(self, key: str, data: dict[str, Any], place: dict[str, Any]) -> str:
        name = place.get("name", "")
        days = self._days(data)
        today = days[0]["date"]
        if key == "today":
            cur = data.get("current") or {}
            temp = _round(cur.get("temperature_2m"))
            words = WMO.get(cur.get("weather_code"), None)
            head = f"In {name} it's {temp} degrees" + (f" with {words}" if words else "") + "."
            feels = _round(cur.get("apparent_temperature"))
            if feels is not None and temp is not None and abs(feels - temp) >= 3:
                head += f" It feels like {feels}."
            return head + f" Today: {self._day_words(days[0])}."
        if key in ("tomorrow", "day_after_tomorrow"):
            offset = 1 if key == "tomorrow" else 2
            day = next((d for d in days if (d["date"] - today).days == offset), None)
            if day is None:
                return ""
            label = "Tomorrow" if offset == 1 else day["date"].strftime("On %A")
            return f"{label} in {name}: {self._day_words(day)}."
        if key == "this_weekend":
            weekend = [d for d in days if d["date"].weekday() >= 5 and (d["date"] - today).days < 7]
            if not weekend:
                return ""
            parts = [f"{d['date'].strftime('%A')} {self._day_words(d)}" for d in weekend]
            return f"This weekend in {name}: " + "; ".join(parts) + "."
        # next_week: the 7 days after today
        week = [d for d in days if 1 <= (d["date"] - today).days <= 7]
        if not week:
            return ""
        highs = [d["high"] for d in week if d["high"] is not None]
        wet = [d["date"].strftime("%A") for d in week if d["rain"] is not None and d["rain"] >= 50]
        text = f"Over the next week in {name}, highs from {min(highs)} to {max(highs)} degrees"
        text += f", with rain likely on {join_words(wet)}." if wet else ", mostly dry."
        return text
