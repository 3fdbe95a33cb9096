"""The end of a game of Space Chess: by the rules (a command ship destroyed, SC11; a draw by
repetition, quiet turns or the turn limit, SC12), a resignation, a draw agreed (`draw NAME`
offered by one side and accepted by the other), or the game master's `cancel`. Everyone gets
the whole record, attached as NAME.scr; a rated game's result goes on the ladder."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from pbem import ladder
from pbem.commands import Command
from pbem.desk import Desk, Refusal
from pbem.end_files import RECORD_TYPE
from pbem.messages import Attachment, Outbound
from pbem.ratings import Score
from pbem.store import GameRow, Store
from spacechess.judge.rows import (
    Played,
    master_notice,
    opponent,
    played_of,
    player_seated,
    record_text,
    subject,
    to_everyone,
    with_state,
)
from spacechess.judge.show import text_board

__all__ = ["cancel", "chess_score", "draw", "end", "rematch", "resign"]


def end(
    store: Store,
    game: GameRow,
    now: datetime,
    outcome: dict[str, Any],
    head: str | None = None,
    played: Played | None = None,
) -> tuple[GameRow, list[Outbound]]:
    """The game is over: its row closed, everyone told why, the record attached."""
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    players = store.players(game.id)
    played = played if played is not None else played_of(game)
    winner = outcome.get("winner")
    who = f"{player_seated(players, winner)} wins" if winner in players else "no winner"
    parts = [head] if head else []
    parts.append(f"The game {game.name} is over: {who}; {outcome['reason']}.")
    parts.append("The board at the end:\n" + text_board(played.position))
    # The record alone, no replay page beside it (as Spaceships' end has): a page holds every
    # turn's board picture, about 250 KB a turn, too much for a mail and for the end's
    # transaction; `spaceships replay NAME.scr` makes it (docs/space-chess.md).
    record = record_text(game, players, played, outcome).encode("utf-8")
    attachments = (Attachment(f"{game.name}.scr", RECORD_TYPE, record),)
    parts.append(
        f"The whole record is attached ({game.name}.scr); `spaceships chess check {game.name}.scr` "
        "replays it."
    )
    rated = ladder.rate_game(
        store, game, players, chess_score(outcome), now, played=bool(played.turns)
    )
    if rated:
        parts.append(rated)
    body = "\n\n".join(parts)
    everyone = to_everyone(store, game, "game over", body, attachments, kind="over", turn=game.turn)
    return game, everyone + master_notice(store, game, "game over", body, attachments)


def chess_score(outcome: dict[str, Any]) -> Score | None:
    """The Terrans' score (seat A): a win 1, a loss 0; a draw by the rules or agreed 0.5
    [SC11, SC12]; a cancelled game has none."""
    if outcome.get("cancelled"):
        return None
    return ladder.score_of(outcome) if outcome.get("winner") else 0.5


def resign(command: Command, desk: Desk) -> str:
    game, seat = desk.resigning(command)
    if game.phase != "playing":
        raise Refusal(f"game {game.name} has not begun; nothing to resign")
    players = desk.store.players(game.id)
    outcome = {
        "winner": opponent(seat),
        "reason": f"{player_seated(players, seat)} resigned",
        "termination": "resignation",
        "turn": game.turn,
        "score": None,
    }
    _, messages = end(desk.store, game, desk.now, outcome)
    desk.reply.messages += messages
    desk.forget(game)
    return f"You resigned {game.name}. The whole record goes to everyone."


def draw(command: Command, desk: Desk) -> str:
    """`draw NAME`: offers a draw, or accepts the opponent's offer [SC12]. An offer lapses when
    the side it was made to plays its turn instead (as on chess servers)."""
    session = desk.session.game
    if command.name is not None and command.password is None:
        if session is None or session.name.lower() != command.name.lower():
            raise Refusal(f"a draw needs your password: `draw {command.name} PASSWORD`")
    if command.name is not None and command.password is not None:
        game = desk.game(command.name)
        seat = desk.seat_for(game, command.password)
    else:
        game, seat = desk.player_session("draw")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(
            f"game {game.name} is over"
            if game.phase == "over"
            else f"game {game.name} has not begun"
        )
    players = desk.store.players(game.id)
    offer = (game.state or {}).get("draw")
    if offer == seat:
        raise Refusal(
            f"your draw offer in {game.name} stands already; it lapses when your opponent plays "
            "their turn without accepting it"
        )
    if offer == opponent(seat):
        outcome = {
            "winner": None,
            "drawn": True,
            "reason": "drawn by agreement [SC12]",
            "termination": "agreement",
            "turn": game.turn,
            "score": None,
        }
        _, messages = end(desk.store, game, desk.now, outcome)
        desk.reply.messages += messages
        desk.forget(game)
        return f"You accepted the draw: {game.name} is drawn. The whole record goes to everyone."
    game = with_state(game, draw=seat)
    desk.store.update_game(game)
    desk.session.game = game
    other = players[opponent(seat)]
    desk.reply.messages.append(
        Outbound(
            (other.address,),
            subject(game, "a draw is offered"),
            f"{player_seated(players, seat)} offers a draw in {game.name}. To accept, "
            + ("`/spaceships draw`" if game.accounts else f"send `draw {game.name} PASSWORD`")
            + "; playing your turn instead declines it.",
            game.name,
        )
    )
    return (
        f"Your draw offer in {game.name} is sent to {player_seated(players, opponent(seat))}. "
        "It lapses when they play their turn instead of accepting."
    )


def cancel(command: Command, desk: Desk) -> str:
    game = desk.master_session("cancel")
    desk.reply.about(game)
    if game.phase == "over":
        raise Refusal(f"game {game.name} is already over")
    outcome = {
        "winner": None,
        "reason": "cancelled by the game master",
        "termination": "abandoned",
        "turn": None,
        "score": None,
        "cancelled": True,
    }
    _, messages = end(desk.store, game, desk.now, outcome)
    desk.reply.messages += messages
    desk.forget(game)
    return f"Game {game.name} is cancelled; the record goes to its players."


def rematch(command: Command, desk: Desk) -> str:
    """`rematch NAME` after a game of Space Chess: not offered yet; a new game does the same."""
    game = desk.game(command.name)
    desk.reply.about(game)
    raise Refusal(
        f"a game of Space Chess has no rematch yet: create a new one (`create {game.name}2 "
        f"chess`) and both `join {game.name}2`; the first to join plays the Terrans"
    )
