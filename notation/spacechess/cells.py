"""Names of the board's cells: the value type `Cell`, spelt like `Cb3`, `N` or `S`.

The board unrolls into a strip of 10 rhombi (notation.spacechess.board): the northern ones are
lettered A-E and the southern ones F, G, H, J, K (no I, which reads as 1). Each rhombus holds a
small chessboard of 4 x 4 squares, files a-d and ranks 1-4; rank 1 is nearest the rhombus's top
corner (the north pole for A-E, the ring above for F-K) and file a lies along the rhombus's left
edge. The two poles are `N` and `S`. So a cell is a capital, a small letter and a digit, like `Cb3`.
"""

from __future__ import annotations

from dataclasses import dataclass

from notation.errors import NotationError
from notation.spacechess.board import CELL_COUNT, HEXAGONS, NEIGHBOURS, PENTAGONS, STRIP

__all__ = ["CELLS", "FILES", "HEXAGON_CELLS", "RHOMBI", "Cell", "cell_name"]

RHOMBI = "ABCDEFGHJK"
FILES = "abcd"
RANKS = "1234"
_SHAPE = (
    "a cell is a rhombus A-E, F-H, J or K, a file a-d and a rank 1-4, like Cb3, or a pole N or S"
)


def cell_name(number: int) -> str:
    """The name of cell number `number` (0-161)."""
    return _NAMES[number]


def _name(number: int) -> str:
    if number == 0:
        return "N"
    if number == CELL_COUNT - 1:
        return "S"
    rhombus, a, b = STRIP[number]
    assert rhombus is not None
    return f"{RHOMBI[rhombus]}{FILES[b]}{a}"


_NAMES: tuple[str, ...] = tuple(_name(i) for i in range(CELL_COUNT))


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """One cell of the board, by its number 0-161 (notation.spacechess.board's tables use the
    number)."""

    number: int

    def __post_init__(self) -> None:
        if not 0 <= self.number < CELL_COUNT:
            raise ValueError(f"a cell number is 0-{CELL_COUNT - 1}, not {self.number!r}")

    def __str__(self) -> str:
        return _NAMES[self.number]

    @property
    def is_pentagon(self) -> bool:
        """Pentagons are the board's 12 holes: no piece stands on one."""
        return self.number in PENTAGONS

    @property
    def neighbours(self) -> tuple[Cell, ...]:
        """The neighbouring cells in cyclic order (counter-clockwise seen from outside)."""
        return tuple(_BY_NUMBER[n] for n in NEIGHBOURS[self.number])

    @classmethod
    def parse(cls, text: str, line: int = 1, column: int = 1) -> Cell:
        """Parse `Cb3`, `N` or `S` (blanks around allowed, any case); a bad name raises
        notation.errors.NotationError (a ValueError) with the input, where and a hint. `line` and
        `column` place `text` inside a larger text."""
        stripped = text.strip()
        found = CELLS.get(stripped) or _FOLDED.get(stripped.lower())
        if found is not None:
            return found
        column += len(text) - len(text.lstrip())
        if not stripped:
            raise NotationError("a cell is missing", text, line, column, ("a cell like Cb3",))
        raise NotationError(
            f"`{stripped}` is not a cell",
            text,
            line,
            column,
            ("a cell like Cb3",),
            _hint(stripped),
            stripped,
            len(stripped),
        )


def _hint(word: str) -> str:
    if len(word) == 3 and word[0].upper() == "I":
        return "there is no rhombus I (it reads as 1): the southern rhombi are F G H J K"
    if len(word) == 3 and word[0].upper() in RHOMBI and word[1].lower() in FILES:
        square = word[0].upper() + word[1].lower()
        return f"the ranks are 1-4: {square}1 to {square}4"
    if len(word) == 3 and word[0].upper() in RHOMBI and word[2] in RANKS:
        return f"the files are a-d: {word[0].upper()}a{word[2]} to {word[0].upper()}d{word[2]}"
    if len(word) == 3 and word[1].lower() in FILES and word[2] in RANKS:
        return f"the rhombi are {' '.join(RHOMBI)}: {_SHAPE}"
    return _SHAPE


CELLS: dict[str, Cell] = {name: Cell(i) for i, name in enumerate(_NAMES)}
"""Every cell by its canonical name."""
_FOLDED = {name.lower(): cell for name, cell in CELLS.items()}
_BY_NUMBER = tuple(CELLS[name] for name in _NAMES)
HEXAGON_CELLS: tuple[Cell, ...] = tuple(_BY_NUMBER[i] for i in HEXAGONS)
