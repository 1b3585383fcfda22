"""`jarvis-tui transcribe F.wav [--json]`: speech to text of a WAV file, with the same guards as the
microphone path (a rejected transcript prints its reason and exits 3)."""
from __future__ import annotations

import argparse

from jarvis_tui.audio.stt import SttError, Transcriber
from jarvis_tui.audio.wavsource import AudioFileError, read_wav
from jarvis_tui.commands_registry import discover_commands, speech_context
from jarvis_tui.headless.common import config_from_args, fail, print_json


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    try:
        samples = read_wav(args.wav)
    except AudioFileError as exc:
        return fail(str(exc))
    try:
        stt = Transcriber.from_config(config.stt, warm=False,
                                      context=lambda: speech_context(discover_commands(config.config_dir)))
    except SttError as exc:
        return fail(str(exc))
    result = stt.transcribe(samples)
    if args.json:
        print_json({"text": result.text, "accepted": result.accepted, "reason": result.reason,
                    "confidence": result.confidence, "no_speech_prob": round(result.no_speech_prob, 3),
                    "avg_logprob": round(result.avg_logprob, 3), "stt_ms": round(result.stt_ms, 1),
                    "duration_s": round(len(samples) / 16000, 3)})
    elif result.accepted:
        print(result.text)
    else:
        print(f"(rejected: {result.reason}) {result.text}".rstrip())
    return 0 if result.accepted else 3
