"""A club's store for the club page tests: games made through the judge as players make them
(finished, in play, waiting, private), and the club page served on a free loopback port."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

from aiohttp import web
from sample_fleets import FLEET_A as FLEET_A
from sample_fleets import FLEET_B as FLEET_B
from sample_fleets import FLEET_B_SWAPPED as FLEET_B_SWAPPED

from pbem.judge import Judge
from pbem.messages import Inbound
from pbem.storage.store import Store
from pbem.web.guard import ClubRunner

ROOT = Path(__file__).resolve().parents[3]
TURNS = (("Rx4 Rv5 Bv1", "Rv1 Oz5 Gx1 Bv5"), ("Rx5 Ov5", "Gx2 Yv1"))
DESIGN_A = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"
DESIGN_B = "design\nRaider C-SSI(Lf)II(Gf)(Rf)D\nHawk E-AI(Mf)(Gf)IIID at -1,-7 S"


class Club:
    """Players at a judge over `store`, at a fixed moment (the pages show no clock)."""

    def __init__(self, store: Store) -> None:
        self.judge = Judge(store, lambda: datetime(2026, 11, 25, 12, 0, tzinfo=UTC))
        self.passwords: dict[tuple[str, str], str] = {}

    def send(self, sender: str, text: str) -> str:
        return self.judge.handle(Inbound(sender, text, "", sender.split("@")[0].title()))[0].body

    def seat(self, game: str, sender: str) -> None:
        found = re.search(rf"password for {game}: (\S+)", self.send(sender, f"join {game}"))
        assert found
        self.passwords[game, sender] = found.group(1)

    def as_player(self, game: str, sender: str, text: str) -> str:
        return self.send(sender, f"game {game} {self.passwords[game, sender]}\n{text}")

    def game(
        self,
        name: str,
        fleet_b: str = FLEET_B,
        turns: int = 2,
        settings: str = "",
        b: str = "bob@example.org",
    ) -> None:
        """A game of Alice's against Bob (or `b`) with `turns` played."""
        self.send("gm@example.org", f"create {name} {settings}".strip())
        self.seat(name, "alice@example.org")
        self.seat(name, b)
        self.as_player(name, "alice@example.org", f"fleet {FLEET_A}")
        self.as_player(name, b, f"fleet {fleet_b}")
        for turn, (a_orders, b_orders) in enumerate(TURNS[:turns], 1):
            said = self.as_player(name, "alice@example.org", f"orders {turn}: {a_orders}")
            assert "accepted" in said, said
            said = self.as_player(name, b, f"orders {turn}: {b_orders}")
            assert "adjudicated" in said, said

    def resign(self, name: str, sender: str = "bob@example.org") -> None:
        assert "resigned" in self.as_player(name, sender, "resign")


def fill(store: Store, fleet_b: str = FLEET_B) -> None:
    """`done` finished (Bob resigned after two turns), `open` in play after two turns with B's
    fleet `fleet_b`, `waiting` for its second player, `secret` private and in play, and the
    battle `skirmish` just begun."""
    club = Club(store)
    club.game("done")
    club.resign("done")
    club.game("open", fleet_b)
    club.send("gm@example.org", "create waiting")
    club.seat("waiting", "alice@example.org")
    club.game("secret", settings="private")
    club.send("gm@example.org", "create skirmish battles budget=300")
    club.seat("skirmish", "alice@example.org")
    club.seat("skirmish", "bob@example.org")
    club.as_player("skirmish", "alice@example.org", DESIGN_A)
    assert "begins" in club.as_player("skirmish", "bob@example.org", DESIGN_B)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def on_loopback(app: web.Application) -> AsyncIterator[int]:
    """`app` served as the club serves it (its ClubRunner, which guards even a request aiohttp
    cannot read) on a free loopback port, for raw connections: yields the port."""
    runner = ClubRunner(app)
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        yield runner.addresses[0][1]
    finally:
        await runner.cleanup()


class Served:
    """`spaceships web` running over a store, as a keeper runs it; stopped by `stop()`."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "spaceships_cli",
                "web",
                "--db",
                str(db),
                "--listen",
                "127.0.0.1:0",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()  # waits for the banner, not for a time
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.stop()
            raise AssertionError(f"no banner: {line!r} {self.process.stderr.read()}")
        self.url = f"http://127.0.0.1:{found.group(1)}"

    def stop(self) -> str:
        self.process.terminate()
        out, err = self.process.communicate(timeout=30)
        return err
