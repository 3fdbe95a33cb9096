"""Issue 27 item 5: an MTA runs many `spaceships pbem receive` at once on one store and one
outbox, and each sends what waits in the outbox: every reply still reaches the relay exactly
once, a reply another process holds is no error, and a reply whose sender died mid-send is
sent by the next process, not lost. Real processes, a real SMTP relay (aiosmtpd)."""

from __future__ import annotations

import asyncio
import fcntl
import os
import socket
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

from pbem.mail.config import ServerAddress
from pbem.mail.delivery import Delivery

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Relay:
    """The relay's side: every message handed over (the reply's Message-ID), and the QUITs
    heard. `gather`: hold each connection's greeting until that many wait (or a while has
    passed since the first), as a relay slow to answer after an outage does: the senders
    then all pick their replies out of the outbox before any is sent."""

    gather: int = 1
    received: list[str] = field(default_factory=list)
    quits: int = 0
    waiting: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    gate: asyncio.Event | None = None

    async def handle_EHLO(
        self, server: object, session: object, envelope: object, hostname: str, responses: list
    ) -> list:
        if self.gate is None:
            self.gate = asyncio.Event()
            asyncio.get_running_loop().call_later(10, self.gate.set)
        self.waiting += 1
        if self.waiting >= self.gather:
            self.gate.set()
        await self.gate.wait()
        session.host_name = hostname  # type: ignore[attr-defined]
        return responses

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        message = message_from_bytes(envelope.original_content)  # type: ignore[attr-defined]
        with self.lock:
            self.received.append(str(message["Message-ID"]))
        return "250 OK"

    async def handle_QUIT(self, server: object, session: object, envelope: object) -> str:
        with self.lock:
            self.quits += 1
        return "221 Bye"


@pytest.fixture
def relay(free_port: int, request: pytest.FixtureRequest) -> Iterator[tuple[Relay, ServerAddress]]:
    handler = Relay(gather=getattr(request, "param", 1))
    controller = Controller(handler, hostname="127.0.0.1", port=free_port)
    controller.start()
    yield handler, ServerAddress("127.0.0.1", free_port)
    controller.stop()


def raw_mail(number: int) -> bytes:
    return (
        f"From: Player {number} <p{number}@example.org>\r\nTo: judge@club.example\r\n"
        f"Subject: hello\r\nMessage-ID: <par{number}@example.org>\r\n\r\nlist\r\n"
    ).encode()


def _receive_at_once(env: dict[str, str], numbers: range) -> int:
    """One `spaceships pbem receive` per mail, all at once, as Postfix runs a pipe
    transport (up to 20 at a time). Each ends well, without a trace, or, when the store stayed
    busy past its wait (a loaded machine), says the mail was not stored and exits 75
    (EX_TEMPFAIL), on which Postfix delivers that mail again later: so does this, all such
    at once, until every one is stored. How many went again."""
    command = [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "receive"]
    waiting, again = list(numbers), 0
    for _ in range(20):
        processes = []
        for number in waiting:
            process = subprocess.Popen(
                command, env=env, cwd=ROOT, stdin=subprocess.PIPE, stderr=subprocess.PIPE
            )
            process.stdin.write(raw_mail(number))  # type: ignore[union-attr]
            process.stdin.close()  # type: ignore[union-attr]
            processes.append((number, process))
        waiting = []
        for number, process in processes:
            errors = process.stderr.read()  # type: ignore[union-attr]
            process.wait(180)
            assert b"Traceback" not in errors, errors.decode()
            if process.returncode == 75 and b"message not stored" in errors:
                waiting.append(number)
            else:
                assert process.returncode == 0, errors.decode()
        if not waiting:
            return again
        again += len(waiting)
    raise AssertionError(f"mails {waiting} never stored")


@pytest.mark.parametrize("relay", [12], indirect=True)
def test_twelve_receive_processes_at_once_send_every_reply_exactly_once(
    tmp_path: Path, relay: tuple[Relay, ServerAddress]
) -> None:
    handler, address = relay
    env = {
        **os.environ,
        "SPACESHIPS_DB": str(tmp_path / "judge.sqlite3"),
        "SPACESHIPS_OUTBOX": str(tmp_path / "outbox"),
        "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
    }
    # The relay away for a while: the replies wait in the outbox. Its port is held, bound and
    # not listening, so no other server (of a test in another process) can answer there.
    with socket.socket() as away:
        away.bind(("127.0.0.1", 0))
        relay_away = f"smtp://127.0.0.1:{away.getsockname()[1]}"
        _receive_at_once({**env, "SPACESHIPS_SMTP_RELAY": relay_away}, range(1, 13))
    assert len(os.listdir(tmp_path / "outbox" / "new")) == 12
    # ... then back, and the next twelve processes at once each find all of them waiting.
    _receive_at_once({**env, "SPACESHIPS_SMTP_RELAY": f"smtp://127.0.0.1:{address.port}"},
                     range(13, 25))  # fmt: skip
    counted = Counter(handler.received)
    assert len(counted) == 24  # each mail's reply, once each
    assert [m for m, n in counted.items() if n > 1] == []
    assert os.listdir(tmp_path / "outbox" / "new") == []  # nothing left behind
    assert len(os.listdir(tmp_path / "outbox" / ".sent" / "new")) == 24
    assert handler.quits >= 1  # a process that talked to the relay says goodbye


def test_a_reply_another_process_holds_is_left_to_it_and_no_error(
    tmp_path: Path, relay: tuple[Relay, ServerAddress]
) -> None:
    handler, address = relay
    delivery = Delivery(tmp_path / "outbox", address)
    mine = delivery.outbox.add(raw_mail(1))
    held = delivery.outbox.add(raw_mail(2))
    with delivery.outbox.claim(held) as data:  # another sender, mid-send
        assert data is not None
        report = delivery.flush()
    assert (report.sent, report.failed) == (1, 0)
    assert handler.received == ["<par1@example.org>"]
    assert delivery.pending() == [held] and mine not in delivery.pending()
    delivery.close()


def test_a_reply_whose_sender_died_mid_send_is_sent_by_the_next_once(
    tmp_path: Path, relay: tuple[Relay, ServerAddress]
) -> None:
    handler, address = relay
    delivery = Delivery(tmp_path / "outbox", address)
    key = delivery.outbox.add(raw_mail(3))
    path = tmp_path / "outbox" / "new" / key
    holder = subprocess.Popen(  # holds the reply as a sender does, then is killed (-9)
        [
            sys.executable,
            "-c",
            "import fcntl, sys, time; f = open(sys.argv[1], 'rb'); "
            "fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline() == "held\n"  # type: ignore[union-attr]
    assert delivery.flush().sent == 0  # held: not sent twice
    holder.kill()
    holder.wait(10)
    with open(path, "rb") as file:  # the kernel let go of the dead sender's hold
        fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert delivery.flush().sent == 1
    assert delivery.flush().sent == 0
    assert handler.received == ["<par3@example.org>"]
    delivery.close()
