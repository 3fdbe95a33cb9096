"""Fixtures every test folder may use: a real PostgreSQL server (started once per run, skipped
with the reason when PostgreSQL is absent) and `store_url`, one store of each database."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from pg_server import PgServer  # noqa: E402

DATABASES = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    server, why = PgServer.find()
    if server is None:
        pytest.skip(why)
    try:
        server.start()
    except (RuntimeError, OSError) as exc:
        pytest.skip(f"PostgreSQL would not start here: {exc}")
    yield server
    server.destroy()


@pytest.fixture(params=DATABASES)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty store: a SQLite file, or a PostgreSQL schema of its own."""
    if request.param == "sqlite":
        return str(tmp_path / "judge.sqlite3")
    server: PgServer = request.getfixturevalue("pg_server")
    return server.new_schema()
