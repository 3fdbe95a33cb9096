"""A Space Chess position: what stands where, the impactors in flight, whose action it is.

Immutable: the rules (spacechess.engine.rules) make a new position for every action. Cells are board
numbers (notation.spacechess.board); units are codes (notation.spacechess.pieces).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from notation.spacechess.board import ANTIPODE, CELL_COUNT, NEIGHBOURS, is_pentagon
from notation.spacechess.cells import CELLS, cell_name
from notation.spacechess.pieces import (
    ALIENS,
    ARMY,
    COMMAND,
    FIGHTER,
    GUNSHIP,
    IMPACTORS,
    KIND_LETTERS,
    MINE,
    MINES,
    SIDE_LETTERS,
    SIDE_NAMES,
    SUPPORT,
    TERRANS,
    kind_of,
    side_of,
    unit,
)

__all__ = ["Impactor", "Position", "mirrored", "setup", "start"]


class Impactor(NamedTuple):
    """An impactor in flight: where it is, the cell it came from (its line goes straight on
    away from that cell), and whose it is."""

    cell: int
    came_from: int
    side: int


@dataclass(frozen=True, slots=True)
class Position:
    """Everything the rules need to go on from here.

    `board[cell]` is 0 or a unit code; `impactors` are sorted; `to_move` is the side whose turn
    it is and `actions_left` how many actions it still has (2, or 1 on the first turn [SC2]);
    `turn` counts turns from 1; `quiet` counts whole turns in a row without a unit destroyed
    [SC12] (-1 within a turn that has lost a unit); `result` is None while the game goes on,
    else "T", "A" or "draw".
    """

    board: tuple[int, ...]
    impactors: tuple[Impactor, ...] = ()
    to_move: int = TERRANS
    actions_left: int = 1
    turn: int = 1
    quiet: int = 0
    result: str | None = None

    def units(self, side: int | None = None) -> list[tuple[int, int]]:
        """(cell, code) of every ship and mine, of one side or both, by cell."""
        return [
            (c, code)
            for c, code in enumerate(self.board)
            if code and (side is None or side_of(code) == side)
        ]

    def count(self, side: int, kind: int) -> int:
        return self.board.count(unit(side, kind))

    def mines_in_stock(self, side: int) -> int:
        """Mines a side may still lay: its 5 less those on the board (spent ones come back to
        the box, like impactors) [SC9]."""
        return MINES - self.count(side, MINE)

    def impactors_in_stock(self, side: int) -> int:
        """Impactors a side may still fire: its 4 less those in flight [SC6]."""
        return IMPACTORS - sum(1 for i in self.impactors if i.side == side)

    def destroyed(self, side: int) -> list[int]:
        """The kinds of a side's ships not on the board, one entry per missing ship."""
        out = []
        for kind, number in ARMY.items():
            out += [kind] * (number - self.count(side, kind))
        return out

    def impactor_cells(self) -> frozenset[int]:
        return frozenset(i.cell for i in self.impactors)

    def is_free(self, cell: int) -> bool:
        """A hexagon with no ship, mine or impactor on it [SC3]."""
        return not self.board[cell] and not is_pentagon(cell) and cell not in self.impactor_cells()

    def key(self) -> tuple[object, ...]:
        """What makes two positions the same for repetition [SC12]."""
        return (self.board, self.impactors, self.to_move, self.actions_left)

    def __str__(self) -> str:
        """`turn 3, Terrans to act (2); T: C Aa1, G Ba1; A: ...; impactors: T Cb3 from Cb2`."""
        left = f"{self.actions_left} action{'s' if self.actions_left != 1 else ''}"
        parts = [f"turn {self.turn}, {SIDE_NAMES[self.to_move]} to act, {left} left"]
        if self.result is not None:
            parts[0] = f"turn {self.turn}, over: " + (
                "draw" if self.result == "draw" else f"{SIDE_NAMES['TA'.index(self.result)]} win"
            )
        for side in (TERRANS, ALIENS):
            units = ", ".join(
                f"{KIND_LETTERS[kind_of(code)]} {cell_name(c)}" for c, code in self.units(side)
            )
            parts.append(f"{SIDE_LETTERS[side]}: {units or 'nothing left'}")
        if self.impactors:
            flying = ", ".join(
                f"{SIDE_LETTERS[i.side]} {cell_name(i.cell)} from {cell_name(i.came_from)}"
                for i in self.impactors
            )
            parts.append(f"impactors: {flying}")
        return "; ".join(parts)


# The Terran command ship stands next to the north pole, its fleet on its other five
# neighbours: gunship, fighter, support ship, fighter, gunship going round from the pole; the
# Aliens mirror them through the ball's centre, around the south pole [SC1].
_COMMAND_CELL = CELLS["Aa1"].number
_RING = (GUNSHIP, FIGHTER, SUPPORT, FIGHTER, GUNSHIP)


def start() -> Position:
    """The starting position: Terrans to act, with their single first action [SC1, SC2]."""
    board = [0] * CELL_COUNT
    near = NEIGHBOURS[_COMMAND_CELL]
    pole = next(k for k, n in enumerate(near) if is_pentagon(n))
    around = [near[(pole + k) % 6] for k in range(1, 6)]
    for side, place in ((TERRANS, lambda c: c), (ALIENS, lambda c: ANTIPODE[c])):
        board[place(_COMMAND_CELL)] = unit(side, COMMAND)
        for cell, kind in zip(around, _RING, strict=True):
            board[place(cell)] = unit(side, kind)
    return Position(tuple(board))


def mirrored(position: Position) -> Position:
    """The same position with the sides' colours swapped (Terrans' units become Aliens' and the
    other way round), every unit where it was: the rules must treat it as the mirror image."""

    def swap(code: int) -> int:
        return unit(1 - side_of(code), kind_of(code)) if code else 0

    result = {"T": "A", "A": "T"}.get(position.result or "", position.result)
    return replace(
        position,
        board=tuple(swap(c) for c in position.board),
        impactors=tuple(sorted(i._replace(side=1 - i.side) for i in position.impactors)),
        to_move=1 - position.to_move,
        result=result,
    )


def setup(
    units: dict[str, str],
    impactors: tuple[tuple[str, str, str], ...] = (),
    to_move: str = "T",
    actions_left: int = 2,
    turn: int = 2,
) -> Position:
    """A position from names, for tests and puzzles: `{"Ab1": "TG", "Cb2": "AM"}` (side letter
    T or A, then the unit's letter C G F S M) and impactors as (cell, came from, side)."""
    letters = {letter: kind for kind, letter in KIND_LETTERS.items()}
    board = [0] * CELL_COUNT
    for name, what in units.items():
        board[CELLS[name].number] = unit(SIDE_LETTERS.index(what[0]), letters[what[1]])
    flying = tuple(
        sorted(
            Impactor(CELLS[c].number, CELLS[f].number, SIDE_LETTERS.index(s))
            for c, f, s in impactors
        )
    )
    return Position(tuple(board), flying, SIDE_LETTERS.index(to_move), actions_left, turn)
