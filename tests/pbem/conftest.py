"""Fixtures of the judge tests; the helpers live in pbem_support (importable here because the
repo's pytest config uses --import-mode=importlib, which does not put test directories on
sys.path)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from pbem_support import FLEET_A, FLEET_B, Table  # noqa: E402

from pbem.storage.store import open_store  # noqa: E402


@pytest.fixture(params=("sqlite", "postgresql"))
def table(request: pytest.FixtureRequest) -> Iterator[Table]:
    """A judge on an empty store: the judge's tests run on both databases."""
    url = ":memory:"
    if request.param == "postgresql":
        url = request.getfixturevalue("pg_server").new_schema()
    store = open_store(url)
    yield Table(store)
    store.close()


@pytest.fixture
def started(table: Table) -> Table:
    """A game `alpha` (deadline 48h, reminder 12h) with A and B joined and both fleets in."""
    gm = table.person("gm@example.org", "Gamemaster")
    gm.send("create alpha deadline 48h reminder 12h")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    alice.join()
    bob.join()
    assert "accepted" in alice.fleet(FLEET_A).body
    assert "accepted" in bob.fleet(FLEET_B).body
    return table
