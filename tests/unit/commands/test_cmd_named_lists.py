"""Lists with a name of the user's choosing ("a packing list", "my christmas list", "a list called
movies to watch"): made, filled, read, checked off and taken from by their name, "add X to it" and
"what's on it" for the one just used, every list named with its count, and a clear or a delete that
asks first. The shopping and to-do lists keep their own requests and names."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.append(str(Path(__file__).resolve().parents[1] / "llm"))

from brain_fakes import ScriptedBackend
from command_helpers import ask

from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.assistant.grounding import ground_arguments
from jarvis_tui.assistant.intent_router import RouterThresholds
from jarvis_tui.llm.provider_factory import PromptProviderFactory
from jarvis_tui.sdk import RequestInformation

UNSURE = RouterThresholds(decline=1.1, direct=1.1, tool=1.1)     # the router is never confident


def _items(rt, name: str) -> list[str]:
    return [i["text"] for i in rt.store.lists.items(name, include_done=True)]


def _claims(rt, said: str) -> list[tuple[str, dict]]:
    """Every fast path's claim of the words (the assistant asks the last turn's command first)."""
    return [(c.command_name, claim.arguments) for c in rt.registry if (claim := c.pre_route(said)) is not None]


def _scripted(rt, *calls: tuple[str, dict]):
    """The LLM answers with these tool calls, in order (the router is never sure: it always asks it)."""
    outputs = [json.dumps({"tool": name, "args": args}) for name, args in calls]
    rt.assistant.brain = ConversationBrain(ScriptedBackend(outputs), PromptProviderFactory(None), rt.config)
    rt.assistant.router.thresholds = UNSURE


# ---- the conversation that failed, and the same in other words ---------------------------------------
def test_the_packing_list_conversation(rt):
    turn, _ = ask(rt, "make a packing list")
    assert turn.spoken == "I've made a packing list. It's empty for now."
    turn, _ = ask(rt, "add passport, charger and sunglasses to it")
    assert turn.spoken == "Added passport, charger and sunglasses to your packing list."
    assert _items(rt, "packing") == ["passport", "charger", "sunglasses"] and _items(rt, "shopping") == []
    ask(rt, "add milk to my shopping list")
    turn, _ = ask(rt, "what lists do i have")
    assert turn.spoken == ("You have 3 lists: the shopping list with one item, the to-do list with no tasks "
                           "and the packing list with 3 items.")
    turn, _ = ask(rt, "read the packing list")
    assert turn.spoken == "Your packing list has 3 items: passport, charger and sunglasses."
    turn, r = ask(rt, "delete the packing list")
    assert turn.spoken == "Delete your packing list and the 3 items on it?" and r.wait_for_input
    assert [(a["button_text"], a["button_type"]) for a in turn.actions] == [("Delete", "destructive"), ("Cancel", "secondary")]
    assert len(_items(rt, "packing")) == 3                              # nothing gone before the yes
    turn, _ = ask(rt, "yes")
    assert turn.spoken == "Deleted your packing list." and _items(rt, "packing") == []
    turn, _ = ask(rt, "what lists do i have")
    assert "packing" not in turn.spoken and turn.spoken.startswith("You have 2 lists")


@pytest.mark.parametrize("make,add,name,items", [
    ("start a gift ideas list", "put a scarf and a mug on it", "gift ideas", ["scarf", "mug"]),
    ("create a list called movies to watch", "add alien and heat to it", "movies to watch", ["alien", "heat"]),
    ("could you set up a christmas list", "write lego and socks on it", "christmas", ["lego", "socks"]),
    ("i want to start a new reading list", "add dune and emma to the list", "reading", ["dune", "emma"]),
    ("please make me a list named road trip", "stick snacks and a map on there", "road trip", ["snacks", "map"]),
    # a list "of" things of a kind: "make a list of films to watch" was declined (films are no command's)
    ("make a list of films to watch", "add alien and heat", "films to watch", ["alien", "heat"]),
    ("start a list of books to read", "put dune and emma on it", "books to read", ["dune", "emma"]),
])
def test_a_list_made_by_any_name_is_the_one_it_then_fills(rt, make, add, name, items):
    turn, _ = ask(rt, make)
    assert turn.spoken == f"I've made a {name} list. It's empty for now."
    turn, r = ask(rt, add)
    assert r.context_data["added"] == items and _items(rt, name) == items
    turn, _ = ask(rt, "what's on it")
    assert turn.spoken.startswith(f"Your {name} list has 2 items")
    assert _items(rt, "shopping") == [] and _items(rt, "todo") == []


def test_a_list_made_with_its_items(rt):
    turn, _ = ask(rt, "make a camping list with a tent, a torch and matches")
    assert turn.spoken == "I've made a camping list with tent, torch and matches."
    turn, _ = ask(rt, "make a camping list")
    assert turn.spoken == "You already have a camping list, with 3 items: tent, torch and matches."
    turn, _ = ask(rt, "put a stove on the camping checklist")       # "camping checklist" is another name
    assert _items(rt, "camping") == ["tent", "torch", "matches"]


# ---- by its name: every action, the name being the user's words ----------------------------------
@pytest.mark.parametrize("said,args", [
    ("add sunscreen and a hat to my beach list", {"action": "add", "list": "beach", "items": ["sunscreen", "hat"]}),
    ("the sun cream needs to go on my beach list", {"action": "add", "list": "beach", "items": ["sun cream"]}),
    ("pop the charger onto my packing list", {"action": "add", "list": "packing", "items": ["charger"]}),
    ("jot down aunt may on the wedding guests list", {"action": "add", "list": "wedding guests", "items": ["aunt may"]}),
    ("what's on the gift ideas list", {"action": "read", "list": "gift ideas"}),
    ("read me my christmas list again", {"action": "read", "list": "christmas"}),
    ("is the charger on my packing list", {"action": "read", "list": "packing", "items": ["charger"]}),
    ("tick the tent off the camping list", {"action": "check_off", "list": "camping", "items": ["tent"]}),
    ("mark sunscreen as packed on my beach list", {"action": "check_off", "list": "beach", "items": ["sunscreen"]}),
    ("take dune off the reading list", {"action": "remove", "list": "reading", "items": ["dune"]}),
    ("strike the torch off the camping list", {"action": "remove", "list": "camping", "items": ["torch"]}),
    ("a torch and a towel, put them on my camping list", {"action": "add", "list": "camping", "items": ["torch", "towel"]}),
    ("i've packed the charger, tick it off my packing list", {"action": "check_off", "list": "packing", "items": ["charger"]}),
    ("wipe the holiday list clean", {"action": "clear", "list": "holiday"}),
    ("empty my christmas list", {"action": "clear", "list": "christmas"}),
    ("remove everything from the beach list", {"action": "clear", "list": "beach"}),
    ("get rid of the party list", {"action": "delete", "list": "party"}),
    ("scrap my reading list for good", {"action": "delete", "list": "reading"}),
    ("which lists have i got", {"action": "show_lists"}),
    ("show me all of my lists", {"action": "show_lists"}),
])
def test_a_list_said_by_its_name(rt, said, args):
    for name in ("beach", "packing", "gift ideas", "christmas", "camping", "reading", "holiday", "party"):
        ask(rt, f"make a {name} list")
    assert _claims(rt, said) == [("named_list", args)]


@pytest.mark.parametrize("said", ["show me this week's bestseller list", "what's on the guest list",
                                  "take me off the waiting list", "delete the mailing list"])
def test_a_list_the_user_never_made_is_not_certain_to_be_theirs(rt, said):
    assert _claims(rt, said) == []


# ---- the shopping and to-do lists keep theirs ------------------------------------------------------
@pytest.mark.parametrize("said,command", [
    ("add milk to my shopping list", "shopping_list"),
    ("put call mom on my to-do list", "todo_list"),
    ("add eggs to the grocery list", "shopping_list"),
    ("what's on my task list", "todo_list"),
    ("add sweep the porch to my chores", "todo_list"),
    ("clear my shopping list", "shopping_list"),
    ("remove call mom from my to do list", "todo_list"),
])
def test_the_shopping_and_to_do_lists_keep_their_requests(rt, said, command):
    ask(rt, "make a packing list")                              # a named list just used changes nothing
    assert [name for name, _ in _claims(rt, said)] == [command]


@pytest.mark.parametrize("said", ["make a shopping list", "start a new to do list", "delete my grocery list",
                                  "read me the chores list", "what's on my list", "add milk to the list"])
def test_their_names_and_an_unnamed_list_are_never_a_named_list(rt, said):
    assert rt.registry.get("named_list").pre_route(said) is None


@pytest.mark.parametrize("said", ["add passport to the packing list", "what's on my packing list",
                                  "take the charger off my packing list", "delete the packing list",
                                  "what lists do i have", "clear the packing list"])
def test_the_shopping_and_to_do_lists_give_way_even_just_after_they_were_used(rt, said):
    ask(rt, "make a packing list with a charger")
    ask(rt, "add passport and charger to my shopping list")
    ask(rt, "add charger to my to do list")
    assert [name for name, _ in _claims(rt, said)] == ["named_list"]


# ---- the list just used ------------------------------------------------------------------------------
def test_requests_that_leave_the_list_unnamed_are_for_the_named_list_just_used(rt):
    ask(rt, "add bread to my shopping list")
    ask(rt, "start a beach list with a towel")
    turn, _ = ask(rt, "also add sunscreen")
    assert turn.spoken == "Added sunscreen to your beach list."
    turn, _ = ask(rt, "take the towel off")
    assert turn.spoken == "Removed towel from your beach list."
    turn, _ = ask(rt, "put it back")
    assert turn.spoken == "Put towel back on your beach list."
    turn, _ = ask(rt, "what's on my list")
    assert turn.spoken == "Your beach list has 2 items: sunscreen and towel."
    turn, r = ask(rt, "delete this list")
    assert turn.spoken == "Delete your beach list and the 2 items on it?" and r.wait_for_input
    turn, _ = ask(rt, "no")
    assert turn.spoken == "OK, I left your beach list as it is." and len(_items(rt, "beach")) == 2
    turn, r = ask(rt, "clear the beach list")
    assert turn.spoken == "Clear all 2 items from your beach list?" and [a["button_text"] for a in turn.actions] == ["Clear", "Cancel"]
    turn, _ = ask(rt, "yes")
    assert turn.spoken == "Cleared your beach list." and _items(rt, "beach") == []
    assert _items(rt, "shopping") == ["bread"]


def test_a_list_made_with_a_name_of_any_words_is_found_by_that_name(rt):
    ask(rt, "make a list called films to watch with heat")
    assert _claims(rt, "what's on the films to watch list") == [("named_list", {"action": "read", "list": "films to watch"})]
    turn, _ = ask(rt, "i watched heat, tick it off the films to watch list")
    assert turn.spoken == "Checked off: heat."
    turn, _ = ask(rt, "get rid of the films to watch list")
    assert turn.spoken == "Delete your films to watch list and the one item on it?"


@pytest.mark.parametrize("said,items", [("oppenheimer and heat should be on it", ["oppenheimer", "heat"]),
                                        ("the popcorn needs to go on there too", ["popcorn"])])
def test_what_should_be_on_the_list_just_used_is_added(rt, said, items):
    ask(rt, "make an outing list")
    assert _claims(rt, said) == [("named_list", {"action": "add", "items": items, "list": "outing"})]
    ask(rt, "add bread to my shopping list")
    assert _claims(rt, said) == [("shopping_list", {"action": "add", "items": items})]
    assert _claims(rt, "what should be on it") == []


def test_items_the_model_wrote_as_the_lists_name_are_the_items_of_the_list_just_used(rt):
    ask(rt, "make an outing list")
    _scripted(rt, ("named_list", {"action": "create", "list": "kite and frisbee", "items": ["kite", "frisbee"]}))
    turn = rt.assistant.handle_text("kite and frisbee for that list as well")
    assert turn.spoken == "Added kite and frisbee to your outing list." and _items(rt, "outing") == ["kite", "frisbee"]


def test_a_list_not_made_is_said_so(rt):
    _scripted(rt, ("named_list", {"action": "read", "list": "gift"}), ("named_list", {"action": "delete", "list": "gift"}))
    turn = rt.assistant.handle_text("read my gift list")
    assert turn.spoken == "You don't have a gift list. You have the shopping list and to-do list."
    turn = rt.assistant.handle_text("delete the gift list")
    assert turn.spoken.startswith("You don't have a gift list") and not turn.actions


# ---- the model's calls: the list is the user's, a delete asks first -----------------------------------
def test_the_list_the_model_writes_is_never_a_word_the_user_did_not_say(rt):
    ask(rt, "make a packing list")
    _scripted(rt, ("named_list", {"action": "add", "list": "camping", "items": ["passport"]}))
    turn = rt.assistant.handle_text("oh and the passport for the packing list")
    assert turn.tool_calls[0].origin == "llm" and turn.spoken == "Added passport to your packing list."
    assert _items(rt, "packing") == ["passport"] and _items(rt, "camping") == []
    # no list said: the one just used, not the model's word (the turn drops a value nobody said)
    named = rt.registry.get("named_list")
    said = "and the towel goes with it"
    grounded = ground_arguments(named, {"action": "add", "list": "camping", "items": ["towel"]}, said,
                                "make a packing list\noh and the passport for the packing list")
    assert named.post_process_tool_call(grounded.arguments, said) == {"action": "add", "list": "packing", "items": ["towel"]}


def test_a_delete_the_model_chose_asks_first(rt):
    ask(rt, "make a reading list with dune")
    _scripted(rt, ("named_list", {"action": "delete", "list": "reading"}))
    turn = rt.assistant.handle_text("i'm done with that reading list, bin the thing")
    assert turn.spoken == "Delete your reading list and the one item on it?"
    assert [a["button_text"] for a in turn.actions] == ["Delete", "Cancel"] and _items(rt, "reading") == ["dune"]
    turn, _ = ask(rt, "no")
    assert _items(rt, "reading") == ["dune"]


@pytest.mark.parametrize("said,written", [
    ("i'm done with the party list, bin it", {"action": "create", "list": "party", "items": ["bin it"]}),
    ("delete that party list of mine", {"action": "remove", "list": "party"}),
    ("scrap the party list, the party's off", {"action": "remove", "list": "party", "items": ["party list"]}),
    ("we don't need the party list any more", {"action": "add", "list": "party"}),
])
def test_dropping_the_whole_list_is_a_delete_that_asks_first_whatever_action_the_model_wrote(rt, said, written):
    ask(rt, "make a party list with balloons")
    _scripted(rt, ("named_list", written))
    turn = rt.assistant.handle_text(said)
    assert turn.spoken == "Delete your party list and the one item on it?"
    assert [a["button_text"] for a in turn.actions] == ["Delete", "Cancel"] and _items(rt, "party") == ["balloons"]


def test_taking_an_item_off_in_those_words_is_still_a_removal(rt):
    ask(rt, "make a party list with balloons and candles")
    _scripted(rt, ("named_list", {"action": "delete", "list": "party", "items": ["candles"]}))
    turn = rt.assistant.handle_text("the candles can be binned from the party list")
    assert turn.spoken == "Remove candles from your party list?"            # a guessed removal asks first
    turn = rt.assistant.handle_text("yes")
    assert _items(rt, "party") == ["balloons"]


@pytest.mark.parametrize("said,written,items", [
    ("could you start a wish list for my birthday", ["birthday cake", "birthday balloons"], []),
    ("start a camping list with a tent", ["tent", "tent pegs"], ["tent"]),
    ("add something for the baby to the gift ideas list", ["baby monitor"], []),
])
def test_items_the_model_made_up_from_a_word_said_are_not_added(rt, said, written, items):
    ask(rt, "make a gift ideas list")
    named = rt.registry.get("named_list")
    out = named.post_process_tool_call({"action": "create", "list": "wish", "items": written}, said)
    assert out.get("items", []) == items


def test_a_list_made_again_says_what_is_on_it(rt):
    ask(rt, "make a party list with balloons and candles")
    _scripted(rt, ("named_list", {"action": "create", "list": "party"}))
    turn = rt.assistant.handle_text("can you start a party list for me")
    assert turn.spoken == "You already have a party list, with 2 items: balloons and candles."
    # a question the model answered with a create is read: no words ask to make a list
    _scripted(rt, ("named_list", {"action": "create", "list": "party"}))
    turn = rt.assistant.handle_text("anything on the party list yet")
    assert turn.spoken == "Your party list has 2 items: balloons and candles."


def test_a_name_of_the_shopping_list_the_model_sends_here_is_the_shopping_list(rt):
    named = rt.registry.get("named_list")
    said = "rice needs to go on the grocery list"
    args = named.post_process_tool_call({"action": "add", "list": "grocery", "items": ["rice"]}, said)
    r = named.execute(RequestInformation(said), **args)
    assert r.context_data["message"] == "Added rice to your shopping list." and _items(rt, "shopping") == ["rice"]
    turn, _ = ask(rt, "what lists do i have")
    assert turn.spoken.startswith("You have 2 lists")


def test_a_new_list_without_a_name_asks_for_one(rt, clock):
    _scripted(rt, ("named_list", {"action": "create"}), ("named_list", {"action": "add", "items": ["map"]}))
    turn = rt.assistant.handle_text("i'd like to begin another list")
    assert turn.spoken == "What should I call the new list?" and turn.wait_for_input
    turn = rt.assistant.handle_text("call it road trip")
    assert turn.spoken == "I've made a road trip list. It's empty for now."
    clock.advance(minutes=10)                                   # no list just used: which one is asked
    # (not "snacks": the router ranks the shopping list well ahead for food, and its lead is taken)
    turn = rt.assistant.handle_text("the map needs to go on one of my lists")
    assert turn.spoken == "Which list? You have the shopping list, to-do list and road trip list."
    turn = rt.assistant.handle_text("the road trip one")
    assert turn.spoken == "Added map to your road trip list." and _items(rt, "road trip") == ["map"]


def test_a_question_said_instead_of_the_lists_name_is_routed_as_usual(rt):
    _scripted(rt, ("named_list", {"action": "read", "items": ["passport"]}))
    ask(rt, "make a packing list")
    named = rt.registry.get("named_list")
    assert named.read_answer("list", "what time is it", {"action": "add"}) is None
    assert named.read_answer("list", "the gift one", {"action": "add"}) is None          # no gift list made
    assert named.read_answer("list", "the packing one", {"action": "add"}) == {"action": "add", "list": "packing"}


@pytest.mark.parametrize("said", ["please add tom to my contact list", "open my contact list",
                                  "put anna on the mailing list", "show me my phone list"])
def test_another_services_list_is_not_made(rt, said):
    """"add tom to my contact list" made a list called "contact": contacts and mailing lists are not
    lists of things the user keeps."""
    from commands.named_list import name_of
    turn, _ = ask(rt, said)
    assert not any(c.name == "named_list" for c in turn.tool_calls)
    assert name_of("contact list") == "" and name_of("packing list") == "packing"


@pytest.mark.parametrize("said,items", [
    ("what's on the christmas list", None),
    ("add a book for dad to the christmas list", ["scarf for mum", "book for dad"]),
])
def test_a_list_said_by_part_of_its_name_is_that_list(rt, said, items):
    """"what's on the christmas list" (holdout 32) after "start a christmas presents list" said "You don't
    have a christmas list": the one list whose name holds every word said is that list (and "add ... to
    the christmas list" made none of its own)."""
    ask(rt, "start a christmas presents list")
    ask(rt, "put a scarf for mum on it")
    _scripted(rt, ("named_list", {"action": "add" if items else "read", "list": "christmas",
                                  **({"items": ["book for dad"]} if items else {})}))
    turn = rt.assistant.handle_text(said)
    assert "scarf for mum" in turn.spoken or items, turn.spoken
    assert _items(rt, "christmas presents") == (items or ["scarf for mum"])
    assert _items(rt, "christmas") == []


def test_a_name_held_by_two_lists_is_not_guessed(rt):
    ask(rt, "start a christmas presents list")
    ask(rt, "start a christmas food list")
    _scripted(rt, ("named_list", {"action": "read", "list": "christmas"}))
    turn = rt.assistant.handle_text("what's on the christmas list")
    assert turn.spoken.startswith("You don't have a christmas list"), turn.spoken


def test_a_list_of_things_is_named_by_them_and_filled_by_that_name(rt):
    ask(rt, "make me a list of things to pack")
    turn, r = ask(rt, "add a torch to my list of things to pack")
    assert turn.route == "pre_route" and _items(rt, "things to pack") == ["torch"]
    turn, _ = ask(rt, "make a list of groceries")                      # the shopping list's own name
    assert [c.name for c in turn.tool_calls] != ["named_list"]


@pytest.mark.parametrize("said,action", [("list all my files", "read"), ("a packing list please", "create"),
                                         ("i need a new list for the party", "create")])
def test_a_list_is_made_only_when_asked_for(rt, said, action):
    """"list all my files" made a files list (the model's guess): a list no words ask to make is read (it is not
    there, and the reply says which lists are)."""
    out = rt.registry.get("named_list").post_process_tool_call({"action": "create", "list": said.split()[-2]}, said)
    assert out["action"] == action
