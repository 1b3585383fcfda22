"""scripts/score_routes.py on hand-made route outputs: the SLURP figures (no-command rows, declines,
small talk as chat, router decisions) count what they say."""
from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "score_routes.py"
spec = importlib.util.spec_from_file_location("score_routes", SCRIPT)
score_routes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score_routes)


def route(tool=None, args=None, route="llm", calls=1, router=True, message=None):
    return {"route": route, "tool_calls": [{"name": tool, "arguments": args or {}}] if tool else [],
            "message": message, "timings_ms": {"llm": 1000.0 if calls else 0.0},
            "llm": {"llm_calls": calls}, "router": {"decision": "x"} if router else None}


def test_slurp_figures():
    rows = [
        {"text": "turn on the lights", "tool": "none", "arguments": {}, "accept": ["none"], "intent": "iot_hue_lighton"},
        {"text": "play jazz", "tool": "none", "arguments": {}, "accept": ["none"], "intent": "play_music"},
        {"text": "volume up", "tool": "none", "arguments": {}, "accept": ["none", "volume"], "intent": "audio_volume_up"},
        {"text": "i went shopping", "tool": "chat", "arguments": {}, "accept": ["chat"], "intent": "general_quirky"},
        {"text": "wake me at 7", "tool": "reminder", "arguments": {"action": "set", "time": "07:00"},
         "accept": ["reminder"], "intent": "alarm_set"},
    ]
    outs = [route(route="none", calls=0, message="I can't control the lights yet."),
            route("set_timer", {"duration_seconds": 60}),                       # fired on a no-command row
            route("volume", {"action": "up"}),                                   # an accepted tool
            route("chat", route="router", calls=0),
            route("reminder", {"action": "set", "time": "07:00"}, route="pre_route", calls=0, router=False)]
    summary, misses = score_routes.score(list(zip(rows, outs)))
    assert summary["tool_accuracy"] == 0.8 and summary["argument_accuracy"] == 0.8
    assert summary["actions_fired_on_no_command_rows"] == "1/3"              # volume serves its row
    assert [f["fired"] for f in summary["fired_on_no_command"]] == ["set_timer"]
    assert summary["declined_no_command_rows"] == "1/3"
    assert summary["small_talk_answered_as_chat"] == "1/1"
    assert summary["router_decided_without_llm"] == 2 and summary["fast_path_share"] == 0.2
    assert [m["text"] for m in misses] == ["play jazz"]


def test_what_the_declines_said_is_counted_against_the_requests_intent():
    def row(text, intent):
        return {"text": text, "tool": "none", "arguments": {}, "accept": ["none"], "intent": intent}
    rows = [row("switch the hall lamp off", "iot_hue_lightoff"), row("find me a podcast about cars", "play_podcasts"),
            row("what's the meaning of life", "general_quirky"), row("is light faster than sound", "qa_factoid"),
            row("order a curry", "takeaway_order")]
    outs = [route(route="none", calls=0, message="I can't control the lights yet."),         # its topic
            route(route="none", calls=0, message="Sorry, I can't help with that yet."),      # plain, topic known
            route(route="none", calls=0, message="Sorry, I can't help with that yet."),      # plain, no topic
            route(route="none", calls=0, message="I can't control the lights yet."),         # a wrong topic
            route("chat", route="router", calls=0)]                                          # not a decline
    summary, _ = score_routes.score(list(zip(rows, outs)))
    assert summary["declines_naming_the_right_topic"] == 1 and summary["declines_plain"] == 2
    assert summary["declines_naming_a_wrong_topic"] == 1
    assert summary["wrong_topics"] == [{"text": "is light faster than sound", "intent": "qa_factoid",
                                        "topic": "control the lights"}]
    assert score_routes.decline_topic("Done.") == (False, None)
