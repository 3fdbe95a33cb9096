"""Cells and coordinate values of the conventional notation [11.4]: `Gx3`.

A Cell is spelling only: which colour, letter and number. Which cells are adjacent depends on the
ruleset's colour order and is the engine's business, not the notation's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.errors import NotationError, raise_errors
from notation.spaceships.coordinates import COLOUR_ORDERS, COLOURS, LETTERS, NUMBERS
from notation.spaceships.grammar import tree_parser
from notation.spaceships.hints import fix_cell
from notation.spaceships.recovery import recover

__all__ = ["CELLS", "COLOUR_ORDERS", "COLOURS", "LETTERS", "NUMBERS", "Cell", "PartialCell"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a space, written colour, letter, number [11.4.4]."""

    colour: str
    letter: str
    number: int
    # Cells key every set and dict of the engine: hash once, not on every lookup.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.colour, self.letter, self.number)))
        if self.colour not in COLOURS or len(self.colour) != 1:
            raise ValueError(f"colour must be one of {' '.join(COLOURS)}, not {self.colour!r}")
        if self.letter not in LETTERS or len(self.letter) != 1:
            raise ValueError(f"letter must be one of {' '.join(LETTERS)}, not {self.letter!r}")
        if self.number not in NUMBERS:
            raise ValueError(f"number must be 1-5, not {self.number!r}")

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"{self.colour}{self.letter}{self.number}"

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Parse `Gx3` (surrounding blanks allowed); raises notation.errors.NotationError with a
        hint on a bad spelling."""
        stripped = text.strip()
        if stripped in CELLS:  # the common case, without the parser
            return CELLS[stripped]
        column = len(text) - len(text.lstrip()) + 1
        if not stripped:
            raise NotationError("a cell is missing", text, 1, 1, ("a cell like Gx3",))
        fixed = fix_cell(stripped) if " " not in stripped else None
        if fixed is not None:
            message = f"`{stripped}` is not a cell"
            expected = ("a cell like Gx3",)
            raise NotationError(
                message, text, 1, column, expected, fixed[0], stripped, len(stripped)
            )
        tree, attempt = recover(tree_parser(), text, "cell_text")
        raise_errors(attempt.errors)
        return CELLS[tree.children[0].value]

    def sort_key(self, colour_order: str = "ROYGB") -> tuple[int, int, int]:
        """The conventional order (colour, letter, number) under a colour order."""
        return (colour_order.index(self.colour), LETTERS.index(self.letter), self.number)


@dataclass(frozen=True, slots=True)
class PartialCell:
    """Some of a cell's coordinate values, at least one: `G`, `x3`, `Gx3` (missile launch [11.5.3],
    classic beam [classic 8.2.2]). Written in the conventional order colour, letter, number."""

    colour: str | None = None
    letter: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        if self.colour is None and self.letter is None and self.number is None:
            raise ValueError("a partial cell needs at least one coordinate value")
        if self.colour is not None and self.colour not in COLOURS:
            raise ValueError(f"colour must be one of {' '.join(COLOURS)}, not {self.colour!r}")
        if self.letter is not None and self.letter not in LETTERS:
            raise ValueError(f"letter must be one of {' '.join(LETTERS)}, not {self.letter!r}")
        if self.number is not None and self.number not in NUMBERS:
            raise ValueError(f"number must be 1-5, not {self.number!r}")

    def __str__(self) -> str:
        return (self.colour or "") + (self.letter or "") + (str(self.number) if self.number else "")

    @property
    def count(self) -> int:
        """How many coordinate values are given."""
        return sum(v is not None for v in (self.colour, self.letter, self.number))

    def matches(self, cell: Cell) -> bool:
        return (
            (self.colour is None or self.colour == cell.colour)
            and (self.letter is None or self.letter == cell.letter)
            and (self.number is None or self.number == cell.number)
        )


# Every cell by its spelling: the parsers look cells up here rather than building them.
CELLS: dict[str, Cell] = {
    f"{c}{x}{n}": Cell(c, x, n) for c in COLOURS for x in LETTERS for n in NUMBERS
}
