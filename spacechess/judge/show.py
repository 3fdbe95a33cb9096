"""What a Space Chess position looks like to its readers: the text board for mail readers and
the PNG pictures for a player and for onlookers, ready for the game-neutral picture interface
to wire in. Nothing on the board is hidden (SC1-SC12 have no hidden information), so a player
and an onlooker see the same board; only the title differs."""

from __future__ import annotations

from collections.abc import Iterable

from spacechess.computer.terminal import describe
from spacechess.events import Event
from spacechess.pictures import board_picture
from spacechess.pieces import SIDE_NAMES
from spacechess.position import Position

__all__ = ["events_text", "onlooker_picture", "player_picture", "text_board"]


def text_board(position: Position) -> str:
    """Where every unit and impactor stands, side by side, and what is left in each box."""
    return describe(position)


def events_text(events: Iterable[Event]) -> str:
    return "\n".join(f"  {e}" for e in events) or "  nothing happened"


def player_picture(
    position: Position, game: str, side: int, last_turn: Iterable[Event] = ()
) -> bytes:
    """PNG of the board for the player of `side`, the last turn marked."""
    title = f"Space Chess {game}, turn {position.turn}: you are the {SIDE_NAMES[side]}"
    return board_picture(position, title, last_turn)


def onlooker_picture(position: Position, game: str, last_turn: Iterable[Event] = ()) -> bytes:
    """PNG of the board for an observer or the game master, the last turn marked."""
    return board_picture(position, f"Space Chess {game}, turn {position.turn}", last_turn)
