#!/usr/bin/env python3
"""Turn SLURP devel (requests real people said to a voice assistant) into scored routing sets.

  python scripts/make_slurp_sets.py [--src ../shared/data/slurp_devel/devel.jsonl] [--out tests/data/slurp]

Writes `dev.jsonl` (slurp_id % 5 != 0), `dev_sample.jsonl` (every 8th dev row, for runs through
the LLM) and `holdout.jsonl` (slurp_id % 5 == 0, kept unseen while tuning), one row per utterance: {"text", "tool", "arguments", "accept", "intent", "slurp_id"}.
`tool` is the command that should handle it, or "none" for requests no command serves (the
assistant must say it cannot do that and fire nothing). `accept` lists every tool that counts as
right (e.g. either list command for "add it to my list"; the `volume` command or nothing for a volume
request that does not name the sound, which may mean the assistant's own voice). Arguments are derived only where a slot gives them reliably (durations, clock times,
places, the list action); `scripts/score_routes.py` checks just the arguments a row has.

The mapping follows ../shared/data/slurp_devel/README.md. Rows whose mapping is unclear are dropped
and counted by reason. SLURP's text is CC BY 4.0 (Bastianelli et al., EMNLP 2020): keep the
attribution in the output folder's README."""
from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from jarvis_tui.sdk.text import parse_clock_time, parse_duration  # noqa: E402

# requests no command serves: the assistant declines and fires nothing
NO_COMMAND = re.compile(r"^(?:play|iot|hue|music|transport|takeaway|news|social|recommendation|cooking|qa_stock|"
                        r"qa_currency|email_querycontact|email_addcontact)")
SHOPPING = re.compile(r"\b(?:shopping|grocer(?:y|ies)|groceries|buy|supermarket|store)\b")
TODO = re.compile(r"\b(?:to ?do|todo|tasks?|chores?|work)\b")
NUMBER = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                    r"forty|fifty|hundred)\b")
PLAYLIST = re.compile(r"\b(?:playlists?|music|songs?)\b")
LISTS = re.compile(r"\blists\b")
MAKE_LIST = re.compile(r"\b(?:create|make|start|new)\b.*\blist\b")
VOLUME = re.compile(r"\b(?:volume|mute[ds]?|louder|quieter|softer|sound|speakers?|audio)\b")
OPERATION = re.compile(r"\b(?:plus|minus|times|divided|multiplied|add|subtract|sum|product|x)\b|[-+*/]")


def slots(annotation: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in re.findall(r"\[(\w+) : ([^\]]+)\]", annotation):
        out.setdefault(name, value.strip())
    return out


def _clock(value: str) -> str | None:
    t = parse_clock_time(value, require_meridiem=False)
    return t


def map_row(row: dict) -> tuple[dict | None, str]:
    """(scored row, "") or (None, why it was dropped)."""
    intent, text = row["intent"], row["text"].strip()
    s = slots(row["annotation"])
    if "_" not in intent:
        return None, "intent without a scenario"
    base = {"text": text, "intent": intent, "slurp_id": row["slurp_id"]}

    def out(tool: str, arguments: dict | None = None, accept: list[str] | None = None):
        return dict(base, tool=tool, arguments=arguments or {}, accept=sorted(set(accept or [tool]) | {tool})), ""

    if intent.startswith("audio_volume"):
        # the volume command serves these; a request that does not name the sound (only asks for quiet
        # or sleep) may also be declined, since it may mean the assistant's own voice
        action = {"audio_volume_up": "up", "audio_volume_down": "down", "audio_volume_mute": "mute"}.get(intent)
        amount = s.get("change_amount", "")
        args = {"action": action} if action and (not amount or NUMBER.search(amount)) else {}
        if VOLUME.search(text):
            return out("volume", args)
        return out("volume", args, accept=["volume", "none"])
    if NO_COMMAND.match(intent):
        return out("none")
    if intent in ("general_quirky", "general_greet"):
        return out("chat")
    if intent == "general_joke":
        return out("tell_joke")
    if intent in ("qa_factoid", "qa_definition"):
        return out("answer_question")
    if intent == "qa_maths":
        if len(NUMBER.findall(text)) >= 2 and OPERATION.search(text):
            return out("calculate")
        return out("answer_question", accept=["answer_question", "calculate"])
    if intent == "weather_query":
        args = {"city": s["place_name"]} if "place_name" in s else {}
        return out("get_weather", args)
    if intent == "datetime_convert":
        # a time converted between places, or their difference: get_current_time; setting the
        # assistant's own time zone (set, switch or change it) no command does
        return out("none") if re.search(r"\b(?:set|switch|change)\b", text.lower()) else out("get_current_time")
    if intent == "datetime_query":
        args = {"location": s["place_name"]} if "place_name" in s else {}
        return out("get_current_time", args)
    if intent == "email_query":
        return out("email", {"action": "list"})
    if intent == "email_sendemail":
        return out("email", accept=["email"])
    if intent == "alarm_set":
        said = text.lower()
        value = s.get("time", "")
        if "timer" in said or re.match(r"^(?:in|for)\b", value) or (
                value and parse_duration(value) and not re.search(r"\b(?:am|pm|o'?clock|noon|midnight)\b", value)
                and re.search(r"\b(?:minutes?|hours?|seconds?)\b", value)):
            seconds = parse_duration(value or said)
            return out("set_timer", {"duration_seconds": seconds} if seconds else {})
        if value:
            clock = _clock(value)
            args = {"action": "set"}
            if clock:
                args["time"] = clock
            return out("reminder", args)
        return None, "alarm_set without a time"
    if intent in ("alarm_query", "alarm_remove"):
        timer = "timer" in text.lower()
        if intent == "alarm_query":
            return out("check_timers") if timer else out("reminder", {"action": "list"})
        return out("cancel_timer") if timer else out("reminder", {"action": "delete"})
    if intent == "calendar_set":
        return out("reminder", {"action": "set"})
    if intent == "calendar_query":
        return out("reminder", {"action": "list"})
    if intent == "calendar_remove":
        return out("reminder", {"action": "delete"})
    if intent.startswith("lists_"):
        # a list the request names is the shopping or to-do list when its name says so; any other name
        # is a list of the user's own (named_list), a music playlist is the music service's
        action = {"lists_createoradd": "add", "lists_query": "read", "lists_remove": "remove"}[intent]
        name = s.get("list_name", "").lower()
        named = (name + " " + text).lower()
        shopping, todo = bool(SHOPPING.search(named)), bool(TODO.search(named))
        if shopping and not todo:
            return out("shopping_list", {"action": action} if action != "remove" else {})
        if todo and not shopping:
            return out("todo_list", {"action": action} if action != "remove" else {})
        if PLAYLIST.search(named):
            return out("none", accept=["none", "named_list"])
        if name and not (shopping or todo):
            return out("named_list")
        if LISTS.search(text) or (intent == "lists_createoradd" and MAKE_LIST.search(text)):
            # "what are my lists", "create a new list": about lists as such, which only named_list keeps
            return out("named_list")
        # an item or "my list" without a name: any of the three lists
        return out("shopping_list", accept=["shopping_list", "todo_list", "named_list"])
    return None, f"no mapping for {intent}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--src", default=str(ROOT.parent / "shared/data/slurp_devel/devel.jsonl"))
    ap.add_argument("--out", default=str(ROOT / "tests/data/slurp"))
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in Path(args.src).read_text(encoding="utf-8").splitlines() if line.strip()]
    dev, holdout, dropped = [], [], collections.Counter()
    for row in rows:
        mapped, why = map_row(row)
        if mapped is None:
            dropped[why] += 1
            continue
        (holdout if row["slurp_id"] % 5 == 0 else dev).append(mapped)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    dev.sort(key=lambda r: r["slurp_id"])
    sample = dev[::8]          # a fixed eighth of dev, for the slower runs through the LLM
    for name, data in (("dev", dev), ("holdout", holdout), ("dev_sample", sample)):
        with (out / f"{name}.jsonl").open("w", encoding="utf-8") as f:
            for r in sorted(data, key=lambda r: r["slurp_id"]):
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    tools = collections.Counter(r["tool"] for r in dev + holdout)
    print(f"{len(rows)} rows: dev {len(dev)}, holdout {len(holdout)}, dropped {sum(dropped.values())}")
    for why, n in dropped.most_common():
        print(f"  dropped {n:4d}: {why}")
    print("tools:", dict(tools.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
