"""Movement: speed from working engines, moving ahead, turning after the turn mode [III], and
the pull of a tractor beam's hold [IV.D.4]."""

from __future__ import annotations

from dataclasses import replace

from battles.engine.problems import Problem
from battles.engine.state import BattleState, ShipState, other_side
from notation.battles.hexes import FACINGS, Hex, distance, turn
from notation.words import counted

__all__ = ["check_move", "draw_held", "move", "path"]


def check_move(state: BattleState, side: str, name: str, how: str) -> list[Problem]:
    """Every reason a ship may not make this move this turn (empty when it may)."""
    ship = state.ship(name, side)
    turn_no = state.turn
    if ship is None:
        if state.ship(name, other_side(side)) is not None:
            return [
                Problem(
                    "II.B.1",
                    f"{name} is player {other_side(side)}'s ship",
                    name,
                    None,
                    turn_no,
                    side,
                )
            ]
        return [
            Problem(
                "R17",
                f"no ship called {name}",
                name,
                "the ships are " + ", ".join(s.name for s in state.ships),
                turn_no,
                side,
            )
        ]
    if ship.destroyed:
        return [Problem("R12", f"{name} is destroyed and cannot move", name, None, turn_no, side)]
    hold = state.held(name, side)
    if how == "held":
        if hold is None:
            return [
                Problem(
                    "IV.D.4",
                    f"{name} is held by no tractor beam this turn",
                    name,
                    "write its moves, or `stay`",
                    turn_no,
                    side,
                )
            ]
        return []
    if hold is not None and how != "stay":
        return [
            Problem(
                "IV.D.4",
                f"{state.called(name, side)} holds {state.called(hold.target, other_side(side))}"
                " with a tractor beam and cannot move this turn"
                if (hold.holder, hold.side) == (name, side)
                else f"{state.called(name, side)} is held by "
                f"{state.called(hold.holder, hold.side)}'s tractor beam and cannot move this turn",
                name,
                "write `held`",
                turn_no,
                side,
            )
        ]
    if how == "stay":
        return []
    problems = []
    ahead = how.count("F")
    if ahead > ship.speed:
        problems.append(
            Problem(
                "III.A.1",
                f"{counted(ahead, 'hex', 'hexes')} ahead, but {name} has speed {ship.speed} "
                f"({counted(ship.working('I'), 'working engine')})",
                name,
                f"move at most {counted(ship.speed, 'hex', 'hexes')}",
                turn_no,
                side,
            )
        )
    straight = ship.straight
    for i, step in enumerate(how, start=1):
        if step == "F":
            straight += 1
        elif straight < ship.turn_mode:
            problems.append(
                Problem(
                    "III.B.2",
                    f"step {i} ({step}) turns after {counted(straight, 'hex', 'hexes')} "
                    f"straight; turn mode {ship.turn_mode} needs {ship.turn_mode}",
                    name,
                    f"move ahead {ship.turn_mode - straight} more first",
                    turn_no,
                    side,
                )
            )
            break
        else:
            straight = 0
    return problems


def path(ship: ShipState, how: str) -> tuple[Hex, str, int]:
    """Where a move ends: hex, facing and the count of hexes straight since the last turn."""
    place, facing, straight = ship.hex, ship.facing, ship.straight
    for step in how:
        if step == "F":
            place, straight = place.step(facing), straight + 1
        else:
            facing, straight = turn(facing, step), 0
    return place, facing, straight


def move(state: BattleState, side: str, name: str, how: str) -> BattleState:
    """The state after player `side`'s checked move (`stay` and `held` leave the ship where it
    is: a hold's pull is draw_held's)."""
    ship = state.ship(name, side)
    assert ship is not None
    if how in ("stay", "held"):
        return state
    place, facing, straight = path(ship, how)
    return state.with_ship(replace(ship, hex=place, facing=facing, straight=straight))


def _toward(start: Hex, goal: Hex) -> Hex:
    """The neighbour of `start` nearest `goal`; between two equally near, the first in the
    order N NE SE S SW NW (reading R11)."""
    return min(
        start.neighbours(), key=lambda h: (distance(h, goal), FACINGS.index(_facing(start, h)))
    )


def _facing(a: Hex, b: Hex) -> str:
    return next(f for f in FACINGS if a.step(f) == b)


def draw_held(state: BattleState) -> BattleState:
    """At the start of a turn's movement, each held ship is drawn one hex toward the ship that
    holds it, keeping its facing, unless they are already adjacent (reading R11)."""
    for hold in state.holds:
        if hold.turn != state.turn:
            continue
        holder = state.ship(hold.holder, hold.side)
        target = state.ship(hold.target, other_side(hold.side))
        if holder is None or target is None or holder.destroyed or target.destroyed:
            continue
        if distance(holder.hex, target.hex) <= 1:
            continue
        state = state.with_ship(replace(target, hex=_toward(target.hex, holder.hex)))
    return state
