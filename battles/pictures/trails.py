"""Where ships came from in a movement phase, for the map's trails: each moved ship's hexes
from where it stood when the phase began to where it stands now, step by step as its move
was written (a hold's pull, or a move that does not read so, as one step)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from battles.engine.movement import path
from battles.engine.state import ShipState
from notation.battles.hexes import Hex
from notation.battles.records import Move

__all__ = ["ShipKey", "movement_trails"]

ShipKey = tuple[str, str]  # a ship's side and name


def movement_trails(
    before: Sequence[ShipState], moves: Iterable[Move], after: Sequence[ShipState]
) -> dict[ShipKey, tuple[Hex, ...]]:
    """Per ship that changed hex, by side and name (two sides may share a name, R17): the hexes
    it passed, first to last (`before`: the ships as the phase began; `moves`: the phase's
    moves; `after`: the ships as it ended)."""
    start = {(s.side, s.name): s for s in before}
    end = {(s.side, s.name): s for s in after}
    how = {(m.side, m.ship): m.how for m in moves}
    trails: dict[ShipKey, tuple[Hex, ...]] = {}
    for name, ship in end.items():
        first = start.get(name)
        if first is None or first.hex == ship.hex or ship.destroyed:
            continue
        steps = how.get(name, "stay")
        hexes = [first.hex]
        if steps not in ("stay", "held"):
            hexes += [path(first, steps[:k])[0] for k in range(1, len(steps) + 1)]
        if hexes[-1] != ship.hex:  # pulled by a tractor, or written otherwise: one step
            hexes = [first.hex, ship.hex]
        trails[name] = tuple(h for k, h in enumerate(hexes) if k == 0 or h != hexes[k - 1])
    return trails
