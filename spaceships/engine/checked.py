"""One player's checked orders for a turn (launch cells found, beams assigned) and their JSON.

Kept apart from the order checks so that the game state can hold them in its history while the
checks depend on the state: one way only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.ships import ShipId
from spaceships.engine.reports import cell_from_json, ship_from_json


@dataclass(frozen=True, slots=True)
class CheckedBeam:
    """A legal beam firing: the ship that fires it and its target cells from the first written
    end [rulings, Resolving a turn]."""

    ship: ShipId
    cells: tuple[Cell, ...]
    diagonal: bool  # only loosely adjacent targets: may burn out [8.2.4.1]


@dataclass(frozen=True)
class CheckedOrders:
    """One player's legal orders for one turn, resolved: launch cells found, beams assigned."""

    turn: int
    player: str
    written: tuple[Order, ...]
    strikes: tuple[Cell, ...]
    beams: tuple[CheckedBeam, ...]
    missiles: tuple[tuple[Cell, ShipId], ...]  # launch cell, ship
    kamikazes: tuple[tuple[Cell, ShipId], ...]
    scans: tuple[Cell, ...]
    limited: bool  # 2.3.2: at the start of the turn, no actions but kamikazes and scans
    strikes_allowed: int  # conventional + this turn's launches [rulings, Orders]
    scans_allowed: int

    # Written out (dataclass keeps it): two per turn, and the generated __init__ of a frozen
    # class sets each field through object.__setattr__, several times slower.
    def __init__(
        self,
        turn: int,
        player: str,
        written: tuple[Order, ...],
        strikes: tuple[Cell, ...],
        beams: tuple[CheckedBeam, ...],
        missiles: tuple[tuple[Cell, ShipId], ...],
        kamikazes: tuple[tuple[Cell, ShipId], ...],
        scans: tuple[Cell, ...],
        limited: bool,
        strikes_allowed: int,
        scans_allowed: int,
    ) -> None:
        self.__dict__.update(
            turn=turn,
            player=player,
            written=written,
            strikes=strikes,
            beams=beams,
            missiles=missiles,
            kamikazes=kamikazes,
            scans=scans,
            limited=limited,
            strikes_allowed=strikes_allowed,
            scans_allowed=scans_allowed,
        )

    @property
    def only_scans(self) -> bool:
        """Recorded no action other than scans (recording nothing counts too) [2.3.2]."""
        return not (self.strikes or self.beams or self.missiles or self.kamikazes)

    def summary(self) -> str:
        """E.g. "strikes 5 of 7, missile from Yw3, 1 beam, 1 scan of 1"."""
        parts = [f"strikes {len(self.strikes)} of {self.strikes_allowed}"]
        for cell, _ in self.missiles:
            parts.append(f"missile from {cell}")
        for cell, _ in self.kamikazes:
            parts.append(f"kamikaze from {cell}")
        if self.beams:
            parts.append(f"{len(self.beams)} beam{'s' if len(self.beams) > 1 else ''}")
        if self.scans_allowed:
            parts.append(
                f"{len(self.scans)} scan{'' if len(self.scans) == 1 else 's'} of "
                f"{self.scans_allowed}"
            )
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "player": self.player,
            "written": [order_to_json(o) for o in self.written],
            "strikes": [str(c) for c in self.strikes],
            "beams": [
                {"ship": str(b.ship), "cells": [str(c) for c in b.cells], "diagonal": b.diagonal}
                for b in self.beams
            ],
            "missiles": [[str(c), str(s)] for c, s in self.missiles],
            "kamikazes": [[str(c), str(s)] for c, s in self.kamikazes],
            "scans": [str(c) for c in self.scans],
            "limited": self.limited,
            "strikes_allowed": self.strikes_allowed,
            "scans_allowed": self.scans_allowed,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CheckedOrders:
        return cls(
            d["turn"],
            d["player"],
            tuple(order_from_json(o) for o in d["written"]),
            tuple(cell_from_json(c) for c in d["strikes"]),
            tuple(
                CheckedBeam(
                    ship_from_json(b["ship"]),
                    tuple(cell_from_json(c) for c in b["cells"]),
                    b["diagonal"],
                )
                for b in d["beams"]
            ),
            tuple((cell_from_json(c), ship_from_json(s)) for c, s in d["missiles"]),
            tuple((cell_from_json(c), ship_from_json(s)) for c, s in d["kamikazes"]),
            tuple(cell_from_json(c) for c in d["scans"]),
            d["limited"],
            d["strikes_allowed"],
            d["scans_allowed"],
        )


def _partial_to_json(p: PartialCell) -> list[Any]:
    return [p.colour, p.letter, p.number]


def order_to_json(order: Order) -> dict[str, Any]:
    """Structured (not notation text) so that state JSON never needs the parser."""
    if isinstance(order, Strike):
        return {"strike": str(order.target)}
    if isinstance(order, Beam):
        return {
            "beam": [str(order.start), str(order.end)],
            "ship": None if order.ship is None else str(order.ship),
        }
    if isinstance(order, ClassicBeam):
        return {"classic_beam": _partial_to_json(order.line)}
    if isinstance(order, MissileLaunch):
        return {"missile": _partial_to_json(order.launch)}
    if isinstance(order, KamikazeLaunch):
        return {"kamikaze": str(order.launch)}
    if isinstance(order, Scan):
        return {"scan": str(order.target)}
    raise TypeError(f"not an order: {order!r}")


def order_from_json(d: dict[str, Any]) -> Order:
    if "strike" in d:
        return Strike(cell_from_json(d["strike"]))
    if "beam" in d:
        ship = d.get("ship")
        return Beam(
            cell_from_json(d["beam"][0]),
            cell_from_json(d["beam"][1]),
            None if ship is None else ship_from_json(ship),
        )
    if "classic_beam" in d:
        return ClassicBeam(PartialCell(*d["classic_beam"]))
    if "missile" in d:
        return MissileLaunch(PartialCell(*d["missile"]))
    if "kamikaze" in d:
        return KamikazeLaunch(cell_from_json(d["kamikaze"]))
    if "scan" in d:
        return Scan(cell_from_json(d["scan"]))
    raise ValueError(f"not an order: {d!r}")
