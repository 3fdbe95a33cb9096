"""The Space Chess computer player: its levels, and the turn it plays in a position.

`random` plays any legal action; `greedy` the turn that is best right after its battle stage;
`search` (the default) weighs its turns against every reply of the opponent, and `deep` looks a
turn further at the most dangerous ones (spacechess.computer.deepening). A search spends a
budget of work (the level's, or `think` seconds' worth), and with `clock` stops when that many
seconds have passed on the clock too, whichever comes first: without the clock, the same
level, seed and position give the same turn on any machine. Every action comes from the rules'
legal_actions, so the computer never plays an illegal one.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from notation.spacechess.actions import Action
from spacechess.computer.deepening import Plan, deepened_turn
from spacechess.computer.search import Seen, greedy_turn
from spacechess.engine.position import Position
from spacechess.engine.rules import apply, legal_actions

__all__ = [
    "BUDGETS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_TEXT",
    "Computer",
    "LevelError",
    "PLANS",
    "RATE",
    "THINK_LIMIT",
    "level_named",
]

LEVELS = ("random", "greedy", "search", "deep")
DEFAULT_LEVEL = "search"
LEVEL_TEXT = {
    "random": "any legal action, at random",
    "greedy": "the turn that is best right after its battle stage, never looking further",
    "search": "weighs each turn against all your replies, and plays on for a win when ahead",
    "deep": "the strongest: also its answer to your most dangerous replies (about 1.5 s a turn)",
}
# How each searching level looks ahead (spacechess.computer.deepening.Plan) and its work per
# turn in units (spacechess.computer.turns.Counter), as measured by bench/space_chess.py:
# about 0.35 s and 1.5 s of a quiet machine's processor, `deep` within 2 s at worst.
PLANS = {"search": Plan(2, {}, None), "deep": Plan(3, {3: 10}, 10)}
BUDGETS = {"search": 130_000, "deep": 400_000}
RATE = 270_000  # units of work a second on a quiet machine: `think` seconds' budget
THINK_LIMIT = 2.0  # seconds on the clock a turn may take at most where a player waits for it


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
    """A computer player of a level; `seed` decides between equal choices. `budget`: units of
    work a turn instead of the level's (a searching level); `think`: as many seconds' worth of
    work on a quiet machine; `clock`: seconds after which
    a turn's search stops on the clock, as a player waiting for it counts them, whatever work
    is left (None: never; the same seed then plays the same on any machine)."""

    level: str = DEFAULT_LEVEL
    seed: str = "0"
    budget: int | None = None
    think: float | None = None
    clock: float | None = None

    def __post_init__(self) -> None:
        level_named(self.level)
        if self.think is not None and not self.think > 0:
            raise ValueError(f"the computer's thinking time must be above 0 s, not {self.think}")

    @property
    def work(self) -> int:
        """The units of work a turn of this level may spend (0 for those that do not search)."""
        if self.level not in PLANS:
            return 0
        if self.budget is not None:
            return self.budget
        return BUDGETS[self.level] if self.think is None else max(1, int(self.think * RATE))

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
        deadline = None if self.clock is None else time.monotonic() + self.clock
        plan = PLANS[self.level]
        return deepened_turn(position, rng, seen, plan, self.work, deadline).turn.actions


def _random_turn(position: Position, rng: random.Random) -> tuple[Action, ...]:
    side = position.to_move
    actions: list[Action] = []
    while position.result is None and position.to_move == side:
        action = rng.choice(legal_actions(position))
        actions.append(action)
        position = apply(position, action)[0]
    return tuple(actions)
