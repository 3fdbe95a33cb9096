"""The email front end's one pipeline: raw mail in -> archive -> checks -> judge -> mail out.

`receive`, `serve` and `poll` all hand raw bytes to `MailGateway.receive`; `replay` hands it
stored messages again. The order matters: the message is committed to the archive before
anything reads it, so a crash at any later point loses nothing.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Protocol

from pbem.mail.archive import UNFINISHED, Archive, Status, Stored
from pbem.mail.delivery import Delivery, DeliveryReport
from pbem.mail.inbound import (
    Accepted,
    Envelope,
    auto_reply_reason,
    parse_message,
    read_envelope,
    read_mail,
)
from pbem.mail.outbound import Composer, ThreadIndex
from pbem.mail.ratelimit import RateLimit, Verdict
from pbem.messages import Inbound, Outbound

log = logging.getLogger("pbem.mail")


class JudgeLike(Protocol):
    def handle(self, inbound: Inbound) -> list[Outbound]: ...

    def tick(self, now: datetime | None = None) -> list[Outbound]: ...


@dataclass(frozen=True, slots=True)
class Receipt:
    """What became of one inbound message."""

    archive_id: int
    message_id: str
    status: Status
    reason: str | None = None  # why ignored/refused/failed
    replies: int = 0  # mail messages written or sent


def _now() -> datetime:
    return datetime.now(UTC)


class MailGateway:
    def __init__(
        self,
        connection: sqlite3.Connection,
        judge: JudgeLike,
        delivery: Delivery,
        *,
        judge_address: str,
        max_message_bytes: int = 256 * 1024,
        rate_limit_per_hour: int = 30,
        clock: Callable[[], datetime] = _now,
        lock: threading.RLock | None = None,
    ) -> None:
        # One message at a time: the archive and the judge share one SQLite connection. The
        # store's own lock when there is one, so the judge's transactions take the same lock.
        self.lock = lock if lock is not None else threading.RLock()
        self.archive = Archive(connection)
        self.judge = judge
        self.delivery = delivery
        self.judge_address = judge_address
        self.max_message_bytes = max_message_bytes
        self.rate_limit = RateLimit(rate_limit_per_hour)
        self.clock = clock
        self.composer = Composer(judge_address, ThreadIndex(connection), clock)

    # -- in ---------------------------------------------------------------------------------

    def receive(self, raw: bytes, source: str = "stdin") -> Receipt:
        """Archive one message (committed), then process it. Raises only when the message
        could not be stored (the caller must then make the sender retry, e.g. SMTP 451)."""
        with self.lock:
            return self._receive(raw, source)

    def _receive(self, raw: bytes, source: str) -> Receipt:
        now = self.clock()
        oversized = len(raw) > self.max_message_bytes
        message: EmailMessage | None = None
        try:
            if oversized:
                envelope = read_envelope(_head(raw))
            else:
                message = parse_message(raw)  # once: processing reads the same parse
                envelope = read_envelope(raw, message)
        except Exception as exc:  # beyond repair: still archive the bytes
            log.warning("unreadable headers: %s", exc)
            message = None
            envelope = Envelope(
                message_id=_fallback_id(raw),
                sender="",
                sender_name="",
                subject="",
                headers=(),
            )
        duplicate = self.archive.seen(envelope.message_id)
        # A refused message is kept only up to the limit: its head is evidence enough, and
        # a flood of huge mail must not fill the disk.
        archive_id = self.archive.store(
            message_id=envelope.message_id,
            sender=envelope.sender,
            raw=raw[: self.max_message_bytes] if oversized else raw,
            size=len(raw),
            received_at=now,
            source=source,
            status="duplicate" if duplicate else "received",
        )
        if duplicate:
            log.info("#%d %s: duplicate Message-ID, not processed", archive_id, envelope.message_id)
            return Receipt(archive_id, envelope.message_id, "duplicate", "Message-ID seen before")
        if oversized:
            return self._refuse_oversized(archive_id, envelope, len(raw), check_rate=True)
        return self._process(archive_id, raw, now, check_rate=True, message=message)

    def replay(self, stored: Stored) -> Receipt:
        """Process a stored message again, whatever became of it before. No rate limit and no
        duplicate check: the keeper asked for it."""
        with self.lock:
            return self._replay(stored)

    def _replay(self, stored: Stored) -> Receipt:
        if stored.size > self.max_message_bytes:
            envelope = read_envelope(_head(stored.raw))
            return self._refuse_oversized(stored.id, envelope, stored.size)
        return self._process(stored.id, stored.raw, self.clock(), check_rate=False)

    def replay_selected(
        self, *, ids: Sequence[int] = (), failed: bool = False, all: bool = False
    ) -> list[Receipt]:
        if ids:
            chosen = []
            for id in ids:
                stored = self.archive.get(id)
                if stored is None:
                    raise ReplayError(id)
                chosen.append(stored)
        else:
            statuses = UNFINISHED if all else ("failed",) if failed else ()
            chosen = list(self.archive.select(statuses))
        return [self.replay(stored) for stored in chosen]

    def _refuse_oversized(
        self, archive_id: int, envelope: Envelope, size: int, check_rate: bool = False
    ) -> Receipt:
        reason = f"too large: {size} bytes, the judge accepts at most {self.max_message_bytes}"
        auto = auto_reply_reason(envelope, envelope.get("content-type") or "", self.judge_address)
        if auto is not None or not envelope.sender:
            self.archive.mark(
                archive_id, "ignored", f"{reason}; {auto or 'no sender'}", self.clock()
            )
            return Receipt(archive_id, envelope.message_id, "ignored", reason)
        if check_rate:
            verdict = self.rate_limit.check(self.archive, envelope.sender, self.clock())
            if verdict is not Verdict.ALLOW:  # a flood of large mail gets no flood of replies
                self.archive.mark(archive_id, "refused", f"{reason}; not answered", self.clock())
                return Receipt(archive_id, envelope.message_id, "refused", reason)
        replies = self._send_own(
            envelope,
            "Message refused: too large",
            f"Your message was {size} bytes; the judge accepts messages of at most "
            f"{self.max_message_bytes} bytes and did not read it.\n\n"
            "Send your commands as plain text in the body, without attachments or pictures.\n",
        )
        self.archive.mark(archive_id, "refused", reason, self.clock())
        return Receipt(archive_id, envelope.message_id, "refused", reason, replies)

    def _process(
        self,
        archive_id: int,
        raw: bytes,
        now: datetime,
        *,
        check_rate: bool,
        message: EmailMessage | None = None,
    ) -> Receipt:
        message_id = ""
        try:
            result = read_mail(
                raw, received_at=now, judge_address=self.judge_address, message=message
            )
            message_id = result.envelope.message_id
            if not isinstance(result, Accepted):
                self.archive.mark(archive_id, "ignored", result.reason, self.clock())
                log.info("#%d %s: ignored (%s)", archive_id, message_id, result.reason)
                return Receipt(archive_id, message_id, "ignored", result.reason)
            if check_rate:
                verdict = self.rate_limit.check(self.archive, result.envelope.sender, now)
                if verdict is not Verdict.ALLOW:
                    return self._limit(archive_id, result.envelope, verdict)
            outbound = self.judge.handle(result.inbound)
        except Exception as exc:
            error = "".join(traceback.format_exception_only(exc)).strip()
            detail = traceback.format_exc(limit=-8)
            self.archive.mark(archive_id, "failed", f"{error}\n{detail}", self.clock())
            log.error(
                "#%d %s: processing failed, kept for replay: %s", archive_id, message_id, error
            )
            return Receipt(archive_id, message_id, "failed", error)
        # The judge has committed: from here a failure must not make the message look
        # unprocessed (a replay would apply it twice), so it is recorded beside `processed`.
        try:
            report = self._deliver(outbound, answering=result.inbound.sender)
            error = None
        except Exception as exc:
            log.exception("#%d: replies not delivered", archive_id)
            report, error = DeliveryReport(), f"replies not delivered: {exc!r}"
        self.archive.mark(archive_id, "processed", error, self.clock())
        return Receipt(archive_id, message_id, "processed", error, report.queued_or_sent)

    def _limit(self, archive_id: int, envelope: Envelope, verdict: Verdict) -> Receipt:
        reason = f"over the rate limit of {self.rate_limit.per_hour} messages an hour"
        replies = 0
        if verdict is Verdict.LIMIT_AND_WARN:
            replies = self._send_own(
                envelope,
                "Slow down: messages held",
                f"You have sent more than {self.rate_limit.per_hour} messages to the judge in "
                "the last hour. Further messages from you are kept but not read until the hour "
                "has passed; the judge's keeper can still process them.\n"
                "This is the only warning you get this hour.\n",
            )
        self.archive.mark(archive_id, "limited", reason, self.clock())
        log.info("#%d %s: %s", archive_id, envelope.sender, reason)
        return Receipt(archive_id, envelope.message_id, "limited", reason, replies)

    def _send_own(self, envelope: Envelope, subject: str, body: str) -> int:
        out = Outbound(
            to=(envelope.sender,), subject=subject, body=body, in_reply_to=envelope.message_id
        )
        return self._deliver([out], answering=envelope.sender).queued_or_sent

    # -- out --------------------------------------------------------------------------------

    def _deliver(
        self, outbound: Sequence[Outbound], answering: str | None = None
    ) -> DeliveryReport:
        mails = [mail for out in outbound for mail in self.composer.compose(out, answering)]
        return self.delivery.deliver(mails)

    def tick(self, now: datetime | None = None) -> int:
        """Deadlines and reminders: the judge's tick, its mail delivered. Also retries the
        relay for anything left in the outbox. Returns the number of messages written."""
        with self.lock:
            return self._tick(now)

    def _tick(self, now: datetime | None) -> int:
        outbound = self.judge.tick(now or self.clock())
        report = self._deliver(outbound)
        if self.delivery.relay is not None:
            self.delivery.flush()
        return report.queued_or_sent


class ReplayError(ValueError):
    def __init__(self, id: int) -> None:
        super().__init__(f"no stored message #{id}")
        self.id = id


def _head(raw: bytes) -> bytes:
    """The header block of raw mail (for a message too large to parse whole)."""
    for separator in (b"\r\n\r\n", b"\n\n"):
        end = raw.find(separator)
        if end != -1:
            return raw[: end + len(separator)]
    return raw[:65536]


def _fallback_id(raw: bytes) -> str:
    return f"<{hashlib.sha256(raw).hexdigest()[:32]}@no-message-id.invalid>"
