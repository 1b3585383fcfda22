"""A follow-up that leaves out what the last request said ("what about new york", "and in half a
cup") is the last request with the new words in place of the ones they replace, routed as any
request; words about a person ("what about you") or asking for something of their own ("how about
a joke") are not. The pure functions first, then the real assistant (commands, router, SQLite; no LLM)."""
from __future__ import annotations

import pytest

from jarvis_tui.assistant.ellipsis import completed_request, elided_fragment, fragment_said_alone, says_a_place


@pytest.mark.parametrize("said, fragment", [
    ("what about tomorrow", "tomorrow"), ("And in London?", "in london"), ("how about two cups then", "two cups"),
    ("ok and what about the weekend", "the weekend"), ("same for the rice", "for the rice"),
])
def test_the_words_a_follow_up_adds(said, fragment):
    assert elided_fragment(said) == fragment


@pytest.mark.parametrize("said", ["what about you", "and me", "how about that", "and set an alarm for 7",
                                  "and another for 10", "and another about cats",
                                  "what's the weather", "add milk", "and then what happened after that in the film"])
def test_a_request_said_whole_or_about_a_person_is_no_fragment(said):
    assert elided_fragment(said) is None


@pytest.mark.parametrize("fragment, last, arguments, completed", [
    # a time for the time said, or after the words
    ("tomorrow", "what's the weather like", [{}], "what's the weather like tomorrow"),
    ("on sunday", "will i need an umbrella on saturday in paris", [{"city": "Paris"}],
     "will i need an umbrella on sunday in paris"),
    ("at 8", "remind me to call mom at 7 pm", [{"text": "call mom", "time": "19:00"}], "remind me to call mom at 8"),
    ("next week", "what's on my calendar tomorrow", [{}], "what's on my calendar next week"),
    # the same thing again, with another amount
    ("in half a cup", "how many tablespoons in a cup", [{"value": 1}], "how many tablespoons in half a cup"),
    ("2 cups", "how many tablespoons in a cup", [{"value": 1}], "how many tablespoons in 2 cups"),
    ("20 percent", "what's 15 percent of 85 dollars", [{}], "what's 20 percent of 85 dollars"),
    # an argument's words, after their preposition
    ("new york", "what time is it in sydney", [{"location": "Sydney"}], "what time is it in new york"),
    ("in new york", "what time is it in sydney", [{"location": "Sydney"}], "what time is it in new york"),
    ("the rice", "how long is left on the pasta timer", [{"label": "pasta"}], "how long is left on the rice timer"),
    # the last phrase after the same preposition, or after any for a bare thing
    ("in a pound", "how many grams in an ounce", [{}], "how many grams in a pound"),
    ("germany", "who is the president of france", [{"query": "who is the president of France?"}],
     "who is the president of germany"),
    ("of canada", "what's the capital of australia", [{"query": "what's the capital of australia"}],
     "what's the capital of canada"),
    # an item for an item, a list for a list, a name for a name (the request's choice words are no slot)
    ("eggs", "add milk to my shopping list", [{"items": ["milk"]}], "add eggs to my shopping list"),
    ("to my to do list", "add milk to my shopping list", [{"items": ["milk"]}], "add milk to my to do list"),
    ("the rice", "cancel the pasta timer", [{"label": "pasta"}], "cancel the rice timer"),
    ("in rome on friday", "what's the weather in paris tomorrow", [{"city": "Paris"}],
     "what's the weather in rome on friday"),
    # a place and a day at once; words that replace nothing are added
    ("in chicago on sunday", "how cold is it outside this weekend", [{}], "how cold is it outside on sunday in chicago"),
    ("in london", "what's the weather like tomorrow", [{}], "what's the weather like tomorrow in london"),
    # a number after "of" is no clock time: "and of 400" was added at the end (250 times 400)
    ("of 400", "what's 12 percent of 250", [{"num1": 0.12, "num2": 250}], "what's 12 percent of 400"),
    ("of sixty", "what's a third of ninety", [{}], "what's a third of sixty"),
    ("at 5", "remind me to call bob at 4", [{"text": "call bob"}], "remind me to call bob at 5"),
    # what is asked of the same thing: "and its population" asked "what's the capital of its population"
    ("its population", "what's the capital of japan", [{"query": "what's the capital of japan"}],
     "what's the population of japan"),
    ("their currency", "what is the capital city of the netherlands", [{}], "what is the currency of the netherlands"),
    # a thing said bare is what "how many" counts: "and teaspoons" converted a teaspoon to tablespoons
    ("teaspoons", "how many tablespoons in a cup", [{}], "how many teaspoons in a cup"),
    ("grams", "how many ounces in a pound", [{}], "how many grams in a pound"),
    ("sugar", "how much flour is in a cake", [{}], "how much sugar is in a cake"),
    # ... and one said with its article, or a place, is what it is counted in
    ("an apple", "how many calories in a banana", [{}], "how many calories in an apple"),
    ("in a kilo", "how many ounces in a pound", [{}], "how many ounces in a kilo"),
    ("tokyo", "how many people live in london", [{}], "how many people live in tokyo"),
])
def test_the_fragment_takes_the_place_of_what_it_replaces(fragment, last, arguments, completed):
    assert completed_request(fragment, last, arguments).text == completed


@pytest.mark.parametrize("said, fragment", [
    ("tomorrow?", "tomorrow"), ("On Saturday.", "on saturday"), ("in new york?", "in new york"),
    ("in paris tomorrow", "in paris tomorrow"), ("in the morning", "in the morning"), ("at 7 pm", "at 7 pm"),
])
def test_a_when_or_a_place_said_alone_is_a_fragment(said, fragment):
    assert fragment_said_alone(said) == fragment


@pytest.mark.parametrize("said", ["for the kids", "with milk", "eggs", "new york", "in a cup", "set a timer for tomorrow",
                                  "what's the weather tomorrow", "in 10 minutes", "thanks"])
def test_a_thing_or_a_request_said_alone_is_no_fragment(said):
    """A thing needs "and" / "what about" before it to be a follow-up: alone it may be anything."""
    assert fragment_said_alone(said) is None


def test_a_day_alone_is_the_day_of_the_time_said_not_in_its_place():
    """"tomorrow" after "remind me to call bob at 5 pm" took the place of "at 5 pm" (9 AM tomorrow)."""
    assert completed_request("tomorrow", "remind me to call bob at 5 pm", [{"text": "call bob"}]).text == \
        "remind me to call bob at 5 pm tomorrow"
    assert completed_request("friday at 6", "remind me to call bob at 5 pm tomorrow", [{"text": "call bob"}]).text == \
        "remind me to call bob at 6 friday"       # each part in the place of its own kind


def test_words_that_replace_nothing_are_said_to_be_added():
    assert completed_request("tomorrow", "how are you", [{}]).added
    assert not completed_request("new york", "what time is it in sydney", [{"location": "Sydney"}]).added


# ---- through the assistant -----------------------------------------------------------------------------
def test_a_choice_argument_is_not_replaced(rt):
    """"and eggs" after "add milk to my shopping list" had replaced the call's action "add". (The list
    now claims "and <items>" said right after an add itself, as one more for it: `ListCommandBase`'s
    "and_more" fast path; a fragment of another request is still read as below.)"""
    rt.assistant.handle_text("add milk to my shopping list")
    turn = rt.assistant.handle_text("and eggs")
    assert [(c.name, c.arguments.get("action")) for c in turn.tool_calls] == [("shopping_list", "add")]
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["milk", "eggs"]


def _calls(turn):
    return [(c.name, c.arguments) for c in turn.tool_calls]


def test_another_place_for_the_same_question(rt):
    """"what about new york" after the time in Sydney was declined ("Sorry, I can't help with that yet.")."""
    rt.assistant.handle_text("what time is it in sydney")
    turn = rt.assistant.handle_text("what about new york")
    assert turn.route == "follow_up" and turn.understood_as == "what time is it in new york"
    assert _calls(turn) == [("get_current_time", {"location": "New York"})]
    assert turn.spoken.startswith("It's ") and "New York" in turn.spoken


def test_another_amount_of_the_same_unit(rt):
    """"and in half a cup" went to answer_question: "1 cup is equal to half a cup"."""
    rt.assistant.handle_text("how many tablespoons in a cup")
    turn = rt.assistant.handle_text("and in half a cup")
    assert _calls(turn)[0][0] == "convert_measurement" and _calls(turn)[0][1]["value"] == 0.5
    assert turn.spoken == "Half a cup is 8 tablespoons."


def test_a_chain_of_follow_ups_continues_the_completed_words(rt):
    """The weather asks for the city; "what about tomorrow" had gone to the time ("Tomorrow is
    Thursday") and "and in london" was declined."""
    first = rt.assistant.handle_text("what's the weather like")
    assert first.wait_for_input                                   # no default city: "Which city?"
    second = rt.assistant.handle_text("what about tomorrow")
    assert second.understood_as == "what's the weather like tomorrow"
    assert [n for n, _ in _calls(second)] == ["get_weather"] and second.wait_for_input
    third = rt.assistant.handle_text("and in london")        # the answer to "Which city?", said as a fragment
    assert [n for n, _ in _calls(third)] == ["get_weather"]
    assert _calls(third)[0][1]["city"] == "London"


def test_a_fragment_after_the_question_is_answered_completes_the_last_request(rt):
    rt.assistant.handle_text("what's the weather in paris")
    turn = rt.assistant.handle_text("what about tomorrow")
    assert turn.understood_as == "what's the weather in paris tomorrow"
    assert [(n, a.get("city")) for n, a in _calls(turn)] == [("get_weather", "Paris")]


@pytest.mark.parametrize("first, then", [("what time is it in sydney", "what about you"),
                                         ("how many tablespoons in a cup", "how about a joke")])
def test_words_about_a_person_or_a_request_of_their_own_are_not_completed(rt, first, then):
    rt.assistant.handle_text(first)
    turn = rt.assistant.handle_text(then)
    assert turn.route != "follow_up" and turn.understood_as is None


def test_small_talk_is_not_completed_by_adding_words(rt):
    rt.assistant.handle_text("good night")
    turn = rt.assistant.handle_text("what about tomorrow")
    assert turn.understood_as is None


def test_a_remark_around_one_request_is_left_out(rt):
    """"i'm making pasta, set a timer for 11 minutes" ran chat ("I'm making pasta! How about you?") beside the timer."""
    turn = rt.assistant.handle_text("i'm making pasta, set a timer for 11 minutes")
    assert _calls(turn) == [("set_timer", {"duration_seconds": 660})]
    assert turn.understood_as == "set a timer for 11 minutes" and turn.route == "pre_route"
    assert turn.spoken == "Timer set for 11 minutes."


def test_a_time_alone_continues_the_question_asked(rt):
    """"and the weekend" after the weather asked for the city went to the date ("That's Saturday"): the
    router is sure "the weekend" alone is the time, but a time is no request of its own."""
    rt.assistant.handle_text("how cold is it outside")
    turn = rt.assistant.handle_text("and the weekend")
    assert turn.understood_as == "how cold is it outside the weekend"
    assert [(c.name, c.arguments.get("resolved_datetimes")) for c in turn.tool_calls] == [("get_weather", ["this_weekend"])]


@pytest.mark.parametrize("first, then, tool, argument, value", [
    # said with no "what about": the weather asked for the reminders of Saturday, the other time was declined
    ("what's the weather in paris", "on saturday?", "get_weather", "city", "Paris"),
    ("what's the weather in paris", "tomorrow", "get_weather", "resolved_datetimes", ["tomorrow"]),
    ("what time is it in tokyo", "in new york?", "get_current_time", "location", "New York"),
    ("what's the weather like tomorrow", "in madrid", "get_weather", "city", "Madrid"),
])
def test_a_when_or_a_place_alone_continues_the_question_answered(rt, first, then, tool, argument, value):
    rt.assistant.handle_text(first)
    turn = rt.assistant.handle_text(then)
    assert turn.route == "follow_up" and [c.name for c in turn.tool_calls] == [tool], _calls(turn)
    assert turn.tool_calls[0].arguments[argument] == value


def test_a_when_alone_after_something_made_puts_it_right(rt):
    """"tomorrow" alone after "remind me to call bob at 5 pm" listed the reminders ("When should I remind
    you?"): said alone right after it was set, it puts that reminder right as "make it tomorrow" does (the
    reminder's own correction: moved, not a second one set), and nothing is left ringing today. A command
    whose call only read ("what's on my calendar") made nothing to put right (below)."""
    rt.assistant.handle_text("remind me to call bob at 5 pm")
    turn = rt.assistant.handle_text("tomorrow")
    assert turn.route == "follow_up" and turn.understood_as == "make it tomorrow"
    assert turn.spoken == "OK, I'll remind you to call bob tomorrow at 5 PM instead.", turn.spoken
    [row] = rt.store.reminders.active()
    due = _dt.datetime.fromisoformat(row["due_at"])
    assert (row["text"], due.hour, due.date()) == ("call bob", 17, _dt.date.today() + _dt.timedelta(days=1))


def test_a_day_alone_after_a_reading_reads_that_day(rt):
    """"on wednesday?" after "what's on my calendar tomorrow" asked "What should I remind you about?"."""
    rt.assistant.handle_text("what's on my calendar tomorrow")
    turn = rt.assistant.handle_text("on wednesday?")
    assert turn.route == "follow_up" and [(c.name, c.arguments.get("action")) for c in turn.tool_calls] == \
        [("reminder", "list")]
    # the reply names the day as days are said: on a Tuesday, Wednesday is "tomorrow" (failed on a Tuesday)
    import datetime as _dt
    weekday = _dt.date.today().weekday()
    said = {1: ("Wednesday", "tomorrow"), 2: ("Wednesday", "today")}.get(weekday, ("Wednesday",))
    assert any(w in turn.spoken for w in said), turn.spoken
    assert rt.store.reminders.active() == []


def test_a_place_alone_after_something_no_fast_path_puts_right_is_routed_as_said(rt):
    """After the location set, "in york" is no "make it in york" a fast path claims: no completion of the
    request made a moment ago runs ("set my location to york"), so nothing is made twice."""
    rt.assistant.handle_text("set my location to leeds")
    turn = rt.assistant.handle_text("in york")
    assert turn.route != "follow_up" and turn.understood_as is None


def test_what_a_call_made_is_told_by_its_command():
    from jarvis_tui.commands_registry import discover_commands
    commands = {c.command_name: c for c in discover_commands()}
    assert commands["reminder"].made_something({"action": "set"}, {"reminder_id": 3})
    assert not commands["reminder"].made_something({"action": "list"}, {"reminders": []})
    assert commands["set_timer"].made_something({"duration_seconds": 60}, {"timer_id": 1})
    assert not commands["check_timers"].made_something({}, {"timers": []})       # the SDK's default


def test_a_when_alone_is_no_follow_up_of_nothing(rt):
    turn = rt.assistant.handle_text("in new york?")
    assert turn.route != "follow_up" and not turn.tool_calls


# ---- the turn before the last one ------------------------------------------------------------------------
@pytest.mark.parametrize("fragment, place", [
    ("in york", True), ("in new york", True), ("in st ives", True), ("in the morning", False),
    ("in 10 minutes", False), ("in an hour", False), ("in march", False), ("york", False), ("tomorrow in paris", False),
])
def test_a_place_after_in_and_nothing_else(fragment, place):
    assert says_a_place(fragment) is place


def test_a_fragment_for_the_list_before_a_question_back_goes_on_with_the_list(rt):
    """"and bread" after the shopping list and then the weather ("Which city?") asked the weather for a
    city called Bread."""
    rt.assistant.handle_text("add milk to my shopping list")
    asked = rt.assistant.handle_text("what's the weather like")
    assert asked.wait_for_input
    turn = rt.assistant.handle_text("and bread")
    assert [(c.name, c.arguments.get("action")) for c in turn.tool_calls] == [("shopping_list", "add")]
    assert [i["text"] for i in rt.store.lists.items("shopping")] == ["milk", "bread"]
    assert rt.assistant.awaiting is None                     # the city is no longer waited for


@pytest.mark.parametrize("first, between, then, tool, argument, value", [
    # a thing the earlier request names, added to the last one's words ("what time is it bread")
    ("add milk to my shopping list", "what time is it", "and bread", "shopping_list", "items", ["bread"]),
    ("convert 2 cups of flour to grams", "what time is it", "and sugar", "convert_measurement", "ingredient", "sugar"),
    # a place that only the earlier request takes (the timer had been labelled "york")
    ("what's the weather in leeds", "set a timer for 5 minutes", "what about in york", "get_weather", "city", "York"),
])
def test_a_fragment_for_the_request_before_the_last_one(rt, first, between, then, tool, argument, value):
    rt.assistant.handle_text(first)
    rt.assistant.handle_text(between)
    turn = rt.assistant.handle_text(then)
    assert [c.name for c in turn.tool_calls] == [tool] and turn.tool_calls[0].arguments[argument] == value


def test_a_place_the_last_request_takes_stays_with_it(rt):
    rt.assistant.handle_text("what's the weather in leeds")
    rt.assistant.handle_text("what time is it")
    turn = rt.assistant.handle_text("what about in paris")
    assert _calls(turn) == [("get_current_time", {"location": "Paris"})]


# ---- a day said from the day talked about ----------------------------------------------------------------
import datetime as _dt  # noqa: E402

FRIDAY = _dt.date(2026, 11, 27)


@pytest.mark.parametrize("said, fragment", [
    ("and the day after", "the day after"), ("what about the day after that", "the day after that"),
    ("and the next day", "the next day"), ("how about the day before", "the day before"),
])
def test_a_day_from_the_day_talked_about_is_a_fragment(said, fragment):
    """"that" of "the day after that" is the day talked about, not a thing pointed at (no fragment before)."""
    assert elided_fragment(said) == fragment


@pytest.mark.parametrize("fragment, last, completed", [
    ("the day after", "do i need sunglasses tomorrow", "do i need sunglasses the day after tomorrow"),
    ("the day after", "will it rain on saturday", "will it rain the day after tomorrow"),
    ("the day after", "what's the weather like today", "what's the weather like tomorrow"),
    ("the day after that", "what's the weather the day after tomorrow", "what's the weather on monday"),
    ("the next day", "what's the weather like", "what's the weather like tomorrow"),    # no day said: today's
    ("the day before", "remind me to call mum on sunday at 5", "remind me to call mum tomorrow at 5"),
    ("the day after in london", "what's the weather in paris tomorrow", "what's the weather in london the day after tomorrow"),
    ("the day after", "how many days until christmas", "how many days until december 26"),
])
def test_a_day_from_the_day_talked_about_is_that_day(fragment, last, completed):
    """"and the day after" took the day the last request said (the model then chose tomorrow again), and
    after "what's the weather today" the words replaced "the weather today" ("what is the day after")."""
    assert completed_request(fragment, last, [{"city": "Paris"}], today=FRIDAY).text == completed


def test_the_day_words_read_back_as_that_day():
    from jarvis_tui.sdk.text import day_from_another, find_date, words_for_day
    for days in range(-1, 40):
        day = FRIDAY + _dt.timedelta(days=days)
        assert find_date(words_for_day(day, FRIDAY), FRIDAY).when == day
    assert day_from_another("the day after tomorrow") is None and day_from_another("the day before that") == -1


@pytest.mark.parametrize("fragment, last, completed", [
    ("26.2", "convert 10 miles to km", "convert 26.2 miles to km"),
    ("5", "how many grams in 3 ounces", "how many grams in 5 ounces"),
    ("twenty five", "set a timer for five minutes", "set a timer for twenty five minutes"),
    ("8", "remind me at 7 to call mum", "remind me at 8 to call mum"),
    ("8", "remind me at 7 pm tomorrow", "remind me at 8 pm tomorrow"),
])
def test_a_bare_number_is_the_requests_one_number_again(fragment, last, completed):
    """"and 26.2" after "convert 10 miles to km" became "convert 10 miles to 26.2" (10 miles is 10 miles);
    "and twenty five" after a five minute timer lost its minutes, "and 8" after "at 7" its "at"."""
    assert completed_request(fragment, last, [{"value": 10}]).text == completed
