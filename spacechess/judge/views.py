"""What the players and onlookers of a game of Space Chess read: the board as text, whose turn
it is and how to send it, `status` and `history` (the record so far, as `spaceships chess
check` reads it). The same for everyone: the board hides nothing."""

from __future__ import annotations

from pbem.language.commands import Command
from pbem.messages import Attachment
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.desk import Desk, Refusal
from pbem.steps.end_files import RECORD_TYPE
from pbem.storage.store import GameRow, PlayerRow
from spacechess.judge.rows import (
    SIDE_SEAT,
    deadline_line,
    played_of,
    player_seated,
    record_text,
    settings_text,
    side_name,
)
from spacechess.judge.show import text_board

__all__ = ["board_text", "history", "next_text", "observe", "orders_how", "status", "status_text"]


def board_text(game: GameRow) -> str:
    return "The board:\n" + text_board(played_of(game).position)


def next_text(game: GameRow, players: dict[str, PlayerRow], send: bool = True) -> str:
    """Whose turn it is, how many actions it has, and how to send it (`send` False: for
    onlookers by mail, who send nothing)."""
    position = played_of(game).position
    seat = SIDE_SEAT[position.to_move]
    count = "one action" if position.actions_left == 1 else "up to two actions"
    lines = [f"Turn {position.turn}: {player_seated(players, seat)} to act, {count} [SC2]."]
    if players.get(seat) is not None and players[seat].address == COMPUTER_ADDRESS:
        pass  # the computer acts at once: nobody is to send this turn
    elif not send:
        pass
    elif game.accounts:
        lines.append("Send:  /spaceships orders text:Ab1-Ab3 Ba1>Bb1  (your actions)")
    else:
        lines += [
            f"Send:  game {game.name} PASSWORD",
            f"       orders {position.turn}: ACTIONS",
            "a move `Ab1-Ab3`, a shot `Ba1>Bb1`, a mine `M@Ab2`, a rebuild `G@Ab2` (the whole "
            "turn), `pass`; fewer actions than allowed end the turn (`help chess`).",
        ]
    lines.append(deadline_line(game))
    return "\n".join(lines)


def orders_how(game: GameRow) -> str:
    """How the side to act sends its turn, in its front end's words: where a refusal ends."""
    position = played_of(game).position
    if game.accounts:  # Discord: its own command, or the button under the latest post
        side = side_name(SIDE_SEAT[position.to_move])
        return (
            "send them with `/spaceships orders text:ACTIONS` or the **Submit moves (turn "
            f"{position.turn}, {side})** button under the latest post"
        )
    return f"send `orders {position.turn}: ACTIONS`"


def status_text(game: GameRow, players: dict[str, PlayerRow], send: bool = True) -> str:
    """The game's settings, sides, whose turn it is and the board; `send` False leaves out how
    to send a turn (for onlookers, and for a page that has its own form)."""
    lines = [
        f"Space Chess {game.name} ({settings_text(game)}): "
        + ", ".join(player_seated(players, s) for s in ("A", "B") if s in players)
    ]
    if game.phase == "joining":
        lines.append(f"Waiting for a second player: join {game.name}")
    elif game.phase == "playing":
        offer = (game.state or {}).get("draw")
        lines.append(next_text(game, players, send))
        if offer:
            lines.append(
                f"{player_seated(players, offer)} offers a draw: the other side's `draw "
                f"{game.name}` accepts; it lapses when that side plays its turn."
            )
        lines.append(board_text(game))
    else:
        lines.append(f"Over: {result_text(game, players)}")
    return "\n".join(lines)


def result_text(game: GameRow, players: dict[str, PlayerRow]) -> str:
    """ "Alice (Terrans) wins, after turn 6 (the enemy command ship is destroyed [SC11]).";
    a draw, or a game cancelled without a result, said so."""
    outcome = game.outcome or {}
    winner = outcome.get("winner")
    if winner in players:
        said = f"{player_seated(players, winner)} wins"
    elif winner == "draw":
        said = "a draw"
    else:
        said = "no result"
    if outcome.get("turn"):
        said += f" after turn {outcome['turn']}"
    reason = outcome.get("reason")
    return f"{said} ({reason})." if reason else f"{said}."


def status(command: Command, desk: Desk) -> str:
    if command.name is None and desk.session.game is not None:
        game = desk.reload()
    else:
        game = desk.game(command.name, lock=False)
        desk.refuse_outsider(game)
    desk.reply.about(game)
    # Signed in by a front end with its own forms (the web page), the reader needs no
    # command to copy.
    return status_text(game, desk.store.players(game.id), desk.inbound.signed_in is None)


def history(command: Command, desk: Desk) -> str:
    """The record so far, in the form `spaceships chess check` reads."""
    if command.name is None:
        if desk.session.game is None:
            raise Refusal("say which game: `history NAME`")
        game = desk.reload()
    else:
        game = desk.game(command.name)
        if command.password is not None:
            desk.seat_for(game, command.password)
        elif desk.session.game is None or desk.session.game.id != game.id:
            desk.refuse_outsider(game)
    desk.reply.about(game)
    if game.phase == "joining":
        return f"{game.name} has not started: it waits for a second player."
    players = desk.store.players(game.id)
    record = record_text(
        game, players, played_of(game), game.outcome if game.phase == "over" else None
    )
    if desk.inbound.authenticated:
        return record  # a front end with accounts (Discord) makes its own file of it
    # Also as a file: the reply quotes the command before the record, and the file is the
    # record alone, which `spaceships chess check` reads as it is.
    name = f"{game.name}.scr"
    desk.reply.attachments.append(Attachment(name, RECORD_TYPE, record.encode("utf-8")))
    return record


def observe(command: Command, desk: Desk) -> str:
    """`observe NAME`: every turn's mail from now on, and the record at the end."""
    game = desk.game(command.name)
    desk.reply.about(game)
    if game.private:
        raise Refusal(f"game {game.name} is private: it takes no observers")
    desk.refuse_other_front_end(game)
    if not desk.store.add_observer(game.id, desk.inbound.sender, desk.now):
        return f"You already observe {game.name}."
    return (
        f"You now observe {game.name}: you will receive every turn as its players do, and at "
        "the end the whole record.\n\n" + status_text(game, desk.store.players(game.id), False)
    )
