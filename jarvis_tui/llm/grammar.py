"""The constrained-output schemas and grammars live in the SDK (jarvis_tui.sdk.grammar), where prompt
providers can use them without importing the core; the backends import them from here."""
from jarvis_tui.sdk.grammar import (DECLINE_TOOL, call_alternatives, jarvis_json_schema, schema_to_gbnf,  # noqa: F401
                                    single_call_schema, tagged_gbnf)
