"""llama-cpp-python in process: the default backend (the bundled Qwen2.5-Coder-0.5B GGUF, or any GGUF).

Speed on a small CPU comes from not prefilling the same tokens twice:
- prompts are rendered with the model's own chat template and tokenized here, so the request is a
  token list whose stable head (system prompt, tools) matches the KV cache from the last request;
  llama-cpp-python then evaluates only the new tail;
- `warm()` prefills the stable prefix at start-up and keeps a snapshot of that state (save_state),
  restored when another prompt (a summary, a plain answer) has evicted the prefix from the cache;
- grammars are compiled once per schema and cached;
- when every answer a schema allows is a call to a named tool, the text they all start with
  ('{"tool":"calculate","args":' for the tool the router chose, '{"tool":"' for a shortlist) is
  read with the prompt, in one batch, and the grammar constrains only the rest: the model does not
  write tokens it has no choice about (`forced_start`; off with force_start=False).

The prompt is read (prefilled) in chunks of PREFILL_CHUNK tokens when the caller passes
`on_prefill(done, total)`: it sees the progress and returning False stops between two chunks (a
cancelled turn, a superseded provider preparation); generation stops at the next token when
`on_text` returns False.
"""
from __future__ import annotations

import logging
import math
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Iterator

from jarvis_tui.llm.backend import Completion, LlmError, PrefillFn, ProgressFn, WarmResult
from jarvis_tui.llm.generating_threads import GeneratingThreads
from jarvis_tui.llm.grammar import forced_start, schema_to_gbnf
from jarvis_tui.llm.models import check_gguf
from jarvis_tui.llm.prefix_store import PrefixStateStore, snapshot

log = logging.getLogger(__name__)

CHATML = ("{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + "
          "'<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}")
_SENTINEL = "\u2063JARVIS_PREFIX_END\u2063"
PREFILL_CHUNK = 64          # tokens read between two on_prefill calls: a cancel waits at most one chunk

def _common_prefix(a: list[int], b: list[int]) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _complete_utf8(data: bytes | bytearray) -> str:
    """`data` decoded, without a multi-byte character whose last bytes are still to come."""
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.end == len(data):           # cut inside the last character: leave it for later
            return bytes(data[: exc.start]).decode("utf-8", "ignore")
        return bytes(data).decode("utf-8", "ignore")


class LlamaCppBackend:
    name = "llama"
    greedy_top_first = True       # greedy calls check the top token against the grammar first (_greedy)

    def __init__(self, model_path: str | Path, n_ctx: int = 4096, n_threads: int = 2,
                 n_threads_batch: int | None = None, n_threads_most: int | None = None, progress: ProgressFn | None = None, seed: int = 0, max_prefix_states: int = 3,
                 state_cache_dir: str | Path | None = None, force_start: bool = True) -> None:
        path = Path(model_path)
        check_gguf(path)
        if progress:
            progress("loading", 0.1, f"loading {path.name}")
        try:
            from llama_cpp import Llama
        except ImportError as exc:  # pragma: no cover - the dependency is declared
            raise LlmError(f"llama-cpp-python is not installed: {exc}") from None
        t0 = time.perf_counter()
        try:
            self.llm = Llama(str(path), n_ctx=n_ctx, n_threads=n_threads,
                             n_threads_batch=n_threads_batch or n_threads,
                             n_batch=512, seed=seed, verbose=False)
        except Exception as exc:  # noqa: BLE001 - any load failure becomes one clear LlmError
            raise LlmError(f"cannot load the LLM model {path}: {type(exc).__name__}: {exc} "
                           "(the file may be corrupt or from an unsupported architecture)") from None
        self.load_ms = (time.perf_counter() - t0) * 1000
        self.n_threads_batch = n_threads_batch or n_threads
        # each token is written with every core allowed (`n_threads_most`) while that is fast, with
        # `n_threads` while the cores are shared (jarvis_tui.llm.generating_threads)
        self.threads = GeneratingThreads(n_threads, n_threads_most or n_threads)
        self._thread_counts = (n_threads, self.n_threads_batch)
        self.model_path = path
        self.metadata: dict[str, Any] = dict(self.llm.metadata or {})
        self.model_label = str(self.metadata.get("general.name") or path.name)
        self.n_ctx = n_ctx
        self.force_start = force_start
        self._lock = threading.RLock()
        self._grammars: dict[str, Any] = {}
        self._states: OrderedDict[tuple[int, ...], Any] = OrderedDict()
        self._max_states = max_prefix_states
        self.last_prefix_restored = False
        # prefilled prefixes on disk across restarts (jarvis_tui.llm.prefix_store); None = off
        self.state_store = PrefixStateStore(state_cache_dir) if state_cache_dir else None
        self.last_warm_source = ""           # memory | disk | prefill (what the last warm() used)
        self._template = self._load_template()
        self._eos = self._token_text(self.llm.token_eos())
        self._bos = self._token_text(self.llm.token_bos())
        if progress:
            progress("loaded", 0.6, f"{self.model_label} loaded in {self.load_ms / 1000:.1f} s")

    # ---- templates ------------------------------------------------------------------------------
    def _token_text(self, token: int) -> str:
        try:
            return self.llm.detokenize([token], special=True).decode("utf-8", "ignore") if token >= 0 else ""
        except Exception:  # noqa: BLE001
            return ""

    def _load_template(self):
        import jinja2
        from jinja2.sandbox import ImmutableSandboxedEnvironment

        source = self.metadata.get("tokenizer.chat_template") or CHATML
        env = ImmutableSandboxedEnvironment(loader=jinja2.BaseLoader(), trim_blocks=True, lstrip_blocks=True)

        def raise_exception(message: str) -> None:
            raise jinja2.TemplateError(message)
        env.globals["raise_exception"] = raise_exception
        env.filters.setdefault("tojson", lambda v, indent=None: __import__("json").dumps(v, ensure_ascii=False, indent=indent))
        try:
            return env.from_string(source)
        except jinja2.TemplateError:
            log.warning("the chat template of %s does not compile; using ChatML", self.model_path)
            return env.from_string(CHATML)

    def render(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
               add_generation_prompt: bool = True) -> str:
        try:
            return self._template.render(messages=messages, tools=tools or None, bos_token=self._bos,
                                         eos_token=self._eos, add_generation_prompt=add_generation_prompt)
        except Exception as exc:  # noqa: BLE001 - a template that rejects a role: fall back to plain roles
            log.debug("chat template failed (%s); retrying with user/assistant roles only", exc)
            simple = [{"role": m["role"] if m["role"] in ("system", "user", "assistant") else "user",
                       "content": m.get("content") or ""} for m in messages]
            return self._template.render(messages=simple, tools=tools or None, bos_token=self._bos,
                                         eos_token=self._eos, add_generation_prompt=add_generation_prompt)

    def tokenize(self, text: str) -> list[int]:
        add_bos = str(self.metadata.get("tokenizer.ggml.add_bos_token", "false")).lower() == "true"
        # the template already writes the BOS text when the model wants one
        if add_bos and self._bos and text.startswith(self._bos):
            add_bos = False
        return self.llm.tokenize(text.encode("utf-8"), add_bos=add_bos, special=True)

    def count_tokens(self, text: str) -> int:
        return len(self.llm.tokenize(text.encode("utf-8"), add_bos=False, special=True))

    # ---- the prefix cache -------------------------------------------------------------------------
    def warm(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
             on_prefill: PrefillFn | None = None) -> float:
        """Prefill everything before the content of the last user message and snapshot it; ms."""
        return self.warm_prefix(messages, tools, on_prefill).ms

    def prefix_tokens(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> list[int]:
        """The stable head of this prompt that warm() prefills: everything before the last user content."""
        probe = [dict(m) for m in messages]
        if not probe or probe[-1].get("role") != "user":
            probe.append({"role": "user", "content": _SENTINEL})
        else:
            probe[-1] = {"role": "user", "content": _SENTINEL}
        text = self.render(probe, tools)
        cut = text.find(_SENTINEL)
        prefix = text[:cut] if cut >= 0 else text
        return self.tokenize(prefix)

    def prompt_tokens(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> int:
        """The whole prompt's length in tokens, as the model reads it."""
        return len(self.tokenize(self.render(messages, tools)))

    def prefix_state(self, tokens: list[int]) -> str:
        """Where the prefilled state of `tokens` is: "memory" (a snapshot or the live cache),
        "disk" (the prefix-state cache), or "" (it would be prefilled). It does not wait for the
        model: while a turn or a preparation holds it (a prefill takes seconds), the live cache,
        which is changing, is not looked at, only the snapshots and the disk."""
        key = tuple(tokens)
        if key in self._states:            # one dict lookup: safe beside a thread that adds or drops one
            return "memory"
        if self._lock.acquire(blocking=False):
            try:
                if self.llm is not None and _common_prefix(list(self.llm._input_ids[: self.llm.n_tokens]),
                                                           tokens) >= len(tokens):
                    return "memory"
            finally:
                self._lock.release()
        if self.state_store is not None and self.state_store.path_for(self.model_path, self.n_ctx, tokens).is_file():
            return "disk"
        return ""

    def warm_prefix(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                    on_prefill: PrefillFn | None = None) -> WarmResult:
        """warm() with where the state came from; `on_prefill` sees the progress of a prefill and
        may stop it (source "stopped": the partial state is neither snapshotted nor saved)."""
        tokens = self.prefix_tokens(messages, tools)
        if len(tokens) >= self.n_ctx:
            raise LlmError(f"the prompt's stable part is {len(tokens)} tokens; it does not fit the context of "
                           f"{self.n_ctx} (raise llm.n_ctx or choose a provider with a shorter prompt)")
        with self._lock:
            t0 = time.perf_counter()
            self._use_threads(self._thread_counts[0], whole_prompt=True)
            self._ensure_prefix(tokens)
            common = _common_prefix(list(self.llm._input_ids[: self.llm.n_tokens]), tokens)
            self.llm.n_tokens = common
            self.last_warm_source = "memory"
            if common < len(tokens):
                if self.state_store is not None and self.state_store.load(self.llm, self.model_path, self.n_ctx, tokens):
                    self.last_warm_source = "disk"
                else:
                    self.llm.n_tokens = common
                    if not self._prefill(tokens, on_prefill):
                        self.last_warm_source = "stopped"
                        return WarmResult((time.perf_counter() - t0) * 1000, len(tokens), "stopped")
                    self.last_warm_source = "prefill"
                    if self.state_store is not None:
                        self.state_store.save(self.llm, self.model_path, self.n_ctx, tokens)
            key = tuple(tokens)
            if key not in self._states:
                self._states[key] = snapshot(self.llm)   # no 311 MB logits copy (see prefix_store)
                while len(self._states) > self._max_states:
                    self._states.popitem(last=False)
            self._states.move_to_end(key)
            if on_prefill is not None:
                on_prefill(len(tokens), len(tokens))
            return WarmResult((time.perf_counter() - t0) * 1000, len(tokens), self.last_warm_source)

    def _prefill(self, tokens: list[int], on_prefill: PrefillFn | None) -> bool:
        """Evaluate `tokens` after the live cache's common prefix (the lock is held). With
        `on_prefill`, in chunks, asking before each one (done and total count the tokens left to
        read, not the cached ones); False when it said stop."""
        start = _common_prefix(list(self.llm._input_ids[: self.llm.n_tokens]), tokens)
        self.llm.n_tokens = start
        if start >= len(tokens):
            return True
        if on_prefill is None:
            self.llm.eval(tokens[start:])
            return True
        todo = len(tokens) - start          # the progress counts only the tokens to read
        for i in range(start, len(tokens), PREFILL_CHUNK):
            if on_prefill(i - start, todo) is False:
                return False
            self.llm.eval(tokens[i:i + PREFILL_CHUNK])
        return True

    def _ensure_prefix(self, tokens: list[int]) -> int:
        """Restore a saved prefix state when it covers more of `tokens` than the live cache does."""
        self.last_prefix_restored = False
        live = _common_prefix(list(self.llm._input_ids[: self.llm.n_tokens]), tokens)
        best_key, best = None, live
        for key in self._states:
            if len(key) > best and tuple(tokens[: len(key)]) == key:
                best_key, best = key, len(key)
        if best_key is not None:
            self.llm.load_state(self._states[best_key])
            self._states.move_to_end(best_key)
            self.last_prefix_restored = True
            return best
        return live

    # ---- completion ---------------------------------------------------------------------------------
    def _grammar(self, gbnf: str):
        from llama_cpp import LlamaGrammar
        g = self._grammars.get(gbnf)
        if g is None:
            try:
                g = LlamaGrammar.from_string(gbnf, verbose=False)
            except Exception as exc:  # noqa: BLE001 - any grammar failure becomes one clear LlmError
                raise LlmError(f"the output grammar does not compile: {exc}") from None
            self._grammars[gbnf] = g
            if len(self._grammars) > 16:
                self._grammars.pop(next(iter(self._grammars)))
        return g

    def complete(self, messages: list[dict[str, Any]], *, json_schema: dict[str, Any] | None = None,
                 grammar: str | None = None, tools: list[dict[str, Any]] | None = None,
                 max_tokens: int = 192, temperature: float = 0.0, stop: list[str] | None = None,
                 on_text: Callable[[str], bool | None] | None = None,
                 on_prefill: PrefillFn | None = None) -> Completion:
        """`on_text(piece)` sees the text as it is generated; returning False ends the generation
        (finish_reason "stopped"). `on_prefill(done, total)` sees the prompt being read, chunk by
        chunk; returning False ends the request before generation (finish_reason "stopped", no text)."""
        start = ""                    # text every allowed answer starts with: read with the prompt
        if grammar is None and json_schema is not None:
            split = forced_start(json_schema) if self.force_start else None
            if split is not None:
                start, grammar = split
            else:
                grammar = schema_to_gbnf(json_schema)
        prompt = self.render(messages, tools) + start
        tokens = self.tokenize(prompt)
        if len(tokens) + max_tokens > self.n_ctx:
            raise LlmError(f"the prompt is {len(tokens)} tokens; with {max_tokens} to generate it does not fit "
                           f"the context of {self.n_ctx} (raise llm.n_ctx or shorten the history)")
        with self._lock:
            compiled = self._grammar(grammar) if grammar else None
            if compiled is not None:
                compiled.reset() if hasattr(compiled, "reset") else None
            self._use_threads(self.threads.choose())   # the prompt's rest is read as the cores allow
            cached = self._ensure_prefix(tokens)
            cached = min(cached, len(tokens) - 1)
            t0 = time.perf_counter()
            t_first = None
            pieces: list[str] = []
            logprobs: list[tuple[str, float]] = []     # each token written (greedy decoding says them)
            finish = None
            try:
                if on_prefill is not None and not self._prefill(tokens[:-1], on_prefill):
                    t_end = time.perf_counter()
                    return Completion(text="", prompt_tokens=len(tokens), cached_tokens=cached,
                                      prefill_ms=(t_end - t0) * 1000, total_ms=(t_end - t0) * 1000,
                                      finish_reason="stopped")
                if temperature == 0 and self.greedy_top_first:
                    stream = self._greedy(tokens, grammar, max_tokens, list(stop or []))
                else:
                    stream = (chunk["choices"][0] for chunk in self.llm.create_completion(
                        tokens, max_tokens=max_tokens, temperature=temperature, top_k=1 if temperature == 0 else 40,
                        stop=list(stop or []), grammar=compiled, stream=True, repeat_penalty=1.0))
                for choice in stream:
                    if t_first is None:
                        t_first = time.perf_counter()
                    piece = choice.get("text") or ""
                    if choice.get("logprob") is not None:
                        logprobs.append((piece, choice["logprob"]))
                    pieces.append(piece)
                    finish = choice.get("finish_reason") or finish
                    if on_text is not None and piece and on_text(piece) is False:
                        finish = "stopped"
                        break
            except Exception as exc:  # noqa: BLE001 - any generation failure becomes one clear LlmError
                raise LlmError(f"generation failed: {type(exc).__name__}: {exc}") from None
            t_end = time.perf_counter()
        written = "".join(pieces)
        text = start + written if written else ""
        t_first = t_first or t_end
        return Completion(
            text=text, prompt_tokens=len(tokens), completion_tokens=max(1, self.count_tokens(written)) if written else 0,
            cached_tokens=cached, prefill_ms=(t_first - t0) * 1000, generate_ms=(t_end - t_first) * 1000,
            total_ms=(t_end - t0) * 1000, finish_reason=finish, token_logprobs=logprobs)

    def _use_threads(self, n: int, whole_prompt: bool = False) -> None:
        """Write tokens with `n` threads; read a request's few new tokens with the configured count
        while the most threads are the faster, with the fewest while the cores are shared; read a
        whole prompt (`whole_prompt`: a provider's, thousands of tokens) with the configured count."""
        shared = self.threads.faster() != self.threads.most
        n_batch = self.threads.fewest if shared and not whole_prompt else self.n_threads_batch
        if (n, n_batch) != self._thread_counts:
            import llama_cpp
            llama_cpp.llama_set_n_threads(self.llm._ctx.ctx, n, n_batch)
            self._thread_counts = (n, n_batch)

    def _eval_timed(self, todo: list[int]) -> None:
        """llm.eval of the next step with the thread count `self.threads` chooses; a step of one
        token tells it how long a token took."""
        n = self.threads.choose()
        self._use_threads(n)
        t = time.perf_counter()
        self.llm.eval(todo)
        if len(todo) == 1:
            self.threads.observe(n, (time.perf_counter() - t) * 1000)

    def _greedy(self, tokens: list[int], grammar: str | None, max_tokens: int,
                stop: list[str]) -> Iterator[dict[str, Any]]:
        """Greedy decoding that asks the grammar about the model's top token first: the grammar
        is applied to the whole vocabulary (152k tokens for Qwen) only when it rejects that token,
        as llama.cpp's own common sampler does. The text is the same as constrained greedy
        sampling's (the top token the grammar allows is the top token when it allows it), one
        grammar check instead of 152k at most steps. Yields {"text", "finish_reason", "logprob"} like
        a completion stream's choices, "logprob" that of the token written (before the grammar: how
        sure the model itself was); the lock is held."""
        import ctypes

        import llama_cpp
        import numpy as np

        llm = self.llm
        vocab = llm._model.vocab
        n_vocab = llm.n_vocab()
        sampler = None
        if grammar:
            sampler = llama_cpp.llama_sampler_init_grammar(vocab, grammar.encode("utf-8"), b"root")
            if not sampler:
                raise LlmError("the output grammar does not compile")
        one = (llama_cpp.llama_token_data * 1)()
        one_array = llama_cpp.llama_token_data_array(one, 1, -1, False)
        everything = everything_array = columns = None
        common = min(_common_prefix(list(llm._input_ids[: llm.n_tokens]), tokens), len(tokens) - 1)
        llm.n_tokens = common
        todo = tokens[common:]
        written = bytearray()
        said = 0                           # characters of `written` already yielded
        try:
            for step in range(max_tokens):
                self._eval_timed(todo)
                logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits_ith(llm._ctx.ctx, -1), shape=(n_vocab,))
                token = int(logits.argmax())
                if sampler is not None:
                    one[0].id, one[0].logit, one[0].p = token, float(logits[token]), 0.0
                    one_array.size, one_array.selected = 1, -1
                    llama_cpp.llama_sampler_apply(sampler, ctypes.byref(one_array))
                    if one[0].logit == -np.inf:          # not allowed here: ask about every token
                        if everything is None:
                            everything = (llama_cpp.llama_token_data * n_vocab)()
                            columns = np.ctypeslib.as_array(everything).view(
                                np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)]))
                            everything_array = llama_cpp.llama_token_data_array(everything, n_vocab, -1, False)
                        columns["id"] = np.arange(n_vocab, dtype=np.intc)
                        columns["logit"] = logits
                        everything_array.size, everything_array.selected, everything_array.sorted = n_vocab, -1, False
                        llama_cpp.llama_sampler_apply(sampler, ctypes.byref(everything_array))
                        allowed = columns["logit"][: everything_array.size]
                        best = int(allowed.argmax())
                        if allowed[best] == -np.inf:         # the grammar allows nothing: a dead end
                            yield {"text": "", "finish_reason": "stop"}
                            return
                        token = int(columns["id"][best])
                if llama_cpp.llama_vocab_is_eog(vocab, token):
                    yield {"text": "", "finish_reason": "stop"}
                    return
                top = float(logits.max())
                logprob = float(logits[token]) - top - math.log(float(np.exp(logits - top).sum()))
                if sampler is not None:
                    llama_cpp.llama_sampler_accept(sampler, token)
                written += llm.detokenize([token], prev_tokens=tokens)
                text = _complete_utf8(written)
                cut = min((text.find(s) for s in stop if s and s in text), default=-1)
                if cut >= 0:
                    yield {"text": text[said:cut], "finish_reason": "stop", "logprob": logprob}
                    return
                # hold back what may be the start of a stop string
                hold = max((k for s in stop for k in range(min(len(s), len(text)), 0, -1)
                            if text.endswith(s[:k])), default=0)
                if len(text) - hold > said:
                    yield {"text": text[said:len(text) - hold], "finish_reason": None, "logprob": logprob}
                    said = len(text) - hold
                else:
                    yield {"text": "", "finish_reason": None, "logprob": logprob}
                todo = [token]
            text = _complete_utf8(written)
            yield {"text": text[said:], "finish_reason": "length"}
        finally:
            if sampler is not None:
                llama_cpp.llama_sampler_free(sampler)

    def weigh_choices(self, messages: list[dict[str, Any]], start: str, names: list[str],
                      tools: list[dict[str, Any]] | None = None,
                      on_prefill: PrefillFn | None = None) -> dict[str, float] | None:
        """The model's own probability of each tool name right after the prompt and `start`, read
        from its next-token distribution: a name's probability is that of its tokens up to where it
        differs from every other name (the rest of it is then certain), so a shortlist costs the
        prompt's prefill plus one token for each prefix several names share ("get_" of get_weather
        and get_current_time). Normalised over `names`. The prompt stays in the cache: the call
        that then writes the chosen tool's arguments reads only the name."""
        import numpy as np
        prompt_tokens = self.tokenize(self.render(messages, tools) + start)
        if len(prompt_tokens) + 8 > self.n_ctx:
            raise LlmError(f"the prompt is {len(prompt_tokens)} tokens; it does not fit the context of {self.n_ctx}")
        seqs = {n: self.llm.tokenize((n + '"').encode("utf-8"), add_bos=False, special=False) for n in dict.fromkeys(names)}
        logp = {n: 0.0 for n in seqs}
        with self._lock:
            self._use_threads(self.threads.choose())
            self._ensure_prefix(prompt_tokens)
            try:
                if not self._prefill(prompt_tokens[:-1], on_prefill):
                    return None
                self.llm.n_tokens = min(self.llm.n_tokens, len(prompt_tokens) - 1)
                self._eval_timed(prompt_tokens[-1:])
                base = self.llm.n_tokens
                n_vocab = self.llm.n_vocab()

                def log_softmax() -> Any:
                    row = np.ctypeslib.as_array(self.llm._ctx.get_logits(), shape=(n_vocab,)).astype(np.float64)
                    top = row.max()
                    return row - (top + np.log(np.exp(row - top).sum()))

                def walk(group: list[str], depth: int) -> None:
                    scores = log_softmax()
                    by_token: dict[int, list[str]] = {}
                    for n in group:
                        if depth < len(seqs[n]):
                            by_token.setdefault(seqs[n][depth], []).append(n)
                    for token, sub in by_token.items():
                        for n in sub:
                            logp[n] += float(scores[token])
                        if len(sub) > 1:
                            self.llm.n_tokens = base + depth
                            self._eval_timed([token])
                            walk(sub, depth + 1)

                walk(list(seqs), 0)
            except Exception as exc:  # noqa: BLE001 - any evaluation failure becomes one clear LlmError
                raise LlmError(f"weighing the choices failed: {type(exc).__name__}: {exc}") from None
            finally:
                self.llm.n_tokens = min(self.llm.n_tokens, len(prompt_tokens))
        top = max(logp.values())
        weights = {n: float(np.exp(v - top)) for n, v in logp.items()}
        total = sum(weights.values())
        return {n: w / total for n, w in weights.items()}

    def close(self) -> None:
        with self._lock:
            self._states.clear()
            llm, self.llm = getattr(self, "llm", None), None
            if llm is not None:
                try:
                    llm.close()
                except Exception:  # noqa: BLE001
                    pass
