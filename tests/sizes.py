"""How big the tests' random runs are: small by default (the suite stays quick), the full size
with SPACESHIPS_FULL_TESTS=1 (hypothesis examples; see CONTRIBUTING.md)."""

from __future__ import annotations

import os

FULL = os.environ.get("SPACESHIPS_FULL_TESTS", "") not in ("", "0")


def examples(default: int, full: int) -> int:
    """Hypothesis examples for a property: `default` in the everyday run, `full` in the full."""
    return full if FULL else default
