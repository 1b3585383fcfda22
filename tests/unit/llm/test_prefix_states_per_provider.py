"""The prefix-state cache on disk keeps one prefilled state per provider prompt: a second switch to a
provider, or a restart with it, loads its state instead of prefilling it again. Here on a fake
llama (the KV bytes are made up; `snapshot`, which reads them from llama.cpp, is replaced); the
real save/load round trip after a provider switch runs on the bundled model in
tests/integration/llm/test_cancel_and_prepare.py."""
from __future__ import annotations

import os

import numpy as np
import pytest
from llama_cpp.llama import LlamaState

from jarvis_tui.llm import prefix_store
from jarvis_tui.llm.prefix_store import PrefixStateStore

N_CTX, N_VOCAB = 4096, 32


class FakeLlama:
    """What the store touches of a llama_cpp.Llama; its 'KV state' is bytes that name the tokens
    it has read, so a restored state says which prompt it came from."""

    def __init__(self) -> None:
        self.input_ids = np.zeros(N_CTX, dtype=np.intc)
        self.n_tokens = 0
        self._seed = 7
        self.loaded: list[LlamaState] = []

    def n_vocab(self) -> int:
        return N_VOCAB

    def read(self, tokens: list[int]) -> None:          # a prefill
        self.input_ids[: len(tokens)] = tokens
        self.n_tokens = len(tokens)

    def kv_bytes(self) -> bytes:
        return b"KV:" + np.asarray(self.input_ids[: self.n_tokens], dtype=np.int32).tobytes()

    def load_state(self, state: LlamaState) -> None:
        self.loaded.append(state)
        self.input_ids[: state.n_tokens] = state.input_ids[: state.n_tokens]
        self.n_tokens = state.n_tokens


@pytest.fixture
def fake_snapshot(monkeypatch):
    def snap(llm: FakeLlama) -> LlamaState:
        data = llm.kv_bytes()
        return LlamaState(input_ids=llm.input_ids.copy(), scores=np.zeros((1, N_VOCAB), dtype=np.single),
                          n_tokens=llm.n_tokens, llama_state=data, llama_state_size=len(data), seed=llm._seed)
    monkeypatch.setattr(prefix_store, "snapshot", snap)


@pytest.fixture
def model(tmp_path):
    path = tmp_path / "m.gguf"
    path.write_bytes(b"GGUF" + b"\0" * 64)
    return path


# two providers' prompt prefixes: the same chat-template head, then different system prompts
SMALL = [1, 2, 3] + list(range(100, 160))
MEDIUM = [1, 2, 3] + list(range(500, 620))


def prefill_and_save(store: PrefixStateStore, model, tokens: list[int]):
    llm = FakeLlama()
    llm.read(tokens)
    return store.save(llm, model, N_CTX, tokens)


def test_each_provider_prompt_has_its_own_state_and_a_restart_loads_the_right_one(tmp_path, model, fake_snapshot):
    states = tmp_path / "states"
    small_file = prefill_and_save(PrefixStateStore(states), model, SMALL)
    medium_file = prefill_and_save(PrefixStateStore(states), model, MEDIUM)
    assert small_file and medium_file and small_file != medium_file
    assert sorted(p.name for p in states.glob("*.kv")) == sorted([small_file.name, medium_file.name])

    # a restart: a new store and a new model on the same folder
    store, llm = PrefixStateStore(states), FakeLlama()
    assert store.load(llm, model, N_CTX, MEDIUM) is True
    [state] = llm.loaded
    assert state.llama_state == b"KV:" + np.asarray(MEDIUM, np.int32).tobytes()
    assert llm.n_tokens == len(MEDIUM) and list(llm.input_ids[: llm.n_tokens]) == MEDIUM
    # switching back to the other provider loads its own state, not the one that is live
    assert store.load(llm, model, N_CTX, SMALL) is True
    assert llm.loaded[-1].llama_state == b"KV:" + np.asarray(SMALL, np.int32).tobytes()
    assert list(llm.input_ids[: llm.n_tokens]) == SMALL


def test_a_provider_never_prepared_has_nothing_on_disk(tmp_path, model, fake_snapshot):
    store = PrefixStateStore(tmp_path / "states")
    prefill_and_save(store, model, SMALL)
    llm = FakeLlama()
    assert store.load(llm, model, N_CTX, MEDIUM) is False and llm.loaded == []
    # a prompt that changed (a new memory, another tool set) is another key: not the old state
    assert store.load(llm, model, N_CTX, SMALL[:-1] + [999]) is False and llm.loaded == []


def test_a_state_of_another_model_or_context_is_not_used(tmp_path, model, fake_snapshot):
    store = PrefixStateStore(tmp_path / "states")
    prefill_and_save(store, model, SMALL)
    assert store.load(FakeLlama(), model, 2048, SMALL) is False
    other = tmp_path / "other.gguf"
    other.write_bytes(b"GGUF" + b"\1" * 64)
    assert store.load(FakeLlama(), other, N_CTX, SMALL) is False


def test_a_partial_prefill_is_not_saved(tmp_path, model, fake_snapshot):
    """A superseded preparation stops part-way: what it read is not written as the prompt's state."""
    store = PrefixStateStore(tmp_path / "states")
    llm = FakeLlama()
    llm.read(MEDIUM[:64])
    assert store.save(llm, model, N_CTX, MEDIUM) is None
    assert not list((tmp_path / "states").glob("*.kv"))


def test_the_provider_used_last_is_kept_when_old_states_are_pruned(tmp_path, model, fake_snapshot):
    store = PrefixStateStore(tmp_path / "states", max_files=2)
    small_file = prefill_and_save(store, model, SMALL)
    medium_file = prefill_and_save(store, model, MEDIUM)
    os.utime(small_file, (1_000_000, 1_000_000))
    os.utime(medium_file, (2_000_000, 2_000_000))
    assert store.load(FakeLlama(), model, N_CTX, SMALL) is True     # used again: now the newest
    third = prefill_and_save(store, model, [1, 2, 3, 7, 7, 7])
    assert small_file.exists() and third.exists() and not medium_file.exists()
