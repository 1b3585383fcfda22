"""Providers for large off-the-shelf models."""
