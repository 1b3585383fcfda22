"""calculate: arithmetic said in everyday words. "what's a 20 percent tip on 84 dollars", "and 15
percent", then "split that between 4 people" asked "What num1 should I use?": sharing an amount
between people, a tip or tax on it, rounding it, and the same said of the last result."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.assistant.intent_router import IntentRouter
from jarvis_tui.commands_registry import discover_commands
from jarvis_tui.sdk import RequestInformation


def _claimed(turn) -> list[tuple[str, dict]]:
    return [(c.name, dict(c.arguments)) for c in turn.tool_calls]


@pytest.mark.parametrize("text,args,spoken", [
    # an amount shared between people
    ("split 84 dollars between 4 people", (84, 4, "divide"), "Split 4 ways, 84 is 21 each."),
    ("split the bill of 120 euros four ways", (120, 4, "divide"), "Split 4 ways, 120 is 30 each."),
    ("divide 90 bucks among 6 friends", (90, 6, "divide"), "Split 6 ways, 90 is 15 each."),
    ("what's 60 dollars split 3 ways", (60, 3, "divide"), "Split 3 ways, 60 is 20 each."),
    ("split two hundred forty between six of us", (240, 6, "divide"), "Split 6 ways, 240 is 40 each."),
    ("how much per person is 180 for 4 people", (180, 4, "divide"), "Split 4 ways, 180 is 45 each."),
    ("75 dollars between 3 people, how much each", (75, 3, "divide"), "Split 3 ways, 75 is 25 each."),
    ("split $84.50 4 ways", (84.5, 4, "divide"), "Split 4 ways, 84.50 is about 21.13 each."),
    ("how much does each of us pay if we split 96 euros between 3", (96, 3, "divide"), "Split 3 ways, 96 is 32 each."),
    ("divide the 250 dollar bill between five people", (250, 5, "divide"), "Split 5 ways, 250 is 50 each."),
    ("split 132 dollars five ways", (132, 5, "divide"), "Split 5 ways, 132 is 26.40 each."),
    ("how much each if 90 is shared by 4 people", (90, 4, "divide"), "Split 4 ways, 90 is 22.50 each."),
    ("split 100 dollars 3 ways", (100, 3, "divide"), "Split 3 ways, 100 is about 33.33 each."),
    # a tip or tax on an amount, or the amount with it
    ("what's a 15 percent tip on 60", (0.15, 60, "multiply"), "A 15 percent tip on 60 is 9; 69 with the tip."),
    ("how much is an 18 percent tip on eighty five bucks", (0.18, 85, "multiply"),
     "An 18 percent tip on 85 is 15.30; 100.30 with the tip."),
    ("calculate a twenty percent tip for 52.40", (0.2, 52.4, "multiply"), "A 20 percent tip on 52.40 is 10.48; 62.88 with the tip."),
    ("what would a 25 percent tip be on 48 dollars", (0.25, 48, "multiply"), "A 25 percent tip on 48 is 12; 60 with the tip."),
    ("tip 20 percent on 64 dollars", (0.2, 64, "multiply"), "A 20 percent tip on 64 is 12.80; 76.80 with the tip."),
    ("what is the tax on 300 at 6 percent", (0.06, 300, "multiply"), "6 percent tax on 300 is 18; 318 with the tax."),
    ("what's 60 with a 15 percent tip", (60, 1.15, "multiply"), "60 with a 15 percent tip is 69; the tip is 9."),
    ("what's the total with a 20 percent tip on 84", (84, 1.2, "multiply"),
     "84 with a 20 percent tip is 100.80; the tip is 16.80."),
    ("84 dollars plus 8 percent tax", (84, 1.08, "multiply"), "84 with 8 percent tax is 90.72; the tax is 6.72."),
    ("what is 50 euros with 20% vat", (50, 1.2, "multiply"), "50 with 20 percent VAT is 60; the VAT is 10."),
    ("what is 120 bucks plus a 10 percent tip", (120, 1.1, "multiply"), "120 with a 10 percent tip is 132; the tip is 12."),
    ("give me 70 with 7 percent sales tax", (70, 1.07, "multiply"), "70 with 7 percent sales tax is 74.90; the sales tax is 4.90."),
    # rounding, to what was asked
    ("round 3.14159 to two decimal places", (3.14159, 0.01, "round"), "3.14159 rounded to 2 decimal places is 3.14."),
    ("round 1234 to the nearest hundred", (1234, 100, "round"), "1,234 rounded to the nearest hundred is 1,200."),
    ("what's 47 rounded to the nearest ten", (47, 10, "round"), "47 rounded to the nearest 10 is 50."),
    ("round up 3.2", (3.2, 1, "round_up"), "3.2 rounded up is 4."),
    ("round 16.8 down", (16.8, 1, "round_down"), "16.8 rounded down is 16."),
    ("round 2.675 to the nearest tenth", (2.675, 0.1, "round"), "2.675 rounded to the nearest tenth is 2.7."),
    ("what's nine point five rounded", (9.5, 1, "round"), "9.5 rounded is 10."),
    ("what is 33.333 rounded to 1 decimal place", (33.333, 0.1, "round"), "33.333 rounded to 1 decimal place is 33.3."),
    ("round 19.994 to the nearest cent", (19.994, 0.01, "round"), "19.994 rounded to the nearest cent is 19.99."),
    ("what's 1234.5678 to two decimal places", (1234.5678, 0.01, "round"), "1,234.5678 rounded to 2 decimal places is 1,234.57."),
    ("what is 47 to the nearest ten", (47, 10, "round"), "47 rounded to the nearest 10 is 50."),
])
def test_everyday_arithmetic_is_worked_out_and_said_as_people_say_it(rt, text, args, spoken):
    turn, r = ask(rt, text)
    num1, num2, operation = args
    assert turn.route == "pre_route"
    assert _claimed(turn) == [("calculate", {"num1": num1, "num2": num2, "operation": operation})]
    assert r.success and turn.spoken == spoken


def test_the_reported_conversation(rt):
    assert ask(rt, "what's a 20 percent tip on 84 dollars")[0].spoken == "A 20 percent tip on 84 is 16.80; 100.80 with the tip."
    assert ask(rt, "and 15 percent")[0].spoken == "A 15 percent tip on 84 is 12.60; 96.60 with the tip."
    turn, _ = ask(rt, "split that between 4 people")
    assert _claimed(turn) == [("calculate", {"num1": 12.6, "num2": 4, "operation": "divide"})]
    assert turn.spoken == "Split 4 ways, 12.60 is 3.15 each."


@pytest.mark.parametrize("first,text,spoken", [
    ("what's 84 plus 12.5", "split that between 4 people", "Split 4 ways, 96.50 is about 24.13 each."),
    ("what's 84 plus 12.5", "split it three ways", "Split 3 ways, 96.50 is about 32.17 each."),
    ("what's 84 plus 12.5", "divide it between three of us", "Split 3 ways, 96.50 is about 32.17 each."),
    ("what's 84 plus 12.5", "split that evenly between 6", "Split 6 ways, 96.50 is about 16.08 each."),
    ("what's 84 plus 12.5", "split 4 ways", "Split 4 ways, 96.50 is about 24.13 each."),
    ("what's 84 plus 12.5", "round it", "96.5 rounded is 97."),
    ("what's 84 plus 12.5", "and round it down to the nearest five", "96.5 rounded down to the nearest 5 is 95."),
    ("what's 84 plus 12.5", "round the total to the nearest ten", "96.5 rounded to the nearest 10 is 100."),
    ("what's 84 plus 12.5", "rounded up", "96.5 rounded up is 97."),
    ("what's 84 plus 12.5", "what's that with a 20 percent tip", "96.50 with a 20 percent tip is 115.80; the tip is 19.30."),
    ("what's 84 plus 12.5", "and with a 15 percent tip", "96.50 with a 15 percent tip is about 110.98; the tip is 14.48."),
    ("what's 84 plus 12.5", "plus 8 percent tax", "96.50 with 8 percent tax is 104.22; the tax is 7.72."),
    ("what's 84 plus 12.5", "add a 20 percent tip to it", "96.50 with a 20 percent tip is 115.80; the tip is 19.30."),
    ("what's 84 plus 12.5", "what's a 10 percent tip on that", "A 10 percent tip on 96.50 is 9.65; 106.15 with the tip."),
    # a result that is money is still said as money
    ("what's a 15 percent tip on 84", "round it up", "12.60 rounded up is 13."),
    ("what's a 15 percent tip on 84", "round to the nearest dollar", "12.60 rounded to the nearest dollar is 13."),
    ("split 100 dollars 3 ways", "round it to 1 decimal place", "33.33 rounded to 1 decimal place is 33.3."),
])
def test_everyday_words_work_on_the_last_result(rt, first, text, spoken):
    ask(rt, first)
    turn, r = ask(rt, text)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["calculate"]
    assert r.success and turn.spoken == spoken


def test_how_much_each_is_shared_the_ways_said_before(rt):
    calc = rt.registry.get("calculate")
    ask(rt, "what's 96 with a 20 percent tip")
    assert calc.pre_route("how much is that each") is None          # between how many: nobody said
    ask(rt, "split 84 dollars between 4 people")
    ask(rt, "what's 96 with a 20 percent tip")
    turn, _ = ask(rt, "how much is that each")
    assert _claimed(turn) == [("calculate", {"num1": 115.2, "num2": 4, "operation": "divide"})]
    assert turn.spoken == "Split 4 ways, 115.20 is 28.80 each."
    assert ask(rt, "and with a 10 percent tip")[0].spoken == "28.80 with a 10 percent tip is 31.68; the tip is 2.88."
    assert ask(rt, "how much each")[0].spoken == "Split 4 ways, 31.68 is 7.92 each."


def test_that_means_the_last_result_only_for_a_while(rt, clock):
    calc = rt.registry.get("calculate")
    follow_ups = ["split that between 4 people", "round it up", "split 4 ways", "and with a 15 percent tip",
                  "round to the nearest ten"]
    assert [t for t in follow_ups if calc.pre_route(t) is not None] == []
    ask(rt, "what's 84 plus 12.5")
    assert [t for t in follow_ups if calc.pre_route(t) is None] == []
    clock.advance(minutes=10)
    assert [t for t in follow_ups if calc.pre_route(t) is not None] == []


LOOK_ALIKES = ["split the timer", "round trip to paris", "add 20 percent to the volume", "what's the tip of the iceberg",
               "20 dollars in euros", "how much is 50 euros in dollars", "split 10 minutes between 2 timers",
               "give me a tip for 20 minute meals", "a round of applause for the 3 winners", "split my shopping list in two",
               "share this photo with 3 friends", "round up the 4 kids at 5 pm", "what's the tax deadline in 2025",
               "set a 15 minute timer for each of us", "turn the volume down by 10 percent", "split it with 3 friends",
               "how much is 10 euros to the dollar"]


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_the_everyday_fast_path_claims_no_look_alike(rt, text):
    calc = rt.registry.get("calculate")
    assert calc.pre_route(text) is None
    ask(rt, "what's 84 plus 12.5")                  # nor said after a result
    assert calc.pre_route(text) is None


def test_a_follow_up_no_fast_path_reads_is_worked_on_the_result_once(rt, caplog):
    """"round 88.8 to the closest whole number" after a result stood for "round 12.6 88.8 to ...", then
    for "round 12.6 12.6 88.8 ...", until Python's recursion limit stopped it."""
    calc = rt.registry.get("calculate")
    ask(rt, "what's a 15 percent tip on 84")
    for text in ("can you round 88.8 to the closest whole number", "split 84 with my 3 friends", "round trip to paris"):
        assert calc.pre_route(text) is None
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == []


def test_rounding_is_an_operation_of_its_own(rt):
    calc = rt.registry.get("calculate")
    [operation] = [p for p in calc.parameters if p.name == "operation"]
    assert operation.enum_values == ["add", "subtract", "multiply", "divide", "power", "round", "round_up", "round_down",
                                     "factorial", "absolute", "remainder", "average", "max", "min", "what_percent",
                                     "percent_change", "roman"]
    for op in operation.enum_values:
        assert calc.validate_call(num1=7, num2=2, operation=op) == []

    def said(num1, num2, op):
        return calc.execute(RequestInformation(""), num1=num1, num2=num2, operation=op).message

    assert said(2.5, 1, "round") == "2.5 rounded is 3."                  # a half goes up, not to the even
    assert said(-3.2, 1, "round_down") == "-3.2 rounded down is -4."
    assert said(1234.5, 50, "round_up") == "1,234.5 rounded up to the nearest 50 is 1,250."
    assert said(3.14159, 0.001, "round") == "3.14159 rounded to 3 decimal places is 3.142."
    assert said(7, 2, "add") == "7 plus 2 is 9."                          # the operations there were still are
    # a step of nothing or less rounds to a whole number
    assert calc.validate_call(num1=3.7, num2=0, operation="round")[0].suggested_value == 1
    assert said(3.7, 0, "round") == "3.7 rounded is 4."
    assert said(1e20, 1e-10, "round") == "I can't round 100,000,000,000,000,000,000 to the nearest 1.00 times ten to the -10."


@pytest.mark.parametrize("args,said,expected", [
    # the model multiplied, or left a number out: the words say what to work out
    ({"num1": 84, "num2": 4, "operation": "multiply"}, "can you split 84 between 4 people",
     {"num1": 84, "num2": 4, "operation": "divide"}),
    ({"num1": 140, "operation": "divide"}, "we had dinner for 140 and we're 4, what's each share",
     {"num1": 140, "num2": 4, "operation": "divide"}),
    ({"num1": 60, "num2": 3, "operation": "multiply"}, "split a 60 dollar pizza between 3 of us",
     {"num1": 60, "num2": 3, "operation": "divide"}),
    ({"num1": 55, "num2": 1.18, "operation": "multiply"}, "what's a fair tip on a 55 dollar meal at 18 percent",
     {"num1": 0.18, "num2": 55, "operation": "multiply"}),
    ({"num1": 88.8, "operation": "round"}, "can you round 88.8 to the closest whole number",
     {"num1": 88.8, "num2": 1, "operation": "round"}),
    ({"num1": 1234.5678, "num2": 2, "operation": "round"}, "i want 1234.5678 rounded off to two decimal places",
     {"num1": 1234.5678, "num2": 0.01, "operation": "round"}),
    # the model's own call stands where it works out the same (a product in either order)
    ({"num1": 55, "num2": 0.18, "operation": "multiply"}, "what's a fair tip on a 55 dollar meal at 18 percent",
     {"num1": 55, "num2": 0.18, "operation": "multiply"}),
    # a rounding the words do not ask for is no rounding: the operation is asked for
    ({"num1": 7, "num2": 2, "operation": "round"}, "what's 7 divided by 2 roughly", {"num1": 7, "num2": 2}),
])
def test_the_models_call_is_worked_out_from_the_everyday_words(rt, args, said, expected):
    calc = rt.registry.get("calculate")
    assert calc.post_process_tool_call(dict(args), said) == expected


@pytest.fixture(scope="module")
def router() -> IntentRouter:
    return IntentRouter(list(discover_commands()))


@pytest.mark.parametrize("text", [
    "split a 60 dollar pizza between 3 of us", "we had dinner for 140 and we're 4, what's each share",
    "what's a fair tip on a 55 dollar meal at 18 percent", "can you round 88.8 to the closest whole number",
    "what's 1234.5678 to two decimal places", "how much do we each owe for a 75 euro taxi split five ways",
])
def test_the_router_sends_everyday_arithmetic_to_the_calculator(router, text):
    assert router.rank(text)[0][0] == "calculate"


@pytest.mark.parametrize("said, spoken", [
    ("what's 100 divided by 7 to two decimal places", "100 divided by 7 is 14.29, to 2 decimal places."),
    ("what is 22 divided by 7 rounded to 3 decimal places", "22 divided by 7 is 3.143, to 3 decimal places."),
    ("what's 1234 times 1.15 to the nearest ten", "1,234 times 1.15 is 1,420, to the nearest 10."),
    ("what's 10 divided by 3 to the nearest whole number", "10 divided by 3 is 3, to the nearest whole number."),
])
def test_a_rounding_said_after_a_sum_rounds_its_result(rt, said, spoken):
    """"what's 100 divided by 7 to two decimal places" asked "And the other number?" (the model read the
    rounding as the sum); the sum is read without it and its result rounded."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == spoken


def test_the_models_call_for_it_is_rounded_too(rt):
    command = rt.registry.get("calculate")
    said = "what's 100 divided by 7 to two decimal places"
    assert command.post_process_tool_call({"num1": 100, "num2": 7, "operation": "divide"}, said) == \
        {"num1": 100, "num2": 7, "operation": "divide", "round_to": "0.01"}
    assert "round_to" not in command.post_process_tool_call({"num1": 100, "num2": 7, "operation": "divide",
                                                             "round_to": "0.01"}, "what's 100 divided by 7")


def test_a_rounding_alone_is_still_the_rounding(rt):
    assert ask(rt, "round 3.14159 to two decimal places")[0].spoken == "3.14159 rounded to 2 decimal places is 3.14."
    assert ask(rt, "what's 1234.5678 to two decimal places")[0].spoken == "1,234.5678 rounded to 2 decimal places is 1,234.57."
