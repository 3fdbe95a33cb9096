"""The Space Chess computer player: its levels, and the turn it plays in a position.

`random` plays any legal action; `greedy` the turn that is best right after its battle stage;
`search` (the default) weighs its turns against the opponent's forcing replies
(spacechess.computer.search). Every action comes from the rules' legal_actions, so the computer
never plays an illegal one; the same level, seed and position give the same turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from notation.spacechess.actions import Action
from spacechess.computer.search import Seen, greedy_turn, searched_turn
from spacechess.engine.position import Position
from spacechess.engine.rules import apply, legal_actions

__all__ = [
    "BUDGET",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_TEXT",
    "Computer",
    "LevelError",
    "level_named",
]

LEVELS = ("random", "greedy", "search")
DEFAULT_LEVEL = "search"
LEVEL_TEXT = {
    "random": "any legal action, at random",
    "greedy": "the turn that is best right after its battle stage, never looking further",
    "search": "weighs each turn against your most dangerous replies",
}
BUDGET = 50_000  # work on replies in a turn (spacechess.computer.turns.Counter): about 0.7 s


class LevelError(ValueError):
    """A level that does not exist, with the ones that do."""

    def __init__(self, text: str) -> None:
        super().__init__(f"there is no level {text!r}; the levels are {', '.join(LEVELS)}")
        self.text = text


def level_named(text: str) -> str:
    level = text.strip().lower()
    if level not in LEVELS:
        raise LevelError(text)
    return level


@dataclass(frozen=True)
class Computer:
    """A computer player of a level; `seed` decides between equal choices."""

    level: str = DEFAULT_LEVEL
    seed: str = "0"
    budget: int = BUDGET

    def __post_init__(self) -> None:
        level_named(self.level)

    def turn(self, position: Position, seen: Seen | None = None) -> tuple[Action, ...]:
        """The actions of the side to act for the rest of its turn (one or two). `seen` counts
        the positions the game has had (by Position.key), to steer clear of repeating [SC12]."""
        seen = seen if seen is not None else {}
        if position.result is not None:
            raise ValueError("the game is over: there is no turn to play")
        rng = random.Random(f"{self.seed}/{position.turn}/{position.actions_left}")
        if self.level == "random":
            return _random_turn(position, rng)
        if self.level == "greedy":
            return greedy_turn(position, rng, seen).actions
        return searched_turn(position, rng, self.budget, seen).actions


def _random_turn(position: Position, rng: random.Random) -> tuple[Action, ...]:
    side = position.to_move
    actions: list[Action] = []
    while position.result is None and position.to_move == side:
        action = rng.choice(legal_actions(position))
        actions.append(action)
        position = apply(position, action)[0]
    return tuple(actions)
