"""The computer player: a level and a seed in, a fleet or a turn's orders out. It decides from
its seat's `player_view` alone, never from the game state, and the same level, seed and view
always give the same decision."""

from __future__ import annotations

import random
from dataclasses import dataclass

from notation.spaceships.fleets import Fleet
from notation.spaceships.orders import Order
from spaceships.computer.knowledge import read_view
from spaceships.computer.placement import additional_types, hidden_fleet, random_fleet
from spaceships.computer.sampler import estimate
from spaceships.computer.simple import hunt_orders, random_orders
from spaceships.computer.tactics import DENSITY, EXPERT, decide
from spaceships.engine import PlayerView, Ruleset

LEVELS = ("random", "hunt", "density", "expert")
DEFAULT_LEVEL = "expert"
LEVEL_TEXT = {
    "random": "legal random orders of every kind",
    "hunt": "the textbook Battleship player: hunt on a checkerboard, then finish what it hit",
    "density": "aims where enemy ships most likely are, over whole fleets that fit all it saw",
    "expert": "density, plus beam and strikes chosen together, a kamikaze from every ship with "
    "nothing else to give, ending the game when ahead, a fleet hidden from checkerboard hunts",
}


class LevelError(ValueError):
    """An unknown level name."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"unknown computer level {text!r}; the levels are {', '.join(LEVELS)}")


def level_named(text: str | None) -> str:
    """A level name as a player may write it (any case); the default when None."""
    if text is None:
        return DEFAULT_LEVEL
    name = text.strip().lower()
    if name not in LEVELS:
        raise LevelError(text)
    return name


@dataclass(frozen=True)
class Computer:
    """One computer seat: its level and seed decide everything it does."""

    level: str = DEFAULT_LEVEL
    seed: str = "0"
    samples: int = 2000  # fleets drawn per turn (density, expert); fewer only in tests

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise LevelError(self.level)

    def _rng(self, *what: object) -> random.Random:
        # A string seed is hashed with SHA-512 by random.Random: the same on every machine.
        return random.Random(
            "/".join(["spaceships-computer", self.level, str(self.seed), *map(str, what)])
        )

    def fleet(self, ruleset: Ruleset, seat: str = "B", carried: int = 0, game: int = 1) -> Fleet:
        """The computer's fleet for a game under this ruleset; in game `game` of a continued
        match, with additional ships costing the `carried` materiel [10.3]."""
        # Game 1 keeps the seed words it always had: the same seed gives the same fleet.
        rng = self._rng(seat, "fleet", ruleset, *([game] if game > 1 else []))
        additional = additional_types(carried, ruleset, rng)
        if self.level == "expert":
            return hidden_fleet(ruleset, rng, additional)
        return random_fleet(ruleset, rng, additional)

    def orders(self, view: PlayerView) -> tuple[Order, ...]:
        """The orders for the view's turn (empty once the game is over)."""
        if view.over or view.entitlements is None:
            return ()
        rng = self._rng(view.player, view.turn, "orders")
        if self.level == "random":
            return random_orders(view, rng)
        k = read_view(view)
        if self.level == "hunt":
            return hunt_orders(view, k, rng)
        est = estimate(k, rng, self.samples)
        return decide(view, k, est, EXPERT if self.level == "expert" else DENSITY, rng)
