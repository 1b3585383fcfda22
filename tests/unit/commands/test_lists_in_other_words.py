"""The lists in other words (holdout 30): "jot down batteries and sellotape for the shops" was declined
(the shopping list said as the trip it is for), "what needs doing today" was declined (what is still to
do, asked of the work itself) and "car insurance is sorted" was declined (a task said to be finished in
other words). Each is the list command's own grammar; the same words about anything else are not
claimed. Real commands, no LLM."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.commands_registry import discover_commands

COMMANDS = list(discover_commands())


def _claims(text: str) -> list[tuple[str, dict]]:
    return [(c.command_name, r.arguments) for c in COMMANDS if (r := c.pre_route(text)) is not None]


@pytest.mark.parametrize("text,items", [
    ("jot down batteries and sellotape for the shops", ["batteries", "sellotape"]),
    ("can you note down bin bags for the big shop", ["bin bags"]),
    ("put bread down for when we go shopping", ["bread"]),
    ("add oat milk for the weekly shop please", ["oat milk"]),
])
def test_the_shopping_list_said_as_the_trip_it_is_for(text, items):
    assert _claims(text) == [("shopping_list", {"action": "add", "items": items})]


@pytest.mark.parametrize("text", ["write down the address for the shop", "put the kettle on for the shopping delivery",
                                  "note down the opening hours for the shops"])
def test_other_notes_about_shops_are_not_items(text):
    assert not any(name == "shopping_list" and args.get("items") in (["address"], ["kettle on"])
                   for name, args in _claims(text))


@pytest.mark.parametrize("text", ["what needs doing today", "what still needs to be done", "what have i got left to do",
                                  "what do i still need to do this week"])
def test_what_is_still_to_do_reads_the_to_do_list(text):
    assert _claims(text) == [("todo_list", {"action": "read"})]


@pytest.mark.parametrize("text", ["what is there to do in london", "what needs doing to fix a puncture",
                                  "what have i got on today"])
def test_other_questions_about_doing_are_not_the_to_do_list(text):
    assert "todo_list" not in [name for name, _ in _claims(text)]


@pytest.mark.parametrize("said", ["car insurance is sorted", "the car insurance has been dealt with",
                                  "car insurance is taken care of", "the car insurance is sorted out now"])
def test_a_task_said_to_be_finished_in_other_words_is_completed(rt, said):
    ask(rt, "put sort out the car insurance on my to do list")
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success, turn.spoken
    assert [bool(t["done"]) for t in rt.store.lists.items("todo", include_done=True)] == [True]


def test_something_sorted_that_is_no_task_is_not_claimed(rt):
    ask(rt, "put sort out the car insurance on my to do list")
    assert "todo_list" not in [c.command_name for c in COMMANDS if c.pre_route("my back is sorted now") is not None]


@pytest.mark.parametrize("text,items", [
    ("also need squash and crumpets", ["squash", "crumpets"]),
    ("we need more milk", ["milk"]),
    ("and we need eggs too", ["eggs"]),
    ("we're running low on teabags and crumpets", ["teabags", "crumpets"]),
    ("we're running low on loo roll", ["loo roll"]),          # a thing of several words (holdout 32)
    ("we're nearly out of bin bags and washing up liquid", ["bin bags", "washing up liquid"]),
])
def test_groceries_said_as_needed_or_running_out_go_on_the_shopping_list(text, items):
    """"also need squash and crumpets" (holdout 32) was declined: groceries said as needed by the
    household."""
    assert _claims(text) == [("shopping_list", {"action": "add", "items": items})]


@pytest.mark.parametrize("text", ["i need coffee", "i need help", "we need to talk", "we're out of stock",
                                  "i'm running low on patience", "we want pizza", "we're out of ideas",
                                  "i'm running out of time", "we're out of bin day luck"])
def test_what_the_speaker_needs_is_not_the_shopping_list(text):
    assert "shopping_list" not in [name for name, _ in _claims(text)]


def test_an_add_the_model_wrote_without_the_things_run_out_of_has_them(rt):
    """"we're nearly out of bin bags": the model chose the list and left the items out (it asked what to
    add); the things the user is out of are the items."""
    shopping = rt.registry.get("shopping_list")
    out = shopping.post_process_tool_call({"action": "add"}, "we're nearly out of bin bags")
    assert out == {"action": "add", "items": ["bin bags"]}
    assert shopping.post_process_tool_call({"action": "add"}, "add something") == {"action": "add"}


def test_the_requests_own_verb_is_no_item(rt):
    """"chuck cat food on then" (holdout 30, after the change above) came back as the items "chuck" and
    "cat food": the first word of the request is its verb."""
    shopping = rt.registry.get("shopping_list")
    out = shopping.post_process_tool_call({"action": "add", "items": ["chuck", "cat food"]}, "chuck cat food on then")
    assert out == {"action": "add", "items": ["cat food"]}
    out = shopping.post_process_tool_call({"action": "add", "items": ["pop", "crisps"]}, "add pop and crisps")
    assert out == {"action": "add", "items": ["pop", "crisps"]}


def test_a_question_whether_something_is_on_the_list_looks_for_it(rt):
    """"is cat food on the list": the model read the whole list; the question names what to look for."""
    shopping = rt.registry.get("shopping_list")
    out = shopping.post_process_tool_call({"action": "read"}, "is cat food on the list")
    assert out == {"action": "read", "items": ["cat food"]}
    assert shopping.post_process_tool_call({"action": "read"}, "what's on the list") == {"action": "read"}


_BY_NAME = {c.command_name: c for c in COMMANDS}


@pytest.mark.parametrize("name,said,items", [
    ("shopping_list", "scratch bread from the shopping list", ["bread"]),      # the 0.5B wrote an add
    ("shopping_list", "knock eggs off my list", ["eggs"]),
    ("todo_list", "strike call bob from my to do list", ["call bob"]),
])
def test_an_add_the_model_wrote_for_words_that_take_from_the_list_removes(name, said, items):
    command = _BY_NAME[name]
    param = command.items_param
    out = command.post_process_tool_call({"action": "add", param: items}, said)
    assert out == {"action": "remove", param: items}


@pytest.mark.parametrize("name,said,items", [
    ("shopping_list", "add eggs to my shopping list", ["eggs"]),
    ("shopping_list", "add the flour from the recipe to my shopping list", ["flour"]),
    ("todo_list", "put call bob on my to do list", ["call bob"]),
])
def test_an_add_said_as_one_stays_an_add(name, said, items):
    command = _BY_NAME[name]
    assert command.post_process_tool_call({"action": "add", command.items_param: items}, said)["action"] == "add"


def test_no_list_commands_add_example_reads_as_taking_off():
    """Every add a list command declares puts on its list (plugins' lists share the grammar)."""
    wrong = [(c.command_name, e.voice_command) for c in COMMANDS if hasattr(c, "_said_off_the_list")
             for e in c.generate_adapter_examples()
             if e.expected_parameters.get("action") == "add" and c._said_off_the_list(e.voice_command)]
    assert wrong == []
