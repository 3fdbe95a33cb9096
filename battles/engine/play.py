"""Replay a battle record: check every design, move, roll and crossed-out system, and fill in
what is not yet rolled (the referee's `roll`). Pure: the dice come from the record's seed or
from what the record writes."""

from __future__ import annotations

import re
from dataclasses import replace

from battles.engine.combat import check_volley, firing, resolve_volley, why_none_bears
from battles.engine.dice import DiceExhausted, SeededDice, WrittenDice, commitment
from battles.engine.movement import check_move, draw_held, move
from battles.engine.problems import Problem
from battles.engine.replay import Replay
from battles.engine.setup import result_text, roll_initiative, start_state
from battles.engine.state import BattleState, other_side
from battles.engine.tables import DEFAULT_X_MODE, X_MODES
from battles.engine.tractors import check_tractor, resolve_tractor
from battles.engine.turns import arrange_turn
from battles.engine.victory import judge_end, turn_limit_result
from battles.engine.written import (
    dice_of,
    differences,
    fire_name,
    pairs_text,
    rolled,
    settled,
    weapons,
)
from notation.battles.records import BattleRecord, Event, Initiative, Move, Tractor, Volley

__all__ = ["Replay", "play_record", "result_text", "roll_initiative", "start_state"]


def own(done: set[tuple[str, str]], side: str) -> set[str]:
    """The names of player `side`'s ships among (side, name) pairs."""
    return {name for s, name in done if s == side}


class _Player:
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

    def arm(self) -> None:
        """The turn's fire begins (its first volley or tractor beam)."""
        if self.phase == "movement" or self.armed is None:
            self.armed = self.state

    def check_fire(self, order: Volley, side: str) -> list[Problem]:
        """What forbids a volley now; nothing when all that stands in its way is what earlier
        volleys of this phase crossed out (its weapons, DataLink or Multiplex Tracking), which
        stays silent: the orders were written before any die (reading R14)."""
        fired = own(self.fired, side)
        problems = check_volley(self.state, side, order, fired)
        if problems and self.armed is not None:
            if not check_volley(self.armed, side, order, fired):
                return []
        return problems

    def move(self, event: Move) -> None:
        if self.phase != "movement":
            self.problem(event, "II.B", "moves come before the volleys of the turn")
            return
        if (event.side, event.ship) in self.moved:
            self.problem(event, "III.A.1", f"{event.ship} has already moved this turn", event.ship)
            return
        problems = check_move(self.state, event.side, event.ship, event.how)
        for p in problems:
            self.problem(event, p.rule, p.message, p.subject, p.hint)
        if problems:
            return
        self.moved.add((event.side, event.ship))
        self.state = move(self.state, event.side, event.ship, event.how)
        ship = self.state.ship(event.ship, event.side)
        assert ship is not None
        if event.end and event.end != (ship.hex, ship.facing):
            self.problem(
                event,
                "III",
                f"{event.ship} ends at {ship.hex} {ship.facing}, not {event.end[0]} {event.end[1]}",
                event.ship,
            )
        self.emit(replace(event, end=(ship.hex, ship.facing)))

    def volley(self, event: Volley) -> None:
        if self.phase == "tractor":
            self.problem(event, "IV.D.1", "volleys come before the tractor beams")
            return
        self.arm()
        self.phase = "fire"
        self.alternation(event)
        order = replace(event, shots=None, losses=(), lapsed=False, silent=False)
        if event.shots is None and self.lapses(event):
            if event.silent:
                self.problem(
                    event,
                    "R14",
                    "written as silent, but its ship or target was destroyed before its turn",
                    hint="write `: lapsed`",
                )
            self.emit(replace(order, lapsed=True))
            return
        problems = self.check_fire(order, event.side)
        if event.lapsed or event.silent:
            # `: lapsed` for a volley that could not fire is how records before `silent` wrote
            # it: read, and written again as `silent`.
            word = "lapsed" if event.lapsed else "silent"
            if problems or firing(self.state, order):
                self.problem(event, "R14", f"written as {word}, but it can fire")
            else:
                self.fired.update((event.side, n) for n in event.shooters)
                self.emit(replace(order, silent=True))
            return
        for p in problems:
            self.problem(event, p.rule, p.message, p.subject, p.hint)
        if problems:
            if not self.seeded and isinstance(self.dice, WrittenDice):
                self.dice.rolls.clear()
            return
        self.fired.update((event.side, n) for n in event.shooters)
        fires = firing(self.state, order)
        if event.shots is not None and len(fires) != len(event.shots):
            named = ", ".join(fire_name(f, order) for f in fires) or "none"
            self.problem(
                event,
                "IV.A",
                f"{weapons(len(fires))} by the rules ({named}), {len(event.shots)} written",
                hint="every weapon that bears fires "
                "unless the volley names its weapons (reading R17)",
            )
            if isinstance(self.dice, WrittenDice):
                self.dice.rolls.clear()
            return
        self.state, done = resolve_volley(self.state, order, self.dice)
        if not done.shots:
            if event.shots is None:
                why = why_none_bears(self.state, order)
                self.out.lapsed.append(f"{event.turn} {event.side} {order.order_text()}: {why}")
                self.emit(replace(order, silent=True))
            else:
                self.problem(event, "IV.A.5", why_none_bears(self.state, order))
            return
        if event.shots is not None:
            self.compare(event, done)
        self.state = judge_end(self.state)
        self.emit(done)

    def alternation(self, event: Volley) -> None:
        """Initiative fires first; then the sides alternate until one has no more [II.C.1]."""
        side = event.side
        other = "B" if side == "A" else "A"
        expected_first = self.state.initiative
        if expected_first is None:
            return  # not rolled yet: the order of the volleys is the judge's to make
        if self.last_volley_side is None:
            if side != expected_first:
                self.done_sides.add(expected_first or other)
        elif side == self.last_volley_side:
            self.done_sides.add(other)
        if side in self.done_sides:
            self.problem(
                event,
                "II.C.1",
                f"player {side} fires after having let a volley pass",
                hint="volleys alternate, the player with initiative first",
            )
        self.last_volley_side = side

    def compare(self, written: Volley, done: Volley) -> None:
        for rule, message in differences(written, done, self.seeded):
            self.problem(written, rule, message)

    def lapses(self, event: Volley | Tractor) -> bool:
        """An order written before the volleys lapses when its ship or target is destroyed
        before its turn comes (reading R14)."""
        enemy = other_side(event.side)
        names = (
            ((event.ship, event.side), (event.target, enemy))
            if isinstance(event, Tractor)
            else (
                *((n, event.side) for n in event.shooters),
                *((t.name, enemy) for t in event.targets),
            )
        )
        gone = [
            n for n, side in names if (s := self.state.ship(n, side)) is not None and s.destroyed
        ]
        if not gone:
            return False
        what = (
            event.order_text()
            if isinstance(event, Volley)
            else f"tractor {event.ship} > {event.target}"
        )
        self.out.lapsed.append(f"{event.turn} {event.side} {what}: {', '.join(gone)} destroyed")
        return True

    def tractor(self, event: Tractor) -> None:
        self.arm()
        self.phase = "tractor"
        if event.result in (None, "lapsed") and self.lapses(event):
            self.emit(replace(event, range=None, die=None, result="lapsed"))
            return
        if event.result == "lapsed":
            self.problem(event, "R14", "written as lapsed, but both ships stand")
            return
        tractored = own(self.tractored, event.side)
        problems = check_tractor(self.state, event.side, event.ship, event.target, tractored)
        armed = self.armed or self.state
        if problems and not check_tractor(armed, event.side, event.ship, event.target, tractored):
            # Its beam was crossed out by a volley of this turn: it stays silent (R14).
            if event.result not in (None, "silent"):
                self.problem(
                    event,
                    "R14",
                    f"{event.ship}'s tractor beam was crossed out this turn",
                    hint=f"write `{replace(event, result='silent')}`",
                )
                return
            self.tractored.add((event.side, event.ship))
            self.emit(replace(event, range=None, die=None, result="silent"))
            return
        if event.result == "silent":
            self.problem(event, "R14", "written as silent, but its tractor beam can fire")
            return
        for p in problems:
            self.problem(event, p.rule, p.message, p.subject, p.hint)
        if problems:
            if isinstance(self.dice, WrittenDice):
                self.dice.rolls.clear()
            return
        self.tractored.add((event.side, event.ship))
        self.state, done = resolve_tractor(
            self.state, event.side, event.ship, event.target, self.dice
        )
        if event.result is not None and self.seeded and event.die != done.die:
            self.problem(event, "R13", f"`{event}` written; the seed rolled `{done}`")
        elif event.result is not None and (event.range, event.die, event.result) != (
            done.range,
            done.die,
            done.result,
        ):
            self.problem(event, "IV.D.2", f"`{event}` written, `{done}` by the rules")
        self.emit(done)


# A result with its reason: "A wins (B resigned)", "no result (cancelled by the game master)".
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
