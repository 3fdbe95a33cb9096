"""How many strikes an enemy ship gives its player a turn, and how many a hit on one of its
cells would take away [4.4.1, 6.2.4, 8.2.2]: the `expert` level weighs a strike by the enemy
strikes it is likely to silence as well as by the chance of a hit, since fewer enemy strikes
mean fewer own cells lost, and a player left with no strikes at all lets the game end [2.3.2]."""

from __future__ import annotations

from functools import lru_cache

from computer.space import bits, space

BEAM_STRIKES = 3  # a beam weapon firing strikes three cells [8.2.1]


@lru_cache(maxsize=1 << 16)
def pairs(colour_order: str, cells: int) -> int:
    """4.4.1: the most pairwise disjoint adjacent pairs among these cells."""
    if cells & (cells - 1) == 0:
        return 0
    adjacent = space(colour_order).adjacent
    first = cells & -cells
    rest = cells ^ first
    best = pairs(colour_order, rest)
    partners = adjacent[first.bit_length() - 1] & rest
    while partners:
        partner = partners & -partners
        best = max(best, 1 + pairs(colour_order, rest ^ partner))
        partners ^= partner
    return best


def strikes(colour_order: str, ship_type: str, undamaged: int) -> int:
    """The strikes a ship of this type with these undamaged cells gives a turn (2.6.1): a death
    star one conventional strike while afloat [6.2.4] and a beam while two undamaged cells lie
    loosely adjacent [8.2.2]; any other ship one per disjoint adjacent pair [4.4.1]."""
    if not undamaged:
        return 0
    if ship_type != "DS":
        return pairs(colour_order, undamaged)
    loose = space(colour_order).loose
    beam = any(loose[i] & undamaged for i in bits(undamaged))
    return 1 + (BEAM_STRIKES if beam else 0)


@lru_cache(maxsize=1 << 16)
def silenced(colour_order: str, ship_type: str, undamaged: int) -> tuple[tuple[int, int], ...]:
    """Per undamaged cell of the ship, the strikes a hit there takes away (only cells where
    some are)."""
    now = strikes(colour_order, ship_type, undamaged)
    out = []
    for i in bits(undamaged):
        lost = now - strikes(colour_order, ship_type, undamaged & ~(1 << i))
        if lost:
            out.append((i, lost))
    return tuple(out)
