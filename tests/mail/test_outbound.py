"""Outbound mail as mail clients and admins expect it: headers, threading per game, one copy
per recipient, Auto-Submitted, attachments."""

from __future__ import annotations

from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser

from pbem.mail.outbound import Composer, ThreadIndex
from pbem.messages import Attachment, Outbound
from pbem.storage.store import open_store

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def parsed(mail: Message) -> EmailMessage:
    """The mail as a receiving client reads it."""
    return BytesParser(policy=policy.default).parsebytes(mail.as_bytes())  # type: ignore[return-value]


def composer() -> Composer:
    return Composer(
        "judge@club.example", ThreadIndex(open_store(":memory:").connection), lambda: NOW
    )


def out(**fields: object) -> Outbound:
    values: dict[str, object] = {"to": ("alice@example.org",), "subject": "x", "body": "text"}
    values.update(fields)
    return Outbound(**values)  # type: ignore[arg-type]


def test_headers_of_a_reply() -> None:
    (sent,) = composer().compose(
        out(subject="Turn 3 results", game="alpha", in_reply_to="<p1@example.org>")
    )
    mail = parsed(sent)
    assert mail["From"] == "judge@club.example"
    assert mail["To"] == "alice@example.org"
    assert mail["Subject"] == "[spaceships alpha] Turn 3 results"
    assert mail["Date"].datetime == NOW
    assert mail["Message-ID"].endswith("@club.example>")
    assert mail["In-Reply-To"] == "<p1@example.org>"
    assert mail["Auto-Submitted"] == "auto-replied"
    assert mail.get_content_type() == "text/plain"
    assert mail.get_content_charset() == "utf-8"


def test_every_message_of_a_game_references_the_games_first_message() -> None:
    c = composer()
    (first,) = c.compose(out(game="alpha", in_reply_to="<create@example.org>"))
    (second,) = c.compose(out(game="alpha", in_reply_to="<orders@example.org>"))
    (third,) = c.compose(out(game="alpha", subject="Reminder"))
    (other,) = c.compose(out(game="beta", in_reply_to="<x@example.org>"))
    root = first["Message-ID"]
    assert second["References"] == f"{root} <orders@example.org>"
    assert second["In-Reply-To"] == "<orders@example.org>"
    assert third["References"] == root and third["In-Reply-To"] == root
    assert third["Auto-Submitted"] == "auto-generated"
    assert root not in str(other["References"])


def test_a_non_ascii_subject_is_encoded() -> None:
    (mail,) = composer().compose(out(subject="Équipe ready", game="alpha"))
    assert b"Subject: =?utf-8?" in mail.as_bytes()
    assert parsed(mail)["Subject"] == "[spaceships alpha] Équipe ready"


def test_a_message_to_several_goes_out_as_one_copy_each() -> None:
    mails = composer().compose(
        out(to=("a@example.org", "b@example.org", "a@example.org"), game="alpha")
    )
    assert [m["To"] for m in mails] == ["a@example.org", "b@example.org"]
    assert len({m["Message-ID"] for m in mails}) == 2


def test_only_the_answered_sender_sees_in_reply_to_their_message() -> None:
    mails = composer().compose(
        out(to=("a@example.org", "b@example.org"), game="alpha", in_reply_to="<a1@example.org>"),
        answering="a@example.org",
    )
    assert mails[0]["In-Reply-To"] == "<a1@example.org>"
    assert "<a1@example.org>" not in str(mails[1]["In-Reply-To"]) + str(mails[1]["References"])


def test_subjects_outside_a_game_and_replies_keep_re_in_front() -> None:
    c = composer()
    assert (
        c.compose(out(subject="Spaceships judge"))[0]["Subject"] == "[spaceships] Spaceships judge"
    )
    assert (
        c.compose(out(subject="Re: orders", game="alpha"))[0]["Subject"]
        == "Re: [spaceships alpha] orders"
    )
    assert (
        c.compose(out(subject="Spaceships alpha: game over", game="alpha"))[0]["Subject"]
        == "[spaceships alpha] Game over"
    )


def test_grids_and_non_ascii_survive_the_trip_through_bytes() -> None:
    body = "         R           O\n  1  D D . . .   D D . . .\nÉquipe — flashcube\n"
    (mail,) = composer().compose(out(body=body))
    assert parsed(mail).get_content() == body
    assert all(len(line) <= 78 for line in mail.as_bytes().splitlines())


def test_the_record_goes_as_an_attachment() -> None:
    record = Attachment("alpha.ssr", "text/plain; charset=utf-8", b'[Ruleset "2.6.1"]\n')
    (mail,) = composer().compose(out(game="alpha", attachments=(record,)))
    received = parsed(mail)
    (attachment,) = list(received.iter_attachments())
    assert attachment.get_filename() == "alpha.ssr"
    assert attachment.get_content() == '[Ruleset "2.6.1"]\n'
    assert received.get_body(("plain",)).get_content() == "text\n"
