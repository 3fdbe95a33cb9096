"""The email front end's one pipeline: raw mail in -> archive -> checks -> judge -> mail out.

`receive`, `serve` and `poll` all hand raw bytes to `MailGateway.receive`; `replay` hands it
stored messages again. The order matters: the message is committed to the archive before
anything reads it, so a crash at any later point loses nothing. What the judge makes of it (the
games' changes, the message's new status and the replies themselves) is committed in one
transaction, which first locks the message's row and checks that no other process settled it:
so a message is answered once, however many processes were handed it, and one whose
processing was cut short (kill -9, power loss) is still `received` and is resumed by the next
judge to start (`resume`) or by the sender's retry. The replies' way out is pbem.mail.writer;
the judge's own short mails (too large, slow down, not processed yet), pbem.mail.notices.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any

from pbem.mail import notices
from pbem.mail.archive import MOVE_ACCEPTED, UNFINISHED, Archive, Queued, Status, Stored
from pbem.mail.delivery import Delivery, DeliveryReport
from pbem.mail.holding import Holds
from pbem.mail.inbound import (
    Accepted,
    Envelope,
    auto_reply_reason,
    fallback_message_id,
    header_block,
    parse_message,
    read_envelope,
    read_mail,
)
from pbem.mail.outbound import Composer, ThreadIndex
from pbem.mail.ratelimit import WINDOW, OverBudget, RateLimit, Verdict
from pbem.mail.receipts import JudgeLike, Receipt, ReplayError  # also read from here
from pbem.mail.sending_side import SendingSide
from pbem.mail.writer import LEFT_AFTER, NOTE_WRITTEN_WITHIN, Writer
from pbem.messages import Outbound
from pbem.storage.database import Database, StoreUnavailable

if TYPE_CHECKING:
    from pbem.storage.store import Store

__all__ = ["LEFT_AFTER", "NOTE_WRITTEN_WITHIN", "MailGateway", "Receipt", "ReplayError"]

log = logging.getLogger("pbem.mail")


def _now() -> datetime:
    return datetime.now(UTC)


class MailGateway(SendingSide):
    """Raw mail in, answered once (the module's docstring); what goes out, SendingSide."""

    def __init__(
        self,
        connection: Database,
        judge: JudgeLike,
        delivery: Delivery,
        *,
        judge_address: str,
        max_message_bytes: int = 256 * 1024,
        rate_limit_per_hour: int = 30,
        clock: Callable[[], datetime] = _now,
        lock: Any = None,
        store: Store | None = None,
        holds: Holds | None = None,
    ) -> None:
        # One message at a time: the archive and the judge share one database connection, and
        # so its lock, which the judge's transactions take too.
        self.db = connection
        self.lock = lock if lock is not None else connection.lock
        self.archive = Archive(connection)
        # The messages this judge is answering, held apart from other judges' resumes.
        self.holds = holds if holds is not None else Holds(None)
        self.judge = judge
        self.judge_address = judge_address
        self.max_message_bytes = max_message_bytes
        self.rate_limit = RateLimit(rate_limit_per_hour)
        self.clock = clock
        # The judge's store, for the pictures its messages stand for (a stand-in judge has
        # none: its mail goes without pictures).
        self.store: Store | None = store if store is not None else getattr(judge, "store", None)
        composer = Composer(judge_address, ThreadIndex(connection), clock)
        self.writer = Writer(connection, delivery, composer, clock, self.store)
        self.outbox, self.delivery = self.writer.outbox, delivery

    @property
    def defer_written(self) -> bool:
        """Replies written out are noted so in the database (`Outbox.mark_sent`) at once, or,
        when a front end promises to call `note_written` within NOTE_WRITTEN_WITHIN (serve
        does), with the next message's claim: no round trip of their own while mail flows."""
        return self.writer.defer_written

    @defer_written.setter
    def defer_written(self, value: bool) -> None:
        self.writer.defer_written = value

    # -- in ---------------------------------------------------------------------------------

    def receive(self, raw: bytes, source: str = "stdin") -> Receipt:
        """Archive one message (committed), then process it. Raises only when the message
        could not be stored (the caller must then make the sender retry, e.g. SMTP 451):
        StoreUnavailable, or OverBudget for a sender who flooded the judge this hour."""
        with self.lock:
            return self._receive(raw, source)

    def _receive(self, raw: bytes, source: str) -> Receipt:
        now = self.clock()
        oversized = len(raw) > self.max_message_bytes
        message: EmailMessage | None = None
        try:
            if oversized:
                envelope = read_envelope(header_block(raw))
            else:
                message = parse_message(raw)  # once: processing reads the same parse
                envelope = read_envelope(raw, message)
        except Exception as exc:  # beyond repair: still archive the bytes
            log.warning("unreadable headers: %s", exc)
            message = None
            envelope = Envelope(
                message_id=fallback_message_id(raw),
                sender="",
                sender_name="",
                subject="",
                headers=(),
            )
        # Held from before it is stored until it is answered: no other judge takes it over.
        with self.holds.holding(envelope.message_id) as held:
            return self._store(raw, source, now, oversized, message, envelope, held)

    def _store(
        self,
        raw: bytes,
        source: str,
        now: datetime,
        oversized: bool,
        message: EmailMessage | None,
        envelope: Envelope,
        held: bool,
    ) -> Receipt:
        # A refused message is kept only up to the limit: its head is evidence enough, and
        # a flood of huge mail must not fill the disk.
        values = (envelope.message_id, envelope.sender,
                  raw[: self.max_message_bytes] if oversized else raw, len(raw), now.isoformat(),
                  source)  # fmt: skip
        # The claim, and the sender's count for the rate limit, in one round trip (with the
        # note of the replies written since the last one).
        written = self.writer.take_unnoted()
        # An address's budget is the mail of its From *and* envelope sender: a forger's mail
        # saying `From: victim` spends the forger's own (issue 32, item 7).
        via = envelope.envelope_sender
        try:
            with self.db.batch():
                self.outbox.mark_sent(written, now)
                count = self.archive.count_later(envelope.sender, now - WINDOW, envelope=via)
                claimed = self.archive.claim_later(*values, envelope_sender=via)
        except BaseException:
            self.writer.put_back(written)
            raise
        row = claimed.one()
        earlier_count, kept = (int(n) for n in count.one())
        try:
            self.rate_limit.check_budget(envelope.sender, kept)
        except OverBudget:
            if row is not None:  # claimed just now: let go, the sending server keeps it
                self.archive.drop(int(row[0]))
            log.info(
                "%s: %s not kept (over the hour's budget)", envelope.sender, envelope.message_id
            )
            raise
        if row is not None and not held:
            # The same message is being stored by a live judge this moment (a copy the MTA
            # sent twice at once): that judge answers it, finding this copy first.
            log.info("#%d %s: left to the judge that holds it", int(row[0]), envelope.message_id)
            return Receipt(int(row[0]), envelope.message_id, "received", _LEFT)
        if row is not None:
            archive_id, first = int(row[0]), None
        else:
            archive_id, first = self.archive.store_copy(*values, envelope_sender=via)
        earlier = (envelope.sender, via, earlier_count)
        if first is not None:
            if first.status == "received":
                # A retry of a message whose processing was cut short (or is under way in
                # another process: the claim in `_settle` lets only one of them answer it).
                log.info("#%d: a retry of #%d, not processed yet", archive_id, first.id)
                receipt = self._resume_one(first)
                if receipt.status != "duplicate":
                    return receipt
            log.info("#%d %s: duplicate Message-ID, not processed", archive_id, envelope.message_id)
            return Receipt(archive_id, envelope.message_id, "duplicate", "Message-ID seen before")
        if oversized:
            return self._refuse_oversized(
                archive_id, envelope, len(raw), check_rate=True, earlier=earlier
            )
        return self._process(
            archive_id, raw, now, check_rate=True, message=message, earlier=earlier,
            envelope=envelope if message is not None else None,
        )  # fmt: skip

    def replay(self, stored: Stored) -> Receipt:
        """Process a stored message again, whatever became of it before (unless another
        process settled it since it was listed). No rate limit and no duplicate check: the
        keeper asked for it."""
        with self.lock, self.holds.holding(stored.message_id) as held:
            self.writer.note_written()
            if not held:  # a live judge is answering it this moment: not twice
                return Receipt(stored.id, stored.message_id, "duplicate", _LEFT)
            return self._replay(stored, expect=(stored.status,))

    def _replay(self, stored: Stored, expect: tuple[str, ...]) -> Receipt:
        if stored.size > self.max_message_bytes:
            envelope = read_envelope(header_block(stored.raw))
            return self._refuse_oversized(stored.id, envelope, stored.size, expect=expect)
        return self._process(stored.id, stored.raw, self.clock(), check_rate=False, expect=expect)

    def _resume_one(self, stored: Stored) -> Receipt:
        """A `received` message taken over, unless a live judge holds it (it is answering
        it, or waiting for the database to do so): then it is left to that judge."""
        with self.holds.holding(stored.message_id) as held:
            if not held:
                log.info("#%d is being answered by a live judge: left to it", stored.id)
                return Receipt(stored.id, stored.message_id, "duplicate", _LEFT)
            receipt = self._replay(stored, expect=("received",))
        if receipt.status == "duplicate":
            log.info("#%d was settled by another process meanwhile", stored.id)
        return receipt

    def resume(self, left_for: timedelta = timedelta(0)) -> list[Receipt]:
        """What a crash left undone, done once: replies committed but not yet written out,
        then every message stored but not processed (oldest first). Failed and held messages
        stay for the keeper (`replay`). Run by serve, poll and receive as they start, and by
        serve's clock; safe while other processes work on the same database. `left_for`:
        only messages stored at least that long ago (serve's clock: a younger one is most
        likely being answered by the judge that stored it, and taking it over would only
        make that judge wait for the row and then find it answered)."""
        with self.lock:
            self.writer.note_written()
            self.writer.send_left()
            receipts = []
            before = self.clock() - left_for if left_for else None
            for stored in list(self.archive.select(("received",), received_before=before)):
                receipt = self._resume_one(stored)
                if receipt.status != "duplicate":
                    log.info("#%d resumed: %s", stored.id, receipt.status)
                    receipts.append(receipt)
            return receipts

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
        self,
        archive_id: int,
        envelope: Envelope,
        size: int,
        check_rate: bool = False,
        expect: tuple[str, ...] = ("received",),
        earlier: tuple[str, str, int] | None = None,
    ) -> Receipt:
        reason = f"too large: {size} bytes, the judge accepts at most {self.max_message_bytes}"
        auto = auto_reply_reason(envelope, envelope.get("content-type") or "", self.judge_address)
        if auto is not None or not envelope.sender:
            why = f"{reason}; {auto or 'no sender'}"
            return self._settle(archive_id, envelope.message_id, expect, "ignored", why)
        if check_rate:
            verdict = self.rate_limit.check(
                self.archive, envelope.sender, self.clock(), _count(earlier, envelope.sender),
                envelope.envelope_sender,
            )  # fmt: skip
            if verdict is not Verdict.ALLOW:  # a flood of large mail gets no flood of replies
                return self._settle(
                    archive_id, envelope.message_id, expect, "refused", f"{reason}; not answered"
                )
        reply = notices.too_large(envelope, size, self.max_message_bytes)
        return self._settle(
            archive_id, envelope.message_id, expect, "refused", reason, lambda: [reply],
            envelope.sender,
        )  # fmt: skip

    def _process(
        self,
        archive_id: int,
        raw: bytes,
        now: datetime,
        *,
        check_rate: bool,
        message: EmailMessage | None = None,
        expect: tuple[str, ...] = ("received",),
        earlier: tuple[str, str, int] | None = None,
        envelope: Envelope | None = None,
    ) -> Receipt:
        message_id = ""
        accepted: Accepted | None = None
        try:
            result = read_mail(
                raw, received_at=now, judge_address=self.judge_address, message=message,
                envelope=envelope,
            )  # fmt: skip
            message_id = result.envelope.message_id
            if not isinstance(result, Accepted):
                # A From the judge cannot read as one address may be a forgery: the keeper
                # sees it without -v, in one line.
                said = log.warning if result.envelope.sender_problem else log.info
                said("#%d %s: ignored (%s)", archive_id, message_id, result.reason)
                return self._settle(archive_id, message_id, expect, "ignored", result.reason)
            if check_rate:
                sender, via = result.envelope.sender, result.envelope.envelope_sender
                verdict = self.rate_limit.check(
                    self.archive, sender, now, _count(earlier, sender), via
                )
                if verdict is not Verdict.ALLOW:
                    return self._limit(archive_id, result.envelope, verdict, expect)
            inbound, accepted = result.inbound, result
            moves: list[int] = []

            def answer() -> list[Outbound]:
                counting = getattr(self.judge, "handle_counting", None)
                if counting is None:  # a core that does not tell its moves
                    return list(self.judge.handle(inbound))
                out, count = counting(inbound)
                moves.append(count)
                return list(out)

            return self._settle(
                archive_id,
                message_id,
                expect,
                "processed",
                lambda: MOVE_ACCEPTED if any(moves) else None,
                answer,
                inbound.sender,
                fresh=check_rate,
            )
        except StoreUnavailable:
            raise  # still `received`: resumed when the database is back (or the sender retries)
        except Exception as exc:
            error = "".join(traceback.format_exception_only(exc)).strip()
            detail = traceback.format_exc(limit=-8)
            log.error(
                "#%d %s: processing failed, kept for replay: %s", archive_id, message_id, error
            )
            self._fail(archive_id, f"{error}\n{detail}", expect, accepted)
            return Receipt(archive_id, message_id, "failed", error)

    def _fail(
        self, archive_id: int, error: str, expect: tuple[str, ...], accepted: Accepted | None
    ) -> None:
        """Mark the message failed and, the first time only (it was `received`: a replay of a
        failed one expects `failed`), tell its sender in one line, so nobody believes their
        orders are in. The notice is queued unlinked from the message (archive id None): it is
        not the message's reply, which the replay that succeeds sends."""
        notice = None
        if accepted is not None and "received" in expect:
            notice = notices.not_processed(accepted.envelope)

        def work() -> Callable[[], list[Queued]] | None:
            marked = self.archive.mark_later(archive_id, "failed", error, self.clock(), expect)
            if marked.one() is None or notice is None:
                return None
            return self.writer.queue_later([notice], None, notice.to[0])

        try:
            with self.db.flat():
                committed = self.db.run(work)
            if committed is not None:
                self.writer.write_out(committed())
        except StoreUnavailable:
            raise
        except Exception:  # the notice is a courtesy: the message is kept all the same
            log.exception("#%d: the failure notice was not sent", archive_id)
            self.archive.mark(archive_id, "failed", error, self.clock(), expect)

    def _settle(
        self,
        archive_id: int,
        message_id: str,
        expect: tuple[str, ...],
        status: Status,
        reason: str | None | Callable[[], str | None],
        answer: Callable[[], Sequence[Outbound]] | None = None,
        answering: str | None = None,
        fresh: bool = False,
    ) -> Receipt:
        """In one transaction: claim the message (its row locked; still in `expect`?), let the
        judge act (`answer`), queue the replies, record `status`. Then write the replies out.
        A message another process settled first comes back as `duplicate`, untouched.
        `fresh`: this process stored the message just now, so another one settling it
        meanwhile is rare, and the claim's outcome is read with the judge's first read."""

        said: list[str | None] = [None if callable(reason) else reason]

        def work() -> Callable[[], list[Queued]] | None:
            # Marked first: the one statement both claims the message (still in `expect`?)
            # and locks its row; a failure below rolls the mark back with the rest. For a
            # fresh message, on PostgreSQL, its outcome is read with the judge's first read
            # (no round trip of its own): statements run in order, so the judge reads nothing
            # before the message is claimed, and one settled elsewhere meanwhile rolls all
            # back. A message resumed or replayed, likely wanted by another judge too, is
            # checked first, so the judge that lost it does no work on it.
            claimed = self.archive.mark_later(archive_id, status, said[0], self.clock(), expect)
            if (claimed.ready or not fresh) and claimed.one() is None:
                return None
            outbound = answer() if answer is not None else ()
            if claimed.one() is None:
                raise _SettledElsewhere
            if callable(reason) and (note := reason()) is not None:
                # Known once the judge has answered (a move accepted): noted in the same
                # transaction, and only then (one statement more, for moves alone).
                said[0] = note
                self.archive.mark(archive_id, status, note, self.clock())
            return self.writer.queue_later(outbound, archive_id, answering)

        try:
            with self.db.flat():  # any failure undoes it all: no savepoints needed inside
                committed = self.db.run(work)
        except _SettledElsewhere:
            committed = None
        if committed is None:
            return Receipt(archive_id, message_id, "duplicate", "settled by another process")
        queued = committed()
        try:
            report = self.writer.write_out(queued)
        except StoreUnavailable as exc:  # committed: the next resume or tick writes them out
            log.error("#%d: replies not delivered yet, the database went away: %s", archive_id, exc)
            report = DeliveryReport()
        except Exception as exc:  # committed: the next resume or tick writes them out
            log.exception("#%d: replies not delivered yet", archive_id)
            self.archive.mark(archive_id, status, f"replies not delivered: {exc!r}", self.clock())
            report = DeliveryReport()
        return Receipt(archive_id, message_id, status, said[0], report.queued_or_sent)

    def _limit(
        self, archive_id: int, envelope: Envelope, verdict: Verdict, expect: tuple[str, ...]
    ) -> Receipt:
        reason = f"over the rate limit of {self.rate_limit.per_hour} messages an hour"
        replies: list[Outbound] = []
        if verdict is Verdict.LIMIT_AND_WARN:
            replies.append(notices.slow_down(envelope, self.rate_limit.per_hour))
        log.info("#%d %s: %s", archive_id, envelope.sender, reason)
        return self._settle(
            archive_id, envelope.message_id, expect, "limited", reason, lambda: replies,
            envelope.sender,
        )  # fmt: skip


_LEFT = "being answered by another judge process"


class _SettledElsewhere(Exception):
    """The message was settled by another process while this one answered it: roll back."""


def _count(earlier: tuple[str, str, int] | None, sender: str) -> int | None:
    """The sender's earlier messages, if counted already for this sender."""
    return earlier[2] if earlier is not None and earlier[0] == sender else None
