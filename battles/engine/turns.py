"""The order of a turn when each player writes all their moves, or all their volleys, at once
(reading R14): the rules' alternation rebuilt from two lists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from notation.battles.records import Event, Move, Tractor, Volley

__all__ = ["alternate", "arrange_turn"]

T = TypeVar("T")


def alternate(first: Sequence[T], second: Sequence[T]) -> list[T]:
    """first[0], second[0], first[1], ...; when one list ends the other goes on alone."""
    out: list[T] = []
    for i in range(max(len(first), len(second))):
        out += first[i : i + 1]
        out += second[i : i + 1]
    return out


def arrange_turn(events: Sequence[Event], initiative: str) -> list[Event]:
    """A turn's moves, then volleys, then tractor beams, each alternating between the players:
    moves with the player without initiative first [II.B.1], volleys and tractor beams with the
    player with initiative first [II.C.1, IV.D.1]. Each player's own order is kept."""
    other = "B" if initiative == "A" else "A"

    def of(kind: type, side: str) -> list[Event]:
        return [e for e in events if isinstance(e, kind) and e.side == side]

    return (
        alternate(of(Move, other), of(Move, initiative))
        + alternate(of(Volley, initiative), of(Volley, other))
        + alternate(of(Tractor, initiative), of(Tractor, other))
    )
