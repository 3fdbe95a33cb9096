"""Getting the judge's mail out: a Maildir outbox always, an SMTP relay when configured.

Every message is written to the outbox (a Maildir, so it needs nothing installed). Without a
relay that is where replies stay, in `new/`, for the keeper's own mail setup to pick up. With a
relay each message is sent (over one kept-open connection) and then moved to the `.sent`
folder; a temporary failure leaves it in the outbox to be retried (`flush`, and every tick of
`serve`), a permanent refusal moves it to `.failed`.

Files are written to `tmp/` and renamed into `new/` (the Maildir way: a reader never sees half
a message) but not fsynced one by one: they survive a crash of the judge, and a power cut may
lose the last moments (the database's durable commit comes before them: what they tell of is
kept, and `history` tells it again).
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import logging
import os
import re
import smtplib
import socket
import ssl
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from email.message import Message
from email.policy import Compat32
from pathlib import Path

from pbem.mail.config import ServerAddress

log = logging.getLogger("pbem.mail.delivery")


@dataclass(frozen=True, slots=True)
class DeliveryReport:
    sent: int = 0  # handed to the relay
    queued: int = 0  # left in the outbox (no relay, or a temporary failure)
    failed: int = 0  # refused for good by the relay

    @property
    def queued_or_sent(self) -> int:
        return self.sent + self.queued


def open_relay(relay: ServerAddress, timeout: float = 30.0) -> smtplib.SMTP:
    if relay.security == "ssl":
        client: smtplib.SMTP = smtplib.SMTP_SSL(
            relay.host, relay.port, timeout=timeout, context=ssl.create_default_context()
        )
    else:
        client = smtplib.SMTP(relay.host, relay.port, timeout=timeout)
    try:
        if relay.security == "starttls":
            client.starttls(context=ssl.create_default_context())
        if relay.username:
            client.login(relay.username, relay.password or "")
    except BaseException:
        client.close()
        raise
    return client


class _FastCompat32(Compat32):
    """compat32, minus the cost of running every short ASCII header through email.header
    (the judge's own headers are all short ASCII but for an encoded Subject)."""

    def _fold(self, name: str, value: object, sanitize: bool) -> str:
        if isinstance(value, str) and value.isascii() and "\n" not in value:
            line = f"{name}: {value}"
            if len(line) <= 78:
                return line + self.linesep
        return super()._fold(name, value, sanitize)  # type: ignore[misc]


FAST_POLICY = _FastCompat32()


def oldest_first(name: str) -> list[str | int]:
    """A sort key for a Maildir file's name: the moment it names, then its number, compared as
    numbers. Replies of one transaction share a moment and differ in their number
    (`…J9.spaceships` before `…J10.spaceships`), which a plain string sort puts the wrong way."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


class Maildir:
    """Just what the outbox needs of a Maildir: add, list, read, move between folders."""

    _counter = itertools.count()

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = Path(path)
        for sub in ("tmp", "new", "cur") if create else ():
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        # Where a message written before may be now: new/ and each subfolder's new/. Listed
        # again only when the folder changes (a subfolder made, by any process).
        self._listed: tuple[int, list[Path]] = (-1, [])

    def folder(self, name: str) -> Maildir:
        folder = Maildir(self.path / f".{name}")
        (folder.path / "maildirfolder").touch()  # Maildir++: marks a subfolder
        self._listed = (-1, [])
        return folder

    def add(self, data: bytes) -> str:
        key = f"{time.time():.6f}.P{os.getpid()}Q{next(self._counter)}.{socket.gethostname()}"
        key = key.replace("/", "_").replace(":", "_")
        temporary = self.path / "tmp" / key
        with open(temporary, "xb") as file:
            file.write(data)
        os.rename(temporary, self.path / "new" / key)
        return key

    def put(self, key: str, data: bytes) -> bool:
        """Write a message under the given name, unless one of that name was written before
        (here or in a subfolder it was moved to): so writing it again never makes two."""
        if any((folder / key).exists() for folder in self._new_folders()):
            return False
        temporary = self.path / "tmp" / key
        with open(temporary, "wb") as file:
            file.write(data)
        os.rename(temporary, self.path / "new" / key)
        return True

    def _new_folders(self) -> list[Path]:
        changed = os.stat(self.path).st_mtime_ns
        if changed != self._listed[0]:
            subfolders = [sub / "new" for sub in self.path.glob(".*") if sub.is_dir()]
            self._listed = (changed, [self.path / "new", *subfolders])
        return self._listed[1]

    def keys(self) -> list[str]:
        """Messages waiting in new/, oldest first."""
        return sorted(os.listdir(self.path / "new"), key=oldest_first)

    def read(self, key: str) -> bytes:
        return (self.path / "new" / key).read_bytes()

    @contextlib.contextmanager
    def claim(self, key: str) -> Iterator[bytes | None]:
        """The message, held against every other process (and thread) that claims it until
        the block ends; None when another holds it or has moved it on already. The hold is
        an flock on the file itself: the kernel lets go of it when its holder dies, so a
        message whose sender crashed mid-send is claimed and sent by the next one."""
        path = self.path / "new" / key
        try:
            file = open(path, "rb")
        except FileNotFoundError:
            return (yield None)  # moved on by another process since it was listed
        with file:
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return (yield None)  # being sent by another process right now
            try:
                # Sent and moved on between our listing and our hold: not ours to send.
                if os.stat(path).st_ino != os.fstat(file.fileno()).st_ino:
                    return (yield None)
            except FileNotFoundError:
                return (yield None)
            yield file.read()

    def move(self, key: str, to: Maildir) -> None:
        os.rename(self.path / "new" / key, to.path / "new" / key)


class Delivery:
    def __init__(
        self, outbox: str | Path, relay: ServerAddress | None = None, create: bool = True
    ) -> None:
        """`create=False` for a command that only looks (`archive`): no outbox is made."""
        self.path = Path(outbox)
        self.relay = relay
        self.outbox = Maildir(self.path, create)
        self._client: smtplib.SMTP | None = None
        self._folders: dict[str, Maildir] = {}
        self._sending = threading.Lock()  # one relay conversation at a time
        self._sender: threading.Thread | None = None
        self._wake = threading.Event()
        self._stopping = False

    def start_sender(self, retry_seconds: float = 30.0) -> None:
        """Send from a thread of its own from now on (for `serve`): `deliver` then only writes
        the outbox and wakes the sender, so a slow relay never holds up the judge. Whatever
        the relay turns away for now is retried every `retry_seconds`."""
        if self.relay is None or self._sender is not None:
            return

        def run() -> None:
            while not self._stopping:
                self._wake.wait(retry_seconds)
                self._wake.clear()
                try:
                    self._send_pending()
                except Exception:  # never let the sender die; the next round retries
                    log.exception("relay sender")

        self._sender = threading.Thread(target=run, name="relay-sender", daemon=True)
        self._wake.set()  # whatever an earlier run left in the outbox goes first
        self._sender.start()

    def describe(self) -> str:
        if self.relay is None:
            return f"written to the Maildir {self.path}/new (no SMTP relay configured)"
        return f"sent through the SMTP relay {self.relay} (outbox {self.path} for retries)"

    def deliver(self, messages: Iterable[Message]) -> DeliveryReport:
        keys = [self.outbox.add(message.as_bytes(policy=FAST_POLICY)) for message in messages]
        if not keys:
            return DeliveryReport()
        if self.relay is None or self._sender is not None:
            self._wake.set()
            return DeliveryReport(queued=len(keys))
        with self._sending:
            return self._send(keys)

    def put(self, key: str, data: bytes) -> None:
        """Into the outbox under a name of the caller's (see `Maildir.put`); `after_put`
        then sends what was put, as `deliver` does."""
        self.outbox.put(key, data)

    def after_put(self, count: int) -> DeliveryReport:
        if not count:
            return DeliveryReport()
        if self.relay is None or self._sender is not None:
            self._wake.set()
            return DeliveryReport(queued=count)
        return self._send_pending()

    def pending(self) -> list[str]:
        return self.outbox.keys()

    def flush(self) -> DeliveryReport:
        """Retry everything still in the outbox (relay only; with a sender thread, wake it)."""
        if self.relay is None or self._sender is not None:
            self._wake.set()
            return DeliveryReport(queued=len(self.pending()))
        return self._send_pending()

    def _send_pending(self) -> DeliveryReport:
        with self._sending:
            keys = self.pending()
            return self._send(keys) if keys else DeliveryReport()

    def close(self) -> None:
        """Stop the sender thread (after one last round) and hang up on the relay."""
        if self._sender is not None:
            self._stopping = True
            self._wake.set()
            self._sender.join(30)
            self._sender = None
            self._send_pending()
        self._hang_up()

    def _hang_up(self) -> None:
        if self._client is not None:
            try:
                self._client.quit()
            except (OSError, smtplib.SMTPException):
                self._client.close()
            self._client = None

    def _connection(self, fresh: bool = False) -> smtplib.SMTP:
        assert self.relay is not None
        if fresh:
            self._hang_up()
        if self._client is None:
            self._client = open_relay(self.relay)
        return self._client

    def _folder(self, name: str) -> Maildir:
        if name not in self._folders:
            self._folders[name] = self.outbox.folder(name)
        return self._folders[name]

    def _send(self, keys: list[str]) -> DeliveryReport:
        sent = failed = 0
        taken = 0
        for key in keys:
            with self.outbox.claim(key) as data:
                if data is None:  # another process sends it (or has): not an error
                    taken += 1
                    continue
                outcome = self._send_claimed(key, data)
            if outcome is None:
                break
            if outcome == "sent":
                sent += 1
            elif outcome == "failed":
                failed += 1
        return DeliveryReport(sent=sent, failed=failed, queued=len(keys) - sent - failed - taken)

    def _send_claimed(self, key: str, data: bytes) -> str | None:
        """Send a message this process holds (`Maildir.claim`) and move it on while still
        holding it; None when the relay cannot be reached (no use trying the rest now)."""
        try:
            outcome = self._send_one(data)
        except ssl.SSLCertVerificationError as exc:
            # Not a passing outage: the relay must be fixed, or its authority trusted.
            log.error(
                "SMTP relay %s: its certificate is not trusted (%s); mail kept for retry. "
                "Check the relay's host name, or trust its authority (SSL_CERT_FILE=bundle)",
                self.relay,
                exc.verify_message or exc,
            )
            self._hang_up()
            return None
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("SMTP relay %s unreachable: %s; mail kept for retry", self.relay, exc)
            self._hang_up()
            return None
        if outcome != "later":
            self.outbox.move(key, self._folder(outcome))
        return outcome

    def _send_one(self, data: bytes) -> str:
        """'sent', 'failed' (refused for good) or 'later' (refused for now); raises when the
        relay cannot be reached (no use trying the rest now)."""
        sender, recipients = _envelope(data)
        data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # Maildir LF, SMTP CRLF
        for attempt in (0, 1):
            client = self._connection(fresh=attempt == 1)
            try:
                sendmail(client, sender, recipients, data)
                return "sent"
            except smtplib.SMTPServerDisconnected:
                if attempt == 1:  # a kept-open connection the relay dropped: once more
                    raise
            except smtplib.SMTPRecipientsRefused as exc:
                codes = [code for code, _ in exc.recipients.values()]
                if all(500 <= code < 600 for code in codes):
                    log.error("relay refused %s for good: %s", recipients, exc.recipients)
                    self._reset(client)
                    return "failed"
                log.warning("relay refused %s for now: %s", recipients, exc.recipients)
                self._reset(client)
                return "later"
            except smtplib.SMTPResponseException as exc:
                self._reset(client)
                if 500 <= exc.smtp_code < 600:
                    log.error("relay refused %s for good: %s", recipients, exc)
                    return "failed"
                log.warning("relay refused %s for now: %s", recipients, exc)
                return "later"
        raise AssertionError("unreachable")

    @staticmethod
    def _reset(client: smtplib.SMTP) -> None:
        try:
            client.rset()
        except (OSError, smtplib.SMTPException):
            pass


def sendmail(client: smtplib.SMTP, sender: str, recipients: list[str], data: bytes) -> None:
    """`client.sendmail` for a message with CRLF line ends, raising as it does; where the relay
    offers PIPELINING (RFC 2920), MAIL, RCPT and DATA go in one write: the judge waits for the
    relay twice a message instead of three times or more."""
    client.ehlo_or_helo_if_needed()
    if not client.has_extn("pipelining"):
        client.sendmail(sender, recipients, data)
        return
    size = f" SIZE={len(data)}" if client.has_extn("size") else ""
    commands = [f"MAIL FROM:{smtplib.quoteaddr(sender)}{size}"]
    commands += [f"RCPT TO:{smtplib.quoteaddr(recipient)}" for recipient in recipients]
    commands.append("DATA")
    client.send("".join(command + "\r\n" for command in commands))
    mail, *accepted, ready = [client.getreply() for _ in commands]
    refused = {r: answer for r, answer in zip(recipients, accepted, strict=True)
               if answer[0] not in (250, 251)}  # fmt: skip
    if ready[0] == 354 and (mail[0] != 250 or len(refused) == len(recipients)):
        # A relay that opened DATA for a transaction it refused: close it, it delivers nothing.
        client.send(".\r\n")
        client.getreply()
    if mail[0] != 250:
        _hang_up_on_421(client, mail[0])
        raise smtplib.SMTPSenderRefused(mail[0], mail[1], sender)
    if len(refused) == len(recipients):
        raise smtplib.SMTPRecipientsRefused(refused)  # type: ignore[arg-type]
    if ready[0] != 354:
        _hang_up_on_421(client, ready[0])
        raise smtplib.SMTPDataError(*ready)
    # As smtplib's data(): a line starting with a dot gets another, then the end of data.
    body = re.sub(rb"(?m)^\.", b"..", data)
    client.send(body + (b"" if body.endswith(b"\r\n") else b"\r\n") + b".\r\n")
    done = client.getreply()
    if done[0] != 250:
        _hang_up_on_421(client, done[0])
        raise smtplib.SMTPDataError(*done)


def _hang_up_on_421(client: smtplib.SMTP, code: int) -> None:
    if code == 421:  # the relay is closing the connection (as smtplib does then)
        client.close()


def _envelope(data: bytes) -> tuple[str, list[str]]:
    """Envelope sender and recipients from the judge's own headers (From, To)."""
    head = data.split(b"\n\n", 1)[0].split(b"\r\n\r\n", 1)[0].decode("ascii", "replace")
    sender, recipients = "", []
    for line in head.replace("\r\n", "\n").split("\n"):
        name, _, value = line.partition(":")
        if name.lower() == "from" and not sender:
            sender = value.strip()
        elif name.lower() == "to":
            recipients += [r.strip() for r in value.split(",") if r.strip()]
    return sender, recipients
