import numpy as np
import pytest

from jarvis_tui.audio.playback import spoken_part
from jarvis_tui.audio.stt import _echoes, judge, normalize
from jarvis_tui.audio.tts import split_sentences
from jarvis_tui.audio.wavsource import AudioFileError, read_wav, resample, write_wav


def seg(text, nsp=0.05, lp=-0.3, cr=1.2):
    return {"text": text, "no_speech_prob": nsp, "avg_logprob": lp, "compression_ratio": cr}


@pytest.mark.parametrize("segments,reason", [
    ([], "empty"),
    ([seg(" Set a timer for five minutes.")], ""),
    ([seg(" Thank you.")], "phantom_phrase"),
    ([seg(" Thanks for watching!")], "phantom_phrase"),
    ([seg(" Hello.", nsp=0.9, lp=-1.5)], "no_speech"),
    ([seg(" something garbled", lp=-1.6)], "low_confidence"),
    ([seg(" the the the the the the")], "repetition"),
    ([seg(" ...")], "empty"),
    ([seg(" Yes.", nsp=0.9, lp=-0.2)], ""),     # confident decode wins over a high no-speech prob
])
def test_judge(segments, reason):
    assert judge(segments)[1] == reason


@pytest.mark.parametrize("text,echo", [
    ("check my g mail check my g mail", True),
    ("what time is it what time is it", True),
    ("five five", False),
    ("five five five", True),
    ("set a timer for ten minutes", False),
    ("put eggs and bread on the list", False),
    ("that that is is", False),
])
def test_short_window_loops_are_detected(text, echo):
    assert _echoes(text.split()) is echo


def test_normalize():
    assert normalize(" Thank you. ") == "thank you"
    assert normalize("[BLANK_AUDIO]") == "blank_audio" or normalize("[BLANK_AUDIO]") == "blank audio"


def test_split_sentences():
    assert split_sentences("Hello there. How are you? Fine!") == ["Hello there.", "How are you?", "Fine!"]
    assert split_sentences("Dr. Smith is in. Pi is 3.14 today.") == ["Dr. Smith is in.", "Pi is 3.14 today."]
    long = "word, " * 80 + "end."
    parts = split_sentences(long, max_chars=100)
    assert all(len(p) <= 100 for p in parts) and " ".join(parts).replace("  ", " ").count("word") == 80
    assert split_sentences("   ") == [] and split_sentences("...") == []


def test_spoken_part():
    texts = ["The timer is set.", "I will tell you when it is done."]
    lengths = [1000, 2000]
    assert spoken_part(texts, lengths, 3000) == "The timer is set. I will tell you when it is done."
    assert spoken_part(texts, lengths, 1000) == "The timer is set."
    assert spoken_part(texts, lengths, 2000) == "The timer is set. I will tell you"
    assert spoken_part(texts, lengths, 0) == ""


def test_wav_roundtrip_and_errors(tmp_path):
    x = (0.5 * np.sin(np.arange(22050) / 10)).astype(np.float32)
    write_wav(tmp_path / "a.wav", x, 22050)
    y = read_wav(tmp_path / "a.wav", 16000)
    assert abs(len(y) - 16000) <= 1 and abs(np.abs(y).max() - 0.5) < 0.01
    assert len(resample(x, 22050, 22050)) == len(x)
    (tmp_path / "bad.wav").write_bytes(b"not a wav")
    with pytest.raises(AudioFileError, match="not a PCM WAV"):
        read_wav(tmp_path / "bad.wav")
    with pytest.raises(AudioFileError, match="no such file"):
        read_wav(tmp_path / "missing.wav")
