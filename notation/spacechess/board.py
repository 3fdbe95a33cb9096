"""The Space Chess board: the Goldberg polyhedron GP(4,0) built from an icosahedron's structure.

Every cell is a point of the frequency-4 subdivision of the icosahedron's faces (its dual is the
board): the 12 corners are the pentagons, 3 points on each of the 30 edges and 3 inside each of
the 20 faces are the 150 hexagons. Cells are numbered 0-161 (the pole N is 0, the pole S is 161,
the rhombi's cells between, see notation.spacechess.cells); everything here is a tuple indexed by
that number, so that move generation looks things up instead of computing them.

The icosahedron stands on two poles: N, a ring U0-U4 of five corners above the equator, a ring
L0-L4 below it turned by a tenth of a turn, and S. Pairing its faces gives 10 rhombi, a strip of
5 northern ones (corners N, Ui, Li, Ui+1) and 5 southern ones (Ui+1, Li, S, Li+1), each holding a
4 x 4 block of cells: 10 x 16 + 2 poles = 162.
"""

from __future__ import annotations

import math
from collections import deque
from functools import cache

__all__ = [
    "ANTIPODE",
    "CELL_COUNT",
    "CENTRES",
    "HEXAGONS",
    "NEIGHBOURS",
    "PENTAGONS",
    "RHOMBUS_CORNERS",
    "STRIP",
    "Vector",
    "corners",
    "distances",
    "is_pentagon",
    "line",
    "opposite",
    "straight_on",
]

Vector = tuple[float, float, float]

FREQUENCY = 4
CELL_COUNT = 10 * FREQUENCY * FREQUENCY + 2


def _unit(v: Vector) -> Vector:
    length = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    return (v[0] / length, v[1] / length, v[2] / length)


def _icosahedron() -> tuple[Vector, list[Vector], list[Vector], Vector]:
    """N, the upper ring U0-U4, the lower ring L0-L4 (Li between Ui and Ui+1), S."""
    height = math.atan(0.5)  # the rings' latitude on an icosahedron standing on a corner
    upper = [
        _unit(
            (
                math.cos(height) * math.cos(2 * math.pi * i / 5),
                math.cos(height) * math.sin(2 * math.pi * i / 5),
                math.sin(height),
            )
        )
        for i in range(5)
    ]
    lower = [
        _unit(
            (
                math.cos(height) * math.cos(2 * math.pi * (i + 0.5) / 5),
                math.cos(height) * math.sin(2 * math.pi * (i + 0.5) / 5),
                -math.sin(height),
            )
        )
        for i in range(5)
    ]
    return (0.0, 0.0, 1.0), upper, lower, (0.0, 0.0, -1.0)


def _rhombi() -> list[tuple[Vector, Vector, Vector, Vector]]:
    """The 10 rhombi as (origin, u corner, v corner, far corner): northern 0-4, southern 0-4."""
    north, upper, lower, south = _icosahedron()
    northern = [(north, upper[i], upper[(i + 1) % 5], lower[i]) for i in range(5)]
    southern = [(upper[(i + 1) % 5], lower[i], lower[(i + 1) % 5], south) for i in range(5)]
    return northern + southern


# The rhombi's corners, for pictures that draw the strip: (origin, u, v, far) per rhombus.
RHOMBUS_CORNERS: tuple[tuple[Vector, Vector, Vector, Vector], ...] = tuple(_rhombi())


def _point(rhombus: int, a: int, b: int) -> Vector:
    """The cell (a, b) of a rhombus, a counted from the origin towards u, b towards v (0-4)."""
    origin, u, v, far = RHOMBUS_CORNERS[rhombus]
    n = FREQUENCY
    if a + b <= n:  # the origin's face: weights (n - a - b, a, b)
        w = ((n - a - b, origin), (a, u), (b, v))
    else:  # the far corner's face
        w = ((a + b - n, far), (n - b, u), (n - a, v))
    return _unit(
        (
            sum(k * p[0] for k, p in w),
            sum(k * p[1] for k, p in w),
            sum(k * p[2] for k, p in w),
        )
    )


def _owned() -> list[tuple[int, int, int]]:
    """Every rhombus owns its cells with a in 1-4 and b in 0-3; the edges a = 0 and b = 4 belong
    to its neighbours in the strip, the poles to no rhombus. In cell-number order."""
    return [(r, a, b) for r in range(10) for a in range(1, 5) for b in range(4)]


def _key(v: Vector) -> tuple[int, int, int]:
    return (round(v[0] * 1e6), round(v[1] * 1e6), round(v[2] * 1e6))


def _build() -> tuple[tuple[Vector, ...], tuple[tuple[int, ...], ...]]:
    north, _, _, south = _icosahedron()
    centres = [north] + [_point(r, a, b) for r, a, b in _owned()] + [south]
    number = {_key(c): i for i, c in enumerate(centres)}
    if len(number) != CELL_COUNT:
        raise AssertionError("the rhombi's cells are not all different")
    # Adjacency comes from the subdivision's small triangles: (a, b) touches (a+1, b),
    # (a, b+1) and (a+1, b-1) wherever both lie in the rhombus.
    links: set[tuple[int, int]] = set()
    for r in range(10):
        for a in range(FREQUENCY + 1):
            for b in range(FREQUENCY + 1):
                here = number[_key(_point(r, a, b))]
                for da, db in ((1, 0), (0, 1), (1, -1)):
                    if 0 <= a + da <= FREQUENCY and 0 <= b + db <= FREQUENCY:
                        there = number[_key(_point(r, a + da, b + db))]
                        links.add((min(here, there), max(here, there)))
    around: list[list[int]] = [[] for _ in centres]
    for x, y in links:
        around[x].append(y)
        around[y].append(x)
    return tuple(centres), tuple(_cyclic(i, around[i], centres) for i in range(len(centres)))


def _cyclic(cell: int, near: list[int], centres: list[Vector]) -> tuple[int, ...]:
    """The neighbours counter-clockwise as seen from outside the ball, from the lowest-numbered
    one, so that neighbour k + 3 of a hexagon is the one opposite neighbour k."""
    c = centres[cell]
    # Two directions in the plane touching the ball at the cell.
    helper = (1.0, 0.0, 0.0) if abs(c[0]) < 0.9 else (0.0, 1.0, 0.0)
    e1 = _unit(_cross(helper, c))
    e2 = _cross(c, e1)

    def angle(n: int) -> float:
        p = centres[n]
        return math.atan2(_dot(p, e2), _dot(p, e1))

    ordered = sorted(near, key=angle)
    first = ordered.index(min(ordered))
    return tuple(ordered[first:] + ordered[:first])


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a: Vector, b: Vector) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


CENTRES, NEIGHBOURS = _build()
"""CENTRES[cell]: the cell's centre on the unit ball. NEIGHBOURS[cell]: its 5 or 6 neighbours in
cyclic order (counter-clockwise seen from outside)."""

PENTAGONS: frozenset[int] = frozenset(i for i, n in enumerate(NEIGHBOURS) if len(n) == 5)
HEXAGONS: tuple[int, ...] = tuple(i for i, n in enumerate(NEIGHBOURS) if len(n) == 6)
_IS_PENTAGON = tuple(len(n) == 5 for n in NEIGHBOURS)

ANTIPODE: tuple[int, ...] = tuple(
    {_key(c): i for i, c in enumerate(CENTRES)}[_key((-c[0], -c[1], -c[2]))] for c in CENTRES
)
"""ANTIPODE[cell]: the cell on the other side of the ball."""

# The rhombus strip's layout for flat pictures: STRIP[cell] = (rhombus 0-9 or None for a pole,
# a 1-4, b 0-3), see _owned.
STRIP: tuple[tuple[int | None, int, int], ...] = ((None, 0, 0),) + tuple(_owned()) + ((None, 0, 0),)


def is_pentagon(cell: int) -> bool:
    return _IS_PENTAGON[cell]


def _opposites() -> dict[tuple[int, int], int]:
    table = {}
    for cell in HEXAGONS:
        near = NEIGHBOURS[cell]
        for k, came_from in enumerate(near):
            table[(came_from, cell)] = near[(k + 3) % 6]
    return table


_AHEAD = _opposites()


def opposite(came_from: int, cell: int) -> int | None:
    """Straight on: the neighbour of hexagon `cell` across from `came_from` [SC5]; None on a
    pentagon, where no line goes straight on."""
    return _AHEAD.get((came_from, cell))


def line(cell: int, towards: int, length: int) -> list[int]:
    """Up to `length` cells of the straight line leaving `cell` through its neighbour `towards`,
    not counting `cell`; the line ends early on reaching a pentagon (which it includes)."""
    if towards not in NEIGHBOURS[cell]:
        raise ValueError(f"cell {towards} is not a neighbour of cell {cell}")
    out = [towards]
    here, ahead = cell, towards
    while len(out) < length and not _IS_PENTAGON[ahead]:
        nxt = _AHEAD[(here, ahead)]
        here, ahead = ahead, nxt
        out.append(ahead)
    return out


@cache
def straight_on(came_from: int, cell: int, length: int) -> tuple[int, ...]:
    """The next `length` cells of a line that came into hexagon `cell` from `came_from` (an
    impactor's flight), ending early on the pentagon that ends it; () from a pentagon. Kept
    once worked out: the computer follows impactors hundreds of thousands of times a turn."""
    ahead = opposite(came_from, cell)
    return () if ahead is None else tuple(line(cell, ahead, length))


def distances(start: int, hexagons_only: bool = False) -> list[int]:
    """Steps from `start` to every cell (-1 where unreachable), optionally never through a
    pentagon."""
    far = [-1] * CELL_COUNT
    far[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for there in NEIGHBOURS[here]:
            if far[there] < 0 and not (hexagons_only and _IS_PENTAGON[there]):
                far[there] = far[here] + 1
                todo.append(there)
    return far


def corners(cell: int) -> tuple[Vector, ...]:
    """The corners of a cell's outline on the unit ball, in its neighbours' cyclic order: each
    corner is where the cell meets two consecutive neighbours."""
    near = NEIGHBOURS[cell]
    c = CENTRES[cell]
    out = []
    for k, n in enumerate(near):
        m, p = CENTRES[n], CENTRES[near[(k + 1) % len(near)]]
        out.append(_unit((c[0] + m[0] + p[0], c[1] + m[1] + p[1], c[2] + m[2] + p[2])))
    return tuple(out)
