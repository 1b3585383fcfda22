"""The lists read what people say about their items: the request's own words ("..., add it to my
tasks") are never an item, and an item said by part of its words ("the passport one", "tick off
plumber") is the stored one that holds them, asked about when several do."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend
from command_helpers import ask

from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.intent_router import RouterThresholds
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk import RequestInformation

UNSURE = RouterThresholds(decline=1.1, direct=1.1, tool=1.1)     # the router is never confident


def _open(rt, name: str) -> list[str]:
    return [i["text"] for i in rt.store.lists.items(name)]


def _scripted(rt, *calls: tuple[str, dict]):
    """The LLM answers with these tool calls, in order (the router is never sure: it always asks it)."""
    outputs = [json.dumps({"tool": name, "args": args}) for name, args in calls]
    rt.assistant.brain = ConversationBrain(ScriptedBackend(outputs), PromptProviderFactory(None), rt.config)
    rt.assistant.router.thresholds = UNSURE


# ---- 1. the request's own words are never an item -----------------------------------------------
@pytest.mark.parametrize("text,name,items", [
    ("i need to fix the bike tire, add it to my tasks", "todo", ["fix the bike tire"]),
    ("paper towels, put them on the shopping list", "shopping", ["paper towels"]),
    ("the car needs washing, can you add that to my to-do list", "todo", ["car needs washing"]),
    ("we need eggs and bread, add them to my shopping list", "shopping", ["eggs", "bread"]),
    ("i have to call the landlord, put it on my to do list", "todo", ["call the landlord"]),
    ("we're running low on dish soap, stick it on the grocery list", "shopping", ["dish soap"]),
    ("don't forget to renew the car insurance, write that on my task list", "todo", ["renew the car insurance"]),
    ("I've got to return the library books. Add it to my to-do list please.", "todo", ["return the library books"]),
    ("batteries and light bulbs, could you add those to our shopping list", "shopping", ["batteries", "light bulbs"]),
    ("i need to buy a birthday card, pop it on the shopping list", "shopping", ["birthday card"]),
])
def test_the_item_is_what_the_pronoun_points_at(rt, text, name, items):
    """"i need to fix the bike tire, add it to my tasks" added "fix the bike tire" and "add it"."""
    turn, r = ask(rt, text)
    assert turn.route == "pre_route" and r.success, turn.spoken
    assert _open(rt, name) == items


@pytest.mark.parametrize("text", [
    "i used the last of the rice, put it on my shopping list",     # still about the speaker: the LLM's to read
    "add it to my shopping list",                                  # what "it" is, the conversation says
    "put that on my to-do list",
    "mark it as done",
])
def test_a_pronoun_alone_is_never_an_item(rt, text):
    turn, _ = ask(rt, text)
    assert turn.route != "pre_route"
    assert _open(rt, "shopping") == [] and _open(rt, "todo") == []


@pytest.mark.parametrize("said,written,items", [
    # the request's words split off the item by a comma, or given as an item of their own
    ("i need to fix the bike tire, add it to my tasks", ["fix the bike tire, add it"], ["fix the bike tire"]),
    ("i need to fix the bike tire, add it to my tasks", ["fix the bike tire", "add it"], ["fix the bike tire"]),
    # the request's verb mixed into the item: the item is what was said before it
    ("i need to fix the bike tire, add it to my tasks", ["add the bike tire"], ["fix the bike tire"]),
    ("sort out the gutters, stick it on the list", ["stick it on the list"], ["sort out the gutters"]),
    ("the car needs washing, can you add that to my to-do list", ["wash the car"], ["wash the car"]),
    ("the car needs washing, can you add that to my to-do list", ["add that to my list"], ["car needs washing"]),
])
def test_the_request_words_the_model_writes_as_tasks_are_dropped(rt, said, written, items):
    todo = rt.registry.get("todo_list")
    args = todo.post_process_tool_call({"action": "add", "tasks": written}, said)
    r = todo.execute(RequestInformation(said), **args)
    assert r.success and r.context_data["added"] == items


def test_the_whole_request_copied_as_the_item_gives_the_items_it_says(rt):
    """The model wrote the task "tick off the dentist one": the request's verb is no part of it."""
    todo, shopping = rt.registry.get("todo_list"), rt.registry.get("shopping_list")
    assert todo.post_process_tool_call({"action": "complete", "tasks": ["tick off the dentist one"]},
                                       "tick off the dentist one") == {"action": "complete", "tasks": ["dentist one"]}
    assert shopping.post_process_tool_call({"action": "add", "items": ["dish soap, stick it on the list"]},
                                           "dish soap, stick it on the list") == {"action": "add", "items": ["dish soap"]}
    ask(rt, "add call the plumber to my to-do list")
    _scripted(rt, ("todo_list", {"action": "complete", "tasks": ["tick off the dentist one"]}))
    turn = rt.assistant.handle_text("tick off the dentist one")           # on no list: the model's call
    assert turn.route == "llm" and turn.spoken.endswith("I couldn't find dentist one open on your to-do list.")


def test_items_said_without_request_words_stay_as_they_were(rt):
    shopping = rt.registry.get("shopping_list")
    for said, written, items in [
            ("we need more coffee and some oat milk", ["coffee", "oat milk"], ["coffee", "oat milk"]),
            ("add milk, eggs, and bread", ["milk, eggs, and bread"], ["milk", "eggs", "bread"]),
            ("paper towels, put them on the shopping list", ["paper towels", "put them on"], ["paper towels"])]:
        args = shopping.post_process_tool_call({"action": "add", "items": written}, said)
        assert shopping.execute(RequestInformation(said), **args).context_data["added"] == items


def test_a_model_that_splits_off_the_request_words_adds_one_task(rt):
    _scripted(rt, ("todo_list", {"action": "add", "tasks": ["fix the bike tire", "add it"]}))
    turn = rt.assistant.handle_text("i need to fix the bike tire, add it to my list")
    assert turn.route == "llm" and turn.spoken == "Added fix the bike tire to your to-do list."
    assert _open(rt, "todo") == ["fix the bike tire"]


# ---- 2. an item said by part of its words ---------------------------------------------------------
TASKS = "add renew passport, call the plumber, fix the bike and book the dentist to my to-do list"


@pytest.mark.parametrize("text,task", [
    ("mark the passport one as done", "renew passport"),
    ("tick off plumber", "call the plumber"),
    ("mark the bike thing as done", "fix the bike"),
    ("mark the one about the plumber as done", "call the plumber"),
    ("tick off the dentist task on my to-do list", "book the dentist"),
    ("cross off the passport thing", "renew passport"),
    ("check off the one about the dentist on my to do list", "book the dentist"),
    ("the bike one, tick it off", "fix the bike"),
    ("the plumber one's done", "call the plumber"),
    ("the dentist task is finished", "book the dentist"),
    ("i finished the passport one", "renew passport"),
])
def test_a_task_said_by_part_of_its_words_is_checked_off(rt, text, task):
    """"mark the passport one as done": "I couldn't find passport one open on your to-do list"."""
    ask(rt, TASKS)
    turn, r = ask(rt, text)
    assert turn.spoken == f"Checked off: {task}."
    assert task not in _open(rt, "todo") and len(_open(rt, "todo")) == 3


def test_several_that_hold_the_words_are_asked_about_not_guessed(rt):
    ask(rt, "add call the plumber, pay the plumber and fix the bike to my to-do list")
    turn, r = ask(rt, "tick off the plumber one")
    assert turn.wait_for_input and turn.spoken == "Which task do you mean: call the plumber or pay the plumber?"
    assert len(_open(rt, "todo")) == 3                                   # nothing checked off on a guess
    turn, r = ask(rt, "pay the plumber")                                 # the answer
    assert turn.spoken == "Checked off: pay the plumber." and _open(rt, "todo") == ["call the plumber", "fix the bike"]
    ask(rt, "add fix the bike tire to my to-do list")
    turn, _ = ask(rt, "mark the bike thing as done")
    assert turn.spoken == "Which task do you mean: fix the bike or fix the bike tire?"
    turn, _ = ask(rt, "mark the tire one as done")                       # answered with a whole request
    assert turn.spoken == "Checked off: fix the bike tire."


def test_a_request_of_its_own_said_instead_of_the_answer_is_routed_as_usual(rt):
    """The list reads the answer to its own question (read_answer): words that name no item on it are
    a request of their own, and the question is dropped."""
    ask(rt, "add call the plumber, pay the plumber and fix the bike to my to-do list")
    ask(rt, "tick off the plumber one")
    turn, _ = ask(rt, "set a timer for 5 minutes")
    assert [c.name for c in turn.tool_calls] == ["set_timer"] and rt.assistant.awaiting is None
    assert len(_open(rt, "todo")) == 3


def test_none_that_holds_the_words_is_said_so(rt):
    ask(rt, TASKS)
    turn, r = ask(rt, "mark the gym one as done")
    assert not r.success and turn.spoken == "I couldn't find gym one open on your to-do list."
    turn, r = ask(rt, "tick off the one about the car on my to-do list")
    assert "couldn't find" in turn.spoken and len(_open(rt, "todo")) == 4
    assert ask(rt, "tick off the gym")[0].route != "pre_route"     # on no list, naming none: not claimed


def test_shopping_items_by_part_of_their_words_the_whole_one_first(rt):
    ask(rt, "add milk, oat milk, almond milk and steak to my shopping list")
    turn, _ = ask(rt, "check off the milk thing")
    assert turn.spoken == "Checked off: milk."                           # "milk" itself, not oat milk
    turn, _ = ask(rt, "check off the milk thing")
    assert turn.spoken == "Which item do you mean: oat milk or almond milk?"
    turn, _ = ask(rt, "the almond one")
    assert turn.spoken == "Checked off: almond milk."
    turn, r = ask(rt, "check off tea on my shopping list")              # words, not letters: not steak
    assert not r.success and "steak" in _open(rt, "shopping")
    turn, _ = ask(rt, "the oat milk, check it off")
    assert turn.spoken == "Checked off: oat milk."


# ---- 3. removing, uncompleting and asking whether an item is there --------------------------------
def test_removing_by_part_of_the_words(rt):
    ask(rt, TASKS)
    ask(rt, "add fix the bike tire to my to-do list")
    turn, r = ask(rt, "remove the passport one from my to-do list")
    assert turn.spoken == "Removed renew passport from your to-do list."
    turn, r = ask(rt, "delete the bike thing from my to-do list")       # two hold it: which, nothing gone
    assert turn.wait_for_input and "fix the bike or fix the bike tire" in turn.spoken
    assert "fix the bike" in _open(rt, "todo") and "fix the bike tire" in _open(rt, "todo")
    turn, _ = ask(rt, "fix the bike tire")
    assert turn.spoken == "Removed fix the bike tire from your to-do list."
    assert "fix the bike" in _open(rt, "todo")


def test_a_guessed_removal_still_asks_first_naming_the_item_meant(rt):
    ask(rt, TASKS)
    _scripted(rt, ("todo_list", {"action": "remove", "tasks": ["bike thing"]}))
    turn = rt.assistant.handle_text("get rid of the bike thing")
    assert turn.route == "llm" and turn.wait_for_input and turn.spoken == "Remove fix the bike from your to-do list?"
    assert "fix the bike" in _open(rt, "todo")                           # nothing removed before yes
    turn = rt.assistant.handle_text("yes")
    assert turn.spoken == "Removed fix the bike from your to-do list." and "fix the bike" not in _open(rt, "todo")


def test_uncompleting_by_part_of_the_words(rt):
    ask(rt, TASKS)
    ask(rt, "mark the passport one as done")
    turn, r = ask(rt, "mark the passport one as not done")
    assert turn.spoken == "Marked as not done: renew passport." and "renew passport" in _open(rt, "todo")
    turn, r = ask(rt, "uncheck the dentist thing on my to-do list")     # still open: not done to undo
    assert not r.success and "couldn't find" in turn.spoken


@pytest.mark.parametrize("text,spoken", [
    ("is the passport on my list?", "Yes, renew passport is on your to-do list."),
    ("did i put the plumber on my to-do list", "Yes, call the plumber is on your to-do list."),
    ("is the bike thing on my task list", "Yes, fix the bike is on your to-do list."),
    ("is the gym on my to-do list", "No, gym isn't on your to-do list."),
    ("is milk on my shopping list", "Yes, milk is on your shopping list."),
    ("do we have eggs on the shopping list", "No, eggs isn't on your shopping list."),
    ("are the bananas on my list", "Yes, bananas is on your shopping list."),
    ("is the dentist on my list", "Book the dentist is on your to-do list, already done."),
])
def test_asking_whether_an_item_is_on_the_list(rt, text, spoken):
    ask(rt, TASKS)
    ask(rt, "add milk and bananas to my shopping list")
    ask(rt, "mark book the dentist as done")
    turn, r = ask(rt, text)
    assert turn.route == "pre_route" and turn.spoken == spoken
    assert len(_open(rt, "todo")) == 3 and len(_open(rt, "shopping")) == 2        # a read changes nothing


def test_a_read_keeps_items_only_for_a_question_whether_they_are_there(rt):
    todo = rt.registry.get("todo_list")
    assert todo.post_process_tool_call({"action": "read", "tasks": ["today"]}, "what's on my to-do list today") == \
        {"action": "read"}
    assert todo.post_process_tool_call({"action": "read", "tasks": ["passport"]}, "is the passport on my list") == \
        {"action": "read", "tasks": ["passport"]}
    assert ask(rt, "is there anything on my shopping list")[0].spoken == "Your shopping list is empty."


@pytest.mark.parametrize("said,task", [("i called the bank", "call the bank"), ("I've washed the car", "wash the car"),
                                       ("we finally cleaned the garage", "clean the garage"),
                                       ("i just emailed the landlord", "email the landlord")])
def test_a_task_said_done_in_the_past_tense_is_checked_off(rt, said, task):
    """"i called the bank" was declined with "call the bank" open on the to-do list."""
    ask(rt, "add call the bank, wash the car, clean the garage and email the landlord to my to-do list")
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success and task not in _open(rt, "todo")


@pytest.mark.parametrize("said", ["i called my sister", "i walked to work", "i needed to call the bank"])
def test_other_things_said_done_are_remarks(rt, said):
    ask(rt, "add call the bank to my to-do list")
    turn, _ = ask(rt, said)
    assert turn.route != "pre_route" and _open(rt, "todo") == ["call the bank"]


@pytest.mark.parametrize("said,left", [("got the eggs", ["butter", "dish soap"]), ("i picked up the dish soap", ["butter", "eggs"]),
                                       ("we just bought butter", ["dish soap", "eggs"]),
                                       # ... and asked for after it, with no one said to have got it (the model added it)
                                       ("got the eggs, tick them off", ["butter", "dish soap"]),
                                       ("bought the butter, cross it off", ["dish soap", "eggs"])])
def test_got_what_is_on_the_shopping_list_checks_it_off(rt, said, left):
    ask(rt, "add butter, eggs and dish soap to my shopping list")
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and sorted(_open(rt, "shopping")) == left


@pytest.mark.parametrize("said", ["got any eggs", "have we got enough eggs"])
def test_a_question_whether_there_are_any_checks_nothing_off(rt, said):
    """"got any eggs" checked the eggs off the list."""
    ask(rt, "add eggs to my shopping list")
    claim = rt.registry.get("shopping_list").pre_route(said)
    assert claim is None or claim.arguments["action"] != "check_off", claim


def test_got_what_is_not_on_the_list_is_a_remark(rt):
    ask(rt, "add eggs to my shopping list")
    turn, _ = ask(rt, "i got a promotion")
    assert turn.route != "pre_route" and _open(rt, "shopping") == ["eggs"]


@pytest.mark.parametrize("said,items", [("remember to buy batteries", ["batteries"]),
                                        ("don't let me forget to get milk and eggs", ["eggs", "milk"]),
                                        ("i've got to pick up some bread", ["bread"]), ("we gotta grab more coffee", ["coffee"]),
                                        ("get bin bags on the shopping list", ["bin bags"]),
                                        ("jot teabags down on my shopping list", ["teabags"])])
def test_things_to_buy_said_as_not_to_forget_go_on_the_list(rt, said, items):
    """"remember to buy batteries" was declined, "don't let me forget to get milk" asked when to remind, "get bin
    bags on the shopping list" read the list."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and sorted(_open(rt, "shopping")) == items


@pytest.mark.parametrize("said", ["remember to buy milk at 5", "don't forget to get bread tomorrow",
                                  "i need to get eggs on the way home tonight", "remember to buy a birthday present"])
def test_things_to_buy_at_a_time_or_not_groceries_are_not_claimed_by_the_list(rt, said):
    assert rt.registry.get("shopping_list").pre_route(said) is None


@pytest.mark.parametrize("said,items", [("i'm out of butter and eggs", ["butter", "eggs"]),
                                        ("we're running low on milk", ["milk"]), ("we've run out of coffee and sugar", ["coffee", "sugar"])])
def test_out_of_groceries_adds_them(rt, said, items):
    """"i'm out of butter and eggs": the model added the eggs only."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and sorted(_open(rt, "shopping")) == items


@pytest.mark.parametrize("said", ["i'm out of time", "we're out of ideas", "i'm running low on patience"])
def test_out_of_other_things_is_not_the_shopping_lists(rt, said):
    turn, _ = ask(rt, said)
    assert turn.route != "pre_route" and _open(rt, "shopping") == []


def test_also_add_is_for_the_list_just_used(rt, clock):
    """"also add renew car insurance" right after adding to the to-do list was declined."""
    ask(rt, "add renew passport to my to do list")
    turn, _ = ask(rt, "also add renew car insurance")
    assert turn.route == "pre_route" and _open(rt, "todo") == ["renew passport", "renew car insurance"]
    ask(rt, "add milk to my shopping list")
    turn, _ = ask(rt, "and put eggs on too")
    assert _open(rt, "shopping") == ["milk", "eggs"] and len(_open(rt, "todo")) == 2
    clock.advance(minutes=5)                                   # a while later it names no list: not claimed
    turn, _ = ask(rt, "also add bread")
    assert turn.route != "pre_route" and _open(rt, "shopping") == ["milk", "eggs"]


def test_also_add_with_no_list_used_is_not_a_lists(rt, clock):
    turn, _ = ask(rt, "also add a reminder for the dentist")
    assert turn.route != "pre_route" and _open(rt, "todo") == [] and _open(rt, "shopping") == []


@pytest.mark.parametrize("said, task", [
    ("write down that i have to book the mot", "book the mot"),
    ("make a note that i need to call the school", "call the school"),
    ("make a note to ring the plumber", "ring the plumber"),
    ("can you jot it down that we've got to fix the shed", "fix the shed"),
    ("note down for me that i really need to sort out the gutters", "sort out the gutters"),
    ("write down that i must phone the council", "phone the council"),
    ("make a note that we should clear the loft", "clear the loft"),
    # said first, then asked to note it (split in two: "I can't control smart plugs and devices yet.")
    ("i should really sort the garage, can you write that down", "sort the garage"),
    ("we need to fix the gate, jot it down", "fix the gate"),
    ("i have to call the vet, make a note of that", "call the vet"),
])
def test_a_task_noted_down_goes_on_the_to_do_list(rt, said, task):
    """"jot down that i need to ..." was declined ("Sorry, I can't help with that yet."), and "make a
    note that i need to ..." kept as a memory: something to do, noted with no time, is a task."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["todo_list"] and r.success
    assert [t["text"] for t in rt.store.lists.items("todo")] == [task]


@pytest.mark.parametrize("said", ["make a note to call the school at 3", "jot down that i need to ring the gas man tomorrow",
                                  "write down that i have to leave in 20 minutes"])
def test_a_task_noted_with_a_time_is_not_claimed_for_the_to_do_list(rt, said):
    turn, _ = ask(rt, said)
    assert turn.route != "pre_route" and rt.store.lists.items("todo") == []


@pytest.mark.parametrize("said, fact", [("make a note that the wifi name is garden", "the wifi name is garden"),
                                        ("remember that i have a dentist appointment", "i have a dentist appointment"),
                                        # noted in other words (it went to the model, which added it as a task)
                                        ("take a note that the boiler was serviced today", "the boiler was serviced today"),
                                        ("jot down that my passport runs out in june", "my passport runs out in june"),
                                        ("note that i lent dave my ladder", "i lent dave my ladder")])
def test_a_fact_noted_is_still_a_memory(rt, said, fact):
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["remember"]
    assert turn.tool_calls[0].arguments == {"fact": fact} and rt.store.lists.items("todo") == []


@pytest.mark.parametrize("first, said, list_name, left", [
    ("add milk and eggs to the shopping list", "actually not eggs", "shopping", ["milk"]),
    ("add milk and eggs to the shopping list", "no, not the eggs", "shopping", ["milk"]),
    ("add call the vet and pay rent to my to do list", "scratch pay rent", "todo", ["call the vet"]),
])
def test_an_item_just_added_said_not_to_be_wanted_is_taken_off(rt, first, said, list_name, left):
    """"actually not eggs" right after adding milk and eggs went to the model, which added the eggs again."""
    ask(rt, first)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].arguments["action"] == "remove" and r.success
    assert [i["text"] for i in rt.store.lists.items(list_name) if not i["done"]] == left


def test_an_item_not_just_added_is_not_taken_off_by_not(rt):
    ask(rt, "add milk to the shopping list")
    claims = [c.command_name for c in rt.registry if c.pre_route("actually not cheese") is not None]
    assert "shopping_list" not in claims


def test_an_item_added_a_turn_before_is_taken_off_by_not(rt):
    """"add oat milk and bananas", "oh and coffee", "actually not the bananas": the bananas (the model added a
    banana); only while the list is still being added to."""
    ask(rt, "add oat milk and bananas to the shopping list")
    ask(rt, "oh and coffee")
    turn, r = ask(rt, "actually not the bananas")
    assert turn.route == "pre_route" and turn.tool_calls[0].arguments == {"action": "remove", "items": ["bananas"]}
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["oat milk", "coffee"]
    ask(rt, "what time is it")                           # the list is no longer the one being used
    claims = [c.command_name for c in rt.registry if c.pre_route("actually not the coffee") is not None]
    assert "shopping_list" not in claims


@pytest.mark.parametrize("said, added", [
    ("add bread but not butter to the shopping list", ["bread"]),
    ("put eggs, no milk on my shopping list", ["eggs"]),
    ("add apples and pears but not the bananas to my shopping list", ["apples", "pears"]),
])
def test_what_is_said_not_to_be_wanted_is_not_added(rt, said, added):
    """"add bread but not butter" added the item "bread but not butter"."""
    ask(rt, said)
    assert [i["text"] for i in rt.store.lists.items("shopping")] == added


@pytest.mark.parametrize("items, said, action, left", [
    (["cheese"], "actually not cheese", "remove", ["cheese"]),          # the model added the cheese
    (["banana"], "actually not the bananas", "remove", ["banana"]),     # in its other number
    (["milk", "cheese"], "add milk but not cheese", "add", ["milk"]),
    (["eggs"], "i really don't want the eggs", "remove", ["eggs"]),
    (["milk"], "add milk", "add", ["milk"]),
])
def test_an_item_the_words_do_not_want_is_never_added_by_the_model(rt, items, said, action, left):
    command = rt.registry.get("shopping_list")
    out = command.post_process_tool_call({"action": "add", "items": items}, said)
    assert out["action"] == action and out["items"] == left


@pytest.mark.parametrize("said, list_name", [("add something to my shopping list", "shopping"),
                                             ("put a few things on my to do list", "todo")])
def test_a_word_that_holds_the_place_of_items_is_no_item(rt, said, list_name):
    """"add something to my shopping list" added "something": which items is asked."""
    turn, _ = ask(rt, said)
    assert rt.store.lists.items(list_name) == [] and turn.spoken.startswith("Which ")
    assert rt.registry.get("shopping_list").post_process_tool_call(
        {"action": "add", "items": ["something", "milk"]}, "add something and milk")["items"] == ["milk"]
    assert "items" not in rt.registry.get("shopping_list").post_process_tool_call(
        {"action": "add", "items": ["some stuff"]}, "add some stuff to the shopping list")


@pytest.mark.parametrize("first, said, list_name", [
    ("add buy a birthday card to my to do list", "mark it done", "todo"),
    ("add milk to my shopping list", "tick it off", "shopping"),
    ("add eggs and bread to the shopping list", "cross them off", "shopping"),
])
def test_it_said_done_right_after_adding_is_what_was_just_added(rt, first, said, list_name):
    """"mark it done" right after adding a task asked "Which tasks should I complete?"."""
    ask(rt, first)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    assert all(i["done"] for i in rt.store.lists.items(list_name))


def test_it_said_done_with_nothing_just_added_is_not_claimed(rt):
    ask(rt, "add milk to my shopping list")
    ask(rt, "what's on my shopping list")          # the last change is still the add, but a read came after
    ask(rt, "take milk off the shopping list")
    assert rt.registry.get("shopping_list")._taking_back("tick it off") is None


@pytest.mark.parametrize("said, left", [("i've packed the towels", ["book", "sunscreen"]),
                                        ("ok just packed the sunscreen now", ["book", "towels"])])
def test_an_item_told_done_on_the_list_just_used_is_checked_off(rt, said, left):
    """"i've packed the towels" right after putting them on the packing list: small talk said "I'm glad you packed
    the towels." and left it open."""
    ask(rt, "start a packing list")
    ask(rt, "put towels, sunscreen and a book on it")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and sorted(i["text"] for i in rt.store.lists.items("packing")) == left


def test_a_thing_told_done_that_is_not_on_the_list_is_left_to_the_conversation(rt):
    ask(rt, "start a packing list")
    ask(rt, "put towels on it")
    assert rt.registry.get("named_list").pre_route("i've packed my lunch") is None
