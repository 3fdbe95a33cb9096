"""What a battle map frames: the hexes around the ships (one more all round), the empty rows
and columns left out between far-apart fleets, the ships beyond the frame, and where each hex's
centre lies. Flat-topped axial hexes as the notation writes them (`q,r`, reading R1): N is up
the page."""

from __future__ import annotations

import math
from collections.abc import Sequence

from battles.engine.state import ShipState
from notation.battles.hexes import Hex

__all__ = [
    "AROUND",
    "BREAK",
    "ROOT3",
    "area",
    "centre",
    "column_cuts",
    "corners",
    "frame_ships",
    "lifted",
    "left_out",
    "row_cuts",
    "row_of",
]

AROUND = 1  # hexes shown beyond the outermost ships


# The most the map frames, in columns (q) and rows: ships beyond it (one that ran away) are
# shown at the frame's edge with an arrow and where they are, so the picture stays bounded.
FRAME_COLUMNS = 22


FRAME_ROWS = 16


ROOT3 = math.sqrt(3)


# Between two groups of ships more than this many rows apart, the empty rows are left out
# (a band across the map says so), so two fleets far apart do not make a tall strip of blank
# hexes; BREAK is the band's height, in rows.
GAP_ROWS = 6


GAP_COLUMNS = 4  # columns are wider apart on the page than rows: fewer make a wide picture


BREAK = 0.8


def centre(hex_: Hex, size: float) -> tuple[float, float]:
    """Flat-topped axial to pixels: q across, r down the page (N is r-1, reading R1)."""
    return size * 1.5 * hex_.q, size * ROOT3 * (hex_.r + hex_.q / 2)


def corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [
        (x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def row_of(hex_: Hex) -> float:
    return hex_.r + hex_.q / 2


def frame_ships(ships: Sequence[ShipState]) -> tuple[list[ShipState], list[ShipState]]:
    """The ships the map frames and those beyond it. All of them when they fit in
    FRAME_COLUMNS x FRAME_ROWS (rows counted as drawn: empty rows between fleets are left
    out); otherwise the frame that holds the most ships still standing (then the most
    ships), the first such from the top left."""

    def inside(ship: ShipState, q: int, y: float) -> bool:
        return q <= ship.hex.q <= q + FRAME_COLUMNS and y <= row_of(ship.hex) <= y + FRAME_ROWS

    qs = [s.hex.q for s in ships]
    ys = [row_of(s.hex) for s in ships]
    if not ships:
        return [], []
    drawn = max(ys) - min(ys) - sum(b - a - 1 - BREAK for a, b in row_cuts(ships))
    across = max(qs) - min(qs) - sum(b - a - 1 - BREAK for a, b in column_cuts(ships))
    if across <= FRAME_COLUMNS and drawn <= FRAME_ROWS:
        return list(ships), []
    best = max(
        ((q, y) for q in sorted(set(qs)) for y in sorted(set(ys))),
        key=lambda c: (
            sum(inside(s, *c) for s in ships if not s.destroyed),
            sum(inside(s, *c) for s in ships),
            -c[1],
            -c[0],
        ),
    )
    return [s for s in ships if inside(s, *best)], [s for s in ships if not inside(s, *best)]


def area(ships: Sequence[ShipState]) -> list[Hex]:
    """Every hex within AROUND of a ship's bounding box, in reading order."""
    qs = [s.hex.q for s in ships] or [0]
    rs = [s.hex.r + s.hex.q / 2 for s in ships] or [0.0]
    q_low, q_high = min(qs) - AROUND, max(qs) + AROUND
    y_low, y_high = min(rs) - AROUND, max(rs) + AROUND
    hexes = []
    for q in range(q_low, q_high + 1):
        r_low = math.floor(y_low - q / 2)
        r_high = math.ceil(y_high - q / 2)
        hexes += [Hex(q, r) for r in range(r_low, r_high + 1)]
    return sorted(hexes, key=lambda h: (h.r + h.q / 2, h.q))


def row_cuts(ships: Sequence[ShipState]) -> list[tuple[float, float]]:
    """The rows left out, as (a, b): hexes whose row (r + q/2) lies strictly between a and b
    are not drawn. Each ship keeps AROUND rows (and a half, for the half-rows of odd columns)
    on either side."""
    rows = sorted({row_of(s.hex) for s in ships})
    keep = AROUND + 0.5
    return [
        (low + keep, high - keep)
        for low, high in zip(rows, rows[1:], strict=False)
        if high - low - 2 * keep > GAP_ROWS
    ]


def column_cuts(ships: Sequence[ShipState]) -> list[tuple[int, int]]:
    """The columns left out, as (a, b): hexes whose column q lies strictly between a and b are
    not drawn, so fleets far apart sideways do not make a wide picture of tiny hexes (issue
    23); each ship keeps AROUND columns on either side."""
    columns = sorted({s.hex.q for s in ships})
    return [
        (low + AROUND, high - AROUND)
        for low, high in zip(columns, columns[1:], strict=False)
        if high - low - 2 * AROUND > GAP_COLUMNS
    ]


def lifted(row: float, cuts: Sequence[tuple[float, float]]) -> float:
    """How many rows a hex moves up the page for the cuts above it."""
    return sum(b - a - 1 - BREAK for a, b in cuts if row >= b)


def left_out(a: float, b: float) -> int:
    """How many hexes of a column a cut leaves out."""
    return math.ceil(b) - math.floor(a) - 1
