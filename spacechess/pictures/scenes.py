"""What a picture of a position shows: its units and impactors, and last turn's events marked.

The bridge from the rules' values (spacechess.engine.position, spacechess.engine.events) to the
drawing's Scene. A Space Chess position has nothing hidden, so every player may see all of it.
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.spacechess.board import is_pentagon, opposite
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
from spacechess.engine.battle import ADVANCE
from spacechess.engine.events import Event
from spacechess.engine.position import Position
from spacechess.pictures.marks import Scene, Token

__all__ = ["flight_path", "outcome_of", "position_scene", "token_of"]

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


def flight_path(position: Position, came_from: int, cell: int) -> tuple[int, ...]:
    """The cells an impactor at `cell` (come from `came_from`) will cross in the next battle
    stage, its own first: straight on, up to ADVANCE cells, ending on the first pentagon or
    unit it meets [SC7] (where it dissipates or hits)."""
    path = [cell]
    behind, here = came_from, cell
    for _ in range(ADVANCE):
        ahead = opposite(behind, here)
        if ahead is None:
            break
        path.append(ahead)
        if is_pentagon(ahead) or position.board[ahead]:
            break
        behind, here = here, ahead
    return tuple(path)


def outcome_of(events: Iterable[Event]) -> str:
    """How the game ended, if one of `events` ended it: "Terrans win: the enemy command ship
    is destroyed [SC11]", "Drawn: 12 turns in a row without a loss [SC12]"; else ""."""
    for event in events:
        if event.what == "won" and event.side is not None:
            return f"{SIDE_NAMES[event.side]} win: {event.why}"
        if event.what == "drawn":
            return f"Drawn: {event.why}"
    return ""


def position_scene(
    position: Position, title: str, last_turn: Iterable[Event] = (), outcome: str = ""
) -> Scene:
    """The position's units and impactors (each heading straight on, away from the cell it came
    from, its next flight drawn), with the events of `last_turn` marked: moves, what was
    placed, what was destroyed; `outcome` (or, if not given, the events' end of the game)
    under the title."""
    last_turn = tuple(last_turn)
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
    flights = (
        ()
        if position.result is not None
        else tuple(flight_path(position, imp.came_from, imp.cell) for imp in position.impactors)
    )
    return Scene(
        title,
        tokens,
        SIDE_NAMES,
        tuple(moves),
        frozenset(placed),
        lost,
        flights,
        outcome or outcome_of(last_turn),
    )
