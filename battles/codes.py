"""Ship Codes as values: a hull class, systems in damage order, cost, turn mode, engines [V.B]."""

from __future__ import annotations

from dataclasses import dataclass

from battles.tables import COMPONENTS

__all__ = ["ARCS", "ShipCode", "System"]

ARCS = "frlb"  # front, right, left, rear [V.A.2]
ARC_NAMES = {"f": "front", "r": "right", "l": "left", "b": "rear"}


@dataclass(frozen=True, slots=True)
class System:
    """One system of a Ship Code: its letter and, for a weapon, its arc. `str()` is the code's
    own spelling: `S`, `(Gf)`."""

    code: str
    arc: str | None = None

    @property
    def weapon(self) -> bool:
        return COMPONENTS[self.code].weapon

    @property
    def name(self) -> str:
        return COMPONENTS[self.code].name

    def __str__(self) -> str:
        return f"({self.code}{self.arc})" if self.arc else self.code

    @classmethod
    def parse(cls, text: str) -> System:
        from battles.parse import parse_system  # the grammar lives in parse.py

        return parse_system(text)


@dataclass(frozen=True, slots=True)
class ShipCode:
    """`E-SAI(Gf)I(Xf)IIV-84-1-4`. The three numbers are None in a design still to be completed
    (`spaceships battles design`). The code says what is written; whether it is right by the
    tables is `battles.design.check_design`'s business."""

    hull: str
    systems: tuple[System, ...]
    cost: int | None = None
    turn_mode: int | None = None
    engines: int | None = None

    @property
    def complete(self) -> bool:
        return None not in (self.cost, self.turn_mode, self.engines)

    def count(self, code: str) -> int:
        return sum(1 for s in self.systems if s.code == code)

    def systems_text(self) -> str:
        return "".join(str(s) for s in self.systems)

    def __str__(self) -> str:
        head = f"{self.hull}-{self.systems_text()}"
        if not self.complete:
            return head
        return f"{head}-{self.cost}-{self.turn_mode}-{self.engines}"

    @classmethod
    def parse(cls, text: str) -> ShipCode:
        from battles.parse import parse_ship_code

        return parse_ship_code(text)
