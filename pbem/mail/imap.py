"""`poll`: fetch new mail from an IMAP mailbox (imaplib) into the gateway.

Each unseen message is fetched without marking it, handed to the gateway (which commits it
to the archive first), and only then marked \\Seen or moved: a crash in between means the
message is fetched again, and the archive's Message-ID check stops it being processed twice.
"""

from __future__ import annotations

import imaplib
import logging
import re
import ssl
from collections.abc import Callable
from dataclasses import dataclass

from pbem.mail.config import ServerAddress
from pbem.mail.gateway import MailGateway, Receipt
from pbem.mail.ratelimit import OverBudget

log = logging.getLogger("pbem.mail.imap")


class ImapError(ValueError):
    def __init__(self, server: ServerAddress, reason: str) -> None:
        super().__init__(f"IMAP {server}: {reason}")
        self.server = server
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PollReport:
    fetched: int
    receipts: tuple[Receipt, ...]


def connect(server: ServerAddress, timeout: float = 30.0) -> imaplib.IMAP4:
    try:
        if server.security == "ssl":
            client: imaplib.IMAP4 = imaplib.IMAP4_SSL(
                server.host, server.port, ssl_context=ssl.create_default_context(), timeout=timeout
            )
        else:
            client = imaplib.IMAP4(server.host, server.port, timeout=timeout)
            if server.security == "starttls":
                client.starttls(ssl_context=ssl.create_default_context())
        if server.username:
            client.login(server.username, server.password or "")
    except ssl.SSLCertVerificationError as exc:
        raise ImapError(
            server,
            f"its certificate is not trusted ({exc.verify_message or exc}); check the host "
            "name, or trust its authority (SSL_CERT_FILE=bundle)",
        ) from exc
    except (OSError, imaplib.IMAP4.error) as exc:
        raise ImapError(server, str(exc)) from exc
    return client


def _quote(mailbox: str) -> str:
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


Job = Callable[[MailGateway], Receipt]


def poll_once(
    server: ServerAddress,
    run: Callable[[Job], Receipt],
    move_to: str | None = None,
    limit: int = 500,
) -> PollReport:
    """Fetch the unseen messages of the mailbox (at most `limit`), pass each to the gateway.

    `run(job)` runs `job(gateway)` where the gateway lives (a worker thread, or right here).
    """
    client = connect(server)
    receipts: list[Receipt] = []
    try:
        status, _ = client.select(_quote(server.path or "INBOX"))
        if status != "OK":
            raise ImapError(server, f"cannot open mailbox {server.path!r}")
        if move_to:
            client.create(_quote(move_to))  # fails harmlessly when it exists
        status, data = client.uid("SEARCH", "UNSEEN")
        if status != "OK":
            raise ImapError(server, "SEARCH UNSEEN failed")
        uids = (data[0] or b"").split()[:limit]
        # The capabilities after login (servers announce more once authenticated).
        status, data = client.capability()
        can_move = status == "OK" and b"MOVE" in b" ".join(d for d in data if isinstance(d, bytes))
        for uid in uids:
            status, parts = client.uid("FETCH", uid, "(BODY.PEEK[])")
            raw = _fetched_bytes(parts)
            if status != "OK" or raw is None:
                log.warning("IMAP: could not fetch UID %s", uid.decode())
                continue
            try:
                receipt = run(lambda gateway, raw=raw: gateway.receive(raw, "imap"))
            except OverBudget as exc:  # a flood: left unread in the mailbox for a later hour
                log.info("IMAP: UID %s left unread: %s", uid.decode(), exc)
                continue
            receipts.append(receipt)
            # Stored: now the mailbox may forget it.
            if move_to:
                if can_move:
                    _check(server, client.uid("MOVE", uid, _quote(move_to)), f"MOVE to {move_to}")
                else:
                    _check(server, client.uid("COPY", uid, _quote(move_to)), f"COPY to {move_to}")
                    flags = r"(\Seen \Deleted)"
                    _check(server, client.uid("STORE", uid, "+FLAGS.SILENT", flags), "STORE")
            else:
                _check(server, client.uid("STORE", uid, "+FLAGS.SILENT", r"(\Seen)"), "STORE")
        if move_to and not can_move and uids:
            client.expunge()
    finally:
        try:
            client.logout()
        except (OSError, imaplib.IMAP4.error):
            pass
    return PollReport(len(uids), tuple(receipts))


def _check(server: ServerAddress, response: tuple[str, list[object]], what: str) -> None:
    status, data = response
    if status != "OK":
        detail = b" ".join(d for d in data if isinstance(d, bytes)).decode(errors="replace")
        raise ImapError(
            server,
            f"{what} failed: {detail} (the message is stored; it will be "
            "fetched again and recognised as seen)",
        )


def _fetched_bytes(parts: list[object]) -> bytes | None:
    for part in parts:
        if isinstance(part, tuple) and len(part) == 2 and isinstance(part[1], bytes):
            if re.search(rb"BODY\[\]", part[0] if isinstance(part[0], bytes) else b""):
                return part[1]
    return None


def run_here(gateway: MailGateway) -> Callable[[Job], Receipt]:
    """A `run` for a gateway in this thread."""
    return lambda job: job(gateway)
