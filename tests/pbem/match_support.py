"""Helpers of the match tests: fleets with additional ships placed on free cells, and a scripted
game of a match in which A destroys B's fleet cell by cell while B strikes where told."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from pbem_support import FLEET_A, FLEET_B, cells_in

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet, ShipPlacement
from notation.spaceships.format import format_fleet
from notation.spaceships.parse import parse_fleet
from notation.spaceships.ships import ShipId
from spaceships.engine.shapes import placements

B_CELLS = [
    *"Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5".split(),
    *"Bv1 Bv2 Bv3 Bw1 Bw2 Bw3".split(),
    *"Gz1 Gz2 Gz3 Gz4 Yv5".split(),
    *"Yz3 Yz4 Yz5".split(),
]


def with_additional(base: str, types: Sequence[str], skip: int = 0) -> str:
    """The fleet `base` plus ships of `types` on free cells (the `skip`-th free placement of
    each, to move them about), every type's identities numbered together [11.6.1]."""
    fleet = parse_fleet(base)
    used = {c for s in fleet.ships for c in s.cells}
    # Keep clear of both standard fleets, so that A's strikes at B never touch them.
    used |= {Cell.parse(c) for c in cells_in(FLEET_A + FLEET_B)}
    ships = [(s.ship.type, s.cells) for s in fleet.ships]
    for t in types:
        free = [p for p in placements(t, "ROYGB") if not p & used]
        chosen = free[min(skip, len(free) - 1)]
        used |= chosen
        ships.append((t, tuple(sorted(chosen, key=lambda c: str(c)))))
    counts = Counter(t for t, _ in ships)
    seen: Counter[str] = Counter()
    placed = []
    for t, cells in ships:
        seen[t] += 1
        placed.append(ShipPlacement(ShipId(t, seen[t] if counts[t] > 1 else None), cells))
    return format_fleet(Fleet(tuple(placed)))


def strikes_allowed(text: str) -> int:
    may = re.search(r"you may use (\d+) conventional strikes?", text)
    assert may, text
    return int(may.group(1))


def greedy_types(carried: int) -> list[str]:
    """Additional ships costing `carried` [10.3], the dearest first."""
    types = []
    for t, cost in (("DS", 8), ("KC", 6), ("FS", 4), ("MD", 3), ("AG", 2), ("LG", 1)):
        while carried >= cost:
            types.append(t)
            carried -= cost
    return types


# B's orders in every game: turn 1 destroys A's kill cruiser and light scout (7 cells).
B_ORDERS = {1: "Gx1 Gx2 Gx3 Gy1 Gy2 Gy3 Oz5"}


def play_out(
    send_a: Callable[[int, str], str],
    send_b: Callable[[int, str], None],
    first_news: str,
    b_orders: dict[int, str] = B_ORDERS,
    cap: int | None = None,
) -> list[int]:
    """Turns until B's fleet is gone: A strikes B's cells in order, as many as A may (at most
    `cap`, so that A's orders need not depend on A's additional ships); B sends `b_orders`.
    `send_a(turn, orders)` returns the news A receives after the turn. Returns A's strike
    counts, turn by turn."""
    news, done, turn, counts = first_news, 0, 1, []
    while done < len(B_CELLS) and "over" not in news:
        count = strikes_allowed(news)
        counts.append(count)
        if cap is not None:
            count = min(count, cap)
        targets = B_CELLS[done : done + count]
        done += len(targets)
        send_b(turn, b_orders.get(turn, ""))
        news = send_a(turn, " ".join(targets))
        turn += 1
    return counts
