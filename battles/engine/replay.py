"""What replaying a battle record found (battles.engine.play makes it): the problems, the state at
the end and before each event, the events as played, and how the dice were checked."""

from __future__ import annotations

from dataclasses import dataclass, field

from battles.engine.problems import Problem
from battles.engine.setup import result_text
from battles.engine.state import BattleState
from notation.battles.records import BattleRecord, Event

__all__ = ["Replay"]


@dataclass(slots=True)
class Replay:
    """What replaying a record found: problems, the final state, the events as the rules make
    them (with every die), and how the dice were checked."""

    problems: list[Problem] = field(default_factory=list)
    state: BattleState = field(default_factory=lambda: BattleState(()))
    events: list[Event] = field(default_factory=list)
    dice: str = "as written"
    lapsed: list[str] = field(default_factory=list)
    states: list[BattleState] = field(default_factory=list)  # after each event, in order
    # The ships as set up, and the state just before each of `events` (a hold's pull at the
    # start of a turn comes after its initiative's "before"): what the report shows.
    start: BattleState = field(default_factory=lambda: BattleState(()))
    befores: list[BattleState] = field(default_factory=list)

    def record(self, original: BattleRecord, reveal: str | None = None) -> BattleRecord:
        """The record with every event as played (dice filled in), `Result` when over."""
        tags = [t for t in original.tags if t[0] not in ("Result", "DiceSeed")]
        if reveal is not None:
            tags.append(("DiceSeed", reveal))
        if self.state.over:
            tags.append(("Result", result_text(self.state)))
        return BattleRecord(tuple(tags), original.ships, tuple(self.events))
