"""The computer's seat in a game of Space Chess: `create NAME chess vs computer [LEVEL]`
seats it as the Aliens, and it plays its turn the moment that turn opens, from the position
alone (spacechess.computer). Mail to it is dropped by pbem.steps.computers."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from notation.spacechess.actions import PASS, Action
from pbem.steps.computers import insert_computer
from pbem.steps.desk import Refusal
from pbem.storage.store import GameRow, Store
from spacechess.computer.player import (
    DEFAULT_LEVEL,
    LEVEL_TEXT,
    LEVELS,
    THINK_LIMIT,
    Computer,
    level_named,
)
from spacechess.engine.position import Position

LOG = logging.getLogger(__name__)

__all__ = ["chess_level", "computer_turn", "level_or_default", "seat_chess_computer", "seat_level"]


def chess_level(opponent: str, name: str) -> str:
    """`vs computer [random|greedy|search|deep]`: the level, `search` when none is said."""
    words = opponent.lower().split()
    if words[:1] != ["computer"] or len(words) > 2:
        raise Refusal(
            f"`vs` takes `computer`: `create {name} chess vs computer` (a game between two "
            f"people has no `vs`: `create {name} chess`, then each player `join {name}`)"
        )
    level = words[1] if len(words) == 2 else DEFAULT_LEVEL
    if level not in LEVELS:
        listed = "; ".join(f"{k}: {v}" for k, v in LEVEL_TEXT.items())
        raise Refusal(
            f"`{level}` is not a level of the Space Chess computer ({listed}); "
            f"e.g. `create {name} chess vs computer search`"
        )
    return level


def seat_chess_computer(
    store: Store, game: GameRow, seat: str, level: str, seed: str, now: datetime
) -> None:
    """The computer takes `seat`; Space Chess has no set-up to put in."""
    insert_computer(store, game, seat, level, seed, "", now)


def level_or_default(text: str | None) -> str:
    """The kind's `level_named`: the level said, `search` when none; LevelError (a ValueError)
    for a word that is no level."""
    return DEFAULT_LEVEL if text is None else level_named(text)


def seat_level(
    store: Store, game: GameRow, seat: str, level: str, now: datetime, seed: str | None = None
) -> None:
    """The kind's `seat_computer` (pbem.club.rematch): a seed drawn when none is given."""
    seat_chess_computer(store, game, seat, level, seed or secrets.token_hex(8), now)


def computer_turn(
    level: str, seed: str, position: Position, seen: dict[tuple[object, ...], int]
) -> tuple[Action, ...]:
    """The computer's actions for the turn of `position`; a fault of the computer passes its
    turn rather than stopping the human's game. Its work is the level's budget, so the seed
    decides its play; on a busy judge the clock cuts it short at THINK_LIMIT seconds, so the
    judge is never held longer by one turn."""
    try:
        return Computer(level, seed, clock=THINK_LIMIT).turn(position, seen)
    except Exception:
        LOG.exception("chess computer failed at turn %s", position.turn)
        return (Action(PASS),)
