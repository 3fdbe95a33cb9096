"""A whole game between two players that choose turns (computers, or anything with `turn`):
for the bench, the tests and the terminal's record."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from notation.spacechess.actions import PASS, Action
from notation.spacechess.pieces import SIDE_NAMES
from notation.spacechess.record import Comment, Record, Tag, Turn
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position

__all__ = ["RESULT_TAGS", "Chooser", "Played", "PlayedTurn", "play_game", "record_of", "written"]

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
class Played:
    """A game to its end or to its turn limit: the turns, the last position, and how it ended
    (position.result "T", "A", "draw", or None when it was stopped at `max_turns`)."""

    turns: tuple[PlayedTurn, ...]
    final: Position
    reason: str

    @property
    def result(self) -> str | None:
        return self.final.result


def play_game(players: Mapping[int, Chooser], max_turns: int | None = None) -> Played:
    """Plays from the start, each side's turns chosen by `players[side]`, every action checked
    by the rules (an illegal one raises spacechess.engine.rules.IllegalAction), a third repetition
    drawn [SC12] (spacechess.engine.game)."""
    game = Game()
    played: list[PlayedTurn] = []
    while game.position.result is None:
        position = game.position
        if max_turns is not None and position.turn > max_turns:
            return Played(tuple(played), position, f"stopped after turn {max_turns}")
        side, number = position.to_move, position.turn
        actions = players[side](position, game.seen)
        events: list[Event] = []
        for action in actions:
            if game.position.result is not None:
                break  # drawn mid-turn: the position after an action came up a third time
            if game.position.to_move != side:
                raise ValueError(f"turn {number}: {action} comes after the turn ended")
            events += game.play(action)
        if game.position.result is None and game.position.to_move == side:
            raise ValueError(f"turn {number}: the turn was left unfinished")
        played.append(PlayedTurn(number, side, tuple(actions), tuple(events)))
    last = next((e for e in reversed(played[-1].events) if e.what in ("won", "drawn")), None)
    return Played(tuple(played), game.position, last.why if last else "")


def written(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """A turn's actions as a record writes them: a pass after an action goes without saying
    (a line with fewer actions ends the turn)."""
    if len(actions) > 1 and actions[-1].verb == PASS:
        return actions[:-1]
    return actions


RESULT_TAGS = {"T": f"{SIDE_NAMES[0]} win", "A": f"{SIDE_NAMES[1]} win", "draw": "draw", None: "*"}


def record_of(
    turns: tuple[PlayedTurn, ...] | list[PlayedTurn],
    result: str | None,
    tags: tuple[tuple[str, str], ...],
    comment: str = "",
    note: str = "",
) -> Record:
    """The game as a record (notation.spacechess.record): the tags, every turn, and the Result tag;
    `comment` goes on the last turn's line (how that turn ended the game), `note` on a line of
    its own after the turns (how the game ended off the board)."""
    items: list[Tag | Turn | Comment] = [Tag(name, value) for name, value in tags]
    for k, t in enumerate(turns):
        last = k == len(turns) - 1
        items.append(Turn(t.turn, t.side, written(t.actions), comment if last else ""))
    if note:
        items.append(Comment(note))
    items.append(Tag("Result", RESULT_TAGS[result]))
    return Record(tuple(items))
