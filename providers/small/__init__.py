"""small models."""
