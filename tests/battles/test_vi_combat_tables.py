"""[VI] The combat tables, every cell: rows are the die, columns the range bands.

Each expected grid below is our own transcription of the seed's tables; each cell is checked
at both ends of its band (e.g. the Gun's 3-4 column at ranges 3 and 4), so a band boundary off
by one fails. "-" is no damage; beyond the last band the weapon does not reach (None).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from battles.engine.combat import is_missile, table_for
from battles.engine.tables import (
    COMBAT_TABLES,
    ENERGY,
    FORCE,
    GUN,
    LASER,
    MISSILE,
    POINT_DEFENCE,
    PRIMARY,
    point_defence_stops,
)

H = Fraction(1, 2)
EXPECTED = {
    # weapon: (bands, rows for die 1..6)
    "Gun": (
        GUN,
        [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)],
        [
            [0, 0, 0, 0, 0],
            [1, 0, 0, 0, 0],
            [1, 1, 0, 0, 0],
            [1, 1, 1, 0, 0],
            [1, 1, 1, 1, 0],
            [1, 1, 1, 1, 1],
        ],
    ),
    "Missile": (
        MISSILE,
        [(1, 2), (3, 6), (7, 11), (12, 15), (16, 20)],
        [
            [0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0],
            [0, 1, 1, 0, 0],
            [0, 1, 1, 1, 0],
            [0, 1, 1, 1, 1],
            [1, 1, 1, 1, 1],
        ],
    ),
    "Force Beam": (
        FORCE,
        [(1, 2), (3, 6), (7, 10), (11, 17)],
        [
            [0, 0, 0, 0],
            [5, 0, 0, 0],
            [5, 1, 0, 0],
            [5, 1, 1, 0],
            [5, 1, 1, H],
            [5, 1, 1, H],
        ],
    ),
    "Laser Beam": (
        LASER,
        [(1, 3), (4, 6), (7, 9)],
        [
            [0, 0, 0],
            [2, 0, 0],
            [2, 1, 0],
            [2, 1, H],
            [2, 1, H],
            [2, 1, H],
        ],
    ),
    "Energy Beam": (
        ENERGY,
        [(1, 3), (4, 6), (7, 9)],
        [
            [0, 0, 0],
            [3, 0, 0],
            [4, 1, 0],
            [4, 2, H],
            [5, 2, H],
            [5, 3, 1],
        ],
    ),
    "Primary Beam": (
        PRIMARY,
        [(1, 2), (3, 6), (7, 10), (11, 14)],
        [
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [1, 1, 0, 0],
            [1, 1, 1, 0],
            [1, 1, 1, H],
            [1, 1, 1, H],
        ],
    ),
}

CELLS = [
    pytest.param(table, die, rng, rows[die - 1][col], id=f"{name}-d{die}-r{rng}")
    for name, (table, bands, rows) in EXPECTED.items()
    for die in range(1, 7)
    for col, (low, high) in enumerate(bands)
    for rng in sorted({low, high})
]


@pytest.mark.parametrize(("table", "die", "rng", "damage"), CELLS)
def test_every_cell_of_every_combat_table(table, die, rng, damage) -> None:
    assert table.cell(die, rng) == damage


@pytest.mark.parametrize(
    ("name", "reach"),
    [
        ("Gun", 10),
        ("Missile", 20),
        ("Force Beam", 17),
        ("Laser Beam", 9),
        ("Energy Beam", 9),
        ("Primary Beam", 14),
    ],
)
def test_beyond_the_last_band_a_weapon_does_not_reach(name: str, reach: int) -> None:
    table = EXPECTED[name][0]
    assert table.max_range == reach
    assert all(table.cell(die, reach + 1) is None for die in range(1, 7))


def test_range_0_reads_the_first_column_r4() -> None:
    # Reading R4: a target in the firer's own hex is fired at on the first column.
    assert GUN.cell(2, 0) == 1 and MISSILE.cell(5, 0) == 0 and MISSILE.cell(6, 0) == 1


PD = [(1, 1), (2, 3), (4, 5), (6, 6), (7, 7), (12, 12)]
PD_ROWS = [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [1, 1, 0, 0],
    [1, 1, 1, 0],
    [1, 1, 1, 1],
    [1, 1, 1, 1],
]


@pytest.mark.parametrize(
    ("die", "hits", "stops"),
    [
        pytest.param(die, hits, bool(PD_ROWS[die - 1][min(col, 3)]), id=f"pd-d{die}-hits{hits}")
        for die in range(1, 7)
        for col, (low, high) in enumerate(PD)
        for hits in sorted({low, high})
    ],
)
def test_every_cell_of_the_point_defense_table(die: int, hits: int, stops: bool) -> None:
    # Columns: 1 hit, 2-3, 4-5, 6 or more (7 and 12 read the 6+ column).
    assert point_defence_stops(die, hits) is stops
    assert (
        POINT_DEFENCE.cell(die, hits)
        == PD_ROWS[die - 1][min(PD.index(next(b for b in PD if b[0] <= hits <= b[1])), 3)]
    )


def test_the_gun_missile_is_a_gun_to_10_and_a_missile_beyond_r5() -> None:
    # Reading R5: X reads the Gun table up to 10, the Missile table from 11 to 20.
    assert table_for("X", 10) is GUN and not is_missile("X", 10)
    assert table_for("X", 11) is MISSILE and is_missile("X", 11)
    assert table_for("X", 20) is MISSILE
    assert table_for("R", 3) is None and "R" not in COMBAT_TABLES
