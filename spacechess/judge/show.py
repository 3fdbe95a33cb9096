"""What a Space Chess position looks like to its readers: the text board for mail readers and
the PNG pictures for a player and for onlookers, ready for the game-neutral picture interface
to wire in. Nothing on the board is hidden (SC1-SC12 have no hidden information), so a player
and an onlooker see the same board; only the title differs."""

from __future__ import annotations

from collections.abc import Iterable

from pbem.messages import Attachment, Outbound
from pbem.sights import Action, Field, Form, Picture, Sight
from pbem.store import GameRow, Store
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


# -- the game-neutral form (pbem.shown); the board's pictures are wired in next --------------
def decorate(store: Store, game: GameRow, out: Outbound, seat: str | None) -> Outbound:
    """No sights yet: every reader gets the text board in the message itself."""
    return out


def picture(store: Store, game: GameRow, sight: Sight) -> Picture | None:
    return None


def actions(game: GameRow, message_kind: str, turn: int | None) -> tuple[Action, ...]:
    return ()


def form(game: GameRow, command: str, turn: int | None) -> Form:
    return Form(
        title=f"Actions for turn {turn} of {game.name}"[:45],
        command=command,
        turn=turn,
        fields=(Field(label="Your actions (one or two, or pass)", example="M@Ab2 F@Bc3"),),
    )


def open_turn(game: GameRow) -> int:
    return max(game.turn, 1)


def turn_name(game: GameRow, number: int) -> str:
    return f"turn {number}"


def command_text(command: str, text: str, turn: int) -> str:
    """A form's actions as the judge reads them: the words on one line under `orders N:`."""
    words = " ".join(text.split())
    return words if words.lower().startswith(command + " ") else f"{command} {turn}: {words}"


def history_file(game: GameRow, answer: str) -> tuple[str, Attachment] | None:
    return None
