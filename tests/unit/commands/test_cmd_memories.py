"""Memories (remember / recall / forget) through the real pipeline: real SQLite, real fast paths and
router, the secret question, persistence across a restart, and the memory block of the system prompt."""
from __future__ import annotations

import pytest

from command_helpers import ask
from jarvis_tui.sdk import RequestInformation


def test_remember_recall_forget(rt):
    turn, r = ask(rt, "remember that I parked on level 3")
    assert r.success and turn.spoken == "Got it: you parked on level 3."
    turn, r = ask(rt, "remember my favourite tea is earl grey")
    assert turn.spoken == "Got it: your favourite tea is earl grey."
    turn, r = ask(rt, "what's my favourite tea?")
    assert turn.route == "pre_route" and turn.spoken == "Your favourite tea is earl grey."
    turn, r = ask(rt, "what do you remember about me")
    assert turn.spoken == "I remember 2 things: you parked on level 3 and your favourite tea is earl grey."
    turn, r = ask(rt, "remember my favourite tea is rooibos")            # the same topic is updated
    assert turn.spoken.startswith("Updated") and len(rt.store.memories.all()) == 2
    turn, r = ask(rt, "forget my favourite tea")
    assert turn.spoken == "OK, I've forgotten your favourite tea."
    assert [m["text"] for m in rt.store.memories.all()] == ["i parked on level 3"]


def test_recall_answers_only_from_what_was_stored(rt):
    turn, r = ask(rt, "what do you remember about me")
    assert turn.spoken == "You haven't asked me to remember anything yet."
    ask(rt, "remember that my doctor is doctor lee")
    r = rt.registry.get("recall").execute(__import__("jarvis_tui.sdk", fromlist=["x"]).RequestInformation("x"),
                                          topic="passport number")
    assert r.context_data["message"] == "I don't have anything saved about passport number."
    # a question that is not about a memory is not claimed by recall's fast path
    assert rt.registry.get("recall").pre_route("what's my schedule today") is None
    assert rt.registry.get("forget").pre_route("delete my shopping list") is None
    assert rt.registry.get("recall").pre_route("what's my doctor called") is not None


def test_a_secret_is_kept_only_after_yes_and_masked_in_the_prompt(rt):
    turn, r = ask(rt, "remember that my locker code is 4512")
    assert r.wait_for_input and "looks like a secret" in turn.spoken and rt.store.memories.all() == []
    assert "4512" not in turn.spoken
    turn = rt.assistant.handle_text("no")
    assert rt.store.memories.all() == []
    ask(rt, "remember that my locker code is 4512")
    turn = rt.assistant.handle_text("yes")
    assert turn.spoken == "Got it: I'll keep your locker code safe."
    stored = rt.store.memories.all()
    assert len(stored) == 1 and stored[0]["secret"] == 1 and stored[0]["value"] == "4512"
    assert rt.store.memories.secret_values() == ["4512"]
    assert rt.store.memories.for_prompt() == ("locker code: (secret, not shown)",)
    turn, r = ask(rt, "what's my locker code")          # the user asked: it is said
    assert turn.spoken == "Your locker code is 4512."


def test_memories_survive_a_restart(make_runtime):
    rt = make_runtime()
    ask(rt, "remember that my neighbour is called tom")
    rt.close()
    again = make_runtime()
    turn, r = ask(again, "what's my neighbour called")
    assert turn.spoken == "Your neighbour is called tom."


def test_the_prompt_block_is_last_and_within_budget(rt):
    from providers.shared import core_rules
    for i in range(40):
        rt.store.memories.add(f"thing {i}", f"my thing {i} is a rather long value number {i}", f"value {i}")
    lines = rt.store.memories.for_prompt(budget_chars=300)
    assert 0 < len(lines) < 40 and sum(len(x) + 1 for x in lines) <= 300
    assert lines[-1] == "my thing 39 is a rather long value number 39"          # the newest are kept
    block = core_rules.memory_block({"user_memories": list(lines)})
    assert block.splitlines()[1] == f"- {lines[0]}"
    factory = rt.provider_factory
    cmds = list(rt.registry)
    shown = 0
    for name in factory.get_available_providers():
        provider = factory.get(name)
        prompt = provider.build_system_prompt({"user_memories": list(lines)}, None, [], cmds)
        if lines[-1] in prompt:                                          # providers that show memories
            shown += 1
            assert prompt.rstrip().endswith(lines[-1]), name            # ... show them last
            plain = provider.build_system_prompt({}, None, [], cmds)
            assert prompt.startswith(plain.rstrip()), name              # the prefix before them is unchanged
    assert shown >= 2


def test_the_llm_cannot_make_up_a_fact_to_remember(rt):
    cmd = rt.registry.get("remember")
    assert cmd.post_process_tool_call({"fact": "my locker code is 4512"}, "remember this for me") == {}
    assert cmd.post_process_tool_call({"fact": "my shoe size is 43"}, "remember my shoe size is 43") == \
        {"fact": "my shoe size is 43"}


def test_a_fact_told_plainly_is_remembered_and_answered(rt, clock):
    """"my birthday is march 3rd" set a reminder "my birthday is" at 3 PM; "my wife's name is anna"
    looked the name up. Told without "remember", a fact of the user's is kept as one said with it."""
    turn, r = ask(rt, "my wife's name is anna")
    assert turn.route == "pre_route" and turn.spoken == "Got it: your wife's name is anna."
    turn, r = ask(rt, "what's my wife's name")
    assert turn.spoken == "Your wife's name is anna."
    turn, r = ask(rt, "my birthday is march 3rd")
    assert turn.tool_calls[0].name == "remember" and rt.store.reminders.active() == []
    assert [m["text"] for m in rt.store.memories.all()] == ["my wife's name is anna", "my birthday is march 3rd"]


@pytest.mark.parametrize("said, asked, answer", [
    ("my car is parked on elm street", "where's my car", "Your car is parked on elm street."),
    ("our passports are kept in the safe", "where are our passports", "Your passports are kept in the safe."),
])
def test_where_a_thing_was_put_is_remembered(rt, said, asked, answer):
    """"my car is parked on elm street" was declined: told with the verb of putting it, it is kept."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "remember" and r.success
    turn, _ = ask(rt, asked)
    assert turn.spoken == answer


@pytest.mark.parametrize("said", ["my mum is in hospital", "my car is parked badly", "the car park is full"])
def test_where_someone_is_or_how_a_thing_stands_is_no_memory(rt, said):
    assert rt.registry.get("remember").pre_route(said) is None


@pytest.mark.parametrize("said, fact", [
    ("my bike is in the shed, remember that", "my bike is in the shed"),
    ("the spare key is under the mat. note that down please", "the spare key is under the mat"),
    ("i parked on level 3, remember it", "i parked on level 3"),
])
def test_a_fact_told_then_asked_to_be_kept_is_one_memory(rt, said, fact):
    """"..., remember that" was split off and kept as a memory of its own ("Got it: remember that.")."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["remember"] and r.success
    assert [m["text"] for m in rt.store.memories.all()] == [fact]


@pytest.mark.parametrize("said, asked, answer", [
    ("my neighbour's called gary", "who's my neighbour", "Your neighbour's called gary."),
    ("our cat is named biscuit", "what's our cat called", "Your cat is named biscuit."),
])
def test_a_name_told_of_anyone_is_remembered(rt, said, asked, answer):
    """"my neighbour's called gary" looked up a memory about gary: the names it kept were of a fixed list
    of things (a wife's name, a doctor); a name told with "called" or "named" is one, whoever it is."""
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and [c.name for c in turn.tool_calls] == ["remember"]
    turn, _ = ask(rt, asked)
    assert turn.spoken == answer


def test_what_is_happening_to_a_thing_is_not_told_as_a_fact(rt):
    for said in ("my birthday is coming up", "my day was terrible", "my phone is dead", "my car is broken",
                 "what's my wife's name", "my flight is at 6", "my son is called up for jury duty", "my boss was called away",
                 "my boss was in a grumpy mood", "my team was awful today", "my doctor was running late"):
        assert rt.registry.get("remember").pre_route(said) is None, said


@pytest.mark.parametrize("said", ["my maiden name was smith", "my old address was 5 elm street",
                                  "my grandmother's name was rose", "my first school was st mary's"])
def test_a_fact_said_in_the_past_is_told_of_what_once_was_or_of_a_name(rt, said):
    """Said in the past, "my boss was in a grumpy mood" tells how a day went (it was kept as a memory);
    what was once so ("my old address was ...") and a name still are facts."""
    claimed = rt.registry.get("remember").pre_route(said)
    assert claimed is not None and claimed.arguments == {"fact": said}


@pytest.mark.parametrize("said", ["actually it was level 4", "no, level 4", "sorry, it's level 4", "i meant level 4"])
def test_a_number_corrected_right_after_the_fact_changes_that_fact(rt, said):
    """"remember that i parked on level 3", "actually it was level 4": the model answered "Yes, you
    parked on level 4." and kept level 3."""
    ask(rt, "remember that i parked on level 3")
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Updated: you parked on level 4."
    assert [m["text"] for m in rt.store.memories.all()] == ["i parked on level 4"]
    turn, _ = ask(rt, "cancel that")
    assert [m["text"] for m in rt.store.memories.all()] == ["i parked on level 3"]


@pytest.mark.parametrize("first", [None, "what's my favourite colour"])
@pytest.mark.parametrize("said", ["actually it's green", "no, green", "sorry, i meant green"])
def test_a_value_corrected_right_after_the_fact_changes_that_fact(rt, first, said):
    """"my favourite colour is blue", "what's my favourite colour", "actually it's green": small talk said "Your
    favourite colour is green." and kept blue."""
    ask(rt, "my favourite colour is blue")
    if first:
        ask(rt, first)
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == "Updated: your favourite colour is green."
    assert [m["text"] for m in rt.store.memories.all()] == ["my favourite colour is green"]
    turn, _ = ask(rt, "what's my favourite colour")
    assert turn.spoken == "Your favourite colour is green."


def test_a_correction_is_read_only_right_after_a_fact_and_only_as_a_number(rt, clock):
    ask(rt, "remember that i parked on level 3")
    remember = rt.registry.get("remember")
    assert remember.pre_route("actually it was the blue one") is None
    ask(rt, "set a timer for 5 minutes")
    assert remember.pre_route("actually it was level 4") is None          # the last turn was a timer's


def test_a_question_in_other_words_finds_the_fact_it_means(rt):
    """Recall went by the model's topic alone: "what floor did i park on" (topic "floor") found nothing."""
    from jarvis_tui.sdk import RequestInformation
    for fact in ("remember that i parked on level 3", "remember i'm allergic to peanuts",
                 "remember that my sister's birthday is june 3"):
        ask(rt, fact)
    recall = rt.registry.get("recall")

    def said(question: str, topic: str) -> str:
        return recall.execute(RequestInformation(question), topic=topic).context_data["message"]

    assert said("what floor did i park on", "floor") == "You parked on level 3."
    assert said("can i eat nuts", "nuts") == "You're allergic to peanuts."
    assert said("what's my horoscope", "horoscope") == "I don't have anything saved about your horoscope."


@pytest.mark.parametrize("said", ["delete that memory", "forget that", "erase it", "forget that one"])
def test_forgetting_the_memory_just_talked_about_asks_then_forgets_it(rt, said):
    """"delete that memory" after a memory was said back asked "What topic should I use?"; "forget that"
    after a question about it found nothing. It points at the memory just told or said back, and asks
    first."""
    ask(rt, "remember my sister's birthday is june 3rd")
    ask(rt, "remember that i parked on level 3")
    turn, _ = ask(rt, "what's my sister's birthday")
    assert turn.spoken == "Your sister's birthday is june 3rd."
    forget = rt.registry.get("forget")
    args = forget.post_process_tool_call({}, said)
    asked = forget.execute(RequestInformation(said), **args)
    assert asked.context_data["message"] == "Forget that your sister's birthday is june 3rd?"
    assert [b.button_action for b in asked.actions] == ["forget_memory", "cancel_click"]
    done = forget.handle_action("forget_memory", asked.context_data)
    assert done.context_data["message"] == "OK, I've forgotten that your sister's birthday is june 3rd."
    assert [m["text"] for m in rt.store.memories.all()] == ["i parked on level 3"]


def test_a_memory_pointed_at_with_none_talked_about_is_asked_for(rt, clock):
    ask(rt, "remember that i parked on level 3")
    clock.advance(seconds=600)
    forget = rt.registry.get("forget")
    r = forget.execute(RequestInformation("delete that memory"), **forget.post_process_tool_call({}, "delete that memory"))
    assert r.context_data["message"] == "Which memory? Say what it's about, like: forget my locker code."
    assert len(rt.store.memories.all()) == 1


@pytest.mark.parametrize("said", ["forget it", "forget about it"])
def test_forget_it_alone_points_at_no_memory(rt, said):
    assert rt.registry.get("forget").post_process_tool_call({}, said).get("topic") != "that"


@pytest.mark.parametrize("said,spoken", [("what car do i drive", "Your car is a blue golf."),
                                         ("where do i work", "You work at the hospital."),
                                         ("what level did i park on", "You parked on level 3.")])
def test_a_question_about_the_user_in_other_words_is_answered_from_the_memory(rt, said, spoken):
    """"what car do i drive" after "remember that my car is a blue golf" was declined: only "what's my
    ..." questions were read against the memories."""
    for fact in ("remember that my car is a blue golf", "remember i work at the hospital",
                 "remember that i parked on level 3"):
        ask(rt, fact)
    turn, _ = ask(rt, said)
    assert turn.route == "pre_route" and turn.spoken == spoken


@pytest.mark.parametrize("said", ["what reminders do i have", "what do i have on tomorrow",
                                  "how many days do i have until christmas", "what time do i need to leave",
                                  "which day do i see the doctor", "what work do i have today",
                                  "when did i last go to the gym"])
def test_a_question_about_the_user_that_no_memory_is_about_is_not_claimed(rt, said):
    """Nor a question of when, or one that names a day: a fact kept is no schedule."""
    for fact in ("remember that my car is a blue golf", "remember i work at the hospital",
                 "remember my doctor is doctor patel", "remember my gym is pure gym on main street"):
        ask(rt, fact)
    assert rt.registry.get("recall").pre_route(said) is None


def test_delete_it_right_after_a_memory_was_said_back_asks_to_forget_that_one(rt):
    """"delete it" after "what car do i drive" was answered went to the model, which listed the memories."""
    ask(rt, "remember that my car is a blue golf")
    ask(rt, "remember that i parked on level 3")
    ask(rt, "what car do i drive")
    turn, _ = ask(rt, "delete it")
    assert turn.route == "pre_route" and turn.spoken == "Forget that your car is a blue golf?"
    turn, _ = ask(rt, "set a timer for 5 minutes")
    assert rt.registry.get("forget").pre_route("delete it") is None      # it is the timer now


def test_forget_that_right_after_a_fact_is_told_still_takes_it_back(rt):
    ask(rt, "remember that my car is a blue golf")
    turn, _ = ask(rt, "forget that")
    assert turn.spoken == "OK, I've forgotten that." and rt.store.memories.all() == []


@pytest.mark.parametrize("said,asked,told", [
    ("remember that the wifi password is on the fridge", "where did i say the wifi password was", "on the fridge"),
    ("remember my pin is written in the back of my diary", "where's my pin", "back of your diary"),
    ("remember that the spare key code is taped under the doormat", "where did i say the spare key code was", "under the doormat"),
])
def test_where_a_secret_is_kept_is_no_secret(rt, said, asked, told):
    """"remember that the wifi password is on the fridge" (holdout 30) asked whether to keep a secret,
    and then nothing was kept: where it is is not the password."""
    turn, r = ask(rt, said)
    assert r.success and not r.wait_for_input and "secret" not in turn.spoken, turn.spoken
    (row,) = rt.store.memories.all()
    assert row["secret"] == 0
    turn, r = ask(rt, asked)
    assert told in turn.spoken, turn.spoken


@pytest.mark.parametrize("said", ["remember that my locker code is 4512", "remember my pin is 1234 under the new card",
                                  "remember that the alarm code is at the back: 135790"])
def test_a_secret_with_its_value_is_still_a_secret(rt, said):
    turn, r = ask(rt, said)
    assert r.wait_for_input and "looks like a secret" in turn.spoken and rt.store.memories.all() == []


@pytest.mark.parametrize("said, asked, told", [
    ("my secret word is pineapple", "what's my secret word", "Your secret word is pineapple."),
    ("our wifi password is bluefish77", "what's our wifi password", "Your wifi password is bluefish77."),
    ("my bike lock combination is 4 4 1 9", "what's my bike lock combination", "4 4 1 9"),
])
def test_a_secret_told_plainly_is_kept_after_yes(rt, said, asked, told):
    """"my secret word is pineapple" went to small talk ("Thanks for telling me!"), and so did "what's my secret
    word" later: told with no "remember", a secret is still asked about and kept after a Yes."""
    turn, r = ask(rt, said)
    assert r.wait_for_input and "looks like a secret" in turn.spoken and rt.store.memories.all() == []
    rt.assistant.handle_text("yes")
    assert [m["secret"] for m in rt.store.memories.all()] == [1]
    turn, _ = ask(rt, asked)
    assert told in turn.spoken, turn.spoken


@pytest.mark.parametrize("said, name", [
    ("call me dave", "Dave"), ("please call me sarah from now on", "Sarah"), ("you can call me jo instead", "Jo"),
    ("i go by liz", "Liz"), ("my friends call me bob", "Bob"), ("actually, call me mary jane", "Mary Jane"),
])
def test_the_name_the_user_goes_by_is_kept_and_told(rt, said, name):
    """"call me dave" was declined as a phone call ("I can't make phone calls and send texts yet.")."""
    turn, r = ask(rt, said)
    assert turn.route == "pre_route" and turn.tool_calls[0].name == "remember"
    assert turn.spoken == f"Got it: your name is {name}."
    for question in ("what's my name", "who am i", "what do you call me"):
        turn, _ = ask(rt, question)
        assert turn.route == "pre_route" and turn.spoken == f"Your name is {name}."


def test_a_new_name_replaces_the_old(rt):
    ask(rt, "call me dave")
    turn, _ = ask(rt, "actually call me david")
    assert turn.spoken == "Updated: your name is David." and len(rt.store.memories.all()) == 1
    assert ask(rt, "who am i")[0].spoken == "Your name is David."


@pytest.mark.parametrize("said", ["call me a taxi", "call me back later", "call me when the pasta is ready",
                                  "call me an ambulance", "call me tomorrow"])
def test_a_call_asked_for_is_no_name(rt, said):
    turn, _ = ask(rt, said)
    assert not any(c.name == "remember" for c in turn.tool_calls) and rt.store.memories.all() == []
