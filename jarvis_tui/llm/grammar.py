"""The constrained-output schemas and grammars live in the SDK (jarvis_tui.sdk.grammar), where prompt
providers can use them without importing the core; the backends import them from here."""
from jarvis_tui.sdk.grammar import (DECLINE_TOOL, call_alternatives, forced_start, jarvis_json_schema,  # noqa: F401
                                    schema_to_gbnf, single_call_schema, tagged_gbnf)
