"""The relay over TLS, as most relays want it (smtp+starttls:// on 587, smtps:// on 465, with a
login): the judge checks the relay's certificate against the system's trusted ones and keeps
the mail when it cannot trust it. Certificates from a test authority (trustme), trusted
through SSL_CERT_FILE as an admin with a private CA would."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
import trustme
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

from pbem.mail.config import ServerAddress
from pbem.mail.delivery import Delivery


def message() -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = "judge@club.example"
    mail["To"] = "alice@example.org"
    mail["Subject"] = "Spaceships alpha: turn 1 results"
    mail.set_content("results\n")
    return mail


class Received:
    def __init__(self) -> None:
        self.mail: list[tuple[bool, bool, bytes]] = []  # (tls, authenticated, content)

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: ANN001
        if not session.authenticated:
            return "530 5.7.0 authenticate first"
        tls = server.transport.get_extra_info("ssl_object") is not None
        self.mail.append((tls, session.authenticated, envelope.content))
        return "250 OK"


def _authenticator(server, session, envelope, mechanism, auth_data) -> AuthResult:  # noqa: ANN001
    assert isinstance(auth_data, LoginPassword)
    return AuthResult(success=(auth_data.login, auth_data.password) == (b"judge", b"s3cret"))


@pytest.fixture
def authority(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[trustme.CA]:
    ca = trustme.CA()
    bundle = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setenv("SSL_CERT_FILE", str(bundle))
    yield ca


opened: list[asyncio.AbstractServer] = []


@pytest.fixture(autouse=True)
def _close_relays(loop_thread) -> Iterator[None]:  # noqa: ANN001
    yield

    async def close() -> None:
        while opened:
            server = opened.pop()
            server.close()
            await server.wait_closed()

    loop_thread.run(close())


def _server_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("localhost").configure_cert(context)
    return context


def _start(loop_thread, handler: Received, context: ssl.SSLContext, implicit: bool) -> int:  # noqa: ANN001
    async def start() -> asyncio.AbstractServer:
        def factory() -> SMTP:
            if implicit:  # TLS from the first byte: aiosmtpd sees no STARTTLS to require
                return SMTP(handler, authenticator=_authenticator, auth_require_tls=False)
            return SMTP(
                handler, authenticator=_authenticator, tls_context=context, require_starttls=True
            )

        return await asyncio.get_running_loop().create_server(
            factory, "127.0.0.1", 0, ssl=context if implicit else None
        )

    server = loop_thread.run(start())
    opened.append(server)
    return server.sockets[0].getsockname()[1]


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_mail_goes_out_encrypted_and_logged_in(
    security: str,
    tmp_path: Path,
    loop_thread,
    authority: trustme.CA,  # noqa: ANN001
) -> None:
    received = Received()
    port = _start(loop_thread, received, _server_context(authority), security == "ssl")
    relay = ServerAddress("localhost", port, security, "judge", "s3cret")  # type: ignore[arg-type]
    delivery = Delivery(tmp_path / "outbox", relay)
    try:
        report = delivery.deliver([message()])
    finally:
        delivery.close()
    assert report.sent == 1, report
    assert [(tls, auth) for tls, auth, _ in received.mail] == [(True, True)]
    assert delivery.pending() == []


def test_a_relay_whose_certificate_is_not_trusted_gets_nothing_and_the_mail_is_kept(
    tmp_path: Path,
    loop_thread,  # noqa: ANN001
    authority: trustme.CA,
    caplog: pytest.LogCaptureFixture,
) -> None:
    received = Received()
    stranger = trustme.CA()  # a certificate no trusted authority signed
    port = _start(loop_thread, received, _server_context(stranger), implicit=False)
    relay = ServerAddress("localhost", port, "starttls", "judge", "s3cret")
    delivery = Delivery(tmp_path / "outbox", relay)
    try:
        report = delivery.deliver([message()])
    finally:
        delivery.close()
    assert report.sent == 0 and report.queued == 1, report
    assert received.mail == [] and len(delivery.pending()) == 1
    assert "its certificate is not trusted" in caplog.text and "SSL_CERT_FILE" in caplog.text
