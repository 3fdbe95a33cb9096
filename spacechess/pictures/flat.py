"""Where each cell lies on the flat rhombus strip: the ball unrolled for pictures.

The 10 rhombi of notation.spacechess.board laid side by side as diamonds standing on a corner, N at
the top of the 5 northern ones and S at the foot of the 5 southern ones, so that each cell name's
rhombus, file and rank can be found by eye. Every cell has one home place on the strip; where
the strip is cut (the zig-zag top and bottom edges and its two ends) the cells across the cut
are also drawn as ghosts, so a player sees what lies next to a cell on the other side of the
cut. Positions are in pixels for a given spacing between cell centres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from notation.spacechess.board import (
    CELL_COUNT,
    CENTRES,
    NEIGHBOURS,
    RHOMBUS_CORNERS,
    STRIP,
    Vector,
)

__all__ = ["Place", "StripLayout", "hexagon", "strip_layout"]

SIDES = 4  # cells along a rhombus's side: the board's frequency
ROOT3 = math.sqrt(3)

Point = tuple[float, float]


@dataclass(frozen=True)
class Place:
    """One drawing of a cell on the strip: its centre and whether it is the cell's home or a
    ghost drawn beside a cut."""

    cell: int
    x: float
    y: float
    ghost: bool


@dataclass(frozen=True)
class StripLayout:
    """The strip for one spacing: every place, each cell's home, the canvas it needs, and where
    each rhombus's letter goes."""

    spacing: float
    places: tuple[Place, ...]
    home: tuple[Place, ...]  # home[cell]
    width: int
    height: int
    rhombus_labels: tuple[tuple[int, Point], ...]  # (rhombus, where its letter goes)

    def direction(self, cell: int, towards: int) -> float:
        """The angle (radians, screen y down) from `cell`'s home towards its neighbour
        `towards` as the flat lattice has it, also when `towards` lies across a cut."""
        return _angles()[cell][towards]


def _corners_2d() -> list[tuple[Point, Point, Point]]:
    """(origin, u, v) of each rhombus in strip units: an icosahedron edge is 1 long; the rings'
    corners U0-U4 lie on y = 0, N's copies above, L0-L4 and S's copies below (y up)."""
    h = ROOT3 / 2
    out = []
    for i in range(5):  # northern: N, Ui, Ui+1
        out.append(((i + 0.5, h), (float(i), 0.0), (i + 1.0, 0.0)))
    for i in range(5):  # southern: Ui+1, Li, Li+1
        out.append(((i + 1.0, 0.0), (i + 0.5, -h), (i + 1.5, -h)))
    return out


def _point_3d(rhombus: int, a: int, b: int) -> Vector:
    """The ball point of the rhombus's lattice point (a, b), as the board builds it."""
    origin, u, v, far = RHOMBUS_CORNERS[rhombus]
    if a + b <= SIDES:
        weights = ((SIDES - a - b, origin), (a, u), (b, v))
    else:
        weights = ((a + b - SIDES, far), (SIDES - b, u), (SIDES - a, v))
    return tuple(sum(k * p[i] for k, p in weights) for i in range(3))  # type: ignore[return-value]


def _nearest_cell(p: Vector) -> int:
    return max(range(CELL_COUNT), key=lambda c: sum(p[i] * CENTRES[c][i] for i in range(3)))


@cache
def _lattice() -> tuple[tuple[int, float, float, bool], ...]:
    """Every lattice point of every rhombus in strip units, deduplicated by position, the home
    copy kept over ghosts: (cell, x, y up, ghost)."""
    corners = _corners_2d()
    found: dict[tuple[int, int], tuple[int, float, float, bool]] = {}
    poles: set[int] = set()  # a pole's first tip is its home, the other four ghosts
    for r in range(10):
        (ox, oy), (ux, uy), (vx, vy) = corners[r]
        for a in range(SIDES + 1):
            for b in range(SIDES + 1):
                cell = _nearest_cell(_point_3d(r, a, b))
                x = ox + (a * (ux - ox) + b * (vx - ox)) / SIDES
                y = oy + (a * (uy - oy) + b * (vy - oy)) / SIDES
                key = (round(x * 1000), round(y * 1000))
                pole = STRIP[cell][0] is None
                home = STRIP[cell] == (r, a, b) or (pole and cell not in poles)
                if key not in found or (home and found[key][3]):
                    found[key] = (cell, x, y, not home)
                    if pole:
                        poles.add(cell)
    return tuple(sorted(found.values(), key=lambda t: (-t[2], t[1])))


@cache
def strip_layout(spacing: float, margin: int = 0, top: int = 0) -> StripLayout:
    """The strip with `spacing` pixels between neighbouring centres, `margin` pixels left free
    on every side and `top` more above (for a title)."""
    unit = spacing * SIDES
    h = ROOT3 / 2
    pad = spacing  # room for the outermost cells' outlines and the rhombus letters
    left = margin + pad
    upper = top + margin + pad + spacing * 0.6
    places = []
    home: dict[int, Place] = {}
    for cell, x, y, ghost in _lattice():
        place = Place(cell, left + x * unit, upper + (h - y) * unit, ghost)
        places.append(place)
        if not ghost:
            home[cell] = place
    width = round(left + 5.5 * unit + pad + margin)
    height = round(upper + 3 * h * unit + pad + spacing * 0.6 + margin)
    labels = []
    for r in range(10):
        tip_x = left + ((r % 5) + (0.5 if r < 5 else 1.0)) * unit
        tip_y = upper - spacing * 0.95 if r < 5 else upper + 3 * h * unit + spacing * 0.95
        labels.append((r, (tip_x, tip_y)))
    return StripLayout(
        spacing,
        tuple(places),
        tuple(home[c] for c in range(CELL_COUNT)),
        width,
        height,
        tuple(labels),
    )


@cache
def _angles() -> tuple[dict[int, float], ...]:
    """For every cell, the screen angle (y down) towards each neighbour. Where a neighbour's
    home lies one lattice step away the angle is the plain one; around a hexagon the neighbours
    go counter-clockwise (seen from outside the ball, which the strip keeps) 60 degrees apart,
    which gives the angle to those across a cut."""
    homes = {cell: (x, -y) for cell, x, y, ghost in _lattice() if not ghost}
    step = 1 / SIDES
    out: list[dict[int, float]] = []
    for cell in range(CELL_COUNT):
        hx, hy = homes[cell]
        near = NEIGHBOURS[cell]
        angles: dict[int, float] = {}
        anchor = None
        for k, n in enumerate(near):
            tx, ty = homes[n]
            if abs(math.dist((hx, hy), (tx, ty)) - step) < step * 0.01:
                angles[n] = math.atan2(ty - hy, tx - hx)
                anchor = anchor if anchor is not None else (k, angles[n])
        if anchor is not None and len(near) == 6:
            k0, a0 = anchor
            for k, n in enumerate(near):
                # Counter-clockwise on the page is a falling angle when y runs down.
                angles.setdefault(n, a0 - (k - k0) * math.pi / 3)
        out.append(angles)
    return tuple(out)


def hexagon(x: float, y: float, spacing: float) -> list[Point]:
    """The outline of a cell drawn as a hexagon pointing up, touching its neighbours'."""
    radius = spacing / ROOT3
    return [
        (
            x + radius * math.cos(math.radians(90 + 60 * k)),
            y - radius * math.sin(math.radians(90 + 60 * k)),
        )
        for k in range(6)
    ]
