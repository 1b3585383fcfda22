"""medium models."""
