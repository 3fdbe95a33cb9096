"""Notes on accepted orders: what is legal but is nearly always a slip, said to the player."""

from __future__ import annotations

from notation.spaceships.orders import Order, Strike


def struck_twice_notes(orders: tuple[Order, ...]) -> list[str]:
    """A note for each cell the orders strike more than once: legal [4.4.2], but nearly always
    a slip, since the second strike can at best be a duplicate hit [5.2.4]."""
    targets = [o.target for o in orders if isinstance(o, Strike)]
    twice = sorted({t for t in targets if targets.count(t) > 1}, key=targets.index)
    return [
        f"Note: {cell} is struck twice this turn; the second strike can at best be a duplicate "
        "hit [5.2.4]."
        if targets.count(cell) == 2
        else f"Note: {cell} is struck {targets.count(cell)} times this turn; all but the first "
        "can at best be duplicate hits [5.2.4]."
        for cell in twice
    ]
