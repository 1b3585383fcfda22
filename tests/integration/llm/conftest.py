"""One real bundled-model runtime and one real llama_cpp.server per session; a brain of its own on
the same model file for a test that prepares prompts (fresh_brain)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx
import pytest
from command_helpers import stop_process

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.conversation import ConversationBrain
from jarvis_tui.llm.backend import PreparableBackend
from jarvis_tui.llm.llama_backend import LlamaCppBackend
from jarvis_tui.runtime import Runtime


@pytest.fixture(scope="session")
def llm_runtime(tmp_path_factory):
    base = tmp_path_factory.mktemp("llm_runtime")
    runtime = Runtime.create(config_dir=str(base / "config"), data_dir=str(base / "data"),
                             overrides={"llm.backend": "llama", "llm.model": "bundled"})
    events: list = []
    runtime.bus.subscribe(events.append)
    brain = runtime.load_brain()
    assert brain is not None, [e for e in events if isinstance(e, ev.Error)]
    LOAD_EVENTS[:] = events
    yield runtime
    runtime.close()


LOAD_EVENTS: list = []          # what the session's model load emitted (test_llama_backend reads it)


@pytest.fixture
def fresh_brain(llm_runtime, tmp_path):
    """fresh_brain() -> a ConversationBrain on a LlamaCppBackend of its own, loaded from the session's
    model file, whose prefix states go to this test's empty folder (`tmp_path / "states"`); each call
    loads another backend on the same folder (as the next start would). All are closed at the end.
    Per test, not per session: these tests assert what gets prepared (read from scratch, then from
    memory, then from disk), so each needs a model with nothing prepared yet; loading the 0.5B takes
    about a second."""
    model = llm_runtime.assistant.brain.backend
    assert isinstance(model, PreparableBackend)
    backends: list[LlamaCppBackend] = []

    def make() -> ConversationBrain:
        backend = LlamaCppBackend(model.model_path, n_ctx=llm_runtime.config.llm.n_ctx,
                                  state_cache_dir=tmp_path / "states")
        backends.append(backend)
        return ConversationBrain(backend, llm_runtime.provider_factory, llm_runtime.config)
    yield make
    for backend in backends:
        backend.close()


@pytest.fixture(scope="session")
def llm_load_events(llm_runtime) -> list:
    return list(LOAD_EVENTS)


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.fixture(scope="session")
def llama_server():
    """`python -m llama_cpp.server` on loopback with the bundled GGUF; yields its base URL."""
    from jarvis_tui.llm.bundled import ensure_gguf
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(ensure_gguf()), "--host", "127.0.0.1",
         "--port", str(port), "--n_ctx", "4096", "--n_threads", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ))
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 90
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"llama_cpp.server exited: {proc.stderr.read().decode()[-2000:]}")
            try:
                httpx.get(f"{url}/models", timeout=1.0).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)
        yield url
    finally:
        stop_process(proc)
