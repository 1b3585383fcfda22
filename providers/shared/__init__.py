"""Building blocks of the prompt providers: core_rules, context_builders, tool_formatters,
command_converters, parsing, and the base class in base.py."""
