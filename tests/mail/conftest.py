"""Fixtures for the email front end: an echoing stand-in judge, a gateway on a real store,
raw mail builders, and a live SMTP listener with an aiosmtpd relay sink."""

from __future__ import annotations

import asyncio
import random
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.smtp import SMTP
from smtp_players import JUDGE, SmtpPlayers

from pbem.judge import Judge
from pbem.mail.config import ServerAddress
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.mail.listener import Listener, Worker
from pbem.messages import Inbound, Outbound
from pbem.storage.store import Store, open_store


class EchoJudge:
    """A stand-in for the core: answers every message with the command text it read.
    A line `boom` makes it raise, as a bug in the core would; `game NAME` names the game."""

    def __init__(self) -> None:
        self.seen: list[Inbound] = []
        self.ticks = 0
        self.fail = True

    def handle(self, inbound: Inbound) -> list[Outbound]:
        if self.fail and "boom" in inbound.text.split():
            raise RuntimeError("the judge fell over")
        self.seen.append(inbound)
        game = None
        for line in inbound.text.splitlines():
            words = line.split()
            if len(words) >= 2 and words[0].lower() == "game":
                game = words[1]
        return [
            Outbound(
                to=(inbound.sender,),
                subject="Your commands",
                body=f"Read:\n{inbound.text}\n",
                game=game,
                in_reply_to=inbound.message_id,
            )
        ]

    def tick(self, now: datetime | None = None) -> list[Outbound]:
        self.ticks += 1
        return []


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def echo() -> EchoJudge:
    return EchoJudge()


@pytest.fixture
def make_gateway(tmp_path: Path, clock: Clock) -> Callable[..., MailGateway]:
    def make(judge: object, relay: ServerAddress | None = None, **options: object) -> MailGateway:
        store = open_store(tmp_path / "judge.sqlite3")
        return MailGateway(
            store.connection,
            judge,  # type: ignore[arg-type]
            Delivery(tmp_path / "outbox", relay),
            judge_address="judge@club.example",
            clock=clock,
            lock=store.lock,
            **options,  # type: ignore[arg-type]
        )

    return make


@pytest.fixture
def gateway(make_gateway: Callable[..., MailGateway], echo: EchoJudge) -> MailGateway:
    return make_gateway(echo, rate_limit_per_hour=1000)


def outbox_mail(gateway: MailGateway) -> list[EmailMessage]:
    """Every message waiting in the gateway's Maildir outbox, oldest first: in the order the
    outbox itself keeps (its names), never by `Date` and a random `Message-ID`, which put two
    mails of one second either way round."""
    box = gateway.delivery.outbox
    messages = []
    for key in box.keys():
        messages.append(BytesParser(policy=policy.default).parsebytes(box.read(key)))
    return messages  # type: ignore[return-value]


_counter = iter(range(1, 10**9))


def mail(
    body: str = "help",
    *,
    sender: str = "Alice <alice@example.org>",
    subject: str = "commands",
    message_id: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """A plain text message as a mail client would send it."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = "judge@club.example"
    message["Subject"] = subject
    message["Message-ID"] = message_id or f"<m{next(_counter)}@example.org>"
    for name, value in (headers or {}).items():
        message[name] = value
    message.set_content(body)
    return message.as_bytes()


# -- a live listener and relay sink ------------------------------------------------------------


@dataclass
class Sink:
    """An aiosmtpd handler that keeps every message it is given."""

    messages: list[EmailMessage] = field(default_factory=list)
    condition: threading.Condition = field(default_factory=threading.Condition)

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        raw = envelope.original_content or envelope.content  # type: ignore[attr-defined]
        message = BytesParser(policy=policy.default).parsebytes(raw)
        with self.condition:
            self.messages.append(message)  # type: ignore[arg-type]
            self.condition.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 60.0) -> list[EmailMessage]:
        with self.condition:
            self.condition.wait_for(lambda: len(self.messages) >= count, timeout)
            return list(self.messages)


class LoopThread:
    """An asyncio loop on a thread of its own, for servers under test."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: object, timeout: float = 60.0) -> object:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)  # type: ignore[arg-type]

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@pytest.fixture
def loop_thread() -> Iterator[LoopThread]:
    thread = LoopThread()
    yield thread
    thread.stop()


@pytest.fixture
def relay_sink() -> Iterator[tuple[Sink, ServerAddress]]:
    """An SMTP relay on a loop of its own (the judge's listener blocks its loop while it
    works, as a separate relay process would not notice)."""
    sink = Sink()
    loop_thread = LoopThread()

    async def start() -> asyncio.AbstractServer:
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: SMTP(sink), "127.0.0.1", 0)

    server = loop_thread.run(start())
    port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
    yield sink, ServerAddress("127.0.0.1", port)

    async def stop() -> None:
        server.close()  # type: ignore[attr-defined]

    loop_thread.run(stop())
    loop_thread.stop()


@dataclass
class RunningListener:
    host: str
    port: int
    worker: Worker
    listener: Listener


@pytest.fixture
def start_listener(
    loop_thread: LoopThread,
) -> Iterator[Callable[[Callable[[], MailGateway]], RunningListener]]:
    started: list[RunningListener] = []

    def start(build: Callable[[], MailGateway]) -> RunningListener:
        worker = Worker(build)
        listener = Listener(worker, host="127.0.0.1", port=0, tick_seconds=0)
        host, port = loop_thread.run(listener.start())  # type: ignore[misc]
        running = RunningListener(host, port, worker, listener)
        started.append(running)
        return running

    yield start
    for running in started:
        loop_thread.run(running.listener.stop())
        running.worker.close()


@pytest.fixture(name="mail")
def mail_fixture() -> Callable[..., bytes]:
    """Builds raw mail: `mail(body, sender=..., subject=..., message_id=..., headers=...)`."""
    return mail


@pytest.fixture(name="outbox_mail")
def outbox_mail_fixture() -> Callable[[MailGateway], list[EmailMessage]]:
    return outbox_mail


@pytest.fixture
def smtp_judge(tmp_path, relay_sink, start_listener) -> tuple[Any, Any, Store]:
    """The judge behind its SMTP listener on a free port (a seeded judge, a relay sink): the
    running listener, the sink its mail reaches, and its store."""
    sink, relay = relay_sink
    store = open_store(tmp_path / "judge.sqlite3")

    def build() -> MailGateway:
        return MailGateway(
            store.connection,
            Judge(store, judge_address=JUDGE, rng=random.Random(12)),
            Delivery(tmp_path / "outbox", relay),
            judge_address=JUDGE,
            rate_limit_per_hour=500,
            lock=store.lock,
        )

    return start_listener(build), sink, store


@pytest.fixture
def mailers(smtp_judge) -> SmtpPlayers:
    """Players who mail the judge over SMTP (tests/smtp_players.py)."""
    running, sink, _ = smtp_judge
    return SmtpPlayers(running.host, running.port, sink)
