"""The design and combat tables of Spaceship Battles, as data (seed 002, sections V.C and VI).

The Hull and Component Tables live with the letters that name their rows in Ship Codes
(notation.battles.letters); they are part of the tables all the same, so they are named here
too."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from notation.battles.letters import (
    COMPONENTS,
    HULLS,
    MAX_ENGINES,
    NON_WEAPONS,
    WEAPONS,
    Component,
    Hull,
)

__all__ = [
    "COMBAT_TABLES",
    "COMPONENTS",
    "HULLS",
    "MAX_ENGINES",
    "NON_WEAPONS",
    "POINT_DEFENCE",
    "WEAPONS",
    "CombatTable",
    "Component",
    "Hull",
    "point_defence_stops",
]

_DASH = Fraction(0)


@dataclass(frozen=True, slots=True)
class CombatTable:
    """A combat table [VI]: rows are the die (1-6), columns range bands (inclusive, low, high).
    `cell(die, range)` is the damage; None beyond the last band (out of range)."""

    name: str
    bands: tuple[tuple[int, int], ...]
    rows: tuple[tuple[Fraction, ...], ...]  # rows[die - 1][band]

    @property
    def max_range(self) -> int:
        return self.bands[-1][1]

    def band(self, distance: int) -> int | None:
        """The column of a range; range 0 (the same hex) reads as the first band (reading R4)."""
        distance = max(distance, 1)
        for i, (low, high) in enumerate(self.bands):
            if low <= distance <= high:
                return i
        return None

    def cell(self, die: int, distance: int) -> Fraction | None:
        column = self.band(distance)
        if column is None:
            return None
        return self.rows[min(max(die, 1), 6) - 1][column]


def _table(name: str, bands: str, rows: str) -> CombatTable:
    spans = []
    for b in bands.split():
        low, _sep, high = b.partition("-")
        spans.append((int(low), int(high or low)))
    values = tuple(
        tuple(_DASH if v == "-" else Fraction(v) for v in line.split())
        for line in rows.strip().splitlines()
    )
    assert len(values) == 6 and all(len(r) == len(spans) for r in values), name
    return CombatTable(name, tuple(spans), values)


# The cells as printed in the seed's section VI; "-" is no damage.
GUN = _table(
    "Gun",
    "1-2 3-4 5-6 7-8 9-10",
    """
    - - - - -
    1 - - - -
    1 1 - - -
    1 1 1 - -
    1 1 1 1 -
    1 1 1 1 1
    """,
)
MISSILE = _table(
    "Missile",
    "1-2 3-6 7-11 12-15 16-20",
    """
    - - - - -
    - 1 - - -
    - 1 1 - -
    - 1 1 1 -
    - 1 1 1 1
    1 1 1 1 1
    """,
)
FORCE = _table(
    "Force Beam",
    "1-2 3-6 7-10 11-17",
    """
    - - - -
    5 - - -
    5 1 - -
    5 1 1 -
    5 1 1 1/2
    5 1 1 1/2
    """,
)
LASER = _table(
    "Laser Beam",
    "1-3 4-6 7-9",
    """
    - - -
    2 - -
    2 1 -
    2 1 1/2
    2 1 1/2
    2 1 1/2
    """,
)
ENERGY = _table(
    "Energy Beam",
    "1-3 4-6 7-9",
    """
    - - -
    3 - -
    4 1 -
    4 2 1/2
    5 2 1/2
    5 3 1
    """,
)
PRIMARY = _table(
    "Primary Beam",
    "1-2 3-6 7-10 11-14",
    """
    - - - -
    1 - - -
    1 1 - -
    1 1 1 -
    1 1 1 1/2
    1 1 1 1/2
    """,
)
# Columns are how many missiles hit in the volley: 1, 2-3, 4-5, 6 or more [VI.3].
POINT_DEFENCE = _table(
    "Point Defense",
    "1 2-3 4-5 6-999",
    """
    - - - -
    1 - - -
    1 1 - -
    1 1 1 -
    1 1 1 1
    1 1 1 1
    """,
)

# The table each weapon fires on. X (Gun/Missile) reads the gun table within gun range and the
# missile table beyond (reading R5); the tractor beam has its own throw [IV.D], no table.
COMBAT_TABLES: dict[str, CombatTable] = {
    "G": GUN,
    "M": MISSILE,
    "F": FORCE,
    "L": LASER,
    "E": ENERGY,
    "P": PRIMARY,
}


# How X (Gun/Missile) fires: the seed gives it no table, so a battle chooses (reading R5).
# `reach`, the default: the gun table within gun range, the missile table beyond; `missile`:
# always the missile table (reach 20, point defense applies); `best`: the table more likely
# to hit at that range (the gun at 1-2, the missile from 3).
X_MODES = ("reach", "missile", "best")
DEFAULT_X_MODE = "reach"


def x_table(mode: str, rng: int) -> CombatTable:
    """The table X fires on at a range in a battle whose X mode is `mode` (reading R5)."""
    if mode == "missile":
        return MISSILE
    if mode == "best":
        return GUN if rng <= 2 else MISSILE
    return GUN if rng <= GUN.max_range else MISSILE


def point_defence_stops(die: int, missile_hits: int) -> bool:
    """Whether one point defence roll destroys a missile that hit [IV.B.2, VI.3]."""
    cell = POINT_DEFENCE.cell(die, missile_hits)
    return bool(cell)
