"""The database away (PostgreSQL restarting, a failover) as `serve` meets it: the sender hears
451 and retries, the clock tries again next tick, and the log says so in one line each, not a
traceback per message and per tick (docs/running-a-judge.md, "When the database goes away")."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from pbem.mail.listener import JudgeHandler, Listener
from pbem.storage.database import StoreUnavailable


class _AwayWorker:
    """A worker whose database is stopped: every job fails as the store does then."""

    def __init__(self) -> None:
        self.jobs = 0

    async def run(self, job: Any) -> Any:
        self.jobs += 1
        raise StoreUnavailable("cannot reach the database postgresql://judge:***@db/spaceships")


async def test_a_message_while_the_database_is_away_gets_451_and_one_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    handler = JudgeHandler(_AwayWorker())  # type: ignore[arg-type]
    envelope = SimpleNamespace(
        original_content=b"From: a@example.org\r\n\r\nhelp", content=None, mail_from="a@example.org"
    )
    with caplog.at_level(logging.ERROR, logger="pbem.mail.listener"):
        answer = await handler.handle_DATA(None, None, envelope)  # type: ignore[arg-type]
    assert answer.startswith("451 4.3.0")
    (record,) = caplog.records
    assert "a@example.org (told to try again later)" in record.getMessage()
    assert record.exc_info is None  # a known state: no traceback


async def test_ticks_while_the_database_is_away_are_one_line_however_many(
    caplog: pytest.LogCaptureFixture,
) -> None:
    worker = _AwayWorker()
    listener = Listener(worker, host="127.0.0.1", port=0, tick_seconds=0.01)  # type: ignore[arg-type]
    with caplog.at_level(logging.ERROR, logger="pbem.mail.listener"):
        await listener.start()
        while worker.jobs < 3:
            await asyncio.sleep(0.01)
        await listener.stop()
    lines = [
        r for r in caplog.records if "deadlines: the database is unavailable" in r.getMessage()
    ]
    assert len(lines) == 1 and lines[0].exc_info is None  # one per state change (issue 27)


def test_the_database_gone_right_after_a_commit_keeps_the_replies_for_the_next_resume(
    gateway: Any,
    mail: Any,
    outbox_mail: Any,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Processed and committed, then the database goes away before the replies are noted as
    written: the sender hears 250 (it is done), the log says so in one line, and the next
    resume writes the replies out."""

    def away(queued: list[Any], *args: Any) -> None:
        if queued:  # noting the replies just written: the database is gone by then
            raise StoreUnavailable("the database cannot be reached: terminating connection")

    with monkeypatch.context() as patch:
        patch.setattr(gateway.outbox, "mark_sent", away)
        with caplog.at_level(logging.ERROR, logger="pbem.mail"):
            receipt = gateway.receive(mail("help", message_id="<gone@example.org>"), "smtp")
    assert receipt.status == "processed"
    (record,) = caplog.records
    assert "replies not delivered yet" in record.getMessage() and record.exc_info is None
    gateway.resume()
    assert outbox_mail(gateway)  # written out once the database is back
