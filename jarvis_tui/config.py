"""Configuration: defaults < TOML at <config dir>/config.toml < JARVIS_* environment < CLI flags.

Environment names are JARVIS_<SECTION>_<KEY> (e.g. JARVIS_LLM_MODEL, JARVIS_AUDIO_HANGOVER_MS);
JARVIS_MODEL_INTERFACE is the documented alias of JARVIS_LLM_INTERFACE.
"""
from __future__ import annotations

import dataclasses
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from jarvis_tui import paths


class ConfigError(Exception):
    """A config value or file that cannot be used; the message names the file, line and key."""

    def __init__(self, message: str, file: Path | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        where = ""
        if file is not None:
            where = f"{file}"
            if line is not None:
                where += f", line {line}"
            where += ": "
        super().__init__(f"{where}{message}")
        self.file, self.line, self.key = file, line, key


class ConfigProblems(ConfigError):
    """More than one bad setting: all of them, so that one edit fixes the file."""

    def __init__(self, problems: list[ConfigError]) -> None:
        Exception.__init__(self, f"{len(problems)} problems:\n" + "\n".join(f"  - {p}" for p in problems))
        self.problems = problems
        self.file, self.line, self.key = problems[0].file, problems[0].line, problems[0].key


@dataclass
class GeneralConfig:
    user_name: str | None = None
    room: str | None = None
    timezone: str | None = None          # IANA name; None = the system's
    location: str | None = None          # default city for weather
    response_style: str = "brief"


@dataclass
class AudioConfig:
    input_device: str | None = None      # by name; None = system default
    output_device: str | None = None
    # wake_word: "Hey Jarvis" starts a request (F4 still talks without it); hands_free: every
    # utterance in the room is a request (only when chosen); push_to_talk: F4 only
    mode: str = field(default="wake_word", metadata={"choices": ("push_to_talk", "wake_word", "hands_free")})
    wake_word: str = "hey_jarvis"        # a model inside the wake word package (jarvis-tui doctor lists them)
    wake_sensitivity: float = 0.5        # 0..1: higher wakes more easily (and falsely more often)
    wake_engine: str = field(default="open", metadata={"choices": ("micro", "open")})
    hangover_ms: int = 300               # silence after speech that ends an utterance (<= 500)
    unfinished_hangover_ms: int = 1000   # more silence waited for when the words so far end unfinished ("... for")
    # words so far that speech recognition is less sure of than this (a few words, or rejected as
    # unsure) are a fragment, not a finished request: they wait as "... for" does (0: off)
    unsure_confidence: float = field(default=0.6, metadata={"range": (0.0, 1.0)})
    # a pause inside a request is shortened to this before it is transcribed: whisper takes a long one
    # for the end of a sentence ("What is the capital of? Canada.") (0: transcribed as it was said)
    pause_kept_ms: int = field(default=128, metadata={"range": (0, 2000)})
    preroll_ms: int = 300
    min_speech_ms: int = 250
    max_utterance_s: float = 15.0
    vad_threshold: float = 0.5
    half_duplex: bool = True             # mute the mic while speaking
    follow_up_window_s: float = 6.0
    earcons: bool = True


@dataclass
class SttConfig:
    model: str = "bundled"               # bundled | a size name | a CTranslate2 model dir
    compute_type: str = field(default="int8", metadata={"choices": (
        "int8", "int8_float32", "int8_float16", "int16", "float16", "float32", "default", "auto")})
    threads: int | str = field(default="auto", metadata={"auto": True})    # "auto" (from the cores) or a count
    language: str = "en"
    beam_size: int = field(default=5, metadata={"range": (1, 10)})  # whisper's beam search (README: 5
                                         # hears the voice set 1.5 points of WER better than greedy 1)
    no_speech_threshold: float = 0.6
    logprob_threshold: float = -1.0
    context: bool = True                 # whisper first reads one short example request of each command (its
                                         # initial prompt); the turn end also reads the audio without it (README:
                                         # the tool 73 -> 79 %, WER 9.6 -> 8.7 %, cut in two 4 -> 3 on two shares)


@dataclass
class TtsConfig:
    enabled: bool = True
    voice: str = "bundled"               # bundled | path to a piper .onnx voice
    length_scale: float = 1.0
    threads: int | str = field(default="auto", metadata={"auto": True})    # "auto" (from the cores) or a count


@dataclass
class LlmConfig:
    # llama (in process) | openai (HTTP server) | none
    backend: str = field(default="llama", metadata={"choices": ("llama", "openai", "none")})
    model: str = "bundled"               # bundled | path to a GGUF
    base_url: str | None = None          # for backend = openai
    remote_model: str | None = None      # model name sent to the HTTP server
    interface: str | None = None         # prompt provider name
    n_ctx: int = 4096
    threads: int | str = field(default="auto", metadata={"auto": True})    # "auto" (from the cores) or a count
    max_tokens: int = 192
    temperature: float = 0.0
    max_iterations: int = 3
    constrained: bool = True             # JSON-schema constrained output
    timeout_s: float = 60.0


@dataclass
class RoutingConfig:
    disabled_fast_paths: list[str] = field(default_factory=list)
    router: bool = True                  # the learned intent router (decline, direct answers, shortlists)
    embedding: bool = True               # the router reads a sentence embedding (all-MiniLM-L6-v2) beside its n-grams
    decline_threshold: float = 0.2       # out-of-scope probability that declines when it ranks first ("I can't ... yet")
    direct_threshold: float = 0.55       # a direct-answer command's probability that skips the routing LLM call
    tool_threshold: float = 0.8          # an action command's probability that counts as confident
    shortlist_size: int = 4              # tools the constrained output may name when the router is not sure
    declinable_threshold: float = field(default=0.05, metadata={"range": (0.0, 1.0)})  # under this out-of-scope
                                         # probability a shortlist may not be declined
    act_margin: float = field(default=1.25, metadata={"range": (1.0, 10.0)})  # an action the model picks from an
                                         # unsure shortlist needs this many times "no command fits"'s probability
    argument_threshold: float = field(default=0.7, metadata={"range": (0.0, 1.0)})  # a command's choice argument
                                         # ("action") its examples give at this probability or more is decided
    lead_ratio: float = field(default=2.0, metadata={"range": (0.0, 100.0)})  # the model's pick from an unsure
                                         # shortlist gives way to the router's first choice ranked this many times
                                         # above it (README: on SLURP dev 8 rows more right and 3 fewer, on the
                                         # holdout 1 fewer, no action more); 0: off
    model_weight: float = -1.0           # >= 0: a shortlist is decided by router x model^weight (the local model's
                                         # own probabilities of each tool and of declining; 0.3 was best on SLURP
                                         # dev); < 0 (default: it did not pay on the holdout, README): the model's pick


@dataclass
class Config:
    general: GeneralConfig = field(default_factory=GeneralConfig)
    audio: AudioConfig = field(default_factory=AudioConfig)
    stt: SttConfig = field(default_factory=SttConfig)
    tts: TtsConfig = field(default_factory=TtsConfig)
    llm: LlmConfig = field(default_factory=LlmConfig)
    routing: RoutingConfig = field(default_factory=RoutingConfig)
    data_dir: Path | None = None
    config_dir: Path | None = None
    source: Path | None = None           # the TOML file read, if any

    SECTIONS = ("general", "audio", "stt", "tts", "llm", "routing")

    # ---- access -------------------------------------------------------------------------------
    def get(self, dotted: str) -> Any:
        section, key = _split_key(dotted)
        return getattr(getattr(self, section), key)

    def set(self, dotted: str, value: Any, *, origin: str = "override") -> None:
        section, key = _split_key(dotted)
        target = getattr(self, section, None)
        if section not in self.SECTIONS or target is None:
            raise ConfigError(f"unknown section [{section}] (known: {', '.join(self.SECTIONS)})", key=dotted)
        fields = {f.name: f for f in dataclasses.fields(target)}
        if key not in fields:
            raise ConfigError(f"unknown key {dotted!r} in {origin} (known in [{section}]: "
                              f"{', '.join(fields)})", key=dotted)
        setattr(target, key, _coerce(fields[key], value, dotted, origin))

    def as_dict(self) -> dict[str, Any]:
        return {s: dataclasses.asdict(getattr(self, s)) for s in self.SECTIONS}


def _split_key(dotted: str) -> tuple[str, str]:
    if "." not in dotted:
        raise ConfigError(f"config keys look like section.key, not {dotted!r}", key=dotted)
    section, key = dotted.split(".", 1)
    return section, key


def _coerce(f: dataclasses.Field, value: Any, dotted: str, origin: str) -> Any:
    kind = str(f.type)
    from_text = isinstance(value, str) and origin.startswith("environment")
    if f.metadata.get("auto"):                 # thread counts: "auto" or a whole number >= 1
        if value == "auto":
            return value
        if isinstance(value, str) and re.fullmatch(r"\d+", value.strip()):
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
            return value
        raise ConfigError(f"{dotted} must be \"auto\" or a whole number of threads >= 1, got {value!r} "
                          f"(from {origin})", key=dotted)
    try:
        if "list" in kind:
            if isinstance(value, str):
                return [v.strip() for v in value.split(",") if v.strip()]
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                return value
            raise TypeError("a list of strings")
        if value is None:
            if "None" in kind:
                return None
            raise TypeError("a value")
        if kind.startswith("bool"):
            if isinstance(value, bool):
                return value
            if from_text and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
                return value.lower() in ("1", "true", "yes", "on")
            raise TypeError("true or false")
        if kind.startswith(("int", "float")):
            if kind.startswith("int"):
                if isinstance(value, int) and not isinstance(value, bool):
                    number: int | float = value
                elif from_text and re.fullmatch(r"-?\d+", value.strip()):
                    number = int(value)
                else:
                    raise TypeError("a whole number")
            else:
                if isinstance(value, bool) or not (isinstance(value, (int, float)) or from_text):
                    raise TypeError("a number")
                number = float(value)
            bounds = f.metadata.get("range")
            if bounds and not bounds[0] <= number <= bounds[1]:
                what = "a whole number" if isinstance(number, int) else "a number"
                raise ConfigError(f"{dotted} = {value!r} is out of range: {what} from {bounds[0]:g} to "
                                  f"{bounds[1]:g} (from {origin})", key=dotted)
            return number
        if "str" in kind:
            if not isinstance(value, str):
                raise TypeError("text")
            choices = f.metadata.get("choices")
            if choices and value not in choices:
                raise ConfigError(f"{dotted} = {value!r}: one of {', '.join(choices)} (from {origin})", key=dotted)
            return value
        if "Path" in kind:
            return Path(value)
    except (TypeError, ValueError) as exc:
        want = exc.args[0] if isinstance(exc, TypeError) else "a number"
        raise ConfigError(f"{dotted} must be {want}, got {value!r} (from {origin})", key=dotted) from None
    return value


def _line_of(text: str, section: str, key: str | None) -> int | None:
    """1-based line of `key` inside [section] (or of the section header when key is None)."""
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = re.match(r"^\[\s*([^\]]+?)\s*\]", stripped)
        if m:
            current = m.group(1)
            if key is None and current == section:
                return number
            continue
        if current == section and key and re.match(rf"^\"?{re.escape(key)}\"?\s*=", stripped):
            return number
        if current is None and key and re.match(rf"^{re.escape(section)}\.{re.escape(key)}\s*=", stripped):
            return number
    return None


def load_file(cfg: Config, path: Path, problems: list[ConfigError] | None = None) -> None:
    """Apply a config.toml. Each bad entry raises ConfigError, or with `problems` is recorded there
    and skipped (its default stays)."""
    def bad(exc: ConfigError) -> None:
        if problems is None:
            raise exc
        problems.append(exc)

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return bad(ConfigError(f"cannot read config: {getattr(exc, 'strerror', None) or exc}", file=path))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        return bad(ConfigError(f"not valid TOML: {exc}", file=path, line=int(m.group(1)) if m else None))
    for section, values in data.items():
        if section not in Config.SECTIONS:
            bad(ConfigError(f"unknown section [{section}] (known: {', '.join(Config.SECTIONS)})",
                            file=path, line=_line_of(text, section, None), key=section))
            continue
        if not isinstance(values, dict):
            bad(ConfigError(f"{section} must be a table like [{section}]", file=path,
                            line=_line_of(text, section, None), key=section))
            continue
        for key, value in values.items():
            try:
                cfg.set(f"{section}.{key}", value, origin=str(path))
            except ConfigError as exc:
                msg = str(exc).replace(f" (from {path})", "").replace(f" in {path}", "")
                bad(ConfigError(msg, file=path, line=_line_of(text, section, key), key=f"{section}.{key}"))
    cfg.source = path
    return None


def env_overrides(environ: Mapping[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    if "JARVIS_MODEL_INTERFACE" in environ:
        out["llm.interface"] = environ["JARVIS_MODEL_INTERFACE"]
    for name, value in environ.items():
        if not name.startswith("JARVIS_") or name in ("JARVIS_MODEL_INTERFACE", "JARVIS_DATA_DIR",
                                                      "JARVIS_CONFIG_DIR", "JARVIS_MODEL_CACHE"):
            continue
        rest = name[len("JARVIS_"):].lower()
        for section in Config.SECTIONS:
            if rest.startswith(section + "_"):
                out[f"{section}.{rest[len(section) + 1:]}"] = value
                break
    return out


def load_config(config_dir: str | os.PathLike[str] | None = None,
                data_dir: str | os.PathLike[str] | None = None,
                overrides: Mapping[str, Any] | None = None,
                environ: Mapping[str, str] | None = None,
                problems: list[ConfigError] | None = None) -> Config:
    """Build the effective config. Every bad value is found, not only the first: without `problems`
    they raise together (ConfigError for one, ConfigProblems for several), each naming its file,
    line or variable, key, value and the allowed ones; with `problems` they are recorded there and
    the defaults kept (doctor lists them and goes on)."""
    environ = os.environ if environ is None else environ
    found: list[ConfigError] = [] if problems is None else problems
    before = len(found)
    cfg = Config()
    cfg.config_dir = paths.config_dir(config_dir)
    toml_path = cfg.config_dir / "config.toml"
    if toml_path.exists():
        load_file(cfg, toml_path, found)
    for dotted, value in env_overrides(environ).items():
        try:
            cfg.set(dotted, value, origin=f"environment JARVIS_{dotted.replace('.', '_').upper()}")
        except ConfigError as exc:
            if "unknown key" in str(exc):
                continue  # JARVIS_* variables that are not ours (or are for other tools)
            found.append(exc)
    for dotted, value in (overrides or {}).items():
        if value is not None:
            try:
                cfg.set(dotted, value, origin="command line")
            except ConfigError as exc:
                found.append(exc)
    cfg.data_dir = paths.data_dir(data_dir)
    new = found[before:]
    if problems is None and new:
        raise new[0] if len(new) == 1 else ConfigProblems(new)
    return cfg
