"""The geometry of a space [1.2]: coordinates under a colour order, adjacency, straight lines.

A cell's coordinates are indices 0..4 of its colour (in the ruleset's colour order), letter and
number. Everything here is precomputed once per colour order: adjudication asks these questions
many times per turn.

Sets of cells as bits: cell i of `Geometry.cells` (the conventional order) is bit `1 << i` of a
Python int, so that the engine's hot paths unite, intersect and count cells with integer
operations; `cells_of(bits)` gives the cells back in the conventional order.
"""

from __future__ import annotations

from functools import cache, cached_property
from itertools import product

from notation.spaceships.cells import CELLS, COLOUR_ORDERS, LETTERS, NUMBERS, Cell

Coords = tuple[int, int, int]
Direction = tuple[int, int, int]


def _canonical(d: Direction) -> Direction:
    """A direction up to sign: the first non-zero component positive."""
    for v in d:
        if v:
            return d if v > 0 else (-d[0], -d[1], -d[2])
    return d


# The 13 directions of a straight line up to sign [rulings, Geometry].
DIRECTIONS: tuple[Direction, ...] = tuple(
    sorted({_canonical(d) for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0)})
)
AXES: tuple[Direction, ...] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def canonical_direction(d: Direction) -> Direction:
    return _canonical(d)


def is_diagonal(d: Direction) -> bool:
    """A line along more than one axis: its cells are only loosely adjacent [8.2.4.1]."""
    return sum(1 for v in d if v) > 1


class Geometry:
    """Cells and their relations in one colour order (11.4.1 ROYGB, or the RYGOB option)."""

    def __init__(self, colour_order: str = "ROYGB") -> None:
        if colour_order not in COLOUR_ORDERS:
            raise ValueError(f"unknown colour order {colour_order!r}; known: {COLOUR_ORDERS}")
        self.colour_order = colour_order
        self.cells: tuple[Cell, ...] = tuple(
            CELLS[f"{c}{letter}{n}"] for c in colour_order for letter in LETTERS for n in NUMBERS
        )
        self._coords: dict[Cell, Coords] = {
            cell: (colour_order.index(cell.colour), LETTERS.index(cell.letter), cell.number - 1)
            for cell in self.cells
        }
        self._at: dict[Coords, Cell] = {xyz: cell for cell, xyz in self._coords.items()}
        self.adjacent_cells: dict[Cell, frozenset[Cell]] = {
            cell: frozenset(
                c for d in AXES for s in (1, -1) if (c := self.shift(cell, d, s)) is not None
            )
            for cell in self.cells
        }
        self.loose_cells: dict[Cell, frozenset[Cell]] = {
            cell: frozenset(
                c
                for d in product((-1, 0, 1), repeat=3)
                if d != (0, 0, 0) and (c := self.shift(cell, d)) is not None
            )
            for cell in self.cells
        }

        # Canonical direction between loosely adjacent cells, for beams [8.2.2.3].
        self.loose_direction: dict[Cell, dict[Cell, Direction]] = {
            a: {b: _canonical(self._delta(a, b)) for b in self.loose_cells[a]} for a in self.cells
        }
        # The same relations over bit sets, indexed by a cell's position in `cells`.
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.cells)}
        # A cell's index is colour_base[colour] + letter_base[letter] + number: cheaper in hot
        # loops than looking the cell up (its hash and equality are Python code).
        self.colour_base: dict[str, int] = {c: 25 * x for x, c in enumerate(colour_order)}
        self.letter_base: dict[str, int] = {letter: 5 * y - 1 for y, letter in enumerate(LETTERS)}
        self.adjacent_bits: tuple[int, ...] = tuple(
            self.bits(self.adjacent_cells[cell]) for cell in self.cells
        )
        self.loose_bits: tuple[int, ...] = tuple(
            self.bits(self.loose_cells[cell]) for cell in self.cells
        )
        # Per direction (up to sign): how far along `cells` one step goes (colour, letter and
        # number are weighted 25, 5, 1 there), and the cells that have a next cell that way.
        self.steps: tuple[tuple[Direction, int, int], ...] = tuple(
            (
                d,
                25 * d[0] + 5 * d[1] + d[2],
                self.bits(c for c in self.cells if self.shift(c, d) is not None),
            )
            for d in DIRECTIONS
        )

    def _delta(self, a: Cell, b: Cell) -> Direction:
        ax, ay, az = self._coords[a]
        bx, by, bz = self._coords[b]
        return (bx - ax, by - ay, bz - az)

    def __repr__(self) -> str:
        return f"Geometry({self.colour_order!r})"

    def beam_line(self, start: Cell, end: Cell) -> tuple[Direction, Cell, bool] | None:
        """For two cells two steps apart on a straight line (the written ends of a beam
        [8.2.1]): the line's direction up to sign, the cell between them, and whether the line
        is diagonal. None for any other pair."""
        key = (
            self.colour_base[start.colour] + self.letter_base[start.letter] + start.number
        ) * 125 + (self.colour_base[end.colour] + self.letter_base[end.letter] + end.number)
        return self._beam_lines.get(key)

    @cached_property
    def _beam_lines(self) -> dict[int, tuple[Direction, Cell, bool]]:
        lines = {}
        for start in self.cells:
            for d in product((-1, 0, 1), repeat=3):
                end = self.shift(start, d, 2)  # type: ignore[arg-type]
                if d != (0, 0, 0) and end is not None:
                    middle = self.shift(start, d)  # type: ignore[arg-type]
                    key = self.index[start] * 125 + self.index[end]
                    lines[key] = (_canonical(d), middle, is_diagonal(d))  # type: ignore[arg-type]
        return lines

    @cached_property
    def beam_ends(self) -> dict[int, tuple[Direction, int, bool]]:
        """beam_line by cell indices: (start * 125 + end) -> (direction, the middle cell's
        index, diagonal), for the hot paths."""
        index = self.index
        return {key: (d, index[m], diag) for key, (d, m, diag) in self._beam_lines.items()}

    @cache  # noqa: B019 (one Geometry per colour order, kept for the process)
    def matching(
        self, colour: str | None, letter: str | None, number: int | None
    ) -> tuple[Cell, ...]:
        """The cells with these coordinate values (None: any), in the conventional order."""
        return tuple(
            c
            for c in self.cells
            if (colour is None or c.colour == colour)
            and (letter is None or c.letter == letter)
            and (number is None or c.number == number)
        )

    def bits(self, cells: object) -> int:
        """A set of cells as bits."""
        index = self.index
        found = 0
        for cell in cells:  # type: ignore[attr-defined]
            found |= 1 << index[cell]
        return found

    def cells_of(self, bits: int) -> tuple[Cell, ...]:
        """The cells of a bit set, in the conventional order."""
        cells = self.cells
        out = []
        while bits:
            low = bits & -bits
            out.append(cells[low.bit_length() - 1])
            bits ^= low
        return tuple(out)

    def coords(self, cell: Cell) -> Coords:
        return self._coords[cell]

    def at(self, xyz: Coords) -> Cell | None:
        """The cell at these coordinates, or None outside the space (no wrapping [1.2.6])."""
        return self._at.get(xyz)

    def shift(self, cell: Cell, d: Direction, times: int = 1) -> Cell | None:
        x, y, z = self._coords[cell]
        return self._at.get((x + d[0] * times, y + d[1] * times, z + d[2] * times))

    def sort_key(self, cell: Cell) -> Coords:
        """The conventional order: colour (in this colour order), letter, number."""
        return self._coords[cell]

    def sorted(self, cells: object) -> tuple[Cell, ...]:
        return tuple(sorted(cells, key=self._coords.__getitem__))  # type: ignore[arg-type]

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """Sharing a face [1.2.3]: differ by one in exactly one coordinate."""
        return b in self.adjacent_cells[a]

    def loosely_adjacent(self, a: Cell, b: Cell) -> bool:
        """Sharing a face, edge or vertex [1.2.4]; a cell is not loosely adjacent to itself."""
        return b in self.loose_cells[a]

    def direction(self, a: Cell, b: Cell) -> tuple[Direction, int] | None:
        """(d, k) with b = a + k*d, k >= 1, d one of the 26 unit steps; None if not on a line."""
        ax, ay, az = self._coords[a]
        bx, by, bz = self._coords[b]
        delta = (bx - ax, by - ay, bz - az)
        k = max(abs(v) for v in delta)
        if k == 0 or any(v not in (0, k, -k) for v in delta):
            return None
        return (delta[0] // k, delta[1] // k, delta[2] // k), k

    def line(self, start: Cell, end: Cell) -> tuple[Cell, ...] | None:
        """The cells of the straight line from start to end, both included, or None."""
        found = self.direction(start, end)
        if found is None:
            return None
        d, k = found
        return tuple(self.shift(start, d, i) for i in range(k + 1))  # type: ignore[misc]

    def is_adjacent_set(self, cells: frozenset[Cell]) -> bool:
        """1.2.5: every cell of the set adjacent to another of it (not connectedness)."""
        return all(self.adjacent_cells[c] & cells for c in cells) if len(cells) > 1 else True


@cache
def geometry(colour_order: str = "ROYGB") -> Geometry:
    return Geometry(colour_order)
