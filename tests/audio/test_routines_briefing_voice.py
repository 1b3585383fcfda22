"""Routines and the briefing by voice, through the virtual microphone and the real voice loop (STT,
fast paths, commands, TTS): a routine made by saying its name, answering what it should do, and
run by its phrase, the start-up notice
spoken when events wait in the inbox, and "what did I miss?" answered from them."""
from __future__ import annotations

import datetime as _dt
import time

import numpy as np
import pytest

pytestmark = [pytest.mark.audio]


def _say(mic, helpers, tts, events, text: str, count: int):
    mic.say(np.concatenate([helpers.speech16k(tts, text), np.zeros(16000, np.float32)]))
    end = time.monotonic() + 60
    while time.monotonic() < end and len(events.of("TurnFinished")) < count:
        time.sleep(0.05)
    done = events.of("TurnFinished")
    assert len(done) >= count, f"no turn for {text!r}; heard {[e.text for e in events.of('TranscriptReady')]}"
    turn = done[count - 1]
    if turn.spoken:       # the reply is said before the next request (no barge-in in this test)
        events.wait_for("SpeechOutFinished", 60, lambda e: e.turn_id == turn.turn_id)
        time.sleep(0.3)
    return turn


def test_routine_made_and_run_by_voice_and_the_inbox_said(runtime, stt, tts, vad, mic, helpers):
    from jarvis_tui.audio.voice_loop import VoiceLoop

    past = _dt.datetime.now().astimezone() - _dt.timedelta(minutes=30)
    runtime.store.inbox.add("timer_ended", "Your pasta timer ended at 9 AM", past, "set_timer")
    events = helpers.Events(runtime.bus)
    loop = VoiceLoop(runtime, transcriber=stt, synthesizer=tts, vad=vad)
    loop.set_mode("hands_free")
    loop.start()
    try:
        assert loop.wait_ready(60)
        events.wait_for("ListeningStateChanged", 10, lambda e: e.state == "listening")
        runtime.announce_startup()
        spoken = events.wait_for("SpeechOutFinished", 40, lambda e: "while I was off" in e.text)
        assert spoken.text.startswith("One thing happened while I was off.")
        time.sleep(0.5)
        asked = _say(mic, helpers, tts, events, "When I say good night.", 1)
        assert asked.spoken == "What should I do when you say good night?", asked
        # "bread", not "milk": tiny.en hears this voice's "milk" as "no", "note" or "nope" at some
        # levels and offsets (9 of 48 tries); "bread", "eggs" and "coffee" in 0 of 48
        made = _say(mic, helpers, tts, events, "Set a timer for five minutes and add bread to my shopping list.", 2)
        assert made.route == "follow_up" and 'When you say "good night"' in made.spoken, made
        ran = _say(mic, helpers, tts, events, "Good night.", 3)
        missed = _say(mic, helpers, tts, events, "What did I miss?", 4)
    finally:
        loop.stop()
    steps = [x.lower() for x in runtime.store.routines.get("good night")["steps"]]
    assert steps in (["set a timer for five minutes", "add bread to my shopping list"],
                     ["set a timer for 5 minutes", "add bread to my shopping list"]), steps
    assert "Timer set for 5 minutes." in ran.spoken and "bread" in ran.spoken, ran
    assert [t["duration_seconds"] for t in runtime.store.timers.running()] == [300]
    assert [i["text"] for i in runtime.store.lists.items("shopping")] == ["bread"]
    assert "your pasta timer ended at 9 AM" in missed.spoken and "5 minute timer" in missed.spoken, missed
    assert runtime.store.inbox.waiting() == []
