"""Issue 27 item 4: a flood from one address fills no disk. The judge keeps at most twice the
rate limit of one address's messages an hour (the limit processed, as many held), each at most
the size limit; the rest is not kept, and the sending server is told to try again later
(serve: SMTP 451, receive: exit 75), so nothing is lost. Bounds on bytes, not times."""

from __future__ import annotations

import smtplib
from collections.abc import Callable

import pytest
from click.testing import CliRunner

from pbem.mail.gateway import MailGateway
from pbem.mail.ratelimit import OverBudget
from spaceships_cli import main

KIB = 1024


def kept_bytes(gateway: MailGateway) -> int:
    row = gateway.db.execute("SELECT COALESCE(SUM(LENGTH(raw)), 0) FROM mail_inbound").fetchone()
    return int(row[0])


def flood(gateway: MailGateway, mails: list[bytes]) -> tuple[list[str], int]:
    """Each mail handed to the judge as a server would: (the statuses kept, how many not)."""
    statuses, deferred = [], 0
    for raw in mails:
        try:
            statuses.append(gateway.receive(raw).status)
        except OverBudget:
            deferred += 1
    return statuses, deferred


def test_the_issues_flood_keeps_at_most_twice_the_limit_of_mail_at_most_the_size_limit(
    make_gateway: Callable[..., MailGateway], echo: object, mail: Callable[..., bytes]
) -> None:
    """200 mails of 245 kB from one address (the audit grew the store by 42 MB). The limit is
    10 an hour here, not the default 30: each processed mail answers 2,700 commands, and the
    bound (twice the limit) is the same rule whatever the limit."""
    gateway = make_gateway(echo, rate_limit_per_hour=10)
    body = ("status alpha\n" + "x" * 76 + "\n") * (245 * KIB // 90)
    statuses, deferred = flood(gateway, [mail(body) for _ in range(200)])
    assert statuses == ["processed"] * 10 + ["limited"] * 10 and deferred == 180
    assert kept_bytes(gateway) <= 20 * gateway.max_message_bytes  # 5 MiB, not 49 MB
    # Another address is not held up by the flood.
    assert gateway.receive(mail("status", sender="bob@example.org")).status == "processed"


@pytest.mark.parametrize(
    "shape",
    ["the same Message-ID", "auto-replies", "no From", "oversized"],
)
def test_floods_that_the_rate_limit_does_not_count_are_bounded_too(
    make_gateway: Callable[..., MailGateway],
    echo: object,
    mail: Callable[..., bytes],
    shape: str,
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=5, max_message_bytes=64 * KIB)
    big = "x" * (50 * KIB)
    mails = {
        "the same Message-ID": [mail(big, message_id="<same@example.org>")] * 100,
        "auto-replies": [mail(big, headers={"Auto-Submitted": "auto-replied"})] * 100,
        "no From": [mail(big).replace(b"From: Alice <alice@example.org>", b"From: ")] * 100,
        "oversized": [mail("x" * (300 * KIB))] * 100,
    }[shape]
    statuses, deferred = flood(gateway, mails)
    assert len(statuses) == 10 and deferred == 90
    assert kept_bytes(gateway) <= 10 * gateway.max_message_bytes


def test_an_hour_later_the_sender_is_heard_again_and_nothing_was_lost(
    make_gateway: Callable[..., MailGateway], echo: object, mail: Callable[..., bytes], clock
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=2)
    held = mail("status late")
    statuses, deferred = flood(gateway, [mail(f"status {i}") for i in range(4)] + [held])
    assert deferred == 1
    clock.advance(hours=1, seconds=1)
    assert gateway.receive(held).status == "processed"  # the server's retry: answered


def test_serve_tells_the_sending_server_451_and_receive_exits_75(
    make_gateway: Callable[..., MailGateway],
    echo: object,
    mail: Callable[..., bytes],
    start_listener,
    tmp_path,
) -> None:
    running = start_listener(lambda: make_gateway(echo, rate_limit_per_hour=1))
    answers = []
    with smtplib.SMTP(running.host, running.port, timeout=30) as client:
        for i in range(3):
            try:
                client.sendmail("alice@example.org", ["judge@club.example"], mail(f"list {i}"))
                answers.append(250)
            except smtplib.SMTPDataError as exc:
                answers.append(exc.smtp_code)
                assert b"4.7.1" in exc.smtp_error and b"try again later" in exc.smtp_error
    assert answers == [250, 250, 451]

    env = {"SPACESHIPS_DB": str(tmp_path / "cli.sqlite3"), "SPACESHIPS_RATE_LIMIT": "1",
           "SPACESHIPS_OUTBOX": str(tmp_path / "cli-outbox")}  # fmt: skip
    codes = [
        CliRunner().invoke(main, ["pbem", "receive"], input=mail(f"list {i}"), env=env)
        for i in range(3)
    ]
    assert [c.exit_code for c in codes] == [0, 0, 75]
    assert "try again later" in codes[2].output and "Traceback" not in codes[2].output


def test_a_forged_from_cannot_spend_the_victims_hourly_budget_issue_32_item_7(
    make_gateway: Callable[..., MailGateway],
    echo: object,
    mail: Callable[..., bytes],
    start_listener,
) -> None:
    """The audit sent sixty mails saying `From: victim` with another envelope sender: the
    victim's own turn mail then got 451 for the rest of the hour. The budget is a From's with
    its envelope sender: the forger spends their own, and the victim is heard."""
    running = start_listener(lambda: make_gateway(echo, rate_limit_per_hour=5))
    victim = "Victim <victim@example.org>"
    answers = []
    with smtplib.SMTP(running.host, running.port, timeout=30) as client:
        for i in range(60):
            try:
                client.sendmail("mallory@evil.example", ["judge@club.example"],
                                mail(f"list {i}", sender=victim))  # fmt: skip
                answers.append(250)
            except smtplib.SMTPDataError as exc:
                answers.append(exc.smtp_code)
        assert answers == [250] * 10 + [451] * 50  # the forger's own budget, spent
        # The victim's own mail, from their own server, is read and answered.
        client.sendmail("victim@example.org", ["judge@club.example"],
                        mail("game alpha PASSWORD", sender=victim))  # fmt: skip
    read = [inbound.text for inbound in echo.seen]  # type: ignore[attr-defined]
    assert read[-1] == "game alpha PASSWORD" and len(read) == 6
    # A Return-Path written into the mail itself changes nothing: the server's is on top.
    with smtplib.SMTP(running.host, running.port, timeout=30) as client:
        forged = b"Return-Path: <victim@example.org>\r\n" + mail("list", sender=victim)
        with pytest.raises(smtplib.SMTPDataError) as refused:
            client.sendmail("mallory@evil.example", ["judge@club.example"], forged)
        assert refused.value.smtp_code == 451
