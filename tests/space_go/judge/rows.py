"""A game of Space Go as the judge stores it: its board in the game row's state."""

from __future__ import annotations

from dataclasses import replace

from pbem.storage.store import GameRow
from space_go.rules import Board

KEY = "go"
TITLE = "Space Go"


def board_of(game: GameRow) -> Board:
    state = game.state or {}
    held = state.get("held", {"A": [], "B": []})
    return Board({seat: tuple(points) for seat, points in held.items()}, state.get("played", 0))


def with_board(game: GameRow, board: Board) -> GameRow:
    held = {seat: list(points) for seat, points in board.held.items()}
    return replace(game, state={"held": held, "played": board.played})


def board_text(board: Board) -> str:
    """The board as text: `A`, `B` or `.` a point, rows 5 to 1."""
    lines = []
    for row in reversed("12345"):
        marks = [
            next((seat for seat, points in board.held.items() if f"{c}{row}" in points), ".")
            for c in "abcde"
        ]
        lines.append(f"{row} {' '.join(marks)}")
    return "\n".join([*lines, "  a b c d e"])
