"""Providers for small off-the-shelf models."""
