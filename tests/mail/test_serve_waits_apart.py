"""Issue 27, from the Postfix run: `serve` waits for the database on a thread of its own, so a
locked SQLite file holds no other delivery's greeting; a database that stays locked or away is
one log line when it goes and one when it is back, not a trace every half second."""

from __future__ import annotations

import logging
import smtplib
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from pbem.mail.gateway import MailGateway
from pbem.mail.listener import Listener, Outage, Worker
from pbem.storage.database import StoreUnavailable


@pytest.fixture
def threaded_listener(loop_thread) -> Callable[[Callable[[], MailGateway]], tuple[str, int]]:
    started: list[tuple[Listener, Worker]] = []

    def start(build: Callable[[], MailGateway]) -> tuple[str, int]:
        worker = Worker(build, threaded=True)  # as `serve` runs it
        listener = Listener(worker, host="127.0.0.1", port=0, tick_seconds=0)
        address = loop_thread.run(listener.start())
        started.append((listener, worker))
        return address  # type: ignore[return-value]

    yield start
    for listener, worker in started:
        loop_thread.run(listener.stop())
        worker.close()


def test_a_locked_sqlite_file_holds_no_other_sessions_greeting(
    threaded_listener, make_gateway, echo, mail, tmp_path: Path
) -> None:
    host, port = threaded_listener(lambda: make_gateway(echo, rate_limit_per_hour=100))
    holder = sqlite3.connect(tmp_path / "judge.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process writing, for a long while
    answers: list[object] = []

    def deliver() -> None:
        with smtplib.SMTP(host, port, timeout=60) as client:
            answers.append(client.sendmail("alice@example.org", ["judge@club.example"], mail()))

    first = threading.Thread(target=deliver)
    first.start()
    try:
        with smtplib.SMTP(host, port, timeout=5) as second:  # greeted while the first waits
            assert second.noop()[0] == 250
            assert first.is_alive() and answers == []  # the first is still waiting
    finally:
        holder.execute("ROLLBACK")
    first.join(60)
    assert answers == [{}]  # and is answered 250 once the file is free


def test_a_sqlite_file_locked_past_the_wait_is_one_line_and_a_451(
    threaded_listener, make_gateway, echo, mail, tmp_path: Path, caplog
) -> None:
    def build() -> MailGateway:
        gateway = make_gateway(echo, rate_limit_per_hour=100)
        gateway.db.raw.execute("PRAGMA busy_timeout = 50")  # give up soon, for the test
        return gateway

    host, port = threaded_listener(build)
    holder = sqlite3.connect(tmp_path / "judge.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    caplog.set_level(logging.INFO, logger="pbem.mail")
    try:
        with smtplib.SMTP(host, port, timeout=60) as client:
            with pytest.raises(smtplib.SMTPDataError) as refused:
                client.sendmail("alice@example.org", ["judge@club.example"], mail())
    finally:
        holder.execute("ROLLBACK")
    assert refused.value.smtp_code == 451
    said = [r for r in caplog.records if "could not store" in r.getMessage()]
    assert len(said) == 1 and "unavailable" in said[0].getMessage()
    assert said[0].exc_info is None and "\n" not in said[0].getMessage()


def test_an_outage_is_one_line_going_and_one_coming_back_and_backs_off(caplog) -> None:
    caplog.set_level(logging.INFO, logger="pbem.mail")
    outage = Outage("noting replies as written", 0.5, longest=30)
    waits = [outage.failed(StoreUnavailable("connection refused")) for _ in range(40)]
    outage.ok()
    assert waits[:4] == [0.5, 1.0, 2.0, 4.0] and waits[-1] == 30
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert "unavailable (connection refused)" in lines[0] and "is back" in lines[1]
    assert all(r.exc_info is None for r in caplog.records)
    assert outage.wait == 0.5  # after it is back, the next outage starts from the start
