"""large models."""
