"""The brain: the LLM half of a turn (pre_route has already passed on the text).

provider -> LLM -> parse -> ToolCallParser -> assistant.execute_call (post_process, execute), with
- validation_error carrying valid_values: one retry with the hint, then a clarification question
  (the turn stays open: wait_for_input);
- a direct answer where an action command fits: one "you must call a tool" retry;
- an unknown tool: one retry naming the real ones;
- at most config.llm.max_iterations LLM calls; the same call twice stops the loop;
- every call failing: "Sorry, that didn't work: ...";
- multi-turn history per conversation_id (pre-routed turns included), trimmed to the context budget,
  oldest first; the system prompt is never cut;
- spoken text from the command's message, else a short LLM summary of context_data.
"""
from __future__ import annotations

import json
import logging
import math
import re
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.clarification import asked_argument, clarification_question
from jarvis_tui.assistant.grounding import ground_arguments
from jarvis_tui.assistant.intent_router import OUT_OF_SCOPE, RouterResult, decline_message, weighed_choice
from jarvis_tui.assistant.reply_stream import SentenceStream, mend_numbers, repetition_cut
from jarvis_tui.assistant.responder import spoken_text
from jarvis_tui.assistant.tool_calls import ParsedToolCalls, ToolCallParser
from jarvis_tui.assistant.turn import TurnResult
from jarvis_tui.assistant.turn_control import TurnCancelledError, TurnControl
from jarvis_tui.llm.backend import ChoosingBackend, Completion, LlmError, PreparableBackend
from jarvis_tui.sdk.grammar import call_choices, with_fixed_arguments
from jarvis_tui.sdk.history import HistoryTurn, result_summary
from jarvis_tui.sdk.text import asks_question, refers_back
from jarvis_tui.sdk.responses import CommandResponse, RequestInformation

if TYPE_CHECKING:
    from jarvis_tui.llm.backend import LlmBackend
    from jarvis_tui.assistant.assistant import Assistant
    from jarvis_tui.sdk.command import IJarvisCommand
    from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider
    from jarvis_tui.llm.provider_factory import PromptProviderFactory

log = logging.getLogger(__name__)

SUMMARY_SYSTEM = ("You are a voice assistant. Tell the user this result in one short, natural spoken "
                  "sentence. No lists, no JSON, no markdown.")
ANSWER_SYSTEM = ("You are Jarvis, a voice assistant that runs offline on the user's own computer (an open-source "
                 "project, not a product of any company). Answer in one to three short spoken sentences. "
                 "If you do not know, say so.")
NOT_UNDERSTOOD = "Sorry, I didn't understand that."
DECLINE_TOOL = "none"        # the constrained output's "no tool fits" call: {"tool": "none", "args": {}}



@dataclass
class RouteDecision:
    tool_calls: list[dict[str, Any]] = field(default_factory=list)   # [{"name", "arguments"}]
    message: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    raw: str = ""
    provider: str = ""
    stats: dict[str, Any] = field(default_factory=dict)               # tokens, cache, tokens/s
    retries: list[str] = field(default_factory=list)                  # why the LLM was asked again
    router: RouterResult | None = None                                # the intent router's decision
    declined: bool = False                                            # no command fits: nothing fires


@dataclass
class _Pass:
    """One LLM call and what came of it."""

    completion: Completion
    parsed: ParsedToolCalls
    messages: list[dict[str, Any]]

    @property
    def prompt_text(self) -> str:
        """Everything the model read (system prompt, history, retry instructions): no argument may be
        copied from it (grounding)."""
        return "\n".join(str(m.get("content") or "") for m in self.messages)


class LlmTextAnswerer:
    """The TextAnswerer lent to commands (chat, answer_question): plain words from the LLM."""

    def __init__(self, backend: LlmBackend, temperature: float = 0.0) -> None:
        self.backend = backend
        self.temperature = temperature
        self.stream: SentenceStream | None = None      # set by the assistant while a command runs
        self.control: TurnControl | None = None        # the turn's control (stage, cancel), set by the assistant
        # how sure the model was of its last answer (TextAnswerer.sureness): its first sentence's
        # tokens' geometric mean probability, 0..1; None when the backend does not say
        self.sureness: float | None = None

    def answer(self, user_text: str, system: str | None = None, max_tokens: int = 160, stream: bool = True,
               earlier: Sequence[tuple[str, str]] = ()) -> str:
        """The LLM's words. A cancelled turn stops them at the next token: what was written so far
        is returned (the command finishes with it; the turn then ends as cancelled). `stream` False:
        no sentence goes out before the whole reply is written (the command checks it first).
        `earlier`: (question, answer) pairs read before it, as the conversation they were."""
        messages = [{"role": "system", "content": system or ANSWER_SYSTEM}]
        for asked, answered in earlier:
            messages += [{"role": "user", "content": asked}, {"role": "assistant", "content": answered}]
        messages.append({"role": "user", "content": user_text})
        control = self.control
        stream = self.stream if stream else None
        if control is not None and control.is_cancelled:
            return ""                      # the turn was cancelled: no more words are asked for
        written: list[str] = []
        looped: list[str] = []

        def on_text(piece: str) -> bool | None:
            if control is not None and not control.on_text(piece):
                return False
            if stream is not None:
                return stream.feed(piece)
            written.append(piece)
            cut = repetition_cut("".join(written))
            if cut is not None:             # the model repeats itself: its words once, and no more
                looped.append(cut)
                return False
            return None
        self.sureness = None
        out = self.backend.complete(messages, max_tokens=max_tokens, temperature=self.temperature,
                                    on_text=on_text, on_prefill=control.on_prefill if control else None)
        self.sureness = first_sentence_sureness(out.token_logprobs)
        if stream is None:
            return _clean_words(looped[0] if looped else out.text)
        stream.finish()
        if stream.looped:
            return stream.text
        return _clean_words(out.text) if not stream.stopped.is_set() else stream.text


_SENTENCE_END = re.compile(r"[.!?][\"')]?\s*$")


def first_sentence_sureness(tokens: list[tuple[str, float]]) -> float | None:
    """How sure the model was of what it said first: the geometric mean probability of the tokens of
    its first sentence (of three words or more). A longer answer goes on in words that are each less
    likely (an explanation), so the whole answer's mean would call every explanation unsure; the
    first sentence holds a short answer's fact. None without token probabilities."""
    if not tokens:
        return None
    text, logprobs = "", []
    for piece, logprob in tokens:
        text += piece
        logprobs.append(logprob)
        if _SENTENCE_END.search(text) and len(text.split()) >= 3:
            break
    return math.exp(sum(logprobs) / len(logprobs))


def _clean_words(text: str) -> str:
    text = re.sub(r"<think>.*?</think>", "", text or "", flags=re.S)
    text = re.sub(r"```.*?```", "", text, flags=re.S).strip()
    return mend_numbers(re.sub(r"\s+", " ", text).strip())


def _call_key(call: dict[str, Any]) -> str:
    return call["name"] + json.dumps(call.get("arguments", {}), sort_keys=True, default=str)


class ConversationBrain:
    def __init__(self, backend: LlmBackend, factory: "PromptProviderFactory", config: Any, settings: Any = None,
                 memories: Any = None) -> None:
        self.backend = backend
        self.factory = factory
        self.config = config
        self.settings = settings
        self.memories = memories
        self.provider_override: str | None = None
        self.answerer = LlmTextAnswerer(backend, temperature=config.llm.temperature)
        self.histories: dict[str, list[HistoryTurn]] = {}
        self._prompt_cache: dict[tuple[str, tuple[str, ...]], tuple[str, Any, Any, Any]] = {}
        self._lock = threading.RLock()
        self.last_selection_reason = ""
        self.last_decider: str | None = None        # "router" when the router decided without an LLM call
        self._prompt_lock = threading.RLock()       # the prompt cache: turns and a background preparation
        # the provider prompt being prefilled in the background (prepare_provider): one at a time, the
        # newest wins; a turn that needs the LLM meanwhile waits for it
        self._prepare_cond = threading.Condition()
        self._prepare_generation = 0
        self._preparing: str | None = None
        self.prepare_state: dict[str, Any] = {}     # the last ProviderPrepared seen: provider, stage, fraction

    # ---- provider and prompt --------------------------------------------------------------------
    def active_provider(self) -> IJarvisPromptProvider:
        setting = self.provider_override
        if not setting and self.settings is not None:
            try:
                setting = self.settings.get("llm.interface")
            except Exception:  # noqa: BLE001
                setting = None
        sel = self.factory.select(setting=setting, configured=self.config.llm.interface,
                                  metadata=self.backend.metadata)
        self.last_selection_reason = sel.reason
        return sel.provider

    def node_context(self) -> dict[str, Any]:
        g = self.config.general
        return {k: v for k, v in {"user_name": g.user_name, "room": g.room, "location": g.location,
                                  "response_style": g.response_style,
                                  "user_memories": list(self._memories())}.items() if v}

    def _memories(self) -> tuple[str, ...]:
        """The user's memories for the prompt (secret ones masked, within a budget), or none."""
        if self.memories is None:
            return ()
        try:
            return tuple(self.memories.for_prompt())
        except Exception:  # noqa: BLE001 - a closed store at shutdown: no memories this turn
            return ()

    def _prepared(self, provider, commands: list[Any]):
        """(system prompt, json schema, grammar, native tools) for this provider and tool set; cached
        so the prompt text (and so the KV prefix) is byte-identical turn after turn."""
        # the memories are part of the key: a new memory makes a new prompt (its block comes last, so
        # the model's cached prefix up to it stays valid)
        with self._prompt_lock:
            return self._prepared_locked(provider, commands)

    def _prepared_locked(self, provider, commands: list[Any]):
        key = (provider.name, tuple(sorted(c.command_name for c in commands)), self._memories())
        hit = self._prompt_cache.get(key)
        if hit is None:
            provider.remember_commands(commands)
            tools = provider.build_tools(commands) if provider.supports_native_tools else []
            system = provider.build_system_prompt(self.node_context(), self.config.general.timezone, tools, commands)
            schema = grammar = None
            if self.config.llm.constrained and not provider.supports_native_tools:
                grammar = provider.response_grammar(commands)
                if grammar is None:
                    schema = provider.response_schema(commands)
                    if schema is None:
                        fmt = provider.get_response_format()
                        schema = (fmt or {}).get("schema")
            hit = (system, schema, grammar, tools)
            for old in [k for k in self._prompt_cache if k[:2] == key[:2]]:
                del self._prompt_cache[old]                 # an older memory block: never used again
            self._prompt_cache[key] = hit
        else:
            provider.remember_commands(commands)
        return hit

    def _narrowed(self, provider, commands: list[Any], allowed: tuple[str, ...], decline: bool = False,
                  fixed: dict[str, Any] | None = None):
        """(schema, grammar) constraining output to the `allowed` tools (and, with `decline`, the
        decline call {"tool": "none"}); the prompt stays the same (so the KV prefix does too). None
        when this provider is not constrained by a schema/grammar. `fixed`: for one allowed tool, the
        arguments already decided (its choice arguments learned from its examples): constants there."""
        key = ("narrow", provider.name, tuple(sorted(c.command_name for c in commands)), allowed, decline)
        hit = self._prompt_cache.get(key)
        if hit is None:
            subset = [c for c in commands if c.command_name in allowed]
            grammar = provider.response_grammar(subset)
            schema = provider.narrowed_schema(subset, decline=decline) if grammar is None else None
            hit = (schema, grammar)
            self._prompt_cache[key] = hit          # type: ignore[assignment]
            provider.remember_commands(commands)
        if fixed and len(allowed) == 1 and hit[0] is not None:
            return with_fixed_arguments(hit[0], allowed[0], fixed), hit[1]
        return hit

    @staticmethod
    def _not_this(assistant: Assistant, rejected: list[dict[str, Any]]) -> str | None:
        """What to say when the only command that came up could not take the user's words: what that
        command does (its `capability`), and that this is not it; None when it declares none."""
        for r in rejected:
            command = assistant.registry.get(str(r.get("name", "")))
            if command is not None and command.capability:
                return f"Sorry, I can't do that. I can {command.capability}, but not that."
        return None

    @staticmethod
    def _declined_topic(assistant: Assistant, text: str, decision: RouterResult | None) -> str | None:
        """The out-of-scope topic of a request the router gave "no command fits" a real chance (a
        shortlist that may be declined), or None."""
        router = assistant.router
        if router is None or decision is None or not decision.declinable:
            return None
        if decision.out_of_scope < router.thresholds.declinable:
            return None
        return router.topic(text)

    @staticmethod
    def _guard_allowed(history: list[HistoryTurn]) -> bool:
        """No guard right after the assistant asked something back (a yes/no or a clarification)."""
        if not history:
            return True
        last = history[-1]
        said = (last.message or "").strip()
        return not (said.endswith("?") and not last.calls)

    def in_follow_up(self, text: str, conversation_id: str = "default") -> bool:
        """Whether `text` answers or continues the previous turn (the assistant asked something back,
        or the words point at an earlier turn): then the router must not decline it on its own."""
        return self._follows_up(self.histories.get(conversation_id or "default") or [], text)

    @classmethod
    def _follows_up(cls, history: list[HistoryTurn], text: str) -> bool:
        return bool(history) and (not cls._guard_allowed(history) or refers_back(text))

    def recent_text(self, conversation_id: str = "default", turns: int = 3) -> str:
        """What the user and the assistant said in the last turns, with what its commands returned
        (arguments may come from there too: "add that to my list", "now multiply that by 2")."""
        history = self.histories.get(conversation_id or "default") or []
        return "\n".join("\n".join([h.user, h.message or "", *(str(r.get("result", "")) for r in h.results)])
                         for h in history[-turns:])

    def _messages(self, provider, system: str, history: list[HistoryTurn], text: str, source: str) -> list[dict[str, Any]]:
        budget = self._history_budget_chars(system)
        return provider.build_messages(system, history, text, self.node_context(),
                                       self.config.general.timezone, source, budget_chars=budget)

    def _history_budget_chars(self, system: str) -> int:
        try:
            sys_tokens = self.backend.count_tokens(system)
        except Exception:  # noqa: BLE001
            sys_tokens = len(system) // 3
        free = self.config.llm.n_ctx - self.config.llm.max_tokens - sys_tokens - 128
        return max(0, free * 3)

    def warm(self, commands: list[IJarvisCommand]) -> float:
        """Prefill the active provider's system prompt (start-up, and after a provider change)."""
        provider = self.active_provider()
        system, _, _, tools = self._prepared(provider, commands)
        messages = self._messages(provider, system, [], "x", "text")
        return self.backend.warm(messages, tools or None)

    # ---- a provider prepared in the background ----------------------------------------------------
    def _warm_messages(self, provider, commands: list[Any]) -> tuple[list[dict[str, Any]], Any]:
        system, _, _, tools = self._prepared(provider, commands)
        return self._messages(provider, system, [], "x", "text"), tools or None

    def prepare_provider(self, name: str, commands: list[IJarvisCommand], emit: ev.EventSink | None = None) -> ev.ProviderPrepared:
        """Prefill provider `name`'s system prompt now (after a switch, in a background thread), so
        the next turn finds it ready: from memory or the prefix-state cache on disk when it was
        prepared before, else read by the LLM with ProviderPrepared progress events. A later call
        supersedes this one (it stops between two chunks of the prompt). A turn that needs the LLM
        meanwhile waits for it (and then uses the prefilled state). Returns the last event."""
        send = emit or (lambda e: None)
        with self._prepare_cond:
            self._prepare_generation += 1
            generation = self._prepare_generation
            self._preparing = name
        t0 = time.perf_counter()
        last = [0.0]

        def report(stage: str, fraction: float = 0.0, tokens: int = 0, source: str = "",
                   message: str = "") -> ev.ProviderPrepared:
            event = ev.ProviderPrepared(provider=name, stage=stage, fraction=round(fraction, 3), tokens=tokens,
                                        source=source, seconds=round(time.perf_counter() - t0, 2), message=message)
            self.prepare_state = {"provider": name, "stage": stage, "fraction": event.fraction}
            send(event)
            return event

        def on_prefill(done: int, total: int) -> bool:
            if generation != self._prepare_generation:
                return False                             # another switch: that provider now
            now = time.perf_counter()
            if total and (done >= total or now - last[0] >= 0.25):
                last[0] = now
                report("progress", done / total, total)
            return True

        try:
            provider = self.factory.get(name)
            report("started")
            messages, tools = self._warm_messages(provider, commands)
            if isinstance(self.backend, PreparableBackend):
                result = self.backend.warm_prefix(messages, tools, on_prefill=on_prefill)
                ms, tokens, source = result.ms, result.tokens, result.source
            else:                                       # a backend without progress (a remote server)
                ms, tokens, source = self.backend.warm(messages, tools), 0, "prefill"
            if source == "stopped":
                return report("superseded", message="another provider was chosen")
            return report("ready", 1.0, tokens, source, f"prepared in {ms / 1000:.1f} s ({source})")
        except Exception as exc:  # the next turn prefills it instead; said, never fatal
            log.exception("preparing provider %s failed", name)
            return report("failed", message=f"{type(exc).__name__}: {exc}")
        finally:
            with self._prepare_cond:
                if generation == self._prepare_generation:
                    self._preparing = None
                self._prepare_cond.notify_all()

    @property
    def preparing(self) -> str | None:
        """The provider whose prompt is being prefilled in the background, or None."""
        return self._preparing

    def _wait_for_preparation(self, control: TurnControl | None) -> None:
        """A turn that needs the LLM while a provider is being prepared waits for it (the backend
        does one thing at a time; the prepared state is what the turn then starts from). The wait
        ends early when the turn is cancelled."""
        with self._prepare_cond:
            while self._preparing is not None:
                if control is not None:
                    control.check()
                    if control.current != "waiting":
                        control.stage("waiting", f"preparing the {self._preparing} prompt")
                self._prepare_cond.wait(0.1)

    def provider_costs(self, names: list[str], commands: list[IJarvisCommand]) -> dict[str, dict[str, Any]]:
        """What each provider's prompt costs: {name: {"tokens": the prompt's tokens, "prefix": those
        that can be prepared (the rest is read every turn), "prepared": "memory" | "disk" |
        "preparing" (being prefilled in the background now) | "", "fits": whether it fits the
        context with room to answer}} (empty for a backend that cannot tell, e.g. a remote server).
        It does not wait for a turn or a preparation that is using the LLM."""
        out: dict[str, dict[str, Any]] = {}
        backend = self.backend
        if not isinstance(backend, PreparableBackend):
            return out
        for name in names:
            try:
                messages, tools = self._warm_messages(self.factory.get(name), commands)
                prefix = backend.prefix_tokens(messages, tools)
                whole = backend.prompt_tokens(messages, tools)
                state = backend.prefix_state(prefix)
                if not state and name == self._preparing:
                    state = "preparing"
                out[name] = {"tokens": whole, "prefix": len(prefix), "prepared": state,
                             "fits": whole + self.config.llm.max_tokens <= self.config.llm.n_ctx}
            except Exception as exc:  # noqa: BLE001 - a broken provider plugin: its cost is unknown
                log.warning("cannot measure the prompt of %s: %s", name, exc)
        return out

    # ---- one LLM pass ---------------------------------------------------------------------------
    def _llm_pass(self, assistant: "Assistant", provider, commands: list[Any], messages: list[dict[str, Any]],
                  schema, grammar, tools, turn_id: str, iteration: int, system: str) -> _Pass:
        assistant.emit(ev.PromptBuilt(provider=provider.name, system_prompt=system, messages=messages,
                                      tools=list(tools or []), iteration=iteration, turn_id=turn_id))
        control = assistant.control
        self._wait_for_preparation(control)
        if control is not None:
            control.check()
            control.stage("prefill", "", 0, 0)
        completion = self.backend.complete(messages, json_schema=schema, grammar=grammar, tools=tools or None,
                                           max_tokens=self.config.llm.max_tokens,
                                           temperature=self.config.llm.temperature,
                                           on_text=control.on_text if control else None,
                                           on_prefill=control.on_prefill if control else None)
        if control is not None:
            control.check()                 # cancelled while it read or wrote: its output is not used
        if completion.tool_calls:
            jarvis = provider.native_calls_to_jarvis(completion.tool_calls, completion.text)
        else:
            try:
                jarvis = provider.parse_response(completion.text)
            except Exception as exc:  # a provider bug is reported, not fatal
                log.exception("parse_response of %s failed", provider.name)
                jarvis = {"message": "", "tool_calls": [], "error": f"parse_response failed: {exc}"}
        assistant.emit(ev.LlmOutput(raw=completion.text, parsed=jarvis, prefill_ms=completion.prefill_ms,
                                    generate_ms=completion.generate_ms, prompt_tokens=completion.prompt_tokens,
                                    completion_tokens=completion.completion_tokens,
                                    cached_tokens=completion.cached_tokens, iteration=iteration, turn_id=turn_id))
        parser = ToolCallParser([c.command_name for c in commands])
        parsed = parser.parse(jarvis if jarvis is not None else completion.text)
        if not parsed.calls and any(str(r.get("name")).lower() == DECLINE_TOOL for r in parsed.rejected):
            parsed.rejected = [r for r in parsed.rejected if str(r.get("name")).lower() != DECLINE_TOOL]
            parsed.declined = True
        assistant.emit(ev.ToolCallsParsed(calls=[{"name": c["name"], "arguments": c["arguments"]} for c in parsed.calls],
                                          rejected=parsed.rejected, origin="llm", turn_id=turn_id))
        return _Pass(completion, parsed, messages)

    def _routing_retry(self, p: _Pass, text: str, commands: list[Any], done: set[str]) -> tuple[str, str] | None:
        """(reason, hint) when the output deserves one more try before acting on it."""
        calls = p.parsed.calls
        names = ", ".join(sorted(c.command_name for c in commands))
        if not calls and p.parsed.rejected and "unknown" not in done:
            bad = ", ".join(str(r.get("name")) for r in p.parsed.rejected)
            return "unknown", f"There is no tool {bad}. Use one of: {names}."
        return None

    @staticmethod
    def _command(commands: list[Any], name: str):
        for c in commands:
            if c.command_name == name:
                return c
        return None

    @classmethod
    def _answers_in_words(cls, commands: list[Any], name: str) -> bool:
        """A command that acts on nothing, only answers (chat, answer_question: `allow_direct_answer`)."""
        command = cls._command(commands, name)
        return command is not None and command.allow_direct_answer

    def _decide(self, assistant: "Assistant", text: str, history: list[HistoryTurn], source: str, turn_id: str,
                iteration: int, extra: list[dict[str, Any]], budget: list[int], retries: list[str],
                done: set[str], timing: dict[str, float],
                router: RouterResult | None = None) -> tuple[_Pass, Any, list[Any]]:
        """One routing decision. The intent router's decision (made before, in the assistant) shapes
        it: a confident direct-answer command, or an action command without parameters, runs with no
        LLM call; a confident action command narrows the constrained output to that tool (the model
        fills its arguments); otherwise the output may name only the router's shortlist, or decline."""
        provider = self.active_provider()
        commands = list(assistant.registry)
        system, schema, grammar, tools = self._prepared(provider, commands)
        base = self._messages(provider, system, history, text, source)
        names = [c.command_name for c in commands]
        constrained = bool(schema or grammar) and not provider.supports_native_tools
        allowed: tuple[str, ...] | None = None
        decline = constrained
        if not extra and "routed" not in done and router is not None:
            done.add("routed")
            chosen = self._command(commands, router.tool) if router.tool else None
            if chosen is not None and (router.decision == "direct" or (
                    router.decision == "tool" and not any(p.required for p in chosen.parameters)
                    and not chosen.parameters)):
                self.last_decider = "router"
                return self._router_pass(assistant, chosen.command_name, base, turn_id), provider, commands
            if constrained and router.decision == "tool" and chosen is not None:
                allowed, decline = (chosen.command_name,), False
            elif constrained and router.shortlist:
                allowed = tuple(n for n in router.shortlist if n in names) or None
                decline = router.declinable or not allowed
                if allowed and decline:
                    picked = self._weigh_shortlist(assistant, provider, commands, base, tools, allowed, router, timing)
                    if picked == DECLINE_TOOL:
                        declined = self._weighed_decline(assistant, provider, system, base, tools, router, turn_id,
                                                         iteration)
                        return declined, provider, commands
                    if picked is not None:
                        allowed, decline = (picked,), False
        while True:
            messages = base + extra
            budget[0] -= 1
            use_schema, use_grammar = schema, grammar
            if constrained and (allowed is not None or decline):
                fixed = assistant.learned_arguments(allowed[0], text) if allowed and len(allowed) == 1 else None
                use_schema, use_grammar = self._narrowed(provider, commands, allowed or tuple(names), decline, fixed)
            t = time.perf_counter()
            p = self._llm_pass(assistant, provider, commands, messages, use_schema, use_grammar, tools, turn_id,
                               iteration + len(retries), system)
            timing["llm"] = timing.get("llm", 0.0) + (time.perf_counter() - t) * 1000
            timing["llm_prefill"] = timing.get("llm_prefill", 0.0) + p.completion.prefill_ms
            timing["llm_generate"] = timing.get("llm_generate", 0.0) + p.completion.generate_ms
            timing["llm_calls"] = timing.get("llm_calls", 0.0) + 1
            problem = None
            if p.parsed.calls and not self._follows_up(history, text):
                problem = self._missing_evidence(assistant, p.parsed.calls[0], text, router)
            if problem:
                done.add("grounding")
                retries.append("grounding")
                bad = p.parsed.calls[0]["name"]
                log.info("not acting on %s: %s", bad, problem)
                if budget[0] > 0 and constrained:
                    allowed = tuple(n for n in (allowed or tuple(names)) if n != bad)
                    # the first choice did not fit the words: the rest is no surer a command, so the
                    # model may decline again (a shortlist that did not offer it)
                    decline = decline or (router is not None and not router.confident)
                    if not allowed and router is not None:
                        # the router's sure pick lacks what it needs ("what's the opposite of generous" is
                        # no sum: "Sorry, I didn't understand that."): the words are answered in words by
                        # its next candidates that answer so, ranked above "no command fits" (no other
                        # action is guessed), or declined
                        size = self.config.routing.shortlist_size
                        nearest = [n for n, q in router.ranked
                                   if n in names and n != bad and q > router.out_of_scope][:size]
                        allowed = tuple(n for n in nearest if self._answers_in_words(commands, n))
                        decline = not allowed
                        if not allowed and asks_question(text) and assistant.router is not None \
                                and assistant.router.topic(text) is None:
                            # a question near no topic it cannot do ("what's a hundred and twenty in roman
                            # numerals" is no sum, and was "Sorry, I didn't understand that."): the commands
                            # that answer in words may answer it, or the model declines
                            allowed = tuple(n for n, _ in router.ranked if n in names and n != bad
                                            and self._answers_in_words(commands, n))[:size]
                    if allowed:
                        continue
                p.parsed.calls = [c for c in p.parsed.calls if c["name"] != bad]
                p.parsed.rejected.append({"name": bad, "reason": problem})
                return p, provider, commands
            if iteration == 0 and p.parsed.calls:
                # words of a request no command serves mark a guess even in a follow-up ("tweet that ...")
                follow_up = self._follows_up(history, text)
                below = self._below_no_command(assistant, p.parsed.calls[0], router, text, foreign_only=follow_up)
                if below:
                    log.info("not acting on %s: %s", p.parsed.calls[0]["name"], below)
                    p.parsed.rejected.append({"name": p.parsed.calls[0]["name"], "reason": below})
                    p.parsed.calls, p.parsed.declined = [], True
                    return p, provider, commands
                reply = None if follow_up else self._below_a_reply(
                    assistant, p.parsed.calls[0], router, allowed or tuple(names))
                if reply is not None:
                    name, why = reply
                    log.info("not acting on %s: %s", p.parsed.calls[0]["name"], why)
                    p.parsed.rejected.append({"name": p.parsed.calls[0]["name"], "reason": why})
                    p.parsed.calls = [{"name": name, "arguments": {}}]
                    assistant.emit(ev.ToolCallsParsed(calls=[dict(c) for c in p.parsed.calls], origin="router",
                                                      rejected=list(p.parsed.rejected), turn_id=turn_id))
                    return p, provider, commands
                # a pick that would stand, which the router ranks well below its first choice (not in a
                # follow-up, whose words the router reads without the conversation)
                lead = None if follow_up or "lead" in done else self._router_lead(p.parsed.calls[0], router, allowed,
                                                                                   commands)
                if lead is not None and budget[0] > 0:
                    name, why = lead
                    log.info("not acting on %s: %s", p.parsed.calls[0]["name"], why)
                    done.add("lead")
                    retries.append("lead")
                    assistant.emit(ev.ToolCallsParsed(calls=[], origin="llm", turn_id=turn_id,
                                                      rejected=[{"name": p.parsed.calls[0]["name"], "reason": why}]))
                    allowed, decline = (name,), False
                    continue
            retry = self._routing_retry(p, text, commands, done) if budget[0] > 0 else None
            if retry is None:
                return p, provider, commands
            reason, hint = retry
            done.add(reason)
            retries.append(reason)
            extra = extra + [{"role": "assistant", "content": p.completion.text}, provider.retry_message(hint)]

    @staticmethod
    def _guessed_action(assistant: "Assistant", call: dict[str, Any], router: RouterResult | None) -> Any | None:
        """The command of an action the model picked while the router was not sure of one; None for
        a sure router, a direct answer (chat, answer_question: it acts on nothing) and a destructive
        guess, which asks the user first ("Cancel your pasta timer?")."""
        if router is None or router.confident:
            return None
        command = assistant.registry.get(call.get("name", ""))
        if command is None or command.allow_direct_answer:
            return None
        if assistant.confirmation(command, dict(call.get("arguments") or {})):
            return None
        return command

    @staticmethod
    def _below_no_command(assistant: "Assistant", call: dict[str, Any], router: RouterResult | None,
                          text: str = "", foreign_only: bool = False) -> str | None:
        """An action the model picked from an unsure router's shortlist that the router itself ranks
        below "no command fits", or not clearly above it (`act_margin` times), is a guess: the turn
        declines instead of acting on it (README: on SLURP dev this removed a quarter of the actions
        fired on requests no command serves and cost no right answer; the margin three more). Direct answers (chat, answer_question) act on nothing and are left alone; a
        call that asks the user first (a destructive guess) is left to ask. So is an action on a request
        that says a word only requests no command serves were taught, outside the call's arguments
        ("send this message to bob on twitter" is no e-mail: `IntentRouter.foreign_words`); in a
        follow-up (`foreign_only`) that is the only check: "tweet that" points back, but is no reminder."""
        command = ConversationBrain._guessed_action(assistant, call, router)
        if command is None:
            return None
        # the arguments as the model wrote them and as the command reads them from the words: "set an alarm
        # at 6 named taxi" is the taxi alarm though the model left the name out
        called = dict(call.get("arguments") or {})
        read = ConversationBrain._read_arguments(command, call, text) or {}
        both = {**{f"called {k}": v for k, v in called.items()}, **{f"read {k}": v for k, v in read.items()}}
        foreign = assistant.foreign_words(both, text) if text else []
        if foreign:
            return (f"the request says {', '.join(foreign)}: words that only requests no command serves "
                    f"were taught, and none of {command.command_name}'s arguments")
        if foreign_only or command.command_name in router.holding:
            return None                 # ... or it holds what the request names ("how are we doing on the rice")
        chance = dict(router.ranked).get(command.command_name, 0.0)
        thresholds = assistant.router.thresholds if assistant.router is not None else None
        margin = thresholds.act_margin if thresholds is not None else 1.0
        if chance < margin * router.out_of_scope:
            return (f"the intent router ranks {command.command_name} ({chance:.2f}) below {margin:g} x "
                    f"\"no command fits\" ({router.out_of_scope:.2f})")
        return None

    def _router_lead(self, call: dict[str, Any], router: RouterResult | None, offered: tuple[str, ...] | None,
                     commands: list[Any]) -> tuple[str, str] | None:
        """The router's first choice, when the model picked another command from an unsure shortlist that
        the router ranks `routing.lead_ratio` times below it: the model then writes the first choice's
        arguments instead ("tell me when five minutes have passed": set_timer 0.43, the model's reminder
        0.17, which listed the reminders). Only between commands: a decline is the model's to make; the
        router's first choice must rank above "no command fits"; a pick that holds what the request names
        stands (`RouterResult.holding`: "scrap the party list" with a party list kept); and so does a spoken
        answer (chat, answer_question) where the first choice is an action: the lead never makes the turn act
        where the model would not (a question about how long to boil an egg, answered in words, is not made a
        reading of the timers). (its name, why) or None."""
        ratio = self.config.routing.lead_ratio
        if ratio <= 0 or router is None or router.confident or router.decision != "shortlist" or not router.ranked:
            return None
        first, chance = router.ranked[0]
        picked = call.get("name", "")
        if first == OUT_OF_SCOPE or picked == first or (offered is not None and first not in offered) \
                or picked in router.holding:
            return None
        theirs = dict(router.ranked).get(picked, 0.0)
        if chance < ratio * theirs or (self._answers_in_words(commands, picked)
                                       and not self._answers_in_words(commands, first)):
            return None
        return first, (f"the intent router ranks {first} ({chance:.2f}) {ratio:g} or more times above "
                       f"{picked} ({theirs:.2f})")

    @staticmethod
    def _below_a_reply(assistant: "Assistant", call: dict[str, Any], router: RouterResult | None,
                       offered: tuple[str, ...]) -> tuple[str, str] | None:
        """An action the model picked from an unsure router's shortlist that the router ranks below a
        command it offered that answers in words (`allow_direct_answer`: chat, answer_question) is a
        guess over the reading the router prefers: a remark about the evening, with chat first, ran a
        routine named after the evening; a question about steps to get rich, with chat first, added
        those steps to the to-do list (README: SLURP dev). That command answers the
        words instead, acting on nothing: (its name, why). None when the action stands: the router
        ranks it above every such command, or the request names what it holds. A destructive guess
        asks first, as before."""
        command = ConversationBrain._guessed_action(assistant, call, router)
        if command is None or router is None or command.command_name in router.holding:
            return None
        registry = assistant.registry
        ranked = dict(router.ranked)
        chance = ranked.get(command.command_name, 0.0)
        replies = [(q, n) for n, q in router.ranked
                   if n in offered and (c := registry.get(n)) is not None and c.allow_direct_answer]
        if not replies or max(replies)[0] <= chance:
            return None
        q, name = max(replies)
        return name, (f"the intent router ranks {command.command_name} ({chance:.2f}) below {name} ({q:.2f}), "
                      "which answers in words")

    @staticmethod
    def _read_arguments(command: Any, call: dict[str, Any], text: str) -> dict[str, Any] | None:
        """A call's arguments as its command post-processes them from the user's words; None when the
        post-processor fails (that is reported when the call runs)."""
        try:
            return command.post_process_tool_call(dict(call.get("arguments") or {}), text)
        except Exception:  # noqa: BLE001 - reported when the call runs
            return None

    @staticmethod
    def _missing_evidence(assistant: "Assistant", call: dict[str, Any], text: str,
                          router: RouterResult | None) -> str | None:
        """A tool the router did not pick (or not confidently) whose required arguments are not in the
        user's words once the command has post-processed them ("how many feet in a mile" is not a
        calculation: no two numbers). Then the model is asked again without that tool."""
        if router is not None and router.confident and router.tool == call.get("name"):
            return None
        command = assistant.registry.get(call.get("name", ""))
        if command is None:
            return None
        args = ConversationBrain._read_arguments(command, call, text)
        if args is None:
            return None
        missing = [p.name for p in command.parameters
                   if p.required and p.default is None and args.get(p.name) in (None, "", [])]
        if missing:
            return f"{command.command_name} needs {', '.join(missing)} from the request"
        return None

    def _weigh_shortlist(self, assistant: "Assistant", provider, commands: list[Any], messages: list[dict[str, Any]],
                         tools, allowed: tuple[str, ...], router: RouterResult, timing: dict[str, float]) -> str | None:
        """The router's shortlist decided by both classifiers together: the model's own probability of
        each tool name (and of declining), read from its next-token distribution, weighed with the
        router's probability of the same choices (declining: "no command fits"): the choice with the
        highest router x model^weight wins (`routing.model_weight`), except that an action is taken
        only when it is the model's own first choice and the router ranks it above declining: the
        weighing can make the model more careful (decline, or answer in words instead of acting),
        never make it act where it would not. Each classifier alone is right on about half of the
        rows the router is unsure of, and they are wrong on different ones (README).
        None when the backend cannot weigh (a remote server) or this provider's output is not a
        choice of named tools: the model then picks as before."""
        weight = self.config.routing.model_weight
        if not isinstance(self.backend, ChoosingBackend) or weight < 0:
            return None
        schema, grammar = self._narrowed(provider, commands, allowed, True)
        choices = call_choices(schema) if grammar is None else None
        if choices is None:
            return None
        start, names = choices
        control = assistant.control
        self._wait_for_preparation(control)
        if control is not None:
            control.check()
            control.stage("prefill", "", 0, 0)
        t = time.perf_counter()
        model = self.backend.weigh_choices(messages, start, names, tools or None,
                                           on_prefill=control.on_prefill if control else None)
        spent = (time.perf_counter() - t) * 1000
        for key in ("llm", "llm_prefill", "llm_weigh"):    # reading the prompt is most of it
            timing[key] = timing.get(key, 0.0) + spent
        if control is not None:
            control.check()
        if not model:
            return None
        ranked = dict(router.ranked)
        prior = {n: ranked.get(n, 0.0) if n != DECLINE_TOOL else router.out_of_scope for n in names}
        total = sum(prior.values()) or 1.0
        prior = {n: p / total for n, p in prior.items()}

        picked = weighed_choice(prior, model, weight, lambda name: not self._answers_in_words(commands, name))
        router.weighed = {"router": {n: round(prior[n], 3) for n in names},
                          "model": {n: round(model.get(n, 0.0), 3) for n in names},
                          "weight": weight, "chosen": picked}
        assistant.emit(ev.ShortlistWeighed(router=router.weighed["router"], model=router.weighed["model"],
                                           weight=weight, chosen=picked))
        return picked

    @staticmethod
    def _weighed_decline(assistant: "Assistant", provider, system: str, messages: list[dict[str, Any]], tools,
                         router: RouterResult, turn_id: str, iteration: int) -> _Pass:
        """Declining won the weighing: nothing fires, no call to write (the prompt the model read
        is still shown)."""
        assistant.emit(ev.PromptBuilt(provider=provider.name, system_prompt=system, messages=messages,
                                      tools=list(tools or []), iteration=iteration, turn_id=turn_id))
        parsed = ParsedToolCalls(calls=[])
        parsed.declined = True
        assistant.emit(ev.ToolCallsParsed(calls=[], rejected=[], origin="llm", turn_id=turn_id))
        return _Pass(Completion(text=json.dumps({"tool": DECLINE_TOOL, "weighed": router.weighed})), parsed, messages)

    def _router_pass(self, assistant: "Assistant", name: str, messages: list[dict[str, Any]], turn_id: str) -> _Pass:
        """A decision the intent router made with confidence: no LLM call to route. The command runs
        on the user's own words (a direct-answer command words its reply itself)."""
        call = {"name": name, "arguments": {}}
        parsed = ParsedToolCalls(calls=[call])
        assistant.emit(ev.ToolCallsParsed(calls=[dict(call)], origin="router", turn_id=turn_id))
        return _Pass(Completion(text=json.dumps({"router": name})), parsed, messages)

    # ---- routing only (jarvis-tui route) ----------------------------------------------------------
    def route_only(self, assistant: "Assistant", text: str, conversation_id: str = "default") -> RouteDecision:
        with self._lock:
            self.last_decider = None
            timing: dict[str, float] = {}
            retries: list[str] = []
            budget = [max(1, self.config.llm.max_iterations)]
            router = assistant.route_intent(text, conversation_id)
            if router is not None and router.decision == "decline":
                return RouteDecision(message=decline_message(router.topic), router=router, declined=True,
                                     timings_ms={"llm": 0.0}, stats={"llm_calls": 0, "decider": "router"})
            try:
                p, provider, _ = self._decide(assistant, text, list(self.histories.get(conversation_id, [])),
                                              "text", "", 0, [], budget, retries, set(), timing, router)
            except LlmError as exc:
                assistant.emit(ev.Error(stage="llm", message=str(exc)))
                return RouteDecision(message=None, timings_ms={"llm": timing.get("llm", 0.0)},
                                     rejected=[{"name": None, "reason": str(exc)}])
            c = p.completion
            calls = [{"name": x["name"], "arguments": self._post_process(assistant, x, text, p.prompt_text)}
                     for x in p.parsed.calls]
            message = p.parsed.message
            declined = p.parsed.declined
            if declined:
                topic = assistant.router.topic(text) if assistant.router else None
                instead = assistant.remark_answered_by(text, router, topic)
                if instead is None:
                    message = decline_message(topic)
                else:                       # as the turn does: a remark is answered, not declined
                    calls, declined = [{"name": instead, "arguments": {}}], False
            elif calls and (felt := assistant.feeling_answered_by(text, router, [str(x["name"]) for x in calls])):
                calls = [{"name": felt, "arguments": {}}]       # as the turn does: a feeling or a remark is answered
            elif not calls and not message and p.parsed.rejected:
                topic = self._declined_topic(assistant, text, router)
                if topic:                   # as the turn says it: the only action could not take the words
                    message, declined = decline_message(topic), True
            return RouteDecision(
                tool_calls=calls, router=router, declined=declined,
                message=message, rejected=p.parsed.rejected, raw=c.text, provider=provider.name,
                timings_ms={"llm": round(timing.get("llm", 0.0), 1), "prefill": round(timing.get("llm_prefill", 0.0), 1),
                            "generate": round(timing.get("llm_generate", 0.0), 1)},
                stats={"prompt_tokens": c.prompt_tokens, "cached_tokens": c.cached_tokens,
                       "completion_tokens": c.completion_tokens, "tokens_per_s": round(c.tokens_per_s, 1),
                       "llm_calls": int(timing.get("llm_calls", 0)), "decider": self.last_decider},
                retries=retries)

    @staticmethod
    def _post_process(assistant: "Assistant", call: dict[str, Any], text: str, prompt: str = "") -> dict[str, Any]:
        """The arguments as the command would execute them (post_process_tool_call; nothing runs)."""
        command = assistant.registry.get(call["name"])
        args = dict(call.get("arguments") or {})
        if command is None:
            return args
        args = ground_arguments(command, args, text, prompt=prompt,
                                learned=assistant.learned_arguments(command.command_name, text)).arguments
        try:
            out = command.post_process_tool_call(dict(args), text)
            return out if isinstance(out, dict) else args
        except Exception:  # a broken post-processor leaves the model's arguments
            log.exception("post_process_tool_call of %s failed", call["name"])
            return args

    # ---- the full loop ------------------------------------------------------------------------------
    def run_turn(self, assistant: "Assistant", turn: TurnResult, request: RequestInformation) -> None:
        with self._lock:
            self._run_turn(assistant, turn, request)

    def _run_turn(self, assistant: "Assistant", turn: TurnResult, request: RequestInformation) -> None:
        turn.route = "llm"
        self.last_decider = None
        conv = request.conversation_id or "default"
        history = self.histories.setdefault(conv, [])
        text = request.voice_command or turn.text
        budget = [max(1, self.config.llm.max_iterations)]
        timing: dict[str, float] = {}
        retries: list[str] = []
        done: set[str] = set()
        extra: list[dict[str, Any]] = []
        seen: set[str] = set()
        executed: list[Any] = []
        failures: list[str] = []
        told_failures: list[str] = []
        spoken_parts: list[str] = []
        first_raw = None
        last_invalid = None
        iteration = 0
        try:
            while budget[0] > 0:
                p, provider, commands = self._decide(assistant, text, history, request.source, turn.turn_id,
                                                     iteration, extra, budget, retries, done, timing,
                                                     turn.router_result)
                iteration += 1
                first_raw = first_raw if first_raw is not None else p.completion.text
                calls = p.parsed.calls
                if self.last_decider == "router":
                    turn.route = "router"
                if not calls and p.parsed.declined and not executed:
                    told = assistant.state_asked_about(text, turn.router_result)
                    if told is not None:        # "did you set the timer": how it stands, not "I can't"
                        turn.message = told
                        spoken_parts.append(told)
                        break
                    router = assistant.router
                    topic = router.topic(text) if router is not None else None
                    instead = assistant.remark_answered_by(text, turn.router_result, topic)
                    if instead is None:
                        turn.message = decline_message(topic)
                        spoken_parts.append(turn.message)
                        assistant.emit(ev.Declined(text=text, topic=topic or "", reason="llm", turn_id=turn.turn_id))
                        break
                    # a remark the model would not answer ("ugh, mondays": "Sorry, I can't help with that
                    # yet."): the command that answers in words that the router ranks first answers it
                    calls = [{"name": instead, "arguments": {}}]
                if calls and not executed and (
                        felt := assistant.feeling_answered_by(text, turn.router_result, [str(c.get("name")) for c in calls])):
                    # "i hate setting alarms": how the user feels about a thing asks for nothing (the model asked
                    # when the alarm should be); the command that answers in words answers it
                    calls = [{"name": felt, "arguments": {}}]
                if not calls:
                    turn.message = p.parsed.message
                    if p.parsed.message:
                        spoken_parts.append(p.parsed.message)
                    elif not executed:
                        why = "; ".join(r["reason"] for r in p.parsed.rejected) or p.parsed.error
                        topic = self._declined_topic(assistant, text, turn.router_result) if p.parsed.rejected else None
                        if topic:
                            # the only action that came up could not take the user's words ("convert 30
                            # euros to dollars" has no units), and the request is near something no
                            # command does: say that, not "I didn't understand"
                            turn.message = decline_message(topic)
                            spoken_parts.append(turn.message)
                            assistant.emit(ev.Declined(text=text, topic=topic, reason="llm", turn_id=turn.turn_id))
                            break
                        # a command that came up but could not take the words says what it does do ("I can do
                        # arithmetic, but not that."), not "I didn't understand"
                        spoken_parts.append(self._not_this(assistant, p.parsed.rejected) or NOT_UNDERSTOOD)
                        if why:
                            assistant.emit(ev.Error(stage="llm", message=f"no usable tool call: {why}",
                                                    turn_id=turn.turn_id))
                    break
                fresh = [c for c in calls if _call_key(c) not in seen]
                if not fresh:                              # the same call again: stop
                    if last_invalid is not None:
                        name, failed, response, asked_with = last_invalid
                        clarification = clarification_question(assistant.registry.get(name), name, failed, response)
                        asked = asked_argument(assistant.registry.get(name), failed)
                        if asked is not None:      # the choice asked in the command's own words is answered next
                            assistant.awaiting = (name, {"argument": asked, "arguments": asked_with, "request": text})
                        assistant.emit(ev.ValidationCompleted(
                            command=name, arguments={}, results=[r.to_dict() for r in response.validation_results],
                            clarification=clarification, turn_id=turn.turn_id))
                        turn.spoken = clarification
                        turn.wait_for_input = True
                        history.append(HistoryTurn(user=text, message=clarification, raw=clarification, turn_id=turn.turn_id))
                        return
                    break
                last_invalid = None
                retry_hint = None
                clarification = None
                for call in fresh:
                    seen.add(_call_key(call))
                    command = assistant.registry.get(call["name"])
                    if command is None:
                        failures.append(f"no command {call['name']}")
                        continue
                    record = assistant.execute_call(command, dict(call["arguments"]), request, "llm", turn,
                                                   prompt=p.prompt_text)
                    response = record.response or CommandResponse.error_response("no response")
                    if response.is_validation_error:
                        failed = [r for r in response.validation_results if not r.success]
                        with_values = [r for r in failed if r.valid_values]
                        if with_values and "validation" not in done and budget[0] > 0:
                            done.add("validation")
                            last_invalid = (call["name"], failed, response, dict(record.arguments))
                            retries.append("validation")
                            retry_hint = self._validation_hint(call["name"], failed)
                            assistant.emit(ev.ValidationCompleted(
                                command=call["name"], arguments=dict(record.arguments),
                                results=[r.to_dict() for r in response.validation_results], retry=True,
                                turn_id=turn.turn_id))
                        else:
                            clarification = clarification_question(command, call["name"], failed, response)
                            asked = asked_argument(command, failed)
                            if asked is not None:
                                # the next words are the answer: they fill that argument of this call
                                # ("set a timer", "For how long?", "5 minutes"); they went through routing
                                # again ("to call the bank" after "remind me tomorrow" went to the to-do list)
                                assistant.awaiting = (call["name"], {"argument": asked,
                                                                     "arguments": dict(record.arguments),
                                                                     "request": text})
                            assistant.emit(ev.ValidationCompleted(
                                command=call["name"], arguments=dict(record.arguments),
                                results=[r.to_dict() for r in response.validation_results],
                                clarification=clarification, turn_id=turn.turn_id))
                        break
                    executed.append(record)
                    if response.clear_history:
                        history.clear()
                    if response.success:
                        words = spoken_text(response)
                        if words is None:
                            words = self._summarize(response.context_data)
                        if words:
                            spoken_parts.append(words)
                        turn.wait_for_input = turn.wait_for_input or response.wait_for_input
                    elif response.message:
                        # the command's own words for what went wrong ("I can't change the volume: no sound
                        # server ..."): said as they are, as on a fast path
                        told_failures.append(response.message)
                    else:
                        failures.append(call.get("failure_message") or response.error_details or "unknown error")
                control = assistant.control
                if control is not None:
                    control.check()         # cancelled while a command ran: it is kept, nothing more runs
                if clarification is not None:
                    turn.spoken = clarification
                    turn.wait_for_input = True
                    history.append(HistoryTurn(user=text, calls=[], message=clarification, raw=clarification,
                                               turn_id=turn.turn_id))
                    return
                if retry_hint is not None:
                    extra = extra + [{"role": "assistant", "content": p.completion.text},
                                     provider.retry_message(retry_hint)]
                    continue
                break
        except LlmError as exc:
            assistant.emit(ev.Error(stage="llm", message=str(exc), turn_id=turn.turn_id))
            failures.append(str(exc))
        except TurnCancelledError:
            if executed:                    # what already ran stays in the history (it is not undone)
                history.append(HistoryTurn(
                    user=text, turn_id=turn.turn_id,
                    calls=[{"name": r.name, "arguments": r.arguments} for r in executed],
                    results=[{"name": r.name, "result": result_summary(r.response.context_data if r.response else {})}
                             for r in executed]))
                self._trim(conv)
            raise
        finally:
            for k in ("llm", "llm_prefill", "llm_generate"):
                if k in timing:
                    turn.timings_ms[k] = turn.timings_ms.get(k, 0.0) + timing[k]

        if spoken_parts:
            turn.spoken = " ".join(spoken_parts)
        elif failures or told_failures:
            plain = [f"Sorry, that didn't work: {'; '.join(dict.fromkeys(failures))}"] if failures else []
            turn.spoken = " ".join([*dict.fromkeys(told_failures), *plain])
        elif executed:
            turn.spoken = "Done."
        else:
            turn.spoken = NOT_UNDERSTOOD
        history.append(HistoryTurn(
            user=text,
            turn_id=turn.turn_id,
            calls=[{"name": r.name, "arguments": r.arguments} for r in executed],
            message=turn.message if not executed else None,
            results=[{"name": r.name, "result": result_summary(r.response.context_data if r.response else {})}
                     for r in executed]))
        self._trim(conv)

    # ---- pieces of the loop -----------------------------------------------------------------------
    @staticmethod
    def _validation_hint(name: str, failed: list[Any]) -> str:
        parts = []
        for r in failed:
            s = r.message or f"{r.param_name} is not valid"
            if r.valid_values:
                s += f"; valid values for {r.param_name}: {', '.join(map(str, r.valid_values))}"
            parts.append(s)
        return f"The {name} call was rejected: {' | '.join(parts)}. Call {name} again with valid arguments."

    def _summarize(self, context_data: dict[str, Any]) -> str:
        data = {k: v for k, v in (context_data or {}).items() if k not in ("validation_errors",)}
        if not data:
            return ""
        try:
            return self.answerer.answer(result_summary(data, 1200), system=SUMMARY_SYSTEM, max_tokens=60)
        except LlmError as exc:
            log.warning("summary failed: %s", exc)
            return ""

    def _trim(self, conv: str) -> None:
        h = self.histories.get(conv, [])
        if len(h) > 32:
            del h[: len(h) - 32]

    def note_turn(self, turn: TurnResult, request: RequestInformation) -> None:
        """Remember a turn the brain did not route (a fast path), so follow-ups can refer to it."""
        with self._lock:
            history = self.histories.setdefault(request.conversation_id or "default", [])
            history.append(HistoryTurn(
                user=turn.text,
                turn_id=turn.turn_id,
                calls=[{"name": r.name, "arguments": r.arguments} for r in turn.tool_calls],
                results=[{"name": r.name, "result": result_summary(r.response.context_data if r.response else {})}
                         for r in turn.tool_calls]))
            self._trim(request.conversation_id or "default")

    def truncate_reply(self, turn_id: str, spoken: str) -> bool:
        """Barge-in: the user stopped the reply of `turn_id` after hearing `spoken`; only that part
        stays in the history. Returns whether the turn was found."""
        with self._lock:
            for history in self.histories.values():
                for entry in reversed(history):
                    if entry.turn_id == turn_id:
                        heard = spoken.strip()
                        # calls, results and raw output carry the full reply: only what was heard stays
                        entry.message = f"{heard}…" if heard else "…"
                        entry.calls, entry.results, entry.raw = [], [], None
                        entry.interrupted = True
                        return True
        return False

    def reset(self, conversation_id: str | None = None) -> None:
        with self._lock:
            if conversation_id is None:
                self.histories.clear()
            else:
                self.histories.pop(conversation_id, None)

    def close(self) -> None:
        self.backend.close()
