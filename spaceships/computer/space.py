"""The computer's own fast picture of a space: the 125 cells as bits of one integer, every ship
placement [6] as such a bitboard, and the straight lines a beam can cover [8.2.1].

Built once per colour order and ruleset family; the engine's geometry is read only to name the
cells, so the engine may change its insides freely.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

from notation.spaceships.cells import Cell
from spaceships.engine import geometry

Coords = tuple[int, int, int]
AXES: tuple[Coords, ...] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
# The 13 directions of a straight line, up to sign (first non-zero component positive).
DIRECTIONS: tuple[Coords, ...] = tuple(
    d for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0) and next(v for v in d if v) > 0
)
FULL = (1 << 125) - 1

# Box dimensions per ship type [6.3-6.10; classic 6.2-6.5]; the death star is built below.
BOXES: dict[str, tuple[int, int, int]] = {
    "KC": (1, 2, 3),
    "FS": (1, 2, 2),
    "PC": (1, 1, 4),
    "MD": (1, 1, 3),
    "HS": (1, 1, 2),
    "LS": (1, 1, 1),
    "AG": (1, 1, 2),
    "LG": (1, 1, 1),
    "HF": (1, 1, 2),
}


def index(xyz: Coords) -> int:
    x, y, z = xyz
    return x * 25 + y * 5 + z


def inside(xyz: Coords) -> bool:
    return all(0 <= v < 5 for v in xyz)


def bits(mask: int) -> list[int]:
    """The cell indices set in a bitboard, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _boxes(dims: tuple[int, int, int]) -> set[frozenset[Coords]]:
    found = set()
    for a, b, c in set(permutations(dims)):
        for x, y, z in product(range(6 - a), range(6 - b), range(6 - c)):
            found.add(
                frozenset(
                    (x + i, y + j, z + k) for i, j, k in product(range(a), range(b), range(c))
                )
            )
    return found


def _adjacent(p: Coords, q: Coords) -> bool:
    return sum(abs(a - b) for a, b in zip(p, q, strict=True)) == 1


def _shapes(ship_type: str, classic: bool) -> set[frozenset[Coords]]:
    """Every cell set of the type's shape [6.2-6.10; classic 6.1.1]."""
    if ship_type != "DS":
        return _boxes(BOXES[ship_type])
    found = _boxes((2, 2, 2))
    if classic:
        return found
    # 6.2: a 3x2x1 box plus a domino lying flat on one face, each domino cell touching the box.
    for box in _boxes((1, 2, 3)):
        touching = set()
        for p in box:
            for d in AXES:
                for s in (1, -1):
                    q = (p[0] + d[0] * s, p[1] + d[1] * s, p[2] + d[2] * s)
                    if q not in box and inside(q):
                        touching.add(q)
        for q in touching:
            for r in touching:
                if q < r and _adjacent(q, r):
                    found.add(box | {q, r})
    return found


class Space:
    """Bitboards for one colour order: cells, neighbours, placements, beam lines."""

    def __init__(self, colour_order: str, classic: bool) -> None:
        geo = geometry(colour_order)
        self.colour_order = colour_order
        self.classic = classic
        self.cells: tuple[Cell, ...] = tuple(geo.cells)
        self.index: dict[Cell, int] = {c: index(geo.coords(c)) for c in self.cells}
        by_index = sorted(self.cells, key=self.index.__getitem__)
        self.cells = tuple(by_index)
        self.coords: tuple[Coords, ...] = tuple(geo.coords(c) for c in self.cells)
        self.adjacent: tuple[int, ...] = tuple(
            self._around(xyz, loose=False) for xyz in self.coords
        )
        self.loose: tuple[int, ...] = tuple(self._around(xyz, loose=True) for xyz in self.coords)
        self._placements: dict[str, tuple[int, ...]] = {}
        self._covering: dict[str, tuple[tuple[int, ...], ...]] = {}
        # Beam lines [8.2.1]: three loosely adjacent cells in a straight line, by direction.
        self.lines: tuple[tuple[int, int, int, Coords], ...] = tuple(
            (index(a), index(b), self.mask_of_coords((a, m, b)), d)
            for d in DIRECTIONS
            for a in product(range(5), repeat=3)
            if inside(b := (a[0] + 2 * d[0], a[1] + 2 * d[1], a[2] + 2 * d[2]))
            for m in [(a[0] + d[0], a[1] + d[1], a[2] + d[2])]
        )

    def _around(self, xyz: Coords, loose: bool) -> int:
        mask = 0
        for d in product((-1, 0, 1), repeat=3):
            if d == (0, 0, 0) or (not loose and sum(map(abs, d)) != 1):
                continue
            q = (xyz[0] + d[0], xyz[1] + d[1], xyz[2] + d[2])
            if inside(q):
                mask |= 1 << index(q)
        return mask

    @staticmethod
    def mask_of_coords(points: object) -> int:
        mask = 0
        for p in points:  # type: ignore[attr-defined]
            mask |= 1 << index(p)
        return mask

    def mask(self, cells: object) -> int:
        """The bitboard of some cells."""
        m = 0
        for c in cells:  # type: ignore[attr-defined]
            m |= 1 << self.index[c]
        return m

    def cells_of(self, mask: int) -> list[Cell]:
        return [self.cells[i] for i in bits(mask)]

    def placements(self, ship_type: str) -> tuple[int, ...]:
        """Every placement of a ship of this type, as bitboards, in a fixed order."""
        found = self._placements.get(ship_type)
        if found is None:
            masks = {self.mask_of_coords(s) for s in _shapes(ship_type, self.classic)}
            found = self._placements[ship_type] = tuple(sorted(masks))
        return found

    def covering(self, ship_type: str) -> tuple[tuple[int, ...], ...]:
        """Per cell index, the placements of this type that hold the cell."""
        found = self._covering.get(ship_type)
        if found is None:
            per: list[list[int]] = [[] for _ in range(125)]
            for m in self.placements(ship_type):
                for i in bits(m):
                    per[i].append(m)
            found = self._covering[ship_type] = tuple(tuple(p) for p in per)
        return found


@cache
def space(colour_order: str = "ROYGB", classic: bool = False) -> Space:
    return Space(colour_order, classic)
