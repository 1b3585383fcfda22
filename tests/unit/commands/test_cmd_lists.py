"""Shopping and to-do lists in SQLite; clearing waits for the Clear button or a spoken yes."""
from __future__ import annotations

import pytest

from command_helpers import ask


def test_add_several_read_check_off_remove(rt):
    turn, r = ask(rt, "add tomatoes, onions and garlic to my shopping list")
    assert turn.spoken == "Added tomatoes, onions and garlic to your shopping list."
    turn, r = ask(rt, "add onions and milk to the shopping list")
    assert turn.spoken == "Added milk to your shopping list. Onions is already on it."
    turn, r = ask(rt, "what's on my shopping list")
    assert turn.spoken == "Your shopping list has 4 items: tomatoes, onions, garlic and milk."
    turn, r = ask(rt, "check off tomato on my shopping list")          # singular finds the plural
    assert r.success and r.context_data["changed"] == ["tomatoes"]
    turn, r = ask(rt, "remove garlic from the shopping list")
    assert r.success
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["onions", "milk"]
    turn, r = ask(rt, "remove bananas from the shopping list")
    assert not r.success and "bananas" in turn.spoken.lower()


def test_clear_needs_confirmation_button(rt, events):
    ask(rt, "add eggs and bread to my shopping list")
    turn, r = ask(rt, "clear my shopping list")
    assert r.wait_for_input and "Clear all 2 items" in turn.spoken
    assert [(a["button_text"], a["button_type"]) for a in turn.actions] == [("Clear", "destructive"), ("Cancel", "secondary")]
    assert len(rt.store.lists.items("shopping")) == 2                 # nothing cleared yet
    assert events.of("ActionsOffered")
    done = rt.assistant.handle_action("shopping_list", "clear_confirm", r.context_data)
    assert done.spoken == "Cleared your shopping list." and rt.store.lists.items("shopping") == []


def test_spoken_yes_and_no(rt):
    ask(rt, "add call the bank and book flights to my to-do list")
    ask(rt, "clear my to-do list")
    turn = rt.assistant.handle_text("no")
    assert turn.route == "action" and len(rt.store.lists.items("todo")) == 2
    ask(rt, "clear my to-do list")
    turn = rt.assistant.handle_text("yes")
    assert turn.route == "action" and turn.spoken == "Cleared your to-do list."
    assert rt.store.lists.items("todo", include_done=True) == []


def test_todo_complete_uncomplete(rt):
    ask(rt, "add call the bank, pay rent and email sam to my to-do list")
    turn, r = ask(rt, "mark pay rent as done")
    assert r.success and "pay rent" in turn.spoken
    turn, _ = ask(rt, "what's on my to-do list")
    assert turn.spoken == "Your to-do list has 2 tasks: call the bank and email sam."
    turn, r = ask(rt, "mark pay rent as not done")
    assert r.success
    assert len(rt.store.lists.items("todo")) == 3


def test_empty_list_and_missing_items(rt):
    turn, _ = ask(rt, "what's on my shopping list")
    assert turn.spoken == "Your shopping list is empty."
    turn, r = ask(rt, "clear my shopping list")
    assert not r.actions and "already empty" in turn.spoken
    from jarvis_tui.sdk import RequestInformation
    r = rt.registry.get("shopping_list").execute(RequestInformation("x"), action="add", items=[])
    assert r.is_validation_error
    r = rt.registry.get("shopping_list").execute(RequestInformation("x"), action="buy", items=["x"])
    assert r.is_validation_error and "check_off" in r.message


def test_items_said_in_a_row_without_commas_are_several(rt):
    """Speech recognition writes no commas: "eggs milk and butter" added "eggs milk" as one item."""
    turn, r = ask(rt, "put eggs milk and butter on the shopping list")
    assert r.context_data["added"] == ["eggs", "milk", "butter"]
    turn, r = ask(rt, "add bread cheese milk to my shopping list")
    assert r.context_data["added"] == ["bread", "cheese"]            # milk is already on it
    # a phrase whose words are not all things bought by a one-word name, or two that name one thing
    turn, r = ask(rt, "add peanut butter and coffee beans and milk chocolate to my shopping list")
    assert r.context_data["added"] == ["peanut butter", "coffee beans", "milk chocolate"]


def test_saying_a_task_is_finished_checks_it_off_only_when_it_is_on_the_list(rt):
    """"i finished painting the fence" was small talk; a task said in another form (stems) is found,
    and a remark about something not on the list stays a remark."""
    ask(rt, "add paint the fence and call the bank to my to-do list")
    turn, r = ask(rt, "i finished painting the fence")
    assert turn.route == "pre_route" and turn.spoken == "Checked off: paint the fence."
    turn, r = ask(rt, "i've done calling the bank")
    assert turn.spoken == "Checked off: call the bank."
    ask(rt, "add the laundry to my to-do list")
    assert ask(rt, "i'm done with the laundry")[0].spoken == "Checked off: laundry."
    # a task named by one of its words in another form ("Which tasks should I complete?" was asked)
    ask(rt, "add hoover the stairs to my to-do list")
    assert ask(rt, "i've done the hoovering")[0].spoken == "Checked off: hoover the stairs."
    ask(rt, "add water the plants to my to-do list")
    for remark in ("i finished my project", "did i water the plants", "i did it"):
        turn, r = ask(rt, remark)
        assert turn.route != "pre_route", remark
    assert [i["text"] for i in rt.store.lists.items("todo")] == ["water the plants"]


def test_llm_style_items_in_one_string_are_split(rt):
    from jarvis_tui.sdk import RequestInformation
    r = rt.registry.get("shopping_list").execute(RequestInformation("x"), action="add", items="apples, pears and plums")
    assert r.context_data["added"] == ["apples", "pears", "plums"]


def test_removing_everything_is_a_clear_that_asks_first(rt):
    """"everything", "all of them" name the whole list, not an item on it: the clear, with its
    question (before, "Everything isn't on your to-do list.")."""
    from jarvis_tui.commands_registry import discover_commands
    commands = {c.command_name: c for c in discover_commands()}
    assert commands["todo_list"].pre_route("remove everything from my to-do list").arguments == {"action": "clear"}
    assert commands["shopping_list"].pre_route("take all of it off my shopping list") is None   # not an item
    ask(rt, "add call the bank and book flights to my to-do list")
    turn, r = ask(rt, "remove everything from my to-do list")
    assert r.wait_for_input and "Clear all 2 tasks" in turn.spoken and len(rt.store.lists.items("todo")) == 2
    # the same said on the LLM path: the model's remove of "all of them" asks the same question
    todo = rt.assistant.registry.get("todo_list")
    from jarvis_tui.sdk import RequestInformation
    response = todo.run(RequestInformation("delete all of them from the task list"), action="remove",
                        tasks=["all of them"])
    assert response.wait_for_input and len(rt.store.lists.items("todo")) == 2
    # an item that only contains such a word is an item
    assert commands["todo_list"].pre_route("remove call everyone from my to-do list").arguments == \
        {"action": "remove", "tasks": ["call everyone"]}


def test_the_lists_own_name_copied_into_an_item_is_taken_out(rt):
    """"put finish the report on my to do list for tomorrow" added the task "finish the report on my
    to do list for tomorrow"."""
    todo, shopping = rt.registry.get("todo_list"), rt.registry.get("shopping_list")
    assert todo.post_process_tool_call({"action": "add", "tasks": ["finish the report on my to do list for tomorrow"]},
                                       "put finish the report on my to do list for tomorrow") == \
        {"action": "add", "tasks": ["finish the report for tomorrow"]}
    assert shopping.post_process_tool_call({"action": "add", "items": ["milk to my shopping list", "eggs"]},
                                           "add milk to my shopping list and eggs") == \
        {"action": "add", "items": ["milk", "eggs"]}
    assert shopping.post_process_tool_call({"action": "remove", "items": ["butter off the list"]},
                                           "take butter off the list") == {"action": "remove", "items": ["butter"]}


@pytest.mark.parametrize("written, said, item", [
    ("pints of milk", "add two pints of milk", "two pints of milk"),     # "Added pints of milk" (the 0.5B)
    ("eggs", "add a dozen eggs", "a dozen eggs"), ("lemons", "put a couple of lemons on the list", "a couple of lemons"),
    ("eggs", "add 12 eggs", "12 eggs"),
    ("2 pints of milk", "add two pints of milk", "2 pints of milk"),     # written with its amount: as written
    ("eggs", "add eggs for the 2 cakes", "eggs"), ("batteries", "add AA batteries", "batteries"),
])
def test_an_amount_said_before_an_item_is_kept(rt, written, said, item):
    shopping = rt.registry.get("shopping_list")
    assert shopping.post_process_tool_call({"action": "add", "items": [written]}, said) == \
        {"action": "add", "items": [item]}


def test_each_item_keeps_its_own_amount(rt):
    shopping = rt.registry.get("shopping_list")
    assert shopping.post_process_tool_call({"action": "add", "items": ["bananas", "apples"]},
                                           "add three bananas and two apples") == \
        {"action": "add", "items": ["three bananas", "two apples"]}


def test_an_item_crossed_off_right_after_its_list_was_used_is_that_lists(rt):
    """"cross off the socks" right after the christmas list was read went to the to-do list ("I couldn't
    find socks for dad open on your to-do list"): the list just used crosses off an item it holds."""
    ask(rt, "start a christmas list")
    ask(rt, "put a scarf for mum and socks for dad on it")
    ask(rt, "what's on the christmas list")
    turn, r = ask(rt, "cross off the socks")
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "named_list" and turn.spoken == "Checked off: socks for dad."
    ask(rt, "what's on the christmas list")
    turn, _ = ask(rt, "tick off the tent")            # not on it: not claimed by the list
    assert turn.route != "pre_route" or turn.tool_calls[0].name != "named_list"
