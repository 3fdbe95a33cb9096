"""When a battle ends and who won (reading R12)."""

from __future__ import annotations

from dataclasses import replace

from battles.engine.design import figures
from battles.engine.state import BattleState

__all__ = ["destroyed_cost", "judge_end", "turn_limit_result"]

_DAMAGING = "GMXFLEP"  # weapons that do damage; a tractor beam does none


def judge_end(state: BattleState) -> BattleState:
    """Over when a side has no ship left (the other wins) or when no standing ship has a
    working weapon that does damage (a draw)."""
    if state.over:
        return state
    a, b = state.standing("A"), state.standing("B")
    if not a or not b:
        return replace(state, over=True, winner="A" if a else "B" if b else None)
    armed = any(s.working(w) for s in a + b for w in _DAMAGING)
    if not armed:
        return replace(state, over=True, winner=None)
    return state


def destroyed_cost(state: BattleState, side: str) -> int:
    """The tables' cost of a side's ships destroyed so far."""
    return sum(figures(s.code).cost for s in state.ships if s.side == side and s.destroyed)


def turn_limit_result(state: BattleState) -> BattleState:
    """At the turn limit, the side that destroyed more cost wins; equal is a draw."""
    if state.over:
        return state
    lost_a, lost_b = destroyed_cost(state, "A"), destroyed_cost(state, "B")
    winner = "A" if lost_b > lost_a else "B" if lost_a > lost_b else None
    return replace(state, over=True, winner=winner)
