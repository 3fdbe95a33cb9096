"""How big the tests' random runs are: small by default (the suite stays quick), the full size
with SPACESHIPS_FULL_TESTS=1 (hypothesis examples, and the kill -9 test of several judges on
PostgreSQL too; see CONTRIBUTING.md). Every property test takes its count from `examples`, so
the full run is bigger everywhere.

No hypothesis test has a deadline or a "too slow" health check (the profile loaded here, before
any test module is read): those time the machine, not the code, and fail by chance when it is
busy. Speed is measured by the scripts under bench/."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FULL = os.environ.get("SPACESHIPS_FULL_TESTS", "") not in ("", "0")

settings.register_profile("spaceships", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("spaceships")


def examples(default: int, full: int) -> int:
    """Hypothesis examples for a property: `default` in the everyday run, `full` in the full."""
    return full if FULL else default
