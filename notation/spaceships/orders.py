"""The actions of a turn in conventional notation [11.5]; syntax only, no legality."""

from __future__ import annotations

from dataclasses import dataclass

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.ships import ShipId


@dataclass(frozen=True, slots=True)
class Strike:
    """A strike's target cell [11.5.1]: `Gx3`. Conventional, missile or kamikaze alike [4.7]."""

    target: Cell

    def __str__(self) -> str:
        return str(self.target)


@dataclass(frozen=True, slots=True)
class Beam:
    """A beam weapon firing by its two end cells [11.5.2], optionally naming the ship [11.5.2.1]:
    `bRv1Rx1`, `bRv1Rx1(DS2)`."""

    start: Cell
    end: Cell
    ship: ShipId | None = None

    def __str__(self) -> str:
        ship = f"({self.ship})" if self.ship is not None else ""
        return f"b{self.start}{self.end}{ship}"


@dataclass(frozen=True, slots=True)
class ClassicBeam:
    """A classic beam [classic 8.2.2]: the two coordinate values fixed along a line of five,
    `bRv` (Red, v, numbers 1-5), `bR3`, `bv3`. Exactly two of the three values are given."""

    line: PartialCell

    def __post_init__(self) -> None:
        if self.line.count != 2:
            raise ValueError("a classic beam gives exactly two coordinate values")

    def __str__(self) -> str:
        return f"b{self.line}"


@dataclass(frozen=True, slots=True)
class MissileLaunch:
    """A missile launch cell by enough coordinate values to single it out [11.5.3]: `mGx3`, `mv`.
    Its target is written as a separate strike."""

    launch: PartialCell

    def __str__(self) -> str:
        return f"m{self.launch}"


@dataclass(frozen=True, slots=True)
class KamikazeLaunch:
    """A kamikaze launch cell [11.5.5]: `kBz5`. Its target is written as a separate strike."""

    launch: Cell

    def __str__(self) -> str:
        return f"k{self.launch}"


@dataclass(frozen=True, slots=True)
class Scan:
    """A scan of a target cell [11.5.4]: `sGy3`."""

    target: Cell

    def __str__(self) -> str:
        return f"s{self.target}"


Order = Strike | Beam | ClassicBeam | MissileLaunch | KamikazeLaunch | Scan


def format_orders(orders: tuple[Order, ...] | list[Order]) -> str:
    """The canonical written form of an order list: orders separated by single spaces."""
    return " ".join(str(order) for order in orders)
