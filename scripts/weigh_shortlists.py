#!/usr/bin/env python3
"""How the router and the model, weighed together, decide the shortlists of a routing run, for
several weights of the model, from one run's logged probabilities (no model needed).

  jarvis-tui route --file tests/data/slurp/dev.jsonl > dev.jsonl
  python scripts/weigh_shortlists.py tests/data/slurp/dev.jsonl dev.jsonl [--weights 0,0.25,0.5,1,2,4]

Every row whose shortlist was weighed carries `router.weighed` (the router's and the model's
probability of each choice, "none" = declining). For each weight w the choice is the one with the
highest router x model^w, scored as `scripts/score_routes.py` scores tools: right when it is the
row's tool (or one of its `accept` tools; "none" when nothing fits), and an action chosen on a
row no command serves counts as fired (chat and answer_question are not actions). As the brain
does, an action is chosen only when it is the model's own first choice and the router ranks it
above declining (`--any-action` shows what the weighing would do without that rule). "model alone"
is the model's most probable choice (what it writes when it picks by itself); weight 0 is the
router alone."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from jarvis_tui.assistant.intent_router import weighed_choice

DIRECT = {"chat", "answer_question"}


def choose(weighed: dict, weight: float | None, careful: bool = True) -> str:
    """The choice for `weight` (None: the model alone), by the brain's own rule (`weighed_choice`)."""
    router, model = weighed["router"], weighed["model"]
    if weight is None:
        return max(model, key=model.__getitem__)
    return weighed_choice(router, model, weight, acts=lambda name: name not in DIRECT and name != "none",
                          careful=careful)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("routes")
    ap.add_argument("--weights", default="0,0.1,0.2,0.3,0.5,1,2")
    ap.add_argument("--any-action", action="store_true",
                    help="act on any weighed choice, also one the model would not pick itself (the brain does not)")
    args = ap.parse_args()
    gold = {}
    with open(args.corpus, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                gold[row["text"]] = row
    rows = []
    with open(args.routes, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            route = json.loads(line)
            weighed = (route.get("router") or {}).get("weighed")
            if weighed and route["text"] in gold:
                rows.append((gold[route["text"]], weighed))
    print(f"{len(rows)} weighed shortlists")
    print(f"{'weight':>12}  {'right':>7}  {'fired on no-command rows':>24}  {'declined':>8}")
    settings: list[tuple[str, float | None]] = [("model alone", None)]
    settings += [(w.strip(), float(w)) for w in args.weights.split(",") if w.strip()]
    for label, weight in settings:
        right = fired = declined = 0
        for row, weighed in rows:
            picked = choose(weighed, weight, careful=not args.any_action)
            accept = row.get("accept") or [row["tool"]]
            right += picked in accept
            declined += picked == "none"
            fired += row["tool"] == "none" and picked not in DIRECT and picked != "none"
        print(f"{label:>12}  {right:>7}  {fired:>24}  {declined:>8}")


if __name__ == "__main__":
    main()
