"""The hull and component letters of Ship Codes, with the Hull and Component Tables' rows they
name (seed 002, section V.C): what a Ship Code's letters mean, for reading and writing one."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["COMPONENTS", "HULLS", "MAX_ENGINES", "NON_WEAPONS", "WEAPONS", "Component", "Hull"]

MAX_ENGINES = 6  # [V.A.1]


@dataclass(frozen=True, slots=True)
class Hull:
    """One row of the Hull Table [V.C.1]. Spaces and engine space may be halves."""

    code: str
    name: str
    spaces: Fraction
    turn_mode: int
    cost: int
    engine_cost: int
    engine_space: Fraction
    maneuvering_cost: int  # the AM column: 10% of the hull cost, rounded down [V.A.3]


def _hull(code: str, name: str, spaces: int, tm: int, cost: int, ec: int, es: str, am: int) -> Hull:
    return Hull(code, name, Fraction(spaces), tm, cost, ec, Fraction(es), am)


HULLS: dict[str, Hull] = {
    h.code: h
    for h in (
        _hull("E", "Escort", 10, 2, 33, 5, "1/2", 3),
        _hull("C", "Corvette", 13, 2, 60, 5, "1/2", 6),
        _hull("F", "Frigate", 17, 2, 72, 5, "1", 7),
        _hull("D", "Destroyer", 25, 3, 123, 8, "1", 12),
        _hull("CR", "Cruiser", 50, 3, 300, 8, "2", 30),
        _hull("BC", "Battlecruiser", 70, 4, 360, 12, "2", 36),
        _hull("BS", "Battleship", 80, 4, 486, 12, "3", 48),
        _hull("SD", "Super Dreadnought", 120, 5, 816, 7, "3", 81),
    )
}


@dataclass(frozen=True, slots=True)
class Component:
    """One row of the Component Table [V.C.2]. Engines (I) and Advanced Maneuvering (V) take
    their cost (and the engine its space) from the hull; `cost`/`space` are None for them."""

    code: str
    name: str
    cost: int | None
    space: Fraction | None
    weapon: bool


def _c(
    code: str, name: str, cost: int | None, space: int | None, weapon: bool = False
) -> Component:
    return Component(code, name, cost, None if space is None else Fraction(space), weapon)


# Which systems are weapons (written in parentheses with an arc): reading R3.
COMPONENTS: dict[str, Component] = {
    c.code: c
    for c in (
        _c("G", "Gun", 5, 3, True),
        _c("M", "Missile", 10, 3, True),
        _c("X", "Gun/Missile", 20, 3, True),
        _c("F", "Force Beam", 25, 4, True),
        _c("L", "Laser Beam", 30, 4, True),
        _c("E", "Energy Beam", 40, 4, True),
        _c("P", "Primary Beam", 50, 4, True),
        _c("A", "Armor", 2, 1),
        _c("S", "Shield", 4, 1),
        _c("O", "Overload Damper", 20, 1),
        _c("Y", "Point Defense", 25, 2),
        _c("C", "Cargo", 0, 5),
        _c("U", "Multiplex Tracking", 30, 2),
        _c("D", "DataLink", 40, 0),
        _c("R", "Tractor Beam", 9, 2, True),
        _c("H", "Shear Plane", 15, 2),
        _c("V", "Advanced Maneuvering", None, 0),
        _c("I", "Engine", None, None),
    )
}
WEAPONS = "".join(c.code for c in COMPONENTS.values() if c.weapon)
NON_WEAPONS = "".join(c.code for c in COMPONENTS.values() if not c.weapon)
