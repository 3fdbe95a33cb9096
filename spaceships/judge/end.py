"""The game master of a Spaceships game: process a turn now (cancel is the core's:
pbem.steps.ending)."""

from __future__ import annotations

import spaceships.judge.games as games
from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal


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
