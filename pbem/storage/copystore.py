"""`copy-store`: every table of one judge's database into another (SQLite to PostgreSQL or
back), checked afterwards by counting and checksumming every row on both sides.

The copy keeps every id, so games, their players, orders and turns, the mail archive and the
replies keep pointing at each other; the target must be empty (a new file, or a new database
with nothing in it but what the migrations make). The checksum of a table does not depend on
the order the database returns its rows in (the two databases sort text differently): it is
the digest of the sorted digests of its rows, each row written in one canonical form.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem.storage.database import Database, StoreError
from pbem.storage.migrations import TABLES
from pbem.storage.store import open_store

BATCH = 500


@dataclass(frozen=True, slots=True)
class TableCopy:
    table: str
    rows: int
    checksum: str  # of the source; the target's equalled it


class CopyError(ValueError):
    """The copy could not be made, or what arrived differs from what was sent."""


def _canonical(value: Any) -> bytes:
    if value is None:
        return b"N"
    if isinstance(value, bool):
        return b"i%d" % int(value)
    if isinstance(value, int):
        return b"i%d" % value
    if isinstance(value, float):
        return b"f" + repr(value).encode()
    if isinstance(value, bytes | bytearray | memoryview):
        return b"b" + hashlib.sha256(bytes(value)).digest()
    return b"s" + str(value).encode("utf-8", "surrogatepass")


def _columns(db: Database, table: str) -> list[str]:
    cursor = db.execute(f"SELECT * FROM {table} WHERE 1 = 0")
    cursor.fetchall()  # first: a pipelined statement has no description until answered
    return [d[0] for d in cursor.description]


def table_summary(db: Database, table: str, columns: list[str]) -> tuple[int, str]:
    """How many rows the table has and the checksum of their contents."""
    digests = []
    cursor = db.execute(f"SELECT {', '.join(columns)} FROM {table}")
    for row in cursor.fetchall():
        digests.append(hashlib.sha256(b"\x1f".join(_canonical(v) for v in row)).digest())
    digests.sort()
    return len(digests), hashlib.sha256(b"".join(digests)).hexdigest()


def summary(db: Database) -> dict[str, tuple[int, str]]:
    """Rows and checksum of every table of the schema (for backups and checks)."""
    return {table: table_summary(db, table, _columns(db, table)) for table in TABLES}


def copy_store(
    source_url: str, target_url: str, progress: Callable[[str], None] = lambda _: None
) -> list[TableCopy]:
    if source_url == target_url:
        raise CopyError("FROM and TO are the same database")
    if "://" not in source_url and source_url != ":memory:" and not Path(source_url).exists():
        raise CopyError(f"there is no store {source_url!r} to copy from")
    source = open_store(source_url)
    try:
        target = open_store(target_url)
    except BaseException:
        source.close()
        raise
    try:
        return _copy(source.connection, target.connection, progress)
    finally:
        source.close()
        target.close()


def _copy(source: Database, target: Database, progress: Callable[[str], None]) -> list[TableCopy]:
    unknown = sorted(set(source.tables()) - set(TABLES) - {"schema_version", "sqlite_sequence"})
    if unknown:
        raise CopyError(
            f"the source has tables this judge does not know: {', '.join(unknown)}; "
            "copy with the judge that made them"
        )
    busy = [t for t in TABLES if target.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]]
    if busy:
        raise CopyError(
            f"the target is not empty ({', '.join(busy)} have rows); copy into a new file or an "
            "empty database, so that nothing there is overwritten or mixed in"
        )
    copied = []
    with source.transaction(durable=False), target.transaction():  # all or nothing
        if source.dialect == "postgresql":
            # One snapshot for every table, as SQLite's BEGIN IMMEDIATE gives: judges may go on
            # writing during a backup, and nothing they write is half in the copy.
            source.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        for table in TABLES:
            columns = _columns(source, table)
            missing = set(columns) - set(_columns(target, table))
            if missing:
                raise StoreError(f"the target's {table} lacks {', '.join(sorted(missing))}")
            insert = (
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' * len(columns))})"
            )
            cursor = source.execute(f"SELECT {', '.join(columns)} FROM {table}")
            while batch := cursor.fetchmany(BATCH):
                target.executemany(insert, [tuple(row) for row in batch])
            if "id" in columns:
                target.after_copy(table)
            progress(table)
        for table in TABLES:
            columns = _columns(source, table)
            sent = table_summary(source, table, columns)
            arrived = table_summary(target, table, columns)
            if sent != arrived:
                raise CopyError(
                    f"{table}: {sent[0]} rows (checksum {sent[1][:12]}) sent, {arrived[0]} rows "
                    f"(checksum {arrived[1][:12]}) arrived; nothing was copied"
                )
            copied.append(TableCopy(table, sent[0], sent[1]))
    return copied
