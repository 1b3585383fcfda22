"""The command interface (upstream IJarvisCommand) and the fixed execution lifecycle."""
from __future__ import annotations

import logging
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Pattern

from jarvis_tui.sdk.examples import CommandAntipattern, CommandExample, JarvisPackage
from jarvis_tui.sdk.parameters import JarvisParameter
from jarvis_tui.sdk.responses import CommandResponse, PreRouteResult, RequestInformation, ValidationResult
from jarvis_tui.sdk.secrets import AuthenticationConfig, JarvisSecret
from jarvis_tui.sdk.text import normalize_utterance

if TYPE_CHECKING:
    from jarvis_tui.sdk.services import CommandServices

log = logging.getLogger(__name__)

FastPathHandler = Callable[[re.Match[str], str], "PreRouteResult | None"]


@dataclass(frozen=True)
class FastPath:
    """A deterministic route as data: when `pattern` matches the whole utterance, `handler(match,
    text)` returns the arguments (or None when it is not sure). `id` lets a user disable it."""

    id: str
    pattern: Pattern[str] | str
    handler: FastPathHandler
    description: str = ""

    @property
    def regex(self) -> Pattern[str]:
        return self.pattern if isinstance(self.pattern, re.Pattern) else re.compile(self.pattern, re.I)


class IJarvisCommand(ABC):
    """The full upstream command interface. Subclass JarvisCommandBase, not this."""

    # ---- identity and schema ------------------------------------------------------------------
    @property
    @abstractmethod
    def command_name(self) -> str: ...

    @property
    @abstractmethod
    def description(self) -> str: ...

    @property
    def parameters(self) -> list[JarvisParameter]:
        return []

    @property
    def required_secrets(self) -> list[JarvisSecret]:
        return []

    @property
    def all_possible_secrets(self) -> list[JarvisSecret]:
        """Every secret the command may read, required or optional (for the Secrets menu)."""
        return list(self.required_secrets)

    def secrets_needed(self, arguments: dict[str, Any]) -> list[JarvisSecret]:
        """The secrets a call with these arguments cannot run without (checked by `execute` before
        anything else): all required secrets, unless the command knows that some calls need none
        (an e-mail draft is kept without the mail server's login; sending it needs it)."""
        return list(self.required_secrets)

    @property
    def keywords(self) -> list[str]:
        return []

    @property
    def rules(self) -> list[str]:
        return []

    @property
    def critical_rules(self) -> list[str]:
        return []

    @property
    def antipatterns(self) -> list[CommandAntipattern]:
        return []

    @property
    def allow_direct_answer(self) -> bool:
        return False

    @property
    def required_packages(self) -> list[JarvisPackage]:
        return []

    @property
    def associated_service(self) -> str | None:
        return None

    @property
    def authentication(self) -> AuthenticationConfig | None:
        return None

    @property
    def fast_paths(self) -> list[FastPath]:
        return []

    def generate_prompt_examples(self) -> list[CommandExample]:
        return []

    # ---- what the intent router learns from (routing knowledge lives with the command) ----------
    @property
    def negative_examples(self) -> list[str]:
        """Requests that look like this command's but that it must NOT claim: they belong to another
        command or to none ("never mind" is not cancel_timer's; "what's my schedule" is not
        set_timer's). The router trains on them as "not this command"; fast paths must not claim
        them either."""
        return []

    @property
    def domain_words(self) -> list[str]:
        """Words that name this command's domain ("timer", "countdown"; "inbox", "email"). The router
        uses them as features and to shortlist the constrained output; the core keeps no such lists."""
        return []

    @property
    def capability(self) -> str | None:
        """What this command lets the user do, in a few words said to them ("set timers and tell you
        how long is left"): "what can you do?" is answered from every command's capability, plugins
        included. None: not said (small talk, the answer itself)."""
        return None

    def confirmation_question(self, args: dict[str, Any]) -> str | None:
        """When this call would destroy user data or send something on the user's behalf, the exact
        question to ask before doing it on a guess ("Cancel your pasta timer?"); None when the call
        is harmless. Asked only when the call was chosen by the LLM and the router is not confident;
        fast paths act at once."""
        return None

    def as_it_stands(self, args: dict[str, Any]) -> str | None:
        """What a call with `args` would act on, as it stands now, said to the user ("Your pasta timer is
        still running, with 4 minutes left."): told before the confirmation question when the words ask
        whether it was done or about doing it ("did you cancel my timer?"), so that the question is
        answered before it is asked to be done. None: nothing to tell (the default); the question is
        asked alone."""
        return None

    @property
    def only_tells(self) -> bool:
        """True when no call of this command changes anything: it tells how things stand (the timers
        left). Words that ask whether something was done ("have i got any timers?") run it, as any
        request does; its `as_it_stands` answers such a question the model declined. False by default."""
        return False

    def held_names(self) -> list[str]:
        """The names of what this command keeps for the user now and acts on by name: a timer's
        label, a reminder's words, a list's items. A request the router is unsure of that names one
        ("scrap the vet one") is about that thing, so the commands that hold it are the ones it may
        go to. None held by default."""
        return []

    @property
    def acts_only_on_held(self) -> bool:
        """True when every call acts on something this command holds and none makes a new thing
        (cancelling a timer): holding nothing a request names while another command does, it is not
        the command meant. False by default (a list adds items as well as removing them)."""
        return False

    def take_back(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """Undo what a call of this command just did, when the user takes it back at once ("cancel
        that", "undo", "scratch that" right after it): `arguments` are the call's, `result` its
        response's context_data (the id of what it made). Returns the reply ("OK, I've cancelled that
        reminder."); None when the call changed nothing this can put back (then the words are routed
        as any others)."""
        return None

    def made_something(self, arguments: dict[str, Any], result: dict[str, Any]) -> bool:
        """Whether a call of this command made or changed something that `take_back` would undo (a
        reminder set, a timer started), without undoing it; False for a call that only read (the
        reminders listed). Words said right after such a call may put it right ("tomorrow" after a
        reminder set). False by default."""
        return False

    def end(self, arguments: dict[str, Any], result: dict[str, Any]) -> CommandResponse | None:
        """End the thing a call of this command just made or changed, when the user says so at once
        ("kill it", "scrap that"): after a call that made it, the same as `take_back`; a command whose
        calls also change a thing (a timer made longer) ends the thing itself. None: nothing to end."""
        return self.take_back(arguments, result)

    def startup_notice(self) -> str | None:
        """Something to tell the user when the assistant starts ("2 things happened while I was
        off"): announced once, spoken when audio is on; None when there is nothing."""
        return None

    def shutdown(self) -> None:
        """Stop what the command runs in the background (a timer thread) when the assistant closes;
        nothing by default."""
        return None

    def generate_adapter_examples(self) -> list[CommandExample]:
        return self.generate_prompt_examples()

    def init_data(self) -> dict[str, Any]:
        """One-time data set-up when the command is first installed; returns what it did."""
        return {}

    # ---- the turn -----------------------------------------------------------------------------
    @abstractmethod
    def pre_route(self, voice_command: str) -> PreRouteResult | None: ...

    def post_process_tool_call(self, args: dict[str, Any], voice_command: str) -> dict[str, Any]:
        return args

    def read_answer(self, argument: str, words: str, arguments: dict[str, Any]) -> dict[str, Any] | None:
        """The user's words after this command asked for one argument (`CommandResponse.ask_for`):
        the arguments to run with, or None when the words are no answer but a request of their own
        ("set a timer for 5 minutes" said after "Which city?"), which is then routed as usual. By
        default the words are the value (a routine's steps are whole requests); a number the one
        number they say ("8" after "What's the other number?"), or no answer when they say none or
        several."""
        from jarvis_tui.sdk.parameters import normalize_type
        from jarvis_tui.sdk.text import numbers_said
        declared = next((p for p in self.parameters if p.name == argument), None)
        kind = normalize_type(declared.param_type) if declared is not None else "string"
        if kind in ("int", "float"):
            said = numbers_said(words)
            if len(said) != 1:
                return None
            value = said[0]
            return {**arguments, argument: int(value) if kind == "int" and value == int(value) else float(value)}
        return {**arguments, argument: words.strip()}

    def validate_call(self, **kwargs: Any) -> list[ValidationResult]:
        return []

    @abstractmethod
    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse: ...

    @abstractmethod
    def run(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse: ...

    @abstractmethod
    def execute(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse: ...

    @abstractmethod
    def to_openai_tool_schema(self) -> dict[str, Any]: ...

    @abstractmethod
    def get_command_schema(self) -> dict[str, Any]: ...


class JarvisCommandBase(IJarvisCommand):
    """Default behaviour of every command: fast paths as data, the fixed execute() lifecycle,
    cancel_click, schemas. Commands subclass this and implement run()."""

    def __init__(self) -> None:
        self.services: CommandServices | None = None
        self.disabled_fast_paths: set[str] = set()

    def bind(self, services: "CommandServices") -> None:
        """Give the command the stores, secrets and event sink of the running assistant."""
        self.services = services

    # ---- pre_route: the fast paths, in order ----------------------------------------------------
    def pre_route(self, voice_command: str) -> PreRouteResult | None:
        text = normalize_utterance(voice_command)
        for fp in self.fast_paths:
            if fp.id in self.disabled_fast_paths:
                continue
            m = fp.regex.fullmatch(text)
            if m is None:
                continue
            try:
                result = fp.handler(m, voice_command)
            except Exception:  # a fast path that breaks is not sure
                log.exception("fast path %s of %s failed", fp.id, self.command_name)
                result = None
            if result is not None:
                return result
        return None

    # ---- the fixed lifecycle ---------------------------------------------------------------------
    def missing_secrets(self, arguments: dict[str, Any] | None = None) -> list[JarvisSecret]:
        """The required secrets that are not set (of those `arguments` need, when given)."""
        reader = self.services.secrets if self.services else None
        missing = []
        for s in (self.required_secrets if arguments is None else self.secrets_needed(arguments)):
            if not s.required:
                continue
            value = reader.get(s.key) if reader is not None else None
            if value is None or str(value).strip() == "":
                missing.append(s)
        return missing

    def execute(self, request_info: RequestInformation, **kwargs: Any) -> CommandResponse:
        """secrets -> required params -> types -> validate_call -> auto-correct -> run."""
        missing = self.missing_secrets(kwargs)
        if missing:
            labels = ", ".join(s.label for s in missing)
            # in words for people (the turn speaks a failure's details): the keys are in the data
            words = (f"I can't do that until {labels} {'is' if len(missing) == 1 else 'are'} set. "
                     f"Add {'it' if len(missing) == 1 else 'them'} under Secrets.")
            return CommandResponse.error_response(
                words, context_data={"message": words, "missing_secrets": [s.key for s in missing]})

        declared = {p.name: p for p in self.parameters}
        args: dict[str, Any] = {}
        results: list[ValidationResult] = []
        for p in self.parameters:
            value = kwargs.get(p.name)
            if value is None or (isinstance(value, str) and value.strip() == "" and p.required):
                if p.required and p.default is None:
                    results.append(ValidationResult(
                        success=False, param_name=p.name, command_name=self.command_name,
                        message=f"Missing required parameter {p.name}",
                        valid_values=list(p.enum_values) if p.enum_values else None))
                elif p.default is not None:
                    args[p.name] = p.default
                continue
            coerced, result = p.validate(value, self.command_name)
            results.append(result)
            args[p.name] = coerced
        unknown = sorted(set(kwargs) - set(declared))
        if unknown:
            log.info("%s: ignoring unknown arguments %s", self.command_name, unknown)
        if any(not r.success for r in results):
            return CommandResponse.validation_error(results)

        corrections: dict[str, dict[str, Any]] = {}
        try:
            call_results = list(self.validate_call(**args))
        except Exception as exc:
            log.exception("validate_call of %s failed", self.command_name)
            return CommandResponse.error_response(f"{self.command_name} could not check its arguments: {exc}")
        results.extend(call_results)
        unresolved = []
        for r in call_results:
            if r.success:
                continue
            if r.suggested_value is not None and r.param_name:
                corrections[r.param_name] = {"from": args.get(r.param_name), "to": r.suggested_value}
                args[r.param_name] = r.suggested_value
            else:
                unresolved.append(r)
        if unresolved:
            return CommandResponse.validation_error(results)

        try:
            response = self.run(request_info, **args)
        except Exception as exc:
            log.exception("command %s crashed", self.command_name)
            response = CommandResponse.error_response(
                f"{self.command_name} failed: {type(exc).__name__}: {exc}",
                context_data={"message": f"Sorry, {self.command_name.replace('_', ' ')} failed: {exc}"})
        if not isinstance(response, CommandResponse):
            response = CommandResponse.error_response(
                f"{self.command_name} returned {type(response).__name__}, not a CommandResponse")
        response.validation_results = results + [r for r in response.validation_results if r not in results]
        response.corrections.update(corrections)
        return response

    def handle_action(self, action_name: str, context: dict[str, Any]) -> CommandResponse:
        if action_name == "cancel_click":
            return CommandResponse.final_response({"message": "Cancelled."})
        return CommandResponse.error_response(f"{self.command_name} has no action {action_name!r}")

    # ---- schemas ---------------------------------------------------------------------------------
    def json_parameters_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {p.name: p.json_schema() for p in self.parameters},
            "required": [p.name for p in self.parameters if p.required],
        }

    def to_openai_tool_schema(self) -> dict[str, Any]:
        return {"type": "function", "function": {
            "name": self.command_name, "description": self.description,
            "parameters": self.json_parameters_schema()}}

    def get_command_schema(self) -> dict[str, Any]:
        return {
            "command_name": self.command_name,
            "description": self.description,
            "parameters": [p.to_dict() for p in self.parameters],
            "required_secrets": [s.to_dict() for s in self.required_secrets],
            "all_possible_secrets": [s.to_dict() for s in self.all_possible_secrets],
            "keywords": list(self.keywords),
            "rules": list(self.rules),
            "critical_rules": list(self.critical_rules),
            "antipatterns": [a.to_dict() for a in self.antipatterns],
            "allow_direct_answer": self.allow_direct_answer,
            "required_packages": [p.to_dict() for p in self.required_packages],
            "associated_service": self.associated_service,
            "authentication": self.authentication.to_dict() if self.authentication else None,
            "examples": [e.to_dict() for e in self.generate_prompt_examples()],
            "negative_examples": list(self.negative_examples),
            "domain_words": list(self.domain_words),
            "fast_paths": [{"id": fp.id, "pattern": fp.regex.pattern, "description": fp.description,
                            "enabled": fp.id not in self.disabled_fast_paths} for fp in self.fast_paths],
            "has_fast_path": bool(self.fast_paths) or type(self).pre_route is not JarvisCommandBase.pre_route,
        }
