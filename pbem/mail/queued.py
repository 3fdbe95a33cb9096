"""What a change made through another front end causes for a mail game, mailed: a turn played
in the browser (issue 35) gives its players and onlookers messages that go into mail's outbox
(`mail_outbox`) in the transaction of the change, composed as mail's judge composes them,
marked as handed over (`HANDED_OVER`); the mail judge takes them at once: `serve` within a
second (at once when the web page runs in its process), and every `receive` and `tick`. The
one console command hands this to the web front end (spaceships_cli.py): front ends do not
import each other."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from pbem.mail.archive import HANDED_OVER, Outbox
from pbem.mail.delivery import FAST_POLICY
from pbem.mail.outbound import Composer, ThreadIndex
from pbem.messages import Outbound
from pbem.storage.store import Store


def mail_keeper(store: Store, judge_address: str) -> Callable[[list[Outbound]], None]:
    """The `keep` of another front end's judge: each caused message, mailed from
    `judge_address`."""
    clock = lambda: datetime.now(UTC)  # noqa: E731
    composer = Composer(judge_address, ThreadIndex(store.connection), clock)
    outbox = Outbox(store.connection)

    def keep(messages: list[Outbound]) -> None:
        if not messages:
            return
        pictures = None
        if any(out.sights for out in messages):
            from pbem.mail.pictures import MailPictures  # the games' pictures: heavy

            pictures = MailPictures(store)
            pictures.expect(messages)
        mails = [mail for out in messages for mail in composer.compose(out, None, pictures)]
        outbox.add(HANDED_OVER, [mail.as_bytes(policy=FAST_POLICY) for mail in mails], clock())

    return keep
