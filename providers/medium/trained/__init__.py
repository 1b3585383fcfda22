"""Providers for medium models fine-tuned on Jarvis tool calls (adapters); none ship yet."""
