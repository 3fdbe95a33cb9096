"""A game ended by a player or its game master, whatever the game: `resign` and `cancel`.

The core owns the step (who may, when, what the reply says); the game gives the outcome of a
resignation, what a cancelled game's outcome says beyond the shared words, and its `end`,
which closes the row and tells everyone (pbem.kinds.kindparts.Steps).
"""

from __future__ import annotations

from typing import Any

from pbem import registry
from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal


def resign(command: Command, desk: Desk) -> str:
    """`resign [NAME PASSWORD]`: the player gives up; the other seat (if taken) wins."""
    game, seat = desk.resigning(command)
    steps = registry.kind_of(game).steps
    outcome = steps.resign_outcome(game, seat, desk.store.players(game.id))
    _, messages = steps.end(desk.store, game, desk.now, outcome)
    desk.reply.messages += messages
    desk.forget(game)
    return f"You resigned {game.name}. {steps.resigned_said}"


def cancel(command: Command, desk: Desk) -> str:
    """`cancel`: the game master ends the game without a result (never rated)."""
    game = desk.master_session("cancel")
    desk.reply.about(game)
    if game.phase == "over":
        raise Refusal(f"game {game.name} is already over")
    steps = registry.kind_of(game).steps
    outcome: dict[str, Any] = {
        "winner": None,
        "reason": "cancelled by the game master",
        **steps.cancel_terms,
        "turn": None,
        "score": None,
        "cancelled": True,  # no result: never rated
    }
    _, messages = steps.end(desk.store, game, desk.now, outcome)
    desk.reply.messages += messages
    desk.forget(game)
    return f"Game {game.name} is cancelled; {steps.cancelled_said}"
