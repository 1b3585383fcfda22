"""Jarvis TUI: a local voice assistant for the desktop."""

__version__ = "0.1.0"
