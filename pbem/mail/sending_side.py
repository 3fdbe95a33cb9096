"""The mail gateway's way out (pbem.mail.gateway.MailGateway is one): replies written out and
noted, mail another front end handed over sent at once, and the deadlines' tick with its mail
queued in the tick's own transaction, then delivered."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pbem.mail.delivery import Delivery
from pbem.mail.receipts import JudgeLike
from pbem.mail.writer import Writer
from pbem.storage.database import Database


class SendingSide:
    """What the gateway sends; the gateway sets these attributes up."""

    db: Database
    lock: Any  # a threading lock, or the database's own
    judge: JudgeLike
    clock: Callable[[], datetime]
    writer: Writer
    delivery: Delivery

    @property
    def written_unnoted(self) -> bool:
        """Replies written out and not yet noted so in the database (see `defer_written`)."""
        return self.writer.written_unnoted

    def note_written(self) -> None:
        """Note the replies written out since the last note (see `defer_written`)."""
        with self.lock:
            self.writer.note_written()

    def send_handed_over(self) -> int:
        """Mail another front end handed over (a turn played in the browser), written out and
        sent at once; how many."""
        with self.lock:
            return self.writer.send_handed_over().queued_or_sent

    def tick(self, now: datetime | None = None) -> int:
        """Deadlines and reminders: the judge's tick, its mail queued in the same transaction
        (so two processes ticking at once send one set), then delivered. Also writes out what
        a crash left queued and retries the relay. Returns the number of messages written."""
        with self.lock:
            self.writer.note_written()
            return self._tick(now)

    def _tick(self, now: datetime | None) -> int:
        moment = now or self.clock()
        queued = self.db.run(lambda: self.writer.queue(self.judge.tick(moment), None))
        report = self.writer.write_out(queued)
        left = self.writer.send_left()
        if self.delivery.relay is not None:
            self.delivery.flush()
        return report.queued_or_sent + left.queued_or_sent
