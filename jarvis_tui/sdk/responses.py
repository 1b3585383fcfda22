"""What commands return: responses, validation results, pre-route results, buttons, request info."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

ButtonType = Literal["primary", "secondary", "destructive"]


@dataclass(frozen=True)
class IJarvisButton:
    """A button offered with a response; clicking it calls the command's handle_action(button_action)."""

    button_text: str
    button_action: str
    button_type: ButtonType = "primary"
    button_icon: str | None = None

    def __post_init__(self) -> None:
        if self.button_type not in ("primary", "secondary", "destructive"):
            raise ValueError(f"button_type must be primary, secondary or destructive, not {self.button_type!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ValidationResult:
    """The verdict on one parameter (or the call as a whole when param_name is None)."""

    success: bool
    param_name: str | None = None
    command_name: str | None = None
    message: str | None = None
    valid_values: list[Any] | None = None
    suggested_value: Any = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PreRouteResult:
    """A fast-path claim: the arguments to execute with and, optionally, the words to speak."""

    arguments: dict[str, Any]
    spoken_response: str | None = None


@dataclass
class RequestInformation:
    """What a command knows about the request that reached it."""

    voice_command: str = ""
    conversation_id: str = "default"
    is_validation_response: bool = False
    validation_context: dict[str, Any] | None = None
    source: Literal["voice", "text", "action"] = "text"


@dataclass
class CommandResponse:
    """What a command's run()/execute()/handle_action() returns. Build it with the factories."""

    context_data: dict[str, Any] = field(default_factory=dict)
    success: bool = True
    error_details: str | None = None
    wait_for_input: bool = False
    clear_history: bool = False
    is_chunked_response: bool = False
    chunk_session_id: str | None = None
    actions: list[IJarvisButton] = field(default_factory=list)
    validation_results: list[ValidationResult] = field(default_factory=list)
    corrections: dict[str, dict[str, Any]] = field(default_factory=dict)
    is_validation_error: bool = False
    # the command asked the user for one argument: the next utterance is its value
    # ({"argument": "steps", "arguments": {...the others, as they were}}); see ask_for()
    awaits: dict[str, Any] | None = None

    @property
    def message(self) -> str | None:
        msg = self.context_data.get("message")
        return str(msg) if msg is not None else None

    # ---- factories (the upstream names) --------------------------------------------------------
    @classmethod
    def success_response(cls, context_data: dict[str, Any] | None = None, wait_for_input: bool = False,
                         actions: list[IJarvisButton] | None = None) -> "CommandResponse":
        return cls(context_data=dict(context_data or {}), success=True, wait_for_input=wait_for_input,
                   actions=list(actions or []))

    @classmethod
    def error_response(cls, error_details: str, context_data: dict[str, Any] | None = None,
                       wait_for_input: bool = False) -> "CommandResponse":
        data = dict(context_data or {})
        data.setdefault("message", error_details)
        return cls(context_data=data, success=False, error_details=error_details,
                   wait_for_input=wait_for_input)

    @classmethod
    def follow_up_response(cls, context_data: dict[str, Any] | None = None,
                           actions: list[IJarvisButton] | None = None) -> "CommandResponse":
        return cls(context_data=dict(context_data or {}), success=True, wait_for_input=True,
                   actions=list(actions or []))

    @classmethod
    def ask_for(cls, argument: str, question: str, arguments: dict[str, Any] | None = None,
                **context: Any) -> "CommandResponse":
        """Ask the user for `argument` ("What should I do when you say good night?"): the next
        thing they say (unless it is "cancel" / "never mind") runs this command again with
        `arguments` plus `argument` = their words. For a request cut in two by a pause."""
        return cls(context_data={"message": question, **context}, success=True, wait_for_input=True,
                   awaits={"argument": argument, "arguments": dict(arguments or {})})

    @classmethod
    def final_response(cls, context_data: dict[str, Any] | None = None) -> "CommandResponse":
        return cls(context_data=dict(context_data or {}), success=True, wait_for_input=False)

    @classmethod
    def chunked_response(cls, session_id: str, context_data: dict[str, Any] | None = None) -> "CommandResponse":
        return cls(context_data=dict(context_data or {}), success=True, is_chunked_response=True,
                   chunk_session_id=session_id)

    @classmethod
    def validation_error(cls, results: list[ValidationResult],
                         context_data: dict[str, Any] | None = None) -> "CommandResponse":
        failed = [r for r in results if not r.success]
        parts = []
        for r in failed:
            text = r.message or f"{r.param_name} is not valid"
            if r.valid_values:
                text += f" (valid values: {', '.join(map(str, r.valid_values))})"
            parts.append(text)
        summary = "; ".join(parts) or "the request is not valid"
        data = dict(context_data or {})
        data.setdefault("message", summary)
        data["validation_errors"] = [r.to_dict() for r in failed]
        return cls(context_data=data, success=False, error_details=f"Validation failed: {summary}",
                   wait_for_input=True, validation_results=list(results), is_validation_error=True)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["actions"] = [a.to_dict() for a in self.actions]
        return d
