#!/usr/bin/env python3
"""Score `jarvis-tui route` output against a routing corpus.

  jarvis-tui route --file CORPUS.jsonl > routes.jsonl
  python scripts/score_routes.py CORPUS.jsonl routes.jsonl [--json] [--errors]

Tool accuracy: the first call's name equals the corpus tool (or one of the row's `accept` tools; a
row whose tool is "none" is right when nothing is called). Argument accuracy (over rows whose
tool is right): every corpus argument is present and equal, compared leniently (case, whitespace, end punctuation,
plural 's', number formats, a lone string vs a one-item list, label lists = any of). Extra
arguments the model adds are not counted against it. Also: fast-path share, LLM latency p50/p95,
prefill/generate means, and that small talk / questions are never routed to an action command;
for the SLURP sets also actions fired on requests no command serves (target 0), declines, small
talk answered as chat, the rows the intent router decided without the LLM, and what the spoken
declines said: the topic of the request ("I can't control the lights yet." for a SLURP lights
request), the plain "Sorry, I can't help with that yet.", or a wrong topic (a topic the request's
SLURP intent is not: `DECLINE_TOPICS` below, the topics of assets/router/out_of_scope.txt).

Two sets of figures: all rows, and the rows inside DESIGN.md's command contract (tool and every
expected argument name/enum value exist in the DESIGN table; the dev corpus has rows for email
actions and reminder/weather arguments this project's commands do not have). LLM latency is taken
over the rows where the LLM was really called (`llm.llm_calls` >= 1); rows the brain's deterministic
guard decided (`llm.guard` == "question", no LLM call) are counted as `guard`."""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter, defaultdict

DIRECT = {"chat", "answer_question"}
SMALL_TALK_INTENTS = {"general_quirky", "general_greet"}   # SLURP rows: answered as chat, never an action

# SLURP intent (prefix) -> the decline topics that describe it; an intent not listed has no topic (the
# plain decline is right, any topic is wrong). First match wins.
DECLINE_TOPICS: list[tuple[str, set[str | None]]] = [
    ("iot_hue", {"control the lights"}), ("hue", {"control the lights"}),
    ("iot", {"control smart plugs and devices"}),
    ("audio_volume", {"change the volume", None}),
    ("music", {"play music"}), ("play_music", {"play music"}),
    ("play_radio", {"play the radio", "play music"}),
    ("play_podcasts", {"play podcasts and audiobooks"}), ("play_audiobook", {"play podcasts and audiobooks"}),
    ("play_game", {"play games"}),
    ("transport_taxi", {"book or call a taxi"}),
    ("transport_query", {"check trains, flights and traffic", "give directions"}),
    ("transport", {"check trains, flights and traffic"}),
    ("takeaway", {"order food"}), ("news", {"read the news"}), ("social", {"post on social media"}),
    ("cooking", {"find recipes"}), ("qa_stock", {"check stock prices"}), ("qa_currency", {"convert currencies"}),
    ("recommendation", {"recommend places, films and events"}),
    ("email_querycontact", {"manage your contacts"}), ("email_addcontact", {"manage your contacts"}),
]
PLAIN_DECLINE = "Sorry, I can't help with that yet."


def decline_topic(message: str | None) -> tuple[bool, str | None]:
    """(is a decline, its topic) from a spoken reply: "I can't <topic> yet." or the plain decline."""
    if message == PLAIN_DECLINE:
        return True, None
    if message and message.startswith("I can't ") and message.endswith(" yet."):
        return True, message[len("I can't "):-len(" yet.")]
    return False, None


def topics_of(intent: str) -> set[str | None]:
    return next((topics for prefix, topics in DECLINE_TOPICS if intent.startswith(prefix)), {None})


# DESIGN.md's table: argument -> allowed values (None = any value of the declared type)
_DATES = ["today", "tomorrow", "day_after_tomorrow", "this_weekend", "next_week"]
CONTRACT = {
    "set_timer": {"duration_seconds": None, "label": None},
    "cancel_timer": {"label": None},
    "check_timers": {"label": None},
    "reminder": {"action": ["set", "list", "delete", "snooze"], "text": None, "time": None, "relative_minutes": None,
                 "recurrence": ["daily", "weekdays", "weekly", "biweekly", "monthly"]},
    "get_current_time": {"location": None},
    "calculate": {"num1": None, "num2": None, "operation": ["add", "subtract", "multiply", "divide"]},
    "convert_measurement": {"value": None, "from_unit": None, "to_unit": None, "category": None},
    "shopping_list": {"action": ["add", "read", "check_off", "remove", "clear"], "items": None},
    "todo_list": {"action": ["add", "read", "complete", "uncomplete", "remove", "clear"], "tasks": None},
    "tell_joke": {"topic": None},
    "chat": {"message": None},
    "answer_question": {"query": None},
    "get_weather": {"city": None, "resolved_datetimes": _DATES},
    "email": {"action": ["draft", "send", "list"], "to": None, "subject": None, "body": None},
}


def in_contract(row) -> bool:
    spec = CONTRACT.get(row["tool"])
    if spec is None:
        return False
    for k, v in (row.get("arguments") or {}).items():
        if k not in spec:
            return False
        allowed = spec[k]
        if allowed is not None:
            values = v if isinstance(v, list) else [v]
            if any(x not in allowed for x in values):
                return False
    return True


def norm(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return round(float(v), 4)
    if isinstance(v, str):
        s = " ".join(v.strip().lower().split()).rstrip(".!?")
        try:
            return round(float(s), 4)
        except ValueError:
            return s[:-1] if s.endswith("s") and len(s) > 3 else s
    if isinstance(v, list):
        return [norm(x) for x in v]
    if isinstance(v, dict):
        return {k: norm(x) for k, x in v.items()}
    return v


def arg_ok(key, want, got) -> bool:
    if key in ("message", "query"):         # free text: chat replies / the question itself
        return isinstance(got, str) and bool(got.strip())
    w, g = norm(want), norm(got)
    if key == "label" and isinstance(w, list):      # corpus lists alternatives
        return g in w or (isinstance(g, list) and any(x in w for x in g))
    if isinstance(w, list) and not isinstance(g, list):
        g = [g]
    if isinstance(g, list) and not isinstance(w, list):
        w = [w]
    return w == g


def pct(values, q):
    if not values:
        return 0.0
    values = sorted(values)
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def score(pairs):
    tool_ok = args_ok = 0
    per_tool = defaultdict(Counter)
    llm_ms, prefill, generate, misses = [], [], [], []
    fast = guard = 0
    chat_to_action = 0
    chat_rows = 0
    none_rows = fired_on_none = declined = small_talk_rows = small_talk_chat = router_decided = 0
    fired: list[dict] = []
    topic_said = topic_plain = topic_wrong = 0
    wrong_topics: list[dict] = []
    for row, r in pairs:
        calls = r.get("tool_calls") or []
        got = calls[0]["name"] if calls else None
        want = row["tool"]
        info = r.get("llm") or {}
        if r.get("route") == "pre_route":
            fast += 1
        elif (info.get("llm_calls") is None and r.get("route") == "llm") or (info.get("llm_calls") or 0) >= 1:
            llm_ms.append(r["timings_ms"]["llm"])
            prefill.append(r["timings_ms"].get("prefill", 0.0))
            generate.append(r["timings_ms"].get("generate", 0.0))
        if r.get("route") != "pre_route" and info.get("llm_calls") == 0:
            guard += 1
        if want in DIRECT:
            chat_rows += 1
            if got is not None and got not in DIRECT:
                chat_to_action += 1
        accept = set(row.get("accept") or [want])
        if want == "none" or "none" in accept:
            none_rows += 1
            if got is not None and got not in DIRECT and got not in accept:
                fired_on_none += 1
                fired.append({"text": row["text"], "fired": got, "arguments": calls[0].get("arguments")})
            if got is None:
                declined += 1
        is_decline, topic = decline_topic(r.get("message"))
        if got is None and is_decline and row.get("intent"):
            if topic in topics_of(row["intent"]):
                topic_said += topic is not None
                topic_plain += topic is None
            elif topic is None:
                topic_plain += 1
            else:
                topic_wrong += 1
                wrong_topics.append({"text": row["text"], "intent": row["intent"], "topic": topic})
        if row.get("intent") in SMALL_TALK_INTENTS:
            small_talk_rows += 1
            small_talk_chat += got == "chat" or (got is None and bool(r.get("message")))
        if r.get("router") and r.get("route") != "pre_route" and not (info.get("llm_calls") or 0):
            router_decided += 1             # a decline or a direct answer: no LLM call
        ok = got == want or (got is None and "none" in accept) or (got is not None and got in accept)
        per_tool[want]["n"] += 1
        if ok:
            tool_ok += 1
            per_tool[want]["tool"] += 1
            args = (calls[0].get("arguments") or {}) if calls else {}
            # a reply the router sent straight to its command (no routing LLM call) is written when
            # the command runs: routing output has no `message` yet
            a_ok = all(arg_ok(k, v, args.get(k)) or (k == "message" and r.get("route") == "router" and k not in args)
                       for k, v in row["arguments"].items())
            if a_ok:
                args_ok += 1
                per_tool[want]["args"] += 1
            else:
                misses.append({"text": row["text"], "want": row["arguments"], "got": args, "kind": "args",
                               "route": r.get("route")})
        else:
            misses.append({"text": row["text"], "want": want, "got": got, "kind": "tool", "route": r.get("route")})
    n = len(pairs)
    summary = {
        "rows": n,
        "tool_accuracy": round(tool_ok / n, 4) if n else 0.0,
        "argument_accuracy": round(args_ok / n, 4) if n else 0.0,
        "argument_accuracy_given_tool": round(args_ok / tool_ok, 4) if tool_ok else 0.0,
        "fast_path_share": round(fast / n, 4) if n else 0.0,
        "guard_decided": guard,
        "llm_routed": len(llm_ms),
        "llm_p50_ms": round(pct(llm_ms, 0.5), 1), "llm_p95_ms": round(pct(llm_ms, 0.95), 1),
        "llm_prefill_mean_ms": round(statistics.mean(prefill), 1) if prefill else 0.0,
        "llm_generate_mean_ms": round(statistics.mean(generate), 1) if generate else 0.0,
        "small_talk_or_questions_routed_to_actions": f"{chat_to_action}/{chat_rows}",
        "actions_fired_on_no_command_rows": f"{fired_on_none}/{none_rows}",
        "declined_no_command_rows": f"{declined}/{none_rows}",
        "small_talk_answered_as_chat": f"{small_talk_chat}/{small_talk_rows}",
        "router_decided_without_llm": router_decided,
        "declines_naming_the_right_topic": topic_said,
        "declines_plain": topic_plain,
        "declines_naming_a_wrong_topic": topic_wrong,
        "fired_on_no_command": fired,
        "wrong_topics": wrong_topics,
        "per_tool": {k: dict(v) for k, v in sorted(per_tool.items())},
    }
    return summary, misses


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("routes", nargs="?", default="-")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--errors", action="store_true", help="list the misses")
    a = ap.parse_args(argv)
    corpus = [json.loads(line) for line in open(a.corpus, encoding="utf-8") if line.strip()]
    fh = sys.stdin if a.routes == "-" else open(a.routes, encoding="utf-8")
    routes = [json.loads(line) for line in fh if line.strip().startswith("{")]
    if len(routes) != len(corpus):
        print(f"warning: {len(corpus)} corpus rows, {len(routes)} routes", file=sys.stderr)
    pairs = list(zip(corpus, routes))
    summary, misses = score(pairs)
    inside = [(row, r) for row, r in pairs if in_contract(row)]
    contract, _ = score(inside)
    summary["contract_rows"] = {k: v for k, v in contract.items() if k != "per_tool"}
    summary["outside_contract_rows"] = len(pairs) - len(inside)
    if a.json:
        print(json.dumps(summary | ({"misses": misses} if a.errors else {}), indent=2))
    else:
        for k, v in summary.items():
            if k not in ("per_tool", "contract_rows", "fired_on_no_command", "wrong_topics"):
                print(f"{k:<44} {v}")
        print(f"inside the DESIGN contract ({contract['rows']} rows):")
        for k, v in summary["contract_rows"].items():
            if k in ("rows", "tool_accuracy", "argument_accuracy", "fast_path_share", "llm_routed",
                     "llm_p50_ms", "small_talk_or_questions_routed_to_actions"):
                print(f"  {k:<42} {v}")
        for tool, c in summary["per_tool"].items():
            print(f"  {tool:<22} tool {c.get('tool', 0)}/{c['n']}  args {c.get('args', 0)}/{c['n']}")
        if a.errors:
            for f in summary["fired_on_no_command"]:
                print(f"FIRED on a no-command row {f['text']!r}: {f['fired']} {f['arguments']}")
            for w in summary["wrong_topics"]:
                print(f"WRONG TOPIC {w['text']!r} ({w['intent']}): \"I can't {w['topic']} yet.\"")
            outside = {row["text"] for row, _ in pairs if not in_contract(row)}
            for m in misses:
                tag = " (outside contract)" if m["text"] in outside else ""
                print(f"MISS[{m['kind']}/{m['route']}]{tag} {m['text']!r}: want {m['want']} got {m['got']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
