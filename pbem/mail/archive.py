"""The inbound archive: every message stored raw before anything reads it, with what became
of it, so nothing a player sent is ever lost and any of it can be processed again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from pbem.storage.database import Database
from pbem.storage.dbresults import Later

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
# The note on a processed message that made or changed a move of a game (a fleet, a design,
# orders): such messages do not count against the sender's rate limit (docs/running-a-judge.md).
MOVE_ACCEPTED = "accepted as a move of a game"

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
    """The table `mail_inbound` (made by the store's migrations) over the judge's database.

    The first copy of a Message-ID to arrive claims it: a unique key on `claim_key`, so two
    processes given the same message at once never both take it as new. Later copies are kept
    too, as `duplicate`, with no claim."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def seen(self, message_id: str) -> bool:
        row = self.db.execute(
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
        """Store one message, committed before returning: from here on no crash of the judge
        loses it (a power cut may, before it is answered; the sender still holds it then)."""
        return self.store_claimed(
            message_id=message_id,
            sender=sender,
            raw=raw,
            size=size,
            received_at=received_at,
            source=source,
            status=status,
            error=error,
            claim=False,
        )[0]

    def store_claimed(
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
        claim: bool = True,
    ) -> tuple[int, Stored | None]:
        """Store one message (committed before returning). With `claim`, the first copy of its
        Message-ID claims it; a later copy is stored as `duplicate` and the first copy comes
        back beside it (None when this one is the first)."""
        values = (message_id, sender, raw, size, received_at.isoformat(), source)
        if claim:
            row = self.claim_later(*values, status=status, error=error).one()
            if row is not None:
                return int(row[0]), None
        return self.store_copy(*values, status=status, error=error, claim=claim)

    def claim_later(
        self,
        message_id: str,
        sender: str,
        raw: bytes,
        size: int,
        received_at: str,
        source: str,
        status: Status = "received",
        error: str | None = None,
        envelope_sender: str = "",
    ) -> Later:
        """The first copy of a Message-ID stored and claimed: its id, read later (none when
        another copy claimed it first; then `store_copy`). Not durable: until the message is
        answered the sender still holds it (no 250 yet, no exit 0), and the durable commit of
        its answer makes this row durable with it."""
        values = (message_id, sender, raw, size, received_at, source, status, error, message_id,
                  envelope_sender)  # fmt: skip
        return self.db.later(_INSERT + " ON CONFLICT (claim_key) DO NOTHING RETURNING id", values,
                             durable=False)  # fmt: skip

    def store_copy(
        self,
        message_id: str,
        sender: str,
        raw: bytes,
        size: int,
        received_at: str,
        source: str,
        status: Status = "received",
        error: str | None = None,
        claim: bool = True,
        envelope_sender: str = "",
    ) -> tuple[int, Stored | None]:
        """A copy that claims nothing: a later copy of a claimed Message-ID (`duplicate`, with
        the first copy beside it) or, without `claim`, a message kept as it is told."""
        values = (message_id, sender, raw, size, received_at, source)
        row = self.db.execute(
            _INSERT + " RETURNING id",
            (*values, "duplicate" if claim else status, error, None, envelope_sender),
            durable=False,
        ).fetchone()
        original = None
        if claim:
            first = self.db.execute(
                f"SELECT {_COLUMNS} FROM mail_inbound WHERE claim_key = ?", (message_id,)
            ).fetchone()
            original = Stored(*first) if first else None
        return int(row[0]), original

    def mark(
        self,
        id: int,
        status: Status,
        error: str | None,
        now: datetime,
        expect: tuple[str, ...] | None = None,
    ) -> bool:
        """Record what became of a message; with `expect`, only if its status is one of those
        still (else another process settled it first: False)."""
        return self.mark_later(id, status, error, now, expect).one() is not None

    def mark_later(
        self,
        id: int,
        status: Status,
        error: str | None,
        now: datetime,
        expect: tuple[str, ...] | None = None,
    ) -> Later:
        """`mark`, its outcome read later (a row when it marked the message): inside a
        PostgreSQL transaction the judge need not wait for it before it goes on."""
        sql = "UPDATE mail_inbound SET status = ?, error = ?, processed_at = ? WHERE id = ?"
        params: list[object] = [status, error, now.isoformat(), id]
        if expect is not None:
            sql += f" AND status IN ({', '.join('?' * len(expect))})"
            params += expect
        return self.db.later(sql + " RETURNING id", params)

    def get(self, id: int) -> Stored | None:
        row = self.db.execute(f"SELECT {_COLUMNS} FROM mail_inbound WHERE id = ?", (id,)).fetchone()
        return Stored(*row) if row else None

    def select(
        self,
        statuses: tuple[str, ...] | None = None,
        limit: int | None = None,
        received_before: datetime | None = None,
    ) -> Iterator[Stored]:
        """Stored messages in arrival order, optionally only those with the given statuses,
        or received before a moment."""
        sql = f"SELECT {_COLUMNS} FROM mail_inbound WHERE 1 = 1"
        params: list[object] = []
        if statuses is not None:
            sql += f" AND status IN ({', '.join('?' * len(statuses))})"
            params += statuses
        if received_before is not None:
            sql += " AND received_at < ?"
            params.append(received_before.isoformat())
        sql += " ORDER BY id"
        if limit is not None:
            # The last `limit` messages, still in arrival order.
            newest = sql.replace("ORDER BY id", "ORDER BY id DESC")
            sql = f"SELECT * FROM ({newest} LIMIT ?) AS newest ORDER BY id"
            params.append(limit)
        for row in self.db.execute(sql, params).fetchall():
            yield Stored(*row)

    def count_since(
        self, sender: str, since: datetime, status: str | None = None, envelope: str | None = None
    ) -> int:
        return int(self.count_later(sender, since, status, envelope).one()[0])

    def count_later(
        self, sender: str, since: datetime, status: str | None = None, envelope: str | None = None
    ) -> Later:
        """How many messages the sender sent since then, read later: of one status, or all
        that count against the rate limit (not duplicates, not auto-replies or other ignored
        mail, not moves a game accepted). With `envelope`, only those of that envelope sender:
        an address's budget is its own mail's, not mail forging its From from elsewhere."""
        both = " AND envelope_sender = ?" if envelope is not None else ""
        also: list[object] = [envelope] if envelope is not None else []
        sql = f"SELECT COUNT(*) FROM mail_inbound WHERE sender = ? AND received_at >= ?{both}"
        params: list[object] = [sender, since.isoformat(), *also]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
            return self.db.later(sql, params)
        # Beside it, in the same statement, what the sender made the judge keep (see
        # RateLimit.keeps): everything but moves, duplicates and auto-replies included.
        move = "status = 'processed' AND COALESCE(error, '') = ?"
        sql = (
            "SELECT COALESCE(SUM(CASE WHEN status NOT IN ('duplicate', 'ignored') "
            f"THEN 1 ELSE 0 END), 0), COUNT(*) FROM mail_inbound WHERE sender = ? "
            f"AND received_at >= ?{both} AND NOT ({move})"
        )
        return self.db.later(sql, [sender, since.isoformat(), *also, MOVE_ACCEPTED])

    def drop(self, id: int) -> None:
        """Forget a message just stored (the sender's server keeps it and tries again)."""
        self.db.execute("DELETE FROM mail_inbound WHERE id = ?", (id,), durable=False)

    def counts(self) -> dict[str, int]:
        rows = self.db.execute(
            "SELECT status, COUNT(*) FROM mail_inbound GROUP BY status"
        ).fetchall()
        return {status: count for status, count in rows}


@dataclass(frozen=True, slots=True)
class Queued:
    """One reply written in the same transaction as the change it tells of."""

    id: int
    created_at: str
    raw: bytes

    @property
    def key(self) -> str:
        """Its name in the Maildir outbox: the same however often it is written, so a reply
        written again after a crash replaces itself instead of going out twice."""
        moment = datetime.fromisoformat(self.created_at).timestamp()
        return f"{moment:.6f}.J{self.id}.spaceships"


# The `archive_id` of a message another front end queued for mail (a turn played in the
# browser, pbem.mail.queued): no mail judge is writing it out already, so whichever looks first
# takes it at once (`Outbox.take_left`), not after LEFT_AFTER as a reply left by a crash.
HANDED_OVER = 0


class Outbox:
    """The table `mail_outbox`: replies committed with the change they tell of, then written to
    the Maildir outbox; a reply still unsent after a crash is sent by the next judge to start."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def add(self, archive_id: int | None, raws: list[bytes], now: datetime) -> list[Queued]:
        return self.add_later(archive_id, raws, now)()

    def add_later(
        self, archive_id: int | None, raws: list[bytes], now: datetime
    ) -> Callable[[], list[Queued]]:
        """Queue replies; what was queued, to be read once the transaction has committed
        (PostgreSQL then answers the insert together with the COMMIT)."""
        if not raws:
            return list
        at = now.isoformat()
        later = self.db.later(
            "INSERT INTO mail_outbox (archive_id, created_at, raw) VALUES "
            + ", ".join(["(?, ?, ?)"] * len(raws))
            + " RETURNING id",
            [value for raw in raws for value in (archive_id, at, raw)],
        )

        def queued() -> list[Queued]:
            ids = sorted(int(r[0]) for r in later.rows())  # numbered in the order given
            return [Queued(id, at, raw) for id, raw in zip(ids, raws, strict=True)]

        return queued

    def mark_sent(self, queued: list[Queued], now: datetime) -> None:
        """Note replies written out. Not durable: lost in a power cut, a reply is written
        again under its own name, which the outbox keeps once (see Maildir.put)."""
        if queued:
            self.db.execute(
                f"UPDATE mail_outbox SET sent_at = ? WHERE id IN ({', '.join('?' * len(queued))})",
                [now.isoformat(), *(q.id for q in queued)],
                durable=False,
            )

    def take_left(self, before: datetime, now: datetime) -> list[Queued]:
        """Inside a transaction: replies still unsent that were queued before `before` (left
        by a crash: the process that queued them writes them out at once), and every message
        another front end handed over (HANDED_OVER), marked sent and returned, unless another
        process took them first (the UPDATE takes each row once)."""
        rows = self.db.execute(
            "UPDATE mail_outbox SET sent_at = ? WHERE sent_at IS NULL "
            "AND (created_at < ? OR archive_id = ?) RETURNING id, created_at, raw",
            (now.isoformat(), before.isoformat(), HANDED_OVER),
        ).fetchall()
        return sorted((Queued(int(r[0]), r[1], bytes(r[2])) for r in rows), key=lambda q: q.id)

    def handed_over(self) -> bool:
        """Whether another front end handed over a message that waits (a read, no lock)."""
        row = self.db.execute(
            "SELECT 1 FROM mail_outbox WHERE sent_at IS NULL AND archive_id = ? LIMIT 1",
            (HANDED_OVER,),
        ).fetchone()
        return row is not None

    def unsent(self) -> int:
        return int(
            self.db.execute("SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL").fetchone()[0]
        )


_COLUMNS = "id, message_id, sender, raw, size, received_at, source, status, error"
_INSERT = (
    "INSERT INTO mail_inbound (message_id, sender, raw, size, received_at, source, status,"
    " error, claim_key, envelope_sender) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
