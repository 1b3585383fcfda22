"""Endpointing: speech probabilities per frame in, utterances out.

Pure logic (no model, no device): it takes frames with their speech probability, so it is tested
on synthetic signals. Pre-roll keeps the quiet onset before the first voiced frame, a silence
hangover decides the end, a maximum length cuts runaway utterances, a minimum amount of voiced
speech drops clicks and coughs.

A pause inside a request ("what is the capital of ... Canada") is kept in the samples, but marked
(`long_pauses`): what is transcribed leaves out all but `pause_kept_ms` of it (`without_long_pauses`).
Whisper takes a long silence for the end of a sentence: it wrote "What is the capital of? Canada.",
"Remind me at noon too. Phone the dentist.", or stopped at the pause and lost the words after it;
closed up, it is mostly heard as one sentence (README, "A pause inside a request").
"""
from __future__ import annotations

import collections
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np

if TYPE_CHECKING:
    from jarvis_tui.config import AudioConfig

SAMPLE_RATE = 16000
FRAME = 512


@dataclass
class EndpointerConfig:
    threshold: float = 0.5          # prob >= threshold: speech starts / is voiced
    neg_threshold: float | None = None   # prob < neg_threshold counts as silence (hysteresis); default threshold - 0.15
    preroll_ms: int = 300
    hangover_ms: int = 400
    min_speech_ms: int = 250
    max_utterance_s: float = 15.0
    tail_ms: int = 150              # silence kept after the last voiced frame
    speculate: bool = True          # emit Pause once the tail of silence is in (speculative STT)
    unfinished_hangover_ms: int = 1000   # extra silence waited for when the words so far are unfinished
    # at most this long past the hangover for the words to be known: waiting costs nothing, the turn
    # needs that transcript before it can start anyway (a busy CPU decodes slowly)
    transcript_wait_ms: int = 3000
    # a pause inside the speech longer than this is shortened to it in what is transcribed (0: kept whole)
    pause_kept_ms: int = 128
    sample_rate: int = SAMPLE_RATE
    frame: int = FRAME

    @classmethod
    def from_audio_config(cls, audio: "AudioConfig", **changes) -> "EndpointerConfig":
        cfg = cls(threshold=audio.vad_threshold, preroll_ms=audio.preroll_ms, hangover_ms=audio.hangover_ms,
                  min_speech_ms=audio.min_speech_ms, max_utterance_s=audio.max_utterance_s,
                  unfinished_hangover_ms=audio.unfinished_hangover_ms, pause_kept_ms=audio.pause_kept_ms)
        for k, v in changes.items():
            setattr(cfg, k, v)
        return cfg


@dataclass
class SpeechStart:
    t: float                        # stream time (s) of the first voiced frame's start


@dataclass
class Utterance:
    samples: np.ndarray             # float32 mono, pre-roll + speech + a short tail
    sample_rate: int
    t_speech_start: float           # stream time of the first voiced frame
    t_speech_end: float             # stream time of the end of the last voiced frame
    t_endpoint: float               # stream time at which the end was decided
    voiced_ms: float
    reason: str                     # silence | max_length | flush
    key: int = -1                   # the Pause whose samples these are (same array), -1: none
    t_samples_start: float = 0.0    # stream time of samples[0] (the pre-roll's start)
    # stream times (start, end) of the middles of long pauses inside the speech: left out of what is
    # transcribed (`without_long_pauses`)
    long_pauses: tuple[tuple[float, float], ...] = ()
    # stream times (start, end) of every run of quiet frames between voiced ones, however short (the
    # listener cuts the wake word off in the silence after it)
    quiet_runs: tuple[tuple[float, float], ...] = ()

    @property
    def duration_s(self) -> float:
        return len(self.samples) / self.sample_rate

    @property
    def endpoint_ms(self) -> float:
        return (self.t_endpoint - self.t_speech_end) * 1000.0


@dataclass
class Pause:
    """Speech paused for `tail_ms`: `samples` is exactly what the Utterance will hold if the
    silence lasts out the hangover (that Utterance carries the same `key`). A consumer may start
    transcribing now and use the result when the endpoint confirms; if speech resumes, the next
    Pause/Utterance has another key."""
    samples: np.ndarray
    sample_rate: int
    t_speech_end: float
    t: float
    key: int
    t_samples_start: float = 0.0    # stream time of samples[0] (the pre-roll's start)
    long_pauses: tuple[tuple[float, float], ...] = ()   # as Utterance's
    quiet_runs: tuple[tuple[float, float], ...] = ()    # as Utterance's


@dataclass
class Discarded:
    reason: str                     # too_short
    voiced_ms: float
    t: float


class Endpointer:
    def __init__(self, config: EndpointerConfig | None = None,
                 turn_end: Callable[[int], bool | None] | None = None) -> None:
        """`turn_end(pause_key)` says whether the words of that Pause are an unfinished request
        (True: wait `unfinished_hangover_ms` more for the rest), None while they are not known yet."""
        self.config = config or EndpointerConfig()
        self.turn_end = turn_end
        c = self.config
        self.frame_s = c.frame / c.sample_rate
        self._neg = c.neg_threshold if c.neg_threshold is not None else max(0.0, c.threshold - 0.15)
        self._preroll: collections.deque[np.ndarray] = collections.deque(
            maxlen=max(0, int(round(c.preroll_ms / 1000 / self.frame_s))))
        self._next_key = 0                # pause keys stay unique across resets (a stale result is never reused)
        self.reset()

    def reset(self) -> None:
        """Forget everything (after playback, on mode changes)."""
        self._preroll.clear()
        self._frames: list[np.ndarray] = []
        self._quiet: list[bool] = []        # per frame of _frames: under the silence threshold
        self.in_speech = False
        self._voiced_frames = 0
        self._silence_frames = 0
        self._last_voiced_index = -1
        self._t_start = 0.0
        self._t_samples_start = 0.0
        self._t_last_voiced = 0.0
        self._clock = 0.0
        self._pause_key = -1
        self._pause_samples: np.ndarray | None = None

    @property
    def clock(self) -> float:
        return self._clock

    def process(self, frame: np.ndarray, prob: float, t_end: float | None = None) -> list[object]:
        """Feed one frame (float32, `config.frame` samples) with its speech probability.
        `t_end` is the stream time at the end of the frame (default: counted from samples).
        Returns SpeechStart / Utterance / Discarded events (usually none)."""
        c = self.config
        self._clock = t_end if t_end is not None else self._clock + self.frame_s
        t_begin = self._clock - self.frame_s
        out: list[object] = []
        if not self.in_speech:
            if prob >= c.threshold:
                self.in_speech = True
                self._frames = list(self._preroll) + [frame]
                self._quiet = [True] * len(self._preroll) + [False]
                self._preroll.clear()
                self._voiced_frames = 1
                self._silence_frames = 0
                self._last_voiced_index = len(self._frames) - 1
                self._t_start = t_begin
                self._t_samples_start = t_begin - (len(self._frames) - 1) * self.frame_s
                self._t_last_voiced = self._clock
                out.append(SpeechStart(t=t_begin))
            else:
                self._preroll.append(frame)
            return out
        self._frames.append(frame)
        self._quiet.append(prob < self._neg)
        if prob >= self._neg:
            self._silence_frames = 0
            self._last_voiced_index = len(self._frames) - 1
            self._t_last_voiced = self._clock
            self._pause_key, self._pause_samples = -1, None
            if prob >= c.threshold:
                self._voiced_frames += 1
        else:
            self._silence_frames += 1
            if (c.speculate and self._pause_key < 0 and self._silence_frames >= max(1, self._tail_frames)
                    and self._voiced_frames * self.frame_s * 1000 >= c.min_speech_ms
                    and self._silence_frames * self.frame_s * 1000 < c.hangover_ms):
                self._pause_key = self._next_key
                self._next_key += 1
                self._pause_samples = self._trimmed()
                out.append(Pause(samples=self._pause_samples, sample_rate=c.sample_rate,
                                 t_speech_end=self._t_last_voiced, t=self._clock, key=self._pause_key,
                                 t_samples_start=self._t_samples_start, **self._silences()))
        if self._silence_frames * self.frame_s * 1000 >= self._hangover_ms():
            out.append(self._finish("silence"))
        elif len(self._frames) * self.frame_s >= c.max_utterance_s:
            out.append(self._finish("max_length"))
        return out

    def flush(self) -> list[object]:
        """End the current utterance now (push-to-talk released, stream closing). After a Pause
        with nothing voiced since, the utterance is the Pause's samples (and key)."""
        if not self.in_speech:
            self._preroll.clear()
            return []
        return [self._finish("flush")]

    def _hangover_ms(self) -> float:
        """The silence that ends this utterance: the hangover, longer when the words so far do not
        end a request (known from the Pause's speculative transcript)."""
        c = self.config
        if self.turn_end is None or self._pause_key < 0:
            return c.hangover_ms
        unfinished = self.turn_end(self._pause_key)
        if unfinished is None:                  # still transcribing: wait for it, within bounds
            return c.hangover_ms + c.transcript_wait_ms
        return c.hangover_ms + (c.unfinished_hangover_ms if unfinished else 0)

    @property
    def _tail_frames(self) -> int:
        return int(round(self.config.tail_ms / 1000 / self.frame_s))

    def _trimmed(self) -> np.ndarray:
        keep = self._frames[: self._last_voiced_index + 1 + self._tail_frames]
        return np.concatenate(keep).astype(np.float32) if keep else np.zeros(0, np.float32)

    def _quiet_runs(self) -> list[tuple[int, int]]:
        """The runs of quiet frames between voiced ones, as (first, end) indices into _frames."""
        runs: list[tuple[int, int]] = []
        at = 0
        # up to the last voiced frame: a quiet run after the first frame lies between voiced ones
        for quiet, run in itertools.groupby(self._quiet[: self._last_voiced_index + 1]):
            n = len(list(run))
            if quiet and at > 0:
                runs.append((at, at + n))
            at += n
        return runs

    def _silences(self) -> dict[str, tuple[tuple[float, float], ...]]:
        """`quiet_runs` and `long_pauses` (the middles of the runs longer than `pause_kept_ms`, half
        of what is kept left on each side), as stream times."""
        def t(i: int) -> float:
            return self._t_samples_start + i * self.frame_s
        runs = self._quiet_runs()
        kept = max(1, int(round(self.config.pause_kept_ms / 1000 / self.frame_s)))
        long = [(a + kept // 2, b - (kept - kept // 2)) for a, b in runs
                if self.config.pause_kept_ms > 0 and b - a > kept]
        return {"quiet_runs": tuple((t(a), t(b)) for a, b in runs),
                "long_pauses": tuple((t(a), t(b)) for a, b in long)}

    def _finish(self, reason: str) -> object:
        c = self.config
        voiced_ms = self._voiced_frames * self.frame_s * 1000
        key = -1
        silences = self._silences()      # the Pause's too: nothing voiced since it, when there is one
        if self._pause_samples is not None and reason in ("silence", "flush"):
            samples, key = self._pause_samples, self._pause_key      # nothing voiced since the Pause
        elif reason == "silence":
            samples = self._trimmed()
        else:
            samples = np.concatenate(self._frames).astype(np.float32) if self._frames else np.zeros(0, np.float32)
        self._pause_key, self._pause_samples = -1, None
        t_start, t_last = self._t_start, self._t_last_voiced
        self.in_speech = False
        self._frames, self._quiet = [], []
        self._voiced_frames = 0
        self._silence_frames = 0
        if voiced_ms < c.min_speech_ms:
            return Discarded(reason="too_short", voiced_ms=voiced_ms, t=self._clock)
        return Utterance(samples=samples, sample_rate=c.sample_rate, t_speech_start=t_start,
                         t_speech_end=t_last, t_endpoint=self._clock, voiced_ms=voiced_ms, reason=reason, key=key,
                         t_samples_start=self._t_samples_start, **silences)


def without_long_pauses(r: Utterance | Pause) -> np.ndarray:
    """What is transcribed of an utterance (or a Pause): its samples without the middles of its long
    pauses (`long_pauses`, clipped to the samples: the listener may have cut the wake word off)."""
    rate, t0, n = r.sample_rate, r.t_samples_start, len(r.samples)
    spans = [(max(0, int(round((a - t0) * rate))), min(n, int(round((b - t0) * rate)))) for a, b in r.long_pauses]
    spans = [(a, b) for a, b in spans if b > a]
    if not spans:
        return r.samples
    keep, at = [], 0
    for a, b in sorted(spans):
        keep.append(r.samples[at:a])
        at = max(at, b)
    keep.append(r.samples[at:])
    return np.concatenate(keep).astype(np.float32, copy=False)


def frames_of(samples: np.ndarray, frame: int = FRAME):
    """Whole frames of a signal (the last partial frame is zero-padded)."""
    n = len(samples)
    for i in range(0, n, frame):
        chunk = samples[i:i + frame]
        if len(chunk) < frame:
            chunk = np.concatenate([chunk, np.zeros(frame - len(chunk), dtype=np.float32)])
        yield chunk.astype(np.float32, copy=False)
