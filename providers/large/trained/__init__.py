"""Providers for large models fine-tuned on Jarvis tool calls (adapters); none ship yet."""
