"""Real `spaceships pbem serve` processes for the tests of several judges on one database and
of crashes: start, kill -9, restart; players' mail sent over SMTP as an MTA sends it, again and
again until the judge says 250; and the replies read back from the shared Maildir outbox.
(Also used by bench/pbem.py's race run.)"""

from __future__ import annotations

import os
import random
import signal
import smtplib
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from email import message_from_bytes
from pathlib import Path

from notation.spaceships.format import format_fleet
from notation.spaceships.orders import format_orders
from spaceships import engine
from spaceships.engine.random_play import random_fleet, random_orders

ROOT = Path(__file__).resolve().parents[1]
JUDGE = "judge@club.example"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    """One `spaceships pbem serve` on a port of its own."""

    def __init__(self, db: str, outbox: Path, port: int | None = None) -> None:
        self.db, self.outbox = db, outbox
        self.port = port or free_port()
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    def start(self, timeout: float = 60) -> ServeProcess:
        env = {
            **os.environ,
            "SPACESHIPS_DB": self.db,
            "SPACESHIPS_OUTBOX": str(self.outbox),
            "SPACESHIPS_JUDGE_ADDRESS": JUDGE,
            "SPACESHIPS_RATE_LIMIT": "0",
            "SPACESHIPS_LISTEN": f"127.0.0.1:{self.port}",
            "SPACESHIPS_TICK_SECONDS": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from spaceships_cli import main; main()", "pbem", "serve"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("serve stopped: " + "".join(self.output))
            self.output.append(line)
            if "Ctrl-C stops" in line:
                threading.Thread(target=self._drain, daemon=True).start()
                return self
        raise RuntimeError("serve did not start: " + "".join(self.output))

    def _drain(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)

    def kill(self) -> None:
        """kill -9: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


def raw_mail(sender: str, body: str, message_id: str) -> bytes:
    return (
        f"From: {sender}\r\nTo: {JUDGE}\r\nSubject: commands\r\nMessage-ID: {message_id}\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    ).encode()


def deliver(port: int | callable, sender: str, raw: bytes, patience: float = 120) -> int:  # type: ignore[valid-type]
    """Send until the judge answers 250 (as an MTA retries on 4xx and on no answer at all).
    Returns how many tries it took. `port` may be a callable giving the current port."""
    end = time.monotonic() + patience
    tries = 0
    while True:
        tries += 1
        try:
            with smtplib.SMTP("127.0.0.1", port() if callable(port) else port, timeout=30) as s:
                s.sendmail(sender, [JUDGE], raw)
                return tries
        except (OSError, smtplib.SMTPException):
            if time.monotonic() > end:
                raise
            time.sleep(0.05 + random.random() * 0.1)


class Outbox:
    """The shared Maildir outbox, read as the players' mail: replies by In-Reply-To."""

    def __init__(self, path: Path) -> None:
        self.path = path / "new"
        self.read: set[str] = set()
        self.mails: list[dict[str, str]] = []
        self.lock = threading.Lock()

    def scan(self) -> list[dict[str, str]]:
        with self.lock:
            if self.path.exists():
                for name in sorted(os.listdir(self.path)):
                    if name in self.read:
                        continue
                    self.read.add(name)
                    mail = message_from_bytes((self.path / name).read_bytes())
                    payload = mail.get_payload(decode=True)
                    if mail.is_multipart():
                        payload = mail.get_payload(0).get_payload(decode=True)  # type: ignore[union-attr]
                    self.mails.append(
                        {
                            "to": str(mail["To"]),
                            "subject": " ".join(str(mail["Subject"]).split()),
                            "in_reply_to": str(mail["In-Reply-To"] or ""),
                            "auto": str(mail["Auto-Submitted"] or ""),
                            "body": (payload or b"").decode("utf-8", "replace"),
                        }
                    )
            return list(self.mails)

    def reply_to(self, message_id: str, sender: str) -> list[dict[str, str]]:
        return [
            m
            for m in self.scan()
            if m["in_reply_to"] == message_id and m["to"] == sender and m["auto"] == "auto-replied"
        ]


@dataclass
class GameScript:
    """One game's mail, written as its players would: each message after the answer to the
    one before (the orders chosen with the engine on the players' side, seeded)."""

    number: int
    length: int
    rng: random.Random
    sent: int = 0
    passwords: dict[str, str] = field(default_factory=dict)
    state: engine.GameState | None = None
    pending: dict[str, object] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"race{self.number}"

    def address(self, who: str) -> str:
        return f"{who}{self.number}@players.example"

    def next(self) -> tuple[str, str, str] | None:
        """(sender, body, Message-ID) of the next message, None when the game's mail is done."""
        if self.sent >= self.length:
            return None
        k = self.sent
        self.sent += 1
        message_id = f"<{self.name}-{k}@players.example>"
        if self.state is not None and self.state.over:  # the players look at the result
            who = "a" if k % 2 else "b"
            return self.address(who), f"status {self.name}", message_id
        ruleset = engine.Ruleset.from_tags("2.6.1")
        if k == 0:
            return self.address("gm"), f"create {self.name}", message_id
        if k in (1, 2):
            seat = "A" if k == 1 else "B"
            return self.address(seat.lower()), f"join {self.name}", message_id
        if k in (3, 4):
            seat = "A" if k == 3 else "B"
            fleet = random_fleet(ruleset, self.rng)
            self.pending[seat] = fleet
            if k == 4:
                self.state = engine.new_game(ruleset, self.pending.pop("A"), self.pending.pop("B"))  # type: ignore[arg-type]
            body = f"game {self.name} {self.passwords[seat]}\nfleet {format_fleet(fleet)}"
            return self.address(seat.lower()), body, message_id
        assert self.state is not None
        seat = "A" if k % 2 == 1 else "B"
        orders = random_orders(self.state, seat, self.rng)
        self.pending[seat] = engine.check_orders(self.state, seat, orders)
        turn = self.state.turn
        if seat == "B":
            self.state, _ = engine.adjudicate(
                self.state, self.pending.pop("A"), self.pending.pop("B")
            )  # type: ignore[arg-type]
        body = f"game {self.name} {self.passwords[seat]}\norders {turn}: {format_orders(orders)}"
        return self.address(seat.lower()), body, message_id
