"""A game in progress: the positions so far, so that a third repetition draws [SC12]."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from notation.spacechess.actions import Action
from spacechess.engine.events import Event
from spacechess.engine.position import Position, start
from spacechess.engine.rules import act, battle_stage, why_illegal

__all__ = ["Game"]


class Game:
    """The rules' pure function plus the game's memory: `play` adds the repetition draw."""

    def __init__(self, position: Position | None = None) -> None:
        self.position = position or start()
        self.seen: Counter[tuple[object, ...]] = Counter([self.position.key()])
        self.actions: list[Action] = []

    def play(self, action: Action) -> list[Event]:
        """Take `action` (IllegalAction if not allowed); the events, a repetition draw included."""
        return [e for _, events, _ in self.play_steps(action) for e in events]

    def play_steps(self, action: Action) -> list[tuple[str, list[Event], Position]]:
        """Take `action` and say what happened in stages: ("action", its events, the position
        after it), then, when the turn ends, ("battle", the battle stage's events, the position
        after it, which is the other side's)."""
        problem = why_illegal(self.position, action)
        if problem is not None:
            raise problem
        after, events = act(self.position, action)
        self.actions.append(action)
        steps = [("action", events, after)]
        if not after.actions_left and after.result is None:
            after, fought = battle_stage(after)
            steps.append(("battle", fought, after))
        self.seen[after.key()] += 1
        if after.result is None and self.seen[after.key()] >= 3:
            steps[-1][1].append(Event("drawn", why="the same position a third time [SC12]"))
            after = replace(after, result="draw")
            steps[-1] = (steps[-1][0], steps[-1][1], after)
        self.position = after
        return steps
