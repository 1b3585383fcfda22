"""Providers for small models fine-tuned on Jarvis tool calls (adapters); none ship yet."""
