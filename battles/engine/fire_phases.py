"""A battle record's fire and tractor phases as the replay walks them (battles.engine.play):
each volley and tractor beam checked against the state when the turn's fire began [R14],
the alternation of the sides [IV.A], a written roll compared with the one made, and an order
that lapses because its ship or target is gone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from battles.engine.combat import check_volley, firing, resolve_volley, why_none_bears
from battles.engine.dice import SeededDice, WrittenDice
from battles.engine.movement import check_move, move
from battles.engine.problems import Problem
from battles.engine.replay import Replay
from battles.engine.state import BattleState, other_side
from battles.engine.tractors import check_tractor, resolve_tractor
from battles.engine.victory import judge_end
from battles.engine.written import (
    differences,
    fire_name,
    weapons,
)
from notation.battles.records import BattleRecord, Event, Move, Tractor, Volley


def own(done: set[tuple[str, str]], side: str) -> set[str]:
    """The names of player `side`'s ships among (side, name) pairs."""
    return {name for s, name in done if s == side}


class FirePhases:
    """The fire-phase half of the replay's player (battles.engine.play), which sets up the
    state, dice, phase and the per-turn sets these methods read and write."""

    record: BattleRecord
    out: Replay
    state: BattleState
    dice: SeededDice | WrittenDice
    seeded: bool
    phase: str
    moved: set[tuple[str, str]]
    fired: set[tuple[str, str]]
    tractored: set[tuple[str, str]]
    last_volley_side: str | None
    done_sides: set[str]
    armed: BattleState | None
    before: BattleState

    problem: Callable[..., None]  # the player's: a problem of an event, with its rule
    emit: Callable[[Event], None]  # the player's: an event as played

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
