"""Space Go's one registry line, for the length of a test (pbem.registry.GAMES)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pbem import registry


@contextmanager
def registered() -> Iterator[Any]:
    """Space Go registered after the real games; the registry as it was afterwards."""
    registry.GAMES["go"] = "space_go.judge"  # the line a real game adds to pbem/registry.py
    registry.kinds.cache_clear()
    try:
        yield registry.kind_named("go")
    finally:
        del registry.GAMES["go"]
        registry.kinds.cache_clear()
