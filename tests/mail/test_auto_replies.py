"""Mail the judge must never answer: auto-replies, bounces, list mail, its own mail looping."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from pbem.mail.inbound import Accepted, Ignored, read_mail

NEVER_ANSWERED = [
    ({"Auto-Submitted": "auto-replied"}, "Auto-Submitted"),
    ({"Auto-Submitted": "auto-generated; owner-email=x@y"}, "Auto-Submitted"),
    ({"X-Autoreply": "yes"}, "x-autoreply"),
    ({"X-Autorespond": "Vacation"}, "x-autorespond"),
    ({"Precedence": "bulk"}, "Precedence"),
    ({"Precedence": "junk"}, "Precedence"),
    ({"Precedence": "list"}, "Precedence"),
    ({"List-Id": "<club.lists.example.org>"}, "list"),
    ({"List-Unsubscribe": "<mailto:leave@lists.example.org>"}, "list"),
    ({"Return-Path": "<>"}, "bounce"),
    ({"Return-Path": "<MAILER-DAEMON@mx.example.org>"}, "bounce"),
    ({"X-Failed-Recipients": "bob@example.org"}, "x-failed-recipients"),
    ({"Subject": "Automatic reply: orders"}, "subject"),
    ({"Subject": "Out of Office: back Monday"}, "subject"),
]


def message(headers: dict[str, str], sender: str = "alice@example.org") -> bytes:
    mail = EmailMessage()
    mail["From"] = sender
    mail["Message-ID"] = "<a1@example.org>"
    if "Subject" not in headers:
        mail["Subject"] = "status"
    for name, value in headers.items():
        mail[name] = value
    mail.set_content("I am away until Monday.\nstatus alpha\n")
    return mail.as_bytes()


@pytest.mark.parametrize(("headers", "reason"), NEVER_ANSWERED)
def test_auto_replies_bounces_and_list_mail_are_ignored(
    headers: dict[str, str], reason: str
) -> None:
    result = read_mail(message(headers))
    assert isinstance(result, Ignored)
    assert reason.lower() in result.reason.lower()


@pytest.mark.parametrize("sender", ["MAILER-DAEMON@mx.example.org", "postmaster@example.org"])
def test_mail_from_mailer_daemon_or_postmaster_is_a_bounce(sender: str) -> None:
    result = read_mail(message({}, sender=sender))
    assert isinstance(result, Ignored) and "bounce" in result.reason


def test_a_delivery_report_is_ignored() -> None:
    raw = (
        b"From: Mail System <mx@example.org>\r\nSubject: Your message\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n'
        b"--b\r\nContent-Type: text/plain\r\n\r\nCould not deliver.\r\n"
        b"--b\r\nContent-Type: message/delivery-status\r\n\r\nStatus: 5.1.1\r\n--b--\r\n"
    )
    result = read_mail(raw)
    assert isinstance(result, Ignored) and "multipart/report" in result.reason


def test_the_judges_own_mail_coming_back_is_ignored() -> None:
    own = read_mail(message({}, sender="judge@club.example"), judge_address="judge@club.example")
    assert isinstance(own, Ignored) and "judge itself" in own.reason
    tagged = read_mail(message({"X-Spaceships-Judge": "alpha"}))
    assert isinstance(tagged, Ignored)


def test_auto_submitted_no_is_a_person_writing() -> None:
    assert isinstance(read_mail(message({"Auto-Submitted": "no"})), Accepted)
    assert isinstance(read_mail(message({})), Accepted)
