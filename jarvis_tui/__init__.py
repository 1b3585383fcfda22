"""Jarvis TUI: a local voice assistant for the desktop."""

from jarvis_tui.cpu import passive_openmp as _passive_openmp

__version__ = "0.1.0"

_passive_openmp()       # before llama.cpp or CTranslate2 load their OpenMP runtime (jarvis_tui/cpu.py)
