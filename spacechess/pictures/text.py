"""The board as text, for a terminal: the ten rhombi as small 4 x 4 boards, files a-d across
and ranks 1-4 down, so that a cell's name is read off the grid (`Cb3`: rhombus C, file b,
rank 3) and what stands on it beside.

Terrans in capitals, Aliens in small letters (the pieces' letters: C, G, F, S, M), `*` an
impactor in flight, `#` a pentagon (a hole no unit enters [SC3]), `.` a free hexagon. The
northern rhombi A-E stand in the first row with rank 1 at the north pole's side, the southern
F-K in the second with rank 1 at the ring above them (notation.spacechess.cells).
"""

from __future__ import annotations

from notation.spacechess.board import CELL_COUNT, STRIP, is_pentagon
from notation.spacechess.cells import FILES, RANKS, RHOMBI
from notation.spacechess.pieces import KIND_LETTERS, kind_of, side_of
from spacechess.engine.position import Position

__all__ = ["KEY", "text_board"]

KEY = (
    "Terrans in capitals, Aliens in small letters: C command ship, G gunship, F fighter,\n"
    "S support ship, M mine; * impactor, # hole (pentagon), . free hexagon"
)
GAP = "   "  # between two rhombi side by side


def _marks(position: Position) -> dict[int, str]:
    """Each cell's mark."""
    flying = position.impactor_cells()
    marks = {}
    for cell in range(CELL_COUNT):
        code = position.board[cell]
        if code:
            letter = KIND_LETTERS[kind_of(code)]
            marks[cell] = letter if side_of(code) == 0 else letter.lower()
        elif cell in flying:
            marks[cell] = "*"
        else:
            marks[cell] = "#" if is_pentagon(cell) else "."
    return marks


def text_board(position: Position) -> str:
    """The ten rhombi as grids in two rows (A-E, F-K), then the key."""
    marks = _marks(position)
    at = {
        (rhombus, rank, file): cell
        for cell, (rhombus, rank, file) in enumerate(STRIP)
        if rhombus is not None
    }
    lines: list[str] = []
    for row in (range(0, 5), range(5, 10)):
        lines.append(GAP.join(f"{RHOMBI[r]}  " + " ".join(FILES) for r in row).rstrip())
        for rank in range(1, len(RANKS) + 1):
            lines.append(
                GAP.join(
                    f"{rank}  " + " ".join(marks[at[(r, rank, f)]] for f in range(len(FILES)))
                    for r in row
                ).rstrip()
            )
        lines.append("")
    return "\n".join([*lines, KEY])
