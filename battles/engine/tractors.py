"""Tractor beams: fired after every volley, the throw, Shear Plane, and the hold [IV.D]."""

from __future__ import annotations

from dataclasses import replace

from battles.engine.combat import Dice
from battles.engine.problems import Problem
from battles.engine.state import BattleState, Hold, other_side
from notation.battles.hexes import arc_of, distance
from notation.battles.records import Tractor

__all__ = ["TRACTOR_RANGE", "beam", "check_tractor", "resolve_tractor", "tractor_hits"]

TRACTOR_RANGE = 5  # [IV.D.2]


def tractor_hits(die: int, turn_mode: int, rng: int, speed: int) -> bool:
    """The throw, plus the target's turn mode, less the range, must exceed the target's speed
    (reading R10)."""
    return die + turn_mode - rng > speed


def beam(
    state: BattleState, side: str, ship_name: str, target_name: str
) -> tuple[int | None, str | None]:
    """The tractor beam (its place in the code) of player `side`'s ship that fires at the
    other player's target, or why none can."""
    ship, target = state.ship(ship_name, side), state.ship(target_name, other_side(side))
    assert ship is not None and target is not None
    arc = arc_of(ship.hex, ship.facing, target.hex)
    reasons = []
    for i, s in enumerate(ship.code.systems):
        if s.code != "R" or ship.crossed[i]:
            continue
        if arc is None or arc == s.arc:
            return i, None
        reasons.append(f"{target_name} is not in the arc of {s} [IV.A.5]")
    return None, reasons[0] if reasons else f"{ship_name} has no working Tractor Beam (R)"


def check_tractor(
    state: BattleState, side: str, ship_name: str, target_name: str, fired: set[str]
) -> list[Problem]:
    """Whether a ship may fire its tractor beam at a target now."""
    subject = f"{ship_name} > {target_name}"
    ship, target = state.ship(ship_name, side), state.ship(target_name, other_side(side))

    def problem(rule: str, message: str, hint: str | None = None) -> list[Problem]:
        return [Problem(rule, message, subject, hint, state.turn, side)]

    if ship is None:
        return problem("IV.D.1", f"player {side} has no ship called {ship_name}")
    if target is None:
        return problem("IV.D.1", f"{target_name} is not an enemy ship")
    if ship.destroyed or target.destroyed:
        return problem("R12", "a destroyed ship neither fires nor is held")
    if ship_name in fired:
        return problem("IV.D.6", f"{ship_name} has already fired its tractor beam this turn")
    _index, why = beam(state, side, ship_name, target_name)
    if why:
        return problem("IV.D.1", why)
    rng = distance(ship.hex, target.hex)
    if rng > TRACTOR_RANGE:
        return problem("IV.D.2", f"range {rng}; a tractor beam reaches {TRACTOR_RANGE}")
    return []


def resolve_tractor(
    state: BattleState, side: str, ship_name: str, target_name: str, dice: Dice
) -> tuple[BattleState, Tractor]:
    """Throw a (checked) tractor beam; a hit holds the target through the next turn."""
    ship, target = state.ship(ship_name, side), state.ship(target_name, other_side(side))
    assert ship is not None and target is not None
    rng = distance(ship.hex, target.hex)
    line = Tractor(state.turn, side, ship_name, target_name, rng)
    if target.working("H"):
        return state, replace(line, result="shear")  # [IV.D.3]
    die = dice.roll(6)
    hit = tractor_hits(die, target.turn_mode, rng, target.speed)
    if hit:
        state = replace(
            state, holds=state.holds + (Hold(ship_name, target_name, state.turn + 1, side),)
        )
    return state, replace(line, die=die, result="hit" if hit else "miss")
