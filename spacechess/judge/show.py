"""What a Space Chess game shows its readers in any front end: the text board for mail readers,
the board's picture at each moment (the start, after every turn, the end: the strip and the
hemispheres, last turn marked), the "Submit moves" button and form, and a long history as a
record file. Nothing on the board is hidden (SC1-SC12 have no hidden information), so every
reader gets the same sights and the same pictures."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from notation.spacechess.pieces import SIDE_NAMES
from pbem.kinds.kindparts import Show
from pbem.messages import Attachment, Outbound
from pbem.sights import Action, Field, Form, Picture, Sight
from pbem.storage.store import GameRow, Store
from spacechess.computer.terminal import describe
from spacechess.engine.events import Event
from spacechess.engine.position import Position
from spacechess.judge.choices import choices
from spacechess.judge.rows import SIDE_SEAT, events_text, played_of, side_name, with_state
from spacechess.judge.table import table
from spacechess.pictures import board_picture, board_svg

__all__ = [
    "events_text",
    "onlooker_picture",
    "outcome_words",
    "player_picture",
    "text_board",
]


def text_board(position: Position) -> str:
    """Where every unit and impactor stands, side by side, and what is left in each box."""
    return describe(position)


def player_picture(
    position: Position, game: str, side: int, last_turn: Iterable[Event] = ()
) -> bytes:
    """PNG of the board for the player of `side`, the last turn marked."""
    title = f"Space Chess {game}, turn {position.turn}: you are the {SIDE_NAMES[side]}"
    return board_picture(position, title, last_turn)


def onlooker_picture(position: Position, game: str, last_turn: Iterable[Event] = ()) -> bytes:
    """PNG of the board for an observer or the game master, the last turn marked."""
    return board_picture(position, f"Space Chess {game}, turn {position.turn}", last_turn)


# -- the game-neutral form (pbem.kinds.shown) ------------------------------------------------
MOVES_EXAMPLE = "Eb1-Eb4 Ba1>Bb1   (or M@Ab2, G@Ab2, pass)"
MOVES_HELP = "one action on turn 1, then up to two [SC2]; fewer end the turn; `help chess`"
HISTORY_LIMIT = 5500  # longer than this, a history goes as a record file
# The moment of a message, and the picture it stands for: the board the same for every reader.
_MOMENTS = {"begin": "start", "turn": "turn", "over": "end"}


def decorate(store: Store, game: GameRow, out: Outbound, seat: str | None) -> Outbound:
    """The board of the message's moment (the start, after a turn, the end), the same for
    every reader: nothing on a Space Chess board is hidden."""
    moment = _MOMENTS.get(out.kind)
    if moment is None:
        return out
    return replace(out, sights=(Sight(moment, out.turn if moment == "turn" else None),))


def picture(store: Store, game: GameRow, sight: Sight) -> Picture | None:
    """The board at a sight's moment, last turn's actions and battle marked; None before
    both seats are taken (there is no board yet) or for a turn not played."""
    if game.phase == "joining":
        return None
    turns = (game.state or {}).get("turns", [])
    if sight.moment == "start":
        upto, label, title = 0, "start", f"Space Chess {game.name}: the game begins"
    elif sight.moment == "turn" and sight.turn is not None:
        if not 1 <= sight.turn <= len(turns):
            return None
        upto, label = sight.turn, f"turn{sight.turn}"
        title = f"Space Chess {game.name}: after turn {sight.turn}"
    elif sight.moment in ("now", "end"):
        upto, label = len(turns), "end" if game.phase == "over" else "now"
        title = f"Space Chess {game.name}: " + (
            "the end" if game.phase == "over" else f"turn {len(turns) + 1} to play"
        )
    else:
        return None
    played = played_of(with_state(game, turns=turns[:upto]))
    last = played.turns[-1].events if played.turns else ()
    ended = game.phase == "over" and sight.moment in ("now", "end")
    outcome = outcome_words(game) if ended else ""
    png = board_picture(played.position, title, last, outcome=outcome)
    svg = board_svg(played.position, title, last, outcome=outcome)
    return Picture(f"{game.name}-{label}.png", png, title, svg)


def outcome_words(game: GameRow) -> str:
    """Who won a finished game and how, as its end picture says it under the title: "Terrans
    win: Bob resigned", "Drawn: drawn by agreement [SC12]" (by the rules or off the board)."""
    outcome = game.outcome or {}
    reason = str(outcome.get("reason", "")).strip()
    if not reason:
        return ""
    seat = outcome.get("winner")
    side = next((s for s, taken in SIDE_SEAT.items() if taken == seat), None)
    if side is not None:
        return f"{SIDE_NAMES[side]} win: {reason}"
    return f"No winner: {reason}" if "draw" not in reason else f"Drawn: {reason}"


def actions(game: GameRow, message_kind: str, turn: int | None) -> tuple[Action, ...]:
    """ "Submit moves" under the post that opened a turn, while that turn is open. Its id
    word is "phase" so the button a front end already knows (a turn's number) carries it."""
    if message_kind not in ("begin", "turn") or game.phase != "playing":
        return ()
    opened = 1 if message_kind == "begin" else (turn or 0) + 1
    if game.turn != opened:
        return ()
    seat = SIDE_SEAT[played_of(game).position.to_move]
    label = f"Submit moves (turn {opened}, {side_name(seat)})"[:80]
    return (Action("phase", "orders", label, opened, seats=(seat,)),)


def form(game: GameRow, command: str, turn: int | None) -> Form:
    """The form of a turn's actions, with an example and the rule in a line."""
    number = game.turn if turn is None else turn
    field = Field("Your actions (one or two, or pass)", MOVES_EXAMPLE, MOVES_HELP)
    return Form(f"Moves for turn {number} of {game.name}"[:45], "orders", number, (field,))


def open_turn(game: GameRow) -> int:
    return max(game.turn, 1)


def turn_name(game: GameRow, number: int) -> str:
    return f"turn {number}"


def command_text(command: str, text: str, turn: int) -> str:
    """A form's actions as the judge reads them: the words on one line under `orders N:`."""
    words = " ".join(text.split())
    return words if words.lower().startswith(command + " ") else f"{command} {turn}: {words}"


def history_file(game: GameRow, answer: str) -> tuple[str, Attachment] | None:
    """The record so far as a `.scr` file when it is too long for a post."""
    if len(answer) <= HISTORY_LIMIT:
        return None
    head = (
        f"The record of {game.name} so far is long: it is attached ({game.name}-history.scr; "
        f"`spaceships chess check {game.name}-history.scr` replays it)."
    )
    # The mail's quoted command (`> history duel`) is no part of the record.
    body = "\n".join(line for line in answer.splitlines() if not line.startswith(">"))
    data = body.strip().encode("utf-8")
    return head, Attachment(f"{game.name}-history.scr", "text/plain; charset=utf-8", data)


SHOW = Show(
    decorate=decorate,
    picture=picture,
    actions=actions,
    form=form,
    open_turn=open_turn,
    turn_name=turn_name,
    command_text=command_text,
    history_file=history_file,
    private_results=False,
    mail_pictures=True,
    # A draw offer stands in the status everyone may read [SC12]: the live pages follow it.
    news=lambda game: str((game.state or {}).get("draw") or ""),
    choices=choices,
    table=table,
)
