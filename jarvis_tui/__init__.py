"""Jarvis TUI: a local voice assistant for the desktop."""

from jarvis_tui.cpu import bounded_openmp_spin as _bounded_openmp_spin

__version__ = "0.1.0"

_bounded_openmp_spin()  # before llama.cpp or CTranslate2 load their OpenMP runtime (jarvis_tui/cpu.py)
