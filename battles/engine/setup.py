"""Where a battle starts: the ships of a record at their places, their designs and the budget
checked; the initiative roll that opens each turn; how a battle's result is written."""

from __future__ import annotations

from dataclasses import replace

from battles.engine.design import check_design, check_fleet_cost
from battles.engine.dice import SeededDice, WrittenDice
from battles.engine.problems import Problem
from battles.engine.state import BattleState, ShipState
from notation.battles.records import BattleRecord

__all__ = ["result_text", "roll_initiative", "start_state"]


def result_text(state: BattleState) -> str:
    if not state.over:
        return "unfinished"
    if state.ended is not None:
        return state.ended
    return f"{state.winner} wins" if state.winner else "draw"


def start_state(record: BattleRecord) -> tuple[BattleState, list[Problem]]:
    """The ships at their starting places, and every problem of their designs and budget."""
    problems: list[Problem] = []
    # Names are unique per side; the two sides may use the same ones (reading R17).
    names: set[tuple[str, str]] = set()
    for entry in record.ships:
        line, col = (entry.where.line, entry.where.column) if entry.where else (None, None)
        if (entry.side, entry.name) in names:
            problems.append(
                Problem(
                    "R17",
                    f"player {entry.side} has two ships called {entry.name}",
                    entry.name,
                    "give each of your ships its own name",
                    side=entry.side,
                    line=line,
                    column=col,
                )
            )
        names.add((entry.side, entry.name))
        for p in check_design(entry.code, entry.name):
            problems.append(replace(p, side=entry.side, line=line, column=col))
    budget = record.tag("Budget")
    if budget is not None and not (budget.isdigit() and int(budget) > 0):
        problems.append(
            Problem(
                "R16",
                f"budget {budget!r}: a whole number of points, 1 or more",
                hint='write [Budget "300"], or leave the tag out for no budget',
            )
        )
    elif budget is not None:
        for side in "AB":
            codes = [s.code for s in record.ships if s.side == side]
            problems += check_fleet_cost(codes, int(budget), side)
    for side in "AB":
        if not any(s.side == side for s in record.ships):
            problems.append(Problem("R16", f"player {side} has no ships", side=side))
    ships = tuple(ShipState.start(s.name, s.side, s.code, s.hex, s.facing) for s in record.ships)
    return BattleState(ships), problems


def roll_initiative(dice: SeededDice | WrittenDice) -> tuple[tuple[int, int], ...]:
    """A's die then B's, again while they tie, every turn [II.A.1, reading R15]."""
    rolls = []
    while True:
        a, b = dice.roll(6), dice.roll(6)
        rolls.append((a, b))
        if a != b:
            return tuple(rolls)
