"""Getting the judge's mail out: a Maildir outbox always, an SMTP relay when configured.

Every message is first written to the outbox (a Maildir, so it needs nothing installed and
survives a crash). Without a relay that is where replies stay, for the keeper's own mail
setup to pick up. With a relay each message is sent and then moved to the `sent` folder; a
temporary failure leaves it in the outbox to be retried, a permanent refusal moves it to the
`failed` folder.
"""

from __future__ import annotations

import logging
import mailbox
import smtplib
import ssl
from collections.abc import Iterable
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

from pbem.mail.config import ServerAddress

log = logging.getLogger("pbem.mail.delivery")


@dataclass(frozen=True, slots=True)
class DeliveryReport:
    sent: int = 0  # handed to the relay
    queued: int = 0  # left in the outbox (no relay, or a temporary failure)
    failed: int = 0  # refused for good by the relay


class RelayError(ValueError):
    def __init__(self, relay: ServerAddress, reason: str) -> None:
        super().__init__(f"SMTP relay {relay}: {reason}")
        self.relay = relay
        self.reason = reason


def open_relay(relay: ServerAddress, timeout: float = 30.0) -> smtplib.SMTP:
    if relay.security == "ssl":
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            relay.host, relay.port, timeout=timeout, context=ssl.create_default_context()
        )
    else:
        client = smtplib.SMTP(relay.host, relay.port, timeout=timeout)
        if relay.security == "starttls":
            client.starttls(context=ssl.create_default_context())
    if relay.username:
        client.login(relay.username, relay.password or "")
    return client


class Delivery:
    def __init__(self, outbox: str | Path, relay: ServerAddress | None = None) -> None:
        self.path = Path(outbox)
        self.relay = relay
        self.outbox = mailbox.Maildir(self.path, create=True)
        self._sent: mailbox.Maildir | None = None
        self._failed: mailbox.Maildir | None = None

    def describe(self) -> str:
        if self.relay is None:
            return f"written to the Maildir {self.path}/new (no SMTP relay configured)"
        return f"sent through the SMTP relay {self.relay} (outbox {self.path} for retries)"

    def _folder(self, name: str) -> mailbox.Maildir:
        try:
            return self.outbox.get_folder(name)
        except mailbox.NoSuchMailboxError:
            return self.outbox.add_folder(name)

    def deliver(self, messages: Iterable[EmailMessage]) -> DeliveryReport:
        keys = [self.outbox.add(message) for message in messages]
        if not keys:
            return DeliveryReport()
        if self.relay is None:
            return DeliveryReport(queued=len(keys))
        return self._send(keys)

    def pending(self) -> list[str]:
        return list(self.outbox.iterkeys())

    def flush(self) -> DeliveryReport:
        """Retry everything still in the outbox (relay only)."""
        if self.relay is None:
            return DeliveryReport(queued=len(self.pending()))
        keys = self.pending()
        return self._send(keys) if keys else DeliveryReport()

    def _send(self, keys: list[str]) -> DeliveryReport:
        assert self.relay is not None
        sent = failed = 0
        try:
            client = open_relay(self.relay)
        except (OSError, smtplib.SMTPException) as exc:
            log.warning(
                "SMTP relay %s unreachable, %d kept for retry: %s", self.relay, len(keys), exc
            )
            return DeliveryReport(queued=len(keys))
        try:
            for key in keys:
                try:
                    data = self.outbox.get_bytes(key)
                except (KeyError, OSError):
                    continue  # taken by a concurrent flush
                message = BytesParser(policy=policy.SMTP).parsebytes(data)
                try:
                    client.send_message(message)
                except smtplib.SMTPRecipientsRefused as exc:
                    codes = [code for code, _ in exc.recipients.values()]
                    if all(500 <= code < 600 for code in codes):
                        self._move(key, data, "failed")
                        failed += 1
                        log.error("relay refused %s for good: %s", message["To"], exc.recipients)
                    continue
                except smtplib.SMTPResponseException as exc:
                    if 500 <= exc.smtp_code < 600:
                        self._move(key, data, "failed")
                        failed += 1
                        log.error("relay refused %s for good: %s", message["To"], exc)
                        continue
                    raise
                self._move(key, data, "sent")
                sent += 1
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("SMTP relay %s failed, kept for retry: %s", self.relay, exc)
        finally:
            try:
                client.quit()
            except (OSError, smtplib.SMTPException):
                client.close()
        return DeliveryReport(sent=sent, failed=failed, queued=len(keys) - sent - failed)

    def _move(self, key: str, data: bytes, folder: str) -> None:
        target = self._sent if folder == "sent" else self._failed
        if target is None:
            target = self._folder(folder)
            if folder == "sent":
                self._sent = target
            else:
                self._failed = target
        target.add(data)
        self.outbox.discard(key)
