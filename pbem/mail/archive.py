"""The inbound archive: every message stored raw before anything reads it, with what became
of it, so nothing a player sent is ever lost and any of it can be processed again."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Status = Literal[
    "received",  # stored, not yet processed (or processing was interrupted)
    "processed",  # handed to the judge
    "ignored",  # auto-reply, bounce, list mail, no sender: never answered
    "duplicate",  # its Message-ID was seen before
    "refused",  # too large
    "limited",  # over the sender's rate limit: held, not processed
    "failed",  # processing raised: kept with the error, can be replayed
]
STATUSES: tuple[str, ...] = Status.__args__  # type: ignore[attr-defined]

# Statuses `replay --all` picks up: messages the judge never finished with.
UNFINISHED: tuple[str, ...] = ("received", "failed", "limited")


@dataclass(frozen=True, slots=True)
class Stored:
    id: int
    message_id: str
    sender: str
    raw: bytes
    size: int  # of the message as it arrived (raw may be cut short when refused)
    received_at: str
    source: str
    status: str
    error: str | None


class Archive:
    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        with connection:
            connection.execute(
                """CREATE TABLE IF NOT EXISTS mail_inbound (
                    id INTEGER PRIMARY KEY,
                    message_id TEXT NOT NULL,
                    sender TEXT NOT NULL DEFAULT '',
                    raw BLOB NOT NULL,
                    size INTEGER NOT NULL,
                    received_at TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT '',
                    status TEXT NOT NULL DEFAULT 'received',
                    error TEXT,
                    processed_at TEXT
                )"""
            )
            connection.execute(
                "CREATE INDEX IF NOT EXISTS mail_inbound_message_id ON mail_inbound (message_id)"
            )
            connection.execute(
                "CREATE INDEX IF NOT EXISTS mail_inbound_sender"
                " ON mail_inbound (sender, received_at)"
            )
            connection.execute(
                "CREATE INDEX IF NOT EXISTS mail_inbound_status ON mail_inbound (status)"
            )

    def seen(self, message_id: str) -> bool:
        row = self.connection.execute(
            "SELECT 1 FROM mail_inbound WHERE message_id = ? LIMIT 1", (message_id,)
        ).fetchone()
        return row is not None

    def store(
        self,
        *,
        message_id: str,
        sender: str,
        raw: bytes,
        size: int,
        received_at: datetime,
        source: str,
        status: Status = "received",
        error: str | None = None,
    ) -> int:
        """Store one message and commit before returning: from here on it cannot be lost."""
        with self.connection:
            cursor = self.connection.execute(
                "INSERT INTO mail_inbound"
                " (message_id, sender, raw, size, received_at, source, status, error)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    message_id,
                    sender,
                    raw,
                    size,
                    received_at.isoformat(),
                    source,
                    status,
                    error,
                ),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def mark(self, id: int, status: Status, error: str | None, now: datetime) -> None:
        with self.connection:
            self.connection.execute(
                "UPDATE mail_inbound SET status = ?, error = ?, processed_at = ? WHERE id = ?",
                (status, error, now.isoformat(), id),
            )

    def get(self, id: int) -> Stored | None:
        row = self.connection.execute(
            f"SELECT {_COLUMNS} FROM mail_inbound WHERE id = ?", (id,)
        ).fetchone()
        return Stored(*row) if row else None

    def select(
        self, statuses: tuple[str, ...] | None = None, limit: int | None = None
    ) -> Iterator[Stored]:
        """Stored messages in arrival order, optionally only those with the given statuses."""
        sql = f"SELECT {_COLUMNS} FROM mail_inbound"
        params: list[object] = []
        if statuses is not None:
            sql += f" WHERE status IN ({', '.join('?' * len(statuses))})"
            params += statuses
        sql += " ORDER BY id"
        if limit is not None:
            # The last `limit` messages, still in arrival order.
            newest = sql.replace("ORDER BY id", "ORDER BY id DESC")
            sql = f"SELECT * FROM ({newest} LIMIT ?) ORDER BY id"
            params.append(limit)
        for row in self.connection.execute(sql, params).fetchall():
            yield Stored(*row)

    def count_since(self, sender: str, since: datetime, status: str | None = None) -> int:
        sql = "SELECT COUNT(*) FROM mail_inbound WHERE sender = ? AND received_at >= ?"
        params: list[object] = [sender, since.isoformat()]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        else:
            sql += " AND status NOT IN ('duplicate', 'ignored')"
        return int(self.connection.execute(sql, params).fetchone()[0])

    def counts(self) -> dict[str, int]:
        rows = self.connection.execute(
            "SELECT status, COUNT(*) FROM mail_inbound GROUP BY status"
        ).fetchall()
        return {status: count for status, count in rows}


_COLUMNS = "id, message_id, sender, raw, size, received_at, source, status, error"
