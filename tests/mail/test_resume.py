"""A judge that needs nobody after a crash: what a killed process left undone is done by the
judge itself, once, when it starts or when the sender retries; only failures wait for the
keeper. (The same with real processes and kill -9: test_several_judges.py.)"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage

from pbem.mail.gateway import LEFT_AFTER, MailGateway

Mail = Callable[..., bytes]
Outbox = Callable[[MailGateway], list[EmailMessage]]
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def _stored_not_processed(gateway: MailGateway, raw: bytes, message_id: str) -> int:
    """As a process killed between storing a message and processing it leaves it."""
    archive_id, first = gateway.archive.store_claimed(
        message_id=message_id, sender="alice@example.org", raw=raw, size=len(raw),
        received_at=NOW, source="smtp",
    )  # fmt: skip
    assert first is None
    return archive_id


def test_a_message_left_unprocessed_by_a_crash_is_resumed_once_at_start(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox
) -> None:
    archive_id = _stored_not_processed(gateway, mail("status alpha", message_id="<k@x>"), "<k@x>")
    (receipt,) = gateway.resume()
    assert (receipt.archive_id, receipt.status) == (archive_id, "processed")
    assert gateway.resume() == []  # nothing twice
    assert [i.text for i in echo.seen] == ["status alpha"]
    assert len(outbox_mail(gateway)) == 1


def test_the_senders_retry_of_an_unprocessed_message_is_processed_not_taken_as_seen(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox
) -> None:
    raw = mail("status alpha", message_id="<retry@x>")
    original = _stored_not_processed(gateway, raw, "<retry@x>")
    receipt = gateway.receive(raw)  # the sending server never heard 250: it sends again
    assert receipt.status == "processed" and receipt.archive_id == original
    assert gateway.receive(raw).status == "duplicate"  # and a third copy is one too many
    assert len(echo.seen) == 1 and len(outbox_mail(gateway)) == 1


def test_replies_committed_but_not_written_out_are_written_once(
    gateway: MailGateway, mail: Mail, outbox_mail: Outbox, clock
) -> None:
    """A crash after the commit, before the replies reached the outbox folder."""
    written = gateway.delivery.put
    gateway.delivery.put = lambda key, data: (_ for _ in ()).throw(OSError("killed"))  # type: ignore[method-assign]
    receipt = gateway.receive(mail("status alpha"))
    assert receipt.status == "processed" and outbox_mail(gateway) == []
    gateway.delivery.put = written  # type: ignore[method-assign]
    gateway.resume()  # too soon to tell from a reply on its way out: left alone
    assert outbox_mail(gateway) == []
    clock.advance(seconds=11)
    gateway.resume()
    gateway.resume()
    assert len(outbox_mail(gateway)) == 1


def test_a_reply_written_again_after_a_crash_replaces_itself(
    gateway: MailGateway, mail: Mail, outbox_mail: Outbox, clock
) -> None:
    """Killed after writing the file, before noting it written: the next start writes the same
    name again, and the player still gets one mail."""
    gateway.receive(mail("status alpha"))
    gateway.db.execute("UPDATE mail_outbox SET sent_at = NULL")
    clock.advance(seconds=11)
    gateway.resume()
    assert len(outbox_mail(gateway)) == 1


def test_a_failed_message_waits_for_the_keeper(gateway: MailGateway, mail: Mail, echo) -> None:
    receipt = gateway.receive(mail("boom"))
    assert receipt.status == "failed"
    assert gateway.resume() == []
    assert gateway.archive.get(receipt.archive_id).status == "failed"  # type: ignore[union-attr]
    echo.fail = False
    (replayed,) = gateway.replay_selected(failed=True)
    assert replayed.status == "processed"


def test_replay_skips_a_message_another_judge_settled_since_it_was_listed(
    gateway: MailGateway, mail: Mail, echo
) -> None:
    raw = mail("status alpha", message_id="<listed@x>")
    archive_id = _stored_not_processed(gateway, raw, "<listed@x>")
    listed = gateway.archive.get(archive_id)
    gateway.resume()  # another judge got there first
    assert gateway.replay(listed).status == "duplicate"  # type: ignore[arg-type]
    assert len(echo.seen) == 1


def test_the_clock_leaves_a_message_just_stored_to_the_judge_answering_it(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox, clock
) -> None:
    """serve's clock resumes only what was stored a while ago: a younger message is most
    likely under way in the judge that stored it (several judges on one database)."""
    _stored_not_processed(gateway, mail("status alpha", message_id="<young@x>"), "<young@x>")
    assert gateway.resume(left_for=LEFT_AFTER) == []
    clock.advance(seconds=11)
    (receipt,) = gateway.resume(left_for=LEFT_AFTER)
    assert receipt.status == "processed"
    assert [i.text for i in echo.seen] == ["status alpha"] and len(outbox_mail(gateway)) == 1
