"""The turn orchestrator: text in (typed or transcribed), tool calls executed, words out.

pre_route first; when no fast path claims the text, the brain (LLM loop) decides; without a brain
the turn answers that it can't handle the request yet. Never imports Textual.
"""
from __future__ import annotations

import contextlib
import logging
import re
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

from jarvis_tui.assistant import events as ev
from jarvis_tui.assistant.ability import ability_asked, closest_example, examples_of_uses, how_asked, uses_asked
from jarvis_tui.assistant.brain import Brain
from jarvis_tui.assistant.clarification import asked_argument, clarification_question
from jarvis_tui.assistant.ellipsis import (
    PREPOSITIONS,
    Completion,
    completed_request,
    elided_fragment,
    fragment_said_alone,
    says_a_place,
    says_only_when_or_where,
)
from jarvis_tui.assistant.grounding import (ground_arguments, names_its_domain, says_only_its_domain, unsaid_target,
                                            users_words)
from jarvis_tui.assistant.intent_router import IntentRouter, RouterResult, RouterThresholds, decline_message
from jarvis_tui.assistant.responder import spoken_text
from jarvis_tui.assistant.reply_stream import SentenceStream
from jarvis_tui.assistant.router import pre_route
from jarvis_tui.assistant.turn import ToolCallRecord, TurnResult
from jarvis_tui.assistant.turn_control import TurnCancelledError, TurnControl
from jarvis_tui.commands_registry import CommandRegistry
from jarvis_tui.sdk.command import IJarvisCommand, normalize_utterance
from jarvis_tui.sdk.grounding import content_words, named_from_reply, names_any_of, said_share
from jarvis_tui.sdk.responses import CommandResponse, IJarvisButton, RequestInformation
from jarvis_tui.sdk.services import RequestOutcome
from jarvis_tui.sdk.memories import second_person
from jarvis_tui.sdk.text import (SAYING_NO, NotToDo, asks_about_doing, asks_for_another, asks_question, asks_to_end_it,
                                 asks_to_hear_again, asks_to_take_back, join_words, only_acknowledges, refers_back,
                                 mend_misheard, reports_past, request_not_to_do, says_liking, says_remark, says_there, sighs, shared_amount_requests, split_requests, stem,
                                 tells_not_asks, without_self_repairs)

log = logging.getLogger(__name__)
# an argument holding this share of the request's content words is the request said back, not a part of it
WHOLE_REQUEST = 0.9

CANT_HANDLE = "I can't handle that yet."
CANCELLED = "Cancelled."
_YES = re.compile(r"^(yes|yeah|yep|sure|ok|okay|do it|go ahead|confirm|please do|yes please|send it|clear it)$")
# "no", and the ways of saying it to a question just asked ("actually don't send it", "no, leave it"):
# a verb after "don't" is the one the question was about
_NO = re.compile(r"^(?:(?:actually|oh|um|uh|wait|hmm|" + SAYING_NO + r")[,\s]+)*"
                 r"(?:" + SAYING_NO + r"|cancel(?:\s+(?:it|that))?|never ?mind|stop|forget it|no thanks|no thank you|"
                 r"(?:leave|keep)\s+(?:it|them|that)(?:\s+(?:on|there|in|as\s+it\s+is|alone))?|"
                 r"(?:don't|do\s+not|please\s+don't)(?:\s+[a-z]+(?:\s+(?:it|that|them|this|anything))?)?)$")


@dataclass
class PendingActions:
    command: str
    actions: list[IJarvisButton]
    context: dict[str, Any] = field(default_factory=dict)
    call: dict[str, Any] | None = None          # a guessed destructive call waiting for Yes: {"arguments", "request"}


CONFIRM_ACTION = "confirm_call"      # the Yes button of a confirmation question (handled here, not by the command)
KEPT = "Okay, I've left it as it is."
# words that told of a doing ("i already set a timer"): nothing was done, and the user hears so
TOLD = "Okay. I haven't changed anything."
DROPPED = "Okay, I've dropped it."             # "cancel that" to a question back: nothing was done
NOTHING_DONE = "Okay. I didn't do anything, so there's nothing to cancel."     # "cancel that" after a decline
MAX_REQUESTS_SAID = 4                # requests one sentence may hold ("set a timer ... and add milk ...")
EARLIER_TURN_SHARE = 3.0             # a follow-up goes on with the turn before the last when the router ranks its
                                     # command this many times over the last turn's ("and bread" after the weather)
REPEAT_WINDOW_S = 600                # "one more" / "say that again" point at a turn at most this old
NOTHING_SAID = "I haven't said anything yet."      # "say that again" with nothing said (a while) before
ABILITY_FLOOR = 0.3                  # "can you do math?": the activity's command at least this likely (router)


@dataclass
class ActivityCommands:
    """What the router reads an activity's words as (`Assistant._activity_command`): the likeliest action
    command, the command that says what that kind of thing lets the user do (None when none does),
    and every action command in the router's order."""

    top: IJarvisCommand
    able: IJarvisCommand | None
    ranked: list[IJarvisCommand]


def _share_domain(one: IJarvisCommand, other: IJarvisCommand) -> bool:
    """Whether two commands keep the same kind of thing: a domain word in common ("timer")."""
    return bool({w.lower() for w in one.domain_words} & {w.lower() for w in other.domain_words})


def _same_subject(one: str | None, other: str | None) -> bool:
    """Whether two replies speak of the same thing: a word of three letters or more in both (stemmed)."""
    def words(text: str | None) -> set[str]:
        plain = (w.strip(".'") for w in content_words(text or ""))     # "timer." at a sentence's end
        return {stem(w) for w in plain if w.isalpha() and len(w) > 2}
    return bool(words(one) & words(other))


@dataclass
class LastTurn:
    """What the last turn of a conversation did, for "one more" and "say that again"."""

    conversation_id: str
    request: RequestInformation                  # the words that asked for it (post-processing reads them)
    calls: list[tuple[str, dict[str, Any]]]      # the commands it ran, with their arguments
    spoken: str | None
    at: float = field(default_factory=time.monotonic)
    # every call that answered, a question back or a failure included ("Which city?", "I can't reach
    # the weather service"): what a follow-up that leaves words out ("what about tomorrow") continues
    tried: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    # each call that did what it was asked (a spoken yes to its buttons included), with its context_data (the
    # id of what it made): what "cancel that" takes back
    made: list[tuple[str, dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    asked: bool = False                          # it ended on a question back ("Who should it go to?")
    ran: bool = True                             # a command ran in it (not a decline, not words alone)
    # the turn before it, when this one changed nothing that can be taken back ("set a timer", "how long's
    # left", "call it off": the timer); one turn only, and none after a take-back
    before: "LastTurn | None" = None


class Assistant:
    def __init__(self, registry: CommandRegistry, emit: ev.EventSink | None = None,
                 brain: Brain | None = None, router_thresholds: RouterThresholds | None = None,
                 use_router: bool = True, router_cache_dir: Any = None, router_embedding: bool = True) -> None:
        self.registry = registry
        self.emit: ev.EventSink = emit or (lambda e: None)
        self.brain = brain
        self.stream_replies = False          # a voice loop speaks ReplySentence events as they come
        self._reply_stream: SentenceStream | None = None
        self.pending: PendingActions | None = None
        self._lock = threading.RLock()   # one turn at a time
        self.use_router = use_router
        self.router_thresholds = router_thresholds
        self._router: IntentRouter | None = None
        self.router_cache_dir = router_cache_dir
        self.router_embedding = router_embedding     # the sentence embedding beside the n-grams
        self._router_lock = threading.Lock()
        self._current: tuple[TurnResult, RequestInformation] | None = None   # the turn being handled
        self.awaiting: tuple[str, dict[str, Any]] | None = None   # (command, response.awaits): next words fill it
        self.last_turn: LastTurn | None = None     # what "one more" repeats and "say that again" says again
        self._in_step = False
        self.control: TurnControl | None = None     # the turn being handled: its stage and cancel flag

    # ---- the intent router -------------------------------------------------------------------------
    @property
    def router(self) -> IntentRouter | None:
        """Fitted on first use (or by `prepare_router` at start-up) from the discovered commands."""
        if not self.use_router:
            return None
        with self._router_lock:
            if self._router is None:
                self._router = IntentRouter(list(self.registry), self.router_thresholds,
                                            cache_dir=self.router_cache_dir, embedding=self.router_embedding)
            return self._router

    def prepare_router(self) -> float:
        """Fit the router now (start-up); returns the milliseconds it took."""
        r = self.router
        return r.train_ms if r is not None else 0.0

    def similarities(self, text: str, others: list[str]) -> list[float] | None:
        """How alike in meaning `text` is to each of `others` (cosine of the router's sentence vectors,
        -1..1); None without a router or its embedding model (CommandServices.similarities)."""
        router = self.router
        embedder = router.embedder if router is not None else None
        if embedder is None or not others:
            return None
        vectors = embedder.embed([text, *others])
        return [float(v) for v in vectors[1:] @ vectors[0]]

    def learned_arguments(self, command_name: str, text: str) -> dict[str, Any]:
        """The choice arguments ("action") the router decides for a call of `command_name` on `text`
        from that command's own examples; {} without a router."""
        router = self.router
        if router is None:
            return {}
        try:
            return router.decided_arguments(command_name, text)
        except Exception:  # the model's own choice stands
            log.exception("the choice arguments of %s could not be read", command_name)
            return {}

    def _last_tools(self, conversation_id: str) -> list[str]:
        """The commands the last turn of this conversation ran or asked about."""
        last = self.last_turn
        if last is None or last.conversation_id != (conversation_id or "default"):
            return []
        return [name for name, _ in last.tried if self.registry.get(name) is not None]

    def _named_from_last_reply(self, text: str, conversation_id: str) -> list[str]:
        """The words of `text` that name something the last turn's reply told (sdk.grounding.named_from_reply)."""
        last = self.last_turn
        if last is None or last.conversation_id != (conversation_id or "default") or not last.spoken:
            return []
        return named_from_reply(text, last.spoken, last.request.voice_command)

    def _holders_first(self, text: str, result: RouterResult) -> None:
        """The shortlist of a request the router is unsure of, when its words name something the user
        keeps ("scrap the vet one" with a reminder to ring the vet): a command that only acts on what
        it holds (a timer's cancel) and holds nothing named leaves, and the commands that hold it take
        its place; those already there come first (IJarvisCommand.held_names, acts_only_on_held). A
        holder the router did not shortlist joins only in place of one that left: "how are we doing
        on the rice" with a rice timer is not a cancel. When the router's first choice holds it, the
        commands that answer in words leave (the rice timer asked about is no small talk), and the model
        may not answer that no command fits."""
        shortlist = result.shortlist
        named = {command.command_name: self._holds_named(command, text) for command in self.registry}
        holders = tuple(n for n, hit in named.items() if hit)
        if not holders:
            return
        result.holding = holders
        kept = tuple(n for n in shortlist if named.get(n) or not self._acts_only_on_held(n))
        joining = holders if len(kept) < len(shortlist) else tuple(n for n in holders if n in shortlist)
        if shortlist and shortlist[0] in holders:
            # the router's first choice holds it: the request is about that thing, not a remark
            kept = tuple(n for n in kept if named.get(n) or not self._answers_in_words(n))
            result.declinable = False
        result.shortlist = tuple(dict.fromkeys((*joining, *kept)))

    @staticmethod
    def _holds_named(command: IJarvisCommand, text: str) -> bool:
        """Whether `text` names something `command` keeps (IJarvisCommand.held_names: "the vet one" with a
        reminder to ring the vet); a command that cannot say what it holds holds nothing named."""
        try:
            names = command.held_names()
        except Exception:
            log.exception("held_names of %s failed", command.command_name)
            return False
        return bool(names and names_any_of(text, names))

    def _acts_only_on_held(self, name: str) -> bool:
        command = self.registry.get(name)
        return bool(command is not None and command.acts_only_on_held)

    def _answers_in_words(self, name: str) -> bool:
        """A command whose answer is words the model writes (small talk, a question's answer)."""
        command = self.registry.get(name)
        return bool(command is not None and command.allow_direct_answer)

    def route_intent(self, text: str, conversation_id: str = "default", turn: TurnResult | None = None) -> RouterResult | None:
        """The router's decision for `text`, with the Routed event; None without a router. Right after
        the assistant asked something back, or when the words point at an earlier turn, it never
        declines (the conversation decides)."""
        router = self.router
        if router is None:
            return None
        follow_up = False
        if self.brain is not None:          # without a brain (no LLM) there is no history to follow
            try:
                follow_up = bool(self.brain.in_follow_up(text, conversation_id))
            except Exception:  # noqa: BLE001 - a brain without history is never in a follow-up
                follow_up = False
        result = router.decide(text, allow_decline=not follow_up)
        last_tools = self._last_tools(conversation_id) if result.decision == "decline" and self.brain is not None else []
        if last_tools:
            named = self._named_from_last_reply(text, conversation_id)
            if named:
                # the words name what the last reply told ("take the teabags off" after the list was read):
                # the request is about that, in words the router does not know; the model decides with the
                # history, among the command that told it and the router's own candidates, and may decline
                log.info("not declined: %s named by the last reply", ", ".join(named))
                result = router.decide(text, allow_decline=False)
                if result.decision == "shortlist":
                    result.shortlist = tuple(dict.fromkeys((*last_tools, *result.shortlist)))
        if result.decision == "decline" and (said_back := self.remark_answered_by(text, result, result.topic)):
            # "the traffic was terrible today", "ugh, mondays": a remark asks for nothing no command does; it
            # is answered by the command that answers in words
            log.info("not declined: a remark, answered by %s", said_back)
            result.decision, result.tool, result.topic, result.confident = "direct", said_back, None, True
            result.shortlist = (said_back,)
        if result.decision == "shortlist":
            self._holders_first(text, result)
        sure = self.registry.get(result.tool) if result.decision == "direct" and result.tool else None
        if sure is not None and sure.allow_direct_answer and not any(p.from_user for p in sure.parameters):
            follow_up = False       # a remark the router is sure of ("that answer was useless"): no words of the
                                    # request become arguments, so the conversation cannot change what it does
        if follow_up and result.decision != "decline":
            # the conversation decides, never a guess acted on without asking: the model chooses with
            # the history. Words the router is sure of stay with that command or the one the last turn
            # ran ("what's on my calendar in may" said instead of answering "What should I remind you
            # about?" had every tool open and read the to-do list); unsure words may go to any tool.
            sure = (result.tool,) if result.decision in ("tool", "direct") and result.tool else ()
            result.shortlist = tuple(dict.fromkeys((*sure, *self._last_tools(conversation_id)))) if sure else ()
            result.decision, result.tool, result.confident = "shortlist", None, False
        turn_id = turn.turn_id if turn is not None else ""
        if turn is not None:
            turn.router_scores = [(n, round(p, 4)) for n, p in result.ranked]
            turn.router_confident = result.confident
            turn.router_result = result
            turn.timings_ms["router"] = result.elapsed_ms
        self.emit(ev.Routed(top=[[n, p] for n, p in result.top(3)], out_of_scope=round(result.out_of_scope, 3),
                            decision=result.decision, tool=result.tool, shortlist=list(result.shortlist),
                            confident=result.confident, turn_id=turn_id,
                            arguments=result.shown_arguments()))
        return result

    # ---- entry points -----------------------------------------------------------------------------
    def handle_text(self, text: str, source: str = "text", conversation_id: str = "default",
                    turn_id: str | None = None, timings_ms: dict[str, float] | None = None) -> TurnResult:
        """`timings_ms`: stages measured before the text existed (the voice loop's endpoint, stt)."""
        with self._lock:
            t0 = time.perf_counter()
            turn = TurnResult(text=text, turn_id=turn_id or uuid.uuid4().hex[:12])
            turn.timings_ms.update(timings_ms or {})
            if source == "text":
                self.emit(ev.TranscriptReady(text=text, source="text", turn_id=turn.turn_id))
            # a slip put right as it was said ("a timer for five, no, ten minutes") is not part of the request, and
            # a word speech recognition wrote for its homophone where that cannot stand is the word meant ("a timer
            # for to minutes": two)
            meant = mend_misheard(without_self_repairs(text))
            if meant != text:
                log.info("said %r, meant %r", text, meant)
                turn.text = text = meant
            request = RequestInformation(voice_command=text, conversation_id=conversation_id,
                                         source="voice" if source == "voice" else "text")
            self._current = (turn, request)
            control = self._begin(turn.turn_id)
            try:
                control.stage("routing")
                self._route(turn, request)
                self._remember_turn(turn, request)
            except TurnCancelledError:
                self._cancelled(turn, control)
            except Exception as exc:  # the assistant keeps running whatever a turn does
                log.exception("turn failed")
                self.emit(ev.Error(stage="turn", message=f"{type(exc).__name__}: {exc}", turn_id=turn.turn_id))
                turn.spoken = f"Sorry, something went wrong: {exc}"
            finally:
                self._current = None
                self._end(control)
            turn.timings_ms["total"] = (time.perf_counter() - t0) * 1000
            self._finish(turn)
            return turn

    # ---- cancelling -------------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Cancel the turn being handled (any thread: the TUI's Esc, the CLI's Ctrl-C). The LLM stops
        at the next token or between two chunks of the prompt it reads, and nothing the turn was
        about to do runs; a command already running finishes and is kept. False when no turn runs."""
        control = self.control
        if control is None:
            return False
        control.cancel()
        self.stop_reply()
        return True

    def _begin(self, turn_id: str) -> TurnControl:
        control = self.control = TurnControl(self.emit, turn_id)
        if self.brain is not None:
            self.brain.answerer.control = control          # a command's own LLM words stop on cancel too
        return control

    def _end(self, control: TurnControl) -> None:
        if self.control is control:
            self.control = None
        if self.brain is not None and self.brain.answerer.control is control:
            self.brain.answerer.control = None

    def _cancelled(self, turn: TurnResult, control: TurnControl) -> None:
        """The turn ends as cancelled; what already ran (a command before the cancel) is kept and said."""
        turn.cancelled = True
        done = [c for c in turn.tool_calls if c.response is not None and not c.response.context_data.get("confirm")]
        words = [w for w in (spoken_text(c.response) for c in done if c.response is not None) if w]
        turn.spoken = CANCELLED if not done else \
            f"Cancelled after {', '.join(dict.fromkeys(c.name for c in done))} ran." + \
            (f" {' '.join(words)}" if words else "")
        self.emit(ev.TurnCancelled(text=turn.text, stage=control.current, executed=[c.name for c in done],
                                   turn_id=turn.turn_id))

    def run_request(self, text: str) -> RequestOutcome:
        """Run one more request inside the turn being handled (a routine's step): fast paths, the
        router and the LLM as for any utterance, its events under the same turn id, its tool calls
        added to the turn. A pending yes/no question is not answered by it and stays pending. A
        step never runs steps of its own (no routine inside a routine, no loop)."""
        with self._lock:
            if self._in_step:
                return RequestOutcome(text=text, error="a step can't start more steps")
            parent = self._current
            turn_id = parent[0].turn_id if parent is not None else uuid.uuid4().hex[:12]
            conversation = parent[1].conversation_id if parent is not None else "default"
            source = parent[1].source if parent is not None else "text"
            step = TurnResult(text=text, turn_id=turn_id)
            request = RequestInformation(voice_command=text, conversation_id=conversation, source=source)
            self.emit(ev.StepStarted(text=text, turn_id=turn_id))
            self._in_step = True
            self._current = (step, request)
            try:
                self._route(step, request, answer_pending=False)
            except TurnCancelledError:          # the whole turn is cancelled, not just this step
                if parent is not None:
                    parent[0].tool_calls.extend(step.tool_calls)
                raise
            except Exception as exc:  # a failing step is reported, the next one runs
                log.exception("step failed")
                self.emit(ev.Error(stage="step", message=f"{type(exc).__name__}: {exc}", turn_id=turn_id))
                return RequestOutcome(text=text, error=f"{type(exc).__name__}: {exc}")
            finally:
                self._in_step = False
                self._current = parent
            if parent is not None:
                parent[0].tool_calls.extend(step.tool_calls)
                for k, v in step.timings_ms.items():
                    if k in ("llm", "router"):      # execute: the step ran inside its command's own
                        parent[0].timings_ms[k] = parent[0].timings_ms.get(k, 0.0) + v
            responses = [c.response for c in step.tool_calls if c.response is not None]
            asked = any(r.context_data.get("confirm") for r in responses)
            failed = [r for r in responses if not r.success]
            error = None
            if not responses:
                error = step.spoken or CANT_HANDLE
            elif failed:
                error = failed[0].error_details or failed[0].message or "it failed"
            elif asked:
                error = "it needs your yes first"
            return RequestOutcome(text=text, spoken=step.spoken, success=error is None,
                                  commands=[c.name for c in step.tool_calls], error=error, route=step.route)

    def handle_action(self, command_name: str, action_name: str,
                      context: dict[str, Any] | None = None) -> TurnResult:
        """A button click (or a spoken yes/no on pending buttons)."""
        with self._lock:
            t0 = time.perf_counter()
            turn = TurnResult(text=f"[{action_name}]", route="action", turn_id=uuid.uuid4().hex[:12])
            pending = self.pending
            if pending is not None and pending.call is not None and pending.command == command_name:
                self.pending = None
                response = self._run_confirmed(pending, action_name, turn)
                turn.spoken = spoken_text(response)
                turn.wait_for_input = response.wait_for_input
                turn.timings_ms["total"] = (time.perf_counter() - t0) * 1000
                self._finish(turn)
                return turn
            if pending is not None and pending.command == command_name and \
                    any(b.button_action == action_name for b in pending.actions):
                # the offer's own context: a panel's copy has secret-looking values masked ("***"),
                # and a command must never act on the mask
                context = {**(context or {}), **pending.context}
            command = self.registry.get(command_name)
            if command is None:
                response = CommandResponse.error_response(f"no command named {command_name!r}")
            else:
                try:
                    response = command.handle_action(action_name, dict(context or {}))
                except Exception as exc:
                    log.exception("handle_action failed")
                    response = CommandResponse.error_response(f"{command_name} failed: {exc}")
            record = ToolCallRecord(command_name, {"action": action_name}, "action", response)
            turn.tool_calls.append(record)
            self._after_response(command_name, record.arguments, "action", response, turn, 0.0)
            turn.spoken = spoken_text(response)
            turn.wait_for_input = response.wait_for_input
            turn.timings_ms["total"] = (time.perf_counter() - t0) * 1000
            self._finish(turn)
            return turn

    # ---- routing -----------------------------------------------------------------------------------
    def _route(self, turn: TurnResult, request: RequestInformation, answer_pending: bool = True) -> None:
        if answer_pending and self._say_again(turn, request):
            return                      # before the pending question: it is said again and still waits
        if answer_pending and self._answer_pending(turn, request):
            return
        if answer_pending and self._answer_awaited(turn, request):
            return
        if answer_pending and self._do_again(turn, request):
            return
        if answer_pending and self._take_back(turn, request):
            return
        if self._not_to_do(turn, request):
            return
        if (answer_pending or self._in_step) and self._tell_how(turn, request):
            return                      # before the fast paths: "how do i ..." never asks for it to be done
        t = time.perf_counter()
        match = pre_route(turn.text, self._fast_path_order(request))
        turn.timings_ms["pre_route"] = (time.perf_counter() - t) * 1000
        if match is None and (answer_pending or self._in_step) and (
                self._told_not_asked(turn, request) or self._tell_ability(turn, request)):
            return      # a step too: "what's on my list and also can you send emails" sent an e-mail
        if match is None and answer_pending and not self._in_step:
            if self._carry_over(turn, request):
                return
            steps = self._several_requests(turn.text)
            if steps:
                self._run_several(turn, request, steps)
                return
        if match is not None:
            turn.route = "pre_route"
            name = match.command.command_name
            self.emit(ev.PreRouted(command=name, arguments=dict(match.result.arguments),
                                   spoken_response=match.result.spoken_response, turn_id=turn.turn_id))
            self.emit(ev.ToolCallsParsed(calls=[{"name": name, "arguments": dict(match.result.arguments)}],
                                         origin="pre_route", turn_id=turn.turn_id))
            record = self.execute_call(match.command, dict(match.result.arguments), request, "pre_route", turn)
            turn.spoken = spoken_text(record.response, match.result.spoken_response) if record.response else None
            turn.wait_for_input = bool(record.response and record.response.wait_for_input)
            if record.response is not None and record.response.is_validation_error:
                self._ask_what_is_missing(match.command, record.arguments, record.response, turn)
            self._note(turn, request)
            return
        decision = self.route_intent(turn.text, request.conversation_id or "default", turn)
        if decision is not None and decision.decision == "decline":
            turn.route = "none"
            turn.spoken = decline_message(decision.topic)
            self.emit(ev.Declined(text=turn.text, topic=decision.topic or "", reason="router",
                                  turn_id=turn.turn_id))
            self._note(turn, request)
            return
        if self.brain is not None:
            self.brain.run_turn(self, turn, request)
            return
        direct = self.answer_without_model(decision)
        if direct:
            # no LLM to route: a direct-answer command runs on the user's own words (without the model
            # to write them it says so, which tells the user more than "I can't handle that")
            command = self.registry.get(direct)
            if command is not None:
                turn.route = "router"
                record = self.execute_call(command, {}, request, "router", turn)
                turn.spoken = spoken_text(record.response) if record.response else None
                return
        turn.route = "none"
        turn.spoken = CANT_HANDLE

    def not_to_do(self, text: str) -> tuple[NotToDo, IJarvisCommand] | None:
        """The request the words say not to do ("don't set a timer for ten minutes", "no, do not cancel
        the timer") and the action command that request asks for on its own; None when the words say
        no such thing ("don't worry about it": no command acts on "worry about it"; "don't forget to buy
        eggs" asks for something). A fast path's claim or a model's guess would have acted on the very
        words the user said not to act on: "don't cancel the timer" cancelled it."""
        said = request_not_to_do(text)
        if said is None:
            return None
        command = self.action_asked(said.negated)
        return (said, command) if command is not None else None

    def told_not_asked(self, text: str) -> IJarvisCommand | None:
        """The action command named by words that tell of a doing instead of asking for it ("i already set a
        timer for ten minutes", "yesterday i cancelled all my timers", "my son keeps setting alarms"), as
        `action_asked` finds it; None when the words ask, or name no action (chat answers them). Said near
        the assistant (a conversation, the radio), such words fired the action they told of."""
        return self.action_asked(text) if tells_not_asks(text) else None

    def _told_not_asked(self, turn: TurnResult, request: RequestInformation) -> bool:
        """Words that tell of a doing are not an order: nothing runs, the tool-call panel shows the action
        not taken and why, and the user hears that nothing changed."""
        command = self.told_not_asked(turn.text)
        if command is None:
            return False
        self._not_taken(turn, command, "the words tell of it; they do not ask for it", "told")
        self._leave_it(turn, request, "told", TOLD)
        return True

    def action_asked(self, words: str) -> IJarvisCommand | None:
        """The action command `words` ask for on their own: a fast path's, or the intent router's first
        choice when it ranks it above "no command fits"; None for words no command acts on, and for
        a command that answers in words (chat, answer_question: it acts on nothing)."""
        match = pre_route(words, self.registry)
        if match is not None:
            return None if match.command.allow_direct_answer else match.command
        router = self.router
        if router is None:
            return None
        decision = router.decide(words)
        if decision.decision == "decline" or not decision.ranked:
            return None
        name, chance = decision.ranked[0]
        command = self.registry.get(name)
        if command is None or command.allow_direct_answer or chance <= decision.out_of_scope:
            return None
        return command

    @staticmethod
    def not_done_reply(said: NotToDo, command: IJarvisCommand) -> str:
        """"Okay, I won't set a timer for ten minutes." (the user's words, said back to them). When the
        command holds something the words name ("don't wake me up tomorrow" with a wake-up reminder set),
        "I won't" would not be true of what is already there: "Okay, I've left it as it is."."""
        if Assistant._holds_named(command, said.negated):
            return KEPT
        return f"Okay, I won't {second_person(said.negated)}."

    def _not_to_do(self, turn: TurnResult, request: RequestInformation) -> bool:
        """A request the user said not to do is not done: "don't cancel the timer" leaves the timer, and
        says so; a request said in its place runs ("don't set a timer, set an alarm for seven instead")."""
        found = self.not_to_do(turn.text)
        if found is None:
            return False
        said, command = found
        self._not_taken(turn, command, f"the user said not to: {said.negated!r}", "negated")
        if said.instead:
            self._run_several(turn, request, [said.instead])
            return True
        self._leave_it(turn, request, "negated", self.not_done_reply(said, command))
        return True

    def _not_taken(self, turn: TurnResult, command: IJarvisCommand, reason: str, origin: str) -> None:
        """The action the words name is not taken: the log and the tool-call panel say which, and why."""
        log.info("not doing %s: %s", command.command_name, reason)
        self.emit(ev.ToolCallsParsed(calls=[], rejected=[{"name": command.command_name, "reason": reason}],
                                     origin=origin, turn_id=turn.turn_id))

    def _leave_it(self, turn: TurnResult, request: RequestInformation, route: str, reply: str) -> None:
        """The turn ends with nothing done: `reply` says so."""
        turn.route = route
        turn.spoken = reply
        self._note(turn, request)

    def answer_without_model(self, decision: RouterResult | None) -> str | None:
        """The direct-answer command (chat, answer_question: allow_direct_answer) a turn runs when there
        is no LLM to route: the router's confident pick, or the likeliest of a shortlist that holds
        nothing but such commands (no action to choose between). None otherwise."""
        if decision is None:
            return None
        if decision.decision == "direct":
            return decision.tool
        if decision.decision == "shortlist" and decision.shortlist and all(
                (c := self.registry.get(n)) is not None and c.allow_direct_answer for n in decision.shortlist):
            return decision.shortlist[0]
        return None

    def _note(self, turn: TurnResult, request: RequestInformation) -> None:
        if self.brain is not None:   # the brain's history includes turns it did not route (for follow-ups)
            try:
                self.brain.note_turn(turn, request)
            except Exception:
                log.exception("brain.note_turn failed")

    def _answer_awaited(self, turn: TurnResult, request: RequestInformation) -> bool:
        """The user's words after a command asked for one argument (CommandResponse.ask_for): the
        command reads them as that argument's value (`read_answer`) and runs; "cancel" / "never mind"
        drops the question, and words the command reads as a request of their own drop it too and
        are routed as usual."""
        awaiting, self.awaiting = self.awaiting, None
        if awaiting is None:
            return False
        name, awaits = awaiting
        command = self.registry.get(name)
        if command is None:
            return False
        if _NO.match(normalize_utterance(turn.text)):
            turn.route = "follow_up"
            turn.spoken = KEPT
            return True
        if only_acknowledges(turn.text):
            return False            # "lovely, cheers" to "Which city?" is no city: the question is dropped
        argument, asked = str(awaits["argument"]), dict(awaits.get("arguments") or {})
        fragment = elided_fragment(turn.text)
        last = self._recent_turn(request)
        if fragment is not None and last is not None and self._earlier_turn_meant(fragment, last) is not None:
            return False            # "and bread" to "Which city?" goes on with the shopping list before it
        said = fragment or turn.text      # "and in london": the answer is "in london"
        try:
            arguments = command.read_answer(argument, said, dict(asked))
        except Exception:  # a command that cannot read its answer takes the words as said
            log.exception("read_answer of %s failed", name)
            arguments = {**asked, argument: said.strip()}
        if arguments is None:
            return False
        turn.route = "follow_up"
        self.emit(ev.ToolCallsParsed(calls=[{"name": name, "arguments": dict(arguments)}], origin="follow_up",
                                     turn_id=turn.turn_id))
        if awaits.get("request"):
            # the answer completes the request that was asked about: the command reads both ("what is 2
            # plus" + "8"), as it would have read them said in one go
            request = replace(request, voice_command=f"{awaits['request']} {said.strip()}")
        record = self.execute_call(command, arguments, request, "follow_up", turn)
        asked_in = awaits.get("request") or awaits.get("asked_in")
        if asked_in:             # "what's the weather like" + "london": "and tomorrow" continues both
            turn.understood_as = f"{asked_in} {said.strip()}"
        turn.spoken = spoken_text(record.response) if record.response else None
        turn.wait_for_input = bool(record.response and record.response.wait_for_input)
        self._note(turn, request)
        return True

    # ---- the last turn again ------------------------------------------------------------------------
    def _remember_turn(self, turn: TurnResult, request: RequestInformation) -> None:
        """Keep what this turn did, for "one more" and "say that again" (a turn that repeated the last
        one keeps that one's request, so "one more" can be said again and again)."""
        made = [(c.name, dict(c.arguments), dict(c.response.context_data)) for c in turn.tool_calls
                if c.origin != "take_back" and c.response is not None and c.response.success
                and not c.response.wait_for_input]
        if turn.route == "repeat":
            if self.last_turn is not None:
                self.last_turn.at = time.monotonic()
                self.last_turn.spoken = turn.spoken or self.last_turn.spoken
                self.last_turn.made = made or self.last_turn.made     # "one more" made another: that one
            return
        if not turn.spoken:
            return
        answered = [c for c in turn.tool_calls
                    if c.origin in ("pre_route", "router", "llm", "follow_up", "confirmed") and c.response is not None]
        done = [c for c in answered
                if c.response is not None and c.response.success and not c.response.wait_for_input]
        if turn.understood_as:
            request = replace(request, voice_command=turn.understood_as)
        previous = self._recent_turn(request)
        self.last_turn = LastTurn(request.conversation_id or "default", request,
                                  [(c.name, dict(c.arguments)) for c in done], turn.spoken,
                                  tried=[(c.name, dict(c.arguments)) for c in answered], made=made,
                                  asked=bool(turn.wait_for_input and answered and not done), ran=bool(turn.tool_calls),
                                  before=replace(previous, before=None) if previous is not None
                                  and turn.route != "take_back" else None)

    def last_commands(self) -> list[str]:
        """The commands the last turn of the conversation being handled ran, a question back included,
        when it was a moment ago; [] otherwise (CommandServices.last_commands)."""
        current = self._current
        last = self._recent_turn(current[1] if current is not None else RequestInformation())
        return list(dict.fromkeys(name for name, _ in last.tried)) if last is not None else []

    def last_exchange(self) -> tuple[str, str] | None:
        """The last turn's words and its spoken reply, when it was a moment ago (CommandServices.last_exchange)."""
        current = self._current
        last = self._recent_turn(current[1] if current is not None else RequestInformation())
        return (last.request.voice_command, last.spoken) if last is not None and last.spoken else None

    def _place_said_as_there(self, command: IJarvisCommand, args: dict[str, Any],
                             request: RequestInformation) -> dict[str, Any]:
        """The place a request that says "there" means, for the place arguments its call left out: the
        one the last turns' calls named, in any command's place argument ("what's the weather in tokyo",
        then "what time is it there": Tokyo, not here). {} when it names none or says no "there"."""
        wanted = [p.name for p in command.parameters if p.place and not args.get(p.name)]
        if not wanted or not says_there(request.voice_command):
            return {}
        last = self._recent_turn(request)
        while last is not None:
            for name, called in last.tried:
                earlier = self.registry.get(name)
                for p in earlier.parameters if earlier is not None else []:
                    if p.place and isinstance(called.get(p.name), str) and called[p.name].strip():
                        return {w: called[p.name] for w in wanted}
            last = last.before
        return {}

    def _recent_turn(self, request: RequestInformation) -> LastTurn | None:
        last = self.last_turn
        if last is None or last.conversation_id != (request.conversation_id or "default") \
                or time.monotonic() - last.at > REPEAT_WINDOW_S:
            return None
        return last

    # ---- "can you set alarms?", "how do i cancel a timer?" ---------------------------------------------
    def _tell_ability(self, turn: TurnResult, request: RequestInformation) -> bool:
        return self._say_about_it(turn, request, self.ability_answer(turn.text),
                                  "the words ask whether it can do it, not for it to be done")

    def _tell_how(self, turn: TurnResult, request: RequestInformation) -> bool:
        if self._say_about_it(turn, request, self.usage_answer(turn.text),
                              "the words ask how to use it, not for it to be done"):
            return True
        topic = self.uses_declined(turn.text)
        if topic is None:
            return False
        turn.route = "none"                 # "what can you do with my music": what it cannot do yet
        turn.spoken = decline_message(topic)
        self.emit(ev.Declined(text=turn.text, topic=topic, reason="router", turn_id=turn.turn_id))
        self._note(turn, request)
        return True

    def uses_declined(self, text: str) -> str | None:
        """What the assistant cannot do yet (the router's topic: "play music"), for a question about the
        uses of a kind of thing no command keeps ("what can you do with my music?"), which the
        capabilities' fast path had answered with all it can do. None for anything else."""
        thing = uses_asked(text)
        router = self.router
        if thing is None or router is None:
            return None
        decision = router.decide(thing)
        return decision.topic if decision.decision == "decline" and decision.topic else None

    def usage_answer(self, text: str) -> tuple[str, str, IJarvisCommand] | None:
        """A question about how to use the assistant, told before any fast path may claim its words: how
        to ask for something (`how_answer`) or what a kind of thing lets the user do (`uses_answer`)."""
        return self.how_answer(text) or self.uses_answer(text)

    def uses_answer(self, text: str) -> tuple[str, str, IJarvisCommand] | None:
        """(the thing, the reply, its command) for a question about what the user can do with a kind of
        thing ("what can you do with my shopping list?", "what else can i do with timers?"): the
        capability of the command that says what that thing lets the user do, with a few of its examples
        and of the commands that do the rest of it ("I can set, pause and cancel timers. For example:
        "Set a timer for 5 minutes", ..."). The list's fast path had read the list, and the model had
        asked to cancel the timer. None for anything else, and for a thing no command keeps
        (`uses_declined` says what it cannot do)."""
        thing = uses_asked(text)
        found = self._activity_command(thing, text) if thing is not None else None
        if thing is None or found is None or found.able is None:
            return None
        able = found.able
        parts = [c for c in found.ranked if c is not able and not c.capability and _share_domain(c, able)]
        shown = examples_of_uses(able, parts)
        spoken = f"I can {able.capability}."
        if shown:
            spoken += " For example: " + join_words([f'"{e}"' for e in shown], "or") + "."
        return thing, spoken, found.top

    def ability_answer(self, text: str) -> tuple[str, str, IJarvisCommand] | None:
        """(the activity, the reply, its command) for a question about what it can do ("can you set alarms?", "are
        you able to convert units?"): the capability of the command the activity belongs to ("Yes, I can
        set reminders and alarms."). The model had set a reminder "alarm" and asked when. A command whose kind
        of thing no command says in a capability is told by its own example ("can you forget things": "Yes.
        Just say, for example: "Forget my locker code"."; the model had forgotten a topic "things"). None
        for anything else, and for an activity no command is likely for (it is routed as said)."""
        activity = ability_asked(text)
        found = self._activity_command(activity, text) if activity is not None else None
        if activity is None or found is None:
            return None
        if found.able is None:
            example = self._example_for(found.top, activity)
            return (activity, f"Yes. {example}", found.top) if example is not None else None
        return activity, f"Yes, I can {found.able.capability}.", found.top

    def how_answer(self, text: str) -> tuple[str, str, IJarvisCommand] | None:
        """(the request, the reply, its command) for a question about how to ask for something ("how do i
        cancel a timer?", "what do i say to add something to my shopping list?"): one of that command's
        own examples, of the action the router reads in the words, the one closest to them ("Just say,
        for example: "Cancel the pasta timer"."). The model had cancelled the timer, and answered "how do
        i set an alarm" with made-up steps for a phone. None for anything else, and for what no command
        does ("how do i make pancakes": routed as said). Advice that names a command's kind of thing is
        read as how to ask for it ("how do i stick to a routine": "Run my morning routine"): the router
        and the model both take it for the command. An action the model picks for such a question
        after all is told too, not done (`execute_call`)."""
        activity = how_asked(text)
        found = self._activity_command(activity, text) if activity is not None else None
        if found is None or activity is None:
            return None
        spoken = self._example_for(found.top, activity)
        return (activity, spoken, found.top) if spoken is not None else None

    def _example_for(self, command: IJarvisCommand, activity: str) -> str | None:
        """`how_to_say` for `command` and the activity's words, of the action the router reads in them;
        unsure of it (learned, none decided): no action guessed."""
        router = self.router
        if router is None:
            return None
        name = command.command_name
        reading: dict[str, Any] | None = router.decided_arguments(name, activity)
        if not reading and router.argument_values(name, activity):
            reading = None
        return self.how_to_say(command, activity, reading)

    @staticmethod
    def how_to_say(command: IJarvisCommand, words: str, arguments: dict[str, Any] | None) -> str | None:
        """'Just say, for example: "<the example of `command` closest to `words` and `arguments`>".'"""
        chosen = None if arguments is None else {k: v for k, v in arguments.items() if isinstance(v, str)}
        example = closest_example(command, words, chosen)
        return f'Just say, for example: "{example}".' if example is not None else None

    def _say_about_it(self, turn: TurnResult, request: RequestInformation,
                      answer: tuple[str, str, IJarvisCommand] | None, why: str) -> bool:
        """The reply about an ability or how to ask, with the router's view of the activity and the
        action not taken (and why) in the panels; nothing runs."""
        if answer is None:
            return False
        activity, spoken, command = answer
        self.route_intent(activity, request.conversation_id or "default", turn)
        self._not_taken(turn, command, why, "about")
        turn.route = "router"
        turn.spoken = spoken
        self._note(turn, request)
        return True

    def _activity_command(self, activity: str, said: str) -> ActivityCommands | None:
        """The action command the router finds likeliest for an activity's words, when it is at least
        ABILITY_FLOOR likely and likelier than no command, and the router does not decline the whole
        question (`said`: "how do i get to leeds from york" is directions, whatever "get to leeds from
        york" alone reads as), with the command that says what that kind of
        thing lets the user do: itself when it declares a capability, else the likeliest one that does
        and shares a domain word with it ("cancel timers": set_timer's "set, pause and cancel timers"),
        the one whose capability says the activity's verb first; and the action commands in the
        router's order (the rest of that kind of thing is among them)."""
        router = self.router
        if router is None:
            return None
        decision = router.decide(activity)
        if decision.decision not in ("tool", "shortlist"):
            return None
        ranked = [(c, p) for name, p in decision.ranked
                  if (c := self.registry.get(name)) is not None and not c.allow_direct_answer]
        if not ranked or ranked[0][1] < ABILITY_FLOOR or ranked[0][1] <= decision.out_of_scope:
            return None
        if router.decide(said).decision == "decline":
            return None
        top = ranked[0][0]
        family = [c for c, _ in ranked if c.capability and (c is top or _share_domain(c, top))]
        verb = activity.split()[0]
        saying = [c for c in family if verb in re.findall(r"[a-z]+", c.capability.lower())]
        return ActivityCommands(top, (saying or family or [None])[0], [c for c, _ in ranked])

    # ---- a follow-up that leaves words out ---------------------------------------------------------
    def _carry_over(self, turn: TurnResult, request: RequestInformation) -> bool:
        """"what about tomorrow", "and in london", "how about two cups": the last request again with the
        words said in place of the ones they replace (ellipsis.py), run as a step of this turn, when
        a command of the last turn takes the completed request (its fast path claims it or the router
        ranks it first). The words are routed as said otherwise, and when they ask for something of
        their own ("how about a joke"). The completed words are what the next follow-up continues."""
        last = self._recent_turn(request)
        fragment = elided_fragment(turn.text) if last is not None and last.tried else None
        alone = fragment is None and last is not None and bool(last.tried)
        if alone:
            # "tomorrow?" or "in new york" alone, with no "what about": after a question answered, the same
            # question for that day or place; after something made ("remind me ... at 5 pm", "tomorrow"), that
            # thing put right, as "make it tomorrow" puts it right (the command's own correction), or nothing
            fragment = fragment_said_alone(turn.text)
            if fragment is not None and self._made_things(last):
                return self._put_right(turn, request, fragment, last)
        if last is None or fragment is None:
            return False
        last = self._earlier_turn_meant(fragment, last) or last
        names = {name for name, _ in last.tried}
        router = self.router
        if router is not None and not says_only_when_or_where(fragment):      # "the weekend" alone is the time
            own = router.decide(fragment)
            if own.confident and own.decision in ("tool", "direct") and own.tool not in names:
                return False
        completion = self._completed(fragment, last)
        if all((c := self.registry.get(name)) is not None and c.allow_direct_answer for name in names) and (
                completion.added or not any(args for _, args in last.tried)):
            return False                # small talk, and words added to a question: no request of the same kind
        match = pre_route(completion.text, self._fast_path_order(request))
        if match is not None:
            taken = match.command.command_name in names
        else:
            decided = router.decide(completion.text) if router is not None else None
            taken = decided is not None and bool(decided.ranked) and decided.ranked[0][0] in names
        if not taken:
            return False
        turn.route = "follow_up"
        turn.understood_as = completion.text
        outcome = self.run_request(completion.text)
        turn.spoken = outcome.spoken or outcome.error
        turn.wait_for_input = self.pending is not None or self.awaiting is not None
        self._note(turn, request)
        return True

    def _made_things(self, turn: LastTurn) -> set[str]:
        """The commands whose calls in the turn made or changed something (`made_something`: a reminder
        set, a timer started; not the reminders read)."""
        out = set()
        for name, args, result in turn.made:
            command = self.registry.get(name)
            try:
                if command is not None and command.made_something(dict(args), dict(result)):
                    out.add(name)
            except Exception:  # a command that cannot say made nothing to put right
                log.exception("made_something of %s failed", name)
        return out

    def _put_right(self, turn: TurnResult, request: RequestInformation, fragment: str, last: LastTurn) -> bool:
        """A day or a place said alone right after something was made ("remind me to phone the garage at 4
        pm", "tomorrow"): the correction "make it tomorrow", when a fast path of a command that made it
        claims those words (the reminder moved, not a second one set); False otherwise (routed as said)."""
        correction = f"make it {fragment}"
        match = pre_route(correction, self._fast_path_order(request))
        if match is None or match.command.command_name not in self._made_things(last):
            return False
        turn.route = "follow_up"
        turn.understood_as = correction
        outcome = self.run_request(correction)
        turn.spoken = outcome.spoken or outcome.error
        turn.wait_for_input = self.pending is not None or self.awaiting is not None
        self._note(turn, request)
        return True

    def _earlier_turn_meant(self, fragment: str, last: LastTurn) -> LastTurn | None:
        """The turn before the last one, when a follow-up's words are for its command and not for the
        last one's: "add milk to my shopping list", "what's the weather like" ("Which city?"), "and
        bread" adds bread (it was the weather for a city "Bread"). Said so by any of: a place ("in
        york") that only the earlier turn's commands take (`JarvisParameter.place`); a thing that
        replaces words of the earlier request and would only be added to the last one's ("and sugar"
        after "convert 2 cups of flour to grams" and "what time is it"); the router ranking a command
        of the earlier turn first for the words, at EARLIER_TURN_SHARE times any command of the last
        turn or more. None otherwise: the last turn's, as before."""
        before, router = last.before, self.router
        if before is None or router is None or not before.tried or time.monotonic() - before.at > REPEAT_WINDOW_S:
            return None
        if says_a_place(fragment) and not self._takes_a_place(last) and self._takes_a_place(before):
            return before           # "what about in york" after the weather in leeds and a timer: the weather
        if fragment.split()[0] not in PREPOSITIONS and not says_only_when_or_where(fragment) \
                and self._completed(fragment, last).added and not self._completed(fragment, before).added:
            return before           # "and sugar" after flour converted and the time: no "what time is it sugar"
        ranked = router.rank(fragment)
        top, p = ranked[0]
        earlier = {name for name, _ in before.tried}
        now = {name for name, _ in last.tried}
        if top not in earlier or top in now:
            return None
        rival = max((q for name, q in ranked if name in now), default=0.0)
        return before if p >= EARLIER_TURN_SHARE * rival else None

    def _completed(self, fragment: str, turn: LastTurn) -> Completion:
        return completed_request(fragment, turn.request.voice_command, self._said_arguments(turn.tried))

    def _takes_a_place(self, turn: LastTurn) -> bool:
        """Whether a command the turn ran has a place argument (`JarvisParameter.place`)."""
        return any(p.place for name, _ in turn.tried if (c := self.registry.get(name)) is not None for p in c.parameters)

    def _said_arguments(self, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
        """The calls' arguments that hold the user's words (`grounding.users_words`): not a choice
        among values ("action": "add")."""
        return [users_words(command, args) for name, args in calls if (command := self.registry.get(name)) is not None]

    # ---- several requests in one sentence ---------------------------------------------------------
    def _several_requests(self, text: str) -> list[str] | None:
        """"set a timer for 5 minutes and add milk to my shopping list": the requests, when the words
        split into two to four that each stand alone (a fast path claims it, or the router is sure of
        a command or of declining it); None otherwise ("remind me to call mom and tell her happy
        birthday" is one request: "tell her happy birthday" stands for nothing on its own). A remark
        said around them ("i'm making pasta, ...", "good morning, ...") is left out: it asks nothing."""
        pieces = split_requests(normalize_utterance(text))
        if len(pieces) < 2:
            pieces = shared_amount_requests(text) or pieces     # "set timers for 5 and 10 minutes": one each
        if not 2 <= len(pieces) <= MAX_REQUESTS_SAID:
            return None
        router = self.router
        acting = False
        requests = []
        for piece in pieces:
            if pre_route(piece, self.registry) is not None:
                acting = True
                requests.append(piece)
                continue
            decision = router.decide(piece) if router is not None else None
            if decision is None or not decision.confident or decision.decision not in ("tool", "direct", "decline"):
                return None
            if decision.decision == "decline" and decision.topic is None:
                return None          # "tell her happy birthday": near no topic, so no request of its own
            if decision.decision == "direct" and not asks_question(piece):
                continue             # "i'm making pasta, set a timer ...": a remark around a request asks nothing
            acting = acting or decision.decision == "tool"
            requests.append(piece)
        return requests if acting else None

    def _run_several(self, turn: TurnResult, request: RequestInformation, pieces: list[str]) -> None:
        """Each request of the sentence in turn, through the whole pipeline, as a routine's steps run;
        the replies are said one after the other. One request said among remarks runs alone, and the
        turn shows what decided it."""
        turn.route = "several"
        if len(pieces) == 1:                 # the one request among remarks
            turn.understood_as = pieces[0]
        words = []
        for piece in pieces:
            outcome = self.run_request(piece)
            said = outcome.spoken or outcome.error
            if said:
                words.append(said)
            if len(pieces) == 1:
                turn.route = outcome.route or turn.route
        turn.spoken = " ".join(words) or CANT_HANDLE
        turn.wait_for_input = self.pending is not None or self.awaiting is not None
        self._note(turn, request)

    def _fast_path_order(self, request: RequestInformation) -> list[IJarvisCommand]:
        """The commands whose fast paths are asked, the last turn's first: a follow-up ("actually make it
        10", "and times 3") belongs to the command the user was just talking to, when two could take it."""
        commands = list(self.registry)
        last = self._recent_turn(request)
        if last is None or not last.calls:
            return commands
        first = [name for name, _ in last.calls]
        return sorted(commands, key=lambda c: first.index(c.command_name) if c.command_name in first else len(first))

    def _say_again(self, turn: TurnResult, request: RequestInformation) -> bool:
        """"Say that again", "sorry, what?": the last reply once more, nothing runs; a question it asked
        (yes/no, or one argument) still waits for its answer."""
        if not asks_to_hear_again(turn.text):
            return False
        last = self._recent_turn(request)
        turn.route = "repeat"
        turn.spoken = last.spoken if last is not None and last.spoken else NOTHING_SAID
        turn.wait_for_input = self.pending is not None or self.awaiting is not None
        self._note(turn, request)
        return True

    def _do_again(self, turn: TurnResult, request: RequestInformation) -> bool:
        """"One more", "again", "do that again": the last turn's calls run once more on the words that
        asked for them. Doing again what would destroy something now (a cancel, a delete that finds
        something to destroy) is a guess at what "again" means: it asks first, as a guessed call does.
        False when there is nothing to repeat (then the words are routed like any others)."""
        last = self._recent_turn(request)
        if last is not None and last.before is not None and self._only_a_reaction(last):
            last = last.before          # "tell me a joke", "haha good one", "another": another joke
        # a call that failed ("I can't change the volume: no sound server ...") is tried again: "more" says why
        # again (it was routed as words, and dismissed); a question back still waits for its answer
        calls = (last.calls or ([] if last.asked else last.tried)) if last is not None else []
        if last is None or not calls or not asks_for_another(turn.text):
            return False
        commands = [(self.registry.get(name), args) for name, args in calls]
        if any(command is None for command, _ in commands):
            return False
        questions = [self.confirmation(command, args) for command, args in commands]
        if any(questions):
            if len(commands) > 1:
                return False                # several calls, one of them destructive: routed as words
            turn.route = "repeat"
            command, args = commands[0]
            record = self._ask_first(command, dict(args), last.request, turn, str(questions[0]), {})
            turn.spoken = spoken_text(record.response) if record.response else None
            turn.wait_for_input = True
            self._note(turn, request)
            return True
        turn.route = "repeat"
        self.emit(ev.ToolCallsParsed(calls=[{"name": name, "arguments": dict(args)} for name, args in calls],
                                     origin="repeat", turn_id=turn.turn_id))
        records = [self.execute_call(command, dict(args), last.request, "repeat", turn)
                   for command, args in commands if command is not None]
        words = [w for w in (spoken_text(r.response) for r in records if r.response is not None) if w]
        turn.spoken = " ".join(words) or None
        turn.wait_for_input = any(r.response is not None and r.response.wait_for_input for r in records)
        self._note(turn, request)
        return True

    def _only_a_reaction(self, last: LastTurn) -> bool:
        """Whether a turn was only a remark answered in words ("haha good one": small talk), which "another"
        said next looks past (it repeated the small talk)."""
        commands = [self.registry.get(name) for name, _ in last.calls]
        return bool(commands) and all(c is not None and c.allow_direct_answer for c in commands) \
            and says_remark(last.request.voice_command)

    def _take_back(self, turn: TurnResult, request: RequestInformation) -> bool:
        """"Cancel that", "undo", "scratch that" a moment after a turn that made or changed something:
        each command that did it puts it back (`take_back`: the reminder just set is deleted, not a
        dismissal that leaves it set). Nothing else runs. False when the words are not that or nothing
        the last turn did can be taken back; then they are routed as any others ("undo that" after a
        list change is the list's own). "Cancel", "never mind" or "no" alone drop only a question back.
        After a turn that ran nothing (a decline) there is nothing to take back, and it says so."""
        dismissed = not asks_to_take_back(turn.text)
        if dismissed and not _NO.match(normalize_utterance(turn.text)):
            return False
        last = self._recent_turn(request)
        if last is None:
            return False
        ending = asks_to_end_it(turn.text)
        undone = [] if dismissed else self._taken_back(last, ending)
        before = last.before
        if (not undone and not dismissed and before is not None and time.monotonic() - before.at <= REPEAT_WINDOW_S
                and _same_subject(last.spoken, before.spoken)):
            # a read of the same thing in between ("Timer set for 20 minutes.", "Your 20 minute timer has 20
            # minutes left.", "call it off"); after "It's 3:05 PM." that is no longer what "that" means
            undone = self._taken_back(before, ending)
        if not undone:
            if not dismissed and not last.ran and not last.asked:
                # "cancel that" right after a turn that ran nothing (declined, or answered in words): there is
                # nothing to take back; routed as words it went to the model, which read or cancelled timers
                turn.route = "follow_up"
                turn.spoken = NOTHING_DONE
                self._note(turn, request)
                return True
            if last.asked and not last.made and pre_route(turn.text, self._fast_path_order(request)) is None:
                # "cancel that", "never mind" to a question back ("Who should it go to?"): the request is
                # dropped; it went to the model as a new request and cancelled a timer ("undo that" after a
                # button that cleared a list is the list's own)
                turn.route = "follow_up"
                turn.spoken = DROPPED
                self._note(turn, request)
                return True
            return False
        turn.route = "take_back"
        self.emit(ev.ToolCallsParsed(calls=[{"name": name, "arguments": {"take_back": args}} for name, args, _ in undone],
                                     origin="take_back", turn_id=turn.turn_id))
        for name, args, response in undone:
            turn.tool_calls.append(ToolCallRecord(name, {"take_back": args}, "take_back", response))
            self._after_response(name, {"take_back": args}, "take_back", response, turn, 0.0)
        turn.spoken = " ".join(w for w in (spoken_text(r) for _, _, r in undone) if w) or None
        self._note(turn, request)
        return True

    def _ask_what_is_missing(self, command: IJarvisCommand, arguments: dict[str, Any], response: CommandResponse,
                             turn: TurnResult) -> None:
        """A fast path's claim the command found incomplete ("remember something for me": no fact) asks
        as the model's route does ("What should I remember?"), and the next words answer it."""
        failed = [r for r in response.validation_results if not r.success]
        turn.spoken = clarification_question(command, command.command_name, failed, response)
        turn.wait_for_input = True
        asked = asked_argument(command, failed)
        if asked is not None:
            # the answer completes the request as the model's route does: what it said is read with it
            # (a reminder's text from "don't let me forget my keys" was dropped once "at 8" answered when)
            self.awaiting = (command.command_name, {"argument": asked, "arguments": dict(arguments),
                                                    "request": turn.text})

    def _taken_back(self, last: LastTurn, ending: bool = False) -> list[tuple[str, dict[str, Any], CommandResponse]]:
        """What each call that `last` made answers when asked to take it back (a read answers nothing),
        or, `ending` ("kill it"), to end what it made or changed."""
        undone: list[tuple[str, dict[str, Any], CommandResponse]] = []
        for name, args, result in last.made:
            command = self.registry.get(name)
            if command is None:
                continue
            try:
                response = (command.end if ending else command.take_back)(dict(args), dict(result))
            except Exception as exc:            # a command that fails to undo says so; nothing else runs
                log.exception("take_back of %s failed", name)
                response = CommandResponse.error_response(f"I couldn't undo that ({name}: {exc}).")
            if response is not None:
                undone.append((name, dict(args), response))
        return undone

    def _answer_pending(self, turn: TurnResult, request: RequestInformation) -> bool:
        """A spoken 'yes' presses the pending primary/destructive button, 'no' cancels."""
        pending, self.pending = self.pending, None
        if pending is None:
            return False
        said = normalize_utterance(turn.text)
        if _YES.match(said):
            chosen = next((a for a in pending.actions if a.button_type in ("destructive", "primary")
                           and a.button_action != "cancel_click"), None)
        elif _NO.match(said):
            chosen = next((a for a in pending.actions if a.button_action == "cancel_click"),
                          IJarvisButton("Cancel", "cancel_click", "secondary"))
        else:
            return False
        if chosen is None:
            return False
        if pending.call is not None:              # the answer to "Cancel your pasta timer?"
            turn.route = "action"
            response = self._run_confirmed(pending, chosen.button_action, turn)
            turn.spoken = spoken_text(response)
            turn.wait_for_input = response.wait_for_input
            return True
        command = self.registry.get(pending.command)
        if command is None:
            return False
        turn.route = "action"
        try:
            response = command.handle_action(chosen.button_action, dict(pending.context))
        except Exception as exc:
            log.exception("handle_action failed")
            response = CommandResponse.error_response(f"{pending.command} failed: {exc}")
        record = ToolCallRecord(pending.command, {"action": chosen.button_action}, "action", response)
        turn.tool_calls.append(record)
        self._after_response(pending.command, record.arguments, "action", response, turn, 0.0)
        turn.spoken = spoken_text(response)
        turn.wait_for_input = response.wait_for_input
        return True

    # ---- execution ---------------------------------------------------------------------------------
    def execute_call(self, command: IJarvisCommand, arguments: dict[str, Any], request: RequestInformation,
                     origin: str, turn: TurnResult, prompt: str = "") -> ToolCallRecord:
        """post_process_tool_call -> execute, with events; never raises. `prompt`: what the model that
        wrote an LLM call read (no argument is taken from it: grounding)."""
        name = command.command_name
        asked_how = how_asked(request.voice_command) if origin in ("llm", "router") else None
        if asked_how is not None and not command.allow_direct_answer:
            # "how do you pause a timer": the model picked the action the question is about; it is told how
            # to ask for it, not done (nothing runs, the call is not the turn's)
            said = self.how_to_say(command, asked_how, arguments)
            if said is not None:
                self._not_taken(turn, command, "the words ask how to ask for it, not for it to be done", "about")
                return ToolCallRecord(name, dict(arguments), "about", CommandResponse.final_response({"message": said}))
        before = dict(arguments)
        dropped: dict[str, Any] = {}
        corrected: dict[str, Any] = {}
        if origin == "llm":
            grounded = ground_arguments(command, arguments, request.voice_command,
                                        self._conversation_text(request.conversation_id), prompt=prompt,
                                        learned=self.learned_arguments(name, request.voice_command))
            arguments, dropped, corrected = grounded.arguments, grounded.dropped, grounded.corrected
        try:
            args = command.post_process_tool_call(dict(arguments), request.voice_command)
            if not isinstance(args, dict):
                raise TypeError(f"post_process_tool_call returned {type(args).__name__}")
        except Exception as exc:
            log.exception("post_process_tool_call of %s failed", name)
            self.emit(ev.Error(stage="post_process", message=f"{name}: {exc}", turn_id=turn.turn_id))
            args = before
        args = {**args, **self._place_said_as_there(command, args, request)}
        changes = {k: {"from": before.get(k), "to": args.get(k)}
                   for k in set(before) | set(args) if before.get(k) != args.get(k)}
        for k in dropped:
            changes[k] = {"from": before.get(k), "to": args.get(k), "dropped": "not in the user's words"}
        for k in corrected:
            changes[k] = {"from": before.get(k), "to": args.get(k), "corrected": "the user's words say this value"}
        control = self.control
        if control is not None:
            control.check()                  # cancelled: nothing more runs, nor is a yes/no asked
        # words that ask whether it was done, or about doing it ("is my timer paused?", "what would happen if
        # i cancelled the timer"), are no order
        about = origin in ("llm", "pre_route") and asks_about_doing(request.voice_command)
        question = self.confirmation(command, args) if about else None
        if about and question is None and not command.only_tells and (told := self._as_it_stands(command, args)):
            # a call that destroys nothing: how it stands is told and nothing runs (the model had paused the
            # timer, and asked "For how long?" of a new one); a destructive one asks first (below)
            self._not_taken(turn, command, "the words ask whether it was done, not for it to be done", "about")
            return ToolCallRecord(name, dict(args), "about", CommandResponse.final_response({"message": told.strip()}))
        if origin == "llm" and not about and not command.only_tells and says_only_its_domain(command, request.voice_command) \
                and all(args.get(p.name) not in (None, "", []) for p in command.parameters if p.required) \
                and not users_words(command, args) and (told := self._as_it_stands(command, args)):
            # the words only name what it acts on ("timer"): what to do with it was the model's guess (it
            # paused the timer); how it stands is told, and nothing runs. A call that still asks for
            # something it needs ("For how long?") runs.
            self._not_taken(turn, command, "the words only name what it acts on, not what to do", "about")
            return ToolCallRecord(name, dict(args), "about", CommandResponse.final_response({"message": told.strip()}))
        if origin == "llm":
            # a guess asks before it destroys: the words ask about doing it (above), the router was unsure
            # of the command, or the request says words the command was never taught ("pause the timer"
            # routed to a cancel)
            untaught = self.untaught_words(name, args, request.voice_command) if turn.router_confident else []
            # ... or what it would act on is not all in this request's words (the model took it from the
            # conversation, or wrote its own), unless the request points back at it ("delete it")
            points_back = refers_back(request.voice_command)
            unsaid = [] if points_back else unsaid_target(command, args, request.voice_command)
            # ... or the words point back at nothing: no turn of this conversation came before it ("i don't
            # want a reminder for that" said first), so what "that" is was the model's guess
            dangling = points_back and self._recent_turn(request) is None
            # ... or they name nothing it would act on: no argument of the user's words, no word of the
            # command's domain, no pointing back ("cancel" alone cancelled the timer running)
            nameless = not points_back and not users_words(command, args) \
                and not names_its_domain(command, request.voice_command)
            if not about and (untaught or unsaid or dangling or nameless or not turn.router_confident):
                question = self.confirmation(command, args)
            if question:
                question = self._as_it_stands(command, args) + question if about else question
                return self._ask_first(command, args, request, turn, question, changes, untaught)
        elif origin == "pre_route" and (about or ability_asked(request.voice_command) is not None):
            # a fast path claimed words that ask whether it can be done or about doing it ("can you cancel
            # timers?"): its claim is a guess, and a guess asks before it destroys
            question = question if about else self.confirmation(command, args)
            if question:
                question = self._as_it_stands(command, args) + question if about else question
                return self._ask_first(command, args, request, turn, question, changes, origin=origin)
        if control is not None:
            control.stage("running", name)
        t = time.perf_counter()
        position = len(turn.tool_calls)      # before the calls of any steps this command runs
        with self._streamed_reply(turn):
            response = command.execute(request, **args)
        elapsed = (time.perf_counter() - t) * 1000
        turn.timings_ms["execute"] = turn.timings_ms.get("execute", 0.0) + elapsed
        record = ToolCallRecord(name, args, origin, response, changes)
        turn.tool_calls.insert(position, record)
        self._after_response(name, args, origin, response, turn, elapsed, changes)
        return record

    @contextlib.contextmanager
    def _streamed_reply(self, turn: TurnResult):
        """While a command runs, the words it asks the LLM for go out sentence by sentence
        (ReplySentence) when someone speaks them (`stream_replies`, set by the voice loop)."""
        answerer = self.brain.answerer if self.brain is not None else None
        if not self.stream_replies or answerer is None or answerer.stream is not None:
            yield
            return

        def send(sentence: str) -> None:
            turn.streamed.append(sentence)
            self.emit(ev.ReplySentence(text=sentence, turn_id=turn.turn_id))
        stream = answerer.stream = self._reply_stream = SentenceStream(send)
        try:
            yield
        finally:
            answerer.stream = None
            if self._reply_stream is stream:
                self._reply_stream = None

    def stop_reply(self) -> None:
        """Barge-in: the reply being generated stops at the next token."""
        stream = self._reply_stream
        if stream is not None:
            stream.stop()

    def _conversation_text(self, conversation_id: str | None) -> str:
        if self.brain is None:
            return ""
        try:
            return str(self.brain.recent_text(conversation_id or "default"))
        except Exception:  # noqa: BLE001 - no history: only the utterance grounds
            return ""

    @staticmethod
    def confirmation(command: IJarvisCommand, args: dict[str, Any]) -> str | None:
        """The yes/no question a guessed call of `command` asks before it runs (None: it just runs)."""
        try:
            return command.confirmation_question(dict(args))
        except Exception:  # a command that cannot phrase its question still asks
            log.exception("confirmation_question of %s failed", command.command_name)
            return f"Should I run {command.command_name.replace('_', ' ')}?"

    def state_asked_about(self, text: str, decision: RouterResult | None) -> str | None:
        """How the thing stands that a question whether something was done asks about ("did you set the
        timer?": "Your 10 minute timer is still running, with 9 minutes left."), told by the likeliest
        command that tells it (`as_it_stands` with no arguments), for when the model declined the
        question ("Sorry, I can't help with that yet."), or words that only name what it acts on ("timer").
        Only commands the router ranks at least ABILITY_FLOOR likely and likelier than no command; None for
        other words, or when none tells anything."""
        if decision is None:
            return None
        about = asks_about_doing(text)
        for name, chance in decision.ranked:
            command = self.registry.get(name)
            if chance < ABILITY_FLOOR or chance <= decision.out_of_scope:
                break
            # ... or words that only name what the command acts on ("timer", declined by the model)
            if command is not None and (about or says_only_its_domain(command, text)) \
                    and (told := self._as_it_stands(command, {})):
                return told.strip()
        return None

    def remark_answered_by(self, text: str, decision: RouterResult | None, topic: str | None = None) -> str | None:
        """The command that answers in words (allow_direct_answer) with no argument needed, for a remark
        (`says_remark`) that was declined: a remark is answered, not told "I can't help with that". A remark
        that tells of what happened (`reports_past`: "the traffic was terrible today", "my neighbour's dog
        barked all night"), even with a topic the decline would name, or lets out a feeling (`sighs`,
        `says_liking`: "ugh, mondays", "i hate mondays") with none: the one the router ranks highest. A
        remark on how things are ("it's gloomy in here", "i am so cold") may ask for what cannot be done yet:
        only when the router ranks such a command first, at least ABILITY_FLOOR likely and likelier than no
        command, and no topic is named ("it's gloomy in here": "I can't control the lights yet"). None for a
        question, an order ("broadcast a video": answered in words it got made-up text), or no such command."""
        if decision is None or not decision.ranked or not says_remark(text):
            return None
        if reports_past(text) or (not topic and (sighs(text) or says_liking(text))):
            return next((name for name, _chance in decision.ranked if self._answers_in_words_alone(name)), None)
        if topic:
            return None
        name, chance = decision.ranked[0]
        if not self._answers_in_words_alone(name) or chance < ABILITY_FLOOR or chance <= decision.out_of_scope:
            return None
        return name

    def feeling_answered_by(self, text: str, decision: RouterResult | None, names: list[str]) -> str | None:
        """The command that answers in words (allow_direct_answer, no argument needed) the router ranks highest,
        for words that only say how the user feels about a thing (`says_liking`: "i hate setting alarms", "i love
        lists") which the model answered with an action (it asked when the alarm should be, read the lists),
        and for a remark (`says_remark`: "my cat is sitting on my keyboard") the model gave to a command that
        answers in words from an argument (a question's answer was looked up for the remark itself); None when
        the words are not that, or a call already answers in words alone."""
        if decision is None:
            return None
        commands = [c for n in names if (c := self.registry.get(n)) is not None]
        if says_liking(text):
            if any(c.allow_direct_answer for c in commands):
                return None
        elif not (says_remark(text) and commands and all(c.allow_direct_answer for c in commands)
                  and not any(self._answers_in_words_alone(c.command_name) for c in commands)):
            return None
        return next((name for name, _chance in decision.ranked if self._answers_in_words_alone(name)), None)

    def _answers_in_words_alone(self, name: str) -> bool:
        """Whether command `name` answers in words (allow_direct_answer) and runs with no arguments (it needs none):
        what a remark or a feeling is answered by in the model's place."""
        command = self.registry.get(name)
        return command is not None and command.allow_direct_answer and not any(p.required for p in command.parameters)

    @staticmethod
    def _as_it_stands(command: IJarvisCommand, args: dict[str, Any]) -> str:
        """How what a call would act on stands now, as the first words of its confirmation question when
        the request asks whether it was done ("did you cancel my timer?": "Your 10 minute timer is still
        running, with 9 minutes left. Cancel your 10 minute timer?"); "" when the command tells nothing."""
        try:
            said = command.as_it_stands(dict(args))
        except Exception:  # a command that cannot tell it: the question alone
            log.exception("as_it_stands of %s failed", command.command_name)
            return ""
        return f"{said.strip()} " if isinstance(said, str) and said.strip() else ""

    def untaught_words(self, name: str, args: dict[str, Any], utterance: str) -> list[str]:
        """The words of the request that command `name` was never taught (the router's reading; none
        without a router), the words of its arguments aside."""
        router = self.router
        if router is None:
            return []
        values = _argument_values(args)
        try:
            return router.untaught_words(name, utterance, values)
        except Exception:  # unread words make the call a guess: it asks first
            log.exception("the words of %s could not be read", name)
            return ["?"]

    def foreign_words(self, args: dict[str, Any], utterance: str) -> list[str]:
        """The words of the request that only requests no command serves were taught (the router's
        reading; none without a router), the words of the call's arguments aside: a reminder "to book a
        taxi" keeps its own words. An argument that is the whole request said back explains none of
        them ("play the seventh episode ..." as a reminder's text: the request is the foreign thing)."""
        router = self.router
        if router is None:
            return []
        values = [v for v in _argument_values(args) if said_share(utterance, str(v)) < WHOLE_REQUEST]
        try:
            return router.foreign_words(utterance, values)
        except Exception:  # unread words: the model's choice stands
            log.exception("the words of %r could not be read", utterance)
            return []

    def _ask_first(self, command: IJarvisCommand, args: dict[str, Any], request: RequestInformation,
                   turn: TurnResult, question: str, changes: dict[str, Any],
                   untaught: list[str] | None = None, origin: str = "llm") -> ToolCallRecord:
        """A destructive call that was guessed: nothing runs until the user says yes."""
        name = command.command_name
        buttons = [IJarvisButton("Yes", CONFIRM_ACTION, "destructive"), IJarvisButton("No", "cancel_click", "secondary")]
        response = CommandResponse.follow_up_response({"message": question, "confirm": True}, actions=buttons)
        record = ToolCallRecord(name, args, origin, response, changes)
        turn.tool_calls.append(record)
        self.emit(ev.CommandFinished(command=name, arguments=dict(args), origin=origin, success=True,
                                     message=f"asked first: {question}", error=None,
                                     context_data={"confirm": True, "untaught": list(untaught or [])},
                                     post_processed=dict(changes),
                                     duration_ms=0.0, turn_id=turn.turn_id))
        self.pending = PendingActions(name, buttons, {"confirm": True},
                                      call={"arguments": dict(args), "request": request})
        self.emit(ev.ActionsOffered(command=name, actions=[b.to_dict() for b in buttons],
                                    context={"confirm": True}, turn_id=turn.turn_id))
        return record

    def _run_confirmed(self, pending: PendingActions, action: str, turn: TurnResult) -> CommandResponse:
        """The answer to a confirmation question: Yes runs exactly the pending call, No runs nothing."""
        command = self.registry.get(pending.command)
        if action != CONFIRM_ACTION or command is None or pending.call is None:
            return CommandResponse.final_response({"message": KEPT})
        call = pending.call
        record = self.execute_call(command, dict(call["arguments"]), call["request"], "confirmed", turn)
        return record.response or CommandResponse.error_response("no response")

    def _after_response(self, name: str, args: dict[str, Any], origin: str, response: CommandResponse,
                        turn: TurnResult, elapsed_ms: float, changes: dict[str, Any] | None = None) -> None:
        if response.validation_results or response.corrections:
            self.emit(ev.ValidationCompleted(
                command=name, arguments=dict(args),
                results=[r.to_dict() for r in response.validation_results],
                corrections=dict(response.corrections), turn_id=turn.turn_id))
        self.emit(ev.CommandFinished(
            command=name, arguments=dict(args), origin=origin, success=response.success,
            message=response.message, error=response.error_details,
            context_data=_safe_context(response.context_data), post_processed=dict(changes or {}),
            duration_ms=elapsed_ms, turn_id=turn.turn_id))
        if response.awaits and response.awaits.get("argument"):
            # with the words that asked it, so that the answer is remembered as the request it completes
            self.awaiting = (name, {"asked_in": turn.understood_as or turn.text, **response.awaits})
        if response.actions:
            self.pending = PendingActions(name, list(response.actions), dict(response.context_data))
            self.emit(ev.ActionsOffered(command=name, actions=[a.to_dict() for a in response.actions],
                                        context=_safe_context(response.context_data), turn_id=turn.turn_id))

    def _finish(self, turn: TurnResult) -> None:
        self.emit(ev.TurnFinished(text=turn.text, route=turn.route, spoken=turn.spoken,
                                  wait_for_input=turn.wait_for_input, timings_ms=dict(turn.timings_ms),
                                  turn_id=turn.turn_id))


def _safe_context(data: dict[str, Any]) -> dict[str, Any]:
    """context_data for events: JSON-friendly, no secret-looking keys."""
    out: dict[str, Any] = {}
    for k, v in data.items():
        if k != "missing_secrets" and any(s in k.lower() for s in ("password", "secret", "token", "api_key")):
            # (the names of the settings still to set are no secret: the notice names them)
            out[k] = "***"
        elif isinstance(v, (str, int, float, bool, type(None), list, dict)):
            out[k] = v
        else:
            out[k] = str(v)
    return out


def _argument_values(args: dict[str, Any]) -> list[str]:
    """Every value of a call's arguments as text, a list argument's items one by one."""
    return [str(v) for value in args.values() for v in (value if isinstance(value, list) else [value])]
