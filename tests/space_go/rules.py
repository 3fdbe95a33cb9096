"""Space Go's rules: a 5x5 board; each turn both players name a free point at once, and each
takes the point they named unless both named the same one (a clash: nobody takes it). A point
is worth more the nearer the centre (c3: 3, the ring around it: 2, the edge: 1); after the last
turn the player whose points are worth more wins."""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "abcde"
ROWS = "12345"
TURNS = 3


@dataclass(frozen=True)
class Board:
    """The points each player holds (seat -> points) and the turns played."""

    held: dict[str, tuple[str, ...]]
    played: int = 0

    @classmethod
    def empty(cls) -> Board:
        return cls({"A": (), "B": ()})

    def free(self, point: str) -> bool:
        return all(point not in points for points in self.held.values())


def read_point(text: str) -> str:
    """`c3`: a point of the board; ValueError with a hint for anything else."""
    point = text.strip().lower()
    if len(point) != 2 or point[0] not in COLUMNS or point[1] not in ROWS:
        raise ValueError(f"`{text.strip()}` is not a point (hint: a column a-e, a row 1-5: c3)")
    return point


def play(board: Board, named: dict[str, str]) -> tuple[Board, str]:
    """Both players' points for one turn: the board after it and what happened."""
    a, b = named["A"], named["B"]
    if a == b:
        return Board(board.held, board.played + 1), f"both named {a}: a clash, nobody takes it"
    held = {seat: (*board.held[seat], named[seat]) for seat in ("A", "B")}
    return Board(held, board.played + 1), f"A takes {a}, B takes {b}"


def worth(point: str) -> int:
    """3 at the centre, 2 around it, 1 on the edge."""
    away = max(abs(COLUMNS.index(point[0]) - 2), abs(ROWS.index(point[1]) - 2))
    return 3 - away


def winner(board: Board) -> str | None:
    a, b = (sum(map(worth, board.held[seat])) for seat in ("A", "B"))
    return None if a == b else ("A" if a > b else "B")
