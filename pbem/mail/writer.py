"""Replies out: the judge's answers queued as mail inside the transaction of the change they
tell of, then written into the Maildir outbox under names of their own and noted as written.

A reply still unwritten LEFT_AFTER after it was queued was left by a crash: any judge writes
it out then (`send_left`), under the same name, so none goes out twice. A front end may defer
noting replies as written (`defer_written`: serve does) for at most NOTE_WRITTEN_WITHIN, so
they are noted with the next message's claim, with no round trip of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.mail.archive import Outbox, Queued
from pbem.mail.delivery import FAST_POLICY, Delivery, DeliveryReport
from pbem.mail.outbound import Composer
from pbem.messages import Outbound
from pbem.storage.database import Database

if TYPE_CHECKING:
    from pbem.storage.store import Store

# A reply still unwritten this long after it was queued was left by a crash (the process that
# queues one writes it out within milliseconds): any judge then writes it out.
LEFT_AFTER = timedelta(seconds=10)
# A front end that defers noting replies as written (`defer_written`) notes them this soon at
# the latest: well inside LEFT_AFTER, so no other judge takes them for left by a crash.
NOTE_WRITTEN_WITHIN = 1.0


class Writer:
    """The replies of one database connection: queued, written out, noted as written."""

    def __init__(
        self,
        connection: Database,
        delivery: Delivery,
        composer: Composer,
        clock: Callable[[], datetime],
        store: Store | None,
    ) -> None:
        self.db = connection
        self.outbox = Outbox(connection)
        self.delivery = delivery
        self.composer = composer
        self.clock = clock
        # The judge's store, for the pictures its messages stand for (a stand-in judge has
        # none: its mail goes without pictures).
        self.store = store
        self.defer_written = False
        self._written: list[Queued] = []

    def queue(
        self, outbound: Sequence[Outbound], archive_id: int | None, answering: str | None = None
    ) -> list[Queued]:
        """Inside the transaction of the change they tell of: the replies, as mail, queued."""
        return self.queue_later(outbound, archive_id, answering)()

    def queue_later(
        self, outbound: Sequence[Outbound], archive_id: int | None, answering: str | None = None
    ) -> Callable[[], list[Queued]]:
        """As `queue`, what was queued read once the transaction has committed."""
        pictures = None
        if self.store is not None and any(out.sights for out in outbound):
            # The games' pictures: imported when a message has any (the core, heavy).
            from pbem.mail.pictures import MailPictures

            pictures = MailPictures(self.store)  # one per transaction: each sight drawn once
            pictures.expect(outbound)
        mails = [
            mail for out in outbound for mail in self.composer.compose(out, answering, pictures)
        ]
        raws = [mail.as_bytes(policy=FAST_POLICY) for mail in mails]
        return self.outbox.add_later(archive_id, raws, self.clock())

    def write_out(self, queued: list[Queued]) -> DeliveryReport:
        """The replies just committed, into the Maildir outbox under names of their own (a
        crash before they are noted as written makes the next judge write the same names)."""
        for one in queued:
            self.delivery.put(one.key, one.raw)
        if self.defer_written:
            self._written += queued
        else:
            self.outbox.mark_sent(queued, self.clock())
        return self.delivery.after_put(len(queued))

    @property
    def written_unnoted(self) -> bool:
        """Replies written out and not yet noted so in the database (see `defer_written`)."""
        return bool(self._written)

    def take_unnoted(self) -> list[Queued]:
        """The replies written and not noted yet, to be noted by the caller's statement (put
        them back with `put_back` if it fails)."""
        written, self._written = self._written, []
        return written

    def put_back(self, written: list[Queued]) -> None:
        self._written[:0] = written

    def note_written(self) -> None:
        """Note the replies written out since the last note (see `defer_written`)."""
        written = self.take_unnoted()
        try:
            self.outbox.mark_sent(written, self.clock())
        except BaseException:
            self.put_back(written)
            raise

    def send_left(self) -> DeliveryReport:
        """Replies a crash left queued and unwritten. Only those queued a while ago: a younger
        one may be on its way out from the live process that queued it."""
        now = self.clock()

        def work() -> int:
            left = self.outbox.take_left(now - LEFT_AFTER, now)
            for one in left:
                self.delivery.put(one.key, one.raw)
            return len(left)

        return self.delivery.after_put(self.db.run(work))

    def send_handed_over(self) -> DeliveryReport:
        """What another front end handed over for mail (a turn played in the browser), at
        once; a read alone when there is none (`serve` asks every second)."""
        if not self.outbox.handed_over():
            return DeliveryReport()
        return self.send_left()
