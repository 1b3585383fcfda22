"""OpenAI-compatible HTTP backend (llama.cpp server, llama-cpp-python's server, vLLM, Ollama's /v1):
for a model that lives on another machine. Constrained output goes as `response_format`
(json_object + schema, which llama.cpp servers and vLLM's guided decoding read), native tools as
`tools`; timings come from the server's `timings` block when it sends one."""
from __future__ import annotations

import json
import time
from typing import Any, Callable

import httpx

from jarvis_tui.llm.backend import Completion, LlmError


class OpenAICompatBackend:
    name = "openai"

    def __init__(self, base_url: str, model: str | None = None, timeout_s: float = 60.0,
                 api_key: str | None = None, client: httpx.Client | None = None) -> None:
        if not base_url:
            raise LlmError("llm.base_url is not set: the openai backend needs the server's URL "
                           "(e.g. http://127.0.0.1:8080/v1)")
        base = base_url.rstrip("/")
        self.base_url = base if base.endswith("/v1") else base + "/v1"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = client or httpx.Client(timeout=timeout_s, headers=headers)
        self.model = model
        self.metadata: dict[str, Any] = {}
        self.model_label = model or "remote"

    def probe(self) -> list[str]:
        """The server's model ids (GET /models); LlmError when the server does not answer."""
        try:
            r = self.client.get(f"{self.base_url}/models")
            r.raise_for_status()
            data = r.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise LlmError(f"the LLM server at {self.base_url} does not answer: {exc}") from None
        ids = [str(m.get("id")) for m in data.get("data", []) if isinstance(m, dict)]
        if ids and not self.model:
            self.model = ids[0]
            self.model_label = ids[0]
        if ids:
            self.metadata = {"general.name": self.model_label}
        return ids

    def warm(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> float:
        """Servers keep their own prompt cache: one tiny request primes it with the stable prefix."""
        t0 = time.perf_counter()
        try:
            self.complete([m for m in messages if m.get("role") == "system"] + [{"role": "user", "content": "hi"}],
                          max_tokens=1, tools=tools)
        except LlmError:
            pass
        return (time.perf_counter() - t0) * 1000

    def count_tokens(self, text: str) -> int:
        return max(1, len(text) // 4)

    def complete(self, messages: list[dict[str, Any]], *, json_schema: dict[str, Any] | None = None,
                 grammar: str | None = None, tools: list[dict[str, Any]] | None = None,
                 max_tokens: int = 192, temperature: float = 0.0, stop: list[str] | None = None,
                 on_text: Callable[[str], bool | None] | None = None,
                 on_prefill: Callable[[int, int], bool | None] | None = None) -> Completion:
        if on_prefill is not None and on_prefill(0, 0) is False:     # the server's prefill is not ours to see
            return Completion(text="", finish_reason="stopped")
        body: dict[str, Any] = {"messages": [self._wire(m) for m in messages], "max_tokens": max_tokens,
                                "temperature": temperature, "stream": False}
        if self.model:
            body["model"] = self.model
        if stop:
            body["stop"] = list(stop)
        if json_schema is not None:
            body["response_format"] = {"type": "json_object", "schema": json_schema}
        elif grammar is not None:
            body["grammar"] = grammar          # llama.cpp servers accept a GBNF string
        if tools:
            body["tools"] = tools
            body["tool_choice"] = "auto"
        t0 = time.perf_counter()
        try:
            r = self.client.post(f"{self.base_url}/chat/completions", json=body)
        except httpx.HTTPError as exc:
            raise LlmError(f"the LLM server at {self.base_url} failed: {type(exc).__name__}: {exc}") from None
        total = (time.perf_counter() - t0) * 1000
        if r.status_code >= 400:
            raise LlmError(f"the LLM server at {self.base_url} answered HTTP {r.status_code}: {r.text[:300]}")
        try:
            data = r.json()
            choice = data["choices"][0]
            msg = choice.get("message") or {}
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LlmError(f"the LLM server at {self.base_url} sent an unreadable reply: {exc}") from None
        usage = data.get("usage") or {}
        timings = data.get("timings") or {}
        calls = []
        for tc in msg.get("tool_calls") or []:
            fn = tc.get("function") or {}
            args = fn.get("arguments")
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except ValueError:
                    pass
            calls.append({"name": fn.get("name"), "arguments": args})
        prefill = float(timings.get("prompt_ms") or 0.0)
        gen = float(timings.get("predicted_ms") or 0.0)
        if not prefill and not gen:
            gen = total
        if on_text is not None and msg.get("content"):
            on_text(msg["content"])          # not streamed over HTTP: the whole text at once
        return Completion(
            text=msg.get("content") or "", prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            cached_tokens=int(timings.get("cache_n") or (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0),
            prefill_ms=prefill, generate_ms=gen, total_ms=total, tool_calls=calls,
            finish_reason=choice.get("finish_reason"))

    @staticmethod
    def _wire(m: dict[str, Any]) -> dict[str, Any]:
        out = {"role": m["role"], "content": m.get("content") or ""}
        if m["role"] == "tool":
            out["tool_call_id"] = m.get("tool_call_id") or m.get("name") or "call"
        return out

    def close(self) -> None:
        self.client.close()
