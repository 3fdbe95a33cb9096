"""What can go wrong with the judge's database, in the judge's words: a store it cannot use, a
database away for now (try later), and a URL described without its password."""

from __future__ import annotations

import re
import sqlite3

__all__ = ["StoreError", "StoreUnavailable", "describe_url", "unavailable", "unreachable"]


class StoreError(ValueError):
    """A store URL or file the judge cannot use."""

    def __init__(self, message: str, url: str = "") -> None:
        super().__init__(message)
        self.url = url


class StoreNotOpened(StoreError):
    """An SQLite file (or its folder) the judge cannot open or make just now: a folder missing
    or owned by another user. Mended without changing the settings, so a passing failure."""


class StoreUnavailable(RuntimeError):
    """The database cannot be reached just now (stopped, restarting, network): try later."""


def unavailable(exc: BaseException) -> bool:
    """Whether `exc` is the database being away or busy for now (down, or an SQLite file that
    another process holds locked past the wait): a known state worth one line, not a bug."""
    if isinstance(exc, StoreUnavailable):
        return True
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def describe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^/:@]*):[^@/]*@", r"\1:***@", url)


def unreachable(exc: Exception) -> Exception:
    """PostgreSQL's "cannot connect" as StoreUnavailable (try later); any other error as it is."""
    import psycopg

    if isinstance(exc, psycopg.OperationalError) and not isinstance(
        exc, psycopg.errors.DeadlockDetected | psycopg.errors.LockNotAvailable
    ):
        return StoreUnavailable(f"the database cannot be reached: {exc}".strip())
    return exc
