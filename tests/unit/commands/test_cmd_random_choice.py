"""random_choice through the real pipeline (fast paths, router, SQLite; no LLM): "pick a number between 1
and 10" went to the model, which subtracted (1 minus 10 is -9); "flip a coin" was declined."""
from __future__ import annotations

import re

import pytest

from command_helpers import ask
from jarvis_tui.sdk import RequestInformation


@pytest.mark.parametrize("said, arguments", [
    ("flip a coin", {"action": "coin"}), ("heads or tails", {"action": "coin"}),
    ("can you toss a coin for me", {"action": "coin"}), ("flip three coins", {"action": "coin", "count": 3}),
    ("roll a dice", {"action": "dice"}), ("roll a die please", {"action": "dice"}),
    ("roll two dice", {"action": "dice", "count": 2}), ("roll a twenty sided die", {"action": "dice", "sides": 20}),
    ("roll a d12", {"action": "dice", "sides": 12}), ("roll a pair of dice", {"action": "dice", "count": 2}),
    ("pick a number between 1 and 10", {"action": "number", "low": 1, "high": 10}),
    ("think of a number from one to fifty", {"action": "number", "low": 1, "high": 50}),
    ("give me a random number", {"action": "number"}),
    ("choose between pizza and curry", {"action": "choose", "options": ["pizza", "curry"]}),
    ("help me decide between tea, coffee or juice", {"action": "choose", "options": ["tea", "coffee", "juice"]}),
    ("pick one out of the film and the match", {"action": "choose", "options": ["film", "match"]}),
])
def test_each_kind_of_chance_is_claimed_with_what_the_words_say(rt, said, arguments):
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [(c.name, c.arguments) for c in turn.tool_calls] == [("random_choice", arguments)]
    assert r.success and turn.spoken


def test_the_results_are_within_what_was_asked_and_vary(rt):
    command = rt.registry.get("random_choice")
    coins = {command.execute(RequestInformation("flip a coin"), action="coin").message for _ in range(60)}
    assert coins == {"Heads.", "Tails."}
    numbers = {int(command.execute(RequestInformation("x"), action="number", low=10, high=3).message.rstrip("."))
               for _ in range(200)}
    assert numbers == set(range(3, 11))                  # a range said the wrong way round, each number in it
    r = command.execute(RequestInformation("roll two twenty sided dice"), action="dice", count=2, sides=20)
    m = re.fullmatch(r"You rolled (\d+) and (\d+): (\d+) in all\.", r.message)
    assert m and all(1 <= int(v) <= 20 for v in m.groups()[:2]) and int(m[1]) + int(m[2]) == int(m[3])
    r = command.execute(RequestInformation("give me a random number"), action="number")
    assert re.fullmatch(r"\d+, from 1 to 100\.", r.message) and 1 <= r.context_data["result"] <= 100
    # one end said: the other as most people mean it ("a random number up to 50" said "54, from 1 to 100.")
    ups = [command.execute(RequestInformation("give me a random number up to 50"), action="number", high=50) for _ in range(60)]
    assert all(re.fullmatch(r"\d+, from 1 to 50\.", r.message) and 1 <= r.context_data["result"] <= 50 for r in ups)
    r = command.execute(RequestInformation("a random number above 200"), action="number", low=200)
    assert r.message.endswith(", from 200 to 400.") and 200 <= r.context_data["result"] <= 400
    picks = {command.execute(RequestInformation("x"), action="choose", options=["tea", "coffee"]).message for _ in range(60)}
    assert picks == {"I'd say tea.", "I'd say coffee."}


@pytest.mark.parametrize("arguments, words", [
    ({"action": "dice", "count": 50}, "I can do from 1 to 10 at once."),
    ({"action": "dice", "sides": 1}, "A die can have from 2 to 1000 sides."),
    ({"action": "choose", "options": ["tea"]}, "Choose between what? Say two or more things, like tea or coffee."),
])
def test_what_it_cannot_do_is_said(rt, arguments, words):
    r = rt.registry.get("random_choice").execute(RequestInformation("x"), **arguments)
    assert not r.success and r.message == words


def test_the_models_numbers_and_things_are_the_words_own(rt):
    command = rt.registry.get("random_choice")
    assert command.post_process_tool_call({"action": "number", "low": 0, "high": 9}, "pick a number between 1 and 10") \
        == {"action": "number", "low": 1, "high": 10}
    assert command.post_process_tool_call({"action": "choose", "options": ["pizza", "What is the capital of France?"]},
                                          "should we get pizza or a curry, you choose") == {"action": "choose", "options": ["pizza"]}
    assert command.post_process_tool_call({"action": "number", "low": 1, "high": 6}, "roll something") == {"action": "number"}


@pytest.mark.parametrize("said", ["what's 1 minus 10", "my lucky number is seven", "pick up the kids at 3",
                                  "how many sides does a dice have", "let's play a game"])
def test_look_alikes_are_not_chance(rt, said):
    turn, _ = ask(rt, said)
    assert "random_choice" not in [c.name for c in turn.tool_calls]


@pytest.mark.parametrize("said", ["toss a coin to decide", "can you roll some dice for our board game",
                                  "give me a number between five and twenty"])
def test_the_router_learned_it_from_its_own_examples(rt, said):
    decision = rt.assistant.router.decide(said)
    assert decision.ranked[0][0] == "random_choice", decision.ranked[:3]


def test_a_choice_keeps_every_thing_said_and_only_what_a_choice_takes(rt):
    """"tea or coffee, you decide": "coffee," was not found among the words split on spaces, so the choice was
    between tea alone ("Choose between what?"); the model's count and range mean nothing to a choice."""
    command = rt.registry.get("random_choice")
    assert command.post_process_tool_call(
        {"action": "choose", "count": 1, "sides": 2, "low": 1, "high": 10, "options": ["tea", "coffee"]},
        "tea or coffee, you decide") == {"action": "choose", "options": ["tea", "coffee"]}
    assert command.post_process_tool_call({"action": "coin", "options": ["heads"], "count": 2}, "flip two coins") \
        == {"action": "coin", "count": 2}


@pytest.mark.parametrize("said", ["should i have pizza or pasta tonight", "shall i wear the blue shirt or the green one"])
def test_a_choice_asked_as_a_question_is_chance(rt, said):
    """"should i have pizza or pasta tonight" was small talk ("Thanks for telling me!", the router sure of chat),
    "shall i wear the blue shirt or the green one" ranked the weather first: random_choice declares such
    questions, and the model's "choose" stands on the "or" between the things said."""
    decision = rt.assistant.router.decide(said)
    assert decision.ranked[0][0] == "random_choice", decision.ranked[:3]
    from jarvis_tui.assistant.grounding import ground_arguments
    grounded = ground_arguments(rt.registry.get("random_choice"), {"action": "choose", "options": ["pizza", "pasta"]}, said, "")
    assert grounded.arguments.get("action") == "choose", grounded


@pytest.mark.parametrize("said,count", [("best of three", 3), ("toss it five times", 5), ("roll a die 4 times", 4)])
def test_how_many_tosses_said_as_a_match_or_times(rt, said, count):
    """"best of three" after a toss was small talk; the model's toss kept no count."""
    action = "dice" if "die" in said else "coin"
    out = rt.registry.get("random_choice").post_process_tool_call({"action": action}, said)
    assert out == {"action": action, "count": count}


def test_a_best_of_three_says_who_won(rt):
    r = rt.registry.get("random_choice").execute(RequestInformation("best of three"), action="coin", count=3)
    m = re.fullmatch(r"(Heads|Tails), (heads|tails) and (heads|tails): (heads|tails) wins, (\d) to (\d)\.", r.message)
    tosses = [w.lower() for w in m.groups()[:3]]
    assert m and tosses.count(m[4]) == int(m[5]) >= 2 and int(m[5]) + int(m[6]) == 3
