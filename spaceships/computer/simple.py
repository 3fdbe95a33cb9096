"""The two plain levels: `random` (legal random orders of every kind) and `hunt` (the textbook
Battleship player: random cells on a checkerboard until a hit, then the cells around it)."""

from __future__ import annotations

import random

from notation.spaceships.cells import PartialCell
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from spaceships.computer.knowledge import Knowledge
from spaceships.computer.space import Space, bits, space
from spaceships.computer.tactics import classic_beam_lines
from spaceships.engine import PlayerView


def _launch(cell: object) -> MissileLaunch:
    return MissileLaunch(PartialCell(cell.colour, cell.letter, cell.number))  # type: ignore[attr-defined]


def _beam(
    view: PlayerView, sp: Space, cap: object, score: list[float], rng: random.Random
) -> tuple[Order, int] | None:
    """The beam line of the best score (ties at random) among those the ship may fire."""
    ships = {s.id: s for s in view.ships}
    ent = view.entitlements
    assert ent is not None
    options: list[tuple[float, int, Order]] = []
    if sp.classic:
        for mask, line in classic_beam_lines(view, sp, ships[cap.ship].cells):  # type: ignore[attr-defined]
            options.append((sum(score[i] for i in bits(mask)), mask, ClassicBeam(line)))
    else:
        several = len(ent.beam_ships) > 1
        for start, end, mask, d in sp.lines:
            if d in cap.beam_directions:  # type: ignore[attr-defined]
                beam = Beam(sp.cells[start], sp.cells[end], cap.ship if several else None)  # type: ignore[attr-defined]
                options.append((sum(score[i] for i in bits(mask)), mask, beam))
    if not options:
        return None
    rng.shuffle(options)
    best = max(options, key=lambda o: o[0])
    return best[2], best[1]


def random_orders(view: PlayerView, rng: random.Random) -> tuple[Order, ...]:
    """Every kind of order the view's entitlements allow, at random cells."""
    ent = view.entitlements
    if ent is None:
        return ()
    sp = space(view.colour_order, view.ruleset == "classic")
    orders: list[Order] = []
    launches = 0
    for cap in ent.missile_ships:
        if rng.random() < 0.7:
            orders.append(_launch(rng.choice(cap.unfired)))
            launches += 1
    for cap in ent.kamikaze_ships:
        if rng.random() < 0.3:
            undamaged = sorted(cap.undamaged, key=sp.index.__getitem__)
            orders.append(KamikazeLaunch(rng.choice(undamaged)))
            launches += 1
    cells = rng.sample(range(125), ent.conventional + launches)
    orders.extend(Strike(sp.cells[i]) for i in cells)
    for cap in ent.beam_ships:
        beam = _beam(view, sp, cap, [rng.random() for _ in range(125)], rng)
        if beam is not None:
            orders.append(beam[0])
    orders.extend(Scan(sp.cells[i]) for i in rng.sample(range(125), ent.scans))
    return tuple(orders)


def hunt_orders(view: PlayerView, k: Knowledge, rng: random.Random) -> tuple[Order, ...]:
    """Target mode around known ship cells of ships not yet destroyed, hunt mode elsewhere."""
    ent = view.entitlements
    if ent is None:
        return ()
    sp = k.space
    targets = k.targets
    found = k.ship & k.destroyed
    score = [0.0] * 125
    for i in bits(targets):
        x, y, z = sp.coords[i]
        score[i] = 0.1 if (x + y + z) % 2 == 0 else 0.0  # checkerboard: every ship of 2+ cells
        score[i] += rng.random() * 0.01
    for i in bits(found):
        for j in bits(sp.adjacent[i] & targets):
            score[j] += 1.0
            # In line with a second hit: the ship likely runs on.
            xi, xj = sp.coords[i], sp.coords[j]
            back = tuple(2 * a - b for a, b in zip(xi, xj, strict=True))
            if (
                all(0 <= v < 5 for v in back)
                and (found >> (back[0] * 25 + back[1] * 5 + back[2])) & 1
            ):
                score[j] += 1.0
    for i in bits(k.undamaged):
        score[i] = 10.0
    orders: list[Order] = []
    for cap in ent.missile_ships:
        orders.append(_launch(cap.unfired[0]))
    n = ent.conventional + len(ent.missile_ships)
    taken = 0
    for cap in ent.beam_ships:
        beam = _beam(view, sp, cap, score, rng)
        if beam is not None:
            orders.append(beam[0])
            taken |= beam[1]
    order = sorted((i for i in bits(targets & ~taken)), key=lambda i: -score[i])
    chosen = order[:n]
    if len(chosen) < len(ent.missile_ships):
        chosen += [i for i in range(125) if i not in chosen][: len(ent.missile_ships) - len(chosen)]
    orders.extend(Strike(sp.cells[i]) for i in chosen)
    rest = [i for i in order[n:] if score[i] > 0]
    orders.extend(Scan(sp.cells[i]) for i in rest[: ent.scans])
    return tuple(orders)
