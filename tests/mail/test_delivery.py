"""Delivery: the Maildir outbox by default; an SMTP relay when configured, with failures kept
for retry."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.smtp import SMTP

from pbem.mail.config import ServerAddress
from pbem.mail.delivery import Delivery, Maildir


def message(to: str = "alice@example.org") -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "judge@club.example"
    mail["To"] = to
    mail["Subject"] = "[spaceships alpha] Turn 1 results"
    mail.set_content("results\n")
    return mail


def test_without_a_relay_mail_waits_in_the_maildir(tmp_path) -> None:
    delivery = Delivery(tmp_path / "outbox")
    report = delivery.deliver([message(), message("bob@example.org")])
    assert (report.queued, report.sent) == (2, 0)
    files = sorted((tmp_path / "outbox" / "new").iterdir())
    assert len(files) == 2
    assert b"To: alice@example.org" in b"".join(f.read_bytes() for f in files)


def test_a_relay_gets_the_mail_and_the_outbox_keeps_a_sent_copy(tmp_path, relay_sink) -> None:
    sink, relay = relay_sink
    delivery = Delivery(tmp_path / "outbox", relay)
    report = delivery.deliver([message()])
    assert (report.sent, report.queued) == (1, 0)
    assert [m["To"] for m in sink.messages] == ["alice@example.org"]
    assert delivery.pending() == []
    assert len(list((tmp_path / "outbox" / ".sent" / "new").iterdir())) == 1


def test_a_relay_that_is_down_leaves_mail_for_a_later_flush(
    tmp_path, relay_sink, loop_thread, free_port: int
) -> None:
    sink, running = relay_sink
    down = ServerAddress("127.0.0.1", free_port)
    delivery = Delivery(tmp_path / "outbox", down)
    report = delivery.deliver([message(), message("bob@example.org")])
    assert (report.sent, report.queued) == (0, 2)
    assert len(delivery.pending()) == 2
    # The relay is back (here: the configured one points at the running sink).
    delivery.relay = running
    report = delivery.flush()
    assert (report.sent, report.queued) == (2, 0)
    assert sorted(m["To"] for m in sink.messages) == ["alice@example.org", "bob@example.org"]


class Pipelining:
    """A relay that offers PIPELINING (RFC 2920), as Postfix and Exim do: the judge sends
    MAIL, RCPT and DATA in one write."""

    async def handle_EHLO(self, server, session, envelope, hostname, responses) -> list[str]:
        session.host_name = hostname
        return [responses[0], "250-PIPELINING", *responses[1:]]  # aiosmtpd ends it


class Refusing:
    async def handle_RCPT(self, server, session, envelope, address, options) -> str:
        if address.startswith("nobody@"):
            return "550 5.1.1 no such user"
        if address.startswith("busy@"):
            return "451 4.3.0 try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        return "250 OK"


class RefusingPipelining(Pipelining, Refusing):
    pass


class RefusingSenders(Pipelining):
    async def handle_MAIL(self, server, session, envelope, address, options) -> str:
        if address.startswith("banned@"):
            return "550 5.7.1 not from you"
        envelope.mail_from = address
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        return "250 OK"


@pytest.mark.parametrize("handler", [Refusing, RefusingPipelining])
def test_a_permanent_refusal_goes_to_failed_a_temporary_one_stays(
    tmp_path, loop_thread, handler: type
) -> None:
    async def start() -> asyncio.AbstractServer:
        return await asyncio.get_running_loop().create_server(
            lambda: SMTP(handler()), "127.0.0.1", 0
        )

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]
    delivery = Delivery(tmp_path / "outbox", ServerAddress("127.0.0.1", port))
    report = delivery.deliver(
        [message("nobody@example.org"), message("busy@example.org"), message()]
    )
    assert (report.sent, report.failed, report.queued) == (1, 1, 1)
    (waiting,) = delivery.pending()
    assert b"busy@example.org" in delivery.outbox.read(waiting)
    assert len(list((tmp_path / "outbox" / ".failed" / "new").iterdir())) == 1


def test_with_a_sender_thread_delivery_returns_at_once_and_the_thread_sends(
    tmp_path, relay_sink
) -> None:
    sink, relay = relay_sink
    delivery = Delivery(tmp_path / "outbox", relay)
    delivery.start_sender()
    try:
        report = delivery.deliver([message(), message("bob@example.org")])
        assert (report.sent, report.queued) == (0, 2)
        received = sink.wait_for(2)
        assert sorted(m["To"] for m in received) == ["alice@example.org", "bob@example.org"]
    finally:
        delivery.close()
    assert delivery.pending() == []


def test_the_relay_login_is_used(tmp_path, loop_thread) -> None:
    from aiosmtpd.smtp import AuthResult, LoginPassword

    logins: list[tuple[bytes, bytes]] = []

    def authenticator(server, session, envelope, mechanism, auth_data) -> AuthResult:
        assert isinstance(auth_data, LoginPassword)
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"s3cret")

    class Accept:
        async def handle_DATA(self, server, session, envelope) -> str:
            return "250 OK" if session.authenticated else "530 5.7.0 authenticate first"

    async def start() -> asyncio.AbstractServer:
        return await asyncio.get_running_loop().create_server(
            lambda: SMTP(Accept(), authenticator=authenticator, auth_require_tls=False),
            "127.0.0.1",
            0,
        )

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]
    relay = ServerAddress("127.0.0.1", port, "plain", "judge", "s3cret")
    delivery = Delivery(tmp_path / "outbox", relay)
    report = delivery.deliver([message()])
    delivery.close()
    assert report.sent == 1 and logins == [(b"judge", b"s3cret")]


@dataclass
class Keeping(Pipelining):
    """A pipelining relay that keeps each message's envelope and bytes."""

    kept: list[tuple[str, list[str], bytes]] = field(default_factory=list)

    async def handle_DATA(self, server, session, envelope) -> str:
        self.kept.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def test_through_a_pipelining_relay_mail_goes_out_as_it_is_written(tmp_path, loop_thread) -> None:
    """Every byte as written to the outbox, a line that starts with a dot too, with the same
    envelope; several messages over the one kept-open connection."""
    keeping = Keeping()

    async def start() -> asyncio.AbstractServer:
        return await asyncio.get_running_loop().create_server(lambda: SMTP(keeping), "127.0.0.1", 0)

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]
    delivery = Delivery(tmp_path / "outbox", ServerAddress("127.0.0.1", port))
    dotted = message()
    dotted.set_content(".hidden line\n..two dots\nlast\n")
    report = delivery.deliver([dotted, message("bob@example.org")])
    assert (report.sent, report.queued) == (2, 0)
    sent = sorted((tmp_path / "outbox" / ".sent" / "new").iterdir())
    written = sorted(f.read_bytes().replace(b"\r\n", b"\n") for f in sent)
    arrived = sorted(content.replace(b"\r\n", b"\n") for _, _, content in keeping.kept)
    assert arrived == written
    assert sorted(rcpts[0] for _, rcpts, _ in keeping.kept) == [
        "alice@example.org",
        "bob@example.org",
    ]
    assert {sender for sender, _, _ in keeping.kept} == {"judge@club.example"}


def test_a_pipelining_relay_refusing_the_sender_fails_that_mail_and_sends_the_next(
    tmp_path, loop_thread
) -> None:
    async def start() -> asyncio.AbstractServer:
        return await asyncio.get_running_loop().create_server(
            lambda: SMTP(RefusingSenders()), "127.0.0.1", 0
        )

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]
    delivery = Delivery(tmp_path / "outbox", ServerAddress("127.0.0.1", port))
    banned = message()
    banned.replace_header("From", "banned@club.example")
    report = delivery.deliver([banned, message("bob@example.org")])
    assert (report.sent, report.failed, report.queued) == (1, 1, 0)
    assert len(list((tmp_path / "outbox" / ".failed" / "new").iterdir())) == 1


def test_the_outbox_lists_replies_of_one_moment_by_their_number_not_as_text(tmp_path: Path) -> None:
    # Twelve replies of one transaction share a moment; J10 comes after J9, not after J1.
    box = Maildir(tmp_path / "outbox")
    for number in range(1, 13):
        box.put(f"1764254700.000000.J{number}.spaceships", f"reply {number}".encode())
    assert [box.read(key).decode() for key in box.keys()] == [f"reply {n}" for n in range(1, 13)]
