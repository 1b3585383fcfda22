"""What commands/ and providers/ import."""
from jarvis_tui.sdk.command import FastPath, IJarvisCommand, JarvisCommandBase, normalize_utterance
from jarvis_tui.sdk.examples import CommandAntipattern, CommandExample, JarvisPackage
from jarvis_tui.sdk.parameters import CoercionError, JarvisParameter
from jarvis_tui.sdk.prompt_provider import IJarvisPromptProvider
from jarvis_tui.sdk.responses import (ButtonType, CommandResponse, IJarvisButton, PreRouteResult,
                                      RequestInformation, ValidationResult)
from jarvis_tui.sdk.secrets import AuthenticationConfig, JarvisSecret
from jarvis_tui.sdk.services import CommandServices, TextAnswerer

__all__ = [
    "AuthenticationConfig", "ButtonType", "CoercionError", "CommandAntipattern", "CommandExample",
    "CommandResponse", "CommandServices", "FastPath", "IJarvisButton", "IJarvisCommand",
    "IJarvisPromptProvider", "JarvisCommandBase", "JarvisPackage", "JarvisParameter", "JarvisSecret",
    "PreRouteResult", "RequestInformation", "TextAnswerer", "ValidationResult", "normalize_utterance",
]
