"""The judge's dice: a seeded generator committed to before use, or the dice a record gives.

The judge draws a secret seed, publishes its SHA-256 hash when the battle starts and the seed
itself when it ends (reading R13). Roll k is HMAC-SHA256(seed, k) read as a number and brought
to 1..sides by rejection, so the whole sequence follows from the seed and nobody can choose a
roll after the hash is out.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["DiceExhausted", "RollLog", "SeededDice", "WrittenDice", "commitment"]


def commitment(seed: str) -> str:
    """What the record publishes before the first roll: `sha256:` and the seed's hash."""
    return "sha256:" + hashlib.sha256(seed.encode("utf-8")).hexdigest()


class DiceExhausted(ValueError):
    """A record gives fewer dice than the rules need."""


@dataclass(slots=True)
class SeededDice:
    """Roll after roll from one seed; `.used` counts the rolls taken (HMAC counter)."""

    seed: str
    used: int = 0

    def roll(self, sides: int = 6) -> int:
        limit = (1 << 64) - (1 << 64) % sides
        while True:
            digest = hmac.new(
                self.seed.encode("utf-8"), self.used.to_bytes(8, "big"), hashlib.sha256
            ).digest()
            self.used += 1
            value = int.from_bytes(digest[:8], "big")
            if value < limit:
                return value % sides + 1


@dataclass(slots=True)
class WrittenDice:
    """The dice written in a record, taken in order (a battle rolled by hand, or a record
    whose seed is not yet revealed)."""

    rolls: list[int] = field(default_factory=list)

    def feed(self, rolls: Iterable[int]) -> None:
        self.rolls.extend(rolls)

    def roll(self, sides: int = 6) -> int:
        if not self.rolls:
            raise DiceExhausted("the record gives fewer dice than the rules need here")
        value = self.rolls.pop(0)
        if not 1 <= value <= sides:
            raise DiceExhausted(f"a d{sides} cannot roll {value}")
        return value


@dataclass(slots=True)
class RollLog:
    """Wraps dice and remembers what each roll was for."""

    dice: SeededDice | WrittenDice
    log: list[tuple[int, int]] = field(default_factory=list)

    def roll(self, sides: int = 6) -> int:
        value = self.dice.roll(sides)
        self.log.append((sides, value))
        return value
