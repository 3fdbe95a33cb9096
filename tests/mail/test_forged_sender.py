"""Issue 27 item 2: the sender is the one address of the raw From header, never an address
an attacker hid in an encoded word (RFC 2047 section 5), a comment, a group, a second From,
Sender or Reply-To. Each shape is read as the address the mail really comes from, or the
mail is stored and answered by nobody, with one log line for the keeper."""

from __future__ import annotations

import base64
import logging
from collections.abc import Callable

import pytest

from pbem.mail.gateway import MailGateway
from pbem.mail.inbound import Accepted, Ignored, read_mail

MALLORY = "mallory@example.org"
VICTIM = "victim@example.org"


def b64(text: str) -> str:
    return "=?utf-8?b?" + base64.b64encode(text.encode()).decode() + "?="


def raw_mail(*head: str, body: str = "join alpha") -> bytes:
    lines = [*head, "To: judge@club.example", "Subject: hello", "Message-ID: <f1@example.org>"]
    return ("\r\n".join(lines) + "\r\n\r\n" + body + "\r\n").encode("utf-8")


# (the header lines, the address the mail is from: None when it must be answered by nobody)
SHAPES: dict[str, tuple[tuple[str, ...], str | None]] = {
    "issue's encoded name holding an address": (
        (f"From: {b64('Mallory <victim@example.org>')} <mallory@example.org>",),
        MALLORY,
    ),
    "encoded name holding the closing bracket": (
        (f"From: {b64('x <victim@example.org>')}>, <mallory@example.org>",),
        None,
    ),
    "encoded word around the angle brackets": (
        ("From: =?utf-8?q?=3Cvictim@example.org=3E?=",),
        None,
    ),
    "encoded word as the whole address": (("From: =?utf-8?q?victim@example.org?=",), None),
    "encoded word in the local part": (("From: =?utf-8?q?victim?=@example.org",), None),
    "encoded word in the domain": (("From: mallory@=?utf-8?q?example.org?=",), None),
    "base64 word in the local part with a name": (
        (f"From: Mallory <{b64('victim')}@example.org>",),
        None,
    ),
    "quoted name holding an address": (
        ('From: "victim@example.org <victim@example.org>" <mallory@example.org>',),
        MALLORY,
    ),
    "unquoted name holding an address": (("From: victim@example.org <mallory@example.org>",), None),
    "comment holding an address": (("From: mallory@example.org (victim@example.org)",), MALLORY),
    "encoded comment holding an address": (
        (f"From: mallory@example.org ({b64('<victim@example.org>')})",),
        MALLORY,
    ),
    "group of two": (("From: friends: victim@example.org, mallory@example.org;",), None),
    "empty group": (("From: undisclosed-recipients:;",), None),
    "two addresses": (("From: <victim@example.org>, <mallory@example.org>",), None),
    "two From headers": (("From: mallory@example.org", "From: victim@example.org"), None),
    "no From at all": (("Sender: victim@example.org",), None),
    "empty From": (("From: ",), None),
    "Sender names the victim": (("From: mallory@example.org", f"Sender: {VICTIM}"), MALLORY),
    "Sender beside two From addresses": (
        (f"From: {VICTIM}, {MALLORY}", f"Sender: {MALLORY}"),
        None,
    ),
    "Reply-To names the victim": (("From: mallory@example.org", f"Reply-To: {VICTIM}"), MALLORY),
    "address folded onto a second line": (
        ("From: Mallory\r\n <mallory@example.org>",),
        MALLORY,
    ),
    "second address folded in": (("From: <mallory@example.org>\r\n <victim@example.org>",), None),
    "space inside the address": (("From: <victim@example.org mallory@example.org>",), None),
    "two @ in the address": (("From: <victim@example.org@mallory.example>",), None),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_each_attack_reads_the_real_address_or_none(shape: str) -> None:
    head, expected = SHAPES[shape]
    result = read_mail(raw_mail(*head))
    if expected is None:
        assert isinstance(result, Ignored), result
        assert result.reason.startswith("no usable From address: ")
        assert result.envelope.sender == ""
    else:
        assert isinstance(result, Accepted), result
        assert result.inbound.sender == expected


def test_the_decoded_display_name_is_still_the_players_name() -> None:
    result = read_mail(raw_mail(f"From: {b64('Zoë Ålander')} <zoe@example.org>"))
    assert isinstance(result, Accepted)
    assert (result.inbound.sender, result.inbound.sender_name) == ("zoe@example.org", "Zoë Ålander")


def test_a_display_name_cannot_smuggle_a_line_break() -> None:
    name = b64("Mal\r\nlory")
    result = read_mail(raw_mail(f"From: {name} <mallory@example.org>"))
    assert isinstance(result, Accepted)
    assert result.inbound.sender_name == "Mal lory"


def test_internationalised_addresses_are_still_read() -> None:
    result = read_mail(raw_mail("From: José <José@exämple.org>"))
    assert isinstance(result, Accepted)
    assert result.inbound.sender == "josé@exämple.org"


def test_the_issues_forgery_seats_mallory_and_mails_nothing_to_the_victim(
    make_gateway: Callable[..., MailGateway], echo: object, outbox_mail: Callable[..., list]
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=1000)
    raw = raw_mail(f"From: {b64('Mallory <victim@example.org>')} <mallory@example.org>")
    receipt = gateway.receive(raw)
    assert receipt.status == "processed"
    assert [str(m["To"]) for m in outbox_mail(gateway)] == [MALLORY]
    assert gateway.archive.get(receipt.archive_id).sender == MALLORY  # type: ignore[union-attr]


def test_a_from_of_two_addresses_is_answered_by_nobody_and_logged_once(
    make_gateway: Callable[..., MailGateway],
    echo: object,
    outbox_mail: Callable[..., list],
    caplog: pytest.LogCaptureFixture,
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=1000)
    caplog.set_level(logging.WARNING, logger="pbem.mail")
    receipt = gateway.receive(raw_mail(f"From: {VICTIM}, {MALLORY}"))
    assert receipt.status == "ignored"
    assert "From names 2 addresses" in (receipt.reason or "")
    assert outbox_mail(gateway) == []
    warned = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warned) == 1 and "\n" not in warned[0].getMessage()
    assert "From names 2 addresses" in warned[0].getMessage() and not warned[0].exc_info
