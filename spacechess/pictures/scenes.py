"""What a picture of a position shows: its units and impactors, and last turn's events marked.

The bridge from the rules' values (spacechess.engine.position, spacechess.engine.events) to the
drawing's Scene. A Space Chess position has nothing hidden, so every player may see all of it.
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.spacechess.board import opposite
from notation.spacechess.pieces import (
    COMMAND,
    FIGHTER,
    GUNSHIP,
    MINE,
    SIDE_NAMES,
    SUPPORT,
    kind_of,
    side_of,
)
from spacechess.engine.events import Event
from spacechess.engine.position import Position
from spacechess.pictures.marks import Scene, Token

__all__ = ["position_scene", "token_of"]

_KINDS = {
    COMMAND: "command",
    GUNSHIP: "gunship",
    FIGHTER: "fighter",
    SUPPORT: "support",
    MINE: "mine",
}


def token_of(code: int) -> Token:
    """The drawing's token for a unit code of notation.spacechess.pieces."""
    return Token(side_of(code), _KINDS[kind_of(code)])


def position_scene(position: Position, title: str, last_turn: Iterable[Event] = ()) -> Scene:
    """The position's units and impactors (each heading straight on, away from the cell it came
    from), with the events of `last_turn` marked: moves, what was placed, what was destroyed."""
    tokens = {cell: token_of(code) for cell, code in position.units()}
    for imp in position.impactors:
        tokens[imp.cell] = Token(imp.side, "impactor", opposite(imp.came_from, imp.cell))
    moves: list[tuple[int, int]] = []
    placed: set[int] = set()
    lost: dict[int, Token] = {}
    for event in last_turn:
        if event.what == "moved":
            moves.append((event.cells[0], event.cells[-1]))
        elif event.what in ("fired", "laid"):
            placed.add(event.cells[1])
        elif event.what == "rebuilt":
            placed.add(event.cells[0])
        elif event.what in ("destroyed", "spent") and event.unit:
            lost[event.cells[0]] = token_of(event.unit)
    return Scene(
        title,
        tokens,
        SIDE_NAMES,
        tuple(moves),
        frozenset(placed),
        lost,
    )
