"""A conversation about a list leaves the list unnamed: "take the bread off", "actually put it back",
"what's left", "clear the list" are for the list just used (and an item taken off is looked for on
it, or on a list that holds it), the last change is taken back a moment after it was made, and
nothing that is not an item on a list is claimed."""
from __future__ import annotations

import pytest
from command_helpers import ask

from jarvis_tui.commands_registry import discover_commands

SHOPPING = "put eggs bread and coffee on the shopping list"
TODO = "add finish the report and call the dentist to my to do list"
LISTS = ("shopping_list", "todo_list")


def _open(rt, name: str) -> list[str]:
    return sorted(i["text"] for i in rt.store.lists.items(name))


def _claims(rt, said: str) -> list[tuple[str, dict]]:
    return [(name, claim.arguments) for name in LISTS if (claim := rt.registry.get(name).pre_route(said)) is not None]


# ---- the conversations that failed ----------------------------------------------------------------
def test_the_shopping_conversation(rt):
    ask(rt, SHOPPING)
    turn, _ = ask(rt, "what's on it")
    assert turn.spoken == "Your shopping list has 3 items: eggs, bread and coffee."
    turn, _ = ask(rt, "take the bread off")
    assert turn.spoken == "Removed bread from your shopping list." and _open(rt, "shopping") == ["coffee", "eggs"]
    turn, _ = ask(rt, "actually put it back")
    assert turn.spoken == "Put bread back on your shopping list." and _open(rt, "shopping") == ["bread", "coffee", "eggs"]
    turn, r = ask(rt, "clear the list")
    assert turn.tool_calls[0].name == "shopping_list" and r.wait_for_input
    assert turn.spoken == "Clear all 3 items from your shopping list?"
    assert [a["button_text"] for a in turn.actions] == ["Clear", "Cancel"]
    assert len(_open(rt, "shopping")) == 3                             # nothing cleared before Clear


def test_an_item_taken_off_by_part_of_its_name_on_the_list_just_used(rt):
    """"take the bread off" right after reading a list with "loaf of bread" on it was declined ("Sorry,
    I can't help with that yet."), then "actually put it back" asked which items to add."""
    ask(rt, "could you add bananas and a loaf of bread to the shopping")
    ask(rt, "what's on the shopping list")
    turn, _ = ask(rt, "take the bread off")
    assert turn.route == "pre_route" and turn.spoken == "Removed loaf of bread from your shopping list."
    assert _open(rt, "shopping") == ["bananas"]
    turn, _ = ask(rt, "actually put it back")
    assert turn.spoken == "Put loaf of bread back on your shopping list."
    assert _open(rt, "shopping") == ["bananas", "loaf of bread"]


def test_part_of_a_name_is_not_taken_off_a_list_not_just_used(rt):
    ask(rt, "add a loaf of bread to the shopping list")
    ask(rt, "what time is it")
    assert _claims(rt, "take the bread off") == []


def test_the_todo_conversation(rt):
    ask(rt, "add finish the report to my to do list")
    ask(rt, "add call the dentist too")
    ask(rt, "i finished the report")
    turn, _ = ask(rt, "what's left")
    assert turn.route == "pre_route" and turn.spoken == "Your to-do list has one task: call the dentist."


# ---- 1. an item taken off in other words -------------------------------------------------------------
@pytest.mark.parametrize("said,gone", [
    ("take the bread off", "bread"), ("knock the coffee off", "coffee"), ("take off the eggs", "eggs"),
    ("scratch the eggs", "eggs"), ("get rid of the bread", "bread"), ("the coffee can come off", "coffee"),
    ("remove the eggs", "eggs"), ("drop the bread from the list", "bread"), ("lose the bread", "bread"),
    ("we don't need the coffee anymore", "coffee"), ("knock the coffee off my shopping list", "coffee"),
])
def test_an_item_taken_off_in_other_words_leaves_the_list_just_used(rt, said, gone):
    ask(rt, SHOPPING)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.context_data["removed"] == [gone]
    assert gone not in _open(rt, "shopping") and len(_open(rt, "shopping")) == 2


def test_a_list_that_holds_the_item_is_evidence_too(rt, clock):
    ask(rt, SHOPPING)
    ask(rt, TODO)                                                     # the to-do list is the one just used
    turn, r = ask(rt, "take the bread off")
    assert r.context_data["removed"] == ["bread"] and _open(rt, "shopping") == ["coffee", "eggs"]
    clock.advance(minutes=10)                                          # no list just used
    turn, r = ask(rt, "get rid of the coffee")
    assert r.context_data["removed"] == ["coffee"]
    # said by part of its words on a list not just used, it is a guess: not a fast path's
    assert _claims(rt, "take the report off") == []


def test_an_item_on_the_list_just_used_is_not_taken_from_another(rt):
    ask(rt, "add birthday card to my shopping list")
    ask(rt, "add birthday card to my to do list")
    assert _claims(rt, "take the birthday card off") == [("todo_list", {"action": "remove", "tasks": ["birthday card"]})]


@pytest.mark.parametrize("said", [
    "take the day off", "take the chicken out of the freezer", "when does my flight take off", "take off my shoes",
    "knock it off", "drop me off at the station", "take it easy", "get rid of the ants in the kitchen",
    "remove the timer", "keep going", "keep it down", "put the kettle back on",
    "delete all my reminders", "stick this thing on the list",
])
def test_what_is_no_item_on_the_list_is_not_taken_off(rt, said):
    ask(rt, SHOPPING)
    ask(rt, "add book a day off to my to do list")
    assert _claims(rt, said) == []
    ask(rt, said)
    assert _open(rt, "shopping") == ["bread", "coffee", "eggs"] and _open(rt, "todo") == ["book a day off"]


def test_with_the_lists_just_used_no_other_commands_request_is_claimed(rt):
    ask(rt, TODO)
    ask(rt, SHOPPING)
    ask(rt, "take the bread off")                                     # a change to take back, too
    wrong = []
    for command in discover_commands():
        texts = [e.voice_command for e in list(command.generate_adapter_examples()) + list(command.generate_prompt_examples())]
        texts = list(command.negative_examples) if command.command_name in LISTS else texts
        wrong += [(command.command_name, text, claims) for text in texts if (claims := _claims(rt, text))]
    assert wrong == []


# ---- 2. the last change taken back ---------------------------------------------------------------------
@pytest.mark.parametrize("said", [
    "put it back", "actually put it back", "add it back", "undo that", "actually keep it", "put the bread back on",
    "oops, put that back on the list", "no wait, i still need it", "bring it back", "add bread back",
])
def test_what_was_just_taken_off_is_put_back(rt, said):
    ask(rt, SHOPPING)
    ask(rt, "take the bread off")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Put bread back on your shopping list."
    assert _open(rt, "shopping") == ["bread", "coffee", "eggs"]


@pytest.mark.parametrize("said", ["undo that", "take that off again", "take it back off", "remove it again",
                                  "scratch that", "i don't need it after all"])
def test_what_was_just_added_is_taken_off_again(rt, said):
    ask(rt, SHOPPING)
    ask(rt, "also add tea and jam")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Removed tea and jam from your shopping list."
    assert _open(rt, "shopping") == ["bread", "coffee", "eggs"]


def test_a_checked_off_item_goes_back_on_the_list_as_it_was(rt):
    ask(rt, TODO)
    ask(rt, "i finished the report")
    turn, _ = ask(rt, "undo that")
    assert turn.spoken == "Put finish the report back on your to-do list."
    assert [(i["text"], i["done"]) for i in rt.store.lists.items("todo", include_done=True)] == [
        ("finish the report", 0), ("call the dentist", 0)]             # un-checked, not added twice
    ask(rt, SHOPPING)
    ask(rt, "check off the eggs")
    turn, _ = ask(rt, "put them back")
    assert turn.spoken == "Put eggs back on your shopping list." and len(rt.store.lists.items("shopping", True)) == 3


def test_a_cleared_list_comes_back_with_undo(rt):
    ask(rt, SHOPPING)
    turn, r = ask(rt, "clear it")
    rt.assistant.handle_action("shopping_list", "clear_confirm", r.context_data)
    assert _open(rt, "shopping") == []
    turn, _ = ask(rt, "undo that")
    assert turn.spoken == "Put eggs, bread and coffee back on your shopping list."
    assert _open(rt, "shopping") == ["bread", "coffee", "eggs"]


def test_taking_back_is_for_a_moment_and_for_the_list_changed_only(rt, clock):
    ask(rt, SHOPPING)
    ask(rt, "take the bread off")
    clock.advance(minutes=5)
    assert _claims(rt, "put it back") == [] and _claims(rt, "undo that") == []
    ask(rt, "take the coffee off the shopping list")
    ask(rt, "what's on my to do list")                                # another list used since
    assert _claims(rt, "put it back") == [] and _claims(rt, "undo that") == []
    ask(rt, "what's on my shopping list")                             # a read changes nothing to take back
    assert _claims(rt, "undo that") == [] and "coffee" not in _open(rt, "shopping")


# ---- 3. the list's requests that name no list ----------------------------------------------------------
@pytest.mark.parametrize("said", [
    "what's on it", "what's left", "read it again", "how many things are on it", "what's on the list",
    "read me the list", "what else is on there", "what do i still have on it", "is there anything left on it",
    "go through the list again",
    # a word of time after it (each but the first went to the model, which read the reminders)
    "what's on it now", "what have i got on there now", "what's left at the moment", "what do we have on it so far",
    "how many things are on there right now",
])
def test_reading_the_list_just_used(rt, said):
    ask(rt, TODO)
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Your to-do list has 2 tasks: finish the report and call the dentist."


@pytest.mark.parametrize("said", ["clear the list", "clear it", "empty it", "wipe the list", "delete everything on it",
                                  "get rid of everything", "clear it all"])
def test_clearing_the_list_just_used_asks_first(rt, said):
    ask(rt, TODO)
    ask(rt, SHOPPING)
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.wait_for_input and turn.spoken == "Clear all 3 items from your shopping list?"
    assert len(_open(rt, "shopping")) == 3 and len(_open(rt, "todo")) == 2


def test_asking_about_and_adding_to_the_list_just_used(rt):
    ask(rt, SHOPPING)
    turn, _ = ask(rt, "is bread on it")
    assert turn.spoken == "Yes, bread is on your shopping list."
    turn, _ = ask(rt, "put tea on the list")
    assert turn.spoken == "Added tea to your shopping list."


def test_with_no_list_just_used_they_are_not_the_lists(rt, clock):
    ask(rt, SHOPPING)
    ask(rt, "take the bread off")
    clock.advance(minutes=5)
    for said in ("what's on it", "what's left", "read it again", "clear it", "clear the list", "put tea on the list",
                 "is coffee on it"):
        assert _claims(rt, said) == [], said


def test_a_follow_up_after_another_command_is_not_about_the_list(rt):
    """"what's left" read the to-do list when a timer had been set in between (the list was used two
    turns before): a follow-up that names nothing is about the last turn's command only."""
    ask(rt, "add finish the report to my to do list")
    turn, _ = ask(rt, "what's left")
    assert turn.tool_calls[0].name == "todo_list"
    ask(rt, "set a timer for 10 minutes")
    turn, _ = ask(rt, "what's left")
    assert [c.name for c in turn.tool_calls] != ["todo_list"]
    turn, _ = ask(rt, "undo that")
    assert rt.store.lists.items("todo") and [c.name for c in turn.tool_calls] != ["todo_list"]


@pytest.mark.parametrize("first, said, item, where", [
    ("put buy stamps on my to do list", "also renew my passport", "renew my passport", "todo"),
    ("add apples to the shopping list", "and also some yogurt", "yogurt", "shopping"),
])
def test_also_after_an_add_is_one_more_of_the_same(rt, first, said, item, where):
    """"also pay the electricity bill" after adding a task was declined."""
    ask(rt, first)
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and item in [i["text"] for i in rt.store.lists.items(where)]


def test_also_after_a_read_adds_nothing(rt):
    ask(rt, "add apples to the shopping list")
    ask(rt, "what's on my shopping list")
    turn, _ = ask(rt, "also the weather")
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["apples"]


@pytest.mark.parametrize("said", ["anything else on there", "anything more on the list", "is there anything left on it"])
def test_anything_else_on_it_reads_the_list_just_used(rt, said):
    ask(rt, "add apples and pears to the shopping list")
    ask(rt, "got the apples")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "shopping_list" and "pears" in turn.spoken


@pytest.mark.parametrize("again", ["add it to the list", "put it on my shopping list", "can you add that too",
                                   "add them to the list please"])
def test_adding_what_was_just_added_says_it_is_on_the_list(rt, again):
    """"add it to the list" right after an add: "it" is what was just added (it asked which items to
    add); the reply says it is there, and nothing is added twice. Not after a read, nor about another list."""
    ask(rt, "add olive oil to my shopping list")
    turn, _ = ask(rt, again)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "shopping_list"
    assert turn.spoken == "Olive oil is already on your shopping list." and _open(rt, "shopping") == ["olive oil"]
    ask(rt, "what's on my shopping list")
    assert rt.registry.get("shopping_list").pre_route(again) is None or \
        "olive oil" not in str(rt.registry.get("shopping_list").pre_route(again).arguments)


def test_words_that_only_join_or_point_are_no_items(rt):
    """The model wrote the items "to" and "the" for "add it to the list" (and they were added, being the
    user's words): an item is a thing, so such words are dropped and the list asks what to add."""
    shopping = rt.registry.get("shopping_list")
    out = shopping.post_process_tool_call({"action": "add", "items": ["to", "the"]}, "add it to the list")
    assert "items" not in out
    out = shopping.post_process_tool_call({"action": "add", "items": ["the", "milk"]}, "add the milk to the list")
    assert out["items"] == ["milk"]


@pytest.mark.parametrize("said", ["no i said goat milk", "i meant goat milk", "sorry, goat milk",
                                  "no, goat milk not oat milk", "no not oat milk, goat milk", "not oat milk, goat milk"])
def test_the_item_just_added_is_corrected(rt, said):
    """"add oat milk ..." then "no i said goat milk" was declined, and the list kept oat milk."""
    ask(rt, "add oat milk to the shopping list")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "OK, goat milk instead of oat milk on your shopping list."
    assert _open(rt, "shopping") == ["goat milk"]


@pytest.mark.parametrize("said", ["make it two", "actually add bread too", "no, oat milk", "sorry, what?"])
def test_what_corrects_no_item_or_repeats_it_is_not_taken_for_a_correction(rt, said):
    ask(rt, "add oat milk to the shopping list")
    assert ("shopping_list", {"action": "add", "items": [said.split()[-1]]}) not in _claims(rt, said)
    ask(rt, said)
    assert _open(rt, "shopping") == ["oat milk"]


def test_a_correction_after_several_items_or_long_after_is_not_a_replacement(rt, clock):
    ask(rt, "add eggs and bread to the shopping list")
    assert _claims(rt, "no i said bread rolls") == []
    ask(rt, "add oat milk to the shopping list")
    clock.advance(minutes=5)
    assert _claims(rt, "no i said goat milk") == []


def test_remove_that_and_add_instead_right_after_using_the_list(rt):
    """"actually remove that" after an add asked "Remove actually from your shopping list?" (the model);
    "add a dozen eggs instead" was then declined."""
    ask(rt, "add eggs to the shopping list")
    turn, _ = ask(rt, "actually remove that")
    assert turn.route == "pre_route" and turn.spoken == "Removed eggs from your shopping list."
    turn, _ = ask(rt, "add a dozen eggs instead")
    assert turn.route == "pre_route" and _open(rt, "shopping") == ["dozen eggs"]
    assert _claims(rt, "add five minutes") == []                        # a length is no item
    ask(rt, "set a timer for 5 minutes")
    assert _claims(rt, "add milk") == []                                 # the list was not the last turn's


@pytest.mark.parametrize("said", ["delete it", "remove that", "actually remove that"])
def test_what_was_just_added_is_taken_off_by_pointing_at_it(rt, said):
    ask(rt, "add book a day off to my to do list")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Removed book a day off from your to-do list."
    assert _open(rt, "todo") == []


def test_read_that_back_reads_the_list_just_changed(rt):
    """"read that back to me" went to the model, which looked for a memory ("I don't have anything
    saved about shopping list.")."""
    ask(rt, "put some eggs, a bag of rice and washing up liquid on my shopping list")
    turn, _ = ask(rt, "read that back to me")
    assert turn.route == "pre_route" and turn.spoken == \
        "Your shopping list has 3 items: eggs, bag of rice and washing up liquid."


@pytest.mark.parametrize("first, said, item, where", [
    ("put buy stamps on my to do list", "and renew my passport", "renew my passport", "todo"),
    ("add apples to the shopping list", "and some yogurt", "yogurt", "shopping"),
    ("add apples to the shopping list", "oh and the batteries", "batteries", "shopping"),
])
def test_and_with_no_verb_after_an_add_is_one_more_of_the_same(rt, first, said, item, where):
    """"and some socks for dad" after "put a scarf for mum on it" was declined, and "read it back" then
    read the to-do list: the list was no longer the one just used."""
    ask(rt, first)
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and item in [i["text"] for i in rt.store.lists.items(where)]


@pytest.mark.parametrize("said", ["and what's the weather in paris", "and remind me to call mum",
                                  "and set a timer for 5 minutes", "and how are you"])
def test_and_before_a_request_of_its_own_adds_nothing(rt, said):
    ask(rt, "add apples to the shopping list")
    ask(rt, said)
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["apples"]


def test_an_item_named_without_what_it_is_for_is_taken_off_the_list_just_used(rt):
    """"delete the socks" after "socks for dad" went on the christmas list went to the model, which asked
    to remove them from the to-do list."""
    for said in ("start a christmas list", "put a scarf for mum on it", "and some socks for dad"):
        ask(rt, said)
    turn, _ = ask(rt, "delete the socks")
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["named_list"]
    assert [i["text"] for i in rt.store.lists.items("christmas")] == ["scarf for mum"]


def test_and_more_after_a_removal_takes_off_what_is_on_the_list_and_puts_on_what_is_not(rt):
    """"knock the apples off", "and some crackers": completed as "knock some crackers off", the model
    asked "Remove crackers from your shopping list?" for an item that was never on it."""
    ask(rt, "put apples, cheddar and grapes on the shopping list")
    ask(rt, "knock the apples off")
    turn, _ = ask(rt, "and some crackers")
    assert turn.route == "pre_route" and turn.spoken == "Added crackers to your shopping list."
    ask(rt, "remove the grapes from my shopping list")
    turn, _ = ask(rt, "and the cheddar")
    assert turn.route == "pre_route" and turn.spoken == "Removed cheddar from your shopping list."
    assert _open(rt, "shopping") == ["crackers"]


# ---- an item pointed at by its order ----------------------------------------------------------------
def test_the_last_one_of_those_just_added_is_taken_off(rt):
    """"the last one" right after adding several is the last of those added, wherever they stand on the list."""
    ask(rt, "add coffee to my shopping list")
    ask(rt, "add apples and pears to my shopping list")
    turn, _ = ask(rt, "remove the last one")
    assert turn.spoken == "Removed pears from your shopping list." and _open(rt, "shopping") == ["apples", "coffee"]
    turn, _ = ask(rt, "take off the first item")                 # after a removal: the list as it reads
    assert turn.spoken == "Removed coffee from your shopping list." and _open(rt, "shopping") == ["apples"]


def test_an_item_by_its_number_as_the_list_was_read(rt):
    ask(rt, TODO)
    ask(rt, "what's on my to do list")
    turn, _ = ask(rt, "tick off number 2")
    assert turn.spoken == "Checked off: call the dentist."
    turn, _ = ask(rt, "the first one is done")
    assert turn.spoken == "Checked off: finish the report." and _open(rt, "todo") == []


@pytest.mark.parametrize("said", ["remove the fourth one", "the second one is done"])
def test_an_order_past_the_end_or_with_no_list_just_used_is_not_claimed(rt, said):
    ask(rt, "add tea to my shopping list")
    assert ask(rt, "what time is it")[0].tool_calls[0].name == "get_current_time"
    assert _claims(rt, said) == []


def test_the_model_s_call_that_names_no_item_takes_the_order_said(rt):
    """The model wrote a removal without items (it would ask which): the words point at one by its order."""
    ask(rt, SHOPPING)
    out = rt.registry.get("shopping_list").post_process_tool_call({"action": "remove"}, "could you remove the third one")
    assert out["items"] == ["the third one"]
    turn, _ = ask(rt, "read my shopping list")
    assert rt.registry.get("shopping_list")._resolve("the third one", None) == "coffee"


@pytest.mark.parametrize("said", ["the dentist one is done", "finish the report has been done"])
def test_an_item_said_to_be_done(rt, said):
    ask(rt, TODO)
    turn, _ = ask(rt, said)
    assert turn.spoken.startswith("Checked off:") and len(_open(rt, "todo")) == 1


def test_the_middle_one_of_those_just_added(rt):
    """"take the middle one off" went to the model, which took it for a task (found by the held-out run)."""
    ask(rt, "put rice, lentils and chickpeas on my shopping list")
    turn, _ = ask(rt, "take the middle one off")
    assert turn.spoken == "Removed lentils from your shopping list." and _open(rt, "shopping") == ["chickpeas", "rice"]
    assert _claims(rt, "take the middle one off") == []             # two left: no middle one
