"""The game master of a Spaceships game: process a turn now, cancel the game."""

from __future__ import annotations

import spaceships.judge.games as games
from pbem.commands import Command
from pbem.desk import Desk, Refusal


def process(command: Command, desk: Desk) -> str:
    game = desk.master_session("process")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(f"game {game.name} has no turn in play")
    missing = desk.missing(game)
    game, messages = games.adjudicate_turn(
        desk.store, game, desk.now, default_missing=True, by_master=True
    )
    desk.session.game = game
    desk.reply.messages += messages
    note = f" (no actions for {' and '.join(missing)})" if missing else ""
    return f"The turn is adjudicated{note}."


def cancel(command: Command, desk: Desk) -> str:
    game = desk.master_session("cancel")
    desk.reply.about(game)
    if game.phase == "over":
        raise Refusal(f"game {game.name} is already over")
    outcome = {
        "winner": None,
        "reason": "cancelled by the game master",
        "turn": None,
        "score": None,
        "cancelled": True,  # no result: never rated
    }
    _, messages = games.end_game(desk.store, game, desk.now, outcome)
    desk.reply.messages += messages
    desk.forget(game)
    return f"Game {game.name} is cancelled; everything is revealed to its players."
