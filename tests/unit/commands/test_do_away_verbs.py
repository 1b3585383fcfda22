"""The verbs that do away with something the user keeps are one list (`sdk.text.DO_AWAY_WORDS`) for
every command: "bin the mum one" was no reminder's delete ("bin" was the lists' word; "scrap" the
timer's and the reminder's; "axe" nobody's) and went to the model, which set a reminder "bin the mum".
Each verb, said of one reminder, one timer and one shopping item by name, does away with it on the
fast path, and leaves the other things alone."""
from __future__ import annotations

import datetime as dt

import pytest

from command_helpers import ask
from jarvis_tui.sdk.text import DO_AWAY_WORDS


@pytest.mark.parametrize("verb", DO_AWAY_WORDS)
def test_every_verb_does_away_with_the_reminder_the_timer_and_the_item_named(rt, verb):
    rt.store.reminders.add("call mum", dt.datetime.now().astimezone() + dt.timedelta(hours=2))
    ask(rt, "set a timer for the pasta for 10 minutes")
    ask(rt, "add milk and eggs to the shopping list")

    turn, r = ask(rt, f"{verb} the mum one")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "reminder", (verb, turn.spoken)
    assert r.success and rt.store.reminders.active() == []

    turn, r = ask(rt, f"{verb} the pasta one")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "cancel_timer", (verb, turn.spoken)
    assert r.success and rt.store.timers.live() == []

    turn, r = ask(rt, f"{verb} the milk")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "shopping_list", (verb, turn.spoken)
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["eggs"]


def test_a_kept_thing_said_to_go_goes(rt):
    """"the window cleaner one can go" (holdout 35) added "go to the window cleaner one" to the to-do
    list: a reminder or a timer named as "the X one" that "can go" is done away with (`sdk.text.CAN_GO`),
    only when one of that name is kept."""
    rt.store.reminders.add("pay the window cleaner", dt.datetime.now().astimezone() + dt.timedelta(days=1))
    ask(rt, "set a timer for the bread for 20 minutes")
    turn, r = ask(rt, "the window cleaner one can go")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "reminder" and r.success
    assert rt.store.reminders.active() == []
    turn, r = ask(rt, "the bread one can be cancelled now")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "cancel_timer" and r.success
    assert rt.store.timers.live() == []
    turn, _ = ask(rt, "the window cleaner one can go")        # none kept now: no fast path claims it
    assert turn.route != "pre_route"
