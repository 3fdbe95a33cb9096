"""Shared helpers of the judge tests: a table with a judge on an in-memory store, a clock the
test moves, and people who send commands and keep every message the judge sends them."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from pbem.judge import Judge
from pbem.messages import Inbound, Outbound
from pbem.storage.store import Store

# Two fleets on disjoint cells, so a cell named in a player's mail can only be explained by
# their own fleet, their own orders, or what the rules revealed.
FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)


def cells_in(text: str) -> set[str]:
    """Every cell written in a text (also inside `mGx3`, `sGx3`, `bRv1Rx1`)."""
    return set(re.findall(r"[ROYGB][v-z][1-5]", text))


def fleet_cells(fleet: str) -> set[str]:
    return cells_in(fleet)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@dataclass
class Person:
    """Someone who writes to the judge: their address, their inbox, their game password."""

    table: Table
    address: str
    name: str = ""
    password: str | None = None
    inbox: list[Outbound] = field(default_factory=list)

    def send(self, text: str, subject: str = "") -> Outbound:
        """Send commands; returns the direct reply (every message lands in inboxes)."""
        replies = self.table.deliver(Inbound(self.address, text, subject, self.name))
        return replies[0]

    def join(self, game: str = "alpha") -> Outbound:
        reply = self.send(f"join {game}")
        found = re.search(rf"password for {game}: (\S+)", reply.body)
        assert found, reply.body
        self.password = found.group(1)
        return reply

    def create_seated(self, command: str, game: str = "alpha") -> Outbound:
        """`create GAME vs computer ...`: the creator takes seat A; keep the password."""
        reply = self.send(command)
        found = re.search(rf"password for {game}: (\S+)", reply.body)
        assert found, reply.body
        self.password = found.group(1)
        return reply

    def sign_on(self, game: str = "alpha") -> str:
        return f"game {game} {self.password}\n"

    def fleet(self, fleet: str, game: str = "alpha") -> Outbound:
        return self.send(self.sign_on(game) + f"fleet {fleet}")

    def orders(self, turn: int, orders: str, game: str = "alpha") -> Outbound:
        return self.send(self.sign_on(game) + f"orders {turn}: {orders}")

    @property
    def last(self) -> Outbound:
        return self.inbox[-1]


class Table:
    def __init__(self, store: Store) -> None:
        self.clock = Clock()
        self.store = store
        self.judge = Judge(store, clock=self.clock, rng=random.Random(7))
        self.people: dict[str, Person] = {}
        self.log: list[Outbound] = []

    def person(self, address: str, name: str = "") -> Person:
        self.people[address] = Person(self, address, name)
        return self.people[address]

    def deliver(self, inbound: Inbound) -> list[Outbound]:
        return self._post(self.judge.handle(inbound))

    def tick(self) -> list[Outbound]:
        return self._post(self.judge.tick())

    def _post(self, messages: list[Outbound]) -> list[Outbound]:
        for message in messages:
            self.log.append(message)
            for address in message.to:
                if address in self.people:
                    self.people[address].inbox.append(message)
        return messages
