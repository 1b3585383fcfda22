"""`jarvis-tui say TEXT [--out F.wav]`: speak text through the speaker, or write it to a WAV."""
from __future__ import annotations

import argparse

from jarvis_tui.audio.devices import AudioUnavailable
from jarvis_tui.audio.tts import TtsError
from jarvis_tui.headless.common import config_from_args, fail
from jarvis_tui.runtime import Runtime


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    runtime = Runtime.create(config)
    try:
        runtime.speak(" ".join(args.text), out_path=args.out)
    except (TtsError, AudioUnavailable, OSError) as exc:
        return fail(str(exc))
    finally:
        runtime.close()
    if args.out:
        print(args.out)
    return 0
