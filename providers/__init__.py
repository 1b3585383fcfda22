"""Prompt providers, discovered at run time: one module per provider under
small|medium|large/{trained,untrained}/, user variants in custom/ (or <config dir>/providers/).
The building blocks every provider uses live in shared/."""
