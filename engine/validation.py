"""Checking a record turn by turn [2, 3, 4, 8, 11.5]: every problem, not just the first.

A refused order list is skipped (that player does nothing that turn) so that later turns can
still be checked; the report says so. The record checker extends this with claimed results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.adjudicate import adjudicate
from engine.game import after_end, start_record, turn_orders
from engine.orders import check_orders
from engine.problems import FleetRefused, OrdersRefused, Problem, RulesetError
from engine.state import PLAYERS, GameState
from notation.records import Record


@dataclass
class Validation:
    """What validating a record found: every problem, and notes on how checking went on."""

    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    state: GameState | None = None  # the state after the last turn checked

    @property
    def ok(self) -> bool:
        return not self.problems


def validate_record(record: Record) -> Validation:
    out = Validation()
    try:
        _, state = start_record(record)
    except RulesetError as exc:
        out.problems.append(Problem("rulings", str(exc), subject=exc.text))
        return out
    except FleetRefused as exc:
        out.problems.extend(exc.problems)
        out.notes.append("turns not checked: a fleet is refused")
        return out
    while state.turn <= record.last_turn:
        if state.over:
            out.problems.extend(after_end(record, state))
            break
        checked = {}
        for p in PLAYERS:
            try:
                checked[p] = turn_orders(record, state, p)
            except OrdersRefused as exc:
                out.problems.extend(exc.problems)
                out.notes.append(
                    f"turn {state.turn}, player {p}: orders refused; checking goes on as if "
                    f"{p} did nothing in turn {state.turn}"
                )
                checked[p] = check_orders(state, p, ())
        state, _ = adjudicate(state, checked["A"], checked["B"])
    out.state = state
    return out
