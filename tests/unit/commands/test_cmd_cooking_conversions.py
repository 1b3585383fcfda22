"""Cooking conversions between volume and weight for a named ingredient (assets/ingredients.json):
"how many grams of butter is half a cup" asked "What to unit should I use?"."""
from __future__ import annotations

import pytest

from command_helpers import ask


@pytest.mark.parametrize("said,spoken", [
    ("how many grams of butter is half a cup", "Half a cup of butter is about 113 grams."),
    ("how many grams is a cup of flour", "1 cup of flour is about 120 grams."),
    ("200 grams of sugar in cups", "200 grams of sugar is about 1 cup."),
    ("how many tablespoons is 30 grams of butter", "30 grams of butter is about 2.1 tablespoons."),
    ("a stick of butter in grams", "1 stick of butter is about 113 grams."),
    ("how much does a cup of rice weigh", "1 cup of rice is about 185 grams."),
    ("what's 3/4 cup of brown sugar in grams", "Three quarters of a cup of brown sugar is about 160 grams."),
    ("convert one and a half cups of oats to grams", "1.5 cups of oats is about 134 grams."),
    ("how many ounces does a cup of sugar weigh", "1 cup of sugar is about 7.1 ounces."),
    ("what is 250 ml of honey in grams", "250 milliliters of honey is about 359 grams."),
])
def test_a_volume_of_an_ingredient_is_weighed_through_the_table(rt, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == spoken


@pytest.mark.parametrize("said,spoken", [
    ("convert 2 cups of milk to ml", "2 cups of milk is about 473.18 milliliters."),   # a liquid: volume to volume
    ("how many grams in an ounce", "1 ounce is about 28.35 grams."),
    ("how many teaspoons in half a tablespoon", "Half a tablespoon is 1.5 teaspoons."),
])
def test_conversions_within_one_kind_work_as_before(rt, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.spoken == spoken


@pytest.mark.parametrize("said,spoken", [
    ("how many grams is a cup of saffron", "I don't know how much a cup of saffron weighs."),
    ("convert 50 grams of truffle to tablespoons", "I don't know how much a tablespoon of truffle weighs."),
])
def test_an_ingredient_not_in_the_table_is_named_in_one_sentence(rt, said, spoken):
    turn, _ = ask(rt, said)
    assert turn.spoken == spoken


@pytest.mark.parametrize("said", ["how many calories are in a cup of rice",
                                  "how many grams of protein in a cup of milk",
                                  "how many grams of fat in 2 tablespoons of butter"])
def test_nutrition_questions_are_not_claimed_as_conversions(rt, said):
    convert = rt.registry.get("convert_measurement")
    assert convert.pre_route(said) is None


def test_the_model_left_out_the_unit_the_user_said_and_the_amount(rt):
    """The reported turn: the model wrote from_unit cup, category mass, value 1 and no to_unit."""
    convert = rt.registry.get("convert_measurement")
    out = convert.post_process_tool_call({"from_unit": "cup", "category": "mass", "value": 1},
                                         "so how many grams of butter is half a cup")
    assert (out["from_unit"], out["to_unit"], out["value"], out["ingredient"]) == ("cup", "gram", 0.5, "butter")
    out = convert.post_process_tool_call({"from_unit": "cup", "value": 1}, "tell me what half a cup of rice weighs")
    assert (out["to_unit"], out["value"], out["ingredient"]) == ("gram", 0.5, "rice")


def test_a_missing_unit_is_asked_in_good_english_and_the_answer_converts(rt):
    convert = rt.registry.get("convert_measurement")
    from jarvis_tui.sdk import RequestInformation
    r = convert.execute(RequestInformation("convert half a cup of butter"),
                        **convert.post_process_tool_call({"from_unit": "cup"}, "convert half a cup of butter"))
    assert r.message == "What should I convert half a cup of butter to?" and r.wait_for_input
    rt.assistant.awaiting = ("convert_measurement", r.awaits)    # as the assistant keeps an asked question
    turn, _ = ask(rt, "grams")
    assert turn.spoken == "Half a cup of butter is about 113 grams."


def test_a_weight_without_an_ingredient_asks_what_it_is_and_the_answer_converts(rt):
    convert = rt.registry.get("convert_measurement")
    from jarvis_tui.sdk import RequestInformation
    r = convert.execute(RequestInformation("how much does a cup weigh"),
                        **convert.post_process_tool_call({"from_unit": "cup"}, "how much does a cup weigh"))
    assert r.message == "1 cup of what? I need the ingredient to turn cups into grams." and r.wait_for_input
    rt.assistant.awaiting = ("convert_measurement", r.awaits)
    turn, _ = ask(rt, "flour")
    assert turn.spoken == "1 cup of flour is about 120 grams."


@pytest.mark.parametrize("model_args,said,expected", [
    # what the 0.5B wrote: the direction backwards and the amount lost
    ({"to_unit": "cups", "category": "mass", "ingredient": "butter", "from_unit": "gram", "value": 1},
     "hey so how many grams would half a cup of butter be", ("cup", "gram", 0.5, "butter")),
    ({"from_unit": "grams", "to_unit": "cups", "ingredient": "flour, how many cups", "value": 250},
     "I need 250 grams of flour, how many cups is that", ("grams", "cups", 250, "flour")),
    ({"from_unit": "ounce", "to_unit": "tablespoons", "value": 1},
     "if I have three quarters of a cup of honey how many ounces is it", ("cup", "ounce", 0.75, "honey")),
])
def test_the_units_direction_amount_and_ingredient_come_from_the_users_words(rt, model_args, said, expected):
    convert = rt.registry.get("convert_measurement")
    out = convert.post_process_tool_call(dict(model_args), said)
    assert (out["from_unit"], out["to_unit"], out["value"], out["ingredient"]) == expected


@pytest.mark.parametrize("said,spoken", [
    ("how many miles is a 10k", "10 kilometers is about 6.21 miles."),
    ("convert a 5k to miles", "5 kilometers is about 3.11 miles."),
    ("what's a marathon in miles", "42.195 kilometers is about 26.22 miles."),
    ("how far is a half marathon in miles", "21.0975 kilometers is about 13.11 miles."),
])
def test_a_race_said_by_its_distance_is_that_many_kilometres(rt, said, spoken):
    """"how many miles is a 10k" (holdout 30) asked "What should I convert from?"."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and r.success
    assert turn.spoken == spoken


@pytest.mark.parametrize("said", ["how far is london in miles", "how long is the pasta timer in minutes",
                                  "what's 10k in dollars"])
def test_other_distances_and_lengths_are_no_race(rt, said):
    turn, _ = ask(rt, said)
    assert not any(c.name == "convert_measurement" for c in turn.tool_calls)


@pytest.mark.parametrize("first, then, spoken", [
    ("how many pounds in 10 kilos", "what's that in stone", "22.05 pounds is about 1.58 stone."),
    ("how many cups in a litre", "and how many tablespoons is that", "4.23 cups is 67.68 tablespoons."),
    ("how many grams is a cup of flour", "what's that in ounces", "120 grams is about 4.23 ounces."),
])
def test_that_is_the_answer_just_said_in_another_unit(rt, first, then, spoken):
    """"what's that in stone" right after "how many pounds in 10 kilos" was asked "What should I convert
    1 stone to?": the answer just said (as said), converted again."""
    ask(rt, first)
    turn, r = ask(rt, then)
    assert turn.route == "pre_route" and r.success and turn.spoken == spoken


def test_that_is_no_conversion_after_another_request(rt):
    convert = rt.registry.get("convert_measurement")
    assert convert.pre_route("what's that in stone") is None                   # nothing converted
    ask(rt, "how many pounds in 10 kilos")
    assert convert.pre_route("what's that in stone") is not None
    assert convert.pre_route("what's that in cheese") is None                  # no unit
    ask(rt, "what time is it")
    assert convert.pre_route("what's that in stone") is None                   # "that" is the time's now
