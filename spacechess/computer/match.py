"""A whole game between two players that choose turns (computers, or anything with `turn`):
for the bench, the tests and the terminal's record."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from spacechess.actions import Action
from spacechess.events import Event
from spacechess.position import Position, start
from spacechess.rules import play

__all__ = ["Chooser", "Game", "PlayedTurn", "play_game", "repeated"]

# The side to act's position and how often each position has come up -> its turn's actions.
Chooser = Callable[[Position, Mapping[tuple[object, ...], int]], tuple[Action, ...]]


@dataclass(frozen=True)
class PlayedTurn:
    """One turn as played: its number, the side, its actions and every event, the battle
    stage's included."""

    turn: int
    side: int
    actions: tuple[Action, ...]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Game:
    """A game to its end or to its turn limit: the turns, the last position, and how it ended
    ("T", "A", "draw", or None when it was stopped at the limit)."""

    turns: tuple[PlayedTurn, ...]
    final: Position
    result: str | None
    reason: str


def repeated(seen: Tally[tuple[object, ...]], position: Position) -> bool:
    """Counts the position; True when it has come up for the third time [SC12]."""
    seen[position.key()] += 1
    return seen[position.key()] >= 3


def play_game(players: dict[int, Chooser], max_turns: int | None = None) -> Game:
    """Plays from the start, each side's turns chosen by `players[side]`, every action checked
    by the rules (an illegal one raises spacechess.rules.IllegalAction)."""
    position = start()
    played: list[PlayedTurn] = []
    seen: Tally[tuple[object, ...]] = Tally()
    repeated(seen, position)
    while position.result is None:
        if max_turns is not None and position.turn > max_turns:
            return Game(tuple(played), position, None, f"stopped after turn {max_turns}")
        side, number = position.to_move, position.turn
        actions = players[side](position, seen)
        events: list[Event] = []
        for action in actions:
            if position.result is not None or position.to_move != side:
                raise ValueError(f"turn {number}: {action} comes after the turn ended")
            position, happened = play(position, action)
            events += happened
        if position.result is None and position.to_move == side:
            raise ValueError(f"turn {number}: the turn was left unfinished")
        played.append(PlayedTurn(number, side, tuple(actions), tuple(events)))
        if position.result is None and repeated(seen, position):
            return Game(tuple(played), position, "draw", "the same position a third time [SC12]")
    last = next((e for e in reversed(played[-1].events) if e.what in ("won", "drawn")), None)
    return Game(tuple(played), position, position.result, last.why if last else "")
