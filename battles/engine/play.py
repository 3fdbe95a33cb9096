"""Replay a battle record: check every design, move, roll and crossed-out system, and fill in
what is not yet rolled (the referee's `roll`). Pure: the dice come from the record's seed or
from what the record writes."""

from __future__ import annotations

import re
from dataclasses import replace

from battles.engine.dice import DiceExhausted, SeededDice, WrittenDice, commitment
from battles.engine.fire_phases import FirePhases
from battles.engine.movement import draw_held
from battles.engine.problems import Problem
from battles.engine.replay import Replay
from battles.engine.setup import result_text, roll_initiative, start_state
from battles.engine.state import BattleState
from battles.engine.tables import DEFAULT_X_MODE, X_MODES
from battles.engine.turns import arrange_turn
from battles.engine.victory import judge_end, turn_limit_result
from battles.engine.written import (
    dice_of,
    pairs_text,
    rolled,
    settled,
)
from notation.battles.records import BattleRecord, Event, Initiative, Move, Volley

__all__ = ["Replay", "play_record", "result_text", "roll_initiative", "start_state"]


class _Player(FirePhases):
    """Walks the events in order, keeping the phase of the turn."""

    def __init__(self, record: BattleRecord, seed: str | None, open_turn: bool) -> None:
        self.record = record
        self.out = Replay()
        self.state, self.out.problems = start_state(record)
        self.state = judge_end(self.state)
        self.seeded = seed is not None
        self.dice: SeededDice | WrittenDice = SeededDice(seed) if seed else WrittenDice()
        self.phase = "between"  # movement, fire, tractor
        # Ships that moved, fired a volley, fired a tractor beam this turn, as (side, name):
        # the two sides may name ships alike (reading R17).
        self.moved: set[tuple[str, str]] = set()
        self.fired: set[tuple[str, str]] = set()
        self.tractored: set[tuple[str, str]] = set()
        self.last_volley_side: str | None = None
        self.done_sides: set[str] = set()
        # The state when the turn's fire began: an order valid then plays, and what volleys
        # before it crossed out stays silent (reading R14).
        self.armed: BattleState | None = None
        self.no_initiative: set[int] = set()
        limit = record.tag("TurnLimit")
        self.limit = int(limit) if limit and limit.isdigit() and int(limit) > 0 else None
        if limit is not None and self.limit is None:
            self.out.problems.append(
                Problem("R12", f"turn limit {limit!r}: a whole number of turns, 1 or more")
            )
        x_mode = record.tag("XWeapon") or DEFAULT_X_MODE
        if x_mode not in X_MODES:
            self.out.problems.append(
                Problem(
                    "R5",
                    f"XWeapon {x_mode!r}: X fires as one of {', '.join(X_MODES)}",
                    hint=f'write [XWeapon "{DEFAULT_X_MODE}"] or leave the tag out',
                )
            )
            x_mode = DEFAULT_X_MODE
        self.state = replace(self.state, x_mode=x_mode)
        self.out.start = self.state
        self.before = self.state
        self.open_turn = open_turn

    def emit(self, event: Event) -> None:
        """An event as played, after the state it started from."""
        self.out.events.append(event)
        self.out.befores.append(self.before)

    def problem(
        self,
        event: Event,
        rule: str,
        message: str,
        subject: str | None = None,
        hint: str | None = None,
    ) -> None:
        where = event.where
        side = getattr(event, "side", None)
        self.out.problems.append(
            Problem(
                rule,
                message,
                subject,
                hint,
                event.turn,
                side,
                where.line if where else None,
                where.column if where else None,
            )
        )

    def run(self) -> Replay:
        pending = list(self.record.events)
        while pending:
            event = pending.pop(0)
            if self.state.over and not settled(event):
                self.out.lapsed.append(f"{event}: the battle was over")
                continue
            if self.state.over:
                self.problem(
                    event,
                    "R12",
                    f"the battle was over ({result_text(self.state)}) before this line",
                )
                break
            self.one(event)
            if self.no_initiative:
                break
            self.out.states.append(self.state)
            if isinstance(event, Initiative) and self.seeded and self.state.initiative:
                # Orders written at once are put in the rules' alternating order (reading
                # R14); what is already rolled keeps its place.
                cut = next(
                    (i for i, e in enumerate(pending) if isinstance(e, Initiative)), len(pending)
                )
                done = [e for e in pending[:cut] if settled(e)]
                fresh = [e for e in pending[:cut] if not settled(e)]
                pending[:cut] = done + arrange_turn(fresh, self.state.initiative)
        if not self.open_turn:
            self.end_turn()
        self.out.state = self.state
        return self.out

    def one(self, event: Event) -> None:
        if not self.seeded:
            assert isinstance(self.dice, WrittenDice)
            self.dice.rolls.clear()
            self.dice.feed(dice_of(event))
        before = len(self.out.problems)
        self.before = self.state
        try:
            self.step(event)
        except DiceExhausted as exc:
            if rolled(event):
                self.problem(event, "R13", str(exc))
            else:
                self.problem(
                    event,
                    "R13",
                    "not rolled: no dice written and no seed to roll them",
                    hint="the judge rolls it (`spaceships battles roll`)",
                )
        if (
            isinstance(self.dice, WrittenDice)
            and self.dice.rolls
            and len(self.out.problems) == before
        ):
            self.problem(
                event, "R13", f"{len(self.dice.rolls)} more dice written than the rules roll here"
            )

    def end_turn(self) -> None:
        if self.limit is not None and self.state.turn >= self.limit and not self.state.over:
            self.state = turn_limit_result(self.state)

    def step(self, event: Event) -> None:
        if isinstance(event, Initiative):
            self.initiative(event)
            return
        if event.turn > self.state.turn:
            # A turn without its initiative line cannot be played (who moves first, the dice
            # after it), and every later line would be wrong only because of it: one message,
            # and the replay stops there.
            self.no_initiative.add(event.turn)
            self.problem(
                event,
                "II",
                f"turn {event.turn} has no initiative line",
                hint=f"each turn opens with its initiative: `{event.turn} initiative A 5 B 3`; "
                "the lines after it are checked once it is there",
            )
            return
        if event.turn != self.state.turn or self.phase == "between":
            self.problem(
                event,
                "II",
                f"this line belongs to turn {event.turn}, but turn "
                f"{self.state.turn} is being played",
                hint="each turn opens with its initiative line",
            )
            return
        if isinstance(event, Move):
            self.move(event)
        elif isinstance(event, Volley):
            self.volley(event)
        else:
            self.tractor(event)

    def initiative(self, event: Initiative) -> None:
        if event.turn != self.state.turn + 1:
            self.problem(
                event,
                "II",
                f"turn {event.turn} follows turn {self.state.turn}",
                hint=f"number it {self.state.turn + 1}",
            )
        self.end_turn()
        if self.state.over:
            self.problem(event, "R12", "the turn limit has been reached")
            return
        try:
            rolls: tuple[tuple[int, int], ...] | None = roll_initiative(self.dice)
        except DiceExhausted:
            # Not rolled yet: the turn is still played through, so the orders get checked.
            if event.rolls:
                self.problem(
                    event,
                    "R15",
                    "the last pair ties; initiative is rolled again",
                    hint="write the next pair: `A 4 B 4, A 6 B 2`",
                )
            else:
                self.problem(
                    event,
                    "R13",
                    "not rolled: no dice written and no seed to roll them",
                    hint="the judge rolls it (`spaceships battles roll`)",
                )
            rolls = None
        if rolls is None:
            self.state = replace(self.state, turn=self.state.turn + 1, initiative=None)
            self.begin_turn()
            self.emit(replace(event, turn=self.state.turn, rolls=()))
            return
        if event.rolls and rolls != event.rolls and self.seeded:
            self.problem(
                event,
                "R13",
                f"initiative rolled {pairs_text(rolls)} by the seed, "
                f"{pairs_text(event.rolls)} written",
            )
        winner = "A" if rolls[-1][0] > rolls[-1][1] else "B"
        self.state = replace(self.state, turn=self.state.turn + 1, initiative=winner)
        self.begin_turn()
        self.emit(replace(event, turn=self.state.turn, rolls=rolls))

    def begin_turn(self) -> None:
        self.state = draw_held(self.state)
        self.phase, self.moved, self.fired, self.tractored = "movement", set(), set(), set()
        self.last_volley_side, self.done_sides = None, set()
        self.armed = None


_ENDED = re.compile(r"(?:([AB]) wins|draw|no result) \((.+)\)")


def play_record(
    record: BattleRecord, seed: str | None = None, *, open_turn: bool | None = None
) -> Replay:
    """Replay a record. The seed is the record's `[DiceSeed]` unless given; with a seed every
    die must be the seed's and events without dice are rolled; without one, the written dice
    are taken and everything that follows from them checked.

    A record's last turn counts as played to its end (the `[TurnLimit]` applies after it)
    unless `open_turn`: the judge replaying a battle in play, or a record that ended outside
    the rules (its `[Result]` gives a reason, "B wins (A resigned)"; reading R12)."""
    problems: list[Problem] = []
    if open_turn is None:
        open_turn = (record.tag("Result") or "").endswith(")")
    commit = record.tag("Dice")
    seed = seed if seed is not None else record.tag("DiceSeed")
    if seed is not None and commit is not None and commitment(seed) != commit:
        problems.append(
            Problem(
                "R13",
                f"the seed does not match the dice commitment published at the start ({commit})",
                None,
                "the seed revealed must hash to the [Dice] tag",
            )
        )
    replay = _Player(record, seed, open_turn).run()
    replay.problems[:0] = problems
    if seed is not None and commit is not None and not problems:
        replay.dice = "checked against the seed"
    elif seed is not None:
        replay.dice = "rolled from the seed" if commit is None else "seed does not match"
    else:
        replay.dice = "as written (no seed revealed)"
    claimed = record.tag("Result")
    ended = _ENDED.fullmatch(claimed or "")
    if open_turn and ended and not replay.state.over:
        # Ended outside the rules: the record stops here and its result stands as written.
        replay.state = replace(replay.state, over=True, winner=ended.group(1), ended=claimed)
    if claimed is not None and replay.state.over and claimed != result_text(replay.state):
        replay.problems.append(
            Problem(
                "R12", f"result {claimed!r} written, {result_text(replay.state)!r} by the rules"
            )
        )
    return replay
