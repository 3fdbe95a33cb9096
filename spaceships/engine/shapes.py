"""Ship shapes [6; classic 6]: does a set of cells have the shape its type requires?

All boxes may lie in any orientation [1.2.2]; "in a straight line" means along one axis
[rulings, Shapes].
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import permutations, product

from notation.spaceships.cells import Cell
from spaceships.engine.geometry import AXES, Coords, Geometry

# Box dimensions per type, sorted; the death star is special-cased [6.2].
BOXES: dict[str, tuple[int, int, int]] = {
    "KC": (1, 2, 3),  # [6.3.2]
    "FS": (1, 2, 2),  # [6.4.2]
    "PC": (1, 1, 4),  # [6.5.2]
    "MD": (1, 1, 3),  # [6.6.2]
    "HS": (1, 1, 2),  # [6.7.1]
    "LS": (1, 1, 1),  # [6.8]
    "AG": (1, 1, 2),  # [6.9]
    "LG": (1, 1, 1),  # [6.10]
    "HF": (1, 1, 2),  # [classic 6.5]
}

SIZES: dict[str, int] = {t: a * b * c for t, (a, b, c) in BOXES.items()} | {"DS": 8}

DESCRIPTIONS: dict[str, str] = {
    "DS": "8 cells, each adjacent to two others, holding a 2x2x2 cube or a 3x2x1 box",
    "KC": "6 cells in a 3x2x1 box",
    "FS": "4 cells in a 2x2x1 square",
    "PC": "4 cells in a straight line",
    "MD": "3 cells in a straight line",
    "HS": "2 adjacent cells",
    "LS": "1 cell",
    "AG": "2 adjacent cells",
    "LG": "1 cell",
    "HF": "2 adjacent cells",
}
CLASSIC_DS = "8 cells in a 2x2x2 cube"


def is_box(points: Iterable[Coords], dims: tuple[int, int, int]) -> bool:
    """The points fill exactly a box with these (sorted) dimensions."""
    pts = set(points)
    if not pts:
        return False
    xs, ys, zs = zip(*pts, strict=True)
    extent = sorted((max(xs) - min(xs) + 1, max(ys) - min(ys) + 1, max(zs) - min(zs) + 1))
    return tuple(extent) == dims and len(pts) == dims[0] * dims[1] * dims[2]


def _contains_box(pts: set[Coords], dims: tuple[int, int, int]) -> bool:
    for origin in pts:
        for a, b, c in set(permutations(dims)):
            if all(
                (origin[0] + i, origin[1] + j, origin[2] + k) in pts
                for i, j, k in product(range(a), range(b), range(c))
            ):
                return True
    return False


def _adjacent(p: Coords, q: Coords) -> bool:
    return sum(abs(a - b) for a, b in zip(p, q, strict=True)) == 1


def is_death_star(points: Iterable[Coords], classic: bool = False) -> bool:
    """6.2: eight cells, each adjacent to at least two others, containing a 2x2x2 cube or a
    3x2x1 box. (That is the cube, or the box plus a domino flat against one of its faces.)
    Classic 6.1.1: the cube only."""
    pts = set(points)
    if len(pts) != 8:
        return False
    if classic:
        return is_box(pts, (2, 2, 2))
    if any(sum(_adjacent(p, q) for q in pts) < 2 for p in pts):
        return False
    return _contains_box(pts, (2, 2, 2)) or _contains_box(pts, (1, 2, 3))


def has_shape(ship_type: str, cells: Iterable[Cell], geo: Geometry, classic: bool = False) -> bool:
    """Whether the cells (no repeats) have the type's shape; looked up in the precomputed
    placements, which the tests check against is_death_star / is_box (the rules as stated)."""
    cells = tuple(cells)
    if len(set(cells)) != len(cells):
        return False
    return frozenset(cells) in placement_set(ship_type, geo.colour_order, classic)


@cache
def placement_set(ship_type: str, colour_order: str, classic: bool) -> frozenset[frozenset[Cell]]:
    """Every set of cells of this type's shape, for looking a set up."""
    return frozenset(placements(ship_type, colour_order, classic))


@cache
def placement_bits(ship_type: str, colour_order: str, classic: bool) -> frozenset[int]:
    """The same as bit sets over the geometry's cell indices (spaceships.engine.geometry)."""
    from spaceships.engine.geometry import geometry

    geo = geometry(colour_order)
    return frozenset(geo.bits(cells) for cells in placements(ship_type, colour_order, classic))


def describe(ship_type: str, classic: bool = False) -> str:
    return CLASSIC_DS if classic and ship_type == "DS" else DESCRIPTIONS[ship_type]


@cache
def placements(
    ship_type: str, colour_order: str, classic: bool = False
) -> tuple[frozenset[Cell], ...]:
    """Every set of cells of this type's shape in a space (for random fleets and tests)."""
    from spaceships.engine.geometry import geometry

    geo = geometry(colour_order)
    found: set[frozenset[Coords]] = set()

    def boxes(dims: tuple[int, int, int]) -> set[frozenset[Coords]]:
        out = set()
        for a, b, c in set(permutations(dims)):
            for x, y, z in product(range(6 - a), range(6 - b), range(6 - c)):
                out.add(
                    frozenset(
                        (x + i, y + j, z + k) for i, j, k in product(range(a), range(b), range(c))
                    )
                )
        return out

    if ship_type == "DS":
        found |= boxes((2, 2, 2))
        if not classic:
            for box in boxes((1, 2, 3)):
                # A domino flat against a face: two adjacent outside cells, each touching the box.
                touching = {
                    q
                    for p in box
                    for d in AXES
                    for s in (1, -1)
                    if (q := (p[0] + d[0] * s, p[1] + d[1] * s, p[2] + d[2] * s)) not in box
                    and all(0 <= v < 5 for v in q)
                }
                for q in touching:
                    for r in touching:
                        if q < r and _adjacent(q, r):
                            found.add(box | {q, r})
    else:
        found = boxes(BOXES[ship_type])
    result = []
    for pts in found:
        cells = frozenset(geo.at(p) for p in pts)
        result.append(cells)  # type: ignore[arg-type]
    return tuple(sorted(result, key=lambda s: sorted(geo.coords(c) for c in s)))
