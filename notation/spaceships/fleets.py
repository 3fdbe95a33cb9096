"""A player's fleet as recorded at setup [2.1, 11.3]: ships and their cells. No shape rules."""

from __future__ import annotations

from dataclasses import dataclass

from notation.spaceships.cells import Cell
from notation.spaceships.ships import ShipId


@dataclass(frozen=True, slots=True)
class ShipPlacement:
    """One ship as written: `KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3`."""

    ship: ShipId
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        return " ".join([str(self.ship), *(str(c) for c in self.cells)])


@dataclass(frozen=True, slots=True)
class Fleet:
    """A fleet in the order written; the list form is `DS Rv1 ...; KC Gx1 ...`."""

    ships: tuple[ShipPlacement, ...]

    def __str__(self) -> str:
        return "; ".join(str(s) for s in self.ships)
