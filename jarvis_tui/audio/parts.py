"""The models behind the voice loop's stages, as the stages see them.

Each stage is typed against one of these Protocols, not against a library: the bundled parts
(`stt.Transcriber`, `tts.Synthesizer`, `vad.SileroVad`) implement them, and unit tests hand a
stage a small fake of the same shape.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Protocol

import numpy as np

if TYPE_CHECKING:
    from jarvis_tui.audio.stt import SttResult


class VoiceActivity(Protocol):
    """Speech probability of one 512-sample 16 kHz frame (Silero VAD)."""

    def prob(self, frame: np.ndarray) -> float: ...

    def reset(self) -> None: ...


class SpeechToText(Protocol):
    """A guarded transcription: the result says whether it may be acted on, and why not."""

    def transcribe(self, samples: np.ndarray, segmented: bool = False) -> "SttResult": ...


class TextToSpeech(Protocol):
    """Text to samples, sentence by sentence, so that the first sentence plays while the rest is made."""

    sample_rate: int

    def stream(self, text: str) -> Iterator[tuple[str, np.ndarray]]: ...
