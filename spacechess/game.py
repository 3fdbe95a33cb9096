"""A game in progress: the positions so far, so that a third repetition draws [SC12]."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from spacechess.actions import Action
from spacechess.events import Event
from spacechess.position import Position, start
from spacechess.rules import play

__all__ = ["Game"]


class Game:
    """The rules' pure function plus the game's memory: `play` adds the repetition draw."""

    def __init__(self, position: Position | None = None) -> None:
        self.position = position or start()
        self.seen: Counter[tuple[object, ...]] = Counter([self.position.key()])
        self.actions: list[Action] = []

    def play(self, action: Action) -> list[Event]:
        """Take `action` (IllegalAction if not allowed); the events, a repetition draw included."""
        after, events = play(self.position, action)
        self.actions.append(action)
        self.seen[after.key()] += 1
        if after.result is None and self.seen[after.key()] >= 3:
            events.append(Event("drawn", why="the same position a third time [SC12]"))
            after = replace(after, result="draw")
        self.position = after
        return events
