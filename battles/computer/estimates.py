"""What the battle computer expects of weapons: mean damage by range, what bears from a place,
and a ship's threat; plain arithmetic on the combat tables [VI], no dice."""

from __future__ import annotations

from functools import cache

from battles.engine.combat import table_for
from battles.engine.state import ShipState
from notation.battles.codes import System
from notation.battles.hexes import Hex, arc_of, distance

__all__ = ["best_range", "expected", "firepower", "threat"]


@cache
def expected(weapon: str, rng: int, x_mode: str = "reach") -> float:
    """A weapon's mean damage at a range over the six faces of its die (0 out of reach; a
    tractor beam does no damage [IV.D])."""
    table = table_for(weapon, rng, x_mode)
    if table is None or table.band(rng) is None:
        return 0.0
    # Floats: the sums here are short and the same on every run; fractions were ten times
    # slower where the movement scores every place a ship can reach.
    return float(sum(table.cell(die, rng) or 0 for die in range(1, 7))) / 6


def _bears_from(place: Hex, facing: str, system: System, target: Hex) -> bool:
    arc = arc_of(place, facing, target)
    return arc is None or arc == system.arc


def firepower(
    ship: ShipState, place: Hex, facing: str, target: Hex, x_mode: str, turn: int | None = None
) -> float:
    """The mean damage of the ship's working weapons that would bear on `target` from `place`
    facing `facing` (a Primary Beam that fired last turn counted out when `turn` is given)."""
    rng = distance(place, target)
    total = 0.0
    for index, system in ship.weapons():
        if system.code == "R" or not _bears_from(place, facing, system, target):
            continue
        if system.code == "P" and turn is not None and ship.last_fired(index) == turn - 1:
            continue
        total += expected(system.code, rng, x_mode)
    return total


def threat(
    enemy: ShipState,
    target: Hex,
    x_mode: str,
    turning: float,
    place: Hex | None = None,
    facing: str | None = None,
) -> float:
    """How much `enemy` (at `place` facing `facing`, if given, else where it is) could do to
    a ship at `target` this turn: its weapons that bear in full, the others at `turning` (it
    may turn to bring them to bear)."""
    place = place or enemy.hex
    facing = facing or enemy.facing
    rng = distance(place, target)
    total = 0.0
    for _index, system in enemy.weapons():
        if system.code == "R":
            continue
        weight = 1 if _bears_from(place, facing, system, target) else turning
        total += weight * expected(system.code, rng, x_mode)
    return total


def best_range(ship: ShipState, x_mode: str) -> int:
    """The range at which the ship's weapons together do most, the nearest on a tie (1 for a
    ship without weapons that do damage)."""
    best, best_damage = 1, 0.0
    for rng in range(1, 21):
        damage = sum(
            (expected(s.code, rng, x_mode) for _i, s in ship.weapons() if s.code != "R"),
            0.0,
        )
        if damage > best_damage:
            best, best_damage = rng, damage
    return best
