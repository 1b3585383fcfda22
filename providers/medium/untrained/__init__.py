"""Providers for medium off-the-shelf models."""
